#pragma once

// Fast paths for Nim and its transforms: Nim, Nim with a forbidden set (FTS Nim in general
// form) and either with k passes are line games (src/core/solve/line_solver.hpp). Found by
// argument-dependent lookup from core::Game, which tries fast_route before the generic solver.

#include <optional>

#include "core/solve/band_sweep.hpp"
#include "core/solve/game.hpp"
#include "games/nim.hpp"
#include "transforms/forbid.hpp"
#include "transforms/with_pass.hpp"

namespace grundy::games {

inline std::optional<core::SolveRoute> fast_route(const Nim& nim, const core::Box& box, core::Evaluation eval) {
  auto all = [](const core::Position&) { return true; };
  return core::line_game_route(core::LineGame<decltype(all)>{nim.arity(), 0, false, all, true}, box, eval);
}

inline std::optional<core::SolveRoute> fast_route(const transforms::Forbid<Nim>& g, const core::Box& box,
                                                  core::Evaluation eval) {
  auto allowed = [&g](const core::Position& p) { return !g.forbidden(p); };
  return core::line_game_route(core::LineGame<decltype(allowed)>{g.arity(), 0, false, allowed}, box, eval);
}

inline std::optional<core::SolveRoute> fast_route(const transforms::WithPass<Nim>& g, const core::Box& box,
                                                  core::Evaluation eval) {
  auto all = [](const core::Position&) { return true; };
  return core::line_game_route(
      core::LineGame<decltype(all)>{g.base().arity(), g.passes(), g.from_terminal(), all, true}, box, eval);
}

inline std::optional<core::SolveRoute> fast_route(const transforms::WithPass<transforms::Forbid<Nim>>& g,
                                                  const core::Box& box, core::Evaluation eval) {
  const auto& f = g.base();
  auto allowed = [&f](const core::Position& p) { return !f.forbidden(p); };
  return core::line_game_route(core::LineGame<decltype(allowed)>{f.arity(), g.passes(), g.from_terminal(), allowed},
                               box, eval);
}

// Nim's values by Bouton's theorem (1901): G is the xor of the heaps; normal play P iff it is
// 0; misere play (Bouton too): with every heap at most 1, P iff the xor is 1 (an odd number of
// single stones), else P iff the xor is 0. A value beyond core::Value's range is a UserError.
std::optional<core::ClosedForm> closed_form_of(const Nim& nim, const core::Position& pos, core::Evaluation eval);

// Three-heap Nim with one shared pass (not from a terminal position), by unique completion
// (the f grid). With the pass still available (p = 1), a line (all heaps fixed but one) holds at
// most one P-position: a higher one could move to it. So the P-positions of that layer are
// (x, y, f(x, y), 1), where f(x, y) is the least z that no P-position (x', y, z, 1), x' < x, or
// (x, y', z, 1), y' < y, blocks and whose pass option (x, y, z, 0) is not a P-position of
// plain Nim, i.e. z != x ^ y (except at (0, 0, 0), terminal and so P with the pass unusable):
//     f(x, y) = mex({f(x', y) : x' < x} U {f(x, y') : y' < y} U {x ^ y}),   f(0, 0) = 0.
// An N x N grid instead of an N^3 cube; f is symmetric, and f(x, y) <= x + y + 1. The P-positions
// with p = 0 are those of Nim, x ^ y ^ z = 0. The slow twin: the dense solver on
// `nim -p heaps=3 --pass` (tests/games/nim_test.cpp).
struct PassFGrid {
  std::int64_t size = 0;
  runtime::HugeVector<core::Value> f;  // row-major, x down, y across

  std::int64_t at(std::int64_t x, std::int64_t y) const { return f[static_cast<std::size_t>(x * size + y)]; }
};

PassFGrid nim_pass_f_grid(std::int64_t size);

// The same grid swept by bands on the ranks of `world` (core/solve/band_sweep.hpp), each rank
// holding its rows; core::for_each_row streams it to rank 0. Collective.
core::BandTable nim_pass_f_grid_bands(const runtime::World& world, std::int64_t size);

// The P-positions of three-heap Nim with one pass (not from a terminal position) in a region
// of (x, y, z, p), read off the f grid of the largest of x's and y's extents: (x, y, x ^ y, 0)
// and (x, y, f(x, y), 1). Any evaluation whose P-positions are the normal-play ones (Grundy
// value 0, or normal outcomes); pins on p only. Its slow twin: the dense solver's zeros
// (tests/games/nim_test.cpp).
std::optional<core::PPosRoute> fast_ppos_route(const transforms::WithPass<Nim>& g, const core::Box& box,
                                               const core::Position& pinned, core::Evaluation eval);

// Bytes nim_pass_f_grid(size) needs: the grid and one value set per column.
std::uint64_t nim_pass_f_grid_bytes(std::int64_t size);

}  // namespace grundy::games
