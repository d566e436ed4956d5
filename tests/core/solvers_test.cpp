#include <gtest/gtest.h>

#include "core/solve/dense_solver.hpp"
#include "core/solve/memo_solver.hpp"
#include "core/solve/sum.hpp"
#include "games/nim.hpp"
#include "games/subtraction.hpp"
#include "runtime/errors.hpp"
#include "transforms/with_pass.hpp"

using namespace grundy;
using core::Box;
using core::Evaluation;
using core::Position;

TEST(MemoSolver, NimIsXor) {
  games::Nim nim(3);
  core::MemoSolver<games::Nim> memo(nim);
  for (int x = 0; x < 6; ++x)
    for (int y = 0; y < 6; ++y)
      for (int z = 0; z < 6; ++z) EXPECT_EQ(memo.value(Position{x, y, z}), static_cast<unsigned>(x ^ y ^ z));
}

TEST(MemoSolver, LongGameNeedsNoRecursion) {
  // 500 000 moves deep: a recursive solver would overflow the call stack here.
  games::Subtraction s({1});
  core::MemoSolver<games::Subtraction> memo(s, Evaluation::Grundy, 1u << 22);
  EXPECT_EQ(memo.value(Position{500'000}), 0u);
  EXPECT_EQ(memo.value(Position{499'999}), 1u);
}

// A ruleset with a cycle (0 -> 1 -> 0): the memo solver must report it, not loop.
struct Cyclic {
  int arity() const { return 1; }
  std::vector<std::string> coordinate_names() const { return {"x"}; }
  std::string name() const { return "cyclic"; }
  std::string check(const Position&) const { return ""; }
  template <class F>
  void for_each_option(const Position& p, F&& f) const {
    f(Position{1 - p[0]});
  }
};

TEST(MemoSolver, CycleIsReported) {
  Cyclic c;
  core::MemoSolver<Cyclic> memo(c);
  EXPECT_THROW(memo.value(Position{0}), runtime::UserError);
}

TEST(MemoSolver, PositionLimitIsEnforced) {
  games::Subtraction s({1});
  core::MemoSolver<games::Subtraction> memo(s, Evaluation::Grundy, 1000);
  EXPECT_THROW(memo.value(Position{5000}), runtime::TooLarge);
}

// One stone at a time (G(x) = x mod 2), whose options at x = 50 are refused while `refuse`
// holds: a call stopped there must leave the memo fit for the next one.
struct Refusing {
  bool* refuse;
  int arity() const { return 1; }
  std::vector<std::string> coordinate_names() const { return {"x"}; }
  std::string name() const { return "refusing"; }
  std::string check(const Position&) const { return ""; }
  template <class F>
  void for_each_option(const Position& p, F&& f) const {
    if (p[0] == 50 && *refuse) throw runtime::UserError("refused");
    if (p[0] > 0) f(Position{p[0] - 1});
  }
};

TEST(MemoSolver, ACallStoppedHalfWayLeavesNoPositionInProgress) {
  bool refuse = true;
  Refusing r{&refuse};
  core::MemoSolver<Refusing> memo(r);
  EXPECT_THROW(memo.value(Position{100}), runtime::UserError);
  refuse = false;
  EXPECT_EQ(memo.value(Position{60}), 0u);  // not "not finite": 60 was on the stopped call's stack
  EXPECT_EQ(memo.value(Position{101}), 1u);
  // Over the memory limit the same: the second call is refused for its size, not for a cycle.
  games::Subtraction s({1});
  core::MemoSolver<games::Subtraction> small(s, Evaluation::Grundy, 1000);
  EXPECT_THROW(small.value(Position{5000}), runtime::TooLarge);
  EXPECT_THROW(small.value(Position{4500}), runtime::TooLarge);
  EXPECT_EQ(small.value(Position{10}), 0u);
}

TEST(DenseSolver, AgreesWithMemoOnNimWithPass) {
  transforms::WithPass<games::Nim> g(games::Nim(2));
  const auto t = core::solve_dense(g, Box(Position{20, 20, 2}));
  core::MemoSolver<decltype(g)> memo(g);
  Position p(3);
  do EXPECT_EQ(t.at(p), memo.value(p)) << core::to_string(p);
  while (t.box.next(p));
}

TEST(DenseSolver, MisereNimOutcomes) {
  // Misere Nim (Bouton): P iff (all heaps <= 1 and xor == 1) or (some heap >= 2 and xor == 0).
  games::Nim nim(3);
  const auto t = core::solve_dense(nim, Box(Position{7, 7, 7}), Evaluation::MisereOutcome);
  Position p(3);
  do {
    const int x = static_cast<int>(p[0] ^ p[1] ^ p[2]);
    const bool small = p[0] <= 1 && p[1] <= 1 && p[2] <= 1;
    const bool is_p = small ? x == 1 : x == 0;
    EXPECT_EQ(t.at(p) == 0, is_p) << core::to_string(p);
  } while (t.box.next(p));
}

TEST(DenseSolver, SumIsXorOfComponents) {
  core::Sum<games::Subtraction, games::Nim> g(games::Subtraction({1, 3, 4}), games::Nim(1));
  games::Subtraction s({1, 3, 4});
  const auto ts = core::solve_dense(s, Box(Position{30}));
  const auto t = core::solve_dense(g, Box(Position{30, 30}));
  for (int a = 0; a < 30; ++a)
    for (int b = 0; b < 30; ++b) EXPECT_EQ(t.at(Position{a, b}), ts.at(Position{a}) ^ static_cast<unsigned>(b));
}
