// The fast subtraction sweep against its slow twin, the generic dense solver on
// WithPass<Subtraction>, and the period search against a brute-force one.
#include "games/subtraction_solver.hpp"

#include <gtest/gtest.h>

#include "core/solve/dense_solver.hpp"
#include "runtime/errors.hpp"
#include "transforms/with_pass.hpp"

using namespace grundy;
using core::Box;
using core::Position;
using core::Value;
using games::Subtraction;
using games::SubtractionSweep;

namespace {

std::vector<std::vector<std::int64_t>> test_sets() {
  return {{1, 2, 3}, {2, 12, 14}, {2, 4, 7}, {1, 3, 4}, {3, 5, 8}, {2, 8, 10}, {5}, {1, 4, 9, 16}, {2, 3}, {4, 6, 15}};
}

// G(x, p) for x < count by the generic solver (plain Subtraction when passes == 0).
std::vector<std::vector<Value>> generic(const Subtraction& s, int passes, bool from_terminal, std::int64_t count) {
  std::vector<std::vector<Value>> g(static_cast<std::size_t>(count));
  if (passes == 0) {
    const auto t = core::solve_dense(s, Box(Position{count}));
    for (std::int64_t x = 0; x < count; ++x) g[static_cast<std::size_t>(x)] = {t.at(Position{x})};
    return g;
  }
  const transforms::WithPass<Subtraction> game(s, passes, from_terminal);
  const auto t = core::solve_dense(game, Box(Position{count, passes + 1}));
  for (std::int64_t x = 0; x < count; ++x)
    for (int p = 0; p <= passes; ++p) g[static_cast<std::size_t>(x)].push_back(t.at(Position{x, p}));
  return g;
}

}  // namespace

TEST(SubtractionSolver, EqualsGenericDenseSolverCellByCell) {
  constexpr std::int64_t kCount = 300;
  for (const auto& set : test_sets()) {
    const Subtraction s(set);
    for (int passes : {0, 1, 2}) {
      for (bool from_terminal : {false, true}) {
        if (passes == 0 && from_terminal) continue;
        const auto slow = generic(s, passes, from_terminal, kCount);
        SubtractionSweep sweep(s, passes, from_terminal);
        for (std::int64_t x = 0; x < kCount; ++x) {
          const auto fast = sweep.step();
          ASSERT_EQ(fast.size(), static_cast<std::size_t>(passes + 1));
          for (int p = 0; p <= passes; ++p) {
            ASSERT_EQ(fast[static_cast<std::size_t>(p)], slow[static_cast<std::size_t>(x)][static_cast<std::size_t>(p)])
                << s.name() << " passes " << passes << (from_terminal ? " from terminal" : "") << " at (" << x << ","
                << p << ")";
          }
        }
      }
    }
  }
}

// More than 62 moves: the sweep takes its general mex path instead of the 64-bit mask.
TEST(SubtractionSolver, LargeSetUsesGeneralMexAndStillAgrees) {
  std::vector<std::int64_t> set;
  for (std::int64_t s = 1; s <= 70; ++s) set.push_back(s);
  set.push_back(101);
  const Subtraction s(set);
  for (int passes : {0, 1}) {
    const auto slow = generic(s, passes, false, 400);
    SubtractionSweep sweep(s, passes, false);
    for (std::int64_t x = 0; x < 400; ++x) {
      const auto fast = sweep.step();
      for (int p = 0; p <= passes; ++p)
        ASSERT_EQ(fast[static_cast<std::size_t>(p)], slow[static_cast<std::size_t>(x)][static_cast<std::size_t>(p)])
            << x;
    }
  }
}

TEST(SubtractionSolver, ValuesIntoCallerBufferAndCallback) {
  const Subtraction s({2, 12, 14});
  std::vector<Value> buf(100);
  games::subtraction_values(s, 1, false, 1, buf);
  const auto slow = generic(s, 1, false, 100);
  std::int64_t calls = 0;
  games::sweep_subtraction(s, 1, false, 100, [&](std::int64_t x, std::span<const Value> v) {
    EXPECT_EQ(x, calls++);
    EXPECT_EQ(v[1], buf[static_cast<std::size_t>(x)]);
    EXPECT_EQ(v[1], slow[static_cast<std::size_t>(x)][1]);
  });
  EXPECT_EQ(calls, 100);
}

// Hand-computed (CLAIMS.md 4.4): n = 3, S = {2,12,14}, pass not from the terminal x = 0, 1.
TEST(SubtractionSolver, HandValuesOfThePassLayerForNEquals3) {
  const std::vector<Value> hand = {0, 0, 2, 2, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 4, 4, 0, 0, 2, 2, 3, 3, 2, 2};
  std::vector<Value> got(hand.size());
  games::subtraction_values(Subtraction({2, 12, 14}), 1, false, 1, got);
  EXPECT_EQ(got, hand);
  // G(24,1) = 3 while G(0,1) = 0: the pass layer is not periodic from 0.
  std::vector<Value> more(25);
  games::subtraction_values(Subtraction({2, 12, 14}), 1, false, 1, more);
  EXPECT_EQ(more[24], 3u);
}

// The ring keeps max(S) + 1 heap sizes (rounded up to a power of two), whatever the length of
// the run; at() reads any of them.
TEST(SubtractionSolver, WindowIsConstantAndReadable) {
  const Subtraction s({2, 12, 14});
  SubtractionSweep sweep(s, 1);
  EXPECT_EQ(sweep.window(), 16);
  EXPECT_EQ(SubtractionSweep::memory_bytes(s, 1), 16u * 2u * sizeof(Value));
  const auto slow = generic(s, 1, false, 200);
  for (int i = 0; i < 200; ++i) sweep.step();
  for (std::int64_t x = 200 - sweep.window(); x < 200; ++x)
    for (int p = 0; p <= 1; ++p)
      EXPECT_EQ(sweep.at(x, p), slow[static_cast<std::size_t>(x)][static_cast<std::size_t>(p)]);
}

// A long run: 3*10^7 heap sizes in constant memory; the last values follow Theorem 2's periodic
// formula (blocks 0,0,1,1 then 2,2,3,3 of period 8n) and the pass layer repeats its period.
TEST(SubtractionSolver, LongRunEndsOnThePeriodicFormula) {
  const int n = 3;
  const Subtraction s({2, 4 * n, 4 * n + 2});
  const auto slow = generic(s, 1, false, 200);
  SubtractionSweep sweep(s, 1);
  constexpr std::int64_t kCount = 30'000'000;
  for (std::int64_t x = 0; x < kCount - 100; ++x) sweep.step();
  for (std::int64_t x = kCount - 100; x < kCount; ++x) {
    const auto v = sweep.step();
    const std::int64_t r = x % (8 * n);
    const Value formula = static_cast<Value>((r >= 4 * n ? 2 : 0) + (r % 4 >= 2 ? 1 : 0));
    ASSERT_EQ(v[0], formula) << x;
    // The pass layer: period 8n from x = 12n+10 (found by the period search, tested below).
    const std::int64_t back = 12 * n + 10 + (x - 12 * n - 10) % (8 * n);
    ASSERT_EQ(v[1], slow[static_cast<std::size_t>(back)][1]) << x;
  }
  EXPECT_EQ(sweep.next_x(), kCount);
}

TEST(SubtractionSolver, PeriodSearchAgreesWithBruteForce) {
  constexpr std::int64_t kLen = 3000;
  for (const auto& set : test_sets()) {
    const Subtraction s(set);
    for (int passes : {0, 1, 2}) {
      for (bool from_terminal : {false, true}) {
        if (passes == 0 && from_terminal) continue;
        const auto g = generic(s, passes, from_terminal, kLen);
        // Brute force: the least lambda whose repetition G(x) = G(x + lambda) holds on a stretch
        // that reaches the end and is at least max(S) long; its start is where that stretch begins.
        std::int64_t start = -1, period = -1;
        for (std::int64_t lambda = 1; lambda < kLen / 3 && period < 0; ++lambda) {
          std::int64_t a = kLen - lambda;
          while (a > 0 && g[static_cast<std::size_t>(a - 1)] == g[static_cast<std::size_t>(a - 1 + lambda)]) --a;
          if (kLen - lambda - a >= s.max_move() && a + 2 * lambda < kLen) {
            start = a;
            period = lambda;
          }
        }
        ASSERT_GT(period, 0) << s.name();
        const auto found = games::find_subtraction_period(s, passes, from_terminal, kLen);
        ASSERT_TRUE(found.found) << s.name();
        EXPECT_EQ(found.period, period) << s.name() << " passes " << passes << " ft " << from_terminal;
        EXPECT_EQ(found.start, start) << s.name() << " passes " << passes << " ft " << from_terminal;
      }
    }
  }
}

TEST(SubtractionSolver, PeriodOfThePapersGames) {
  for (int n = 3; n <= 10; ++n) {
    const Subtraction s({2, 4 * n, 4 * n + 2});
    const auto plain = games::find_subtraction_period(s, 0, false, 100000);
    EXPECT_TRUE(plain.found);
    EXPECT_EQ(plain.start, 0);
    EXPECT_EQ(plain.period, 8 * n);
    const auto pass = games::find_subtraction_period(s, 1, false, 100000);
    EXPECT_EQ(pass.start, 12 * n + 10);
    EXPECT_EQ(pass.period, 8 * n);
  }
}

TEST(SubtractionSolver, PeriodSearchGivesUpAtTheLimit) {
  const auto r = games::find_subtraction_period(Subtraction({2, 12, 14}), 1, false, 30);
  EXPECT_FALSE(r.found);
  EXPECT_LE(r.searched, 31);
}

TEST(SubtractionSolver, HugeMoveIsRefusedBeforeAllocating) {
  const Subtraction s({1, std::int64_t{1} << 40});
  EXPECT_THROW(SubtractionSweep(s, 64, false, std::uint64_t{1} << 30), runtime::TooLarge);
  EXPECT_THROW(SubtractionSweep(Subtraction({1, 2}), 65), runtime::UserError);
}

// The chunked sweep (sweep_subtraction) against SubtractionSweep::step, over several chunks
// (4096 heap sizes, or max(S) when larger: the {5000, 7001} set), with 0..3 passes, from
// terminal or not.
TEST(SubtractionSweep, ChunkedSweepEqualsStepByStep) {
  auto sets = test_sets();
  sets.push_back({5000, 7001});
  for (const auto& set : sets)
    for (int passes = 0; passes <= 3; ++passes)
      for (bool from_terminal : {false, true}) {
        if (from_terminal && passes == 0) continue;
        const Subtraction game(set);
        SubtractionSweep slow(game, passes, from_terminal);
        std::int64_t seen = 0;
        games::sweep_subtraction(game, passes, from_terminal, 20000, [&](std::int64_t x, std::span<const Value> v) {
          ASSERT_EQ(x, seen++);
          const auto want = slow.step();
          ASSERT_EQ(v.size(), want.size());
          for (std::size_t p = 0; p < v.size(); ++p)
            ASSERT_EQ(v[p], want[p]) << game.name() << " passes " << passes << " at " << x << "," << p;
        });
        EXPECT_EQ(seen, 20000);
      }
}

// One huge move: a sweep over the heaps asked for keeps only those, so S = {1, 10^12} (or 2^40,
// the largest element allowed) answers small heaps at once instead of refusing a ring of
// max(S) + 1 heap sizes, and a move larger than the heap is simply not an option. Against the
// slow twin, core::solve_dense on the game itself (which never looks at max(S)).
TEST(SubtractionSolver, HugeMoveAnswersSmallHeapsLikeTheGenericSolver) {
  const std::int64_t big = std::int64_t{1} << 40;
  for (const std::vector<std::int64_t>& set : {std::vector<std::int64_t>{1, 1'000'000'000'000},
                                               std::vector<std::int64_t>{2, 3, big}, std::vector<std::int64_t>{big}}) {
    const Subtraction s(set);
    for (int passes : {0, 1, 2})
      for (bool from_terminal : {false, true}) {
        if (passes == 0 && from_terminal) continue;
        for (std::int64_t count : {1, 5, 20, 5000}) {
          const auto slow = generic(s, passes, from_terminal, count);
          SubtractionSweep sweep(s, passes, from_terminal, std::uint64_t{1} << 30, count);
          EXPECT_LE(sweep.window(), 2 * count);
          std::int64_t seen = 0;
          games::sweep_subtraction(s, passes, from_terminal, count, [&](std::int64_t x, std::span<const Value> v) {
            ASSERT_EQ(x, seen++);
            const auto step = sweep.step();
            for (int p = 0; p <= passes; ++p) {
              const Value want = slow[static_cast<std::size_t>(x)][static_cast<std::size_t>(p)];
              ASSERT_EQ(v[static_cast<std::size_t>(p)], want) << s.name() << " passes " << passes << " at " << x;
              ASSERT_EQ(step[static_cast<std::size_t>(p)], want) << s.name() << " passes " << passes << " at " << x;
            }
          });
          EXPECT_EQ(seen, count);
          // The bound is the bound: one step more would read a slot the short ring no longer holds.
          EXPECT_THROW(sweep.step(), runtime::EngineError);
        }
      }
    std::vector<Value> buf(64);
    games::subtraction_values(s, 1, false, 1, buf);
    const auto slow = generic(s, 1, false, 64);
    for (std::size_t x = 0; x < buf.size(); ++x) EXPECT_EQ(buf[x], slow[x][1]) << s.name() << " at " << x;
  }
}

// The fast path core::Game takes (fast_route_subtraction) on such a game: a dense table of the
// small box, no refusal, and an estimate of a few kilobytes.
TEST(SubtractionSolver, HugeMoveGameSolvesASmallBox) {
  const Subtraction s({1, 1'000'000'000'000});
  const transforms::WithPass<Subtraction> with_pass(s, 1, false);
  const auto fast = games::fast_route(with_pass, Box(Position{20, 2}), core::Evaluation::Grundy);
  ASSERT_TRUE(fast.has_value());
  EXPECT_LT(fast->bytes, 100000u);
  const auto slow = core::solve_dense(with_pass, Box(Position{20, 2}));
  EXPECT_EQ(fast->run().values, slow.values);
}

// A period proof needs max(S) consecutive heap sizes to repeat: out of reach of the limit, the
// search says "not found" at once, computing and allocating nothing (2^40 would need terabytes).
TEST(SubtractionSolver, PeriodSearchBeyondItsReachIsNotFound) {
  for (const std::int64_t m : {std::int64_t{30}, std::int64_t{31}, std::int64_t{1} << 40}) {
    const auto r = games::find_subtraction_period(Subtraction({1, m}), 1, false, 30);
    EXPECT_FALSE(r.found) << m;
    EXPECT_EQ(r.searched, 30) << m;
  }
  // Just within reach it still proves: {1, 4} has period 5 from 0, found within 4 + 5 + 1 heap sizes.
  const auto r = games::find_subtraction_period(Subtraction({1, 4}), 0, false, 30);
  EXPECT_TRUE(r.found);
  EXPECT_EQ(r.period, 5);
}
