// Stopping computations: the per-thread deadline the explorer's server gives each request.
#include "runtime/progress.hpp"

#include <gtest/gtest.h>

#include <thread>

#include "core/solve/line_solver.hpp"

using namespace grundy;

namespace {

std::string stop_message() {
  try {
    runtime::poll_stop();
  } catch (const runtime::Interrupted& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(StopScope, StopsOnlyItsThreadAndOnlyWhileAlive) {
  EXPECT_EQ(stop_message(), "");
  {
    const runtime::StopScope deadline(0, "over the limit");  // already passed
    EXPECT_EQ(stop_message(), "over the limit");
    std::string other = "not run";
    std::thread([&] { other = stop_message(); }).join();
    EXPECT_EQ(other, "");  // another thread has no deadline
    {
      const runtime::StopScope later(3600, "an hour");
      EXPECT_EQ(stop_message(), "");
    }
    EXPECT_EQ(stop_message(), "over the limit");  // the outer one is back
  }
  EXPECT_EQ(stop_message(), "");
}

// The two-coordinate line kernel runs its rows in worker threads while the calling thread only
// waits: the workers must honour the caller's deadline, else a request would escape its limit.
TEST(StopScope, WorkerThreadsOfASolverInheritIt) {
  auto all = [](const core::Position&) { return true; };
  const core::LineGame<decltype(all)> nim2{2, 0, false, all};
  const core::Box box(core::Position{512, 512});
  const runtime::StopScope deadline(0, "over the limit");
  try {
    core::solve_line_game_2d(nim2, box, 2);
    ADD_FAILURE() << "the sweep finished despite a passed deadline";
  } catch (const runtime::Interrupted& e) {
    EXPECT_STREQ(e.what(), "over the limit");
  }
}

// The explorer's Cancel: a flag set from another thread stops the solver and its workers.
TEST(StopScope, ACancelledFlagStopsTheSolverAndItsWorkers) {
  auto all = [](const core::Position&) { return true; };
  const core::LineGame<decltype(all)> nim2{2, 0, false, all};
  auto cancelled = std::make_shared<std::atomic<bool>>(false);
  const runtime::StopScope deadline(3600, "an hour", cancelled);
  EXPECT_EQ(stop_message(), "");
  cancelled->store(true);
  EXPECT_EQ(stop_message(), "cancelled");
  try {
    core::solve_line_game_2d(nim2, core::Box(core::Position{512, 512}), 2);
    ADD_FAILURE() << "the sweep finished despite the cancel";
  } catch (const runtime::Interrupted& e) {
    EXPECT_STREQ(e.what(), "cancelled");
  }
}

TEST(StopScope, AFutureDeadlineLetsTheSolverFinish) {
  auto all = [](const core::Position&) { return true; };
  const core::LineGame<decltype(all)> nim2{2, 0, false, all};
  const runtime::StopScope deadline(3600, "an hour");
  const core::DenseTable t = core::solve_line_game_2d(nim2, core::Box(core::Position{300, 200}), 2);
  EXPECT_EQ(t.at(core::Position{299, 199}), static_cast<core::Value>(299 ^ 199));
}
