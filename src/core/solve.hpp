#pragma once

#include <cstdint>

#include "core/game.hpp"

namespace grundy::core {

// Solves every cell of `requested` (grown to the game's reach box) after checking that the
// estimated memory fits `memory_limit`: the one entry point the CLI and server use for tables.
DenseTable solve_guarded(const Game& game, const Box& requested, Evaluation eval, std::uint64_t memory_limit);

// The box [0, p_i] around one position: every position reachable from it, for rulesets whose
// moves stay inside the reach box of that.
Box box_below(const Position& p);

}  // namespace grundy::core
