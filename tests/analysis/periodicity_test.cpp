#include "analysis/periodicity.hpp"

#include <gtest/gtest.h>

#include <random>

namespace {

using grundy::analysis::find_periodicity;
using grundy::analysis::find_periodicity_naive;
using grundy::analysis::Periodicity;

void expect_same(const Periodicity& a, const Periodicity& b) {
  EXPECT_EQ(a.found, b.found);
  if (a.found && b.found) {
    EXPECT_EQ(a.preperiod, b.preperiod);
    EXPECT_EQ(a.period, b.period);
    EXPECT_EQ(a.saltus, b.saltus);
  }
}

TEST(Periodicity, PlainPeriodAndPreperiod) {
  // 5 9 | 0 1 2 0 1 2 ...: preperiod 2, period 3.
  std::vector<std::int64_t> a{5, 9};
  for (int i = 0; i < 30; ++i) a.push_back(i % 3);
  const Periodicity p = find_periodicity(a);
  ASSERT_TRUE(p.found);
  EXPECT_EQ(p.preperiod, 2);
  EXPECT_EQ(p.period, 3);
  EXPECT_EQ(p.saltus, 0);
}

TEST(Periodicity, ArithmeticPeriodicity) {
  // Nim on one heap (G = x): period 1, saltus 1. And x xor 5 along x: period 8, saltus 8.
  std::vector<std::int64_t> id, x5;
  for (int i = 0; i < 40; ++i) {
    id.push_back(i);
    x5.push_back(i ^ 5);
  }
  const Periodicity p = find_periodicity(id);
  ASSERT_TRUE(p.found);
  EXPECT_EQ(p.period, 1);
  EXPECT_EQ(p.saltus, 1);
  const Periodicity q = find_periodicity(x5);
  ASSERT_TRUE(q.found);
  EXPECT_EQ(q.period, 8);
  EXPECT_EQ(q.saltus, 8);
  EXPECT_EQ(q.preperiod, 0);
}

TEST(Periodicity, ShortTailIsNotAPeriod) {
  std::vector<std::int64_t> a{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 9};
  EXPECT_FALSE(find_periodicity(a).found);
}

TEST(Periodicity, FastAgreesWithNaiveOnRandomSequences) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 400; ++trial) {
    const int pre = static_cast<int>(rng() % 8), per = 1 + static_cast<int>(rng() % 6), n = 4 + static_cast<int>(rng() % 40);
    const int saltus = static_cast<int>(rng() % 5) - 2;  // negative ones must be refused by both
    std::vector<std::int64_t> base(static_cast<std::size_t>(pre + per));
    for (auto& v : base) v = rng() % 3;
    std::vector<std::int64_t> a;
    for (int i = 0; i < n; ++i)
      a.push_back(i < pre + per ? base[static_cast<std::size_t>(i)]
                                : a[static_cast<std::size_t>(i - per)] + saltus);
    expect_same(find_periodicity(a), find_periodicity_naive(a));
    // and on pure noise
    for (auto& v : a) v = rng() % 2;
    expect_same(find_periodicity(a), find_periodicity_naive(a));
  }
}

grundy::analysis::SubtractionSeq seq(std::vector<std::int64_t> set, int passes = 0) {
  return {grundy::games::Subtraction(std::move(set)), passes, false};
}

TEST(Periodicity, SubtractionOneTwoThreeIsProvenPeriodFour) {
  const Periodicity p = grundy::analysis::subtraction_periodicity(seq({1, 2, 3}), 1000);
  ASSERT_TRUE(p.found);
  EXPECT_TRUE(p.proven);
  EXPECT_EQ(p.period, 4);
  EXPECT_EQ(p.preperiod, 0);
}

// Theorem 2 of the subtraction paper: {2, 4n, 4n+2} has period 8n (without a pass).
TEST(Periodicity, SubtractionPaperPeriodEightN) {
  for (std::int64_t n = 3; n <= 10; ++n) {
    const Periodicity p = grundy::analysis::subtraction_periodicity(seq({2, 4 * n, 4 * n + 2}), 1 << 20);
    ASSERT_TRUE(p.found) << n;
    EXPECT_EQ(p.period, 8 * n) << n;
  }
}

// The answer from the period equals the plain sweep, before and after the preperiod, every layer.
TEST(Periodicity, ValueFromPeriodMatchesSweep) {
  for (int passes : {0, 1, 2}) {
    const auto s = seq({2, 12, 14}, passes);
    const Periodicity p = grundy::analysis::subtraction_periodicity(s, 1 << 20);
    ASSERT_TRUE(p.found);
    std::vector<std::vector<grundy::core::Value>> direct(static_cast<std::size_t>(passes + 1));
    grundy::games::sweep_subtraction(s.game, passes, false, 600, [&](std::int64_t, std::span<const grundy::core::Value> v) {
      for (int l = 0; l <= passes; ++l) direct[static_cast<std::size_t>(l)].push_back(v[static_cast<std::size_t>(l)]);
    });
    for (std::int64_t x = 0; x < 600; x += 7)
      for (int l = 0; l <= passes; ++l)
        EXPECT_EQ(grundy::analysis::value_from_period(s, p, x, l), direct[static_cast<std::size_t>(l)][static_cast<std::size_t>(x)])
            << "x=" << x << " layer=" << l << " passes=" << passes;
  }
}

// A line that decreases regularly on a finite box is not ultimately periodic: a negative saltus
// would take an infinite sequence below zero. The first values of subtraction {1,2,3} (0 1 2 3
// 0 1: "period 2, saltus -2 after 2" before) and a Nim row x xor 7 (7 6 .. 0: "period 1, saltus
// -1" before); the fast search and its naive twin agree.
TEST(Periodicity, NegativeSaltusIsNotAPeriod) {
  const std::vector<std::vector<std::int64_t>> decreasing{
      {0, 1, 2, 3, 0, 1}, {7, 6, 5, 4, 3, 2, 1, 0}, {0, 0, 1, 1, 0, 0}, {9, 9, 5, 6, 4, 5, 3, 4, 2, 3, 1, 2}};
  for (const auto& a : decreasing) {
    const Periodicity p = find_periodicity(a);
    EXPECT_FALSE(p.found && p.saltus < 0) << p.saltus;
    EXPECT_FALSE(p.found) << "period " << p.period << " saltus " << p.saltus;
    EXPECT_FALSE(find_periodicity_naive(a).found);
  }
  // A negative step before a periodic tail is a preperiod, not a saltus.
  const std::vector<std::int64_t> tail{5, 4, 3, 0, 1, 0, 1, 0, 1, 0, 1};
  const Periodicity p = find_periodicity(tail);
  ASSERT_TRUE(p.found);
  EXPECT_EQ(p.period, 2);
  EXPECT_EQ(p.saltus, 0);
  EXPECT_EQ(p.preperiod, 3);
}

// One move far beyond the heaps looked at: no proof is within reach (it needs max(S)
// consecutive heap sizes to repeat), so the period is "not found", never "proven".
TEST(Periodicity, SubtractionWithAHugeMoveIsNotProven) {
  const Periodicity p = grundy::analysis::subtraction_periodicity(seq({1, 1'000'000'000'000}), 1 << 24);
  EXPECT_FALSE(p.found);
  EXPECT_FALSE(p.proven);
  EXPECT_EQ(p.observed, 1 << 24);
}

}  // namespace
