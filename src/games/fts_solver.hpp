#pragma once

// Fast solvers for Forbidden-Total-Size Nim (Oginuma and Shinoda): outcome classes only (P/N),
// which is all the paper's theorems speak about, and the three-pile function f(x,y) of
// Section 4.1. Their slow twins are the generic dense and memo solvers on FtsNim (or on
// `nim --forbid`), which the tests compare them with cell by cell.

#include <climits>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/model/box.hpp"
#include "core/solve/band_sweep.hpp"
#include "core/solve/dense_solver.hpp"
#include "games/fts.hpp"
#include "runtime/errors.hpp"

namespace grundy::games {

namespace detail {

// How a sweep decides whether a cell lies in X_S: by the total mod d, by a table of the totals
// (an S that reads only `total`, evaluated once per total), or by evaluating S at the cell.
struct FtsForbidden {
  enum class Mode { Modulus, TotalTable, Expression } mode;
  std::int64_t d = 0;
  std::vector<std::uint8_t> by_total;

  FtsForbidden(const FtsNim& rules, std::int64_t max_total) {
    if (rules.d() > 0) {
      mode = Mode::Modulus;
      d = rules.d();
    } else if (!rules.s_uses_piles()) {
      mode = Mode::TotalTable;
      by_total.resize(static_cast<std::size_t>(max_total + 1));
      for (std::int64_t t = 0; t <= max_total; ++t) by_total[static_cast<std::size_t>(t)] = rules.forbidden_total(t);
    } else {
      mode = Mode::Expression;
    }
  }
};

}  // namespace detail

// Visits every cell of `box` (row-major index order, the last pile fastest) with
// visit(const Position& pos, bool p_position, bool forbidden), where forbidden means
// |pos| in S (pos lies in X_S, so it is a start-only position).
//
// Why it is correct: a position is P iff none of its options is P. The options of x are the
// positions below it on its n lines (all piles fixed but one) that are not in X_S, so x has a
// P option iff some line through x holds a P-position outside X_S (a P_1 position, in the
// paper's notation) below x. The sweep keeps, per line, the smallest coordinate of a P_1
// position seen so far (or none): index order meets every line in increasing coordinate, so
// x is P iff on each of its lines that smallest coordinate is not below x. This holds whether
// or not a line holds several P_1 positions, so the counts of P_1 per line that Theorem 4.1
// speaks about are measured, not assumed. (P_0 positions, in X_S, are never options, so a
// line may hold several of them: in 5-FTS both (5,0,5) and (5,0,6) are P.) Cost: O(n) per
// cell and one int32 per line, instead of O(n * side) per cell for the generic solver.
template <class Visit>
void sweep_fts_outcomes(const FtsNim& rules, const core::Box& box, Visit&& visit) {
  const int n = box.arity();
  if (n != rules.piles())
    throw runtime::EngineError(rules.name() + ": a box of " + std::to_string(n) + " coordinates for " +
                               std::to_string(rules.piles()) + " piles");
  std::int64_t max_total = 0;
  for (int i = 0; i < n; ++i) {
    if (box.extent(i) <= 0) return;
    if (box.extent(i) >= INT32_MAX) throw runtime::EngineError("sweep_fts_outcomes: box side beyond 2^31");
    max_total += box.extent(i) - 1;
  }
  const detail::FtsForbidden forb(rules, max_total);
  constexpr std::int32_t kNone = INT32_MAX;  // no P_1 position on the line yet
  const int last = n - 1;

  // Lines in direction i are indexed row-major over the other coordinates: stride[i][j] is the
  // step of coordinate j (j != i) in that index. The last coordinate always steps by 1, except
  // in its own direction, whose line index is the index over coordinates 0..n-2.
  std::vector<std::vector<std::int32_t>> line(static_cast<std::size_t>(n));
  std::vector<std::vector<std::int64_t>> stride(static_cast<std::size_t>(n),
                                                std::vector<std::int64_t>(static_cast<std::size_t>(n), 0));
  for (int i = 0; i < n; ++i) {
    std::int64_t s = 1;
    for (int j = n - 1; j >= 0; --j) {
      if (j == i) continue;
      stride[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = s;
      s *= box.extent(j);
    }
    line[static_cast<std::size_t>(i)].assign(static_cast<std::size_t>(s), kNone);
  }

  // The cells of one line in direction `last` (all coordinates but the last fixed): the inner
  // loop, with the lines of the other directions reached through pointers offset by z.
  Position pos(n);
  std::vector<std::int32_t*> cross(static_cast<std::size_t>(n));
  std::vector<std::int64_t> fixed(static_cast<std::size_t>(n));
  auto run_line = [&](std::int32_t& own, auto in_s_at) {
    const std::int64_t side = box.extent(last);
    for (std::int64_t z = 0; z < side; ++z) {
      pos[last] = z;
      const bool in_s = in_s_at(z);
      bool p = own >= z;
      for (int i = 0; i < last && p; ++i)
        p = cross[static_cast<std::size_t>(i)][z] >= fixed[static_cast<std::size_t>(i)];
      visit(static_cast<const Position&>(pos), p, in_s);
      if (p && !in_s) {  // a P_1 position: the first, hence lowest, on each of its lines
        own = static_cast<std::int32_t>(z);
        for (int i = 0; i < last; ++i)
          cross[static_cast<std::size_t>(i)][z] = static_cast<std::int32_t>(fixed[static_cast<std::size_t>(i)]);
      }
    }
  };
  std::int64_t outer = 0;  // line index in direction `last`
  for (;;) {
    std::int64_t t0 = 0;
    for (int j = 0; j < last; ++j) t0 += pos[j];
    for (int i = 0; i < last; ++i) {
      std::int64_t b = 0;
      for (int j = 0; j < last; ++j)
        if (j != i) b += pos[j] * stride[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
      cross[static_cast<std::size_t>(i)] = line[static_cast<std::size_t>(i)].data() + b;
      fixed[static_cast<std::size_t>(i)] = pos[i];
    }
    std::int32_t& own = line[static_cast<std::size_t>(last)][static_cast<std::size_t>(outer)];
    switch (forb.mode) {
      case detail::FtsForbidden::Mode::Modulus: {
        std::int64_t r = t0 % forb.d;  // (t0 + z) mod d, stepped along
        run_line(own, [&](std::int64_t) {
          const bool in_s = r == 0;
          if (++r == forb.d) r = 0;
          return in_s;
        });
        break;
      }
      case detail::FtsForbidden::Mode::TotalTable: {
        const std::uint8_t* by_total = forb.by_total.data() + t0;
        run_line(own, [&](std::int64_t z) { return by_total[z] != 0; });
        break;
      }
      case detail::FtsForbidden::Mode::Expression:
        run_line(own, [&](std::int64_t) { return rules.forbidden(pos); });
        break;
    }
    // Next combination of coordinates 0..n-2 (an odometer, coordinate n-2 fastest).
    pos[last] = 0;
    int j = last - 1;
    while (j >= 0 && ++pos[j] == box.extent(j)) pos[j--] = 0;
    if (j < 0) return;
    ++outer;
  }
}

// The outcome class of every cell of a box: p[index] = 1 for a P-position, 0 for N.
struct FtsOutcomes {
  core::Box box;
  std::vector<std::uint8_t> p;

  bool is_p(const Position& pos) const { return p[box.index(pos)] != 0; }
};

FtsOutcomes solve_fts_outcomes(const FtsNim& rules, const core::Box& box);

// f(x,y) for x, y < size, row-major (x down, y across), as Theorem 4.1 defines it: the unique
// z with (x,y,z) a P-position outside X_S.
struct FtsFGrid {
  std::int64_t size = 0;
  runtime::HugeVector<core::Value> f;

  std::int64_t at(std::int64_t x, std::int64_t y) const { return f[static_cast<std::size_t>(x * size + y)]; }
};

// f by the mex recursion (4.3) of the paper, f(x,y) = mex({f(x',y) : x' < x} U {f(x,y') : y' < y}
// U {z : x+y+z in S}), which for d-FTS is the printed third set {kd - (x+y)} and for S = {0,1}
// supplies the hand-set cells f(0,0) = 2, f(1,0) = f(0,1) = 1 of Section 5. Three piles only
// (UserError otherwise). When S reads the total alone (d-FTS included), this is the 2-D line
// sweep of core/solve/line_solver.hpp (symmetric, both cores) with S as a bitset over totals; an S
// that reads the piles is tested per candidate z. A UserError if some f(x,y) exceeds
// x + y + 65537: an S that forbids almost every total may leave no P_1 position on a line.
FtsFGrid fts_f_grid(const FtsNim& rules, std::int64_t size);

// The same grid swept by bands on the ranks of `world` (core/solve/band_sweep.hpp), each rank
// holding its rows (y <= x), for an S that reads the total alone (UserError otherwise).
// Collective.
core::BandTable fts_f_grid_bands(const runtime::World& world, const FtsNim& rules, std::int64_t size);

// f read off the game itself: for x, y < size, the first z < z_limit with (x,y,z) P and not in
// X_S (-1 if none), and how many such z there are (Theorem 4.1 says exactly one), by
// sweep_fts_outcomes over size x size x z_limit.
struct FtsFFromGame {
  std::int64_t size = 0, z_limit = 0;
  std::vector<std::int64_t> f;
  std::vector<std::int32_t> count;

  std::int64_t at(std::int64_t x, std::int64_t y) const { return f[static_cast<std::size_t>(x * size + y)]; }
  std::int32_t count_at(std::int64_t x, std::int64_t y) const { return count[static_cast<std::size_t>(x * size + y)]; }
};

FtsFFromGame fts_f_from_game(const FtsNim& rules, std::int64_t size, std::int64_t z_limit);

// Bytes fts_f_grid(rules, size) needs, for the memory guard of the CLI.
std::uint64_t fts_f_grid_bytes(const FtsNim& rules, std::int64_t size);

// Bytes solve_fts_outcomes and its table need for `box`: the P flags, the table, the lowest
// P_1 position of every line, and S by total.
inline std::uint64_t fts_outcome_bytes(const core::Box& box) {
  const std::uint64_t cells = box.count();
  std::uint64_t bytes = core::add_bytes(cells, core::ValueArray::bytes(cells, 1));
  std::uint64_t total = 1;
  for (int i = 0; i < box.arity(); ++i) {
    if (box.extent(i) <= 0) return bytes;
    bytes = core::add_bytes(bytes, cells / static_cast<std::uint64_t>(box.extent(i)) * sizeof(std::int32_t));
    total += static_cast<std::uint64_t>(box.extent(i));
  }
  return core::add_bytes(bytes, total);
}

// The fast paths core::Game takes for FTS Nim (found by argument-dependent lookup): the
// outcome sweep above for P/N; for Grundy values the line sweep of Nim with moves into X_S
// excluded (core/solve/line_solver.hpp), by halves when S reads the total alone; misere outcomes go
// through the generic solver.
inline std::optional<core::SolveRoute> fast_route(const FtsNim& rules, const core::Box& box, core::Evaluation eval) {
  if (eval == core::Evaluation::Grundy) {
    auto outside_s = [&rules](const Position& p) { return !rules.forbidden(p); };
    return core::line_game_route(
        core::LineGame<decltype(outside_s)>{rules.piles(), 0, false, outside_s, !rules.s_uses_piles()}, box, eval);
  }
  if (eval != core::Evaluation::NormalOutcome) return std::nullopt;
  core::SolveRoute r;
  r.name = "FTS outcome sweep";
  r.bytes = fts_outcome_bytes(box);
  r.run = [&rules, box, eval] {
    const FtsOutcomes o = solve_fts_outcomes(rules, box);
    core::DenseTable t;
    t.box = box;
    t.eval = eval;
    t.values.reset(o.p.size(), 1);
    for (std::size_t i = 0; i < o.p.size(); ++i) t.values.set(i, o.p[i] ? 0 : 1);
    return t;
  };
  return r;
}

// The P-positions of three-pile FTS Nim (normal play) from the f grid, by ADL from
// core::Game::ppos_route, when S depends on the total alone and no pile is pinned: outside X_S
// the one P-position of line (x, y) is z = f(x, y) (Theorem 4.1); inside X_S, (x, y, z) is P iff
// none of its options is, that is iff z < f(x, y) and z is neither an f(x', y), x' < x, nor an
// f(x, y'), y' < y. Every z below f(x, y) that is not one of those is barred by S (f is the
// mex), so the P-positions inside X_S on a line are the gaps of the row and column sets below
// min(f, Z), read a word at a time.
std::optional<core::PPosRoute> fast_ppos_route(const FtsNim& rules, const core::Box& box, const core::Position& pinned,
                                               core::Evaluation eval);

}  // namespace grundy::games
