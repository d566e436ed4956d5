#pragma once

// The line-incremental solver for "line games": rulesets where every move lowers exactly one
// coordinate to any smaller value, except onto positions a predicate excludes (Nim; Nim with a
// forbidden set, the FTS paper's rule; the rook), optionally with k shared passes on top
// (Definition 10 of the chocolate paper). Sweeping a box in index order, the options of a cell
// along axis i are exactly the included cells below it on that line, so each line keeps the set
// of values seen on it, one insert per cell, and a cell's value is the first value missing from
// the union of its lines' sets and the pass option's value (a line-incremental mex).
// In two dimensions a move may also lower both coordinates by the same amount (the queen of
// Corner the Queen, Wythoff's Nim): a third line through each cell, its diagonal.
//
// Sets are bitsets with a second level marking full 64-bit words and a forward-only pointer to
// the first free value, so a mex touches a few words instead of the whole line. The sweep keeps
// persistent sets only for the lines across the sweep (axes 0..n-2); the line along the last
// axis is rebuilt per row. The slow twin is core::solve_dense on the same ruleset.

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

#include "core/model/box.hpp"
#include "core/solve/dense_solver.hpp"
#include "core/solve/route.hpp"
#include "runtime/errors.hpp"
#include "runtime/huge_pages.hpp"
#include "runtime/progress.hpp"
#include "runtime/threads.hpp"

namespace grundy::core {

// A family of bitsets over values 0..V-1 stored contiguously, with per-set first-free pointers
// and full-word summaries.
class LineSets {
 public:
  LineSets() = default;
  LineSets(std::uint64_t count, std::uint64_t values)
      : words_((values + 64) / 64),
        summary_words_((words_ + 63) / 64),
        bits_(count * words_),
        full_(count * summary_words_),
        first_free_(count, 0) {}

  std::uint64_t words() const { return words_; }
  void clear(std::uint64_t line) {
    std::fill_n(bits_.begin() + static_cast<std::ptrdiff_t>(line * words_), words_, 0);
    std::fill_n(full_.begin() + static_cast<std::ptrdiff_t>(line * summary_words_), summary_words_, 0);
    first_free_[line] = 0;
  }
  const std::uint64_t* bits(std::uint64_t line) const { return bits_.data() + line * words_; }
  const std::uint64_t* full(std::uint64_t line) const { return full_.data() + line * summary_words_; }
  std::uint64_t first_free(std::uint64_t line) const { return first_free_[line]; }

  void insert(std::uint64_t line, std::uint64_t v) {
    std::uint64_t* b = bits_.data() + line * words_;
    const std::uint64_t w = v / 64;
    b[w] |= std::uint64_t{1} << (v % 64);
    if (b[w] == ~std::uint64_t{0}) full_[line * summary_words_ + w / 64] |= std::uint64_t{1} << (w % 64);
    std::uint64_t& ff = first_free_[line];
    if (v == ff) {
      // Forward-only: skip whole full words first, then bits.
      std::uint64_t fw = ff / 64;
      while (fw < words_ && b[fw] == ~std::uint64_t{0}) ++fw;
      ff = fw * 64 + (fw < words_ ? static_cast<std::uint64_t>(std::countr_one(b[fw])) : 0);
    }
  }

 private:
  std::uint64_t words_ = 0, summary_words_ = 0;
  std::vector<std::uint64_t> bits_, full_;
  std::vector<std::uint64_t> first_free_;
};

// First value in none of the given sets and different from `extra` (kNoValue: none).
// Words marked full in any set's summary are skipped without being read.
inline Value first_missing(const LineSets* const* sets, const std::uint64_t* lines, int n, Value extra) {
  std::uint64_t start = 0;
  for (int i = 0; i < n; ++i) start = std::max(start, sets[i]->first_free(lines[i]));
  const std::uint64_t words = sets[0]->words();
  for (std::uint64_t k = start / 64; k < words; ++k) {
    std::uint64_t full = 0;
    for (int i = 0; i < n; ++i) full |= sets[i]->full(lines[i])[k / 64];
    if ((full >> (k % 64)) & 1) {
      // Jump over a run of full words in one step.
      const std::uint64_t run = static_cast<std::uint64_t>(std::countr_one(full >> (k % 64)));
      k += run - 1;
      continue;
    }
    std::uint64_t w = 0;
    for (int i = 0; i < n; ++i) w |= sets[i]->bits(lines[i])[k];
    if (extra != kNoValue && extra / 64 == k) w |= std::uint64_t{1} << (extra % 64);
    if (k == start / 64) w |= (std::uint64_t{1} << (start % 64)) - 1;  // below every first-free
    if (w != ~std::uint64_t{0}) return static_cast<Value>(k * 64 + static_cast<std::uint64_t>(std::countr_one(w)));
  }
  throw runtime::EngineError("line solver: value bound exceeded");
}

// What a line game looks like to the solver: n base coordinates, k pass layers, whether a pass
// is allowed from a terminal position, and which cells may be moved into.
template <class Included>
struct LineGame {
  int base_arity;
  int passes;
  bool pass_from_terminal;
  Included included;  // bool(const Position& base) : may a move land here?
  // `included` is symmetric in the base coordinates (Nim): square boxes are swept by halves.
  bool symmetric = false;
  // Two coordinates only: a move may also lower both by the same amount (Wythoff's Nim).
  bool diagonal = false;
};

namespace detail {

// Thrown by sweep_lines_2d when a value does not fit the cells it writes (a table tried in two
// bytes whose values pass ValueArray::limit(2)); the caller sweeps again in four.
struct CellOverflow {};

// One line's value set inside flat arrays: bits, full-word summary, first free value. The
// words come in groups of kGroup adjacent words (half a cache line): word k lies at
// bits[k / kGroup * kGroup * stride + k % kGroup], summary word j at full[j * stride]. The row a
// thread owns is contiguous (stride 1). The columns are stored group-major (stride = the number
// of columns): a row's sweep reads the same few groups of neighbouring columns, so it streams
// through memory, and a run of dense words in one column shares cache lines instead of taking
// one line per word.
struct LineRef {
  static constexpr std::uint64_t kGroup = 4;
  std::uint64_t* bits;
  std::uint64_t* full;
  std::uint64_t* first_free;
  std::uint64_t stride;

  std::uint64_t& at(std::uint64_t k) const { return bits[k / kGroup * kGroup * stride + k % kGroup]; }
  std::uint64_t word(std::uint64_t k) const { return at(k); }
  std::uint64_t summary(std::uint64_t j) const { return full[j * stride]; }
  [[gnu::always_inline]] void insert(Value v, std::uint64_t words) const {
    const std::uint64_t w = v / 64;
    std::uint64_t& b = at(w);
    b |= std::uint64_t{1} << (v % 64);
    if (b == ~std::uint64_t{0}) full[w / 64 * stride] |= std::uint64_t{1} << (w % 64);
    if (v == *first_free) {
      std::uint64_t fw = w;
      while (fw < words && word(fw) == ~std::uint64_t{0}) ++fw;
      *first_free = fw * 64 + (fw < words ? static_cast<std::uint64_t>(std::countr_one(word(fw))) : 0);
    }
  }
};

// A family of `count` line sets over values below `bound`, in the layout of the 2-D line
// sweep's columns (LineRef, stride = count): word k of line i at bits[(k / G * count + i) * G +
// k % G], summary word j at full[j * count + i]. Lines whose cells a sweep meets one after the
// other are neighbours here (a rider's row crosses neighbouring lines of every direction, the
// chocolate bar's z sweep neighbouring lines along x), so the sweep reads the same few groups of
// neighbouring lines and streams through memory.
struct LineFamily {
  static constexpr std::uint64_t G = LineRef::kGroup;
  std::uint64_t count, W, SW;
  runtime::HugeVector<std::uint64_t> bits, full, first_free;
  LineFamily(std::uint64_t lines, std::uint64_t bound)
      : count(lines), W(words_for(bound)), SW((W + 63) / 64), bits(lines * W), full(lines * SW), first_free(lines) {}
  // Words of a set holding values below `bound`, a whole number of groups with a free word past
  // the bound (the mex never runs off the end).
  static std::uint64_t words_for(std::uint64_t bound) { return (bound / 64 + G) / G * G; }
  static std::uint64_t bytes(std::uint64_t lines, std::uint64_t bound) {
    const std::uint64_t W = words_for(bound), SW = (W + 63) / 64;
    return add_bytes(add_bytes(runtime::huge_block_bytes(mul_bytes(mul_bytes(lines, W), 8)),
                               runtime::huge_block_bytes(mul_bytes(mul_bytes(lines, SW), 8))),
                     runtime::huge_block_bytes(mul_bytes(lines, 8)));
  }
  LineRef line(std::uint64_t i) { return {&bits[i * G], &full[i], &first_free[i], count}; }
  void clear() {
    std::fill(bits.begin(), bits.end(), 0);
    std::fill(full.begin(), full.end(), 0);
    std::fill(first_free.begin(), first_free.end(), 0);
  }
  // Lines lo .. lo + n - 1 as a message of n * message_words() words (the band sweeps hand them
  // from rank to rank): copied out to `msg`, or in from it; returns the word after them.
  std::uint64_t message_words() const { return W + SW + 1; }
  std::uint64_t* copy_out(std::uint64_t lo, std::uint64_t n, std::uint64_t* msg) const {
    for (std::uint64_t g = 0; g < W / G; ++g) msg = std::copy_n(&bits[(g * count + lo) * G], n * G, msg);
    for (std::uint64_t k = 0; k < SW; ++k) msg = std::copy_n(&full[k * count + lo], n, msg);
    return std::copy_n(&first_free[lo], n, msg);
  }
  const std::uint64_t* copy_in(std::uint64_t lo, std::uint64_t n, const std::uint64_t* msg) {
    for (std::uint64_t g = 0; g < W / G; ++g, msg += n * G) std::copy_n(msg, n * G, &bits[(g * count + lo) * G]);
    for (std::uint64_t k = 0; k < SW; ++k, msg += n) std::copy_n(msg, n, &full[k * count + lo]);
    std::copy_n(msg, n, &first_free[lo]);
    return msg + n;
  }
  // Line i becomes a copy of line j of `from` (a family over the same bound).
  void assign(std::uint64_t i, const LineFamily& from, std::uint64_t j) {
    for (std::uint64_t g = 0; g < W / G; ++g)
      std::copy_n(&from.bits[(g * from.count + j) * G], G, &bits[(g * count + i) * G]);
    for (std::uint64_t k = 0; k < SW; ++k) full[k * count + i] = from.full[k * from.count + j];
    first_free[i] = from.first_free[j];
  }
};

// The values a cell may not take besides those on its lines, as 64-bit words (word(k): the
// excluded values 64k..64k+63). OneValue: none (kNoValue) or one, the pass option's value.
struct OneValue {
  Value v = kNoValue;
  std::uint64_t word(std::uint64_t k) const { return v / 64 == k ? std::uint64_t{1} << (v % 64) : 0; }
};

// Excluded values read off a packed bitset at an offset: value z is excluded when bit
// offset + z is set (FTS Nim: z with x + y + z in S, the bitset over totals). `bits` must hold
// one word past the last one read.
struct BitsetWindow {
  const std::uint64_t* bits;
  std::uint64_t offset;
  std::uint64_t word(std::uint64_t k) const {
    const std::uint64_t o = offset + 64 * k, i = o / 64, s = o % 64;
    return s == 0 ? bits[i] : (bits[i] >> s) | (bits[i + 1] << (64 - s));
  }
};

// mex of the union of the lines' sets and the extra values: `sets` is a fixed array of N lines
// (the 2-D line sweep's hot loop, unrolled) or a span of lines counted at run time (the rider
// sweep of games/leaper_solver.hpp: one line a direction). Words marked full in any summary are
// skipped 64 at a time without being read.
template <class Sets, class Extra>
[[gnu::always_inline]] inline Value mex_lines(const Sets& sets, const Extra& extra, std::uint64_t words) {
  std::uint64_t start = 0;
  for (const LineRef& s : sets) start = std::max(start, *s.first_free);
  std::uint64_t k = start / 64;
  std::uint64_t below = (std::uint64_t{1} << (start % 64)) - 1;
  auto used = [&](std::uint64_t i) {
    std::uint64_t w = extra.word(i);
    for (const LineRef& s : sets) w |= s.word(i);
    return w;
  };
  while (k < words) {
    std::uint64_t full = 0;
    for (const LineRef& s : sets) full |= s.summary(k / 64);
    full >>= k % 64;
    if (full & 1) {
      k += static_cast<std::uint64_t>(std::countr_one(full));
      below = 0;
      continue;
    }
    // Dense stretches of the union are common (values just below the mex) in the 2-D sweep: where
    // no summary marks one of the next four words full, test the four at once. Not for the
    // rider, whose lines are sparser: there it cost time (2048^2, two threads: 280 ms against
    // 173, one run each).
    if constexpr (std::is_array_v<Sets>)
      if (below == 0 && (full & 0xe) == 0 && k + 4 <= words &&
          (used(k) & used(k + 1) & used(k + 2) & used(k + 3)) == ~std::uint64_t{0}) {
        k += 4;
        continue;
      }
    const std::uint64_t w = used(k) | below;
    if (w != ~std::uint64_t{0}) return static_cast<Value>(k * 64 + static_cast<std::uint64_t>(std::countr_one(w)));
    below = 0;
    ++k;
  }
  throw runtime::EngineError("line solver: value bound exceeded");
}

// A symmetric sweep's upper triangle from its lower: cell (y, x), y < x, of an N x N table of L
// layers a cell gets (x, y)'s layers. By tiles turned over in a buffer of their own: the rows
// of a tile lie a power of two apart in the table (N L cells), so writing down a column of the
// table itself put every row's line in one set of the cache, which held a few of them (the
// queen at 16384^2 spent 15% of its time there); read and written a row at a time, the table
// streams.
template <class Cell>
void mirror_lower_triangle(Cell* out, std::uint64_t N, std::uint64_t L, int threads) {
  constexpr std::uint64_t kTile = 64;
  const auto T = static_cast<std::uint64_t>(threads);
  std::atomic<bool> failed{false};
  runtime::detail::run_on_threads(threads, failed, [&](int tid) {
    std::vector<Cell> tile(kTile * kTile * L);  // cell (x, y) of the tile at ((y - y0) kTile + x - x0) L
    for (std::uint64_t x0 = static_cast<std::uint64_t>(tid) * kTile; x0 < N; x0 += T * kTile) {
      const std::uint64_t x1 = std::min(N, x0 + kTile);
      for (std::uint64_t y0 = 0; y0 < x1; y0 += kTile) {
        const std::uint64_t y1 = std::min(x1, y0 + kTile);
        for (std::uint64_t x = x0; x < x1; ++x) {
          const Cell* from = out + (x * N + y0) * L;
          for (std::uint64_t y = y0; y < std::min(y1, x); ++y, from += L) {
            Cell* to = &tile[((y - y0) * kTile + (x - x0)) * L];
            // One or two layers (Nim, Nim with a pass) inline; a call to memmove per cell was 7%
            // of Nim with a pass at 16384^2.
            if (L <= 2) {
              to[0] = from[0];
              if (L == 2) to[1] = from[1];
            } else {
              std::copy_n(from, L, to);
            }
          }
        }
        for (std::uint64_t y = y0; y < y1; ++y) {
          const std::uint64_t first = std::max(x0, y + 1);  // (y, x) with x > y
          if (first < x1)
            std::copy_n(&tile[((y - y0) * kTile + (first - x0)) * L], (x1 - first) * L, out + (y * N + first) * L);
        }
      }
      runtime::tick((x1 - x0) * ((x0 + x1) / 2) * L);
    }
  });
}

}  // namespace detail

// A bound on the values of a two-coordinate line game on X x Y: a cell has at most X + Y line
// options (and min(X, Y) diagonal ones) and one pass.
inline std::uint64_t line_game_2d_bound(std::uint64_t X, std::uint64_t Y, bool diagonal) {
  return X + Y + 2 + (diagonal ? std::min(X, Y) : 0);
}

// The bytes a cell of the 2-D line sweep's table is tried in: the narrowest that holds the
// bound, but two where the bound passes two bytes, since the values mostly stay far below it
// (two-heap Nim: below the next power of two of max(X, Y); with a pass up to about 1.4 max(X, Y)
// on the boxes measured, 256 to 2048); a value that does not fit makes the sweep start again in
// four bytes.
inline int line_game_2d_width(std::uint64_t X, std::uint64_t Y, bool diagonal) {
  return std::min(ValueArray::width_for(line_game_2d_bound(X, Y, diagonal)), 2);
}

namespace detail {

// The state of a 2-D line sweep and its cell kernel, shared by the threads of sweep_lines_2d
// and the ranks of core/solve/band_sweep.hpp: the sets of every column (and diagonal), layer by layer.
// Word k of column y, layer l, at col_bits[l * W * Y + (k / G * Y + y) * G + k % G]; summary
// word j at col_full[(l * SW + j) * Y + y]; first free value at col_ff[l * Y + y]; col_any[y]:
// has the column an included cell yet. Diagonal x - y is column x - y + Y - 1 of the same
// layout with D = X + Y - 1 columns.
template <bool Diagonal, class Included, class ExtraAt, class Cell>
class LineSweep2D {
 public:
  static constexpr std::uint64_t G = LineRef::kGroup;
  const std::uint64_t X, Y, L, W, SW, D;
  const bool symmetric;
  runtime::HugeVector<std::uint64_t> col_bits, col_full, col_ff;
  std::vector<std::uint8_t> col_any;
  runtime::HugeVector<std::uint64_t> dia_bits, dia_full, dia_ff;
  std::vector<std::uint8_t> dia_any;

  // The sets of rows, `count` of them: L layers of W words, SW summary words and a first free
  // value each, and whether the row has an included cell yet.
  class Rows {
   public:
    Rows(std::uint64_t count, const LineSweep2D& s)
        : L_(s.L), W_(s.W), SW_(s.SW), bits_(count * L_ * W_), full_(count * L_ * SW_), ff_(count * L_), any_(count) {}
    void clear(std::uint64_t i) {
      std::fill_n(&bits_[i * L_ * W_], L_ * W_, 0);
      std::fill_n(&full_[i * L_ * SW_], L_ * SW_, 0);
      std::fill_n(&ff_[i * L_], L_, 0);
      any_[i] = 0;
    }
    std::uint64_t* bits(std::uint64_t i) { return &bits_[i * L_ * W_]; }
    std::uint64_t* full(std::uint64_t i) { return &full_[i * L_ * SW_]; }
    std::uint64_t* ff(std::uint64_t i) { return &ff_[i * L_]; }
    std::uint8_t& any(std::uint64_t i) { return any_[i]; }

   private:
    std::uint64_t L_, W_, SW_;
    std::vector<std::uint64_t> bits_, full_, ff_;
    std::vector<std::uint8_t> any_;
  };

  // `overflow`: where a value too wide for Cell is reported (the cell keeps its low bits and
  // the sweep goes on, so ranks exchanging sets stay in step); null: throw CellOverflow.
  LineSweep2D(std::uint64_t X_, std::uint64_t Y_, std::uint64_t L_, std::uint64_t bound, bool symmetric_,
              const Included& included, const ExtraAt& extra_at, bool* overflow = nullptr)
      : X(X_),
        Y(Y_),
        L(L_),
        W((bound / 64 + G) / G * G),
        SW((W + 63) / 64),
        D(Diagonal ? X + Y - 1 : 0),
        symmetric(symmetric_),
        col_bits(L * W * Y),
        col_full(L * SW * Y),
        col_ff(L * Y),
        col_any(Y, 0),
        dia_bits(L * W * D),
        dia_full(L * SW * D),
        dia_ff(L * D),
        dia_any(D, 0),
        included_(included),
        extra_at_(extra_at),
        overflow_(overflow) {
    if (symmetric && X != Y) throw runtime::EngineError("sweep_lines_2d: a symmetric sweep needs a square box");
  }

  // Cells (x, y0 .. y1 - 1) of row x, whose sets are row `i` of `rows`, written L values a cell
  // from `cell` on. Columns y0 .. y1 - 1 (and their diagonals) must hold rows 0 .. x - 1.
  void row_block(Rows& rows, std::uint64_t i, std::uint64_t x, std::uint64_t y0, std::uint64_t y1, Cell* cell) {
    std::uint64_t* const row_bits = rows.bits(i);
    std::uint64_t* const row_full = rows.full(i);
    std::uint64_t* const row_ff = rows.ff(i);
    bool row_any = rows.any(i) != 0;
    std::uint64_t* const cb = col_bits.data();
    std::uint64_t* const cf = col_full.data();
    std::uint64_t* const cff = col_ff.data();
    std::uint8_t* const cany = col_any.data();
    std::uint64_t* const db = dia_bits.data();
    std::uint64_t* const df = dia_full.data();
    std::uint64_t* const dff = dia_ff.data();
    std::uint8_t* const dany = dia_any.data();
    std::uint64_t no_start = 0;  // never written: the mex reads the row's first free value as 0
    Position c(2);
    c[0] = static_cast<std::int64_t>(x);
    for (std::uint64_t y = y0; y < y1; ++y) {
      c[1] = static_cast<std::int64_t>(y);
      const bool main_diagonal = symmetric && y == x;
      const bool inc = included_(static_cast<const Position&>(c));
      const std::uint64_t d = Diagonal ? x + Y - 1 - y : 0;
      const bool has_move = row_any || cany[y] != 0 || (Diagonal && dany[d] != 0);
      Value prev = kNoValue;
      for (std::uint64_t l = 0; l < L; ++l) {
        const LineRef row{&row_bits[l * W], &row_full[l * SW], &row_ff[l], 1};
        // The mex starts from the first free values of the column and the diagonal only: the
        // row's changes with every cell, and starting from it made each cell's reads of its
        // column and diagonal, which miss the cache, wait for the cell before (the queen at
        // 8192^2 on one thread: 1.9 and 2.0 s against 1.6 and 1.6 s; Nim with a pass at
        // 16384^2: 5.9 and 6.8 s against 5.5 and 5.5 s). The row's words are read all the same,
        // from L1, and on the main diagonal the column is the row.
        const LineRef row_from_zero{row.bits, row.full, &no_start, 1};
        const LineRef col =
            main_diagonal ? row : LineRef{&cb[l * W * Y + y * G], &cf[l * SW * Y + y], &cff[l * Y + y], Y};
        Value v;
        if constexpr (Diagonal) {
          const LineRef dia{&db[l * W * D + d * G], &df[l * SW * D + d], &dff[l * D + d], D};
          const LineRef sets[3] = {col, row_from_zero, dia};
          v = mex_lines(sets, extra_at_(x, y, l, prev, has_move), W);
          if (inc) dia.insert(v, W);
        } else {
          const LineRef sets[2] = {col, row_from_zero};
          v = mex_lines(sets, extra_at_(x, y, l, prev, has_move), W);
        }
        if constexpr (sizeof(Cell) < sizeof(Value))
          if (v >= ValueArray::limit(sizeof(Cell))) {
            if (overflow_ == nullptr) throw CellOverflow{};
            *overflow_ = true;
          }
        *cell++ = static_cast<Cell>(v);
        prev = v;
        if (inc) {
          if (!main_diagonal) col.insert(v, W);
          row.insert(v, W);
        }
      }
      if (inc) {
        if (!main_diagonal) cany[y] = 1;
        if constexpr (Diagonal) dany[d] = 1;
        row_any = true;
      }
    }
    rows.any(i) = row_any ? 1 : 0;
  }

  // A symmetric sweep's column x from here on: the values of (x', x), x' <= x, which are row
  // x's once it has reached its main diagonal.
  void close_row(Rows& rows, std::uint64_t i, std::uint64_t x) {
    const std::uint64_t* row_bits = rows.bits(i);
    const std::uint64_t* row_full = rows.full(i);
    const std::uint64_t* row_ff = rows.ff(i);
    for (std::uint64_t l = 0; l < L; ++l) {
      for (std::uint64_t k = 0; k < W; ++k) col_bits[l * W * Y + (k / G * Y + x) * G + k % G] = row_bits[l * W + k];
      for (std::uint64_t j = 0; j < SW; ++j) col_full[(l * SW + j) * Y + x] = row_full[l * SW + j];
      col_ff[l * Y + x] = row_ff[l];
    }
    col_any[x] = rows.any(i);
  }

 private:
  const Included& included_;
  const ExtraAt& extra_at_;
  bool* overflow_;
};

}  // namespace detail

namespace detail {
// Tests set the width the 2-D line sweep tries first (0: line_game_2d_width), to sweep again.
inline std::atomic<int> g_line_sweep_first_width{0};
}  // namespace detail

// The 2-D line sweep, the hot kernel: two-heap Nim with a pass (Table 2 of the chocolate
// paper), the f(x,y) grids of three-coordinate games (unique completion) and, with
// Diagonal, Wythoff's Nim. Cell (x, y) of layer l gets
//     mex(row x's set U column y's set [U its diagonal's set] U extra_at(x, y, l, prev, has_move))
// where row x's set holds the layer-l values of the included cells (x, y'), y' < y, column y's
// those of (x', y), x' < x, the diagonal's those of (x - k, y - k), k >= 1, prev is the cell's
// value one layer down (kNoValue on layer 0) and has_move says whether the cell has an included
// cell below it on a line. Values go to out[(x * Y + y) * L + l]; every value is below `bound`.
// Cells narrower than Value take values below ValueArray::limit of their width, else the sweep
// stops with detail::CellOverflow.
//
// Symmetric (X == Y, included and extra_at symmetric in x and y): only y <= x is swept and the
// rest mirrored. Column y then starts as row y's final set (by symmetry the values of (x', y),
// x' <= y), and the diagonal cell's column set is its row set. Diagonals stay in their half.
//
// Both cores: rows alternate between threads in a pipeline. Cell (x, y) needs column y and
// diagonal x - y to hold rows 0..x-1, so the thread on row x stays behind the one on row x-1,
// checking its progress once per block of columns; each thread owns its row's sets.
template <bool Diagonal = false, class Included, class ExtraAt, class Cell>
void sweep_lines_2d(std::uint64_t X, std::uint64_t Y, std::uint64_t L, std::uint64_t bound, bool symmetric,
                    const Included& included, const ExtraAt& extra_at, Cell* out,
                    int threads = runtime::solver_threads()) {
  static_assert(std::is_unsigned_v<Cell> && sizeof(Cell) <= sizeof(Value));
  using Sweep = detail::LineSweep2D<Diagonal, Included, ExtraAt, Cell>;
  Sweep sweep(X, Y, L, bound, symmetric, included, extra_at);
  constexpr std::uint64_t kBlock = runtime::detail::RowPipeline::kBlock;
  threads = runtime::detail::RowPipeline::threads_for(threads, X, Y);
  const auto T = static_cast<std::uint64_t>(threads);
  runtime::detail::RowPipeline pipeline(threads, Y);
  std::atomic<bool> failed{false};

  runtime::detail::run_on_threads(threads, failed, [&](int tid) {
    typename Sweep::Rows row(1, sweep);
    for (std::uint64_t x = static_cast<std::uint64_t>(tid); x < X; x += T) {
      row.clear(0);
      const std::uint64_t end = symmetric ? x + 1 : Y;
      for (std::uint64_t y0 = 0; y0 < end; y0 += kBlock) {
        const std::uint64_t y1 = std::min(end, y0 + kBlock);
        // Row x-1 must be done below column y1; a symmetric row x reaching column x-1 also needs
        // that column built from row x-1's set, which happens when that row ends.
        if (!(symmetric && y1 >= x ? pipeline.wait(x, x * Y, failed) : pipeline.wait_below(x, y1, failed))) return;
        sweep.row_block(row, 0, x, y0, y1, out + (x * Y + y0) * L);
        runtime::tick((y1 - y0) * L);
        if (symmetric && y1 == end) {
          sweep.close_row(row, 0, x);
          pipeline.publish(x, Y);
        } else {
          pipeline.publish(x, y1);
        }
      }
    }
  });
  if (symmetric) detail::mirror_lower_triangle(out, X, L, threads);
}

// The two-coordinate line game: every layer of a cell computed together for locality; the
// pass option is the cell one layer down. Symmetric sweeps for rulesets that are (Nim, Nim
// with passes, Wythoff's Nim) when the box is square.
template <class Included>
DenseTable solve_line_game_2d(const LineGame<Included>& g, const Box& box, bool symmetric,
                              int threads = runtime::solver_threads()) {
  const std::uint64_t X = static_cast<std::uint64_t>(box.extent(0)), Y = static_cast<std::uint64_t>(box.extent(1));
  const std::uint64_t L = g.passes > 0 ? static_cast<std::uint64_t>(box.extent(2)) : 1;
  DenseTable t;
  t.box = box;
  t.eval = Evaluation::Grundy;
  const bool ptf = g.pass_from_terminal;
  auto pass = [ptf](std::uint64_t, std::uint64_t, std::uint64_t l, Value prev, bool has_move) {
    return detail::OneValue{l > 0 && (has_move || ptf) ? prev : kNoValue};
  };
  symmetric = symmetric && X == Y;
  const std::uint64_t bound = line_game_2d_bound(X, Y, g.diagonal);
  const int first = detail::g_line_sweep_first_width.load();
  for (int width = first > 0 ? first : line_game_2d_width(X, Y, g.diagonal);; width = 4) {
    t.values.reset(X * Y * L, width);
    try {
      t.values.with_cells([&](auto* cells) {
        if (g.diagonal)
          sweep_lines_2d<true>(X, Y, L, bound, symmetric, g.included, pass, cells, threads);
        else
          sweep_lines_2d(X, Y, L, bound, symmetric, g.included, pass, cells, threads);
      });
      return t;
    } catch (const detail::CellOverflow&) {
      if (width == 4) throw runtime::EngineError("line solver: a value overflowed four bytes");
    }
  }
}

// Solves every cell of `box` (base coordinates, then the pass counter if passes > 0) of a line
// game, Grundy values or outcomes, in the same layout as solve_dense. Layers are swept in order
// of the pass counter: the pass option of a cell is the same base cell one layer down.
template <class Included>
DenseTable solve_line_game(const LineGame<Included>& g, const Box& box, Evaluation eval) {
  const int n = g.base_arity;
  if (n == 2 && eval == Evaluation::Grundy) return solve_line_game_2d(g, box, g.symmetric);
  if (g.diagonal) {
    // Normal play: the P-positions are the cells of value 0.
    if (n != 2 || eval != Evaluation::NormalOutcome)
      throw runtime::EngineError(
          "line solver: diagonal moves need two coordinates and Grundy values or normal outcomes");
    DenseTable t = solve_line_game_2d(g, box, g.symmetric);
    ValueArray outcomes;
    outcomes.reset(t.values.size(), 1);
    for (std::size_t i = 0; i < t.values.size(); ++i) outcomes.set(i, t.values[i] != 0 ? 1 : 0);
    t.values = std::move(outcomes);
    t.eval = eval;
    return t;
  }
  const auto un = static_cast<std::size_t>(n);
  const std::uint64_t layers = g.passes > 0 ? static_cast<std::uint64_t>(box.extent(n)) : 1;
  DenseTable t;
  t.box = box;
  t.eval = eval;
  const Position base_extent = box.extents().slice(0, n);
  const Box base(base_extent);
  const std::uint64_t base_cells = base.count();
  const bool outcome = eval != Evaluation::Grundy;

  // A bound on every value: a cell has at most sum(extent) line options plus one pass.
  std::uint64_t bound = 2;
  for (int i = 0; i < n; ++i) bound += static_cast<std::uint64_t>(base_extent[i]);
  t.values.reset(box.count(), ValueArray::width_for(outcome ? 2 : bound));

  // Line i through a cell is indexed by the cell's row-major index with coordinate i dropped.
  std::vector<std::uint64_t> stride(un), lines(un);
  for (std::uint64_t s = 1, i = un; i-- > 0;) {
    stride[i] = s;
    s *= static_cast<std::uint64_t>(base_extent[static_cast<int>(i)]);
  }
  for (std::size_t i = 0; i < un; ++i)
    lines[i] = base_cells / static_cast<std::uint64_t>(base_extent[static_cast<int>(i)]);
  auto line_of = [&](std::uint64_t idx, std::size_t i) {
    const std::uint64_t s = stride[i], span = s * static_cast<std::uint64_t>(base_extent[static_cast<int>(i)]);
    return idx / span * s + idx % s;
  };

  // Per line: bit 0 = an includable cell lies below (so the cell has a move along it),
  // bit 1 = an includable P-position lies below. Outcome sweeps need nothing else.
  std::vector<std::vector<std::uint8_t>> flags(un);
  // Grundy sweeps: value sets for the lines across the sweep (axes 0..n-2), and one row set
  // for the line along the last axis, cleared at the start of each row.
  std::vector<LineSets> across(un > 0 ? un - 1 : 0);
  LineSets row;
  if (!outcome) {
    for (std::size_t i = 0; i + 1 < un; ++i) across[i] = LineSets(lines[i], bound);
    row = LineSets(1, bound);
  }
  std::vector<std::uint64_t> line_idx(un), set_idx(un);
  std::vector<const LineSets*> sets(un);
  for (std::size_t i = 0; i + 1 < un; ++i) sets[i] = &across[i];
  if (!outcome) sets[un - 1] = &row;

  for (std::uint64_t layer = 0; layer < layers; ++layer) {
    for (std::size_t i = 0; i < un; ++i) flags[i].assign(lines[i], 0);
    for (std::size_t i = 0; i + 1 < un && !outcome; ++i)
      for (std::uint64_t l = 0; l < lines[i]; ++l) across[i].clear(l);
    Position c(n);
    std::uint64_t idx = 0;
    do {
      std::uint8_t below = 0;
      for (std::size_t i = 0; i < un; ++i) {
        line_idx[i] = line_of(idx, i);
        below |= flags[i][line_idx[i]];
      }
      const std::uint64_t cell = idx * layers + layer;
      const bool pass = layer > 0 && ((below & 1) || g.pass_from_terminal);
      Value v;
      if (outcome) {
        const bool has_move = (below & 1) || pass;
        const bool p_option = (below & 2) || (pass && t.values[cell - 1] == 0);
        v = !has_move ? (eval == Evaluation::NormalOutcome ? 0 : 1) : (p_option ? 1 : 0);
      } else {
        if (c[n - 1] == 0) row.clear(0);
        for (std::size_t i = 0; i + 1 < un; ++i) set_idx[i] = line_idx[i];
        set_idx[un - 1] = 0;
        v = first_missing(sets.data(), set_idx.data(), n, pass ? t.values[cell - 1] : kNoValue);
      }
      t.values.set(cell, v);
      if ((idx & 4095) == 4095) runtime::tick(4096);
      if (g.included(c)) {
        const auto add = static_cast<std::uint8_t>(1 | (v == 0 ? 2 : 0));
        for (std::size_t i = 0; i < un; ++i) flags[i][line_idx[i]] |= add;
        if (!outcome) {
          for (std::size_t i = 0; i + 1 < un; ++i) across[i].insert(line_idx[i], v);
          row.insert(0, v);
        }
      }
      ++idx;
    } while (base.next(c));
  }
  return t;
}

// Bytes solve_line_game allocates for `box` at its peak: the table, and for the 2-D sweep the
// column sets of every layer and a row's sets per thread, for the n-D sweep the per-line flags
// and the value sets of the lines across the sweep. Mirrors the allocations above.
inline std::uint64_t line_game_bytes(int base_arity, int passes, const Box& box, Evaluation eval,
                                     bool diagonal = false) {
  const int n = base_arity;
  const std::uint64_t cells = box.count();
  std::uint64_t bytes = 0;
  if (n == 2 && (eval == Evaluation::Grundy || diagonal)) {
    const auto X = static_cast<std::uint64_t>(box.extent(0)), Y = static_cast<std::uint64_t>(box.extent(1));
    // The table in the width its bound holds: the width tried, or the four bytes it is swept
    // again in; outcomes are copied out of it to one byte a cell.
    bytes = ValueArray::bytes(cells, ValueArray::width_for(line_game_2d_bound(X, Y, diagonal)));
    if (eval != Evaluation::Grundy) bytes = add_bytes(bytes, ValueArray::bytes(cells, 1));
    const std::uint64_t L = passes > 0 ? static_cast<std::uint64_t>(box.extent(2)) : 1;
    constexpr std::uint64_t G = detail::LineRef::kGroup;
    const std::uint64_t W = (line_game_2d_bound(X, Y, diagonal) / 64 + G) / G * G, SW = (W + 63) / 64;
    // The column sets, and with diagonal moves the same for X + Y - 1 diagonals.
    for (const std::uint64_t lines : {Y, diagonal ? X + Y - 1 : 0}) {
      if (lines == 0) continue;
      bytes = add_bytes(bytes, runtime::huge_block_bytes(mul_bytes(mul_bytes(L * W, lines), 8)));
      bytes = add_bytes(bytes, runtime::huge_block_bytes(mul_bytes(mul_bytes(L * SW, lines), 8)));
      bytes = add_bytes(bytes, runtime::huge_block_bytes(mul_bytes(L * lines, 8)));
      bytes = add_bytes(bytes, lines);
    }
    const auto threads = static_cast<std::uint64_t>(runtime::solver_threads());
    return add_bytes(bytes, threads * (L * (W + SW + 1) * 8 + 64));
  }
  std::uint64_t bound = 2;
  for (int i = 0; i < n; ++i) bound += static_cast<std::uint64_t>(box.extent(i));
  bytes = ValueArray::bytes(cells, ValueArray::width_for(eval == Evaluation::Grundy ? bound : 2));
  const std::uint64_t words = (bound + 64) / 64, summary = (words + 63) / 64;
  std::uint64_t base_cells = 1;
  for (int i = 0; i < n; ++i) base_cells = mul_bytes(base_cells, static_cast<std::uint64_t>(box.extent(i)));
  for (int i = 0; i < n; ++i) {
    const std::uint64_t lines = base_cells / static_cast<std::uint64_t>(box.extent(i));
    bytes = add_bytes(bytes, lines);  // flags
    if (eval == Evaluation::Grundy && i + 1 < n) bytes = add_bytes(bytes, mul_bytes(lines, (words + summary + 1) * 8));
  }
  return add_bytes(bytes, (words + summary + 1) * 8);
}

}  // namespace grundy::core
