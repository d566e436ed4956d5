#pragma once

#include <functional>
#include <optional>

#include "core/solve/band_sweep.hpp"
#include "core/solve/dense_solver.hpp"
#include "games/leaper.hpp"
#include "transforms/forbid.hpp"
#include "transforms/with_pass.hpp"

namespace grundy::games {

// The dense values of a leaper (Corner the Knight and friends) over the reach box of
// `requested`, with exactly the contract and the result of core::solve_dense, its slow twin in
// the tests: cells outside `requested` whose options leave the box are kUnsolved.
//
// A leaper has at most 64 options, each a fixed index offset, and a rank w1*m + w2*n that drops
// along every move. So the box is swept rank by rank (anti-diagonals m+n = r for the knight)
// with no sort, no hashing and no per-cell allocation: each cell is a mex over a 64-bit mask.
//
// The sweep runs rank-major on a byte per cell, each rank split between `threads` threads
// (0: all cores from a million cells on, else one), and is then laid out row-major.
// Bytes solve_leaper allocates at its peak: the table over the reach box, a byte per cell for
// the rank-major sweep, and a few words per rank and per row.
std::uint64_t leaper_bytes(const Leaper& rules, const core::Box& requested);

core::DenseTable solve_leaper(const Leaper& rules, const core::Box& requested,
                              core::Evaluation eval = core::Evaluation::Grundy, int threads = 0);

// The same Grundy values swept by the ranks of `world`, each holding a band of
// rows m of the reach box, one band a rank (fewer bands when a band would be narrower than a
// move is long). The ranks sweep level by level together, as solve_leaper's threads do; after
// each level a band hands its neighbours that level's cells in the rows their moves reach (a
// row holds one cell of a level, so a few bytes a level). solve_leaper is its twin in the tests.
core::BandLayout leaper_band_layout(const Leaper& rules, const core::Box& requested, int ranks, int rank);
std::uint64_t leaper_band_bytes(const Leaper& rules, const core::BandLayout& layout);
core::BandTable solve_leaper_bands(const runtime::World& world, const Leaper& rules, const core::Box& requested);

// Any other rider (Slider::Lines::None: Wythoff's variants) by its lines: each direction's line
// through a cell, the cells k >= 1 steps back along it, keeps the set of values seen on it,
// and the sweep in index order meets every cell after the cells behind it on its lines, so a
// cell's value is the first missing from the union of its lines' sets. One insert per
// direction a cell, where the generic sweep lists every option. With `passes` > 0 the box has
// a third coordinate, the passes left, each layer with its own sets and the pass option the same
// cell one layer down (from a terminal cell only if `from_terminal`); a cell `included` rejects
// (forbidden) gets its value but enters no line. Grundy values, and normal outcomes from them;
// the generic sweep is the slow twin in the tests. Rows alternate between `threads` threads.
std::uint64_t rider_bytes(const Slider& s, const core::Box& box, core::Evaluation eval);
core::DenseTable solve_rider(const Slider& s, const core::Box& box, core::Evaluation eval, int passes = 0,
                             bool from_terminal = false,
                             const std::function<bool(const core::Position&)>& included = {},
                             int threads = runtime::solver_threads());

// The rook and the queen are line games (core/solve/line_solver.hpp): every move lowers one
// coordinate to any smaller value, or for the queen both by the same amount, along lines of
// cells whose value sets the sweep keeps. Found by argument-dependent lookup from core::Game,
// with a pass and with a forbidden set too (a forbidden cell is one no move may land on; the
// slider still moves past it). Other direction sets take solve_rider; misere play the generic
// sweep, which is the slow twin in the tests.
template <class Included>
std::optional<core::SolveRoute> slider_route(const Slider& s, int passes, bool from_terminal, Included included,
                                             bool symmetric, const core::Box& box, core::Evaluation eval) {
  if (s.lines() == Slider::Lines::None) {
    if (eval == core::Evaluation::MisereOutcome) return std::nullopt;
    // No forbidden cells (`symmetric`): no predicate, so that the sweep may mirror a square box.
    return core::SolveRoute{"rider line sweep", rider_bytes(s, box, eval),
                            [&s, box, eval, passes, from_terminal, included, symmetric] {
                              return symmetric ? solve_rider(s, box, eval, passes, from_terminal)
                                               : solve_rider(s, box, eval, passes, from_terminal, included);
                            },
                            std::nullopt};
  }
  const bool diagonal = s.lines() == Slider::Lines::AxesAndDiagonal;
  if (diagonal && eval == core::Evaluation::MisereOutcome) return std::nullopt;
  return core::line_game_route(core::LineGame<Included>{2, passes, from_terminal, included, symmetric, diagonal}, box,
                               eval);
}

inline std::optional<core::SolveRoute> fast_route(const Slider& s, const core::Box& box, core::Evaluation eval) {
  auto all = [](const core::Position&) { return true; };
  return slider_route(s, 0, false, all, true, box, eval);
}

inline std::optional<core::SolveRoute> fast_route(const transforms::WithPass<Slider>& g, const core::Box& box,
                                                  core::Evaluation eval) {
  auto all = [](const core::Position&) { return true; };
  return slider_route(g.base(), g.passes(), g.from_terminal(), all, true, box, eval);
}

inline std::optional<core::SolveRoute> fast_route(const transforms::Forbid<Slider>& g, const core::Box& box,
                                                  core::Evaluation eval) {
  auto allowed = [&g](const core::Position& p) { return !g.forbidden(p); };
  return slider_route(g.base(), 0, false, allowed, false, box, eval);
}

inline std::optional<core::SolveRoute> fast_route(const transforms::WithPass<transforms::Forbid<Slider>>& g,
                                                  const core::Box& box, core::Evaluation eval) {
  const auto& f = g.base();
  auto allowed = [&f](const core::Position& p) { return !f.forbidden(p); };
  return slider_route(f.base(), g.passes(), g.from_terminal(), allowed, false, box, eval);
}

}  // namespace grundy::games
