// The chocolate bars of the chocolate paper (Definitions 6, 7, 10 and Corollary 1) and their fast
// solver, checked cell by cell against the generic dense solver.
#include "games/chocolate.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>
#include <vector>

#include "analysis/golden.hpp"
#include "core/solve/dense_solver.hpp"
#include "games/chocolate_solver.hpp"
#include "games/registry.hpp"
#include "runtime/errors.hpp"
#include "support/band_rows.hpp"
#include "transforms/with_pass.hpp"

using namespace grundy;
using core::Box;
using core::Position;
using games::Chocolate;
using games::Chocolate2;

namespace {

std::vector<Position> options_of(const Chocolate& c, const Position& p) {
  std::vector<Position> out;
  c.for_each_option(p, [&](const Position& o) { out.push_back(o); });
  return out;
}

bool contains(const std::vector<Position>& v, const Position& p) { return std::find(v.begin(), v.end(), p) != v.end(); }

std::string user_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const runtime::UserError& e) {
    return e.what();
  }
  return "(no UserError)";
}

}  // namespace

// Example 2: F(x,z) = floor((x+z)/3); cutting z from 13 to 4 lowers y from 6 to min(F(7,4),6) = 3.
TEST(Chocolate, Example2) {
  const Chocolate c("(x+z)/3");
  EXPECT_EQ(c.check(Position{7, 6, 13}), "");
  EXPECT_EQ(c.F(7, 13), 6);
  EXPECT_TRUE(contains(options_of(c, Position{7, 6, 13}), Position{7, 3, 4}));
  EXPECT_FALSE(contains(options_of(c, Position{7, 6, 13}), Position{7, 6, 4}));
}

// Example 3: F(x,z) = floor(z/2): (3,3,7), (5,2,7) and (5,2,5) are options of (5,3,7).
TEST(Chocolate, Example3) {
  const Chocolate c("z/2");
  EXPECT_EQ(c.check(Position{5, 3, 7}), "");
  const auto opts = options_of(c, Position{5, 3, 7});
  EXPECT_TRUE(contains(opts, Position{3, 3, 7}));
  EXPECT_TRUE(contains(opts, Position{5, 2, 7}));
  EXPECT_TRUE(contains(opts, Position{5, 2, 5}));
  // x + y + z = 5 + 3 + 7 options, all positions and all lexicographically smaller.
  EXPECT_EQ(opts.size(), 15u);
  for (const Position& o : opts) EXPECT_EQ(c.check(o), "") << core::to_string(o);
}

// rank = x + y + z strictly decreases and every option is lexicographically smaller, as the
// rulesets declare (options_precede lets the dense solver sweep a box in index order).
TEST(Chocolate, OptionsPrecedeAndRankDecreases) {
  auto lex_less = [](const Position& a, const Position& b) {
    for (int i = 0; i < a.size(); ++i)
      if (a[i] != b[i]) return a[i] < b[i];
    return false;
  };
  for (const std::string src : {"(x+z)/3", "z/2", "x*z/4", "x+z", "2"}) {
    const Chocolate c(src);
    ASSERT_TRUE(c.options_precede());
    for (std::int64_t x = 0; x < 10; ++x)
      for (std::int64_t z = 0; z < 10; ++z)
        for (std::int64_t y = 0; y <= c.F(x, z); ++y) {
          const Position p{x, y, z};
          c.for_each_option(p, [&](const Position& o) {
            EXPECT_TRUE(lex_less(o, p)) << src << ": " << core::to_string(o) << " from " << core::to_string(p);
            EXPECT_LT(c.rank(o), c.rank(p)) << src;
            EXPECT_EQ(c.check(o), "") << src;
          });
        }
    const Chocolate2 c2(src == "(x+z)/3" ? "z/3" : (src == "x*z/4" ? "z*z/4" : (src == "x+z" ? "z" : src)));
    ASSERT_TRUE(c2.options_precede());
    for (std::int64_t z = 0; z < 20; ++z)
      for (std::int64_t y = 0; y <= c2.h(z); ++y) {
        const Position p{y, z};
        c2.for_each_option(p, [&](const Position& o) {
          EXPECT_TRUE(lex_less(o, p)) << core::to_string(o) << " from " << core::to_string(p);
          EXPECT_LT(c2.rank(o), c2.rank(p));
          EXPECT_EQ(c2.check(o), "");
        });
      }
  }
}

TEST(Chocolate, OnlyTerminalIsTheOrigin) {
  const Chocolate c("(x+z)/3");
  for (std::int64_t x = 0; x < 6; ++x)
    for (std::int64_t z = 0; z < 6; ++z)
      for (std::int64_t y = 0; y <= c.F(x, z); ++y)
        EXPECT_EQ(options_of(c, Position{x, y, z}).empty(), x == 0 && y == 0 && z == 0);
}

TEST(Chocolate, CheckNamesTheBound) {
  const Chocolate c("(x+z)/3");
  EXPECT_EQ(c.check(Position{2, 5, 7}), "y = 5 exceeds F(x,z) = 3 at x = 2, z = 7");
  EXPECT_EQ(c.check(Position{-1, 0, 0}), "x = -1 is negative; coordinates are >= 0");
  const Chocolate2 c2("z/2");
  EXPECT_EQ(c2.check(Position{5, 7}), "y = 5 exceeds h(z) = 3 at z = 7");
  EXPECT_EQ(c2.check(Position{3, 7}), "");
}

TEST(Chocolate, RefusesANonMonotoneOrNegativeF) {
  EXPECT_EQ(user_error([] { Chocolate("x == 3 && z == 5 ? 1 : (x >= 3 ? 2 : 1)"); }),
            "-p F=x == 3 && z == 5 ? 1 : (x >= 3 ? 2 : 1): not monotone: F(3,4) = 2 > F(3,5) = 1");
  EXPECT_EQ(user_error([] { Chocolate("x >= 3 ? 0 : 1"); }), "-p F=x >= 3 ? 0 : 1: not monotone: F(2,0) = 1 > F(3,0) = 0");
  EXPECT_EQ(user_error([] { Chocolate("z - 1"); }),
            "-p F=z - 1: F(0,0) = -1 is negative; F must take values >= 0 (Definition 5)");
  EXPECT_EQ(user_error([] { Chocolate2("5 - z"); }), "-p h=5 - z: not monotone: h(0) = 5 > h(1) = 4");
  EXPECT_NE(user_error([] { Chocolate("(x+z"); }).find("-p F=(x+z: column"), std::string::npos);
  EXPECT_NE(user_error([] { Chocolate2("x/2"); }).find("(variables: z)"), std::string::npos);
  EXPECT_NE(user_error([] { Chocolate("z/(4-x)"); }).find("-p F=z/(4-x): at F(4,0): "), std::string::npos);
}

// F is checked on every box a solve is about to use, not only on the default range.
TEST(Chocolate, NonMonotoneBeyondTheDefaultRangeIsCaughtBeforeASolve) {
  const Chocolate c("z == 40 ? 0 : z/2");
  EXPECT_EQ(user_error([&] { core::solve_dense(c, Box(Position{2, 3, 45})); }),
            "-p F=z == 40 ? 0 : z/2: not monotone: F(0,39) = 19 > F(0,40) = 0");
  EXPECT_THROW(games::solve_chocolate(c, Box(Position{2, 3, 45})), runtime::UserError);
  const Chocolate2 c2("z == 40 ? 0 : z/2");
  EXPECT_THROW(core::solve_dense(c2, Box(Position{3, 45})), runtime::UserError);
  EXPECT_NO_THROW(core::solve_dense(c2, Box(Position{3, 40})));
  // Overflow of F is a UserError naming -p F.
  const Chocolate big("z >= 35 ? z * 4611686018427387904 : z");
  EXPECT_NE(user_error([&] { core::solve_dense(big, Box(Position{1, 2, 40})); }).find("-p F="), std::string::npos);
}

TEST(Chocolate, RegistryBuildsBothFamilies) {
  const core::Game g = games::make_game(games::parse_game_spec("chocolate -p F=(x+z)/3 --pass"));
  EXPECT_EQ(g.coordinate_names(), (std::vector<std::string>{"x", "y", "z", "p"}));
  EXPECT_EQ(g.check(Position{2, 5, 7, 1}), "y = 5 exceeds F(x,z) = 3 at x = 2, z = 7");
  const core::Game s =
      games::make_game(games::parse_game_spec("sum -p 'a=nim -p heaps=1' -p 'b=chocolate2 -p h=z/2' --pass"));
  EXPECT_EQ(s.coordinate_names(), (std::vector<std::string>{"x", "y", "z", "p"}));
  EXPECT_THROW(games::make_game(games::parse_game_spec("chocolate")), runtime::UserError);
  EXPECT_THROW(games::make_game(games::parse_game_spec("chocolate2 -p h=z/2-1")), runtime::UserError);
}

namespace {

// The functions the fast solver is tested on: NS ones (z/2, Lemma 2's, max(x,z)/2, a constant) and
// others that are not NS, not separable, or flat.
const std::vector<std::string>& test_functions() {
  static const std::vector<std::string> fs = {
      "z/2", "z == 0 ? 0 : (1 << log2(z)) - 1", "(x+z)/3", "z/3", "max(x,z)/2", "min(x,z)", "x*z/4", "3", "0",
      "(x+2*z)/5", "max(x/2, z/3)", "x/2", "x+z"};
  return fs;
}

void expect_same(const core::DenseTable& fast, const core::DenseTable& slow, const std::string& label) {
  ASSERT_EQ(fast.box, slow.box) << label;
  ASSERT_EQ(fast.values.size(), slow.values.size()) << label;
  for (std::size_t i = 0; i < fast.values.size(); ++i)
    ASSERT_EQ(fast.values[i], slow.values[i]) << label << " at " << core::to_string(fast.box.at(i));
}

}  // namespace

TEST(ChocolateSolver, AgreesWithTheDenseSolver) {
  for (const std::string& src : test_functions()) {
    const Chocolate c(src);
    const Box box(Position{9, 8, 11});
    expect_same(games::solve_chocolate(c, box), core::solve_dense(c, box), src);
    for (int passes : {1, 2}) {
      const transforms::WithPass<Chocolate> w(c, passes);
      const Box pbox(Position{9, 8, 11, passes + 1});
      expect_same(games::solve_chocolate(c, pbox), core::solve_dense(w, pbox), src + " passes " + std::to_string(passes));
    }
  }
}

// Values past the first words of the line sets: the first-free pointers move across words and
// the mex starts past full ones.
TEST(ChocolateSolver, AgreesWithTheDenseSolverPastOneWord) {
  for (const std::string& src : std::vector<std::string>{"x+z", "z/2", "(x+2*z)/3"}) {
    const Chocolate c(src);
    const Box pbox(Position{20, 40, 90, 2});
    const core::DenseTable fast = games::solve_chocolate(c, pbox);
    expect_same(fast, core::solve_dense(transforms::WithPass<Chocolate>(c), pbox), src);
    core::Value most = 0;
    for (std::size_t i = 0; i < fast.values.size(); ++i)
      if (fast.values[i] != core::kNoValue) most = std::max(most, fast.values[i]);
    EXPECT_GT(most, 64U) << src;  // x+z reaches 115
  }
}

TEST(ChocolateSolver, AgreesWithTheDenseSolverIn2D) {
  for (const std::string& src : std::vector<std::string>{"z/2", "z == 0 ? 0 : (1 << log2(z)) - 1", "z/3", "z", "2", "(z*z)/7", "0"}) {
    const Chocolate2 c(src);
    const Box box(Position{14, 30});
    expect_same(games::solve_chocolate2(c, box), core::solve_dense(c, box), src);
    const transforms::WithPass<Chocolate2> w(c);
    const Box pbox(Position{14, 30, 2});
    expect_same(games::solve_chocolate2(c, pbox), core::solve_dense(w, pbox), src + " pass");
  }
}

// A box whose y range is cut below the largest F: the lines along x and z start from tops that
// lie above the box, which the solver must never need.
TEST(ChocolateSolver, AgreesOnBoxesCutInY) {
  for (const std::string& src : std::vector<std::string>{"x+z", "(x+z)/2", "max(x,z)"}) {
    const Chocolate c(src);
    for (std::int64_t ny : {1, 2, 5}) {
      const Box pbox(Position{7, ny, 9, 2});
      expect_same(games::solve_chocolate(c, pbox), core::solve_dense(transforms::WithPass<Chocolate>(c), pbox), src);
    }
  }
}

// The band sweep (the MPI form, here a world of one: its bands in turn) against the solver above,
// cell for cell: bands of 1 to 7 planes, and 2000 columns z, so that a block holds 8 rows y and
// the tops of the columns are added as the rows end, in blocks, not as the planes end. Under
// mpirun on 1 to 4 ranks: tests/mpi/mpi_test.cpp.
TEST(ChocolateSolver, TheBandSweepAgreesCellForCell) {
  for (const int rows : {1, 3, 7}) {
    const BandRows band(rows);
    for (const auto& [src, nx, ny, nz, layers] :
         {std::tuple{"(x+z)/60", 12, 30, 2000, 2}, std::tuple{"x+z", 9, 20, 700, 1},
          std::tuple{"max(x,z)/40", 13, 50, 2000, 3}, std::tuple{"z/2", 5, 8, 11, 2}}) {
      const games::BoundFunction F("F", src, true);
      const auto f = games::BoundGrid::of(nx, nz, [&](std::int64_t x, std::int64_t z) { return F(x, z); });
      const core::DenseTable one = games::solve_chocolate_grid(f, ny, layers);
      const core::BandTable bands = games::solve_chocolate_grid_bands(runtime::World{}, f, ny, layers);
      ASSERT_EQ(bands.values.size(), one.values.size()) << src;
      std::size_t differ = 0;
      for (std::size_t i = 0; i < one.values.size(); ++i) differ += one.values[i] != bands.values[i] ? 1 : 0;
      EXPECT_EQ(differ, 0u) << src << ", bands of " << rows << " planes";
    }
  }
}

TEST(ChocolateSolver, EmptyBoxesAndBadGrids) {
  const Chocolate c("z/2");
  EXPECT_TRUE(games::solve_chocolate(c, Box(Position{0, 3, 3})).values.empty());
  const auto bad = games::BoundGrid::of(2, 2, [](std::int64_t x, std::int64_t) { return 1 - x; });
  EXPECT_THROW(games::solve_chocolate_grid(bad, 2, 1), runtime::EngineError);
  EXPECT_THROW(games::solve_chocolate_grid(games::BoundGrid::of(64, 64, [](auto, auto) { return 63; }), 64, 2, 1000),
               runtime::TooLarge);
}

// Golden: Table 1 of the chocolate paper, G(CB_2(h,y,z)) for y < 8, z < 16, by the generic dense
// solver on the registry's game with Lemma 2's h (which admits every printed cell). Blank cells
// are exactly the non-positions; the printed values agree except (2,14) and (2,15), printed 13
// and 12, where Definition 7 gives 12 and 13 (ERRATA_CANDIDATES.md A1, A2).
TEST(ChocolateGolden, Table1) {
  const analysis::GoldenTable g = analysis::load_golden("chocolate_table1.tsv");
  const core::Game game = games::make_game(games::parse_game_spec("chocolate2 -p 'h=z == 0 ? 0 : (1 << log2(z)) - 1'"));
  const auto t = game.solve_dense(Box(Position{8, 16}));
  std::vector<std::pair<std::int64_t, std::int64_t>> mismatches;
  for (std::size_t r = 0; r < g.row_keys.size(); ++r)
    for (std::size_t c = 0; c < g.col_keys.size(); ++c) {
      const Position p{g.row_keys[r], g.col_keys[c]};
      ASSERT_EQ(g.cells[r][c].has_value(), t.at(p) != core::kNoValue) << core::to_string(p);
      if (g.cells[r][c] && static_cast<core::Value>(*g.cells[r][c]) != t.at(p)) mismatches.emplace_back(p[0], p[1]);
    }
  EXPECT_EQ(mismatches, (std::vector<std::pair<std::int64_t, std::int64_t>>{{2, 14}, {2, 15}}));
  EXPECT_EQ(t.at(Position{2, 14}), 12u);
  EXPECT_EQ(t.at(Position{2, 15}), 13u);
}
