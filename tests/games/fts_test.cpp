// Forbidden-Total-Size Nim (Oginuma, Shinoda): the `fts` family against its definition as
// `nim --forbid`, the fast outcome sweep and the f(x,y) grid against the generic solvers, and
// the papers' two printed f tables.
#include "games/fts.hpp"

#include <gtest/gtest.h>

#include <map>

#include "analysis/golden.hpp"
#include "core/solve/dense_solver.hpp"
#include "games/fts_solver.hpp"
#include "games/nim.hpp"
#include "games/registry.hpp"
#include "transforms/forbid.hpp"

using namespace grundy;
using core::Box;
using core::Evaluation;
using core::Position;
using games::FtsNim;

namespace {

core::Game game(const std::string& spec) { return games::make_game(games::parse_game_spec(spec)); }

Box cube(int n, std::int64_t side) {
  Position e(n);
  for (int i = 0; i < n; ++i) e[i] = side;
  return Box(e);
}

std::vector<Position> options_of(const core::Game& g, const Position& p) {
  std::vector<Position> out;
  g.for_each_option(p, [&](const Position& o) { out.push_back(o); });
  return out;
}

// The S sets the tests run on: expressions of the total alone, and one that reads the piles.
const std::vector<std::string>& s_sets() {
  static const std::vector<std::string> s = {
      "total in {0,1}", "0", "total == 0", "total % 2 == 1", "total in {2,5,6}", "x == 1 && total % 3 == 0"};
  return s;
}

}  // namespace

// d-FTS Nim is by definition Nim with moves into totals divisible by d barred (Section 2.2):
// the same options in the same order and the same Grundy value in every cell.
TEST(Fts, MultiplesOfDIsNimForbiddingTheTotal) {
  for (std::int64_t d : {2, 3, 4, 5, 7}) {
    for (int n : {1, 2, 3, 4}) {
      const std::int64_t side = n == 1 ? 40 : n == 2 ? 24 : n == 3 ? 10 : 6;
      const auto fts = game("fts -p piles=" + std::to_string(n) + " -p d=" + std::to_string(d));
      const auto nim = game("nim -p heaps=" + std::to_string(n) + " --forbid 'total % " + std::to_string(d) + " == 0'");
      const Box box = cube(n, side);
      const auto a = fts.solve_dense(box), b = nim.solve_dense(box);
      ASSERT_EQ(a.values, b.values) << "d = " << d << ", " << n << " piles";
      Position p(n);
      do {
        ASSERT_EQ(fts.check(p), "");
        const auto oa = options_of(fts, p), ob = options_of(nim, p);
        ASSERT_EQ(oa.size(), ob.size()) << core::to_string(p);
        for (std::size_t i = 0; i < oa.size(); ++i) ASSERT_EQ(oa[i], ob[i]) << core::to_string(p);
      } while (box.next(p));
    }
  }
}

TEST(Fts, ExpressionSetIsNimForbiddingIt) {
  for (const std::string& s : s_sets()) {
    for (int n : {2, 3}) {
      const auto fts = game("fts -p piles=" + std::to_string(n) + " -p 'S=" + s + "'");
      const auto nim = game("nim -p heaps=" + std::to_string(n) + " --forbid '" + s + "'");
      const Box box = cube(n, n == 2 ? 20 : 9);
      ASSERT_EQ(fts.solve_dense(box).values, nim.solve_dense(box).values) << s << ", " << n << " piles";
    }
  }
}

// A forbidden position is still a position (a game may start there), with its legal moves.
TEST(Fts, StartInXdIsAPosition) {
  const FtsNim g = FtsNim::multiples_of(2, 5);
  EXPECT_EQ(g.check(Position{0, 5}), "");
  EXPECT_TRUE(g.forbidden(Position{0, 5}));
  std::vector<Position> opts;
  g.for_each_option(Position{0, 5}, [&](const Position& o) { opts.push_back(o); });
  EXPECT_EQ(opts, (std::vector<Position>{{0, 1}, {0, 2}, {0, 3}, {0, 4}}));  // (0,0) is barred
  EXPECT_NE(g.check(Position{-1, 2}).find("is negative"), std::string::npos);
  EXPECT_EQ(g.name(), "fts(piles=2,d=5)");
  EXPECT_EQ(FtsNim::with_set(3, "total in {0,1}").name(), "fts(piles=3,S=total in {0,1})");
}

// The fast outcome sweep against the generic dense solver (normal-play outcomes), cell by cell,
// on cubes and on lopsided boxes, for d-FTS and for expression sets.
TEST(FtsSolver, OutcomeSweepAgreesWithGenericSolver) {
  std::vector<FtsNim> games_list;
  for (std::int64_t d = 2; d <= 8; ++d)
    for (int n = 1; n <= 4; ++n) games_list.push_back(FtsNim::multiples_of(n, d));
  for (const std::string& s : s_sets())
    for (int n = 1; n <= 4; ++n)
      if (n <= 3 || s.find("x ==") == std::string::npos) games_list.push_back(FtsNim::with_set(n, s));  // x1.. beyond 3
  for (const FtsNim& g : games_list) {
    const int n = g.piles();
    std::vector<Box> boxes = {cube(n, n == 1 ? 60 : n == 2 ? 30 : n == 3 ? 12 : 7)};
    Position lop(n);
    for (int i = 0; i < n; ++i) lop[i] = 3 + 4 * i;  // sides 3, 7, 11, 15
    boxes.push_back(Box(lop));
    for (const Box& box : boxes) {
      const auto generic = core::solve_dense(g, box, Evaluation::NormalOutcome);
      const auto fast = games::solve_fts_outcomes(g, box);
      Position p(n);
      do {
        ASSERT_EQ(fast.is_p(p), generic.at(p) == 0)
            << g.name() << " at " << core::to_string(p) << " in " << box.to_string();
      } while (box.next(p));
    }
  }
}

// The sweep reports X_S membership exactly as the ruleset defines it.
TEST(FtsSolver, SweepReportsForbiddenCells) {
  for (const FtsNim& g : {FtsNim::multiples_of(3, 4), FtsNim::with_set(3, "total in {0,1}"),
                          FtsNim::with_set(3, "x == 1 && total % 3 == 0")}) {
    std::size_t cells = 0;
    games::sweep_fts_outcomes(g, cube(3, 6), [&](const Position& p, bool, bool in_s) {
      ++cells;
      ASSERT_EQ(in_s, g.forbidden(p)) << g.name() << " at " << core::to_string(p);
    });
    EXPECT_EQ(cells, 216u);
  }
}

// Theorem 4.1's f(x,y), computed by the recursion (4.3), is the unique z with (x,y,z) a
// P-position outside X_S, checked against the full P-set of the generic solver on a box.
TEST(FtsSolver, FGridIsTheUniqueCompletionInTheGenericPSet) {
  std::vector<FtsNim> games_list;
  for (std::int64_t d = 2; d <= 9; ++d) games_list.push_back(FtsNim::multiples_of(3, d));
  games_list.push_back(FtsNim::with_set(3, "total in {0,1}"));
  games_list.push_back(FtsNim::with_set(3, "total in {2,5,6}"));
  games_list.push_back(FtsNim::with_set(3, "x == 1 && total % 3 == 0"));  // reads a pile: f is not symmetric
  const std::int64_t n = 12, z_side = 2 * n + 12;
  for (const FtsNim& g : games_list) {
    const auto f = games::fts_f_grid(g, n);
    const auto generic = core::solve_dense(g, Box(Position{n, n, z_side}), Evaluation::NormalOutcome);
    for (std::int64_t x = 0; x < n; ++x)
      for (std::int64_t y = 0; y < n; ++y) {
        ASSERT_LT(f.at(x, y), z_side) << g.name();
        for (std::int64_t z = 0; z < z_side; ++z) {
          const Position p{x, y, z};
          const bool p1 = generic.at(p) == 0 && !g.forbidden(p);
          ASSERT_EQ(p1, z == f.at(x, y)) << g.name() << " at " << core::to_string(p);
        }
      }
  }
}

// The two fast routes to f (recursion and outcome sweep) agree on a larger grid, large enough
// (> 128 columns) for the two-thread pipeline of the recursion's line sweep.
TEST(FtsSolver, FGridMatchesFReadOffTheSweep) {
  for (const FtsNim& g : {FtsNim::multiples_of(3, 5), FtsNim::multiples_of(3, 2), FtsNim::with_set(3, "total in {0,1}"),
                          FtsNim::with_set(3, "total % 7 == 3 || total == 100")}) {
    const std::int64_t n = 160;
    const auto rec = games::fts_f_grid(g, n);
    const auto swept = games::fts_f_from_game(g, n, 2 * n + 8);
    for (std::int64_t x = 0; x < n; ++x)
      for (std::int64_t y = 0; y < n; ++y) {
        ASSERT_EQ(swept.count_at(x, y), 1) << g.name() << " at " << x << "," << y;
        ASSERT_EQ(swept.at(x, y), rec.at(x, y)) << g.name() << " at " << x << "," << y;
      }
  }
}

TEST(FtsSolver, FGridRefusesAnSThatForbidsEveryLargeTotal) {
  try {
    games::fts_f_grid(FtsNim::with_set(3, "total >= 10"), 8);
    FAIL();
  } catch (const runtime::UserError& e) {
    EXPECT_NE(std::string(e.what()).find("f needs S to leave infinitely many totals allowed"), std::string::npos)
        << e.what();
  }
}

// Hand checks on 5-FTS Nim (Section 4.1). (5,4,2): its options that are not barred are
// (a,4,2), a < 5, a != 4 (total 10); (5,b,2), b < 4, b != 3 (total 10); (5,4,c), c < 2, c != 1.
// The text says it is P; the quotient nim-sum 1 xor 0 xor 0 = 1 is not 0.
TEST(Fts, PaperExamplesFor5Fts) {
  const FtsNim g = FtsNim::multiples_of(3, 5);
  const auto t = core::solve_dense(g, cube(3, 8), Evaluation::NormalOutcome);
  EXPECT_EQ(t.at(Position{5, 4, 2}), 0u);
  EXPECT_EQ(t.at(Position{5, 0, 5}), 0u);  // both P: (5,0,5) is in X_5 (a P_0 start position)
  EXPECT_EQ(t.at(Position{5, 0, 6}), 0u);
  // Two piles, hand: (0,1), (1,0) are terminal; (1,1) -> only those; (2,2) -> (1,2),(2,1),(0,2),(2,0).
  const auto t2 = core::solve_dense(FtsNim::multiples_of(2, 5), cube(2, 8), Evaluation::NormalOutcome);
  EXPECT_EQ(t2.at(Position{0, 1}), 0u);
  EXPECT_EQ(t2.at(Position{1, 1}), 1u);
}

// The papers' printed f tables (golden files typed in from the text), cell by cell.
TEST(FtsGolden, PrintedFTablesEqualTheRecursion) {
  const struct {
    const char* file;
    FtsNim rules;
  } tables[] = {{"fts_d5_f.tsv", FtsNim::multiples_of(3, 5)}, {"fts_s01_f.tsv", FtsNim::with_set(3, "total in {0,1}")}};
  for (const auto& [file, rules] : tables) {
    const analysis::GoldenTable gold = analysis::load_golden(file);
    const auto f = games::fts_f_grid(rules, 10);
    ASSERT_EQ(gold.row_keys.size(), 10u);
    ASSERT_EQ(gold.col_keys.size(), 10u);
    for (std::size_t r = 0; r < 10; ++r)
      for (std::size_t c = 0; c < 10; ++c)
        EXPECT_EQ(f.at(gold.row_keys[r], gold.col_keys[c]), *gold.cells[r][c])
            << file << " f(" << gold.row_keys[r] << "," << gold.col_keys[c] << ")";
  }
}

TEST(Fts, BadParametersAreNamed) {
  auto message = [](const std::string& spec) {
    try {
      game(spec);
    } catch (const runtime::UserError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message("fts").find("give exactly one of -p d=D"), std::string::npos) << message("fts");
  EXPECT_NE(message("fts -p d=3 -p 'S=total == 0'").find("both were given"), std::string::npos);
  EXPECT_NE(message("fts -p d=1").find("-p d"), std::string::npos) << message("fts -p d=1");
  EXPECT_NE(message("fts -p d=five").find("-p d"), std::string::npos);
  EXPECT_NE(message("fts -p 'S=total in {0,'").find("-p S='total in {0,'"), std::string::npos)
      << message("fts -p 'S=total in {0,'");
  EXPECT_NE(message("fts -p 'S=w == 1'").find("-p S="), std::string::npos) << message("fts -p 'S=w == 1'");
  EXPECT_NE(message("fts -p piles=0 -p d=3").find("-p piles"), std::string::npos);
  EXPECT_NE(message("fts -p piles=16 -p d=3").find("-p piles"), std::string::npos);
  EXPECT_NE(message("fts -p k=3").find("unknown parameter 'k'"), std::string::npos);
  // A run-time failure of S names it and the position.
  const FtsNim div = FtsNim::with_set(2, "total / (x - 1) == 2");
  EXPECT_THROW(div.forbidden(Position{1, 3}), runtime::UserError);
  // f needs three piles and infinitely many allowed totals.
  EXPECT_THROW(games::fts_f_grid(FtsNim::multiples_of(2, 5), 4), runtime::UserError);
  EXPECT_THROW(games::fts_f_grid(FtsNim::with_set(3, "total >= 2"), 4), runtime::UserError);
}
