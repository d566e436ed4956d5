#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "core/box.hpp"
#include "core/errors.hpp"
#include "core/memo_solver.hpp"
#include "core/mex.hpp"
#include "core/progress.hpp"
#include "core/ruleset.hpp"

namespace grundy::core {

// The values of every cell of a box. A cell that is not a position of the game (a chocolate
// bar with y > F(x,z)) holds kNoValue. With an outcome evaluation the cells hold 0 (P) or 1 (N).
struct DenseTable {
  Box box;
  Evaluation eval = Evaluation::Grundy;
  std::vector<Value> values;

  Value at(const Position& p) const { return values[box.index(p)]; }
};

// Bytes a dense solve of `box` needs (values plus the rank order when the sweep needs one).
inline std::uint64_t dense_bytes(const Box& box, bool needs_rank_order) {
  const std::uint64_t n = box.count();
  const std::uint64_t per = sizeof(Value) + (needs_rank_order ? sizeof(std::uint64_t) + sizeof(std::int64_t) : 0);
  return n > UINT64_MAX / per ? UINT64_MAX : n * per;
}

namespace detail {

template <Ruleset R>
Value evaluate_cell(const R& rules, const Box& box, const std::vector<Value>& values, const Position& pos,
                    Evaluation eval, MexBuffer& mex) {
  constexpr Value kUnset = kNoValue - 1;
  bool any = false, any_p = false;
  mex.clear();
  rules.for_each_option(pos, [&](const Position& opt) {
    if (!box.contains(opt))
      throw EngineError(rules.name() + ": option " + to_string(opt) + " of " + to_string(pos) +
                        " lies outside the solved box " + box.to_string());
    const Value v = values[box.index(opt)];
    if (v == kNoValue || v == kUnset)
      throw EngineError(rules.name() + ": option " + to_string(opt) + " of " + to_string(pos) +
                        (v == kNoValue ? " is not a position of the game" : " was not solved before it"));
    any = true;
    any_p = any_p || v == 0;
    mex.add(v);
  });
  switch (eval) {
    case Evaluation::Grundy: return mex.mex();
    case Evaluation::NormalOutcome: return any_p ? 1 : 0;
    case Evaluation::MisereOutcome: return !any ? 1 : (any_p ? 1 : 0);
  }
  return 0;
}

}  // namespace detail

// The generic dense solver: every cell of `requested` (grown to the ruleset's reach box, so
// every option lies inside) in an order where options come first. Rulesets whose options
// precede them in index order are swept straight through; others are bucket-sorted by rank.
// Each cell is a mex over its options through a reused bitset buffer.
template <Ruleset R>
DenseTable solve_dense(const R& rules, const Box& requested, Evaluation eval = Evaluation::Grundy) {
  constexpr Value kUnset = kNoValue - 1;
  DenseTable t;
  t.box = reach_box(rules, requested);
  t.eval = eval;
  const std::uint64_t n = t.box.count();
  t.values.assign(n, kUnset);
  MexBuffer mex;
  auto solve_cell = [&](const Position& pos, std::uint64_t idx) {
    if ((idx & 4095) == 4095) tick(4096);
    if (!rules.check(pos).empty()) {
      t.values[idx] = kNoValue;
      return;
    }
    t.values[idx] = detail::evaluate_cell(rules, t.box, t.values, pos, eval, mex);
  };
  if (n == 0) return t;
  if (options_precede(rules)) {
    Position pos(t.box.arity());
    std::uint64_t idx = 0;
    do solve_cell(pos, idx++);
    while (t.box.next(pos));
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
      return t;
    }
  }
  // No order known: fall back on the memo solver for each cell (still exact, just slower).
  MemoSolver<R> memo(rules, eval, std::max<std::uint64_t>(n * 4, std::uint64_t{1} << 20));
  Position pos(t.box.arity());
  std::uint64_t idx = 0;
  do {
    if ((idx & 4095) == 4095) tick(4096);
    t.values[idx++] = rules.check(pos).empty() ? memo.value(pos) : kNoValue;
  } while (t.box.next(pos));
  return t;
}

}  // namespace grundy::core
