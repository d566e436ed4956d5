#include "core/job_queue.hpp"

#include <gtest/gtest.h>

#include <new>
#include <string>
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
