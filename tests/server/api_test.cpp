// The explorer's JSON API, called directly: the same answers and refusals as the CLI.
#include "server/api.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <optional>

#include "games/registry.hpp"
#include "runtime/errors.hpp"
#include "support/transform_flag_cases.hpp"

using namespace grundy;

namespace {

// The one-line message a call of the API throws, or "" if it answers.
std::string error_of(server::ApiResponse (*api)(const server::Query&), const server::Query& q) {
  try {
    api(q);
  } catch (const runtime::UserError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(WebApi, GamesListsTheRegistry) {
  const auto r = server::api_games();
  EXPECT_EQ(r.status, 200);
  const auto j = nlohmann::json::parse(r.body);
  bool nim = false;
  for (const auto& f : j) nim = nim || f["name"] == "nim";
  EXPECT_TRUE(nim) << r.body;
}

TEST(WebApi, TableIsTheCliTable) {
  // Table 2 of the chocolate paper, 3x3 corner, with the pass available.
  const auto r = server::api_table({{"game", "nim -p heaps=2 --pass"}, {"size", "3"}});
  ASSERT_EQ(r.status, 200) << r.body;
  const auto j = nlohmann::json::parse(r.body);
  EXPECT_EQ(j["values"], nlohmann::json::parse("[[0,2,1],[2,1,0],[1,0,2]]"));
  EXPECT_EQ(j["fixed"]["p"], 1);
  const auto csv = server::api_table({{"game", "nim -p heaps=2"}, {"size", "2"}, {"format", "csv"}});
  EXPECT_EQ(csv.body, "x,y,grundy,outcome\n0,0,0,P\n0,1,1,N\n1,0,1,N\n1,1,0,P\n");
  EXPECT_EQ(csv.content_type, "text/csv");
  const auto png = server::api_table({{"game", "nim -p heaps=2"}, {"size", "5"}, {"format", "png"}});
  EXPECT_EQ(png.body.substr(0, 4), "\x89PNG");
  const auto pinned = server::api_table({{"game", "nim -p heaps=3"}, {"size", "3"}, {"fix", "z=2"}});
  EXPECT_EQ(nlohmann::json::parse(pinned.body)["values"], nlohmann::json::parse("[[2,3,0],[3,2,1],[0,1,2]]"));
}

TEST(WebApi, AnalysesAreTheClisAndRefuseWhatItWouldNotCompute) {
  // Kayles: the period proven by the octal periodicity theorem, as `grundy seq` says.
  auto r = server::api_analysis({{"kind", "seq"}, {"game", "octal -p code=0.77"}, {"size", "100"}});
  ASSERT_EQ(r.status, 200) << r.body;
  auto j = nlohmann::json::parse(r.body);
  EXPECT_EQ(j["status"], "proven");
  EXPECT_EQ(j["preperiod"], 71);
  EXPECT_EQ(j["period"], 12);
  r = server::api_analysis({{"kind", "check"}, {"game", "nim -p heaps=2"}, {"size", "16"}, {"ppos", "x == y"}});
  j = nlohmann::json::parse(r.body);
  EXPECT_EQ(j["holds"], true);
  EXPECT_EQ(j["checked"], 256);
  // The misère quotient of 0.75 (R8), and one line for a game it does not cover.
  r = server::api_analysis({{"kind", "quotient"}, {"game", "octal -p code=0.75"}, {"size", "12"}});
  ASSERT_EQ(r.status, 200) << r.body;
  j = nlohmann::json::parse(r.body);
  EXPECT_EQ(j["order"], 8);
  EXPECT_EQ(j["relations"], nlohmann::json::parse(R"([["a^2","1"],["b^3","b"],["bc","ab"],["c^2","b^2"]])"));
  EXPECT_EQ(error_of(server::api_analysis, {{"kind", "quotient"}, {"game", "nim -p heaps=2"}, {"size", "8"}})
                .rfind("quotient: nim(heaps=2): the misere quotient covers heap games", 0),
            0u);
  EXPECT_EQ(error_of(server::api_analysis, {{"kind", "plot"}, {"game", "nim"}, {"size", "3"}}),
            "kind = 'plot': allowed seq, structure, check, discover, quotient");
  EXPECT_EQ(
      error_of(server::api_analysis, {{"kind", "structure"}, {"game", "nim -p heaps=2 --pass"}, {"size", "4096"}}),
      "size = 4096: 33554432 cells to compute; the explorer computes at most 4194304 (use `grundy table` or "
      "`grundy moves` for larger ones)");
  EXPECT_EQ(error_of(server::api_analysis, {{"kind", "check"}, {"game", "nim -p heaps=2"}, {"size", "4"}}),
            "check: give exactly one of --formula EXPR and --ppos EXPR");
}

TEST(WebApi, MovesOfAChocolateBarCarryItsColumns) {
  const auto r = server::api_moves({{"game", "chocolate2 -p h=z/2 --pass"}, {"position", "3,7,1"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(nlohmann::json::parse(r.body)["heights"], nlohmann::json::parse("[[1,1,2,2,3,3,4,4]]"));
  const auto bar = server::api_moves({{"game", "chocolate -p F=(x+z)/3"}, {"position", "2,1,3"}});
  // min(F(u,w), 1) + 1 for u <= 2, w <= 3: F = (u + w)/3.
  EXPECT_EQ(nlohmann::json::parse(bar.body)["heights"], nlohmann::json::parse("[[1,1,1,2],[1,1,2,2],[1,2,2,2]]"));
  EXPECT_FALSE(
      nlohmann::json::parse(server::api_moves({{"game", "nim"}, {"position", "1,2,3"}}).body).contains("heights"));
}

TEST(WebApi, MovesMarkTheWinningPass) {
  const auto r = server::api_moves({{"game", "nim -p heaps=2 --pass"}, {"position", "1,1,1"}});
  ASSERT_EQ(r.status, 200) << r.body;
  const auto j = nlohmann::json::parse(r.body);
  EXPECT_EQ(j["grundy"], 1);
  ASSERT_EQ(j["moves"].size(), 3u);
  EXPECT_EQ(j["moves"][2]["label"], "pass");
  EXPECT_EQ(j["moves"][2]["winning"], true);
  EXPECT_EQ(j["pass"], true);
}

TEST(WebApi, MovesOfTheKnightLeaveTheBoxBelow) {
  // (3,3) -> (1,4) and (4,1) lie outside [0,3]x[0,3]: values come from the reach box.
  const auto j = nlohmann::json::parse(server::api_moves({{"game", "knight"}, {"position", "3,3"}}).body);
  EXPECT_EQ(j["grundy"], 1);
  ASSERT_EQ(j["moves"].size(), 4u);
  EXPECT_EQ(j["moves"][2]["position"], nlohmann::json::parse("[1,4]"));
  EXPECT_EQ(j["moves"][2]["grundy"], 0);
}

// The explorer's moves take every family `grundy value` takes: a small position of each family's
// example (the first of its box 0..4 with a move), and take-and-break games, whose moves have
// no order (a move may leave more heaps), by their value sequence.
TEST(WebApi, MovesTakeEveryFamily) {
  for (const auto& f : games::families()) {
    const core::Game g = games::make_game(games::parse_game_spec(f.example));
    core::Position p(g.arity());
    const core::Box box(core::Position(std::vector<std::int64_t>(static_cast<std::size_t>(g.arity()), 5)));
    std::optional<core::Position> chosen;
    do {
      bool any = false;
      if (g.check(p).empty()) g.for_each_option(p, [&](const core::Position&) { any = true; });
      if (any) chosen = p;
    } while (!chosen && box.next(p));
    ASSERT_TRUE(chosen) << f.name;
    const auto r = server::api_moves({{"game", f.example}, {"position", core::to_string(*chosen)}});
    EXPECT_EQ(r.status, 200) << f.name << ": " << r.body;
  }
  // Kayles: G(5) = 4 (OEIS A002186), and a move is marked winning exactly when it leaves G = 0.
  const auto j = nlohmann::json::parse(server::api_moves({{"game", "octal -p code=0.77"}, {"position", "5"}}).body);
  EXPECT_EQ(j["grundy"], 4);
  EXPECT_FALSE(j["moves"].empty());
  for (const auto& m : j["moves"]) EXPECT_EQ(m["winning"], m["grundy"] == 0) << m;
  const auto misere =
      server::api_moves({{"game", "octal -p code=0.77 -p heaps=2"}, {"position", "3,4"}, {"misere", "1"}});
  EXPECT_EQ(misere.status, 200) << misere.body;
}

TEST(WebApi, BadInputIsAUserError) {
  EXPECT_THROW(server::api_table({{"game", "nim -p heaps=x"}, {"size", "3"}}), runtime::UserError);
  EXPECT_THROW(server::api_table({{"game", "nim -p heaps=2"}}), runtime::UserError);
  EXPECT_THROW(server::api_table({{"game", "nim -p heaps=2"}, {"size", "4096"}}), runtime::UserError);
  EXPECT_THROW(server::api_table({{"game", "nim -p heaps=3"}, {"size", "4"}}), runtime::UserError);
  EXPECT_THROW(server::api_moves({{"game", "nim -p heaps=2"}, {"position", "1,2,3"}}), runtime::UserError);
}

TEST(WebApi, UnknownParametersNameTheAllowedOnes) {
  EXPECT_EQ(error_of(server::api_table, {{"game", "nim -p heaps=2"}, {"size", "3"}, {"sise", "4"}}),
            "/api/table: unknown parameter 'sise'; allowed: game, size, fix, misere, format, download, job");
  EXPECT_EQ(error_of(server::api_moves, {{"game", "nim"}, {"position", "1,2,3"}, {"size", "4"}}),
            "/api/moves: unknown parameter 'size'; allowed: game, position, misere");
  EXPECT_EQ(error_of(server::api_games, {{"x", "1"}}), "/api/games: unknown parameter 'x'; it takes none");
}

TEST(WebApi, PinsAreTheCliPins) {
  EXPECT_EQ(error_of(server::api_table, {{"game", "nim -p heaps=3"}, {"size", "3"}, {"fix", "z=1,z=2"}}),
            "fix z given twice; pin each coordinate once");
  EXPECT_EQ(error_of(server::api_table, {{"game", "nim -p heaps=3"}, {"size", "3"}, {"fix", "w=1"}}),
            "fix 'w=1': expected c=v with c one of x, y, z");
  EXPECT_EQ(error_of(server::api_table, {{"game", "nim -p heaps=3"}, {"size", "3"}}),
            "table shows one or two coordinates; free: x, y, z; pin the others with fix=c=v");
  EXPECT_EQ(error_of(server::api_table, {{"game", "nim -p heaps=3"}, {"size", "3"}, {"fix", "z=1048577"}}),
            "fix z = '1048577': out of range; allowed 0..1048576");
}

// The cost of a request is known before anything is computed, and refused there.
TEST(WebApi, CostlyQueriesAreRefusedBeforeComputing) {
  // 10^9 positions.
  EXPECT_EQ(error_of(server::api_table, {{"game", "nim -p heaps=3"}, {"size", "1000"}, {"fix", "z=999"}}),
            "size = 1000: 1000000000 cells to compute; the explorer computes at most 4194304 (use `grundy table` "
            "or `grundy moves` for larger ones)");
  // A 300x300 table of this leaper needs a 299300x300 one: its move (1000,-1) goes far up.
  EXPECT_EQ(error_of(server::api_table, {{"game", "leaper -p moves=1000:-1,-1:0"}, {"size", "300"}}),
            "size = 300 (the 299300x300 positions its moves reach): 89790000 cells to compute; the explorer computes "
            "at most 4194304 (use `grundy table` or `grundy moves` for larger ones)");
  EXPECT_EQ(error_of(server::api_table, {{"game", "leaper -p moves=1000:-1,-1:0"}, {"size", "2"}}), "");
  // Moves: the number of moves listed, then (without a closed form) the box below the position
  // and its reach.
  EXPECT_EQ(error_of(server::api_moves, {{"game", "nim -p heaps=2 --pass"}, {"position", "3000,3000,1"}}),
            "position 3000,3000,1: 18012002 cells to compute; the explorer computes at most 4194304 (use `grundy "
            "table` or `grundy moves` for larger ones)");
  EXPECT_EQ(error_of(server::api_moves, {{"game", "nim -p heaps=2 --pass"}, {"position", "4611686018427387904,1,1"}}),
            "position 4611686018427387904,1,1: more than 65536 moves; the explorer lists at most that many (use "
            "`grundy moves`)");
  EXPECT_EQ(error_of(server::api_moves, {{"game", "queen"}, {"position", "4194303,0"}}),
            "position 4194303,0: more than 65536 moves; the explorer lists at most that many (use `grundy moves`)");
  // Nim, the rook and the knight by their closed forms: no table, however far out.
  EXPECT_EQ(error_of(server::api_moves, {{"game", "nim -p heaps=2"}, {"position", "3000,3000"}}), "");
  EXPECT_EQ(error_of(server::api_moves, {{"game", "knight"}, {"position", "1000000000,999999999"}}), "");
  // A long spec: every element of a subtraction set is an option of every position.
  std::string set = "1";
  for (int s = 2; s <= 400; ++s) set += "," + std::to_string(s);
  const std::string spec = "subtraction -p set=" + set;
  ASSERT_GT(spec.size(), 1000u);
  EXPECT_EQ(error_of(server::api_table, {{"game", spec}, {"size", "8"}}),
            "game: " + std::to_string(spec.size()) +
                " characters; the explorer reads specs of at most 1000 (use the CLI for longer ones)");
}

// game= is read by parse_game_spec: a transform set the CLI refuses is refused here with the
// CLI's line (tests/support/transform_flag_cases.hpp), never read as its last flag.
TEST(WebApi, GameSpecTransformsAreRefusedAsTheCliRefusesThem) {
  for (const auto& c : transform_flag_cases())
    EXPECT_EQ(error_of(server::api_table, {{"game", "nim -p heaps=1 " + c.flags}, {"size", "2"}}), c.message)
        << c.flags;
}
