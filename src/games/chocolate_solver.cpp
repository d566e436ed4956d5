#include "games/chocolate_solver.hpp"

#include <algorithm>
#include <bit>

#include "core/errors.hpp"
#include "core/route.hpp"

namespace grundy::games {

using core::Value;

BoundGrid BoundGrid::sample(const BoundFunction& f, std::int64_t nx, std::int64_t nz) {
  if (!f.two_variables()) nx = std::min<std::int64_t>(nx, 1);
  f.ensure_valid(nx, nz);
  return of(nx, nz, [&](std::int64_t x, std::int64_t z) { return f(x, z); });
}

BoundGrid BoundGrid::of(std::int64_t nx, std::int64_t nz,
                        const std::function<std::int64_t(std::int64_t, std::int64_t)>& f) {
  BoundGrid g;
  g.nx = std::max<std::int64_t>(nx, 0);
  g.nz = std::max<std::int64_t>(nz, 0);
  g.values.resize(static_cast<std::size_t>(g.nx * g.nz));
  for (std::int64_t x = 0; x < g.nx; ++x)
    for (std::int64_t z = 0; z < g.nz; ++z) g.values[static_cast<std::size_t>(x * g.nz + z)] = f(x, z);
  return g;
}

namespace {

using Word = std::uint64_t;

// Every value is at most the number of options, x + y + z + 1 (the pass): below this bound.
std::uint64_t chocolate_bound(std::int64_t nx, std::int64_t ny, std::int64_t nz, std::int64_t layers) {
  return static_cast<std::uint64_t>(nx + ny + nz + layers + 1);
}

// Words of one value set.
std::uint64_t chocolate_words(std::int64_t nx, std::int64_t ny, std::int64_t nz, std::int64_t layers) {
  return static_cast<std::uint64_t>((nx + ny + nz + layers) / 64 + 1);
}

void set_bit(Word* bits, Value v) { bits[v / 64] |= Word{1} << (v % 64); }

// mex of the union of three bitsets and one extra value (kNoValue for none).
Value mex3(const Word* a, const Word* b, const Word* c, Value extra, std::size_t words) {
  for (std::size_t w = 0; w < words; ++w) {
    Word u = a[w] | b[w] | c[w];
    if (extra != core::kNoValue && extra / 64 == w) u |= Word{1} << (extra % 64);
    if (~u != 0) return static_cast<Value>(w * 64 + static_cast<std::size_t>(std::countr_one(u)));
  }
  throw core::EngineError("chocolate solver: mex beyond the bitset width");
}

}  // namespace

// Line-incremental mex. By Definition 7 the options of (x,y,z) are
//   A = {(u, min(F(u,z),y), z) : u < x},  B = {(x,v,z) : v < y},  C = {(x, min(y,F(x,w)), w) : w < z}.
// F is monotone, so in A the u with F(u,z) < y form a prefix u < u0: those options are the
// "tops" (u, F(u,z), z), and the others are the positions (u,y,z), u0 <= u < x, of the line
// along x through (x,y,z) - exactly the positions on that line before x, since (u,y,z) is a
// position iff u >= u0. Likewise C is the tops (x, F(x,w), w) with F(x,w) < y plus the
// positions on the line along z before z. So one bitset per line along x, started at its first
// position as a copy of the tops of column z seen so far (all of which lie below y), one per
// line along y, and one per line along z, started as the tops of plane x below y, give every
// cell as one mex of three bitsets, plus the pass option G(x,y,z,p-1) in layer p.
core::DenseTable solve_chocolate_grid(const BoundGrid& f, std::int64_t ny, std::int64_t layers,
                                      std::uint64_t memory_limit) {
  const std::int64_t nx = f.nx, nz = f.nz;
  core::DenseTable t;
  t.box = core::Box(core::Position{nx, std::max<std::int64_t>(ny, 0), nz, std::max<std::int64_t>(layers, 0)});
  const std::uint64_t cells = t.box.count();
  if (cells == 0) return t;
  for (std::int64_t x = 0; x < nx; ++x)
    for (std::int64_t z = 0; z < nz; ++z) {
      const std::int64_t v = f.at(x, z);
      if (v < 0 || (z > 0 && f.at(x, z - 1) > v) || (x > 0 && f.at(x - 1, z) > v))
        throw core::EngineError("chocolate solver: F is not monotone and non-negative at x = " + std::to_string(x) +
                                ", z = " + std::to_string(z));
    }
  const auto words = static_cast<std::size_t>(chocolate_words(nx, ny, nz, layers));
  // Lines along x are only needed when x takes more than one value (not for CB_2).
  const bool track_x = nx > 1;
  const std::uint64_t line_words = track_x ? static_cast<std::uint64_t>(ny) * static_cast<std::uint64_t>(nz) * words : 0;
  core::ensure_fits(chocolate_grid_bytes(nx, ny, nz, layers), memory_limit,
                    "the chocolate solver over " + t.box.to_string() + " cells");
  t.values.assign(cells, core::kNoValue, core::ValueArray::width_for(chocolate_bound(nx, ny, nz, layers)));

  const auto Y = static_cast<std::size_t>(ny), Z = static_cast<std::size_t>(nz), P = static_cast<std::size_t>(layers);
  auto index = [&](std::int64_t x, std::int64_t y, std::int64_t z) {
    return ((static_cast<std::size_t>(x) * Y + static_cast<std::size_t>(y)) * Z + static_cast<std::size_t>(z)) * P;
  };
  std::vector<Word> line_x(static_cast<std::size_t>(line_words)), tops_x(Z * words), line_y(Z * words), tops_z(words),
      line_z(words), no_x(words, 0);
  for (std::int64_t p = 0; p < layers; ++p) {
    std::fill(line_x.begin(), line_x.end(), 0);
    std::fill(tops_x.begin(), tops_x.end(), 0);
    for (std::int64_t x = 0; x < nx; ++x) {
      std::fill(line_y.begin(), line_y.end(), 0);
      std::fill(tops_z.begin(), tops_z.end(), 0);
      for (std::int64_t y = 0; y < ny; ++y) {
        std::copy(tops_z.begin(), tops_z.end(), line_z.begin());
        for (std::int64_t z = 0; z < nz; ++z) {
          if (y > f.at(x, z)) continue;
          const auto zi = static_cast<std::size_t>(z);
          Word* lx = track_x ? &line_x[(static_cast<std::size_t>(y) * Z + zi) * words] : nullptr;
          if (lx && (x == 0 || f.at(x - 1, z) < y)) std::copy_n(&tops_x[zi * words], words, lx);
          Word* ly = &line_y[zi * words];
          const std::size_t i = index(x, y, z) + static_cast<std::size_t>(p);
          const bool terminal = x == 0 && y == 0 && z == 0;
          const Value extra = p > 0 && !terminal ? t.values[i - 1] : core::kNoValue;
          const Value v = mex3(lx ? lx : no_x.data(), ly, line_z.data(), extra, words);
          t.values.set(i, v);
          if (lx) set_bit(lx, v);
          set_bit(ly, v);
          set_bit(line_z.data(), v);
        }
        for (std::int64_t z = 0; z < nz; ++z)
          if (f.at(x, z) == y) set_bit(tops_z.data(), t.values[index(x, y, z) + static_cast<std::size_t>(p)]);
      }
      for (std::int64_t z = 0; z < nz; ++z) {
        const std::int64_t top = f.at(x, z);
        if (top < ny)
          set_bit(&tops_x[static_cast<std::size_t>(z) * words], t.values[index(x, top, z) + static_cast<std::size_t>(p)]);
      }
    }
  }
  return t;
}

std::uint64_t chocolate_grid_bytes(std::int64_t nx, std::int64_t ny, std::int64_t nz, std::int64_t layers) {
  using core::add_bytes;
  using core::mul_bytes;
  const std::uint64_t words = chocolate_words(nx, ny, nz, layers);
  const auto X = static_cast<std::uint64_t>(std::max<std::int64_t>(nx, 0)),
             Y = static_cast<std::uint64_t>(std::max<std::int64_t>(ny, 0)),
             Z = static_cast<std::uint64_t>(std::max<std::int64_t>(nz, 0)),
             L = static_cast<std::uint64_t>(std::max<std::int64_t>(layers, 0));
  const std::uint64_t cells = mul_bytes(mul_bytes(X, Y), mul_bytes(Z, L));
  std::uint64_t bytes =
      core::ValueArray::bytes(cells, core::ValueArray::width_for(chocolate_bound(nx, ny, nz, layers)));
  if (X > 1) bytes = add_bytes(bytes, mul_bytes(mul_bytes(Y, Z), words * sizeof(Word)));  // lines along x
  bytes = add_bytes(bytes, mul_bytes(2 * Z + 3, words * sizeof(Word)));                 // tops, lines along y, z
  return add_bytes(bytes, mul_bytes(mul_bytes(X, Z), sizeof(std::int64_t)));           // the sampled F
}

core::DenseTable solve_chocolate(const Chocolate& game, const core::Box& box, std::uint64_t memory_limit) {
  if (box.arity() != 3 && box.arity() != 4)
    throw core::EngineError("solve_chocolate: a box of 3 or 4 coordinates, got " + box.to_string());
  const std::int64_t layers = box.arity() == 4 ? box.extent(3) : 1;
  core::DenseTable t = solve_chocolate_grid(BoundGrid::sample(game.f(), box.extent(0), box.extent(2)), box.extent(1),
                                            layers, memory_limit);
  t.box = box;  // same row-major layout: a missing p coordinate is a single layer
  return t;
}

core::DenseTable solve_chocolate2(const Chocolate2& game, const core::Box& box, std::uint64_t memory_limit) {
  if (box.arity() != 2 && box.arity() != 3)
    throw core::EngineError("solve_chocolate2: a box of 2 or 3 coordinates, got " + box.to_string());
  const std::int64_t layers = box.arity() == 3 ? box.extent(2) : 1;
  // CB_2(h,y,z) is CB(F,0,y,z) with F(x,z) = h(z): the 3-D solver with x = 0 only.
  core::DenseTable t =
      solve_chocolate_grid(BoundGrid::sample(game.h_function(), 1, box.extent(1)), box.extent(0), layers, memory_limit);
  t.box = box;
  return t;
}

}  // namespace grundy::games
