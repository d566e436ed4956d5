#include "games/fts_solver.hpp"

#include <bit>

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

void require_three_piles(const FtsNim& rules) {
  if (rules.piles() != 3)
    throw core::UserError("f(x,y) is defined for three piles (Theorem 4.1 of the FTS paper); " + rules.name() +
                          " has " + std::to_string(rules.piles()) + " piles");
}

}  // namespace

std::uint64_t fts_f_grid_bytes(std::int64_t size) {
  const auto n = static_cast<std::uint64_t>(size);
  if (n > (std::uint64_t{1} << 28)) return UINT64_MAX;  // beyond any memory; keeps n * n * 8 from overflowing
  // The grid, plus one column bitset per y holding values up to about 2 * size.
  return n * n * sizeof(std::int64_t) + n * ((2 * n + 2) / 64 + 1) * sizeof(std::uint64_t);
}

FtsFGrid fts_f_grid(const FtsNim& rules, std::int64_t size) {
  require_three_piles(rules);
  FtsFGrid g;
  g.size = size;
  g.f.assign(static_cast<std::size_t>(size * size), -1);
  std::vector<ValueSet> column(static_cast<std::size_t>(size));
  constexpr std::int64_t kSlack = 65536;
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
          if (z > limit)
            throw core::UserError("f(" + std::to_string(x) + "," + std::to_string(y) + ") of " + rules.name() +
                                  ": no z <= " + std::to_string(limit) +
                                  " gives a P-position outside S; f needs S to leave infinitely many totals allowed");
          const bool in_s = rules.d() > 0          ? (x + y + z) % rules.d() == 0
                            : rules.s_uses_piles() ? rules.forbidden(Position{x, y, z})
                                                   : rules.forbidden_total(x + y + z);
          if (!in_s) found = z;
        }
      }
      g.f[static_cast<std::size_t>(x * size + y)] = found;
      row.add(found);
      col.add(found);
    }
  }
  return g;
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

}  // namespace grundy::games
