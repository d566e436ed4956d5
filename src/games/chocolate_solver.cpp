#include "games/chocolate_solver.hpp"

#include <algorithm>
#include <bit>

#include "core/errors.hpp"
#include "core/line_solver.hpp"
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

// Every value is at most the number of options, x + y + z + 1 (the pass): below this bound.
std::uint64_t chocolate_bound(std::int64_t nx, std::int64_t ny, std::int64_t nz, std::int64_t layers) {
  return static_cast<std::uint64_t>(nx + ny + nz + layers + 1);
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
  // Lines along x are only needed when x takes more than one value (not for CB_2).
  const bool track_x = nx > 1;
  core::ensure_fits(chocolate_grid_bytes(nx, ny, nz, layers), memory_limit,
                    "the chocolate solver over " + t.box.to_string() + " cells");
  const std::uint64_t bound = chocolate_bound(nx, ny, nz, layers);
  t.values.assign(cells, core::kNoValue, core::ValueArray::width_for(bound));

  const auto Y = static_cast<std::size_t>(ny), Z = static_cast<std::size_t>(nz), P = static_cast<std::size_t>(layers);
  auto index = [&](std::int64_t x, std::int64_t y, std::int64_t z) {
    return ((static_cast<std::size_t>(x) * Y + static_cast<std::size_t>(y)) * Z + static_cast<std::size_t>(z)) * P;
  };
  // Sets with first-free pointers and full-word summaries (the line sweeps' LineFamily): a mex
  // reads a few words from the first value none of its lines has, where a scan from value 0
  // streamed every line along x (Y Z sets of up to x + y + z values) through memory once per x.
  // The lines along x, (y, z), are neighbours in z, the order a row meets them.
  using core::detail::LineFamily;
  LineFamily line_x(track_x ? Y * Z : 0, bound), tops_x(Z, bound), line_y(Z, bound), tops_z(1, bound), line_z(1, bound),
      no_x(1, bound);
  const std::uint64_t W = line_y.W;
  // The mex starts from the first free values of the lines along x and y only: the line along z
  // changes with every cell, so starting from its first free value made each cell's reads of
  // its line along x wait for the cell before (1024 x 512 x 1024 x 2: 13.6 and 15.1 s against
  // 15.8 and 17.0 s). Its words are read all the same, from L1.
  std::uint64_t zero = 0;
  const core::detail::LineRef z_from_zero{line_z.bits.data(), line_z.full.data(), &zero, 1};
  for (std::int64_t p = 0; p < layers; ++p) {
    line_x.clear();
    tops_x.clear();
    for (std::int64_t x = 0; x < nx; ++x) {
      line_y.clear();
      tops_z.clear();
      for (std::int64_t y = 0; y < ny; ++y) {
        line_z.assign(0, tops_z, 0);
        for (std::int64_t z = 0; z < nz; ++z) {
          if (y > f.at(x, z)) continue;
          const auto zi = static_cast<std::size_t>(z);
          const std::size_t xi = static_cast<std::size_t>(y) * Z + zi;
          if (track_x && (x == 0 || f.at(x - 1, z) < y)) line_x.assign(xi, tops_x, zi);
          const core::detail::LineRef sets[3] = {track_x ? line_x.line(xi) : no_x.line(0), line_y.line(zi),
                                                 z_from_zero};
          const std::size_t i = index(x, y, z) + static_cast<std::size_t>(p);
          const bool terminal = x == 0 && y == 0 && z == 0;
          const Value extra = p > 0 && !terminal ? t.values[i - 1] : core::kNoValue;
          const Value v = core::detail::mex_lines(sets, core::detail::OneValue{extra}, W);
          t.values.set(i, v);
          if (track_x) sets[0].insert(v, W);
          sets[1].insert(v, W);
          line_z.line(0).insert(v, W);
        }
        for (std::int64_t z = 0; z < nz; ++z)
          if (f.at(x, z) == y) tops_z.line(0).insert(t.values[index(x, y, z) + static_cast<std::size_t>(p)], W);
      }
      for (std::int64_t z = 0; z < nz; ++z) {
        const std::int64_t top = f.at(x, z);
        if (top < ny)
          tops_x.line(static_cast<std::size_t>(z)).insert(t.values[index(x, top, z) + static_cast<std::size_t>(p)], W);
      }
    }
  }
  return t;
}

std::uint64_t chocolate_grid_bytes(std::int64_t nx, std::int64_t ny, std::int64_t nz, std::int64_t layers) {
  using core::add_bytes;
  using core::mul_bytes;
  using core::detail::LineFamily;
  const std::uint64_t bound = chocolate_bound(nx, ny, nz, layers);
  const auto X = static_cast<std::uint64_t>(std::max<std::int64_t>(nx, 0)),
             Y = static_cast<std::uint64_t>(std::max<std::int64_t>(ny, 0)),
             Z = static_cast<std::uint64_t>(std::max<std::int64_t>(nz, 0)),
             L = static_cast<std::uint64_t>(std::max<std::int64_t>(layers, 0));
  const std::uint64_t cells = mul_bytes(mul_bytes(X, Y), mul_bytes(Z, L));
  std::uint64_t bytes = core::ValueArray::bytes(cells, core::ValueArray::width_for(bound));
  bytes = add_bytes(bytes, LineFamily::bytes(X > 1 ? mul_bytes(Y, Z) : 0, bound));  // lines along x
  bytes = add_bytes(bytes, mul_bytes(2, LineFamily::bytes(Z, bound)));              // tops, lines along y
  bytes = add_bytes(bytes, mul_bytes(3, LineFamily::bytes(1, bound)));              // tops, line along z, no line
  return add_bytes(bytes, mul_bytes(mul_bytes(X, Z), sizeof(std::int64_t)));        // the sampled F
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
