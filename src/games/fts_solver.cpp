#include "games/fts_solver.hpp"

#include <algorithm>
#include <bit>
#include <memory>

#include "core/solve/line_solver.hpp"
#include "dist/mpi.hpp"
#include "runtime/progress.hpp"

namespace grundy::games {

FtsOutcomes solve_fts_outcomes(const FtsNim& rules, const core::Box& box) {
  FtsOutcomes out;
  out.box = box;
  out.p.assign(box.count(), 0);
  std::size_t idx = 0;  // the sweep runs in index order
  sweep_fts_outcomes(rules, box, [&](const Position&, bool p, bool) { out.p[idx++] = p ? 1 : 0; });
  return out;
}

namespace {

// A growable bitset of the f values already used in one row or column.
struct ValueSet {
  std::vector<std::uint64_t> words;
  std::uint64_t word(std::size_t w) const { return w < words.size() ? words[w] : 0; }
  void add(std::int64_t v) {
    const auto w = static_cast<std::size_t>(v / 64);
    if (w >= words.size()) words.resize(w + 1, 0);
    words[w] |= std::uint64_t{1} << (v % 64);
  }
};

constexpr std::int64_t kSlack = 65536;  // f(x,y) <= x + y + 1 + kSlack, else S leaves too few totals

void require_three_piles(const FtsNim& rules) {
  if (rules.piles() != 3)
    throw runtime::UserError(
        "f(x,y) is defined for three piles (Theorem 4.1 of Oginuma, Shinoda: Forbidden-Total-Size Nim); " +
        rules.name() + " has " + std::to_string(rules.piles()) + " piles");
}

}  // namespace

namespace {

bool total_in_s(const FtsNim& rules, std::uint64_t t) {
  return rules.d() > 0 ? t % static_cast<std::uint64_t>(rules.d()) == 0
                       : rules.forbidden_total(static_cast<std::int64_t>(t));
}

// A bound on f(x,y) for x, y < size when S reads the total alone: f(x,y) is one of the first
// x + y + 1 values z with x + y + z outside S (the row and column block at most x + y), so
// f(x,y) < b(s), s = x + y, the least b with s + 1 allowed z in [0, b). Where S leaves fewer
// than that below s + 1 + kSlack, the bound is that, and the sweep reports the cell.
std::uint64_t f_value_bound(const FtsNim& rules, std::uint64_t size) {
  const std::uint64_t max_s = 2 * (size - 1), cap = max_s + 2 + static_cast<std::uint64_t>(kSlack);
  const std::uint64_t totals = max_s + cap + 1;
  std::vector<std::uint32_t> allowed(totals + 1, 0);  // allowed[t]: totals below t outside S
  for (std::uint64_t t = 0; t < totals; ++t) allowed[t + 1] = allowed[t] + (total_in_s(rules, t) ? 0 : 1);
  std::uint64_t bound = 1, end = 0;
  for (std::uint64_t s = 0; s <= max_s; ++s) {
    const std::uint64_t need = allowed[s] + s + 1;
    end = std::max(end, s);
    while (end <= totals && allowed[end] < need) ++end;  // monotone in s: need grows at least as fast
    bound = std::max(bound, end <= totals ? std::min(end - s, cap) : cap);
  }
  return bound + 1;
}

}  // namespace

std::uint64_t fts_f_grid_bytes(const FtsNim& rules, std::int64_t size) {
  const auto n = static_cast<std::uint64_t>(size);
  if (n > (std::uint64_t{1} << 28)) return UINT64_MAX;  // beyond any memory; keeps n * n * 8 from overflowing
  // The grid, plus one column bitset per y (the sweep's, or a growable one per candidate).
  // d-FTS: at most one total in d is barred, so b(s) <= (s + 1) * d / (d - 1) + d. Other sets:
  // the exact bound where its prefix table is small, else the cap.
  const auto d = static_cast<std::uint64_t>(rules.d());
  const std::uint64_t bound = rules.s_uses_piles() ? 2 * n + 2
                              : d > 0              ? (2 * n + 2) * d / (d - 1) + d + 2
                              : n <= (1u << 20)    ? f_value_bound(rules, n)
                                                   : 4 * n + 4 + static_cast<std::uint64_t>(kSlack);
  return n * n * sizeof(core::Value) + n * (bound / 64 + 16) * sizeof(std::uint64_t);
}

namespace {

[[noreturn]] void no_f(const FtsNim& rules, const std::string& cell, std::int64_t limit) {
  throw runtime::UserError("f(" + cell + ") of " + rules.name() + ": no z <= " + std::to_string(limit) +
                           " gives a P-position outside S; f needs S to leave infinitely many totals allowed");
}

// S tested at every candidate z: the sets that read the piles.
void f_grid_by_candidates(const FtsNim& rules, FtsFGrid& g) {
  const std::int64_t size = g.size;
  std::vector<ValueSet> column(static_cast<std::size_t>(size));
  for (std::int64_t x = 0; x < size; ++x) {
    ValueSet row;
    for (std::int64_t y = 0; y < size; ++y) {
      ValueSet& col = column[static_cast<std::size_t>(y)];
      const std::int64_t limit = x + y + 1 + kSlack;
      std::int64_t found = -1;
      for (std::size_t w = 0; found < 0; ++w) {
        std::uint64_t free = ~(row.word(w) | col.word(w));
        while (free != 0 && found < 0) {
          const std::int64_t z = static_cast<std::int64_t>(w) * 64 + std::countr_zero(free);
          free &= free - 1;
          if (z > limit) no_f(rules, std::to_string(x) + "," + std::to_string(y), limit);
          if (!rules.forbidden(Position{x, y, z})) found = z;
        }
      }
      g.f[static_cast<std::size_t>(x * size + y)] = static_cast<core::Value>(found);
      row.add(found);
      col.add(found);
    }
  }
}

}  // namespace

namespace {

// S over the totals the 2-D sweep of an f grid of side n can read (x + y + every value below
// the bound), one bit each, for an S that reads the total alone.
struct TotalsInS {
  std::uint64_t bound = 0;
  std::vector<std::uint64_t> bits;

  TotalsInS(const FtsNim& rules, std::uint64_t n) : bound(f_value_bound(rules, n)) {
    // The sweep reads whole words, up to a group of LineRef::kGroup words past the bound, and
    // BitsetWindow one word more.
    const std::uint64_t totals = 2 * n + bound + 64 * (2 * core::detail::LineRef::kGroup + 2);
    bits.assign(totals / 64 + 2, 0);
    for (std::uint64_t t = 0; t < totals; ++t)
      if (total_in_s(rules, t)) bits[t / 64] |= std::uint64_t{1} << (t % 64);
  }
  // The sweep's extra values of cell (x, y): the z with x + y + z in S.
  auto cells() const {
    return [words = bits.data()](std::uint64_t x, std::uint64_t y, std::uint64_t, core::Value, bool) {
      return core::detail::BitsetWindow{words, x + y};
    };
  }
};

// f(x, y) above x + y + 1 + kSlack: S leaves too few totals on that line.
bool too_large(std::int64_t x, std::int64_t y, core::Value f) { return f > x + y + 1 + kSlack; }

}  // namespace

FtsFGrid fts_f_grid(const FtsNim& rules, std::int64_t size) {
  require_three_piles(rules);
  FtsFGrid g;
  g.size = size;
  const auto n = static_cast<std::uint64_t>(size);
  g.f.resize(n * n);
  if (rules.s_uses_piles()) {
    f_grid_by_candidates(rules, g);
    return g;
  }
  const TotalsInS s(rules, n);
  auto all = [](const Position&) { return true; };
  try {
    core::sweep_lines_2d(n, n, 1, s.bound, true, all, s.cells(), g.f.data());
  } catch (const runtime::EngineError&) {  // some line ran out of values below the bound
    no_f(rules, "x,y", static_cast<std::int64_t>(s.bound));
  }
  for (std::int64_t x = 0; x < size; ++x)
    for (std::int64_t y = 0; y < size; ++y)
      if (too_large(x, y, g.at(x, y))) no_f(rules, std::to_string(x) + "," + std::to_string(y), x + y + 1 + kSlack);
  return g;
}

core::BandTable fts_f_grid_bands(const runtime::World& world, const FtsNim& rules, std::int64_t size) {
  require_three_piles(rules);
  if (rules.s_uses_piles())
    throw runtime::UserError("f grid of " + rules.name() + ": an S that reads the piles has no band sweep");
  const auto n = static_cast<std::uint64_t>(size);
  const TotalsInS s(rules, n);
  auto all = [](const Position&) { return true; };
  core::BandTable t;
  try {
    t = core::sweep_lines_2d_bands(world, n, n, 1, s.bound, true, all, s.cells(), core::ValueArray::width_for(s.bound));
  } catch (const runtime::EngineError&) {  // one rank's line ran out of values below the bound
    no_f(rules, "x,y", static_cast<std::int64_t>(s.bound));
  }
  // The first cell (in row order) of any rank's rows whose f is too large, agreed by all.
  std::uint64_t first = UINT64_MAX;
  const core::BandLayout& b = t.layout;
  b.for_each_local_row([&](std::uint64_t x) {
    for (std::uint64_t y = 0; y <= x && first == UINT64_MAX; ++y)
      if (too_large(static_cast<std::int64_t>(x), static_cast<std::int64_t>(y), t.values[b.local_row(x) * n + y]))
        first = x * n + y;
  });
  first = dist::min(world, first);
  if (first != UINT64_MAX) {
    const auto x = static_cast<std::int64_t>(first / n), y = static_cast<std::int64_t>(first % n);
    no_f(rules, std::to_string(x) + "," + std::to_string(y), x + y + 1 + kSlack);
  }
  return t;
}

FtsFFromGame fts_f_from_game(const FtsNim& rules, std::int64_t size, std::int64_t z_limit) {
  require_three_piles(rules);
  FtsFFromGame g;
  g.size = size;
  g.z_limit = z_limit;
  g.f.assign(static_cast<std::size_t>(size * size), -1);
  g.count.assign(static_cast<std::size_t>(size * size), 0);
  sweep_fts_outcomes(rules, core::Box(Position{size, size, z_limit}), [&](const Position& pos, bool p, bool in_s) {
    if (!p || in_s) return;
    const auto i = static_cast<std::size_t>(pos[0] * size + pos[1]);
    if (g.count[i]++ == 0) g.f[i] = pos[2];
  });
  return g;
}

std::optional<core::PPosRoute> fast_ppos_route(const FtsNim& rules, const core::Box& box, const core::Position& pinned,
                                               core::Evaluation eval) {
  if (rules.piles() != 3 || rules.s_uses_piles() || eval != core::Evaluation::NormalOutcome || box.arity() != 3)
    return std::nullopt;
  if (pinned[0] >= 0 || pinned[1] >= 0 || pinned[2] >= 0) return std::nullopt;
  const std::int64_t X = box.extent(0), Y = box.extent(1), Z = box.extent(2);
  if (X < 1 || Y < 1 || Z < 1) return std::nullopt;
  const std::int64_t n = std::max(X, Y);
  const auto words = static_cast<std::size_t>((Z + 63) / 64);
  core::PPosRoute r;
  r.name = "f grid (unique completion)";
  // In a distributed world (an S that reads the total alone) the grid is swept by bands, each
  // rank holding its rows, and its rows stream to rank 0, which lists the positions; the other
  // ranks' visit is never called.
  const bool s_uses_piles = rules.s_uses_piles();
  // The grid (or a rank's part), a set of values below Z per column and one for the row, S
  // over totals.
  r.bytes = [rules, X, Y, Z, n, words, s_uses_piles](const runtime::World& world) {
    const auto un = static_cast<std::uint64_t>(n);
    std::uint64_t bytes =
        world.distributed && !s_uses_piles
            ? core::line_game_band_bytes(core::BandLayout::make(un, un, 1, true, world.size, world.rank),
                                         f_value_bound(rules, un), false)
            : fts_f_grid_bytes(rules, n);
    bytes = core::add_bytes(bytes, core::mul_bytes(static_cast<std::uint64_t>(Y) + 1, words * sizeof(std::uint64_t)));
    return core::add_bytes(bytes, static_cast<std::uint64_t>(X + Y + Z) / 8 + 64);
  };
  r.run = [rules, X, Y, Z, n, words, s_uses_piles, grid = std::make_shared<std::optional<FtsFGrid>>(),
           parts = std::make_shared<std::optional<core::BandTable>>()](
              const runtime::World& world, const std::function<void(const Position&)>& visit) {
    const bool bands = world.distributed && !s_uses_piles;
    std::vector<std::uint64_t> col(static_cast<std::size_t>(Y) * words), row(words);
    runtime::StopPoll poll;
    Position p(3);
    // Row x of the box, f(x, y) = f(y).
    auto sweep_row = [&](std::int64_t x, auto f_of) {
      std::fill(row.begin(), row.end(), 0);
      p[0] = x;
      for (std::int64_t y = 0; y < Y; ++y) {
        poll();
        p[1] = y;
        const std::int64_t f = f_of(y), below = std::min(f, Z);
        std::uint64_t* c = &col[static_cast<std::size_t>(y) * words];
        // The gaps of row and column below min(f, Z): the P-positions inside X_S, in z order.
        for (std::size_t k = 0; k * 64 < static_cast<std::size_t>(below); ++k) {
          std::uint64_t gaps = ~(c[k] | row[k]);
          const std::int64_t rest = below - static_cast<std::int64_t>(k * 64);
          if (rest < 64) gaps &= (std::uint64_t{1} << rest) - 1;
          while (gaps != 0) {
            p[2] = static_cast<std::int64_t>(k * 64) + std::countr_zero(gaps);
            gaps &= gaps - 1;
            visit(p);
          }
        }
        if (f < Z) {
          p[2] = f;
          visit(p);
          c[static_cast<std::size_t>(f / 64)] |= std::uint64_t{1} << (f % 64);
          row[static_cast<std::size_t>(f / 64)] |= std::uint64_t{1} << (f % 64);
        }
      }
    };
    if (bands) {
      if (!*parts) *parts = fts_f_grid_bands(world, rules, n);
      core::for_each_row(**parts, [&](std::uint64_t x, const core::Value* f) {
        if (static_cast<std::int64_t>(x) < X)
          sweep_row(static_cast<std::int64_t>(x), [f](std::int64_t y) { return f[y]; });
      });
      return;
    }
    if (world.silent()) return;
    if (!*grid) *grid = fts_f_grid(rules, n);
    const FtsFGrid& g = **grid;
    for (std::int64_t x = 0; x < X; ++x) sweep_row(x, [&](std::int64_t y) { return g.at(x, y); });
  };
  return r;
}

}  // namespace grundy::games
