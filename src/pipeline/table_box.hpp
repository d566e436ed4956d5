#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/box.hpp"
#include "core/game.hpp"

namespace grundy::pipeline {

// The box a table is computed over, shared by `grundy table`, `grundy ppos` and the explorer's
// /api/table so that they show the same cells: every coordinate over 0..size-1, the pass counter
// over 0..K, and a coordinate pinned with c=v over 0..v, which holds every position reachable
// from it.
struct TableBox {
  core::Box box;
  core::Position pinned;  // -1 where not pinned
};

// How the caller spells the pins in its messages: "--fix" (the CLI, "--fix c=v") or "fix" (the
// server's query parameter, "fix=c=v"), and the largest value a pin may take.
struct FixSyntax {
  std::string name;
  std::int64_t max_value;
};

// The box for `size` and the pins "c=v" (each coordinate pinned at most once); a UserError
// naming the pin otherwise.
TableBox make_table_box(const core::Game& game, int passes, std::int64_t size, const std::vector<std::string>& fixes,
                        const FixSyntax& syntax);

// The one or two free coordinates a table shows (rows, then columns). With a pass and more than
// two free coordinates the pass counter is pinned at K, the papers' main case (all passes
// left); any other count of free coordinates is a UserError.
std::vector<int> table_axes(const core::Game& game, int passes, TableBox& req, const FixSyntax& syntax);

}  // namespace grundy::pipeline
