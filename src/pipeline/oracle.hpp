#pragma once

// Values of single positions, one after another (`grundy value`, `moves`, `play`, a script's
// million questions on standard input), each by the fastest route that answers it: a proven
// closed form (core::Game::closed_form; for Grundy values, one of the P-positions answers those
// with 0); the family's own solver where it has one; the dense
// route over the box below the positions asked so far, grown when a position falls outside it
// (by half again at least, so a stream of questions costs a few solves, not one per question),
// memory-guarded; the memo solver for a game whose moves have no order. A disjunctive sum's
// Grundy values and normal outcomes are the xor of its components' values (Sprague-Grundy),
// each by its own route; a component's table counts what the other one holds against the limit.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/solve/game.hpp"

namespace grundy::pipeline {

// The position's value by a closed form of the game (core::Game::closed_form), or for Grundy
// values G = 0 by a closed form of its P-positions (the queen's, Wythoff's); nothing else.
std::optional<core::ClosedForm> closed_value(const core::Game& game, const core::Position& p, core::Evaluation eval);

class ValueOracle {
 public:
  ValueOracle(core::Game game, core::Evaluation eval, std::uint64_t memory_limit);
  // A sum's components hold a pointer to the oracle that owns them.
  ValueOracle(const ValueOracle&) = delete;
  ValueOracle& operator=(const ValueOracle&) = delete;

  // The value (or outcome, 0 = P) of a position of the game, and of its options after it.
  core::Value value(const core::Position& p);
  core::Evaluation eval() const { return eval_; }
  // Which route answered the last value(): "closed form: Bouton, ...", "table of 4,194,304
  // positions (2-D line sweep)", "memo solver", or the family's own solver's (PositionSolver::route).
  const std::string& route() const { return route_; }
  // The family's search's table, when the family's own solver is a search.
  core::SearchTable* search_table() { return fast_ ? fast_->search_table() : nullptr; }

 private:
  core::Game game_;
  core::Evaluation eval_;
  std::uint64_t limit_;
  core::DenseTable table_;
  std::unique_ptr<core::PositionSolver> fast_;  // the family's own (core::Game::fast_solver)
  std::unique_ptr<core::PositionSolver> memo_;
  std::unique_ptr<ValueOracle> parts_[2];  // a sum's components (core::Game::sum_components)
  const ValueOracle* owner_ = nullptr;     // the sum this is a component of
  // The bytes of the tables this oracle holds, and those the rest of its sum holds.
  std::uint64_t held() const;
  std::uint64_t held_elsewhere() const;
  std::string route_, table_route_;
};

}  // namespace grundy::pipeline
