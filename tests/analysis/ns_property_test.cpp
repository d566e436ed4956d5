// The NS property (Definition 8 of the chocolate paper) and Theorem 2: F is NS iff
// G(CB(F,x,y,z)) = x xor y xor z.
#include "analysis/ns_property.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <vector>

#include "games/chocolate_solver.hpp"

using namespace grundy;
using analysis::NsResult;

namespace {

std::vector<std::int64_t> sample(std::int64_t n, const std::function<std::int64_t(std::int64_t)>& h) {
  std::vector<std::int64_t> v;
  for (std::int64_t z = 0; z < n; ++z) v.push_back(h(z));
  return v;
}

std::vector<std::int64_t> sample2(std::int64_t n, const std::function<std::int64_t(std::int64_t, std::int64_t)>& f) {
  std::vector<std::int64_t> v;
  for (std::int64_t x = 0; x < n; ++x)
    for (std::int64_t z = 0; z < n; ++z) v.push_back(f(x, z));
  return v;
}

// G(x,y,z) = x xor y xor z at every position of the box x, z < n, y < ny.
bool grundy_is_xor(const games::BoundGrid& grid, std::int64_t ny) {
  const auto t = games::solve_chocolate_grid(grid, ny, 1);
  core::Position p(4);
  do {
    const core::Value v = t.at(p);
    if (v != core::kNoValue && v != static_cast<core::Value>(p[0] ^ p[1] ^ p[2])) return false;
  } while (t.box.next(p));
  return true;
}

}  // namespace

TEST(NsProperty, Lemma1And2FunctionsHold) {
  for (std::int64_t k = 1; k <= 6; ++k)
    EXPECT_TRUE(analysis::ns_property(sample(1024, [&](std::int64_t z) { return z / (2 * k); })).holds()) << k;
  EXPECT_TRUE(analysis::ns_property(sample(1024, analysis::lemma2_h)).holds());
  EXPECT_TRUE(analysis::ns_property(sample(1024, [](std::int64_t) { return 0; })).holds());
}

TEST(NsProperty, Lemma2FunctionValues) {
  EXPECT_EQ(sample(9, analysis::lemma2_h), (std::vector<std::int64_t>{0, 0, 1, 1, 3, 3, 3, 3, 7}));
}

TEST(NsProperty, FirstCounterexamples) {
  NsResult r = analysis::ns_property(sample(64, [](std::int64_t z) { return z / 3; }));
  ASSERT_EQ(r.kind, NsResult::Kind::ConditionA);
  EXPECT_EQ(r.a, 2);
  EXPECT_EQ(r.b, 3);
  EXPECT_EQ(r.i, 1);
  EXPECT_EQ(r.fa, 0);
  EXPECT_EQ(r.fb, 1);
  EXPECT_EQ(r.message,
            "condition (a) fails at z = 2, z' = 3, i = 1: floor(z/2) = floor(z'/2) = 1 but h(2) = 0, h(3) = 1 and "
            "floor(0/1) = 0 != floor(1/1) = 1");
  // h(z) = 2^floor(log2 z) (one more than Lemma 2's): z = 0, 1 share floor(z/2) but h = 0, 1.
  r = analysis::ns_property(sample(16, [](std::int64_t z) { return analysis::lemma2_h(z) + (z > 0); }));
  EXPECT_EQ(r.kind, NsResult::Kind::ConditionA);
  EXPECT_EQ(r.a, 0);
  EXPECT_EQ(r.b, 1);
  // Only i = 3 sees this one: h = 0,0,0,0,4,4,4,4 agrees on every pair and every block of four
  // after dropping 1 bit, but floor(z/8) = 0 for all z < 8 while floor(h/4) jumps from 0 to 1.
  r = analysis::ns_property(sample(8, [](std::int64_t z) { return z < 4 ? 0 : 4; }));
  ASSERT_EQ(r.kind, NsResult::Kind::ConditionA);
  EXPECT_EQ(r.i, 3);
  EXPECT_EQ(r.a, 0);
  EXPECT_EQ(r.b, 4);
  r = analysis::ns_property(std::vector<std::int64_t>{1, 1, 1});
  EXPECT_EQ(r.kind, NsResult::Kind::NonzeroAtZero);
  EXPECT_TRUE(analysis::ns_property(std::vector<std::int64_t>{1, 1, 1}, false).holds());
  r = analysis::ns_property(std::vector<std::int64_t>{0, 2, 1});
  EXPECT_EQ(r.kind, NsResult::Kind::NotMonotone);
  EXPECT_EQ(r.message, "h is not monotonically increasing (Definition 5 (i)): h(1) = 2 > h(2) = 1");
  EXPECT_EQ(analysis::ns_property(std::vector<std::int64_t>{0, -1}).kind, NsResult::Kind::Negative);
}

TEST(NsProperty, TwoVariables) {
  auto ns2 = [](const std::function<std::int64_t(std::int64_t, std::int64_t)>& f, bool literal = false) {
    return analysis::ns_property_2d(sample2(32, f), 32, 32, literal);
  };
  EXPECT_TRUE(ns2([](auto, auto z) { return z / 2; }).holds());
  EXPECT_TRUE(ns2([](auto x, auto z) { return std::max(x, z) / 2; }).holds());
  EXPECT_TRUE(ns2([](auto, auto) { return 3; }).holds());
  // Read literally, Definition 8 (ii) rejects F(x,z) = floor(z/2): h_2(x) = F(x,2) = 1 at x = 0.
  const NsResult lit = ns2([](auto, auto z) { return z / 2; }, true);
  EXPECT_EQ(lit.kind, NsResult::Kind::NonzeroAtZero);
  EXPECT_EQ(lit.part, 'h');
  EXPECT_EQ(lit.index, 2);
  const NsResult r = ns2([](auto x, auto z) { return (x + z) / 3; });
  EXPECT_EQ(r.kind, NsResult::Kind::ConditionA);
  EXPECT_EQ(r.part, 'g');
  EXPECT_EQ(r.index, 0);
  EXPECT_EQ(ns2([](auto x, auto z) { return x == 1 && z == 1 ? 0 : x + z; }).kind, NsResult::Kind::NotMonotone);
}

// Theorem 2 on a box: every monotone F on {0..3} x {0..3} with values 0..3 (24 696 of them).
// Positions and options of the box depend on F inside the box only, and on a box of side 2^k
// condition (a) restricted to the box is exactly (a) for the functions on {0..2^k-1}, so the
// equivalence can be checked exactly.
TEST(NsProperty, Theorem2OnEveryMonotoneFOnA4x4Box) {
  std::vector<std::int64_t> f(16, 0);
  int total = 0, ns = 0;
  std::function<void(int)> fill = [&](int cell) {
    if (cell == 16) {
      ++total;
      const bool is_ns = analysis::ns_property_2d(f, 4, 4).holds();
      ns += is_ns;
      const auto grid = games::BoundGrid::of(4, 4, [&](std::int64_t x, std::int64_t z) { return f[static_cast<std::size_t>(x * 4 + z)]; });
      ASSERT_EQ(is_ns, grundy_is_xor(grid, 4)) << "F = " << ::testing::PrintToString(f);
      return;
    }
    const int x = cell / 4, z = cell % 4;
    std::int64_t lo = 0;
    if (x > 0) lo = std::max(lo, f[static_cast<std::size_t>(cell - 4)]);
    if (z > 0) lo = std::max(lo, f[static_cast<std::size_t>(cell - 1)]);
    for (std::int64_t v = lo; v <= 3; ++v) {
      f[static_cast<std::size_t>(cell)] = v;
      fill(cell + 1);
    }
  };
  fill(0);
  EXPECT_EQ(total, 24696);
  EXPECT_GT(ns, 0);
  EXPECT_LT(ns, total);
}

// Theorem 2 on a larger box for named functions, NS and not, separable and not.
TEST(NsProperty, Theorem2OnNamedFunctions) {
  const std::vector<std::pair<std::string, std::function<std::int64_t(std::int64_t, std::int64_t)>>> fs = {
      {"z/2", [](auto, auto z) { return z / 2; }},
      {"lemma2(z)", [](auto, auto z) { return analysis::lemma2_h(z); }},
      {"x/4", [](auto x, auto) { return x / 4; }},
      {"min(x/2, lemma2(z))", [](auto x, auto z) { return std::min(x / 2, analysis::lemma2_h(z)); }},
      {"max(x,z)/2", [](auto x, auto z) { return std::max(x, z) / 2; }},
      {"5", [](auto, auto) { return 5; }},
      {"(x+z)/3", [](auto x, auto z) { return (x + z) / 3; }},
      {"z/3", [](auto, auto z) { return z / 3; }},
      {"(x+z)/2", [](auto x, auto z) { return (x + z) / 2; }},
      {"x*z/8", [](auto x, auto z) { return x * z / 8; }},
  };
  for (const auto& [name, fn] : fs) {
    const bool is_ns = analysis::ns_property_2d(sample2(32, fn), 32, 32).holds();
    EXPECT_EQ(is_ns, grundy_is_xor(games::BoundGrid::of(32, 32, fn), 40)) << name;
  }
}
