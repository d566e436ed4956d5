#include "dist/job_queue.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include "runtime/errors.hpp"
#include "runtime/progress.hpp"

using namespace grundy;

// In a world of one the queue runs its jobs here, in turn. tests/mpi/mpi_test.cpp runs it on
// ranks (verify), where each job computes in a world of one.
TEST(JobQueue, DeliversEveryResultInJobOrder) {
  std::vector<std::uint64_t> ran, delivered;
  dist::run_jobs(
      runtime::World{}, 5,
      [&](std::uint64_t i) {
        ran.push_back(i);
        return "job " + std::to_string(i * i);
      },
      [&](std::uint64_t i, const dist::JobResult& r) {
        EXPECT_TRUE(r.ok);
        EXPECT_EQ(r.text, "job " + std::to_string(i * i));
        delivered.push_back(i);
      });
  EXPECT_EQ(ran, (std::vector<std::uint64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(delivered, ran);
  dist::run_jobs(
      runtime::World{}, 0, [](std::uint64_t) { return std::string(); },
      [](std::uint64_t, const dist::JobResult&) { ADD_FAILURE() << "no job, no result"; });
}

TEST(JobQueue, AFailedJobIsItsResultAndTheQueueGoesOn) {
  std::vector<dist::JobResult> results;
  dist::run_jobs(
      runtime::World{}, 4,
      [](std::uint64_t i) -> std::string {
        if (i == 1) throw runtime::UserError("job 1: bad parameter");
        if (i == 2) throw std::bad_alloc();
        return "fine";
      },
      [&](std::uint64_t, const dist::JobResult& r) { results.push_back(r); });
  ASSERT_EQ(results.size(), 4u);
  EXPECT_TRUE(results[0].ok);
  EXPECT_FALSE(results[1].ok);
  EXPECT_EQ(results[1].text, "job 1: bad parameter");
  EXPECT_FALSE(results[2].ok);
  EXPECT_TRUE(results[3].ok);
  EXPECT_EQ(results[3].text, "fine");
}

TEST(JobQueue, AnInterruptEndsTheQueue) {
  int delivered = 0;
  EXPECT_THROW(dist::run_jobs(
                   runtime::World{}, 3,
                   [](std::uint64_t i) -> std::string {
                     if (i == 1) throw runtime::Interrupted("interrupted");
                     return "";
                   },
                   [&](std::uint64_t, const dist::JobResult&) { ++delivered; }),
               runtime::Interrupted);
  EXPECT_EQ(delivered, 1);
}

// On threads (outside MPI): later jobs finish first (each sleeps less than the one before),
// and still every result is delivered once, in job order, on the calling thread; failures
// are results; an interrupt, or a done() that throws, ends the queue with every thread joined.
TEST(JobQueue, OnThreadsResultsStillComeInJobOrder) {
  const auto caller = std::this_thread::get_id();
  std::vector<std::uint64_t> delivered;
  std::atomic<int> running{0}, most{0};
  dist::run_jobs(
      runtime::World{}, 40,
      [&](std::uint64_t i) -> std::string {
        const int now = ++running;
        for (int seen = most.load(); now > seen && !most.compare_exchange_weak(seen, now);) {
        }
        std::this_thread::sleep_for(std::chrono::microseconds(2000 - 40 * static_cast<int>(i)));
        --running;
        if (i % 7 == 3) throw runtime::UserError("job " + std::to_string(i) + " failed");
        return std::to_string(i * i);
      },
      [&](std::uint64_t i, const dist::JobResult& r) {
        EXPECT_EQ(std::this_thread::get_id(), caller);
        EXPECT_EQ(r.ok, i % 7 != 3) << i;
        EXPECT_EQ(r.text, r.ok ? std::to_string(i * i) : "job " + std::to_string(i) + " failed");
        delivered.push_back(i);
      },
      3);
  ASSERT_EQ(delivered.size(), 40u);
  for (std::uint64_t i = 0; i < 40; ++i) EXPECT_EQ(delivered[i], i);
  EXPECT_GE(most.load(), 2);  // the jobs did run side by side
  EXPECT_LE(most.load(), 3);

  EXPECT_THROW(dist::run_jobs(
                   runtime::World{}, 50,
                   [](std::uint64_t i) -> std::string {
                     if (i == 5) throw runtime::Interrupted("interrupted");
                     return "";
                   },
                   [](std::uint64_t, const dist::JobResult&) {}, 3),
               runtime::Interrupted);
  int calls = 0;
  EXPECT_THROW(dist::run_jobs(
                   runtime::World{}, 50, [](std::uint64_t) { return std::string("x"); },
                   [&](std::uint64_t i, const dist::JobResult&) {
                     ++calls;
                     if (i == 2) throw runtime::UserError("--db: disk full");
                   },
                   3),
               runtime::UserError);
  EXPECT_EQ(calls, 3);
}

// The jobs on threads stop with the computation that runs them: its StopScope's cancel flag
// reaches every worker, each polling as a solver does, and the queue ends with Interrupted
// instead of running the jobs left. (A worker outside the scope would poll for 5 s, then
// finish.)
TEST(JobQueue, ThreadsStopWithTheCallersScope) {
  const auto cancelled = std::make_shared<std::atomic<bool>>(false);
  const runtime::StopScope scope(3600, "deadline", cancelled);
  std::atomic<int> started{0};
  EXPECT_THROW(dist::run_jobs(
                   runtime::World{}, 6,
                   [&](std::uint64_t) {
                     if (++started == 3) cancelled->store(true);
                     for (int ms = 0; ms < 5000; ++ms) {
                       runtime::poll_stop();
                       std::this_thread::sleep_for(std::chrono::milliseconds(1));
                     }
                     return std::string("ran to the end");
                   },
                   [](std::uint64_t, const dist::JobResult&) {}, 3),
               runtime::Interrupted);
  EXPECT_EQ(started.load(), 3);
}
