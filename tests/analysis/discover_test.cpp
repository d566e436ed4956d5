#include "analysis/discover.hpp"

#include <gtest/gtest.h>

#include "analysis/formula.hpp"
#include "analysis/structure.hpp"
#include "games/registry.hpp"

namespace {

using namespace grundy;

core::DenseTable table_of(const std::string& spec, const core::Box& box,
                          core::Evaluation eval = core::Evaluation::Grundy) {
  const core::Game g = games::make_game(games::parse_game_spec(spec));
  return core::crop(g.solve_dense(box, eval), box);
}

core::Box cube(int n, std::int64_t side) {
  core::Position e(n);
  for (int i = 0; i < n; ++i) e[i] = side;
  return core::Box(e);
}

analysis::FormulaReport check(const core::DenseTable& t, const std::vector<std::string>& names, const std::string& src,
                              analysis::FormulaKind kind) {
  return analysis::check_formula(t, analysis::compile_formula("--test", src, names), kind,
                                 std::vector<bool>(static_cast<std::size_t>(t.box.arity()), true), "--test");
}

TEST(FormulaCheck, NimXorHoldsAndAWrongFormulaFails) {
  const auto t = table_of("nim -p heaps=3", cube(3, 8));
  const std::vector<std::string> names{"x", "y", "z"};
  EXPECT_TRUE(check(t, names, "x ^ y ^ z", analysis::FormulaKind::Grundy).holds());
  EXPECT_TRUE(check(t, names, "(x ^ y ^ z) == 0", analysis::FormulaKind::PPositions).holds());
  const auto bad = check(t, names, "x + y + z", analysis::FormulaKind::Grundy);
  EXPECT_FALSE(bad.holds());
  // x + y + z == x ^ y ^ z exactly when no two of them share a bit: count by brute force.
  std::int64_t expected = 0;
  for (int x = 0; x < 8; ++x)
    for (int y = 0; y < 8; ++y)
      for (int z = 0; z < 8; ++z) expected += (x + y + z) != (x ^ y ^ z);
  EXPECT_EQ(bad.mismatches, expected);
  ASSERT_FALSE(bad.first.empty());
  EXPECT_EQ(core::to_string(bad.first[0].pos), "0,1,1");
}

TEST(Discover, RediscoversNimXor) {
  const auto t = table_of("nim -p heaps=3", cube(3, 16));
  const auto r = analysis::discover(t, {"x", "y", "z"}, {});
  ASSERT_FALSE(r.grundy.empty());
  EXPECT_EQ(r.grundy[0].expression, "x ^ y ^ z");
  ASSERT_FALSE(r.ppos.empty());
  EXPECT_EQ(r.ppos[0].expression, "x ^ y ^ z == 0");
  EXPECT_EQ(r.structure.symmetries.size(), 3u);
  for (const auto& s : r.structure.symmetries) EXPECT_TRUE(s.holds);
  EXPECT_TRUE(r.structure.translations.empty());
}

// Corner the Knight (Theorem 2.2 of the knight paper) from its values alone: the symmetry and
// the period 4 along the diagonal, G(m+4, n+4) = G(m, n).
TEST(Discover, RediscoversTheKnightsPeriod) {
  const auto t = table_of("knight", cube(2, 32));
  const auto r = analysis::discover(t, {"m", "n"}, {});
  ASSERT_EQ(r.structure.symmetries.size(), 1u);
  EXPECT_TRUE(r.structure.symmetries[0].holds);
  ASSERT_FALSE(r.structure.translations.empty());
  EXPECT_EQ(core::to_string(r.structure.translations[0].v), "4,4");
}

// The chocolate theorem (Theorems 2 and 3 of the chocolate paper): G = x xor y xor z for an NS
// bound F(x,z) = floor(z/2), rediscovered on the valid positions (y <= F) only.
TEST(Discover, RediscoversTheChocolateTheorem) {
  const auto t = table_of("chocolate -p F=z/2", cube(3, 16));
  const auto r = analysis::discover(t, {"x", "y", "z"}, {});
  ASSERT_FALSE(r.grundy.empty());
  EXPECT_EQ(r.grundy[0].expression, "x ^ y ^ z");
}

// The FTS paper's Theorems 3.1-3.3 written as printed, and the found formula: both must hold on
// the box (the found one may be an equivalent, shorter form; on B_2, total % 4 == 0 iff every
// pile is even).
TEST(Discover, RediscoversFtsCriteriaForDTwoThreeFour) {
  const std::vector<std::string> names{"x", "y", "z"};
  const std::vector<std::pair<int, std::string>> theorems{
      {2, "(x/2 ^ y/2 ^ z/2) == 0 && (total % 2 == 1 || x % 2 == 0 && y % 2 == 0 && z % 2 == 0)"},
      {3, "(x/3 ^ y/3 ^ z/3) == 0 && (total % 3 == 1 || total % 3 == 0 && x % 3 != 2 && y % 3 != 2 && z % 3 != 2)"},
      {4, "(x/2 ^ y/2 ^ z/2) == 0 && (total % 2 == 1 || total % 4 == 0 && x % 2 == 0 && y % 2 == 0 && z % 2 == 0)"}};
  for (const auto& [d, theorem] : theorems) {
    const auto t = table_of("fts -p piles=3 -p d=" + std::to_string(d), cube(3, 20), core::Evaluation::NormalOutcome);
    EXPECT_TRUE(check(t, names, theorem, analysis::FormulaKind::PPositions).holds()) << d;
    const auto r = analysis::discover(t, names, {});
    ASSERT_FALSE(r.ppos.empty()) << d;
    EXPECT_TRUE(r.ppos[0].exceptions.empty()) << d;
    EXPECT_TRUE(check(t, names, r.ppos[0].expression, analysis::FormulaKind::PPositions).holds()) << r.ppos[0].expression;
    // It names the theorem's nim-sum condition B_m.
    const std::string bm = d == 3 ? "x / 3 ^ y / 3 ^ z / 3 == 0" : "x / 2 ^ y / 2 ^ z / 2 == 0";
    EXPECT_EQ(r.ppos[0].expression.rfind(bm, 0), 0u) << r.ppos[0].expression;
  }
}

// A finite exception list: Nim's P-positions with one cell flipped are found as the xor rule
// except at that cell.
TEST(Discover, FindsExceptionLists) {
  auto t = table_of("nim -p heaps=2", cube(2, 12));
  t.values.set(t.box.index(core::Position{3, 5}), 0);  // claim (3,5) is a P-position
  const auto r = analysis::discover(t, {"x", "y"}, {});
  ASSERT_FALSE(r.ppos.empty());
  EXPECT_EQ(r.ppos[0].expression, "x ^ y == 0");
  ASSERT_EQ(r.ppos[0].exceptions.size(), 1u);
  EXPECT_EQ(core::to_string(r.ppos[0].exceptions[0].first), "3,5");
  ASSERT_FALSE(r.grundy.empty());
  EXPECT_EQ(r.grundy[0].expression, "x ^ y");
  EXPECT_EQ(r.grundy[0].exceptions.size(), 1u);
}

// Translation periods from values alone, as for the knight's G(i+4, j+4) = G(i, j): here a sum
// of two subtraction games, G(x1+4, x2) = G(x1, x2) and G(x1, x2+3) = G(x1, x2), and a table
// built with a diagonal period (the knight's shape) checked by the same search.
TEST(Structure, TranslationsAndLines) {
  const auto t = table_of("sum -p 'a=subtraction -p set=1,2,3' -p 'b=subtraction -p set=1,2'", cube(2, 24));
  const auto r = analysis::analyze_structure(t, {});
  ASSERT_EQ(r.translations.size(), 2u);
  EXPECT_EQ(core::to_string(r.translations[0].v), "0,3");
  EXPECT_EQ(core::to_string(r.translations[1].v), "4,0");
  ASSERT_EQ(r.symmetries.size(), 1u);
  EXPECT_FALSE(r.symmetries[0].holds);
  ASSERT_EQ(r.lines.size(), 2u);
  EXPECT_EQ(r.lines[0].periodic, 24);
  EXPECT_EQ(r.lines[0].kinds.begin()->first.first, 4);

  core::DenseTable diag;
  diag.box = cube(2, 24);
  diag.values.resize(diag.box.count());
  core::Position p(2);
  do
    diag.values.set(diag.box.index(p),
                    static_cast<core::Value>((p[0] - p[1] + 100) * 7 % 5 + (std::min(p[0], p[1]) % 4) * 5));
  while (diag.box.next(p));
  const auto d = analysis::analyze_structure(diag, {});
  ASSERT_EQ(d.translations.size(), 1u);
  EXPECT_EQ(core::to_string(d.translations[0].v), "4,4");
  EXPECT_EQ(d.translations[0].from, 0);
}

TEST(Structure, NimWithPassIsSymmetric) {
  const auto t = table_of("nim -p heaps=2 --pass", core::Box(core::Position{16, 16, 2}));
  analysis::StructureOptions o;
  o.skip = {2};
  const auto r = analysis::analyze_structure(t, o);
  ASSERT_EQ(r.symmetries.size(), 1u);
  EXPECT_TRUE(r.symmetries[0].holds);
}

// Cells that are not positions confirm nothing. Before, the chocolate bar with h = 0 (only y = 0
// is a position) "had" G(y+1, z) = G(y, z) for y >= 1, and five more translations, all checked
// on pairs of non-positions only; a bar with F = z/4 had 25 such.
TEST(Structure, TranslationsNeedPositionsOnTwoPeriods) {
  for (const std::string spec : {"chocolate2 -p h=0", "chocolate2 -p h=1", "chocolate -p F=z/4"}) {
    const bool two_d = spec.rfind("chocolate2", 0) == 0;
    const auto t = table_of(spec, cube(two_d ? 2 : 3, 12));
    EXPECT_TRUE(analysis::analyze_structure(t, {}).translations.empty()) << spec;
    const std::vector<std::string> names =
        two_d ? std::vector<std::string>{"y", "z"} : std::vector<std::string>{"x", "y", "z"};
    EXPECT_TRUE(analysis::discover(t, names, {}).structure.translations.empty()) << spec;
  }
  const auto bar = table_of("chocolate2 -p h=0", cube(2, 12));
  EXPECT_EQ(analysis::translation_from(bar, core::Position{1, 0}, 3), 1);  // held, vacuously, from y = 1
  const auto none = analysis::translation_support(bar, core::Position{1, 0}, 1);
  EXPECT_EQ(none.pairs, 0);
  EXPECT_FALSE(none.enough);
  // The knight's G(m+4, n+4) = G(m, n) on 32 x 32 is backed by every pair of the box.
  const auto knight = table_of("knight", cube(2, 32));
  const auto s = analysis::translation_support(knight, core::Position{4, 4}, 0);
  EXPECT_EQ(s.pairs, 28 * 28);
  EXPECT_TRUE(s.enough);
  // Two full periods along the shifted coordinate, no fewer: a shift of 4 on a line of 12 (8
  // pairs) is enough, on a line of 11 (7 pairs) it is not.
  for (const std::int64_t n : {12, 11}) {
    core::DenseTable line;
    line.box = core::Box(core::Position{n});
    line.values.reset(static_cast<std::size_t>(n), 1);
    for (std::int64_t x = 0; x < n; ++x) line.values.set(static_cast<std::size_t>(x), static_cast<core::Value>(x % 4));
    EXPECT_EQ(analysis::translation_support(line, core::Position{4}, 0).enough, n == 12) << n;
  }
}

// No line that decreases regularly is reported ultimately periodic: on Nim's 8 x 8 table the row
// y = 7 is 7 6 5 .. 0, which "had period 1, saltus -1" before.
TEST(Structure, DecreasingLinesAreNotPeriodic) {
  const auto r = analysis::analyze_structure(table_of("nim -p heaps=2", cube(2, 8)), {});
  ASSERT_EQ(r.lines.size(), 2u);
  for (const auto& l : r.lines) {
    for (const auto& [kind, count] : l.kinds) EXPECT_GE(kind.second, 0) << "period " << kind.first;
    EXPECT_TRUE(l.any_aperiodic);
    EXPECT_LT(l.periodic, l.lines);
  }
}

// An exception list is at most 1% of the positions and at most 12 cells. Before, Corner the
// Queen on 4 x 4 was "G = m ^ n except at" 9 of its 16 positions.
TEST(Discover, ExceptionListsAreAtMostOnePercentOfTheBox) {
  const auto queen = analysis::discover(table_of("queen", cube(2, 4)), {"m", "n"}, {});
  EXPECT_EQ(queen.exception_cap, 0u);
  for (const auto& c : queen.grundy) EXPECT_TRUE(c.exceptions.empty()) << c.expression;
  for (const auto& c : queen.ppos) EXPECT_TRUE(c.exceptions.empty()) << c.expression;

  // Nim on 12 x 12 (144 positions: one exception allowed) with two cells flipped.
  auto t = table_of("nim -p heaps=2", cube(2, 12));
  t.values.set(t.box.index(core::Position{3, 5}), 0);
  t.values.set(t.box.index(core::Position{7, 2}), 0);
  const auto two = analysis::discover(t, {"x", "y"}, {});
  EXPECT_EQ(two.exception_cap, 1u);
  for (const auto& c : two.ppos) EXPECT_LE(c.exceptions.size(), 1u) << c.expression;
  for (const auto& c : two.grundy) EXPECT_LE(c.exceptions.size(), 1u) << c.expression;

  // On 40 x 40 (1600 positions) the fixed cap, 12, is the smaller: 12 flipped cells are listed,
  // 13 are too many.
  auto big = table_of("nim -p heaps=2", cube(2, 40));
  for (std::int64_t k = 1; k <= 13; ++k) {
    big.values.set(big.box.index(core::Position{k, 40 - k}), 0);  // an N-position (k != 40 - k) claimed P
    if (k < 12) continue;
    const auto r = analysis::discover(big, {"x", "y"}, {});
    EXPECT_EQ(r.exception_cap, 12u);
    const bool listed = !r.ppos.empty() && r.ppos[0].expression == "x ^ y == 0";
    EXPECT_EQ(listed, k == 12) << k;
    if (listed) {
      EXPECT_EQ(r.ppos[0].exceptions.size(), 12u);
    }
  }
}

}  // namespace
