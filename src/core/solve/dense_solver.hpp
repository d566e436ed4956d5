#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "core/model/box.hpp"
#include "core/model/mex.hpp"
#include "core/model/ruleset.hpp"
#include "core/solve/memo_solver.hpp"
#include "core/solve/value_array.hpp"
#include "runtime/errors.hpp"
#include "runtime/huge_pages.hpp"
#include "runtime/progress.hpp"

namespace grundy::core {

// The values of every cell of a box. A cell that is not a position of the game (a chocolate
// bar with y > F(x,z)) holds kNoValue. A cell outside the requested box whose options leave the
// stored box holds kUnsolved: a game whose moves may increase a coordinate (the knight's
// (m+1, n-2)) has no box closed under moves, so the reach box holds every position reachable
// from the requested box, but not every option of its own far corners. Every other cell holds
// its value, exact. With an outcome evaluation the cells hold 0 (P) or 1 (N).
//
// Reads go through at(), which refuses a cell outside the box or unsolved with an EngineError:
// a bug upstream (a box built too small, a pin the box does not hold) must never print memory
// the solver did not write. Hot loops that index `values` themselves own that check.
struct DenseTable {
  Box box;
  Evaluation eval = Evaluation::Grundy;
  ValueArray values;

  // The value at p (kNoValue: not a position), checked.
  Value at(const Position& p) const {
    if (!box.contains(p)) refuse_read(p, "outside");
    const Value v = values[box.index(p)];
    if (v == kUnsolved) refuse_read(p, "unsolved");
    return v;
  }
  // True when at(p) answers: p lies in the box and its cell was solved.
  bool solved(const Position& p) const { return box.contains(p) && values[box.index(p)] != kUnsolved; }

 private:
  [[noreturn]] void refuse_read(const Position& p, const char* why) const {
    throw runtime::EngineError("read of cell (" + to_string(p) + ") " + why + " the solved table " + box.to_string());
  }
};

// The positions the memo fallback of solve_dense may memoise for a box of n cells: every cell
// of a reach box, which holds every position reachable from the requested one, with room for
// tiny boxes.
inline std::uint64_t memo_positions_for(std::uint64_t n) { return std::max<std::uint64_t>(n, std::uint64_t{1} << 16); }

// The cells of `box` (a corner of the table's box) as a table of their own: what the analyses
// read when the solver grew the box to its reach box. The table itself when the boxes agree.
inline DenseTable crop(DenseTable table, const Box& box) {
  if (table.box == box) return table;
  if (box.arity() != table.box.arity()) throw runtime::EngineError("crop: arity mismatch");
  for (int i = 0; i < box.arity(); ++i)
    if (box.extent(i) > table.box.extent(i)) throw runtime::EngineError("crop: box larger than the table");
  DenseTable out;
  out.box = box;
  out.eval = table.eval;
  out.values.reset(box.count(), table.values.width());
  if (box.count() == 0) return out;
  Position p(box.arity());
  std::size_t k = 0;
  do out.values.set(k++, table.at(p));
  while (box.next(p));
  return out;
}

namespace detail {

inline constexpr Value kUnset = kNoValue - 2;      // not solved yet
inline constexpr Value kUnreached = ValueArray::kFirstMarker;  // outside the requested box, an option leaves the solved box

// The value of one cell from its options' values. `required` is true for cells of the requested
// box: every option of those must have been solved (the reach box promises it), so a missing
// one is an EngineError. A cell outside the requested box whose option leaves the box (or was
// itself left unsolved for that reason) is not reachable from the requested box: kUnreached.
// Each option is a unit of work for `poll`: a cell may have millions of options.
template <Ruleset R>
Value evaluate_cell(const R& rules, const Box& box, const ValueArray& values, const Position& pos, Evaluation eval,
                    MexBuffer& mex, bool required, runtime::StopPoll& poll) {
  bool any = false, any_p = false, escaped = false;
  mex.clear();
  rules.for_each_option(pos, [&](const Position& opt) {
    poll();
    if (escaped) return;
    const bool inside = box.contains(opt);
    const Value v = inside ? values[box.index(opt)] : kUnreached;
    if (v == kUnreached) {
      if (required)
        throw runtime::EngineError(rules.name() + ": option " + to_string(opt) + " of " + to_string(pos) +
                                   (inside ? " depends on positions" : " lies") + " outside the solved box " +
                                   box.to_string());
      escaped = true;
      return;
    }
    if (v == kNoValue || v == kUnset)
      throw runtime::EngineError(rules.name() + ": option " + to_string(opt) + " of " + to_string(pos) +
                                 (v == kNoValue ? " is not a position of the game" : " was not solved before it"));
    any = true;
    any_p = any_p || v == 0;
    mex.add(v);
  });
  if (escaped) return kUnreached;
  switch (eval) {
    case Evaluation::Grundy: return mex.mex();
    case Evaluation::NormalOutcome: return any_p ? 1 : 0;
    case Evaluation::MisereOutcome: return !any ? 1 : (any_p ? 1 : 0);
  }
  return 0;
}

}  // namespace detail

// The generic dense solver: every cell of `requested` (grown to the ruleset's reach box, so
// every position reachable from `requested` lies inside) in an order where options come first.
// Rulesets whose options precede them in index order are swept straight through; others are
// bucket-sorted by rank. Each cell is a mex over its options through a reused bitset buffer.
// Cells outside `requested` that cannot be reached from it may be left kUnsolved (DenseTable).
template <Ruleset R>
DenseTable solve_dense(const R& rules, const Box& requested, Evaluation eval = Evaluation::Grundy) {
  using detail::kUnreached;
  using detail::kUnset;
  DenseTable t;
  t.box = reach_box(rules, requested);
  t.eval = eval;
  const std::uint64_t n = t.box.count();
  t.values.assign(n, kUnset);
  MexBuffer mex;
  runtime::StopPoll poll;
  auto solve_cell = [&](const Position& pos, std::uint64_t idx) {
    if ((idx & 4095) == 4095) runtime::tick(4096);
    if (!rules.check(pos).empty()) {
      t.values.set(idx, kNoValue);
      return;
    }
    t.values.set(idx, detail::evaluate_cell(rules, t.box, t.values, pos, eval, mex, requested.contains(pos), poll));
  };
  auto finish = [&] {
    for (std::uint64_t i = 0; i < n; ++i)
      if (t.values[i] == kUnreached) t.values.set(i, kUnsolved);
  };
  if (n == 0) return t;
  if (options_precede(rules)) {
    Position pos(t.box.arity());
    std::uint64_t idx = 0;
    do solve_cell(pos, idx++);
    while (t.box.next(pos));
    finish();
    return t;
  }
  if constexpr (RankedRuleset<R>) {
    if (has_rank(rules)) {
      // Bucket the cells by rank (non-positions first, they need no options).
      std::vector<std::int64_t> rank(n);
      Position pos(t.box.arity());
      std::uint64_t idx = 0;
      do rank[idx++] = rules.check(pos).empty() ? rules.rank(pos) : INT64_MIN;
      while (t.box.next(pos));
      std::vector<std::uint64_t> order(n);
      std::iota(order.begin(), order.end(), std::uint64_t{0});
      std::stable_sort(order.begin(), order.end(), [&](std::uint64_t a, std::uint64_t b) { return rank[a] < rank[b]; });
      for (std::uint64_t i : order) solve_cell(t.box.at(i), i);
      finish();
      return t;
    }
  }
  // No order known: fall back on the memo solver for each cell (still exact, just slower).
  MemoSolver<R> memo(rules, eval, memo_positions_for(n));
  Position pos(t.box.arity());
  std::uint64_t idx = 0;
  do {
    if ((idx & 4095) == 4095) runtime::tick(4096);
    t.values.set(idx++, rules.check(pos).empty() ? memo.value(pos) : kNoValue);
  } while (t.box.next(pos));
  return t;
}

}  // namespace grundy::core
