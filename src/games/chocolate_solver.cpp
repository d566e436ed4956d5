#include "games/chocolate_solver.hpp"

#include <algorithm>
#include <bit>

#include "core/solve/band_sweep.hpp"
#include "core/solve/line_solver.hpp"
#include "core/solve/route.hpp"
#include "dist/mpi.hpp"
#include "runtime/errors.hpp"

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

// Every value is at most the number of options, x + y + z + 1 (the pass): below this bound.
std::uint64_t chocolate_bound(std::int64_t nx, std::int64_t ny, std::int64_t nz, std::int64_t layers) {
  return static_cast<std::uint64_t>(nx + ny + nz + layers + 1);
}

namespace {

void check_monotone(const BoundGrid& f) {
  for (std::int64_t x = 0; x < f.nx; ++x)
    for (std::int64_t z = 0; z < f.nz; ++z) {
      const std::int64_t v = f.at(x, z);
      if (v < 0 || (z > 0 && f.at(x, z - 1) > v) || (x > 0 && f.at(x - 1, z) > v))
        throw runtime::EngineError("chocolate solver: F is not monotone and non-negative at x = " + std::to_string(x) +
                                   ", z = " + std::to_string(z));
    }
}

// Rows y a message of the band sweep carries: about 16384 lines along x.
std::uint64_t block_rows(std::uint64_t Y, std::uint64_t Z) {
  return std::clamp<std::uint64_t>(16384 / std::max<std::uint64_t>(Z, 1), 1, std::max<std::uint64_t>(Y, 1));
}

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
//
// A column's top (x, F(x,z), z) joins tops_x[z] as row y = F(x,z) of plane x ends. Plane x
// reads tops_x[z] only at rows y > F(x - 1, z), so it never sees its own top, nor a later
// plane's (added at F(x', z) >= F(x, z) >= y), in either sweep order: plane by plane, or the
// band sweep's block of rows by block.
//
// Sets with first-free pointers and full-word summaries (the line sweeps' LineFamily): a mex
// reads a few words from the first value none of its lines has, where a scan from value 0
// streamed every line along x (Y Z sets of up to x + y + z values) through memory once per x.
// The lines along x, (y, z), are neighbours in z, the order a row meets them.
struct ChocolateLines {
  using LineFamily = core::detail::LineFamily;
  const BoundGrid& f;
  const std::uint64_t Y, Z;
  const bool track_x;  // lines along x are only needed when x takes more than one value (not for CB_2)
  // The lines along x and the tops of the columns; for each of `planes` planes swept at once
  // (the band sweep's), its lines along y and the tops of its rows; the line along z.
  LineFamily line_x, tops_x, line_y, tops_z, line_z, no_x;
  std::uint64_t zero = 0;

  ChocolateLines(const BoundGrid& grid, std::uint64_t ny, std::uint64_t planes, std::uint64_t bound)
      : f(grid),
        Y(ny),
        Z(static_cast<std::uint64_t>(grid.nz)),
        track_x(grid.nx > 1),
        line_x(track_x ? Y * Z : 0, bound),
        tops_x(Z, bound),
        line_y(planes * Z, bound),
        tops_z(planes, bound),
        line_z(1, bound),
        no_x(1, bound) {}

  std::uint64_t top(std::uint64_t x, std::uint64_t z) const {
    return static_cast<std::uint64_t>(f.at(static_cast<std::int64_t>(x), static_cast<std::int64_t>(z)));
  }

  // Row y of plane x (the `plane`-th of those swept at once) in layer p: every position's value,
  // into values at at(z) + p, the cell at(z) + p - 1 its pass option in layer p > 0.
  template <class At>
  void row(std::uint64_t x, std::uint64_t y, std::uint64_t p, std::uint64_t plane, core::ValueArray& values,
           const At& at) {
    const std::uint64_t W = line_y.W;
    // The mex starts from the first free values of the lines along x and y only: the line along
    // z changes with every cell, so starting from its first free value made each cell's reads
    // of its line along x wait for the cell before (1024 x 512 x 1024 x 2: 13.6 and 15.1 s
    // against 15.8 and 17.0 s). Its words are read all the same, from L1.
    const core::detail::LineRef z_from_zero{line_z.bits.data(), line_z.full.data(), &zero, 1};
    line_z.assign(0, tops_z, plane);
    for (std::uint64_t z = 0; z < Z; ++z) {
      if (y > top(x, z)) continue;
      const std::uint64_t xi = y * Z + z;
      if (track_x && (x == 0 || top(x - 1, z) < y)) line_x.assign(xi, tops_x, z);
      const core::detail::LineRef sets[3] = {track_x ? line_x.line(xi) : no_x.line(0), line_y.line(plane * Z + z),
                                             z_from_zero};
      const std::uint64_t c = at(z) + p;
      const bool terminal = x == 0 && y == 0 && z == 0;
      const Value extra = p > 0 && !terminal ? values[c - 1] : core::kNoValue;
      const Value v = core::detail::mex_lines(sets, core::detail::OneValue{extra}, W);
      values.set(c, v);
      if (track_x) sets[0].insert(v, W);
      sets[1].insert(v, W);
      line_z.line(0).insert(v, W);
    }
    for (std::uint64_t z = 0; z < Z; ++z)
      if (top(x, z) == y) {
        const Value v = values[at(z) + p];
        tops_z.line(plane).insert(v, W);
        tops_x.line(z).insert(v, W);
      }
  }
};

}  // namespace

core::DenseTable solve_chocolate_grid(const BoundGrid& f, std::int64_t ny, std::int64_t layers,
                                      std::uint64_t memory_limit) {
  const std::int64_t nx = f.nx, nz = f.nz;
  core::DenseTable t;
  t.box = core::Box(core::Position{nx, std::max<std::int64_t>(ny, 0), nz, std::max<std::int64_t>(layers, 0)});
  const std::uint64_t cells = t.box.count();
  if (cells == 0) return t;
  check_monotone(f);
  runtime::ensure_fits(chocolate_grid_bytes(nx, ny, nz, layers), memory_limit,
                       "the chocolate solver over " + t.box.to_string() + " cells");
  const std::uint64_t bound = chocolate_bound(nx, ny, nz, layers);
  t.values.assign(cells, core::kNoValue, core::ValueArray::width_for(bound));
  const auto Y = static_cast<std::uint64_t>(ny), Z = static_cast<std::uint64_t>(nz),
             P = static_cast<std::uint64_t>(layers);
  ChocolateLines lines(f, Y, 1, bound);
  for (std::uint64_t p = 0; p < P; ++p) {
    lines.line_x.clear();
    lines.tops_x.clear();
    for (std::uint64_t x = 0; x < static_cast<std::uint64_t>(nx); ++x) {
      lines.line_y.clear();
      lines.tops_z.clear();
      for (std::uint64_t y = 0; y < Y; ++y)
        lines.row(x, y, p, 0, t.values, [&](std::uint64_t z) { return ((x * Y + y) * Z + z) * P; });
    }
  }
  return t;
}

// The band sweep: the planes x cut into bands of B planes, dealt to the ranks in turn; a band
// swept a block of rows y at a time, every plane of the band over the block. What flows from
// band to band with each block: the lines along x of its rows, and the tops of the columns z.
// A band takes tops_x[z] from the band above with the block holding row F(a - 1, z) (a its
// first plane): every plane above has added its top by then, and the band has not yet read or
// added one; a z whose F(a - 1, z) is past the table is read by no plane below.
core::BandTable solve_chocolate_grid_bands(const runtime::World& world, const BoundGrid& f, std::int64_t ny,
                                           std::int64_t layers) {
  check_monotone(f);
  const auto X = static_cast<std::uint64_t>(f.nx), Y = static_cast<std::uint64_t>(std::max<std::int64_t>(ny, 0)),
             Z = static_cast<std::uint64_t>(f.nz), P = static_cast<std::uint64_t>(std::max<std::int64_t>(layers, 0));
  const dist::Exchange exchange;
  core::BandTable t;
  t.layout = core::BandLayout::make(X, Y, Z * P, false, world.size, world.rank);
  const core::BandLayout& b = t.layout;
  const std::uint64_t bound = chocolate_bound(f.nx, ny, f.nz, layers);
  t.values.assign(b.local_rows() * Y * Z * P, core::kNoValue, core::ValueArray::width_for(bound));
  if (X * Y * Z * P == 0) return t;
  ChocolateLines lines(f, Y, b.B, bound);
  core::detail::LineFamily above(b.R > 1 ? Z : 0, bound);  // the tops received with a block
  const std::uint64_t rows = block_rows(Y, Z);
  dist::Outbox outbox;
  std::vector<std::uint64_t> in;
  for (std::uint64_t p = 0; p < P; ++p) {
    lines.line_x.clear();
    lines.tops_x.clear();
    for (std::uint64_t k = static_cast<std::uint64_t>(b.r); k < b.bands(); k += static_cast<std::uint64_t>(b.R)) {
      const std::uint64_t a = b.first(k), e = b.end(k);
      const bool from_above = k > 0 && b.R > 1, to_below = k + 1 < b.bands() && b.R > 1;
      lines.line_y.clear();
      lines.tops_z.clear();
      for (std::uint64_t y0 = 0; y0 < Y; y0 += rows) {
        const std::uint64_t y1 = std::min(Y, y0 + rows), along_x = lines.track_x ? (y1 - y0) * Z : 0;
        const std::uint64_t words = (along_x + Z) * above.message_words();
        if (from_above) {
          in.resize(words);
          dist::recv(in.data(), words * 8, b.owner(k - 1), dist::kTagSets);
          above.copy_in(0, Z, lines.line_x.copy_in(y0 * Z, along_x, in.data()));
          // The tops of the columns z the band above finished in this block.
          for (std::uint64_t z = 0; z < Z; ++z)
            if (lines.top(a - 1, z) >= y0 && lines.top(a - 1, z) < y1) lines.tops_x.assign(z, above, z);
        }
        for (std::uint64_t x = a; x < e; ++x)
          for (std::uint64_t y = y0; y < y1; ++y)
            lines.row(x, y, p, x - a, t.values,
                      [&](std::uint64_t z) { return ((b.local_row(x) * Y + y) * Z + z) * P; });
        runtime::tick((e - a) * (y1 - y0) * Z);
        if (to_below) {
          std::vector<std::uint64_t> out(words);
          lines.tops_x.copy_out(0, Z, lines.line_x.copy_out(y0 * Z, along_x, out.data()));
          outbox.post(std::move(out), b.owner(k + 1), dist::kTagSets);
        }
      }
    }
  }
  outbox.wait_all();
  t.bytes_sent = outbox.bytes_sent();
  return t;
}

std::uint64_t chocolate_band_bytes(const core::BandLayout& layout, std::uint64_t Z, std::uint64_t bound) {
  using core::add_bytes;
  using core::mul_bytes;
  using core::detail::LineFamily;
  core::BandLayout b = layout;
  b.r = 0;
  const std::uint64_t lines_x = b.X > 1 ? b.Y * Z : 0;
  const int width = core::ValueArray::width_for(bound);
  std::uint64_t bytes = core::ValueArray::bytes(mul_bytes(mul_bytes(b.local_rows(), b.Y), b.L), width);
  bytes = add_bytes(bytes, LineFamily::bytes(lines_x, bound));
  bytes = add_bytes(bytes, mul_bytes(2, LineFamily::bytes(Z, bound)));  // tops_x, and the tops received
  bytes = add_bytes(bytes, LineFamily::bytes(mul_bytes(b.B, Z), bound));
  bytes = add_bytes(bytes, LineFamily::bytes(b.B, bound));
  bytes = add_bytes(bytes, mul_bytes(3, LineFamily::bytes(1, bound)));
  if (b.R > 1) {
    // The outbox: a band's messages (every line along x, and the tops with each block), and
    // one received.
    const std::uint64_t rows = block_rows(b.Y, Z), blocks = (b.Y + rows - 1) / rows;
    const std::uint64_t per_line = (LineFamily::words_for(bound) + (LineFamily::words_for(bound) + 63) / 64 + 1) * 8;
    bytes = add_bytes(bytes, mul_bytes(add_bytes(lines_x, mul_bytes(blocks + 1, Z)), per_line));
    bytes = add_bytes(bytes, mul_bytes(add_bytes(mul_bytes(rows, Z), Z), per_line));
  }
  bytes = add_bytes(bytes, core::stream_bytes(b, width));
  bytes = add_bytes(bytes, mul_bytes(mul_bytes(b.X, Z), sizeof(std::int64_t)));  // the sampled F
  return add_bytes(bytes, core::kRouteOverheadBytes);
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
    throw runtime::EngineError("solve_chocolate: a box of 3 or 4 coordinates, got " + box.to_string());
  const std::int64_t layers = box.arity() == 4 ? box.extent(3) : 1;
  core::DenseTable t = solve_chocolate_grid(BoundGrid::sample(game.f(), box.extent(0), box.extent(2)), box.extent(1),
                                            layers, memory_limit);
  t.box = box;  // same row-major layout: a missing p coordinate is a single layer
  return t;
}

core::DenseTable solve_chocolate2(const Chocolate2& game, const core::Box& box, std::uint64_t memory_limit) {
  if (box.arity() != 2 && box.arity() != 3)
    throw runtime::EngineError("solve_chocolate2: a box of 2 or 3 coordinates, got " + box.to_string());
  const std::int64_t layers = box.arity() == 3 ? box.extent(2) : 1;
  // CB_2(h,y,z) is CB(F,0,y,z) with F(x,z) = h(z): the 3-D solver with x = 0 only.
  core::DenseTable t =
      solve_chocolate_grid(BoundGrid::sample(game.h_function(), 1, box.extent(1)), box.extent(0), layers, memory_limit);
  t.box = box;
  return t;
}

}  // namespace grundy::games
