#pragma once

// A fast exact solver for the chocolate bars of the chocolate paper (Definitions 6, 7 and 10),
// with or without passes. Its slow twin is core::solve_dense on Chocolate / Chocolate2 wrapped
// in transforms::WithPass; tests/games/chocolate_test.cpp compares them cell by cell.

#include <cstdint>
#include <functional>
#include <optional>
#include <type_traits>
#include <vector>

#include "core/solve/band_table.hpp"
#include "core/solve/dense_solver.hpp"
#include "core/solve/route.hpp"
#include "games/chocolate.hpp"
#include "runtime/memory.hpp"
#include "runtime/world.hpp"
#include "transforms/with_pass.hpp"

namespace grundy::games {

// A bound function F sampled on x < nx, z < nz (row-major by x). For h(z), nx = 1.
struct BoundGrid {
  std::int64_t nx = 0, nz = 0;
  std::vector<std::int64_t> values;

  std::int64_t at(std::int64_t x, std::int64_t z) const { return values[static_cast<std::size_t>(x * nz + z)]; }

  // Samples a user's function after checking it (Definition 5) on the grid.
  static BoundGrid sample(const BoundFunction& f, std::int64_t nx, std::int64_t nz);
  // Samples any C++ function F(x,z); the solver checks it before use.
  static BoundGrid of(std::int64_t nx, std::int64_t nz, const std::function<std::int64_t(std::int64_t, std::int64_t)>& f);
};

// G of every cell of the box x < f.nx, y < ny, z < f.nz, p < layers, as a DenseTable over
// (x, y, z, p) (non-positions y > F(x,z) hold kNoValue). Layer p is the game with p passes left:
// a pass moves (x,y,z,p) to (x,y,z,p-1) and is not allowed from the terminal (0,0,0)
// (Definition 10). Throws EngineError if f is not monotone and non-negative (sample() and the
// rulesets check that for users), TooLarge if it would not fit `memory_limit`.
core::DenseTable solve_chocolate_grid(const BoundGrid& f, std::int64_t ny, std::int64_t layers,
                                      std::uint64_t memory_limit = runtime::default_memory_limit());

// The same for a ruleset and a box in its coordinates: (x, y, z) or (x, y, z, p) for Chocolate,
// (y, z) or (y, z, p) for Chocolate2 (a last extent of K+1 gives the layers p = 0..K of
// WithPass(game, K)). The table's box is the requested one.
core::DenseTable solve_chocolate(const Chocolate& game, const core::Box& box,
                                 std::uint64_t memory_limit = runtime::default_memory_limit());
core::DenseTable solve_chocolate2(const Chocolate2& game, const core::Box& box,
                                  std::uint64_t memory_limit = runtime::default_memory_limit());

// The same table swept by bands of planes x on the ranks of `world`
// (core/solve/band_sweep.hpp), each rank holding its planes: a BandTable of X = f.nx rows, each
// row a plane of ny x (f.nz x layers) cells in the table's order. Collective; the same values as
// solve_chocolate_grid, bit for bit.
core::BandTable solve_chocolate_grid_bands(const runtime::World& world, const BoundGrid& f, std::int64_t ny,
                                           std::int64_t layers);

// Bytes the band sweep allocates on a rank at its peak (rank 0's), for `layout` (planes as rows)
// and Z = f.nz.
std::uint64_t chocolate_band_bytes(const core::BandLayout& layout, std::uint64_t Z, std::uint64_t bound);
std::uint64_t chocolate_bound(std::int64_t nx, std::int64_t ny, std::int64_t nz, std::int64_t layers);

// Bytes solve_chocolate_grid allocates for that box: the table, the value sets of the lines
// along x, y and z, and the sampled F.
std::uint64_t chocolate_grid_bytes(std::int64_t nx, std::int64_t ny, std::int64_t nz, std::int64_t layers);

// The fast paths core::Game takes for chocolate bars (found by argument-dependent lookup):
// Grundy values, and normal-play outcomes read off them. A pass from the terminal position
// (--pass-from-terminal) and misere play go through the generic solver.
namespace detail {
inline core::DenseTable as_evaluation(core::DenseTable t, core::Evaluation eval) {
  if (eval == core::Evaluation::NormalOutcome)
    for (std::size_t i = 0; i < t.values.size(); ++i)
      if (t.values[i] != core::kNoValue) t.values.set(i, t.values[i] == 0 ? 0 : 1);
  t.eval = eval;
  return t;
}

// The route of a 3-D box (x, y, z[, p]) or, for CB_2, a 2-D one (y, z[, p]); the memory guard
// ran on its estimate, so the solver's own check is off.
template <class G>
std::optional<core::SolveRoute> chocolate_route(const G& game, const core::Box& box, core::Evaluation eval,
                                                bool two_d) {
  if (eval == core::Evaluation::MisereOutcome) return std::nullopt;
  const int n = two_d ? 2 : 3;
  const std::int64_t layers = box.arity() > n ? box.extent(n) : 1;
  core::SolveRoute r;
  r.name = "chocolate line sweep";
  r.bytes = two_d ? chocolate_grid_bytes(1, box.extent(0), box.extent(1), layers)
                  : chocolate_grid_bytes(box.extent(0), box.extent(1), box.extent(2), layers);
  r.run = [&game, box, eval] {
    if constexpr (std::is_same_v<G, Chocolate2>)
      return as_evaluation(solve_chocolate2(game, box, UINT64_MAX), eval);
    else
      return as_evaluation(solve_chocolate(game, box, UINT64_MAX), eval);
  };
  if constexpr (std::is_same_v<G, Chocolate>) {
    // The Grundy values of a 3-D bar by bands of planes on MPI ranks.
    if (eval == core::Evaluation::Grundy) {
      const auto X = static_cast<std::uint64_t>(box.extent(0)), Y = static_cast<std::uint64_t>(box.extent(1)),
                 Z = static_cast<std::uint64_t>(box.extent(2)), P = static_cast<std::uint64_t>(layers);
      const std::uint64_t bound = chocolate_bound(box.extent(0), box.extent(1), box.extent(2), layers);
      r.bands = core::BandRun{
          [X, Y, Z, P, bound](const runtime::World& world) {
            return chocolate_band_bytes(core::BandLayout::make(X, Y, Z * P, false, world.size, world.rank), Z, bound);
          },
          [&game, box, layers](const runtime::World& world) {
            return solve_chocolate_grid_bands(world, BoundGrid::sample(game.f(), box.extent(0), box.extent(2)),
                                              box.extent(1), layers);
          }};
    }
  }
  return r;
}
}  // namespace detail

inline std::optional<core::SolveRoute> fast_route(const Chocolate& g, const core::Box& box, core::Evaluation eval) {
  return detail::chocolate_route(g, box, eval, false);
}
inline std::optional<core::SolveRoute> fast_route(const Chocolate2& g, const core::Box& box, core::Evaluation eval) {
  return detail::chocolate_route(g, box, eval, true);
}
inline std::optional<core::SolveRoute> fast_route(const transforms::WithPass<Chocolate>& g, const core::Box& box,
                                                  core::Evaluation eval) {
  if (g.from_terminal()) return std::nullopt;
  return detail::chocolate_route(g.base(), box, eval, false);
}
inline std::optional<core::SolveRoute> fast_route(const transforms::WithPass<Chocolate2>& g, const core::Box& box,
                                                  core::Evaluation eval) {
  if (g.from_terminal()) return std::nullopt;
  return detail::chocolate_route(g.base(), box, eval, true);
}

}  // namespace grundy::games
