#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/model/ruleset.hpp"

namespace grundy::games {

using core::Position;

class Params;

// The subtraction game on one heap x: a move removes s stones for some s in the finite set S
// (the subtraction paper's {2, 4n, 4n+2}; {1, 2, 3} is the classic period-4 example).
class Subtraction {
 public:
  // `set` must be non-empty, positive and free of repeats; the registry checks it for users.
  explicit Subtraction(std::vector<std::int64_t> set);

  const std::vector<std::int64_t>& set() const { return set_; }
  std::int64_t max_move() const { return set_.back(); }

  int arity() const { return 1; }
  std::vector<std::string> coordinate_names() const { return {"x"}; }
  std::string name() const;
  std::string check(const Position& pos) const;

  template <class Sink>
  void for_each_option(const Position& pos, Sink&& sink) const {
    for (std::int64_t s : set_) {
      if (s > pos[0]) break;  // set_ is sorted
      sink(Position{pos[0] - s});
    }
  }

  std::int64_t rank(const Position& pos) const { return pos[0]; }
  bool options_precede() const { return true; }

 private:
  std::vector<std::int64_t> set_;
};

// A one-heap subtraction game with K shared passes (p = the passes left), in either pass
// convention: what its fast sweep, its proven period and the reverse-mex check take.
struct SubtractionGame {
  Subtraction game;
  int passes = 0;
  bool pass_from_terminal = false;
};

// The ruleset the `subtraction` family's parameters name (-p set=...), checked as for the
// registry: distinct integers 1..2^40. Commands that need the ruleset itself (reverse-mex) use it.
Subtraction subtraction_from_params(const Params& params);

}  // namespace grundy::games
