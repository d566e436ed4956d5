// Golden data for the chess pieces: the knight paper's printed tables (never the engine's own
// output), and the classic results for the queen (Wythoff) and the rook (Nim).
#include <gtest/gtest.h>

#include "analysis/golden.hpp"
#include "core/solve/dense_solver.hpp"
#include "games/registry.hpp"

using namespace grundy;
using core::Box;
using core::Position;

namespace {

core::Game game(const std::string& spec) { return games::make_game(games::parse_game_spec(spec)); }

// floor(sqrt(x)) for x >= 0, exactly.
std::int64_t isqrt(std::int64_t x) {
  std::int64_t r = 0;
  for (std::int64_t bit = std::int64_t{1} << 31; bit > 0; bit >>= 1)
    if ((r + bit) * (r + bit) <= x) r += bit;
  return r;
}

void expect_table(const std::string& file) {
  const analysis::GoldenTable g = analysis::load_golden(file);
  const auto t = game("knight").solve_dense(Box(Position{16, 12}));
  ASSERT_EQ(g.row_keys.size(), 12u);
  ASSERT_EQ(g.col_keys.size(), 16u);
  // Rows are n, columns m, cell gS(m,n). ERRATA_CANDIDATES.md lists no wrong cell in either table.
  for (std::size_t r = 0; r < g.row_keys.size(); ++r)
    for (std::size_t c = 0; c < g.col_keys.size(); ++c)
      EXPECT_EQ(t.at(Position{g.col_keys[c], g.row_keys[r]}), static_cast<core::Value>(*g.cells[r][c]))
          << file << ": gS(" << g.col_keys[c] << "," << g.row_keys[r] << ")";
}

}  // namespace

// Knight paper, Table 1 and Table 4 (the same grid printed twice).
TEST(Golden, KnightTable1) { expect_table("knight_table1.tsv"); }
TEST(Golden, KnightTable4) { expect_table("knight_table4.tsv"); }

// Wythoff (1907), Corner the Queen: the P-positions are (a_k, b_k) and (b_k, a_k) with
// a_k = floor(k*phi), b_k = a_k + k = floor(k*phi^2). With s = sqrt(5k^2) irrational for k > 0,
// floor((k + s)/2) = floor((k + floor(s))/2), so a_k = (k + isqrt(5k^2)) / 2 in integers.
TEST(Golden, QueenPPositionsAreWythoffPairs) {
  constexpr std::int64_t kN = 300;
  std::vector<std::vector<bool>> p(kN, std::vector<bool>(kN, false));
  for (std::int64_t k = 0; k < kN; ++k) {
    const std::int64_t a = (k + isqrt(5 * k * k)) / 2, b = a + k;
    if (b < kN) p[a][b] = p[b][a] = true;
  }
  EXPECT_TRUE(p[1][2] && p[3][5] && p[4][7] && p[6][10] && p[8][13]);  // the classic first pairs
  const auto t = game("queen").solve_dense(Box(Position{kN, kN}));
  for (std::int64_t m = 0; m < kN; ++m)
    for (std::int64_t n = 0; n < kN; ++n) ASSERT_EQ(t.at(Position{m, n}) == 0, p[m][n]) << m << "," << n;
}

// The rook is two-heap Nim: G = m xor n (Bouton).
TEST(Golden, RookIsNim) {
  const auto t = game("rook").solve_dense(Box(Position{64, 64}));
  for (std::int64_t m = 0; m < 64; ++m)
    for (std::int64_t n = 0; n < 64; ++n) ASSERT_EQ(t.at(Position{m, n}), static_cast<core::Value>(m ^ n));
}
