#pragma once

#include <cstdint>

#include "core/solve/game.hpp"

namespace grundy::core {

// Solves every cell of `requested` (grown to the game's reach box) by the game's route, after
// checking that the route's estimated memory fits `memory_limit`: the one entry point the
// pipeline uses for tables.
// `after` is what the caller allocates once the table is solved (a slice to print, say): it
// counts against the limit too.
DenseTable solve_guarded(const Game& game, const Box& requested, Evaluation eval, std::uint64_t memory_limit,
                         std::uint64_t after = 0);

// The box [0, p_i] around one position: every position reachable from it, for rulesets whose
// moves stay inside the reach box of that.
Box box_below(const Position& p);

}  // namespace grundy::core
