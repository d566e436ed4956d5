// The compute pool of the server alone: each job answered exactly once, busy when no slot frees
// in time, "server stopping" for the jobs not started when it stops.
#include "server/compute_pool.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <vector>

using namespace grundy;
using namespace std::chrono_literals;

namespace {

// The answers of the jobs, by job number, as the pool hands them over.
class Answers {
 public:
  server::ComputePool::Done slot(int job) {
    return [this, job](server::ApiResponse a) {
      const std::lock_guard<std::mutex> lock(mutex_);
      got_.push_back({job, std::move(a)});
      changed_.notify_all();
    };
  }
  // Waits (a safety bound) until `n` answers have come.
  bool wait_for(std::size_t n) {
    std::unique_lock<std::mutex> lock(mutex_);
    return changed_.wait_for(lock, 60s, [&] { return got_.size() >= n; });
  }
  std::vector<std::pair<int, server::ApiResponse>> all() {
    const std::lock_guard<std::mutex> lock(mutex_);
    return got_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::pair<int, server::ApiResponse>> got_;
};

server::ApiResponse ok(const std::string& body) {
  server::ApiResponse a;
  a.body = body;
  return a;
}

}  // namespace

TEST(ComputePool, RunsEveryJobAndAnswersItOnce) {
  server::ComputeSlots slots(2);
  Answers answers;
  {
    server::ComputePool pool(slots, 2, 10s);
    for (int i = 0; i < 50; ++i) ASSERT_TRUE(pool.submit([i] { return ok(std::to_string(i)); }, answers.slot(i)));
    ASSERT_TRUE(answers.wait_for(50));
  }
  std::vector<int> seen(50, 0);
  for (const auto& [job, a] : answers.all()) {
    EXPECT_EQ(a.status, 200);
    EXPECT_EQ(a.body, std::to_string(job));
    ++seen[static_cast<std::size_t>(job)];
  }
  for (int n : seen) EXPECT_EQ(n, 1);
  EXPECT_EQ(slots.free_slots(), 2);
}

TEST(ComputePool, BusyWhenNoSlotFreesInTime) {
  server::ComputeSlots slots(1);
  Answers answers;
  server::ComputePool pool(slots, 1, 50ms);
  {
    const auto held = slots.acquire(0ms);
    ASSERT_TRUE(held);
    std::atomic<bool> ran{false};
    ASSERT_TRUE(pool.submit(
        [&ran] {
          ran = true;
          return ok("x");
        },
        answers.slot(0)));
    ASSERT_TRUE(answers.wait_for(1));
    EXPECT_FALSE(ran.load());
  }
  const auto got = answers.all();
  EXPECT_EQ(got[0].second.status, 503);
  EXPECT_NE(got[0].second.body.find("server busy; try again"), std::string::npos);
  // The slot back: the next job runs.
  ASSERT_TRUE(pool.submit([] { return ok("y"); }, answers.slot(1)));
  ASSERT_TRUE(answers.wait_for(2));
  EXPECT_EQ(answers.all()[1].second.body, "y");
}

TEST(ComputePool, StopAnswersTheJobsNotStarted) {
  server::ComputeSlots slots(1);
  Answers answers;
  server::ComputePool pool(slots, 1, 60s);
  const auto held = slots.acquire(0ms);  // nothing can start
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(pool.submit([] { return ok("ran"); }, answers.slot(i)));
  pool.stop();  // does not wait the 60 s
  ASSERT_TRUE(answers.wait_for(3));
  for (const auto& [job, a] : answers.all()) {
    EXPECT_EQ(a.status, 503) << job;
    EXPECT_NE(a.body.find("server stopping"), std::string::npos) << a.body;
  }
  EXPECT_FALSE(pool.submit([] { return ok("late"); }, answers.slot(9)));
  pool.stop();  // twice is fine
}
