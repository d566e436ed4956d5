// The band sweep (core/solve/band_sweep.hpp) in one process, a world of one rank: its bands in turn,
// the sets handed from band to band in memory, against core::sweep_lines_2d, its twin. Many
// small bands (GRUNDY_BAND_ROWS), blocks cut across the bands' edges, every sweep shape. The
// same on 1 to 4 MPI ranks: tests/mpi/mpi_test.cpp.
#include <gtest/gtest.h>

#include "core/solve/band_sweep.hpp"
#include "runtime/progress.hpp"
#include "support/band_rows.hpp"

using namespace grundy;

namespace {

// The full table of a band sweep, streamed by for_each_row.
std::vector<core::Value> rows_of(const core::BandTable& t) {
  std::vector<core::Value> all;
  core::for_each_row(t, [&](std::uint64_t x, const core::Value* row) {
    EXPECT_EQ(all.size(), x * t.layout.Y * t.layout.L);
    all.insert(all.end(), row, row + t.layout.Y * t.layout.L);
  });
  return all;
}

template <bool Diagonal, class Included>
void expect_twins(std::uint64_t X, std::uint64_t Y, std::uint64_t L, bool symmetric, const Included& included,
                  int width, const std::string& label) {
  auto pass = [](std::uint64_t, std::uint64_t, std::uint64_t l, core::Value prev, bool has_move) {
    return core::detail::OneValue{l > 0 && has_move ? prev : core::kNoValue};
  };
  const std::uint64_t bound = core::line_game_2d_bound(X, Y, Diagonal);
  std::vector<core::Value> one(X * Y * L);
  core::sweep_lines_2d<Diagonal>(X, Y, L, bound, symmetric, included, pass, one.data(), 1);
  const std::uint64_t ticked = runtime::detail::g_progress_done.load();
  const core::BandTable t =
      core::sweep_lines_2d_bands<Diagonal>(runtime::World{}, X, Y, L, bound, symmetric, included, pass, width);
  // The progress meter counts every cell once, a symmetric table's mirrored ones too.
  if (width > 1) {  // not swept again in four bytes
    EXPECT_EQ(runtime::detail::g_progress_done.load() - ticked, X * Y * L) << label;
  }
  EXPECT_EQ(t.layout.local_rows(), X) << label;
  EXPECT_EQ(rows_of(t), one) << label;
}

}  // namespace

TEST(BandSweep, EveryShapeMatchesTheThreadSweep) {
  auto all = [](const core::Position&) { return true; };
  auto some = [](const core::Position& p) { return (p[0] * 7 + p[1] * 3) % 5 != 0; };
  // 300 rows a band: the stream to rank 0 takes them 256 and 44 at a time.
  for (int rows : {1, 5, 64, 300, 1000}) {
    const BandRows band(rows);
    const std::string b = " bands of " + std::to_string(rows);
    // 300 columns: a block of 256 and a short one, cut across the bands' edges.
    expect_twins<false>(300, 300, 2, true, all, 2, "nim pass symmetric" + b);
    expect_twins<false>(130, 301, 1, false, all, 2, "nim 130x301" + b);
    expect_twins<false>(97, 260, 3, false, some, 2, "forbidden cells, 2 passes" + b);
    expect_twins<true>(270, 270, 1, true, all, 2, "queen symmetric" + b);
    expect_twins<true>(150, 290, 2, false, all, 2, "queen with a pass, 150x290" + b);
    expect_twins<true>(90, 90, 2, false, some, 2, "queen, forbidden cells" + b);
  }
}

TEST(BandSweep, TooNarrowCellsAreSweptAgainInFour) {
  const BandRows band(7);
  auto all = [](const core::Position&) { return true; };
  // Values up to 511 do not fit one byte.
  expect_twins<false>(300, 300, 1, true, all, 1, "one byte, symmetric");
  expect_twins<true>(200, 120, 1, false, all, 1, "one byte, queen");
}

TEST(BandSweep, LayoutOfBands) {
  const core::BandLayout b = core::BandLayout::make(1000, 1000, 2, true, 3, 1);
  EXPECT_EQ(b.B, 64u);  // 1000 / 24 rounded up is 42, below the least band
  EXPECT_EQ(b.bands(), 16u);
  EXPECT_EQ(b.owner(4), 1);
  // Rank 1: bands 1, 4, 7, 10, 13, each of 64 rows.
  EXPECT_EQ(b.local_rows(), 5u * 64);
  EXPECT_EQ(b.local_row(4 * 64 + 3), 64u + 3);
  EXPECT_EQ(b.columns(1), 128u);  // a symmetric band stops at its last row's diagonal
  EXPECT_EQ(b.blocks(15), 4u);    // the last band, rows 960..999: 1000 columns in blocks of 256
  const core::BandLayout r = core::BandLayout::make(100000, 50, 1, false, 2, 0);
  EXPECT_EQ(r.B, 12500u);  // X / 4R
  EXPECT_EQ(r.columns(0), 50u);
}

// local_rows counts; its twin walks the rows. A box of 2^62 rows must be counted: the walk
// would not end, and the value command's memory estimate asks for the count first.
TEST(BandSweep, LocalRowsCountsWhatTheWalkVisits) {
  for (std::uint64_t X : {1u, 5u, 63u, 64u, 65u, 200u, 1000u})
    for (std::uint64_t B : {1u, 3u, 64u, 2000u})
      for (int R = 1; R <= 5; ++R)
        for (int r = 0; r < R; ++r) {
          core::BandLayout b = core::BandLayout::make(X, 10, 1, false, R, r);
          b.B = std::min(B, X);
          std::uint64_t walked = 0;
          b.for_each_local_row([&](std::uint64_t) { ++walked; });
          EXPECT_EQ(b.local_rows(), walked) << "X " << X << " B " << B << " R " << R << " r " << r;
        }
  core::BandLayout huge = core::BandLayout::make(std::uint64_t{1} << 62, 2, 2, false, 3, 2);
  huge.B = 1;
  EXPECT_EQ(huge.local_rows(), ((std::uint64_t{1} << 62) - 2 - 1) / 3 + 1);
}
