#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/errors.hpp"
#include "core/mex.hpp"
#include "core/outcome.hpp"
#include "core/position.hpp"
#include "core/progress.hpp"
#include "core/ruleset.hpp"

namespace grundy::core {

// What a solver computes for each position: its Grundy value, or only its outcome class
// under normal or misere play (stored as 0 = P, 1 = N).
enum class Evaluation : std::uint8_t { Grundy, NormalOutcome, MisereOutcome };

// The generic solver: any ruleset, any position, values memoised in a hash map. Iterative
// (an explicit stack, no recursion), so a game with a billion-move line does not overflow the
// call stack; a cycle, which a finite game cannot have, is detected and reported instead of
// looping. It is the slow, obviously correct twin every fast solver is tested against.
template <Ruleset R>
class MemoSolver {
 public:
  explicit MemoSolver(const R& rules, Evaluation eval = Evaluation::Grundy,
                      std::uint64_t max_positions = std::uint64_t{1} << 26)
      : rules_(rules), eval_(eval), max_positions_(max_positions) {}

  Value value(const Position& root) {
    if (auto it = memo_.find(root); it != memo_.end() && it->second != kInProgress) return it->second;
    struct Frame {
      Position pos;
      bool expanded;
    };
    std::vector<Frame> stack{{root, false}};
    while (!stack.empty()) {
      Frame& top = stack.back();
      if (!top.expanded) {
        auto [it, fresh] = memo_.try_emplace(top.pos, kInProgress);
        if (!fresh) {  // reached twice before being solved: already done by an earlier frame
          if (it->second == kInProgress)
            throw EngineError("game " + rules_.name() + " is not finite: a move sequence returns to " +
                              to_string(top.pos));
          stack.pop_back();
          continue;
        }
        if (memo_.size() > max_positions_)
          throw TooLarge("the memo solver would need more than " + std::to_string(max_positions_) +
                         " positions for " + rules_.name() + " at " + to_string(root) +
                         ", the most its memory limit allows; raise it with --max-memory");
        if ((memo_.size() & 65535) == 0) tick(65536);
        top.expanded = true;
        const Position pos = top.pos;  // `top` may dangle once children are pushed
        rules_.for_each_option(pos, [&](const Position& opt) {
          auto found = memo_.find(opt);
          if (found == memo_.end())
            stack.push_back({opt, false});
          else if (found->second == kInProgress)
            throw EngineError("game " + rules_.name() + " is not finite: a move from " + to_string(pos) +
                              " returns to " + to_string(opt));
        });
        continue;
      }
      memo_[top.pos] = evaluate(top.pos);
      stack.pop_back();
    }
    return memo_.at(root);
  }

  Outcome outcome(const Position& p) {
    const Value v = value(p);
    return v == 0 ? Outcome::P : Outcome::N;
  }

  std::size_t positions_solved() const { return memo_.size(); }

 private:
  static constexpr Value kInProgress = kNoValue - 1;

  // Every option is solved when its parent frame is revisited (they were pushed above it).
  Value evaluate(const Position& pos) {
    if (eval_ == Evaluation::Grundy) {
      mex_.clear();
      rules_.for_each_option(pos, [&](const Position& opt) { mex_.add(memo_.at(opt)); });
      return mex_.mex();
    }
    bool any = false, any_p = false;
    rules_.for_each_option(pos, [&](const Position& opt) {
      any = true;
      any_p = any_p || memo_.at(opt) == 0;
    });
    if (!any) return eval_ == Evaluation::NormalOutcome ? 0 : 1;
    return any_p ? 1 : 0;
  }

  const R& rules_;
  Evaluation eval_;
  std::uint64_t max_positions_;
  std::unordered_map<Position, Value, PositionHash> memo_;
  MexBuffer mex_;
};

}  // namespace grundy::core
