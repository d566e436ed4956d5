#pragma once

#include <string>
#include <vector>

#include "core/model/position.hpp"
#include "core/model/ruleset.hpp"

namespace grundy::io {

// "x 5 -> 2" for each coordinate a move changes; "pass" for a move that only spends a pass of
// the pass counter p ("pass p1" for a sum component's own counter p1). Shared by `play` and
// the web API.
std::string move_label(const std::vector<std::string>& names, const std::vector<core::CoordinateRange>& ranges,
                       const core::Position& from, const core::Position& to);

}  // namespace grundy::io
