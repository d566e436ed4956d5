#pragma once

// The whole pipeline of a 2-D table, as `grundy table` and the explorer's /api/table run it:
// game -> box (size, pins, pass counters at K) -> solved table (fastest route, memory-guarded,
// or a table file) -> the slice shown, ready for any formatter.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/solve/game.hpp"
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

// Where the slice lies in its solved table: cell (r, c) of the slice is the table's cell at
// `base` with coordinate `row` set to r and `col` to c (col -1: a one-coordinate slice). The
// table's box may be larger than the request (the knight's reach box).
struct SolvedSlice {
  core::DenseTable table;
  core::Position base;
  int row = 0;
  int col = -1;
  std::int64_t rows = 0, cols = 1;
};

// The solved table and the slice in it, without copying the slice out: what the Python module
// hands to numpy as a view. `copied`: the caller copies the slice out (table_slice), and the
// copy counts against the memory limit with the solve.
SolvedSlice solve_slice(const core::Game& game, const SliceRequest& request, bool copied);

// The slice, copied out; a UserError for bad pins, for a box too large for the memory limit, and for a
// slice that holds no position of the game (pins no position has, such as y above F).
io::Grid table_slice(const core::Game& game, const SliceRequest& request);

}  // namespace grundy::pipeline
