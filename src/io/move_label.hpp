#pragma once

#include <string>
#include <vector>

#include "core/position.hpp"

namespace grundy::io {

// "x 5 -> 2" for each coordinate a move changes; "pass" for a move that only spends a pass
// (the last coordinate, when the game has passes). Shared by `play` and the web API.
std::string move_label(const std::vector<std::string>& names, const core::Position& from, const core::Position& to,
                       bool pass);

}  // namespace grundy::io
