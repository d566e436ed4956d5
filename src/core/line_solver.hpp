#pragma once

// The line-incremental solver for "line games": rulesets where every move lowers exactly one
// coordinate to any smaller value, except onto positions a predicate excludes (Nim; Nim with a
// forbidden set, the FTS paper's rule), optionally with k shared passes on top (Definition 10
// of the chocolate paper). Sweeping a box in index order, the options of a cell along axis i are
// exactly the included cells below it on that line, so each line keeps the set of values seen
// on it, one insert per cell, and a cell's value is the first value missing from the union of
// its lines' sets and the pass option's value (issue 4: "line-incremental mex").
//
// Sets are bitsets with a second level marking full 64-bit words and a forward-only pointer to
// the first free value, so a mex touches a few words instead of the whole line. The sweep keeps
// persistent sets only for the lines across the sweep (axes 0..n-2); the line along the last
// axis is rebuilt per row. The slow twin is core::solve_dense on the same ruleset.

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <bit>
#include <cstdint>
#include <vector>

#include "core/box.hpp"
#include "core/dense_solver.hpp"
#include "core/errors.hpp"
#include "core/progress.hpp"

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
  throw EngineError("line solver: value bound exceeded");
}

// What a line game looks like to the solver: n base coordinates, k pass layers, whether a pass
// is allowed from a terminal position, and which cells may be moved into.
template <class Included>
struct LineGame {
  int base_arity;
  int passes;
  bool pass_from_terminal;
  Included included;  // bool(const Position& base) : may a move land here?
};

// Threads a parallel sweep uses: GRUNDY_THREADS if set (1..64), else the hardware's count.
int solver_threads();

namespace detail {

// One line's value set inside flat arrays: bits, full-word summary, first free value.
struct LineRef {
  std::uint64_t* bits;
  std::uint64_t* full;
  std::uint64_t* first_free;

  void insert(Value v, std::uint64_t words) const {
    const std::uint64_t w = v / 64;
    bits[w] |= std::uint64_t{1} << (v % 64);
    if (bits[w] == ~std::uint64_t{0}) full[w / 64] |= std::uint64_t{1} << (w % 64);
    if (v == *first_free) {
      std::uint64_t fw = w;
      while (fw < words && bits[fw] == ~std::uint64_t{0}) ++fw;
      *first_free = fw * 64 + (fw < words ? static_cast<std::uint64_t>(std::countr_one(bits[fw])) : 0);
    }
  }
};

// mex of two lines' union and one extra value (kNoValue: none).
inline Value mex2(const LineRef& a, const LineRef& b, Value extra, std::uint64_t words) {
  const std::uint64_t start = std::max(*a.first_free, *b.first_free);
  std::uint64_t k = start / 64;
  std::uint64_t below = (std::uint64_t{1} << (start % 64)) - 1;
  // Dense stretches of the union are common (values just below the mex): test four words at
  // a time before looking at single words.
  if (below == 0) {
    while (k + 4 <= words && extra / 64 - k >= 4 &&
           ((a.bits[k] | b.bits[k]) & (a.bits[k + 1] | b.bits[k + 1]) & (a.bits[k + 2] | b.bits[k + 2]) &
            (a.bits[k + 3] | b.bits[k + 3])) == ~std::uint64_t{0})
      k += 4;
  }
  while (k < words) {
    const std::uint64_t full = (a.full[k / 64] | b.full[k / 64]) >> (k % 64);
    if (full & 1) {
      k += static_cast<std::uint64_t>(std::countr_one(full));
      below = 0;
      continue;
    }
    std::uint64_t w = a.bits[k] | b.bits[k] | below;
    if (extra / 64 == k) w |= std::uint64_t{1} << (extra % 64);
    if (w != ~std::uint64_t{0}) return static_cast<Value>(k * 64 + static_cast<std::uint64_t>(std::countr_one(w)));
    below = 0;
    ++k;
  }
  throw EngineError("line solver: value bound exceeded");
}

}  // namespace detail

// The two-coordinate case, the hot one (two-heap Nim with a pass, Table 2 of the chocolate
// paper, and the f(x,y) grids of three-coordinate games): rows along y, a persistent set per
// column y and pass layer, every layer of a cell computed together for locality.
//
// Both cores: rows alternate between two threads in a pipeline. Cell (x, y) needs column y to
// hold rows 0..x-1, so the thread on row x stays behind the one on row x-1, checking its
// progress once per block of columns; each thread owns its row's sets.
template <class Included>
DenseTable solve_line_game_2d(const LineGame<Included>& g, const Box& box, int threads = solver_threads()) {
  const std::uint64_t X = static_cast<std::uint64_t>(box.extent(0)), Y = static_cast<std::uint64_t>(box.extent(1));
  const std::uint64_t L = g.passes > 0 ? static_cast<std::uint64_t>(box.extent(2)) : 1;
  DenseTable t;
  t.box = box;
  t.eval = Evaluation::Grundy;
  t.values.resize(X * Y * L);
  const std::uint64_t W = (X + Y + 2 + 64) / 64, SW = (W + 63) / 64;
  std::vector<std::uint64_t> col_bits(L * Y * W), col_full(L * Y * SW), col_ff(L * Y);
  std::vector<std::uint8_t> col_any(Y, 0);
  Value* const out = t.values.data();
  constexpr std::uint64_t kBlock = 64;  // columns between progress checks
  if (X < 4 * static_cast<std::uint64_t>(threads) || Y < 2 * kBlock) threads = 1;
  // progress[r % threads] = cells of row r done; a thread publishes after each block.
  std::vector<std::atomic<std::uint64_t>> progress(static_cast<std::size_t>(threads));
  for (auto& p : progress) p.store(0);
  std::atomic<bool> failed{false};

  auto run_rows = [&](int tid) {
    std::vector<std::uint64_t> row_bits(L * W), row_full(L * SW), row_ff(L);
    Position c(2);
    for (std::uint64_t x = static_cast<std::uint64_t>(tid); x < X; x += static_cast<std::uint64_t>(threads)) {
      std::fill(row_bits.begin(), row_bits.end(), 0);
      std::fill(row_full.begin(), row_full.end(), 0);
      std::fill(row_ff.begin(), row_ff.end(), 0);
      bool row_any = false;
      c[0] = static_cast<std::int64_t>(x);
      auto& prev_row = progress[static_cast<std::size_t>((x + static_cast<std::uint64_t>(threads) - 1) % static_cast<std::uint64_t>(threads))];
      auto& mine = progress[static_cast<std::size_t>(tid)];
      Value* cell = out + x * Y * L;
      for (std::uint64_t y0 = 0; y0 < Y; y0 += kBlock) {
        const std::uint64_t y1 = std::min(Y, y0 + kBlock);
        if (threads > 1 && x > 0) {
          // Row x-1 must be done up to y1 (its thread stores (x-1)*Y + columns done).
          const std::uint64_t need = (x - 1) * Y + y1;
          for (int spins = 0; prev_row.load(std::memory_order_acquire) < need; ++spins) {
            if (failed.load(std::memory_order_relaxed)) return;
            if (spins > 64) std::this_thread::yield();  // the other thread may not be running
          }
        }
        for (std::uint64_t y = y0; y < y1; ++y) {
          c[1] = static_cast<std::int64_t>(y);
          const bool inc = g.included(c);
          const bool has_move = row_any || col_any[y] != 0;
          Value prev = kNoValue;
          for (std::uint64_t l = 0; l < L; ++l) {
            const detail::LineRef col{&col_bits[(l * Y + y) * W], &col_full[(l * Y + y) * SW], &col_ff[l * Y + y]};
            const detail::LineRef row{&row_bits[l * W], &row_full[l * SW], &row_ff[l]};
            const bool pass = l > 0 && (has_move || g.pass_from_terminal);
            const Value v = detail::mex2(col, row, pass ? prev : kNoValue, W);
            *cell++ = v;
            prev = v;
            if (inc) {
              col.insert(v, W);
              row.insert(v, W);
            }
          }
          if (inc) {
            col_any[y] = 1;
            row_any = true;
          }
        }
        mine.store(x * Y + y1, std::memory_order_release);
        tick((y1 - y0) * L);
      }
    }
  };
  if (threads == 1) {
    run_rows(0);
    return t;
  }
  std::vector<std::thread> pool;
  std::exception_ptr error;
  std::mutex error_mutex;
  const ThreadDeadline::State deadline = ThreadDeadline::inherited();  // the caller's, e.g. a server request's
  for (int tid = 0; tid < threads; ++tid)
    pool.emplace_back([&, tid] {
      try {
        const ThreadDeadline inherit(deadline);
        run_rows(tid);
      } catch (...) {
        std::lock_guard<std::mutex> lock(error_mutex);
        if (!error) error = std::current_exception();
        failed.store(true);
      }
    });
  for (auto& th : pool) th.join();
  if (error) std::rethrow_exception(error);
  return t;
}

// Solves every cell of `box` (base coordinates, then the pass counter if passes > 0) of a line
// game, Grundy values or outcomes, in the same layout as solve_dense. Layers are swept in order
// of the pass counter: the pass option of a cell is the same base cell one layer down.
template <class Included>
DenseTable solve_line_game(const LineGame<Included>& g, const Box& box, Evaluation eval) {
  const int n = g.base_arity;
  if (n == 2 && eval == Evaluation::Grundy) return solve_line_game_2d(g, box);
  const auto un = static_cast<std::size_t>(n);
  const std::uint64_t layers = g.passes > 0 ? static_cast<std::uint64_t>(box.extent(n)) : 1;
  DenseTable t;
  t.box = box;
  t.eval = eval;
  t.values.assign(box.count(), 0);
  const Position base_extent = box.extents().slice(0, n);
  const Box base(base_extent);
  const std::uint64_t base_cells = base.count();
  const bool outcome = eval != Evaluation::Grundy;

  // A bound on every value: a cell has at most sum(extent) line options plus one pass.
  std::uint64_t bound = 2;
  for (int i = 0; i < n; ++i) bound += static_cast<std::uint64_t>(base_extent[i]);

  // Line i through a cell is indexed by the cell's row-major index with coordinate i dropped.
  std::vector<std::uint64_t> stride(un), lines(un);
  for (std::uint64_t s = 1, i = un; i-- > 0;) {
    stride[i] = s;
    s *= static_cast<std::uint64_t>(base_extent[static_cast<int>(i)]);
  }
  for (std::size_t i = 0; i < un; ++i) lines[i] = base_cells / static_cast<std::uint64_t>(base_extent[static_cast<int>(i)]);
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
      t.values[cell] = v;
      if ((idx & 4095) == 4095) tick(4096);
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

}  // namespace grundy::core
