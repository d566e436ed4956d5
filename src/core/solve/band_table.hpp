#pragma once

// A table swept by bands of rows on the ranks of an MPI world (core/solve/band_sweep.hpp): which rows
// each rank holds, its part of the cells, and the stream of the whole table's rows to rank 0.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>

#include "core/model/function_ref.hpp"
#include "core/solve/value_array.hpp"
#include "runtime/world.hpp"

namespace grundy::core {

// Which rows each rank sweeps: bands of B rows, band k on rank k mod R.
struct BandLayout {
  static constexpr std::uint64_t kBlock = 256;  // columns a message of sets carries
  std::uint64_t X = 0, Y = 0, L = 1, B = 1;
  int R = 1, r = 0;
  bool symmetric = false;

  // Bands of about X / (4R) rows (X / (8R) for a symmetric sweep, whose later rows are longer),
  // at least 64; GRUNDY_BAND_ROWS sets B (tests: many bands, so the pipeline fills and drains
  // many times on a small table).
  static BandLayout make(std::uint64_t X, std::uint64_t Y, std::uint64_t L, bool symmetric, int R, int r) {
    BandLayout b{0, 0, 0, 0, R, r, symmetric};
    b.X = X;
    b.Y = Y;
    b.L = L;
    const auto ranks = static_cast<std::uint64_t>(R);
    b.B = std::max<std::uint64_t>(64, (X + (symmetric ? 8 : 4) * ranks - 1) / ((symmetric ? 8 : 4) * ranks));
    if (const char* env = std::getenv("GRUNDY_BAND_ROWS")) {
      const long v = std::strtol(env, nullptr, 10);
      if (v >= 1) b.B = static_cast<std::uint64_t>(v);
    }
    b.B = std::min(b.B, std::max<std::uint64_t>(X, 1));
    return b;
  }
  std::uint64_t bands() const { return (X + B - 1) / B; }
  int owner(std::uint64_t k) const { return static_cast<int>(k % static_cast<std::uint64_t>(R)); }
  std::uint64_t first(std::uint64_t k) const { return k * B; }
  std::uint64_t end(std::uint64_t k) const { return std::min(X, (k + 1) * B); }
  // Columns band k sweeps: a symmetric band stops at its last row's main diagonal.
  std::uint64_t columns(std::uint64_t k) const { return symmetric ? end(k) : Y; }
  std::uint64_t blocks(std::uint64_t k) const { return (columns(k) + kBlock - 1) / kBlock; }
  // Calls row(x) for the rows of this rank's bands, in order.
  template <class Row>
  void for_each_local_row(Row&& row) const {
    for (std::uint64_t k = static_cast<std::uint64_t>(r); k < bands(); k += static_cast<std::uint64_t>(R))
      for (std::uint64_t x = first(k); x < end(k); ++x) row(x);
  }
  // Rows of this rank's bands, and where row x of one of them lies among them.
  // Counted, not walked: a box of 2^62 rows is refused by its estimate at once.
  std::uint64_t local_rows() const {
    const std::uint64_t n = bands(), ranks = static_cast<std::uint64_t>(R), rank = static_cast<std::uint64_t>(r);
    if (rank >= n) return 0;
    const std::uint64_t mine = (n - 1 - rank) / ranks + 1;  // bands r, r + R, ... below n
    const bool has_last = owner(n - 1) == r;                // the last band may be short
    return mine * B - (has_last ? B - (end(n - 1) - first(n - 1)) : 0);
  }
  // The cells of row x the sweep writes (and a part file holds): y < Y, a symmetric table's
  // y <= x, each with its L layers.
  std::uint64_t swept_cells(std::uint64_t x) const { return (symmetric ? x + 1 : Y) * L; }
  std::uint64_t local_row(std::uint64_t x) const { return x / B / static_cast<std::uint64_t>(R) * B + x % B; }
};

// This rank's part of a table swept by bands: the cells (x, y, layer) of its rows, row after
// row, Y * L cells a row (a symmetric table: only y <= x is written).
struct BandTable {
  BandLayout layout;
  ValueArray values;
  std::uint64_t bytes_sent = 0;  // by this rank, the sets handed to the next band
};

// Rows for_each_row holds on rank 0 at a time: at most a band's, 256, and 2^24 cells (a row
// of a 3-D table is a whole plane).
inline constexpr std::uint64_t kStreamRows = 256, kStreamCells = std::uint64_t{1} << 24;
inline std::uint64_t stream_rows(const BandLayout& b) {
  return std::max<std::uint64_t>(1, std::min({b.B, kStreamRows, kStreamCells / std::max<std::uint64_t>(1, b.Y * b.L)}));
}

// Calls row(x, values) on rank 0 for x = 0 .. X - 1 in order, values the Y * L cells of row x
// (cell (x, y, l) at y * L + l), a symmetric table's upper triangle mirrored in; the other
// ranks send their parts. Collective.
void for_each_row(const BandTable& t, FunctionRef<void(std::uint64_t, const Value*)> row);

// A route's distributed form (core::SolveRoute::bands), for the world it runs on: the bytes
// it allocates on a rank at its peak (for_each_row's buffers on rank 0 included), and the sweep,
// collective over the world's ranks (in a world of one, its bands in turn).
struct BandRun {
  std::function<std::uint64_t(const runtime::World&)> bytes;
  std::function<BandTable(const runtime::World&)> run;
};

}  // namespace grundy::core
