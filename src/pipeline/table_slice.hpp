#pragma once

// The whole pipeline of a 2-D table, as `grundy table` and the explorer's /api/table run it:
// game -> box (size, pins, pass counters at K) -> solved table (fastest route, memory-guarded,
// or a table file) -> the slice shown, ready for any formatter.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "io/format.hpp"
#include "pipeline/solve.hpp"
#include "pipeline/table_box.hpp"

namespace grundy::pipeline {

struct SliceRequest {
  Size size;
  std::vector<std::string> fixes;  // "c=v"
  FixSyntax syntax;
  core::Evaluation eval = core::Evaluation::Grundy;
  std::uint64_t memory_limit = 0;
  TableFiles files;
  // Called with the box before anything is solved: a front end's own limits (the explorer's
  // cap on cells) refuse there.
  std::function<void(const core::Box&)> check_box;
};

// The slice; a UserError for bad pins, for a box too large for the memory limit, and for a
// slice that holds no position of the game (pins no position has, such as y above F).
io::Grid table_slice(const core::Game& game, const SliceRequest& request);

}  // namespace grundy::pipeline
