// The reverse-mex analysis against a brute force that finds the successors of each position by
// asking every position of a larger box for its options (the definition, literally), plus
// hand-checked cases.
#include "analysis/reverse_mex.hpp"

#include <gtest/gtest.h>

#include "core/model/mex.hpp"
#include "core/solve/dense_solver.hpp"
#include "transforms/with_pass.hpp"

using namespace grundy;
using analysis::IntRun;
using analysis::ReverseMexLayer;
using core::Box;
using core::Position;
using core::Value;
using games::Subtraction;

namespace {

// failing[p][x] for x < size: the property by its definition, on the generic solver's values.
std::vector<std::vector<bool>> brute_force(const Subtraction& s, int passes, bool from_terminal, std::int64_t size) {
  const transforms::WithPass<Subtraction> game(s, passes, from_terminal);
  const std::int64_t big = size + s.max_move() + 1;
  const Box box(Position{big, passes + 1});
  const auto g = core::solve_dense(game, box);
  std::vector<std::vector<bool>> failing(static_cast<std::size_t>(passes + 1),
                                         std::vector<bool>(static_cast<std::size_t>(size)));
  for (std::int64_t x = 0; x < size; ++x) {
    for (int p = 0; p <= passes; ++p) {
      const Position q{x, p};
      std::vector<Value> succ;
      Position r(2);
      do {
        bool has_q = false;
        game.for_each_option(r, [&](const Position& o) { has_q = has_q || o == q; });
        if (has_q) succ.push_back(g.at(r));
      } while (box.next(r));
      failing[static_cast<std::size_t>(p)][static_cast<std::size_t>(x)] = core::mex_naive(succ) != g.at(q);
    }
  }
  return failing;
}

const ReverseMexLayer& layer(const analysis::ReverseMexReport& rep, int p) {
  for (const auto& l : rep.layers)
    if (l.p == p) return l;
  ADD_FAILURE() << "no layer " << p;
  return rep.layers.front();
}

}  // namespace

TEST(ReverseMex, AgreesWithTheDefinitionByBruteForce) {
  const std::vector<std::vector<std::int64_t>> sets = {{1, 2, 3}, {2, 12, 14}, {2, 4, 7}, {1, 3, 4}, {1, 2},
                                                       {3, 5, 8}, {2, 8, 10},  {5},       {1, 5, 6}};
  for (const auto& set : sets) {
    const Subtraction s(set);
    for (int passes : {0, 1, 2}) {
      for (bool from_terminal : {false, true}) {
        if (passes == 0 && from_terminal) continue;
        for (std::int64_t size : {std::int64_t{7}, std::int64_t{150}}) {
          const auto truth = brute_force(s, passes, from_terminal, size);
          for (bool sweep_all : {false, true}) {
            analysis::ReverseMexOptions opt;
            opt.sweep_all = sweep_all;
            const auto rep = analysis::reverse_mex(s, passes, from_terminal, size, opt);
            ASSERT_EQ(rep.layers.size(), static_cast<std::size_t>(passes + 1));
            for (int p = 0; p <= passes; ++p) {
              const auto& l = layer(rep, p);
              std::int64_t count = 0;
              for (std::int64_t x = 0; x < size; ++x) {
                const bool fails = truth[static_cast<std::size_t>(p)][static_cast<std::size_t>(x)];
                count += fails;
                ASSERT_EQ(l.predicts_failure(x), fails)
                    << s.name() << " passes " << passes << (from_terminal ? " ft" : "") << " size " << size << " at ("
                    << x << "," << p << "): " << analysis::describe_failures(l);
              }
              EXPECT_EQ(l.failures, count) << s.name();
              EXPECT_EQ(l.checked, size);
            }
          }
        }
      }
    }
  }
}

// {1,2,3}: G(x) = x mod 4, and the successors x+1, x+2, x+3 take the three other residues, so
// their mex is x mod 4: the property holds everywhere.
TEST(ReverseMex, HoldsForOneTwoThree) {
  const auto rep = analysis::reverse_mex(Subtraction({1, 2, 3}), 0, false, 1000);
  EXPECT_TRUE(rep.holds());
  EXPECT_EQ(rep.layers[0].periodic_from, 0);
  EXPECT_TRUE(rep.layers[0].residues.empty());
  EXPECT_EQ(analysis::describe_failures(rep.layers[0]), "holds at all 1000 x (and for every x, proven)");
}

// {2,4,7}: G = 0,0,1,1,2,2,0,3,1,0,2,1,... G(3) = 1 but its successors 5, 7, 10 have 2, 3, 2,
// mex 0; G(5) = 2 with successors 7, 9, 12 holding 3, 0, 0 (mex 1); G(7) = 3 with 9, 11, 14
// holding 0, 1, 1 (mex 2). Nothing else fails.
TEST(ReverseMex, FailsForTwoFourSevenAtThreeFiveSeven) {
  const auto rep = analysis::reverse_mex(Subtraction({2, 4, 7}), 0, false, 5000);
  const auto& l = rep.layers[0];
  EXPECT_EQ(l.failures, 3);
  EXPECT_EQ(l.runs, (std::vector<IntRun>{{3, 3}, {5, 5}, {7, 7}}));
  EXPECT_TRUE(l.residues.empty());
  EXPECT_EQ(l.periodic_from, 8);
  ASSERT_EQ(l.examples.size(), 3u);
  EXPECT_EQ(analysis::describe(l.examples[0]), "G(3) = 1 but its successors (5), (7), (10) have 2, 3, 2: mex 0");
  EXPECT_EQ(analysis::describe_failures(l), "fails at 3 of 5000 x: x = 3, 5, 7; none from x = 8 on (proven)");
}

// {1,2} with a pass also from terminal positions: the pass is a heap *1 added, G(x,1) =
// (x mod 3) xor 1, which is 3 at x = 2 (mod 3); a mex over the two successors (x+1,1), (x+2,1)
// is at most 2, so the property fails exactly there. Layer 0 holds (G(x,1) != G(x,0)).
TEST(ReverseMex, ResidueClassForOneTwoWithPassFromTerminal) {
  const auto rep = analysis::reverse_mex(Subtraction({1, 2}), 1, true, 100);
  const auto& l1 = layer(rep, 1);
  EXPECT_EQ(l1.failures, 33);
  EXPECT_TRUE(l1.runs.empty());
  EXPECT_EQ(l1.periodic_from, 0);
  EXPECT_EQ(l1.period, 3);
  EXPECT_EQ(l1.residues, (std::vector<IntRun>{{2, 2}}));
  EXPECT_EQ(analysis::describe_failures(l1), "fails at 33 of 100 x: x mod 3 = 2 for every x >= 0 (proven)");
  EXPECT_TRUE(layer(rep, 0).holds());
  // The description is proven for every x, far beyond the swept range too.
  EXPECT_TRUE(l1.predicts_failure(3'000'000'002));
  EXPECT_FALSE(l1.predicts_failure(3'000'000'001));
}

// The subtraction paper, n = 3, one-time pass not usable from x = 0, 1: G(14,1) = 4 (options
// (12,1) = 1, (2,1) = 2, (0,1) = 0 and the pass to (14,0) = 3), but a mex over the three
// successors is at most 3. Exactly eight failures on p = 1, none from x = 46 on.
TEST(ReverseMex, PapersPassGameFailsAtEightPositions) {
  const auto rep = analysis::reverse_mex(Subtraction({2, 12, 14}), 1, false, 1'000'000'000);
  const auto& l1 = layer(rep, 1);
  EXPECT_EQ(l1.failures, 8);
  EXPECT_EQ(l1.runs, (std::vector<IntRun>{{14, 15}, {18, 19}, {30, 31}, {44, 45}}));
  EXPECT_EQ(l1.periodic_from, 46);
  EXPECT_TRUE(l1.residues.empty());
  EXPECT_EQ(analysis::describe(l1.examples[0]),
            "G(14,1) = 4 but its successors (16,1), (26,1), (28,1) have 0, 0, 1: mex 2");
  EXPECT_TRUE(layer(rep, 0).holds());
  // Only up to the period was swept, not 10^9.
  EXPECT_LT(rep.swept, 1000);
  // Passes also from terminal positions: holds everywhere.
  EXPECT_TRUE(analysis::reverse_mex(Subtraction({2, 12, 14}), 1, true, 100000).holds());
}

// Runs and residues mixed: {1,3,4} with the paper's pass fails at 3, 6, 7, then at x = 1 (mod 7).
TEST(ReverseMex, ExplicitRunsThenResidues) {
  const auto rep = analysis::reverse_mex(Subtraction({1, 3, 4}), 1, false, 1000);
  const auto& l1 = layer(rep, 1);
  EXPECT_EQ(l1.runs, (std::vector<IntRun>{{3, 3}, {6, 7}}));
  EXPECT_EQ(l1.periodic_from, 9);
  EXPECT_EQ(l1.period, 7);
  EXPECT_EQ(l1.residues, (std::vector<IntRun>{{1, 1}}));
  EXPECT_EQ(analysis::describe_failures(l1),
            "fails at 144 of 1000 x: x = 3, 6..7; x mod 7 = 1 for every x >= 9 (proven)");
}

// A range too short to see the period: every x is listed one by one, nothing is extrapolated.
TEST(ReverseMex, ShortRangeIsCheckedOneByOne) {
  const auto rep = analysis::reverse_mex(Subtraction({2, 12, 14}), 1, false, 20);
  const auto& l1 = layer(rep, 1);
  EXPECT_EQ(l1.periodic_from, -1);
  EXPECT_EQ(l1.runs, (std::vector<IntRun>{{14, 15}, {18, 19}}));
  EXPECT_EQ(rep.checked_directly, 20);
  EXPECT_EQ(analysis::describe_failures(l1), "fails at 4 of 20 x: x = 14..15, 18..19");
}

TEST(ReverseMex, DefinitionText) {
  EXPECT_EQ(analysis::reverse_mex_definition(0, false), "G(x) = mex{ G(x+s) : s in S }");
  EXPECT_NE(analysis::reverse_mex_definition(1, false).find("x >= min(S)"), std::string::npos);
  EXPECT_EQ(analysis::reverse_mex_definition(1, true).find("x >= min(S)"), std::string::npos);
}

// The pass successor counts on layer 0. {2,4,7}: the plain game fails at 3, 5, 7 (above). With
// the pass, (5,0) also has the successor (5,1): G(5,1) = mex{G(3,1) = 2, G(1,1) = 0, G(5,0) = 2}
// = 1, so mex{G(7,0) = 3, G(9,0) = 0, G(12,0) = 0, G(5,1) = 1} = 2 = G(5,0) and x = 5 holds.
TEST(ReverseMex, PassSuccessorRepairsLayerZero) {
  const auto rep = analysis::reverse_mex(Subtraction({2, 4, 7}), 1, false, 100);
  const auto& l0 = layer(rep, 0);
  EXPECT_EQ(l0.runs, (std::vector<IntRun>{{3, 3}, {7, 7}}));
  EXPECT_EQ(analysis::describe(l0.examples[0]),
            "G(3,0) = 1 but its successors (5,0), (7,0), (10,0), (3,1) have 2, 3, 2, 2: mex 0");
}
