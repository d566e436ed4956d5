#pragma once

// A fast one-heap solver for subtraction games with K passes, the specialized twin of
// core::solve_dense on WithPass<Subtraction> (tests/games/subtraction_solver_test.cpp holds them
// equal cell by cell).
//
// Positions are (x, p): x stones, p passes still available (p = 0 without a pass). The options
// of (x, p) are (x - s, p) for s in S with s <= x, and the pass (x, p - 1) when p > 0 and either
// x is not terminal (x >= min S, i.e. some subtraction move exists) or passes from terminal
// positions are allowed (--pass-from-terminal). This is exactly transforms::WithPass.
//
// Every option of (x, p) has heap x - s >= x - max(S), or heap x and a smaller p. So sweeping x
// upward and, for each x, p = 0..K, needs only the values of the last max(S) + 1 heap sizes: the
// sweep keeps them in a ring buffer (rounded up to a power of two), so 10^9 heap sizes take
// constant memory. A sweep told it stops below `heaps` keeps at most that many: a move larger
// than every heap asked for is never an option, so S = {1, 10^12} answers heaps 0..19 with a
// ring of 32 heap sizes instead of refusing a 10^12-byte one.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include <optional>

#include "core/model/mex.hpp"
#include "core/model/position.hpp"
#include "core/solve/dense_solver.hpp"
#include "core/solve/route.hpp"
#include "games/subtraction.hpp"
#include "runtime/errors.hpp"
#include "runtime/memory.hpp"
#include "runtime/progress.hpp"
#include "transforms/with_pass.hpp"

namespace grundy::games {

class SubtractionSweep {
 public:
  // The sweep computes heap sizes 0 .. heaps-1 at most (step() past them is an EngineError).
  // Throws runtime::TooLarge if the ring buffer would exceed `memory_limit` bytes (0: the default
  // limit, 75% of physical memory), and runtime::UserError if passes is outside 0..64.
  explicit SubtractionSweep(const Subtraction& game, int passes = 0, bool pass_from_terminal = false,
                            std::uint64_t memory_limit = 0, std::int64_t heaps = kUnbounded);

  static constexpr std::int64_t kUnbounded = std::numeric_limits<std::int64_t>::max();

  // Bytes the ring buffer of a sweep over heap sizes 0 .. heaps-1 needs.
  static std::uint64_t memory_bytes(const Subtraction& game, int passes, std::int64_t heaps = kUnbounded);

  int passes() const { return passes_; }
  int layers() const { return passes_ + 1; }
  bool pass_from_terminal() const { return from_terminal_; }
  const std::vector<std::int64_t>& set() const { return set_; }
  std::int64_t max_move() const { return set_.back(); }
  std::int64_t min_move() const { return set_.front(); }

  // The heap size the next step() computes (0 for a fresh sweep).
  std::int64_t next_x() const { return x_; }

  // How many of the most recent heap sizes at() can still read: at least min(max(S) + 1, heaps).
  std::int64_t window() const { return static_cast<std::int64_t>(mask_) + 1; }

  // Computes G(x, 0), ..., G(x, K) for x = next_x(), advances, and returns them. The span stays
  // valid until the ring slot is reused, window() steps later.
  std::span<const core::Value> step() {
    // Past `heaps` the ring may be shorter than max(S) + 1, and a move would read a wrong slot.
    if (x_ >= heaps_) throw runtime::EngineError("SubtractionSweep: heap size past the sweep's bound");
    const std::int64_t x = x_++;
    core::Value* cur = ring_.data() + slot(x);
    const bool pass_legal = x >= set_.front() || from_terminal_;
    for (int p = 0; p <= passes_; ++p) {
      if (small_) {
        // Every value is at most |S| + 1 < 64 (a mex over at most |S| + 1 options).
        std::uint64_t seen = 0;
        for (std::int64_t s : set_) {
          if (s > x) break;
          seen |= std::uint64_t{1} << ring_[slot(x - s) + static_cast<std::size_t>(p)];
        }
        if (p > 0 && pass_legal) seen |= std::uint64_t{1} << cur[p - 1];
        cur[p] = static_cast<core::Value>(std::countr_one(seen));
      } else {
        mex_.clear();
        for (std::int64_t s : set_) {
          if (s > x) break;
          mex_.add(ring_[slot(x - s) + static_cast<std::size_t>(p)]);
        }
        if (p > 0 && pass_legal) mex_.add(cur[p - 1]);
        cur[p] = mex_.mex();
      }
    }
    return {cur, static_cast<std::size_t>(passes_ + 1)};
  }

  // G(x, p) for a heap size computed in the last window() steps.
  core::Value at(std::int64_t x, int p) const { return ring_[slot(x) + static_cast<std::size_t>(p)]; }

 private:
  std::size_t slot(std::int64_t x) const {
    return (static_cast<std::size_t>(x) & mask_) * static_cast<std::size_t>(passes_ + 1);
  }

  std::vector<std::int64_t> set_;  // sorted
  int passes_;
  bool from_terminal_;
  bool small_;
  std::size_t mask_ = 0;
  std::int64_t x_ = 0;
  std::int64_t heaps_;
  std::vector<core::Value> ring_;  // window() heap sizes, each with its K + 1 layers adjacent
  core::MexBuffer mex_;
};

namespace detail {

// The chunked sweep of sweep_subtraction below, with the layer count kLayers known at compile
// time (0: `layers` at run time), so that one or two layers keep their masks in registers.
template <std::size_t kLayers, class F>
void sweep_subtraction_chunked(const std::vector<std::int64_t>& set, std::size_t layers, bool pass_from_terminal,
                               std::int64_t count, F& f) {
  const std::size_t L = kLayers > 0 ? kLayers : layers;
  // A move reaches back s <= x < count heap sizes: no more than count - 1 of them are ever read,
  // however large max(S).
  const std::int64_t keep = std::min(set.back(), count), chunk = std::max<std::int64_t>(4096, keep);
  const std::size_t k = set.size();
  std::vector<core::Value> buf(static_cast<std::size_t>(keep + chunk) * L, 0);
  std::array<std::uint64_t, 65> seen{};
  for (std::int64_t base = 0; base < count; base += chunk) {
    // Heap size x at b[(x - base) * L]; heap sizes base - keep .. base - 1 in front of it.
    core::Value* const b = buf.data() + static_cast<std::size_t>(keep) * L;
    const std::int64_t end = std::min(count, base + chunk);
    for (std::int64_t x = base; x < end; ++x) {
      core::Value* const cur = b + static_cast<std::size_t>(x - base) * L;
      for (std::size_t p = 0; p < L; ++p) seen[p] = 0;
      for (std::size_t i = 0; i < k && set[i] <= x; ++i) {
        const core::Value* const option = cur - static_cast<std::size_t>(set[i]) * L;
        for (std::size_t p = 0; p < L; ++p) seen[p] |= std::uint64_t{1} << option[p];
      }
      const bool pass_legal = x >= set.front() || pass_from_terminal;
      std::uint64_t below = 0;  // the pass option: this heap size one layer down
      for (std::size_t p = 0; p < L; ++p) {
        const auto v = static_cast<core::Value>(std::countr_one(seen[p] | (pass_legal ? below : 0)));
        cur[p] = v;
        below = std::uint64_t{1} << v;
      }
      f(x, std::span<const core::Value>(cur, L));
    }
    if (end < count)  // the last `keep` heap sizes move to the front for the next chunk
      std::copy(b + static_cast<std::size_t>(chunk - keep) * L, b + static_cast<std::size_t>(chunk) * L, buf.data());
  }
}

}  // namespace detail

// Calls f(x, values) for x = 0 .. count-1, values[p] = G(x, p) (valid during the call): the
// values of SubtractionSweep::step(), its twin in the tests, computed faster. The heap sizes
// go in chunks through a linear buffer that keeps the last min(max(S), count) of them in front
// of each chunk, so the option at heap x - s is a fixed step back (no ring mask), and every
// layer of a heap size is done in one pass over S. For 2,12,14 with a pass: 10 -> 3.7 ns per
// heap size.
template <class F>
void sweep_subtraction(const Subtraction& game, int passes, bool pass_from_terminal, std::int64_t count, F&& f) {
  // Checks passes and the memory of a ring over the heaps asked for.
  SubtractionSweep sweep(game, passes, pass_from_terminal, 0, std::max<std::int64_t>(count, 1));
  if (sweep.set().size() + 1 >= 64 || count <= 0) {  // values may reach 64: the general mex
    for (std::int64_t x = 0; x < count; ++x) f(x, sweep.step());
    return;
  }
  const auto layers = static_cast<std::size_t>(passes) + 1;
  switch (layers) {
    case 1:
      detail::sweep_subtraction_chunked<1>(sweep.set(), layers, pass_from_terminal, count, f);
      break;
    case 2:
      detail::sweep_subtraction_chunked<2>(sweep.set(), layers, pass_from_terminal, count, f);
      break;
    default:
      detail::sweep_subtraction_chunked<0>(sweep.set(), layers, pass_from_terminal, count, f);
      break;
  }
}

// G(x, layer) for x = 0 .. out.size()-1, written into the caller's buffer.
void subtraction_values(const Subtraction& game, int passes, bool pass_from_terminal, int layer,
                        std::span<core::Value> out);

// The eventual period of the values: from `start` on, G(x + period, p) = G(x, p) for every p,
// with `start` and `period` the least such. Found, if at all, within `searched` <= limit heap
// sizes. Proof criterion: for x >= max(S) the values at x are a fixed function of the values at
// x - max(S) .. x - 1 (every move exists, and the pass is legal), so once max(S) consecutive
// heap sizes repeat after `period`, everything after them repeats too. The search is Brent's
// cycle detection on that window (rolling hash, confirmed element by element), then a second
// sweep that finds the first window to repeat: memory stays constant. A proof needs more than
// max(S) heap sizes: when max(S) >= limit nothing is computed or allocated, and the answer is
// not found with searched = limit.
struct SubtractionPeriod {
  bool found = false;
  std::int64_t start = 0;
  std::int64_t period = 0;
  std::int64_t searched = 0;
};

// The three sweeps it runs at once are refused up front (runtime::TooLarge) beyond `memory_limit`.
SubtractionPeriod find_subtraction_period(const Subtraction& game, int passes, bool pass_from_terminal,
                                          std::int64_t limit,
                                          std::uint64_t memory_limit = runtime::default_memory_limit());

// Bytes sweep_subtraction allocates for `count` heap sizes: the step-by-step sweep's ring,
// and the chunked sweep's linear buffer.
inline std::uint64_t sweep_subtraction_bytes(const Subtraction& game, int passes, std::int64_t count) {
  const auto layers = static_cast<std::uint64_t>(passes) + 1;
  const auto keep = static_cast<std::uint64_t>(std::min(game.max_move(), count));
  const std::uint64_t chunk = std::max<std::uint64_t>(4096, keep);
  return core::add_bytes(SubtractionSweep::memory_bytes(game, passes, std::max<std::int64_t>(count, 1)),
                         core::mul_bytes(core::add_bytes(keep, chunk), layers * sizeof(core::Value)));
}

// The fast path core::Game takes for subtraction games (found by argument-dependent lookup):
// Grundy values and normal-play outcomes through the ring-buffer sweep.
template <class R>
std::optional<core::SolveRoute> fast_route_subtraction(const Subtraction& game, int passes, bool from_terminal,
                                                       const core::Box& box, core::Evaluation eval) {
  if (eval == core::Evaluation::MisereOutcome) return std::nullopt;
  core::SolveRoute r;
  r.name = "subtraction sweep";
  // A heap has at most |S| moves and a pass: its value is at most |S| + 1.
  const int width = core::ValueArray::width_for(
      eval == core::Evaluation::Grundy ? static_cast<std::uint64_t>(game.set().size()) + 2 : 2);
  r.bytes = core::add_bytes(core::ValueArray::bytes(box.count(), width),
                            sweep_subtraction_bytes(game, passes, box.extent(0)));
  r.run = [&game, passes, from_terminal, box, eval, width] {
    core::DenseTable t;
    t.box = box;
    t.eval = eval;
    const std::int64_t layers = box.arity() > 1 ? box.extent(1) : 1;
    t.values.reset(box.count(), width);
    sweep_subtraction(game, passes, from_terminal, box.extent(0), [&](std::int64_t x, std::span<const core::Value> v) {
      if ((x & 65535) == 65535) runtime::tick(65536);
      for (std::int64_t p = 0; p < layers; ++p) {
        const core::Value g = v[static_cast<std::size_t>(p)];
        t.values.set(static_cast<std::size_t>(x * layers + p), eval == core::Evaluation::Grundy ? g : (g == 0 ? 0 : 1));
      }
    });
    return t;
  };
  return r;
}

inline std::optional<core::SolveRoute> fast_route(const Subtraction& g, const core::Box& box, core::Evaluation eval) {
  return fast_route_subtraction<Subtraction>(g, 0, false, box, eval);
}

inline std::optional<core::SolveRoute> fast_route(const transforms::WithPass<Subtraction>& g, const core::Box& box,
                                                  core::Evaluation eval) {
  return fast_route_subtraction<Subtraction>(g.base(), g.passes(), g.from_terminal(), box, eval);
}

}  // namespace grundy::games
