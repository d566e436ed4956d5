#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/model/mex.hpp"
#include "core/model/outcome.hpp"
#include "core/model/position.hpp"
#include "core/model/ruleset.hpp"
#include "runtime/errors.hpp"
#include "runtime/progress.hpp"

namespace grundy::core {

// What a solver computes for each position: its Grundy value, or only its outcome class
// under normal or misere play (stored as 0 = P, 1 = N).
enum class Evaluation : std::uint8_t { Grundy, NormalOutcome, MisereOutcome };

// The memory budget of the memo solver, in positions: `max_positions` stands for
// max_positions * kMemoBytesPerPosition bytes, which cover a position's hash-map node (the
// position, its value, the chain pointer and the cached hash, rounded up by malloc), its
// bucket, and a frame of the explicit stack. The solver counts what it holds against that
// budget as it grows, the stack and the rehashes included, so the budget holds whatever the
// game's shape.
inline constexpr std::uint64_t kMemoBytesPerPosition = 192 + sizeof(Position) + 16;

// The generic solver: any ruleset, any position, values memoised in a hash map. Iterative
// (an explicit stack, no recursion), so a game with a billion-move line does not overflow the
// call stack; a cycle, which a finite game cannot have, is detected and reported instead of
// looping (a UserError: the ruleset, which a user may have written, is at fault). It is the
// slow, obviously correct twin every fast solver is tested against.
template <Ruleset R>
class MemoSolver {
  struct Frame {
    Position pos;
    bool expanded;
    std::uint64_t options;  // counted when it was expanded
  };

 public:
  explicit MemoSolver(const R& rules, Evaluation eval = Evaluation::Grundy,
                      std::uint64_t max_positions = std::uint64_t{1} << 26)
      : rules_(rules), eval_(eval), max_positions_(max_positions) {}

  Value value(const Position& root) {
    if (auto it = memo_.find(root); it != memo_.end() && it->second != kInProgress) return it->second;
    std::vector<Frame> stack;
    try {
      solve(stack, root);
    } catch (...) {
      // A stop or a refusal half-way leaves the positions of the stack unsolved: they leave the
      // memo with it, so that a later call solves them instead of taking them for a cycle.
      for (const Frame& f : stack)
        if (auto it = memo_.find(f.pos); it != memo_.end() && it->second == kInProgress) memo_.erase(it);
      throw;
    }
    return memo_.at(root);
  }

  Outcome outcome(const Position& p) {
    const Value v = value(p);
    return v == 0 ? Outcome::P : Outcome::N;
  }

  std::size_t positions_solved() const { return memo_.size(); }

 private:
  void solve(std::vector<Frame>& stack, const Position& root) {
    push(stack, root, root);
    while (!stack.empty()) {
      Frame& top = stack.back();
      if (!top.expanded) {
        auto [it, fresh] = memo_.try_emplace(top.pos, kInProgress);
        if (!fresh) {  // reached twice before being solved: already done by an earlier frame
          if (it->second == kInProgress)
            throw runtime::UserError("game " + rules_.name() + " is not finite: a move sequence returns to " +
                                     to_string(top.pos));
          stack.pop_back();
          continue;
        }
        if (memo_.size() > max_positions_ || held(stack.capacity()) > budget()) throw too_large(root);
        if ((memo_.size() & 65535) == 0) runtime::tick(65536);
        top.expanded = true;
        const Position pos = top.pos;  // `top` may dangle once children are pushed
        const std::size_t at = stack.size() - 1;
        std::uint64_t count = 0;
        rules_.for_each_option(pos, [&](const Position& opt) {
          poll_();  // a position may have millions of options
          ++count;
          auto found = memo_.find(opt);
          if (found == memo_.end())
            push(stack, opt, root);
          else if (found->second == kInProgress)
            throw runtime::UserError("game " + rules_.name() + " is not finite: a move from " + to_string(pos) +
                                     " returns to " + to_string(opt));
        });
        stack[at].options = count;
        continue;
      }
      memo_[top.pos] = evaluate(top.pos, top.options);
      stack.pop_back();
    }
  }

  static constexpr Value kInProgress = kNoValue - 1;
  // A node of memo_ as malloc hands it out: the position and value, the chain pointer and the
  // cached hash, plus malloc's header, in 16-byte steps.
  static constexpr std::uint64_t kNodeBytes = (sizeof(Position) + sizeof(Value) + 2 * sizeof(void*) + 8 + 15) / 16 * 16;

  std::uint64_t budget() const { return max_positions_ * kMemoBytesPerPosition; }
  // What the solver holds with a stack of `frames` capacity: the nodes; the buckets twice (a
  // rehash holds the old array and the new one); the stack's buffer.
  std::uint64_t held(std::size_t frames) const {
    return memo_.size() * kNodeBytes + 2 * memo_.bucket_count() * sizeof(void*) + frames * sizeof(Frame);
  }
  // A frame on the stack, refused once the buffer's growth (the old buffer and the new one,
  // twice its size) would pass the budget: a position with many options pushes them all.
  void push(std::vector<Frame>& stack, const Position& p, const Position& root) {
    if (stack.size() == stack.capacity()) {
      const std::size_t grown = std::max<std::size_t>(16, 2 * stack.capacity());
      if (held(stack.capacity() + grown) > budget()) throw too_large(root);
      stack.reserve(grown);
    }
    stack.push_back({p, false, 0});
  }
  runtime::TooLarge too_large(const Position& root) const {
    return runtime::TooLarge("the memo solver would need more than " + std::to_string(max_positions_) + " positions (" +
                             std::to_string(budget() >> 20) + " MiB) for " + rules_.name() + " at " + to_string(root) +
                             ", the most its memory limit allows; raise it with --max-memory");
  }

  // Every option is solved when its parent frame is revisited (they were pushed above it),
  // unless the ruleset answered differently the second time it was asked: a ruleset whose
  // options depend on more than the position (a Python ruleset with state) is named, not
  // solved wrong.
  [[noreturn]] void changed(const Position& pos, const std::string& how) const {
    throw runtime::UserError(rules_.name() + ": the options of (" + to_string(pos) + ") changed between two calls (" +
                             how + "); options must depend on the position alone");
  }
  Value solved(const Position& pos, const Position& opt) const {
    const auto it = memo_.find(opt);
    if (it == memo_.end() || it->second == kInProgress) changed(pos, "(" + to_string(opt) + ") is new");
    return it->second;
  }

  Value evaluate(const Position& pos, std::uint64_t expected) {
    std::uint64_t count = 0;
    bool any_p = false;
    mex_.clear();
    rules_.for_each_option(pos, [&](const Position& opt) {
      ++count;
      const Value v = solved(pos, opt);
      if (eval_ == Evaluation::Grundy) mex_.add(v);
      any_p = any_p || v == 0;
    });
    if (count != expected) changed(pos, std::to_string(expected) + " options, then " + std::to_string(count));
    if (eval_ == Evaluation::Grundy) return mex_.mex();
    if (count == 0) return eval_ == Evaluation::NormalOutcome ? 0 : 1;
    return any_p ? 1 : 0;
  }

  const R& rules_;
  Evaluation eval_;
  std::uint64_t max_positions_;
  std::unordered_map<Position, Value, PositionHash> memo_;
  MexBuffer mex_;
  runtime::StopPoll poll_;
};

}  // namespace grundy::core
