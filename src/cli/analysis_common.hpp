#pragma once

// What the analysis commands (seq, structure, check, discover) and `value` share: the one-heap
// subtraction game behind a GAME when there is one (so its period can be proven). Their boxes
// come from the pipeline (pipeline/table_box.hpp).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/periodicity.hpp"
#include "cli/game_options.hpp"

namespace grundy::cli {

// The subtraction ruleset with its passes, when the GAME is `subtraction` without --forbid or
// --misere (parameters checked as for any command); nothing otherwise.
std::optional<analysis::SubtractionSeq> subtraction_seq(const GameOptions& o);

}  // namespace grundy::cli
