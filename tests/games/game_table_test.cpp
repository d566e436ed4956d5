// Tables of a family's games (`-p board=mxn`, `-p graph=path:n`): each cell against the game it
// names, against the published values and against a take-and-break game it equals; the sizes'
// letters parsed; what a table cannot do refused in one line.
#include "games/game_table.hpp"

#include <gtest/gtest.h>

#include <map>

#include "core/solve/solve.hpp"
#include "games/registry.hpp"
#include "runtime/errors.hpp"
#include "support/golden_rows.hpp"
#include "support/user_error.hpp"

using namespace grundy;
using core::Position;

namespace {

core::Game game_of(const std::string& spec) {
  return games::make_game(games::parse_game_spec(spec, games::SpecOf::WholeGame));
}

core::DenseTable table_of(const std::string& spec, const core::Box& box,
                          core::Evaluation e = core::Evaluation::Grundy) {
  return game_of(spec).route(box, e).run();
}

}  // namespace

TEST(SizePattern, LettersWhereSizesGo) {
  EXPECT_FALSE(games::size_pattern("5x9"));
  EXPECT_FALSE(games::size_pattern("path:20"));
  EXPECT_FALSE(games::size_pattern("..#/..."));
  const auto board = games::size_pattern("mxn");
  ASSERT_TRUE(board);
  EXPECT_EQ(board->letters, (std::vector<std::string>{"m", "n"}));
  EXPECT_EQ(board->at(Position{3, 4}), "3x4");
  const auto grid = games::size_pattern("grid:3xn");
  ASSERT_TRUE(grid);
  EXPECT_EQ(grid->letters, std::vector<std::string>{"n"});
  EXPECT_EQ(grid->at(Position{7}), "grid:3x7");
  EXPECT_EQ(games::size_pattern("cycle:n")->at(Position{12}), "cycle:12");
  EXPECT_EQ(games::size_pattern("nxm")->letters, (std::vector<std::string>{"n", "m"}));
  EXPECT_THROW(games::size_pattern("nxn"), runtime::UserError);
}

// Every published Cram board below 4 x 7 (data/golden/boards/cram.tsv), cell by cell.
TEST(GameTable, CramBoardsEqualThePublishedValues) {
  std::map<std::pair<int, int>, core::Value> published;
  for (const auto& r : golden_rows("boards/cram.tsv"))
    if (r[2] != "?") published[{std::stoi(r[0]), std::stoi(r[1])}] = static_cast<core::Value>(std::stoul(r[2]));
  const core::Box box(Position{5, 7});
  const core::DenseTable t = table_of("cram -p board=mxn", box);
  int checked = 0;
  Position p(2);
  do {
    const auto m = static_cast<int>(p[0]), n = static_cast<int>(p[1]);
    if (m == 0 || n == 0) {
      EXPECT_EQ(t.at(p), 0u) << "the empty board";
      continue;  // to the loop's condition: the next cell
    }
    const auto it = published.find({std::min(m, n), std::max(m, n)});
    if (it == published.end()) continue;
    EXPECT_EQ(t.at(p), it->second) << m << " x " << n;
    ++checked;
  } while (box.next(p));
  EXPECT_GE(checked, 20);
}

// Node Kayles on paths is Dawson's chess, octal 0.137; on cycles, taking a vertex of C_n leaves
// the path of n - 3, so G(C_n) = mex{G(P_{n-3})} (n >= 3).
TEST(GameTable, NodeKaylesOnPathsAndCycles) {
  const core::DenseTable paths = table_of("node-kayles -p graph=path:n", core::Box(Position{60}));
  const core::Game dawson = game_of("octal -p code=0.137");
  auto solver = dawson.fast_solver(core::Evaluation::Grundy, std::uint64_t{1} << 28);
  ASSERT_NE(solver, nullptr);
  for (std::int64_t n = 0; n < 60; ++n) EXPECT_EQ(paths.at(Position{n}), solver->value(Position{n})) << n;
  const core::DenseTable cycles = table_of("node-kayles -p graph=cycle:n", core::Box(Position{40}));
  EXPECT_EQ(cycles.at(Position{0}), 0u);
  EXPECT_EQ(cycles.at(Position{1}), core::kNoValue) << "no cycle of one vertex: not a position";
  EXPECT_EQ(cycles.at(Position{2}), core::kNoValue);
  for (std::int64_t n = 3; n < 40; ++n)
    EXPECT_EQ(cycles.at(Position{n}), paths.at(Position{n - 3}) == 0 ? 1u : 0u) << n;
}

// A cell's value is the value of the game it names, by `value` (the family's search from the
// start) and under misere play by the memo solver of that game.
TEST(GameTable, ACellIsTheGameItNames) {
  const core::Game t = game_of("arc-kayles -p graph=grid:mxn");
  auto solver = t.fast_solver(core::Evaluation::Grundy, std::uint64_t{1} << 28);
  ASSERT_NE(solver, nullptr);
  for (int m = 1; m <= 3; ++m)
    for (int n = 1; n <= 4; ++n) {
      const core::Game g = game_of("arc-kayles -p graph=grid:" + std::to_string(m) + "x" + std::to_string(n));
      auto memo = g.make_solver();
      EXPECT_EQ(solver->value(Position{m, n}), memo->value(*g.start_position())) << m << " x " << n;
    }
  const core::DenseTable misere =
      table_of("cram -p board=mxn --misere", core::Box(Position{3, 4}), core::Evaluation::MisereOutcome);
  for (int m = 1; m < 3; ++m)
    for (int n = 1; n < 4; ++n) {
      const core::Game g = game_of("cram -p board=" + std::to_string(m) + "x" + std::to_string(n));
      auto memo = g.make_solver(core::Evaluation::MisereOutcome);
      EXPECT_EQ(misere.at(Position{m, n}), memo->value(*g.start_position())) << m << " x " << n;
    }
  EXPECT_EQ(misere.at(Position{0, 2}), 1u) << "the empty board: no move, a win under misere play";
}

TEST(GameTable, WhatATableCannotDoIsRefusedInOneLine) {
  EXPECT_NE(user_error_of([] { game_of("cram -p board=mxn --pass"); }).find("a transform acts on one game"),
            std::string::npos);
  EXPECT_NE(user_error_of([] {
              game_of("cram -p board=mxn").for_each_option(Position{2, 3}, [](const Position&) {});
            }).find("is a table of games"),
            std::string::npos);
  EXPECT_NE(user_error_of([] {
              table_of("cram -p board=mxn", core::Box(Position{13, 13}));
            }).find("its largest cell"),
            std::string::npos);
  EXPECT_NE(user_error_of([] { game_of("cram -p board=nxn"); }).find("written twice"), std::string::npos);
}
