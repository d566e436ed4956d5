#include "core/job_queue.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include "core/errors.hpp"
#include "core/progress.hpp"

using namespace grundy;

// Outside mpirun the queue runs its jobs here, in turn. tests/mpi/mpi_test.cpp runs it on ranks
// (verify), where a job outside its world of one (mpi::Solo) would wait for a collective the
// other ranks never join.
TEST(JobQueue, DeliversEveryResultInJobOrder) {
  std::vector<std::uint64_t> ran, delivered;
  core::run_jobs(
      5,
      [&](std::uint64_t i) {
        ran.push_back(i);
        return "job " + std::to_string(i * i);
      },
      [&](std::uint64_t i, const core::JobResult& r) {
        EXPECT_TRUE(r.ok);
        EXPECT_EQ(r.text, "job " + std::to_string(i * i));
        delivered.push_back(i);
      });
  EXPECT_EQ(ran, (std::vector<std::uint64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(delivered, ran);
  core::run_jobs(
      0, [](std::uint64_t) { return std::string(); },
      [](std::uint64_t, const core::JobResult&) { ADD_FAILURE() << "no job, no result"; });
}

TEST(JobQueue, AFailedJobIsItsResultAndTheQueueGoesOn) {
  std::vector<core::JobResult> results;
  core::run_jobs(
      4,
      [](std::uint64_t i) -> std::string {
        if (i == 1) throw core::UserError("job 1: bad parameter");
        if (i == 2) throw std::bad_alloc();
        return "fine";
      },
      [&](std::uint64_t, const core::JobResult& r) { results.push_back(r); });
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
  EXPECT_THROW(core::run_jobs(
                   3,
                   [](std::uint64_t i) -> std::string {
                     if (i == 1) throw core::Interrupted("interrupted");
                     return "";
                   },
                   [&](std::uint64_t, const core::JobResult&) { ++delivered; }),
               core::Interrupted);
  EXPECT_EQ(delivered, 1);
}

// On threads (outside MPI): later jobs finish first (each sleeps less than the one before),
// and still every result is delivered once, in job order, on the calling thread; failures
// are results; an interrupt, or a done() that throws, ends the queue with every thread joined.
TEST(JobQueue, OnThreadsResultsStillComeInJobOrder) {
  const auto caller = std::this_thread::get_id();
  std::vector<std::uint64_t> delivered;
  std::atomic<int> running{0}, most{0};
  core::run_jobs(
      40,
      [&](std::uint64_t i) -> std::string {
        const int now = ++running;
        for (int seen = most.load(); now > seen && !most.compare_exchange_weak(seen, now);) {
        }
        std::this_thread::sleep_for(std::chrono::microseconds(2000 - 40 * static_cast<int>(i)));
        --running;
        if (i % 7 == 3) throw core::UserError("job " + std::to_string(i) + " failed");
        return std::to_string(i * i);
      },
      [&](std::uint64_t i, const core::JobResult& r) {
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

  EXPECT_THROW(core::run_jobs(
                   50,
                   [](std::uint64_t i) -> std::string {
                     if (i == 5) throw core::Interrupted("interrupted");
                     return "";
                   },
                   [](std::uint64_t, const core::JobResult&) {}, 3),
               core::Interrupted);
  int calls = 0;
  EXPECT_THROW(core::run_jobs(
                   50, [](std::uint64_t) { return std::string("x"); },
                   [&](std::uint64_t i, const core::JobResult&) {
                     ++calls;
                     if (i == 2) throw core::UserError("--db: disk full");
                   },
                   3),
               core::UserError);
  EXPECT_EQ(calls, 3);
}
