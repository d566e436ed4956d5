#include "games/leaper_solver.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstring>
#include <limits>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>

#include "dist/mpi.hpp"
#include "runtime/errors.hpp"
#include "runtime/progress.hpp"
#include "runtime/threads.hpp"

namespace grundy::games {

using core::Evaluation;
using core::kNoValue;
using core::Value;

namespace {

// x with a*x = 1 (mod m), for coprime a, m >= 1 (extended Euclid); 0 when m = 1.
std::int64_t inverse_mod(std::int64_t a, std::int64_t m) {
  std::int64_t r0 = m, r1 = a % m, s0 = 0, s1 = 1;
  while (r1 != 0) {
    const std::int64_t q = r0 / r1;
    std::tie(r0, r1) = std::pair{r1, r0 - q * r1};
    std::tie(s0, s1) = std::pair{s1, s0 - q * s1};
  }
  if (r0 != 1 && m != 1) throw runtime::EngineError("leaper weights are not coprime");
  return ((s0 % m) + m) % m;
}

// One direction of a rider over an X x Y box: a step back goes from (x, y) to (x - a, y - b).
// Its lines are numbered by their first cell, the one a step back from which leaves the box
// (x < a or y < b): the cells with x < a first, row by row, then those with y < b.
struct RiderLine {
  std::int64_t a, b, X, Y;
  std::int64_t first_rows() const { return std::min(a, X); }
  std::int64_t first_cols() const { return std::min(b, Y); }
  std::uint64_t count() const {
    return static_cast<std::uint64_t>(first_rows() * Y + (X - first_rows()) * first_cols());
  }
  // The most steps back from any cell: a bound on the options along the direction.
  std::int64_t most_steps() const {
    const std::int64_t by_x = a > 0 ? (X - 1) / a : X + Y, by_y = b > 0 ? (Y - 1) / b : X + Y;
    return std::min(by_x, by_y);
  }
  // The line of cell (x, y), given the steps back it has room for along each axis: x / a and
  // y / b (no limit where the step is 0 along that axis).
  std::uint64_t line(std::int64_t x, std::int64_t y, std::int64_t steps_x, std::int64_t steps_y) const {
    const std::int64_t k = std::min(steps_x, steps_y);  // steps back to the first cell
    const std::int64_t fx = x - k * a, fy = y - k * b;
    return static_cast<std::uint64_t>(fx < a ? fx * Y + fy : first_rows() * Y + (fx - a) * first_cols() + fy);
  }
};

// The directions of s (each given once: the family refuses repeats) as steps back over the box.
std::vector<RiderLine> rider_lines(const Slider& s, const core::Box& box) {
  std::vector<RiderLine> lines;
  for (const Move& d : s.directions()) lines.push_back({-d.dm, -d.dn, box.extent(0), box.extent(1)});
  return lines;
}

// Every value is at most the number of options (one a pass at most), below this.
std::uint64_t rider_bound(const std::vector<RiderLine>& lines) {
  std::uint64_t bound = 2;
  for (const RiderLine& l : lines) bound += static_cast<std::uint64_t>(std::max<std::int64_t>(l.most_steps(), 0));
  return bound;
}

// The bytes a cell of the rider's table: its values are below the bound, 0 or 1 for outcomes.
int rider_width(std::uint64_t bound, Evaluation eval) {
  return core::ValueArray::width_for(eval == Evaluation::Grundy ? bound : 2);
}

// Directions closed under swapping m and n: G(m, n) = G(n, m) on a square box with no forbidden
// cells, so the sweep does the cells n <= m and mirrors them.
bool swap_closed(const std::vector<RiderLine>& lines) {
  return std::all_of(lines.begin(), lines.end(), [&](const RiderLine& l) {
    return std::any_of(lines.begin(), lines.end(), [&](const RiderLine& o) { return o.a == l.b && o.b == l.a; });
  });
}

}  // namespace

std::uint64_t rider_bytes(const Slider& s, const core::Box& box, Evaluation eval) {
  if (box.count() == 0) return 0;
  const std::vector<RiderLine> lines = rider_lines(s, box);
  const std::uint64_t bound = rider_bound(lines),
                      layers = box.arity() > 2 ? static_cast<std::uint64_t>(box.extent(2)) : 1;
  std::uint64_t bytes = core::ValueArray::bytes(box.count(), rider_width(bound, eval));
  for (const RiderLine& l : lines) {
    bytes = core::add_bytes(bytes, core::mul_bytes(layers, core::detail::LineFamily::bytes(l.count(), bound)));
    bytes = core::add_bytes(bytes, l.count());  // the flags of lines with an included cell
  }
  // The steps back of every column and direction.
  return core::add_bytes(
      bytes, core::mul_bytes(lines.size() * sizeof(std::int64_t), static_cast<std::uint64_t>(box.extent(1))));
}

core::DenseTable solve_rider(const Slider& s, const core::Box& box, Evaluation eval, int passes, bool from_terminal,
                             const std::function<bool(const core::Position&)>& included, int threads) {
  core::DenseTable t;
  t.box = box;
  t.eval = eval;
  if (box.count() == 0) return t;
  const std::vector<RiderLine> lines = rider_lines(s, box);
  const std::uint64_t bound = rider_bound(lines);
  t.values.reset(box.count(), rider_width(bound, eval));
  const std::size_t D = lines.size(), L = passes > 0 ? static_cast<std::size_t>(box.extent(2)) : 1;
  std::vector<core::detail::LineFamily> sets;  // layer l, direction d: sets[l * D + d]
  sets.reserve(L * D);
  for (std::size_t l = 0; l < L; ++l)
    for (const RiderLine& line : lines) sets.emplace_back(line.count(), bound);
  std::vector<std::vector<std::uint8_t>> any(D);  // any[d][i]: line i has an included cell so far
  for (std::size_t d = 0; d < D; ++d) any[d].assign(lines[d].count(), 0);
  const std::uint64_t W = sets[0].W;
  const std::int64_t X = box.extent(0), Y = box.extent(1);
  // The symmetric half-sweep (Grundy values: a line started from mirrored cells needs their
  // values, not outcomes): only the cells y <= x are swept. A line whose step back lowers x more
  // than y (a > b) runs from the upper triangle into the lower and stays there, so the sweep
  // meets it first at its first cell with y <= x, and the cells before that on it are the
  // upper-triangle ones, whose values are their mirror images': a cell (u, v) of the line with
  // u < v has v <= y <= x, so its mirror (v, u) lies in a row up to this one and a column before
  // this cell's, which the pipeline has done; they are put into the line's set then. With every
  // cell included, that first cell is the one whose line has no cell on it yet (`any`). The other
  // lines have no cell in the upper triangle before their cells in the lower one.
  const bool symmetric = !included && eval == Evaluation::Grundy && X == Y && swap_closed(lines);
  // y / b for every column and direction, so that the sweep divides once a row.
  std::vector<std::int64_t> steps_y(D * static_cast<std::size_t>(Y));
  for (std::size_t d = 0; d < D; ++d)
    for (std::int64_t y = 0; y < Y; ++y)
      steps_y[d * static_cast<std::size_t>(Y) + static_cast<std::size_t>(y)] =
          lines[d].b > 0 ? y / lines[d].b : std::numeric_limits<std::int64_t>::max();
  // Rows alternate between threads in a pipeline, as in core::sweep_lines_2d: a cell's lines come
  // from rows above it, at its column or before, so the thread on row x stays behind the one on
  // row x - 1 (and so behind every row above), checking its progress once per block of columns.
  constexpr auto kBlock = static_cast<std::int64_t>(runtime::detail::RowPipeline::kBlock);
  threads =
      runtime::detail::RowPipeline::threads_for(threads, static_cast<std::uint64_t>(X), static_cast<std::uint64_t>(Y));
  const auto T = static_cast<std::int64_t>(threads);
  runtime::detail::RowPipeline pipeline(threads, static_cast<std::uint64_t>(Y));
  std::atomic<bool> failed{false};
  t.values.with_cells([&](auto* cells) {
    using Cell = std::remove_pointer_t<decltype(cells)>;
    runtime::detail::run_on_threads(threads, failed, [&](int tid) {
      std::vector<std::uint64_t> id(D);
      std::vector<core::detail::LineRef> on(D);
      std::vector<std::int64_t> steps_x(D);
      core::Position c(2);
      for (std::int64_t x = tid; x < X; x += T) {
        for (std::size_t d = 0; d < D; ++d)
          steps_x[d] = lines[d].a > 0 ? x / lines[d].a : std::numeric_limits<std::int64_t>::max();
        c[0] = x;
        const std::int64_t end = symmetric ? x + 1 : Y;
        for (std::int64_t y0 = 0; y0 < end; y0 += kBlock) {
          const std::int64_t y1 = std::min(end, y0 + kBlock);
          if (!pipeline.wait_below(static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(y1), failed)) return;
          Cell* out = cells + static_cast<std::size_t>(x * Y + y0) * L;
          for (std::int64_t y = y0; y < y1; ++y) {
            c[1] = y;
            bool has_move = false;
            for (std::size_t d = 0; d < D; ++d) {
              id[d] = lines[d].line(x, y, steps_x[d],
                                    steps_y[d * static_cast<std::size_t>(Y) + static_cast<std::size_t>(y)]);
              has_move = has_move || any[d][id[d]] != 0;
            }
            if (symmetric)
              for (std::size_t d = 0; d < D; ++d)
                if (lines[d].a > lines[d].b && any[d][id[d]] == 0) {
                  const RiderLine& line = lines[d];
                  for (std::int64_t u = x - line.a, v = y - line.b; u >= 0 && v >= 0; u -= line.a, v -= line.b) {
                    const Cell* mirror = cells + static_cast<std::size_t>(v * Y + u) * L;
                    for (std::size_t l = 0; l < L; ++l) sets[l * D + d].line(id[d]).insert(mirror[l], W);
                    any[d][id[d]] = 1;
                    has_move = true;
                  }
                }
            const bool inc = !included || included(c);
            Value prev = kNoValue;
            for (std::size_t l = 0; l < L; ++l) {
              for (std::size_t d = 0; d < D; ++d) on[d] = sets[l * D + d].line(id[d]);
              const core::detail::OneValue pass{l > 0 && (has_move || from_terminal) ? prev : kNoValue};
              const Value v = core::detail::mex_lines(std::span<const core::detail::LineRef>(on), pass, W);
              if (inc)
                for (const core::detail::LineRef& line : on) line.insert(v, W);
              *out++ = static_cast<Cell>(eval == Evaluation::Grundy ? v : (v != 0 ? 1 : 0));
              prev = v;
            }
            if (inc)
              for (std::size_t d = 0; d < D; ++d) any[d][id[d]] = 1;
          }
          runtime::tick(static_cast<std::uint64_t>(y1 - y0) * L);
          // A finished row of the half-sweep is done for every column the next row reaches.
          pipeline.publish(static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(y1 == end ? Y : y1));
        }
      }
    });
    if (symmetric) core::detail::mirror_lower_triangle(cells, static_cast<std::uint64_t>(X), L, threads);
  });
  return t;
}

namespace {

// The cells of rows m_lo <= m < m_hi of an e1 x e2 box, level by level: level r holds the
// cells with w1*m + w2*n = r (a leaper's rank, which every move lowers), cells[r] of them,
// m = first[r] + i * w2 for i < cells[r], stored from at[r] on. w1 and w2 are coprime: the
// cells of level r have m = r * w1^-1 (mod w2), so they are found by stepping m by w2, not by
// scanning and testing every m.
struct Levels {
  std::int64_t w1, w2, count;
  std::vector<std::int64_t> first, cells, at;

  Levels(std::int64_t w1_, std::int64_t w2_, std::int64_t m_lo, std::int64_t m_hi, std::int64_t e1, std::int64_t e2)
      : w1(w1_), w2(w2_), count(w1_ * (e1 - 1) + w2_ * (e2 - 1) + 1) {
    const std::int64_t inv = inverse_mod(w1, w2);
    const auto n = static_cast<std::size_t>(count);
    first.resize(n);
    cells.resize(n);
    at.assign(n + 1, 0);
    for (std::int64_t r = 0; r < count; ++r) {
      const std::int64_t excess = r - w2 * (e2 - 1);  // n <= e2-1 needs w1*m >= excess
      const std::int64_t lo = std::max(m_lo, excess <= 0 ? 0 : (excess + w1 - 1) / w1);
      const std::int64_t hi = std::min(m_hi - 1, r / w1);
      const std::int64_t residue = (r % w2) * inv % w2;
      const std::int64_t m0 = lo + ((residue - lo % w2) % w2 + w2) % w2;
      const auto u = static_cast<std::size_t>(r);
      first[u] = m0;
      cells[u] = m0 <= hi ? (hi - m0) / w2 + 1 : 0;
      at[u + 1] = at[u] + cells[u];
    }
  }
  std::int64_t size() const { return at.back(); }
  // The cells of level r in rows lo <= m < hi: indices i from .. to - 1.
  std::pair<std::int64_t, std::int64_t> rows(std::int64_t r, std::int64_t lo, std::int64_t hi) const {
    const auto u = static_cast<std::size_t>(r);
    auto index = [&](std::int64_t m) {  // the first i whose m is >= m
      const std::int64_t d = m - first[u];
      return std::clamp<std::int64_t>(d <= 0 ? 0 : (d + w2 - 1) / w2, 0, cells[u]);
    };
    return {index(lo), index(hi)};
  }
};

// One byte a cell (values are at most 64, the most options a leaper has); kOut marks a cell
// left unsolved.
constexpr std::uint8_t kOut = 0xff;

// Solves cells of one level into the level-major bytes `diag` of `lv` (a cell's options lie at
// fixed offsets on lower levels, so the sweep streams through a few levels instead of crossing
// a row of the table per cell, as a row-major anti-diagonal sweep does). Cells outside
// `requested` whose options leave `box` are kOut; inside it, that is an EngineError.
class LevelSweep {
 public:
  LevelSweep(const Leaper& rules, const Levels& lv, std::uint8_t* diag, Evaluation eval, const core::Box& requested,
             const core::Box& box)
      : rules_(rules),
        lv_(lv),
        diag_(diag),
        eval_(eval),
        box_(box),
        r1_(requested.extent(0)),
        r2_(requested.extent(1)) {}

  // Cells lo <= i < hi of level r, every option on a lower level already solved.
  void solve(std::int64_t r, std::int64_t lo, std::int64_t hi) {
    const std::int64_t w1 = lv_.w1, w2 = lv_.w2;
    const auto u = static_cast<std::size_t>(r);
    const std::int64_t count = lv_.cells[u];
    opts_.clear();
    for (const Move& mv : rules_.moves()) {
      const std::int64_t rr = r + w1 * mv.dm + w2 * mv.dn;  // < r: levels drop along moves
      Option o{mv.dm, mv.dn, 0, 0, 0};
      if (rr >= 0) {
        const auto v = static_cast<std::size_t>(rr);
        // m + dm = first[rr] + j * w2 with m = first[r] + i * w2: j = i + (first[r] + dm - first[rr]) / w2.
        const std::int64_t shift = (lv_.first[u] + mv.dm - lv_.first[v]) / w2;
        o.base = lv_.at[v] + shift;
        o.lo = std::max<std::int64_t>(0, -shift);
        o.hi = std::min<std::int64_t>(count, lv_.cells[v] - shift);
      }
      opts_.push_back(o);
    }
    std::uint8_t* const out = diag_ + lv_.at[u];
    auto store = [&](std::int64_t i, std::uint64_t seen, bool any) {
      switch (eval_) {
        case Evaluation::Grundy:
          out[i] = static_cast<std::uint8_t>(std::countr_one(seen));
          break;
        case Evaluation::NormalOutcome:
          out[i] = (seen & 1) ? 1 : 0;
          break;
        case Evaluation::MisereOutcome:
          out[i] = !any ? 1 : ((seen & 1) ? 1 : 0);
          break;
      }
    };
    // Cell i with every check: moves off the quarter plane skipped, options outside the box
    // or unsolved (kOut) leave the cell unsolved, which inside `requested` is an error.
    auto solve_checked = [&](std::int64_t i) {
      const std::int64_t m = lv_.first[u] + i * w2, n = (r - w1 * m) / w2;
      std::uint64_t seen = 0;  // bit v: some option has value v
      bool any = false;
      for (const Option& o : opts_) {
        if (m + o.dm < 0 || n + o.dn < 0) continue;  // not a move: it would leave the quarter plane
        const std::uint8_t v = i >= o.lo && i < o.hi ? diag_[static_cast<std::size_t>(o.base + i)] : kOut;
        if (v == kOut) {
          if (m < r1_ && n < r2_)  // the reach box promised every option of the requested box
            throw runtime::EngineError(rules_.name() + ": an option of " + std::to_string(m) + "," + std::to_string(n) +
                                       " lies outside the solved box " + box_.to_string());
          out[i] = kOut;
          return;
        }
        any = true;
        if (v < 64) seen |= std::uint64_t{1} << v;  // 64 (all of 0..63 below it) never decides a mex
      }
      store(i, seen, any);
    };
    // Inside the level every move is a move and lands in the box: a check each way along it
    // (each condition holds on a run of i, so these cells are one run).
    auto interior = [&](std::int64_t i) {
      const std::int64_t m = lv_.first[u] + i * w2, n = (r - w1 * m) / w2;
      for (const Option& o : opts_)
        if (m + o.dm < 0 || n + o.dn < 0 || i < o.lo || i >= o.hi) return false;
      return true;
    };
    std::int64_t i = lo, j = hi;
    for (; i < j && !interior(i); ++i) solve_checked(i);
    for (; j > i && !interior(j - 1); --j) solve_checked(j - 1);
    // The run: loads at fixed offsets, no bounds to test; an unsolved option (rare, next to
    // the far edges of the reach box) sends the cell back to solve_checked. Unrolled for
    // the common move counts (the knight has 4).
    auto run = [&]<int K>(std::integral_constant<int, K>) {
      const std::size_t k = K > 0 ? static_cast<std::size_t>(K) : opts_.size();
      std::array<const std::uint8_t*, 64> from{};
      for (std::size_t q = 0; q < k; ++q) from[q] = diag_ + opts_[q].base;
      for (; i < j; ++i) {
        std::uint64_t seen = 0;
        std::uint8_t out_of_box = 0;
        for (std::size_t q = 0; q < k; ++q) {
          const std::uint8_t v = from[q][i];
          seen |= v < 64 ? std::uint64_t{1} << v : 0;
          out_of_box |= static_cast<std::uint8_t>(v == kOut);
        }
        if (out_of_box != 0)
          solve_checked(i);
        else
          store(i, seen, true);
      }
    };
    switch (opts_.size()) {
      case 3:
        run(std::integral_constant<int, 3>{});
        break;
      case 4:
        run(std::integral_constant<int, 4>{});
        break;
      case 8:
        run(std::integral_constant<int, 8>{});
        break;
      default:
        run(std::integral_constant<int, 0>{});
        break;
    }
  }

 private:
  struct Option {
    std::int64_t dm, dn;
    std::int64_t base;    // the option of cell i of this level is diag[base + i]
    std::int64_t lo, hi;  // ... when lo <= i < hi (inside the box); else it leaves it
  };
  const Leaper& rules_;
  const Levels& lv_;
  std::uint8_t* diag_;
  Evaluation eval_;
  const core::Box& box_;
  std::int64_t r1_, r2_;
  std::vector<Option> opts_;
};

// Rows m_lo <= m < m_hi of the level-major bytes into row-major `values` (row m at
// (m - m_lo) * e2, kOut as kUnsolved), split between `threads` threads: 64 rows at a time with
// the rows innermost, so a level's bytes for those rows share a cache line or two, and that
// line serves the 64 columns in a row that the level crosses; every byte is read from memory
// once. Cell (m, n) of level u sits at diag[at[u] + (m - first[u]) / w2] = diag[base[u] + m /
// w2] (m and first[u] agree mod w2), with no division in the loop.
void levels_to_rows(const Levels& lv, const std::uint8_t* diag, std::int64_t m_lo, std::int64_t m_hi, std::int64_t e2,
                    std::uint8_t* values, int threads, std::atomic<bool>& failed) {
  const std::int64_t w1 = lv.w1, w2 = lv.w2;
  std::vector<std::int64_t> base(static_cast<std::size_t>(lv.count)), m_div(static_cast<std::size_t>(m_hi - m_lo));
  for (std::size_t u = 0; u < base.size(); ++u) base[u] = lv.at[u] - lv.first[u] / w2;
  for (std::int64_t m = m_lo; m < m_hi; ++m) m_div[static_cast<std::size_t>(m - m_lo)] = m / w2;
  const std::uint8_t unsolved = core::ValueArray::encode<std::uint8_t>(core::kUnsolved);
  constexpr std::int64_t kRows = 64;
  const auto T = static_cast<std::int64_t>(threads);
  runtime::detail::run_on_threads(threads, failed, [&](int tid) {
    for (std::int64_t m0 = m_lo + tid * kRows; m0 < m_hi; m0 += T * kRows) {
      const std::int64_t m1 = std::min(m_hi, m0 + kRows);
      for (std::int64_t n = 0; n < e2; ++n)
        for (std::int64_t m = m0; m < m1; ++m) {
          const auto u = static_cast<std::size_t>(w1 * m + w2 * n);
          const std::uint8_t v = diag[static_cast<std::size_t>(base[u] + m_div[static_cast<std::size_t>(m - m_lo)])];
          values[(m - m_lo) * e2 + n] = v == kOut ? unsolved : v;
        }
    }
  });
}

// Rows a move may cross: up to `up` rows back (dm < 0) and `down` rows on (dm > 0).
struct Reach {
  std::int64_t up = 0, down = 0;
};
Reach row_reach(const Leaper& rules) {
  Reach h;
  for (const Move& mv : rules.moves()) {
    h.up = std::max(h.up, -mv.dm);
    h.down = std::max(h.down, mv.dm);
  }
  return h;
}

// Bytes of the level tables of a box of e1 x e2 (first, cells, at, and levels_to_rows' base).
std::uint64_t level_bytes(const Leaper& rules, std::uint64_t e1, std::uint64_t e2) {
  const std::uint64_t levels = core::add_bytes(core::mul_bytes(static_cast<std::uint64_t>(rules.w1()), e1),
                                               core::mul_bytes(static_cast<std::uint64_t>(rules.w2()), e2));
  return core::add_bytes(core::mul_bytes(levels, 4 * sizeof(std::int64_t)), core::mul_bytes(e1, sizeof(std::int64_t)));
}

}  // namespace

std::uint64_t leaper_bytes(const Leaper& rules, const core::Box& requested) {
  const core::Box box = rules.reach_box(requested);
  const std::uint64_t cells = box.count();
  if (cells == 0) return 0;
  const auto e1 = static_cast<std::uint64_t>(box.extent(0)), e2 = static_cast<std::uint64_t>(box.extent(1));
  std::uint64_t bytes = core::ValueArray::bytes(cells, 1);
  bytes = core::add_bytes(bytes, runtime::huge_block_bytes(cells));
  return core::add_bytes(bytes, level_bytes(rules, e1, e2) + 4096);
}

core::DenseTable solve_leaper(const Leaper& rules, const core::Box& requested, Evaluation eval, int threads) {
  core::DenseTable t;
  t.box = rules.reach_box(requested);
  t.eval = eval;
  t.values.reset(t.box.count(), 1);
  if (t.values.empty()) return t;
  const std::int64_t e1 = t.box.extent(0), e2 = t.box.extent(1);
  const Levels lv(rules.w1(), rules.w2(), 0, e1, e1, e2);
  runtime::HugeVector<std::uint8_t> diag(static_cast<std::size_t>(lv.size()));
  // Cells of equal level are independent: each level is split between the threads, which meet
  // at a barrier before the next level (its options lie on lower levels).
  if (threads <= 0) threads = t.values.size() >= (std::uint64_t{1} << 20) ? runtime::solver_threads() : 1;
  const auto T = static_cast<std::int64_t>(threads);
  std::atomic<std::uint64_t> arrived{0};
  std::atomic<bool> failed{false};
  runtime::detail::run_on_threads(threads, failed, [&](int tid) {
    LevelSweep sweep(rules, lv, diag.data(), eval, requested, t.box);
    std::uint64_t barriers = 0;
    for (std::int64_t r = 0; r < lv.count; ++r) {
      const std::int64_t count = lv.cells[static_cast<std::size_t>(r)];
      if (count == 0) continue;
      sweep.solve(r, count * tid / T, count * (tid + 1) / T);
      if (tid == 0) runtime::tick(static_cast<std::uint64_t>(count));
      if (T > 1) {
        ++barriers;
        arrived.fetch_add(1, std::memory_order_acq_rel);
        if (!runtime::detail::wait_for(arrived, barriers * static_cast<std::uint64_t>(T), failed)) return;
      }
    }
  });
  levels_to_rows(lv, diag.data(), 0, e1, e2, t.values.data<std::uint8_t>(), threads, failed);
  return t;
}

core::BandLayout leaper_band_layout(const Leaper& rules, const core::Box& requested, int ranks, int rank) {
  const core::Box box = rules.reach_box(requested);
  const auto X = static_cast<std::uint64_t>(box.extent(0)), Y = static_cast<std::uint64_t>(box.extent(1));
  const Reach h = row_reach(rules);
  const auto rows = static_cast<std::uint64_t>(std::max<std::int64_t>({1, h.up, h.down}));
  const std::uint64_t bands = std::clamp<std::uint64_t>(X / rows, 1, static_cast<std::uint64_t>(ranks));
  return core::BandLayout{X, Y, 1, std::max<std::uint64_t>(1, (X + bands - 1) / bands), ranks, rank, false};
}

std::uint64_t leaper_band_bytes(const Leaper& rules, const core::BandLayout& layout) {
  core::BandLayout b = layout;
  b.r = 0;  // band 0: the most rows
  if (b.X == 0 || b.Y == 0) return core::kRouteOverheadBytes;
  const Reach h = row_reach(rules);
  const std::uint64_t window = std::min(b.X, b.B + static_cast<std::uint64_t>(h.up + h.down));
  std::uint64_t bytes = core::ValueArray::bytes(core::mul_bytes(b.local_rows(), b.Y), 1);
  bytes = core::add_bytes(bytes, runtime::huge_block_bytes(core::mul_bytes(window, b.Y)));
  bytes = core::add_bytes(bytes, level_bytes(rules, b.X, b.Y));
  // The messages of a few levels in flight (a level crosses a row once) and one received.
  bytes = core::add_bytes(bytes, 16 * (static_cast<std::uint64_t>(h.up + h.down) + 64));
  bytes = core::add_bytes(bytes, core::stream_bytes(b, 1));
  return core::add_bytes(bytes, core::kRouteOverheadBytes);
}

core::BandTable solve_leaper_bands(const runtime::World& world, const Leaper& rules, const core::Box& requested) {
  const core::Box box = rules.reach_box(requested);
  const dist::Exchange exchange;
  core::BandTable t;
  t.layout = leaper_band_layout(rules, requested, world.size, world.rank);
  const core::BandLayout& b = t.layout;
  t.values.reset(b.local_rows() * b.Y, 1);
  if (t.values.empty()) return t;  // a rank past the last band, or an empty box
  const std::int64_t e1 = box.extent(0), e2 = box.extent(1);
  const auto k = static_cast<std::uint64_t>(b.r);  // one band a rank
  const auto a = static_cast<std::int64_t>(b.first(k)), e = static_cast<std::int64_t>(b.end(k));
  const Reach h = row_reach(rules);
  const Levels lv(rules.w1(), rules.w2(), std::max<std::int64_t>(0, a - h.up), std::min(e1, e + h.down), e1, e2);
  runtime::HugeVector<std::uint8_t> diag(static_cast<std::size_t>(lv.size()));
  LevelSweep sweep(rules, lv, diag.data(), Evaluation::Grundy, requested, box);
  const bool above = k > 0, below = k + 1 < b.bands();
  dist::Outbox outbox;
  std::vector<std::uint64_t> in;
  // Level r's cells in rows lo .. hi - 1, to or from the band of `rank`. Both ends count them
  // from their own levels alike, and neither sends nor waits for an empty message.
  auto post = [&](std::int64_t r, std::int64_t lo, std::int64_t hi, int rank) {
    const auto [i0, i1] = lv.rows(r, lo, hi);
    if (i1 <= i0) return;
    std::vector<std::uint64_t> message(static_cast<std::size_t>(i1 - i0 + 7) / 8);
    std::memcpy(message.data(), diag.data() + lv.at[static_cast<std::size_t>(r)] + i0,
                static_cast<std::size_t>(i1 - i0));
    outbox.post(std::move(message), rank, dist::kTagHalo);
  };
  auto take = [&](std::int64_t r, std::int64_t lo, std::int64_t hi, int rank) {
    const auto [i0, i1] = lv.rows(r, lo, hi);
    if (i1 <= i0) return;
    in.resize(static_cast<std::size_t>(i1 - i0 + 7) / 8);
    dist::recv(in.data(), in.size() * 8, rank, dist::kTagHalo);
    std::memcpy(diag.data() + lv.at[static_cast<std::size_t>(r)] + i0, in.data(), static_cast<std::size_t>(i1 - i0));
  };
  const int up = b.r - 1, down = b.r + 1;
  for (std::int64_t r = 0; r < lv.count; ++r) {
    if (lv.cells[static_cast<std::size_t>(r)] == 0) continue;
    const auto [i0, i1] = lv.rows(r, a, e);
    sweep.solve(r, i0, i1);
    runtime::tick(static_cast<std::uint64_t>(i1 - i0));
    // The rows each neighbour's moves reach into this band, then the rows of theirs this
    // band's moves reach: the next level's options may lie on this one.
    if (above) post(r, a, std::min(e, a + h.down), up);
    if (below) post(r, std::max(a, e - h.up), e, down);
    if (above) take(r, std::max<std::int64_t>(0, a - h.up), a, up);
    if (below) take(r, e, std::min(e1, e + h.down), down);
  }
  outbox.wait_all();
  t.bytes_sent = outbox.bytes_sent();
  std::atomic<bool> failed{false};
  levels_to_rows(lv, diag.data(), a, e, e2, t.values.data<std::uint8_t>(), 1, failed);
  return t;
}

}  // namespace grundy::games
