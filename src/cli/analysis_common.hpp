#pragma once

// What the analysis commands (seq, structure, check, discover) and `value` share: the box a
// --size asks for, which coordinate is the pass counter, and the one-heap subtraction game
// behind a GAME when there is one (so its period can be proven).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/periodicity.hpp"
#include "cli/game_options.hpp"

namespace grundy::cli {

// Every coordinate over 0..size-1, the pass counter over 0..K.
core::Box size_box(const core::Game& game, const GameOptions& o, std::int64_t size);

// The index of the pass counter (the last coordinate), or -1 without a pass.
int pass_coordinate(const core::Game& game, const GameOptions& o);

// Which coordinates `total` sums in formulas: all but the pass counter.
std::vector<bool> total_coordinates(const core::Game& game, const GameOptions& o);

// "x,y,z in 0..7, p in 0..1".
std::string box_text(const std::vector<std::string>& names, const core::Box& box);

// The subtraction ruleset with its passes, when the GAME is `subtraction` without --forbid or
// --misere (parameters checked as for any command); nothing otherwise.
std::optional<analysis::SubtractionSeq> subtraction_seq(const GameOptions& o);

}  // namespace grundy::cli
