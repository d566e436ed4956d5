#pragma once

// The first step of the one pipeline every front end uses (CLI commands, the explorer's API):
// game -> box. The box of a request is built here and nowhere else, from the game's own
// coordinate ranges, so that a pass counter runs over 0..K whether it belongs to the game, to
// a component of a sum, or to both, and no command ever asks the solver for (or reads) a cell
// the game cannot hold.

#include <cstdint>
#include <string>
#include <vector>

#include "core/model/box.hpp"
#include "core/solve/game.hpp"

namespace grundy::pipeline {

// What --size asks for: "N" (every coordinate over 0..N-1) or "AxBx..." (one extent per
// coordinate that is not a pass counter, in order; a table with pins may give one per
// coordinate it shows instead). Pass counters always run over their range, 0..K.
struct Size {
  std::vector<std::int64_t> extents;
};

// "64" or "64x1024", each extent in 1..max; a UserError naming `flag` otherwise.
Size parse_size(const std::string& text, const std::string& flag, std::int64_t max);

// Every coordinate over its extent of `size`, cut to the range the game gives it.
core::Box size_box(const core::Game& game, const Size& size);

// A table's box: size_box with some coordinates pinned. A coordinate pinned at v runs over
// 0..v, which holds every position reachable from the pinned ones.
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

// The box for `size` and the pins "c=v" (each coordinate pinned at most once, inside the
// coordinate's range); a UserError naming the pin otherwise.
TableBox make_table_box(const core::Game& game, const Size& size, const std::vector<std::string>& fixes,
                        const FixSyntax& syntax);

// The one or two free coordinates a table shows (rows, then columns). While more than two are
// free, the last free pass counter is pinned at K, the papers' main case (all passes left);
// any other count of free coordinates is a UserError.
std::vector<int> table_axes(const core::Game& game, TableBox& req, const FixSyntax& syntax);

// The coordinates that count passes (WithPass's p, of the game or of a sum's components).
std::vector<int> pass_counters(const core::Game& game);

// Which coordinates `total` sums in formulas: all but the pass counters.
std::vector<bool> total_coordinates(const core::Game& game);

// "x,y,z in 0..7, p in 0..1".
std::string box_text(const std::vector<std::string>& names, const core::Box& box);

}  // namespace grundy::pipeline
