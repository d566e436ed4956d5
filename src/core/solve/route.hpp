#pragma once

// A way to solve a box: the solver's name, the bytes it allocates at its peak (the table it
// returns included), and the run itself. Choosing a route and estimating its memory happen in
// one place per solver, so the memory guard always estimates the route that will run, all of
// it: line sets, rank orders and hash maps as well as the table. Every estimate has
// a twin in the tests that measures the allocations of the run (tests/core/route_test.cpp).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "core/solve/band_table.hpp"
#include "core/solve/dense_solver.hpp"
#include "runtime/world.hpp"

namespace grundy::core {

struct SolveRoute {
  std::string name;         // "line sweep", "generic sweep in rank order", ...
  std::uint64_t bytes = 0;  // peak allocation of run(), UINT64_MAX when beyond counting
  std::function<DenseTable()> run;
  // The same table swept by the ranks of an MPI world, each holding its bands of rows, where
  // the route has that form (the 2-D line sweep).
  std::optional<BandRun> bands;
};

// A way to list the P-positions of a region without a table of all its cells: unique
// completion (the f grids of three-heap Nim with a pass). The region is `box` with
// the coordinates `pinned` >= 0 held at that value. run(world, visit) calls visit once per
// P-position of the region, in index order (Box::next's), and may be called again. In a
// distributed world every rank calls it (a route may sweep its grid by bands, one per rank)
// and rank 0's visit lists the positions; the other ranks' is never called. bytes(world): its
// peak allocation on a rank of that world.
struct PPosRoute {
  std::string name;
  std::function<std::uint64_t(const runtime::World&)> bytes;
  std::function<void(const runtime::World&, const std::function<void(const Position&)>&)> run;
};

// Saturating arithmetic for estimates: a box too large to count refuses instead of wrapping.
inline std::uint64_t add_bytes(std::uint64_t a, std::uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }
inline std::uint64_t mul_bytes(std::uint64_t a, std::uint64_t b) {
  return a != 0 && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

// What every route allocates besides its arrays: small vectors of strides, lines and options,
// exception messages. Added once to every estimate by core::Game::route.
inline constexpr std::uint64_t kRouteOverheadBytes = std::uint64_t{64} << 10;

// The generic sweep of core::solve_dense, with its memory: the values, plus in rank order the
// ranks, the order and std::stable_sort's buffer, or for a ruleset with no order the memo
// solver of every cell.
template <Ruleset R>
SolveRoute generic_route(const R& rules, const Box& requested, Evaluation eval) {
  const Box reach = reach_box(rules, requested);
  const std::uint64_t n = reach.count();
  SolveRoute r;
  r.run = [&rules, requested, eval] { return solve_dense(rules, requested, eval); };
  r.bytes = mul_bytes(n, sizeof(Value));
  if (options_precede(rules)) {
    r.name = "generic sweep in index order";
  } else if (has_rank(rules)) {
    r.name = "generic sweep in rank order";
    r.bytes = add_bytes(r.bytes, mul_bytes(n, sizeof(std::int64_t) + 2 * sizeof(std::uint64_t)));
  } else {
    r.name = "memo solver per cell";
    r.bytes = add_bytes(r.bytes, mul_bytes(memo_positions_for(n), kMemoBytesPerPosition));
  }
  return r;
}

}  // namespace grundy::core
