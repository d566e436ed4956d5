#include "analysis/misere_quotient.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/registry.hpp"
#include "service/quotient.hpp"
#include "service/subject.hpp"
#include "service/values.hpp"

namespace {

using grundy::analysis::MisereQuotient;
namespace service = grundy::service;
namespace games = grundy::games;

service::Subject heap_game(const std::string& family, const std::string& param, const std::string& value,
                           bool misere = false, int heaps = 1) {
  games::GameSpec spec{family, {{param, value}}, {}};
  if (family == "octal") spec.params.emplace_back("heaps", std::to_string(heaps));
  spec.transforms.misere = misere;
  return service::subject_of(spec);
}

MisereQuotient quotient_of(const std::string& family, const std::string& param, const std::string& value,
                           std::int64_t size) {
  return service::quotient(heap_game(family, param, value), size, grundy::runtime::Limits{});
}

// Misère Nim on heaps 0..3 is the tame quotient T2 = <a, b | a^2 = 1, b^3 = b> with P-portion
// {a, b^2} (Plambeck and Siegel, JCTA 115 (2008); the table T2 of Siegel's MisereSolver,
// BipartiteMonoid.java): a is heap 1, b heap 2, heap 3 is ab.
TEST(MisereQuotient, NimOnHeapsUpToThreeIsTheTameQuotientT2) {
  const MisereQuotient q = quotient_of("subtraction", "set", "1,2,3", 4);
  ASSERT_TRUE(q.stopped.empty());
  EXPECT_EQ(q.order(), 6);
  EXPECT_EQ(q.p_count(), 2);
  const int a = q.heap_element[1], b = q.heap_element[2];
  auto mul = [&](int x, int y) { return q.product[static_cast<std::size_t>(x)][static_cast<std::size_t>(y)]; };
  EXPECT_EQ(mul(a, a), 0);
  EXPECT_EQ(mul(mul(b, b), b), b);
  EXPECT_NE(mul(b, b), 0);
  EXPECT_EQ(q.heap_element[3], mul(a, b));
  EXPECT_TRUE(q.p_portion[static_cast<std::size_t>(a)]);
  EXPECT_TRUE(q.p_portion[static_cast<std::size_t>(mul(b, b))]);
  // Heaps 0..1: T1 = <a | a^2 = 1>, P-portion {a}.
  EXPECT_EQ(q.order_at[1], 2);
}

// The quotient of misère Nim is (A x {1}) u (A0 x {0}) in A x B, A the nimbers under xor, A0 = {0, 1},
// B the two-element semilattice (Plambeck and Siegel): on heaps 0..n, n >= 2, its order is 2 + 2^k
// with 2^k the least power of two above n.
TEST(MisereQuotient, NimOrdersFollowTheNimberCount) {
  std::string set;
  for (int s = 1; s <= 16; ++s) set += (s > 1 ? "," : "") + std::to_string(s);
  const MisereQuotient q = quotient_of("subtraction", "set", set, 17);
  ASSERT_TRUE(q.stopped.empty());
  const std::vector<int> expected{1, 2, 6, 6, 10, 10, 10, 10, 18, 18, 18, 18, 18, 18, 18, 18, 34};
  EXPECT_EQ(q.order_at, expected);
}

// Dawson's chess (0.137) is Dawson's Kayles (0.07) with every heap one smaller (Winning Ways,
// ch. 4): the same games, so the same quotients, heap bound n of one being n + 1 of the other.
TEST(MisereQuotient, DawsonsChessIsDawsonsKaylesOneHeapDown) {
  const MisereQuotient chess = quotient_of("octal", "code", "0.137", 16);
  const MisereQuotient kayles = quotient_of("octal", "code", "0.07", 17);
  ASSERT_TRUE(chess.stopped.empty() && kayles.stopped.empty());
  for (std::size_t n = 0; n < chess.order_at.size(); ++n) EXPECT_EQ(chess.order_at[n], kayles.order_at[n + 1]) << n;
  EXPECT_EQ(chess.p_count(), kayles.p_count());
  for (int a = 0; a < 16; ++a)
    for (int b = 0; b <= a; ++b)
      for (int c = 0; c <= b; ++c)
        EXPECT_EQ(chess.is_p({a, b, c}), kayles.is_p({a + 1, b + 1, c + 1})) << a << "," << b << "," << c;
}

// Every misère quotient of impartial games but the trivial one (no heap has a move) has even
// order (Plambeck and Siegel), and the quotient predicts the misère outcome of every position:
// the whole-position solver, another route of the engine, agrees on every position of up to
// four heaps below the bound that it can hold (a position of at most 15 heaps all along).
TEST(MisereQuotient, AgreesWithTheWholePositionSolverOnThirtyTakeAndBreakCodes) {
  const std::vector<std::string> codes{
      "0.03",  "0.07", "0.13", "0.15", "0.17",  "0.31",  "0.33",  "0.34", "0.35", "0.37", "0.51",  "0.52",  "0.53",
      "0.54",  "0.56", "0.57", "0.6",  "0.71",  "0.72",  "0.73",  "0.75", "0.76", "0.77", "0.137", "0.144", "0.156",
      "0.165", "0.4",  "0.26", "0.16", "0.104", "0.106", "0.172", "0.4!", "0.f",  "0.0f", "0.c",   "0.8"};
  const int bound = 10;
  for (const std::string& code : codes) {
    SCOPED_TRACE("code " + code);
    const MisereQuotient q = quotient_of("octal", "code", code, bound);
    ASSERT_TRUE(q.stopped.empty());
    for (int o : q.order_at) EXPECT_TRUE(o == 1 || o % 2 == 0) << "an odd order " << o;
    service::PositionValues solver(heap_game("octal", "code", code, true, 4), grundy::runtime::Limits{});
    int compared = 0, positions = 0;
    for (int a = 0; a < bound; ++a)
      for (int b = 0; b <= a; ++b)
        for (int c = 0; c <= b; ++c)
          for (int d = 0; d <= c; ++d) {
            ++positions;
            bool p = false;
            try {
              p = solver.value(grundy::core::Position{a, b, c, d}) == 0;
            } catch (const grundy::runtime::UserError&) {  // a move would leave more than 15 heaps
              continue;
            }
            ++compared;
            ASSERT_EQ(q.is_p({a, b, c, d}), p) << "position " << a << "," << b << "," << c << "," << d;
          }
    EXPECT_GE(compared * 4, positions * 3) << compared << " of " << positions << " positions compared";
  }
}

TEST(MisereQuotient, AnInfiniteQuotientStopsAtTheMemoryLimitWithTheLastBoundReached) {
  // 0.3122 on heaps 0..7 has no finite quotient (Weimerskirch, "An algorithm for computing
  // indistinguishability quotients in misère impartial combinatorial games", Games of No
  // Chance 4): the computation can only stop, keeping heaps 0..6.
  grundy::runtime::Limits limits;
  limits.memory = std::uint64_t{64} << 20;
  const MisereQuotient q = service::quotient(heap_game("octal", "code", "0.3122"), 8, limits);
  EXPECT_FALSE(q.stopped.empty());
  EXPECT_EQ(q.asked, 8);
  EXPECT_EQ(q.size, 7);
  EXPECT_EQ(q.order_at.size(), 7u);
  EXPECT_EQ(static_cast<int>(q.heap_element.size()), 7);
}

TEST(MisereQuotient, ItsOwnRulesRefuseWhatItDoesNotCover) {
  games::GameSpec pass{"octal", {{"code", "0.75"}}, {}};
  pass.transforms.passes = 1;
  EXPECT_THROW(service::quotient(service::subject_of(pass), 10, {}), grundy::runtime::UserError);
  games::GameSpec nim{"nim", {{"heaps", "2"}}, {}};
  EXPECT_THROW(service::quotient(service::subject_of(nim), 10, {}), grundy::runtime::UserError);
}

}  // namespace
