#pragma once

// A family's games side by side: the value of each one from its start, indexed by its size.
// Cram's boards m x n (`-p board=mxn`), Node Kayles on the paths of n vertices
// (`-p graph=path:n`), on grids 3 x n (`-p graph=grid:3xn`): where a size is written as a letter,
// the spec names the whole sequence or table, and its positions are the sizes. `table`, `seq`
// (whose period is then observed on the table), `ppos`, `value 3,4` and the explorer's table take
// it as any box; each cell is its own game, searched from its start, cells shared out among the
// threads. A cell has no options (its game's moves are on the board, not between sizes): `moves`
// and the analyses that follow moves say so.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/solve/game.hpp"
#include "games/registry.hpp"

namespace grundy::games {

struct GameTableSpec {
  std::string name;                      // "cram(board=mxn)"
  std::vector<std::string> coordinates;  // the letters, in the order written: {"m", "n"}
  // The game of a cell with its start, or nothing for the empty game (a size 0: no moves,
  // worth 0); a UserError naming the fault for a cell that is no game of the family (a cycle of
  // 2 vertices, a board of more squares than a position holds): such a cell is no position of
  // the table, and the largest cell of a box must be one.
  std::function<std::optional<core::Game>(const core::Position&)> member;
};

// The spec's letters replaced by a cell's sizes: "grid:mxn" at (3, 4) is "grid:3x4". The letters
// `m` and `n` stand where a size goes (after the last ':', between the 'x's); nothing when the
// text has none, so that it names one game.
struct SizePattern {
  std::string text;
  std::vector<std::string> letters;
  std::string at(const core::Position& p) const;
};
std::optional<SizePattern> size_pattern(const std::string& text);

class GameTable {
 public:
  explicit GameTable(GameTableSpec spec) : s_(std::make_shared<const GameTableSpec>(std::move(spec))) {}

  int arity() const { return static_cast<int>(s_->coordinates.size()); }
  std::vector<std::string> coordinate_names() const { return s_->coordinates; }
  std::string name() const { return s_->name; }
  std::string check(const core::Position& p) const;
  template <class Sink>
  void for_each_option(const core::Position& p, Sink&&) const {
    refuse_options(p);
  }
  // Every cell of the box, each game searched from its start, cells shared out among the
  // threads, the largest first; the searches' tables share kSearchBytes.
  core::SolveRoute route(const core::Box& b, core::Evaluation e) const;

  // The value (or outcome) of one cell.
  core::Value value(const core::Position& p, core::Evaluation e, std::uint64_t memory_limit) const;

  // What a table's searches may hold at once (each table grows to its share only as it fills).
  static constexpr std::uint64_t kSearchBytes = std::uint64_t{256} << 20;

 private:
  [[noreturn]] void refuse_options(const core::Position& p) const;
  // put(i, value of cells[i]) for each cell (kNoValue, not a position, for one that is no game
  // of the family),
  // the cells shared out among the threads, the largest first; put is called under a lock.
  void solve_cells(const std::vector<core::Position>& cells, core::Evaluation e,
                   const std::function<void(std::size_t, core::Value)>& put) const;

  std::shared_ptr<const GameTableSpec> s_;
};

// The hook core::Game finds by argument-dependent lookup: `value` of a cell.
std::unique_ptr<core::PositionSolver> fast_position_solver(const GameTable& t, core::Evaluation eval,
                                                           std::uint64_t memory_limit);

// The table of a family's games when its parameter `param` = `text` writes a size as a letter
// (`game` builds one game from the text with the sizes written in), else nothing. A table takes
// misere play (each cell's outcome) but no pass or forbidden set: those act on one game.
std::optional<core::Game> game_table_of(const std::string& family, const std::string& param, const std::string& text,
                                        const Transforms& t, std::function<core::Game(const std::string&)> game);

}  // namespace grundy::games
