// Cram, Node Kayles and Arc Kayles: the published values (data/golden/boards/), the families
// against each other and against take-and-break games they are, and the search with each of its
// techniques off against the plain memo solver, its slow twin.
#include "games/vertex_game.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <random>

#include "games/registry.hpp"
#include "runtime/errors.hpp"
#include "support/golden_rows.hpp"
#include "support/user_error.hpp"

using namespace grundy;
using core::Position;

namespace {

// The rows of data/golden/boards/<name>.
std::vector<std::vector<std::string>> golden(const std::string& name) { return golden_rows("boards/" + name); }

core::Game game_of(const std::string& spec) { return games::make_game(games::parse_game_spec(spec)); }

// The value of a game's whole board or graph by the family's own solver (the search).
core::Value start_value(const core::Game& g) {
  auto s = g.fast_solver(core::Evaluation::Grundy, std::uint64_t{1} << 30);
  EXPECT_NE(s, nullptr);
  return s->value(*g.start_position());
}

games::VertexGame vertex_game(const std::string& family, const std::string& text) {
  auto g = std::make_shared<const games::Graph>(family == "cram" ? games::parse_board(text) : games::parse_graph(text));
  return games::VertexGame(g, family == "node-kayles" ? games::VertexRule::Node : games::VertexRule::Arc, family);
}

// Up to `count` positions reachable from the start by random moves, the start among them.
std::vector<Position> random_positions(const core::Game& g, int count, std::mt19937& rng) {
  std::vector<Position> out;
  for (int i = 0; i < count; ++i) {
    Position p = *g.start_position();
    const int moves = static_cast<int>(rng() % 5);
    for (int m = 0; m < moves; ++m) {
      std::vector<Position> opts;
      g.for_each_option(p, [&](const Position& o) { opts.push_back(o); });
      if (opts.empty()) break;
      p = opts[rng() % opts.size()];
    }
    out.push_back(p);
  }
  return out;
}

}  // namespace

// Every board of data/golden/boards/cram.tsv small enough for a unit test (24 squares, and the
// strips of one row to 70 squares); the larger ones are bench jobs and long runs.
TEST(Cram, PublishedBoardsSmallEnoughForATest) {
  int checked = 0;
  for (const auto& r : golden("cram.tsv")) {
    const int rows = std::stoi(r[0]), cols = std::stoi(r[1]);
    if (r[2] == "?" || (rows > 1 && rows * cols > 24)) continue;
    const core::Game g = game_of("cram -p board=" + r[0] + "x" + r[1]);
    EXPECT_EQ(start_value(g), static_cast<core::Value>(std::stoi(r[2]))) << r[0] << "x" << r[1] << " (" << r[3] << ")";
    ++checked;
  }
  EXPECT_GE(checked, 90);
}

// A board and its transpose are the same game; a board of one row is Dawson's Kayles (0.07).
TEST(Cram, TransposedBoardsAndStripsAgree) {
  for (int r = 1; r <= 4; ++r)
    for (int c = 1; c * r <= 20; ++c)
      EXPECT_EQ(start_value(game_of("cram -p board=" + std::to_string(r) + "x" + std::to_string(c))),
                start_value(game_of("cram -p board=" + std::to_string(c) + "x" + std::to_string(r))))
          << r << "x" << c;
  auto dawson = game_of("octal -p code=0.07").fast_solver(core::Evaluation::Grundy, std::uint64_t{1} << 28);
  for (int n = 1; n <= 126; ++n)
    EXPECT_EQ(start_value(game_of("cram -p board=1x" + std::to_string(n))), dawson->value(Position{n})) << n;
}

// Node Kayles on a path is Dawson's chess (OEIS A316632's comment): the values of 0.137 for every
// path of 0..1000 vertices, each the prefix 0..n-1 of one path of 1000 so that one search serves.
TEST(NodeKayles, PathsAreDawsonsChessToAThousand) {
  const core::Game path = game_of("node-kayles -p graph=path:1000");
  auto search = path.fast_solver(core::Evaluation::Grundy, std::uint64_t{1} << 30);
  auto chess = game_of("octal -p code=0.137").fast_solver(core::Evaluation::Grundy, std::uint64_t{1} << 28);
  for (int n = 0; n <= 1000; ++n) {
    const Position p = path.parse_position(n == 0 ? "none" : "0-" + std::to_string(n - 1));
    ASSERT_EQ(search->value(p), chess->value(Position{n})) << "path of " << n;
  }
}

TEST(NodeKayles, PublishedGraphs) {
  int checked = 0;
  for (const auto& r : golden("node_kayles.tsv")) {
    const core::Game g = game_of("node-kayles -p graph=" + r[0]);
    EXPECT_EQ(start_value(g), static_cast<core::Value>(std::stoi(r[1]))) << r[0].substr(0, 40) << " (" << r[2] << ")";
    ++checked;
  }
  EXPECT_GE(checked, 40);
}

// A cycle's every move leaves the path of three vertices fewer.
TEST(NodeKayles, CyclesFollowFromPaths) {
  auto chess = game_of("octal -p code=0.137").fast_solver(core::Evaluation::Grundy, std::uint64_t{1} << 28);
  for (int n = 3; n <= 60; ++n)
    EXPECT_EQ(start_value(game_of("node-kayles -p graph=cycle:" + std::to_string(n))),
              chess->value(Position{n - 3}) == 0 ? 1u : 0u)
        << n;
}

// Arc Kayles on a path takes two adjacent vertices: Dawson's Kayles, as Cram on a strip.
TEST(ArcKayles, PathsAreDawsonsKayles) {
  auto dawson = game_of("octal -p code=0.07").fast_solver(core::Evaluation::Grundy, std::uint64_t{1} << 28);
  for (int n = 0; n <= 120; ++n)
    EXPECT_EQ(start_value(game_of("arc-kayles -p graph=path:" + std::to_string(n))), dawson->value(Position{n})) << n;
  // The grid graph under Arc Kayles has Cram's moves; only the symmetries used differ.
  for (const char* d : {"2x5", "3x4", "3x5", "4x4"})
    EXPECT_EQ(start_value(game_of(std::string("arc-kayles -p graph=grid:") + d)),
              start_value(game_of(std::string("cram -p board=") + d)))
        << d;
}

// The slow twin: every combination of the four techniques, and a table of one bucket, against the
// plain memoised mex over the same positions (core::MemoSolver), on boards with holes and graphs
// of every kind.
TEST(VertexSearch, EveryTechniqueAgainstThePlainMemo) {
  std::mt19937 rng(37);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"cram", "4x4"},
      {"cram", ".#.../...../..#../....#"},
      {"cram", "3x5"},
      {"node-kayles", "grid:3x4"},
      {"node-kayles", "g6:IheA@GUAo"},  // the Petersen graph
      {"node-kayles", "edges:0-1,1-2,2-3,3-0,3-4,4-5,5-6,6-4,6-7,7-8,8-9,9-10,10-11,11-12"},
      {"arc-kayles", "grid:3x4"},
      {"arc-kayles", "cycle:13"},
      {"arc-kayles", "complete:6"},
  };
  for (const auto& [family, text] : cases) {
    const games::VertexGame vg = vertex_game(family, text);
    const core::Game g = core::Game::of(vg);
    auto memo = g.make_solver();
    for (const Position& p : random_positions(g, 12, rng)) {
      const core::Value slow = memo->value(p);
      for (int mask = 0; mask < 16; ++mask) {
        // Without a table nothing is remembered: the search is a tree, kept to small positions.
        if ((mask & 8) == 0 && vg.rank(p) > 12) continue;
        const core::SearchTechniques t{(mask & 1) != 0, (mask & 2) != 0, (mask & 4) != 0, (mask & 8) != 0};
        ASSERT_EQ(games::search_value(vg, p, t, std::uint64_t{1} << 24).value, slow)
            << family << " " << text << " at " << vg.text(p) << " with techniques " << mask;
      }
      ASSERT_EQ(games::search_value(vg, p, {}, core::SearchTable::kMinBytes).value, slow)
          << family << " " << text << " at " << vg.text(p) << " in a table of one bucket";
    }
  }
}

// The search on two threads (the options of a component of 20 squares or more shared out, one
// table for both) against one thread, with a table of 64 buckets too (accesses contended, most
// stores evictions).
TEST(VertexSearch, TwoThreadsAgreeWithOne) {
  std::mt19937 rng(39);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"cram", "4x5"}, {"cram", "..#../...../...../....."}, {"node-kayles", "grid:5x5"}, {"arc-kayles", "grid:4x5"}};
  for (const auto& [family, text] : cases) {
    const games::VertexGame vg = vertex_game(family, text);
    const core::Game g = core::Game::of(vg);
    for (const Position& p : random_positions(g, 3, rng)) {
      const core::Value one = games::search_value(vg, p, {}, std::uint64_t{1} << 24, 1).value;
      EXPECT_EQ(games::search_value(vg, p, {}, std::uint64_t{1} << 24, 2).value, one) << family << " " << vg.text(p);
      EXPECT_EQ(games::search_value(vg, p, {}, core::SearchTable::kMinBytes * 64, 2).value, one)
          << family << " " << vg.text(p) << " in a table of 64 buckets";
    }
  }
}

// Two regions apart are a sum: the search's value of both is the xor of each alone, with and
// without decomposition (without it the xor is not built in).
TEST(VertexSearch, DisjointRegionsAreASum) {
  std::mt19937 rng(2026);
  const games::VertexGame vg = vertex_game("cram", "5x5");
  const core::Game g = core::Game::of(vg);
  for (int trial = 0; trial < 30; ++trial) {
    Position a = g.parse_position("...../...../#####/#####/#####"),
             b = g.parse_position("#####/#####/#####/...../.....");
    for (Position* p : {&a, &b}) {
      for (int i = 0; i < 2; ++i) {
        const int v = static_cast<int>(rng() % 25);
        (*p)[0] &= ~(std::int64_t{1} << v);
      }
    }
    Position both = a;
    both[0] |= b[0];
    for (bool decompose : {true, false}) {
      core::SearchTechniques t;
      t.decompose = decompose;
      const auto va = games::search_value(vg, a, t, 1 << 22).value, vb = games::search_value(vg, b, t, 1 << 22).value;
      EXPECT_EQ(games::search_value(vg, both, t, 1 << 22).value, va ^ vb) << vg.text(both);
    }
  }
}

TEST(VertexGames, PositionsReadAndWrittenAsTheFamilyWritesThem) {
  const core::Game cram = game_of("cram -p board=2x3");
  EXPECT_EQ(cram.position_text(*cram.start_position()), ".../...");
  EXPECT_EQ(cram.position_text(cram.parse_position("#../..#")), "#../..#");
  const core::Game holes = game_of("cram -p board=.#./...");
  EXPECT_EQ(holes.position_text(*holes.start_position()), ".#./...");
  const core::Game nk = game_of("node-kayles -p graph=path:12");
  EXPECT_EQ(nk.position_text(nk.parse_position("0-3,5,7-11")), "0-3,5,7-11");
  EXPECT_EQ(nk.position_text(nk.parse_position("none")), "none");
  EXPECT_EQ(nk.position_text(nk.parse_position("start")), "0-11");
}

// Bad boards, graphs and positions: one line naming what is wrong.
TEST(VertexGames, BadInputIsOneLineNamingTheFault) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"cram -p board=12x11", "132 squares; a board has at most 126"},
      {"cram -p board=../.", "row 2 has 1 squares, row 1 has 2"},
      {"cram -p board=..x/...", "row 1 has 'x'"},
      {"cram -p board=0x4", "board"},
      {"node-kayles -p graph=path:2000", "allowed 0..1008"},
      {"node-kayles -p graph=tree:5", "unknown kind 'tree'"},
      {"node-kayles -p graph=edges:0-1,1", "edge '1' is not of the form A-B"},
      {"node-kayles -p graph=edges:3-3", "a loop at vertex 3"},
      {"node-kayles -p graph=g6:I?", "has 9 characters, not 2"},
      {"arc-kayles -p graph=cycle:2", "allowed 3..1008"},
  };
  for (const auto& [spec, want] : cases) {
    const std::string got = user_error_of([&] { (void)game_of(spec); });
    EXPECT_NE(got.find(want), std::string::npos) << spec << ": " << got;
    EXPECT_EQ(got.find('\n'), std::string::npos) << spec;
  }
  const core::Game cram = game_of("cram -p board=.#./...");
  EXPECT_NE(user_error_of([&] { (void)cram.parse_position("..../..."); }).find("2 rows of 3"), std::string::npos);
  EXPECT_NE(user_error_of([&] { (void)cram.parse_position(".#./.#./..."); }).find("2 rows of 3"), std::string::npos);
  EXPECT_NE(user_error_of([&] { (void)cram.parse_position(".#./.x."); }).find("'x' in row 2"), std::string::npos);
  EXPECT_NE(user_error_of([&] { (void)cram.parse_position(".../..."); }).find("square (1, 2) is not on the board"),
            std::string::npos);
  const core::Game nk = game_of("node-kayles -p graph=path:5");
  EXPECT_NE(user_error_of([&] { (void)nk.parse_position("0-7"); }).find("allowed"), std::string::npos);
}
