// Golden data from the literature, never from the engine's own output (data/golden/README.md).
#include <gtest/gtest.h>

#include "analysis/golden.hpp"
#include "core/solve/solve.hpp"
#include "games/registry.hpp"

using namespace grundy;
using core::Box;
using core::Position;

namespace {
core::Game game(const std::string& spec) { return games::make_game(games::parse_game_spec(spec)); }
}  // namespace

// Chocolate paper, Table 2: G_P(x,y) of two-heap Nim with a pass (Definition 12) is the value
// of `nim -p heaps=2 --pass` at p = 1.
TEST(Golden, ChocolateTable2IsNimWithAPass) {
  const analysis::GoldenTable g = analysis::load_golden("chocolate_table2.tsv");
  const core::Game nim = game("nim -p heaps=2 --pass");
  const auto t = nim.solve_dense(Box(Position{13, 13, 2}));
  ASSERT_EQ(g.row_keys.size(), 13u);
  for (std::size_t r = 0; r < g.row_keys.size(); ++r)
    for (std::size_t c = 0; c < g.col_keys.size(); ++c)
      EXPECT_EQ(t.at(Position{g.row_keys[r], g.col_keys[c], 1}), static_cast<core::Value>(*g.cells[r][c]))
          << "G_P(" << g.row_keys[r] << "," << g.col_keys[c] << ")";
}

// Chocolate paper, Lemma 6 (beyond Table 2): G_P(x,y) = 0 iff x = y = 0 or {x,y} = {2n, 2n-1}.
TEST(Golden, NimWithAPassLemma6OnALargerBox) {
  const auto t = game("nim -p heaps=2 --pass").solve_dense(Box(Position{200, 200, 2}));
  for (std::int64_t x = 0; x < 200; ++x)
    for (std::int64_t y = 0; y < 200; ++y) {
      const bool claim = (x == 0 && y == 0) || (x > 0 && x % 2 == 0 && y == x - 1) || (y > 0 && y % 2 == 0 && x == y - 1);
      EXPECT_EQ(t.at(Position{x, y, 1}) == 0, claim) << x << "," << y;
    }
}

// The subtraction paper, Theorem 2 for {2, 12, 14} (n = 3, period p = 8n = 24): G(24k + 4m + t)
// is 0 for t = 0,1 and 1 for t = 2,3 when m <= n-1, and 2 for t = 0,1 at 24k + 4n + 4m + t.
// The printed statement is cut after (iii); (iv) is not asserted here.
TEST(Golden, SubtractionTheorem2ForN3) {
  const std::int64_t n = 3, period = 8 * n;
  const auto t = game("subtraction -p set=2,12,14").solve_dense(Box(Position{2400}));
  for (std::int64_t k = 0; k < 99; ++k)
    for (std::int64_t m = 0; m <= n - 1; ++m)
      for (std::int64_t tt = 0; tt < 4; ++tt) {
        EXPECT_EQ(t.at(Position{period * k + 4 * m + tt}), tt < 2 ? 0u : 1u) << k << " " << m << " " << tt;
        if (tt < 2) {
          EXPECT_EQ(t.at(Position{period * k + 4 * n + 4 * m + tt}), 2u) << k << " " << m << " " << tt;
        }
      }
}

// 5-FTS Nim is Nim with moves into totals divisible by 5 barred. Hand check on two piles:
// (0,0) is forbidden, so (0,1) and (1,0) are terminal (G = 0); (1,1) moves only to those (G = 1);
// (2,0) moves only to (1,0) (G = 1); (0,5) may not move to (0,0) and reaches (0,1..4).
TEST(Golden, FtsNimIsNimWithAForbiddenTotal) {
  const auto t = game("nim -p heaps=2 --forbid 'total % 5 == 0'").solve_dense(Box(Position{30, 30}));
  EXPECT_EQ(t.at(Position{0, 1}), 0u);
  EXPECT_EQ(t.at(Position{1, 0}), 0u);
  EXPECT_EQ(t.at(Position{1, 1}), 1u);
  EXPECT_EQ(t.at(Position{2, 0}), 1u);
  EXPECT_EQ(t.at(Position{0, 2}), 1u);
  // (0,3): options (0,1) G0, (0,2) G1 -> 2.  (0,4): (0,1),(0,2),(0,3) -> 0,1,2 -> 3.
  EXPECT_EQ(t.at(Position{0, 3}), 2u);
  EXPECT_EQ(t.at(Position{0, 4}), 3u);
  // (0,5): (0,1..4) -> 0,1,2,3 -> 4.
  EXPECT_EQ(t.at(Position{0, 5}), 4u);
}
