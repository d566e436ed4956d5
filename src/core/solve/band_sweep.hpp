#pragma once

// The 2-D line sweep on MPI ranks: a pipelined wavefront over bands of rows.
//
// The rows are cut into bands of B rows; band k (rows kB .. kB + B - 1) belongs to rank k mod R.
// A rank sweeps its band one block of columns at a time, every row of the band over the block
// (each row keeps its own sets), after receiving that block's column and diagonal sets from the
// band above; then it sends them on to the band below. After a short fill every rank works at
// once, each on its own band: the rank below is one block behind, not one band. Cyclic bands
// balance a symmetric sweep, whose rows grow longer down the table.
//
// Each rank keeps the cells of its own bands only (a symmetric sweep: the lower triangle, y <= x),
// so the table's memory per rank falls as 1/R; the column sets are the same on every rank, as
// in one process. The sets handed from band to band are the same words the single-process sweep
// holds at that point, so every value is the same, bit for bit: core::sweep_lines_2d is the twin
// the tests hold this to.
//
// for_each_row streams the whole table to rank 0 in row order (mirroring a symmetric table's
// upper triangle out of the later bands' tiles), for writing a table file or listing positions
// without any rank holding the table.

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/solve/band_table.hpp"
#include "core/solve/line_solver.hpp"
#include "dist/mpi.hpp"
#include "runtime/errors.hpp"
#include "runtime/progress.hpp"

namespace grundy::core {

namespace detail {

// The sets of columns [y0, y1) of every layer as one message: their words group by group, the
// summaries, first free values and "any" flags; then the same for the diagonals [d0, d0 + n) if
// the sweep has them.
template <class Sweep>
struct BlockMessage {
  static void copy_lines(Sweep& s, bool dia, std::uint64_t lo, std::uint64_t n, std::uint64_t* msg, bool out) {
    const std::uint64_t count = dia ? s.D : s.Y, G = Sweep::G;
    std::uint64_t* bits = dia ? s.dia_bits.data() : s.col_bits.data();
    std::uint64_t* full = dia ? s.dia_full.data() : s.col_full.data();
    std::uint64_t* ff = dia ? s.dia_ff.data() : s.col_ff.data();
    std::uint8_t* any = dia ? s.dia_any.data() : s.col_any.data();
    auto move = [&](std::uint64_t* at, std::uint64_t words) {
      if (out)
        std::copy_n(at, words, msg);
      else
        std::copy_n(msg, words, at);
      msg += words;
    };
    for (std::uint64_t l = 0; l < s.L; ++l) {
      for (std::uint64_t g = 0; g < s.W / G; ++g) move(&bits[l * s.W * count + (g * count + lo) * G], n * G);
      for (std::uint64_t j = 0; j < s.SW; ++j) move(&full[(l * s.SW + j) * count + lo], n);
      move(&ff[l * count + lo], n);
    }
    for (std::uint64_t i = 0; i < n; ++i, ++msg) {
      if (out)
        *msg = any[lo + i];
      else
        any[lo + i] = static_cast<std::uint8_t>(*msg);
    }
  }
  static std::uint64_t words(const Sweep& s, std::uint64_t n) { return n * (s.L * (s.W + s.SW + 1) + 1); }
};

}  // namespace detail

// The band sweep of sweep_lines_2d's game (same arguments, same values) on the ranks of
// `world` (one rank: the bands in turn, no messages). Cells are tried `width` bytes wide; a
// value that does not fit on any rank makes every rank sweep again in four. Collective: every
// rank calls it with the same arguments.
template <bool Diagonal = false, class Included, class ExtraAt>
BandTable sweep_lines_2d_bands(const runtime::World& world, std::uint64_t X, std::uint64_t Y, std::uint64_t L,
                               std::uint64_t bound, bool symmetric, const Included& included, const ExtraAt& extra_at,
                               int width) {
  if (symmetric && X != Y) throw runtime::EngineError("sweep_lines_2d_bands: a symmetric sweep needs a square box");
  const dist::Exchange exchange;
  BandTable t;
  t.layout = BandLayout::make(X, Y, L, symmetric, world.size, world.rank);
  const BandLayout& b = t.layout;
  for (;; width = 4) {
    t.values.reset(b.local_rows() * Y * L, width);
    bool overflow = false;
    t.values.with_cells([&](auto* cells) {
      using Cell = std::remove_pointer_t<decltype(cells)>;
      using Sweep = detail::LineSweep2D<Diagonal, Included, ExtraAt, Cell>;
      using Message = detail::BlockMessage<Sweep>;
      Sweep sweep(X, Y, L, bound, symmetric, included, extra_at, &overflow);
      typename Sweep::Rows rows(b.B, sweep);
      // Messages wait in the outbox until the band below takes them. Each rank is at most one
      // band ahead of the next (it needs the blocks that rank sends), so at most one band's
      // messages wait: the sets of the columns of one band, as many bytes as the sweep's own.
      dist::Outbox outbox;
      std::vector<std::uint64_t> in;
      const std::uint64_t step = static_cast<std::uint64_t>(b.R);
      for (std::uint64_t k = static_cast<std::uint64_t>(b.r); k < b.bands(); k += step) {
        const std::uint64_t a = b.first(k), e = b.end(k);
        const bool from_above = k > 0 && b.R > 1, to_below = k + 1 < b.bands() && b.R > 1;
        for (std::uint64_t i = 0; i < e - a; ++i) rows.clear(i);
        for (std::uint64_t j = 0; j < b.blocks(k); ++j) {
          const std::uint64_t y0 = j * BandLayout::kBlock, y1 = std::min(b.columns(k), y0 + BandLayout::kBlock);
          // The sets of columns y0 .. y1 - 1 after row a - 1, and of the diagonals leaving that
          // row there (the band above sweeps fewer blocks when symmetric).
          if (from_above && j < b.blocks(k - 1)) {
            const std::uint64_t z1 = std::min(b.columns(k - 1), y1), n = z1 - y0;
            in.resize(Message::words(sweep, n) * (Diagonal ? 2 : 1));
            dist::recv(in.data(), in.size() * 8, b.owner(k - 1), dist::kTagSets);
            Message::copy_lines(sweep, false, y0, n, in.data(), false);
            if constexpr (Diagonal)
              Message::copy_lines(sweep, true, a + Y - 1 - z1, n, in.data() + Message::words(sweep, n), false);
          }
          std::uint64_t swept = 0;  // cells of the table: a symmetric sweep's mirrored ones too
          for (std::uint64_t x = a; x < e; ++x) {
            const std::uint64_t stop = symmetric ? std::min(y1, x + 1) : y1;
            if (y0 >= stop) continue;
            sweep.row_block(rows, x - a, x, y0, stop, cells + (b.local_row(x) * Y + y0) * L);
            swept += symmetric ? 2 * (stop - y0) - (stop == x + 1 ? 1 : 0) : stop - y0;
            if (symmetric && stop == x + 1) sweep.close_row(rows, x - a, x);
          }
          runtime::tick(swept * L);
          if (to_below) {
            const std::uint64_t n = y1 - y0;
            std::vector<std::uint64_t> out(Message::words(sweep, n) * (Diagonal ? 2 : 1));
            Message::copy_lines(sweep, false, y0, n, out.data(), true);
            if constexpr (Diagonal)
              Message::copy_lines(sweep, true, e + Y - 1 - y1, n, out.data() + Message::words(sweep, n), true);
            outbox.post(std::move(out), b.owner(k + 1), dist::kTagSets);
          }
        }
      }
      outbox.wait_all();
      t.bytes_sent = outbox.bytes_sent();
    });
    if (dist::max(world, overflow ? 1 : 0) == 0) return t;
    if (width == 4) throw runtime::EngineError("line solver: a value overflowed four bytes");
  }
}

// Bytes for_each_row allocates on rank 0: a chunk of rows decoded and one received raw, or a
// tile as large.
inline std::uint64_t stream_bytes(const BandLayout& b, int width) {
  const std::uint64_t chunk_cells = mul_bytes(mul_bytes(stream_rows(b), std::max(b.Y, b.B)), b.L);
  return mul_bytes(chunk_cells, sizeof(Value) + 2 * static_cast<std::uint64_t>(width));
}

// Bytes the band sweep of a 2-D line game allocates on a rank at its peak, the same on every
// rank (rank 0's: the most bands, and for_each_row's buffers): its part of the table, the
// column (and diagonal) sets, its band's row sets and the messages in flight.
inline std::uint64_t line_game_band_bytes(const BandLayout& layout, std::uint64_t bound, bool diagonal) {
  BandLayout b = layout;
  b.r = 0;
  constexpr std::uint64_t G = detail::LineRef::kGroup;
  const std::uint64_t W = (bound / 64 + G) / G * G, SW = (W + 63) / 64, L = b.L;
  const int width = ValueArray::width_for(bound);
  std::uint64_t bytes = ValueArray::bytes(mul_bytes(mul_bytes(b.local_rows(), b.Y), L), width);
  for (const std::uint64_t lines : {b.Y, diagonal ? b.X + b.Y - 1 : 0}) {
    if (lines == 0) continue;
    bytes = add_bytes(bytes, runtime::huge_block_bytes(mul_bytes(mul_bytes(L * W, lines), 8)));
    bytes = add_bytes(bytes, runtime::huge_block_bytes(mul_bytes(mul_bytes(L * SW, lines), 8)));
    bytes = add_bytes(bytes, runtime::huge_block_bytes(mul_bytes(L * lines, 8)));
    bytes = add_bytes(bytes, lines);
  }
  bytes = add_bytes(bytes, mul_bytes(b.B, L * (W + SW + 1) * 8 + 1));
  // The outbox: a band's messages, every column's sets (and as many diagonals), and one received.
  if (b.R > 1) {
    const std::uint64_t message = BandLayout::kBlock * (L * (W + SW + 1) + 1) * 8 * (diagonal ? 2 : 1);
    bytes = add_bytes(bytes, mul_bytes((b.Y + BandLayout::kBlock - 1) / BandLayout::kBlock + 1, message));
  }
  bytes = add_bytes(bytes, stream_bytes(b, width));
  // And what every route allocates besides its arrays (tests/core/route_test.cpp found a 2 x 2
  // table's sweep allocating 776 bytes against an estimate of 224).
  return add_bytes(bytes, kRouteOverheadBytes);
}

// The two-coordinate line game's table swept by bands on the ranks of `world`
// (solve_line_game_2d's twin).
template <class Included>
BandTable solve_line_game_2d_bands(const runtime::World& world, const LineGame<Included>& g, const Box& box,
                                   bool symmetric) {
  const std::uint64_t X = static_cast<std::uint64_t>(box.extent(0)), Y = static_cast<std::uint64_t>(box.extent(1));
  const std::uint64_t L = g.passes > 0 ? static_cast<std::uint64_t>(box.extent(2)) : 1;
  const bool ptf = g.pass_from_terminal;
  auto pass = [ptf](std::uint64_t, std::uint64_t, std::uint64_t l, Value prev, bool has_move) {
    return detail::OneValue{l > 0 && (has_move || ptf) ? prev : kNoValue};
  };
  symmetric = symmetric && X == Y;
  const std::uint64_t bound = line_game_2d_bound(X, Y, g.diagonal);
  const int width = line_game_2d_width(X, Y, g.diagonal);
  return g.diagonal ? sweep_lines_2d_bands<true>(world, X, Y, L, bound, symmetric, g.included, pass, width)
                    : sweep_lines_2d_bands(world, X, Y, L, bound, symmetric, g.included, pass, width);
}

// The route of a line game: solve_line_game and its memory; for the Grundy values of a
// two-coordinate game, its band sweep too.
template <class Included>
SolveRoute line_game_route(const LineGame<Included>& g, const Box& box, Evaluation eval) {
  SolveRoute r;
  r.name = g.base_arity == 2 && (eval == Evaluation::Grundy || g.diagonal)
               ? (g.diagonal ? "2-D line sweep with diagonals" : "2-D line sweep")
               : "line sweep";
  r.bytes = line_game_bytes(g.base_arity, g.passes, box, eval, g.diagonal);
  r.run = [g, box, eval] { return solve_line_game(g, box, eval); };
  if (g.base_arity == 2 && eval == Evaluation::Grundy) {
    const std::uint64_t X = static_cast<std::uint64_t>(box.extent(0)), Y = static_cast<std::uint64_t>(box.extent(1));
    const std::uint64_t L = g.passes > 0 ? static_cast<std::uint64_t>(box.extent(2)) : 1;
    const bool symmetric = g.symmetric && X == Y;
    const bool diagonal = g.diagonal;
    r.bands =
        BandRun{[X, Y, L, symmetric, diagonal](const runtime::World& world) {
                  return line_game_band_bytes(BandLayout::make(X, Y, L, symmetric, world.size, world.rank),
                                              line_game_2d_bound(X, Y, diagonal), diagonal);
                },
                [g, box](const runtime::World& world) { return solve_line_game_2d_bands(world, g, box, g.symmetric); }};
  }
  return r;
}

}  // namespace grundy::core
