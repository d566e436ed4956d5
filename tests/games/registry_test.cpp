// Generic checks over every registered family and every transform (the guide's third layer,
// after GamesmanOne's Solver::Test): options are positions, the declared orders hold, the dense
// solver agrees with the memo solver and with an independent brute force, and disjunctive sums
// obey the Sprague-Grundy xor rule.
#include "games/registry.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>

#include "core/model/mex.hpp"
#include "core/solve/sum.hpp"
#include "support/transform_flag_cases.hpp"

using namespace grundy;
using core::Box;
using core::Evaluation;
using core::Game;
using core::Position;

namespace {

struct Variant {
  std::string label;
  std::string flags;
};

const std::vector<Variant>& variants() {
  static const std::vector<Variant> v = {
      {"plain", ""},
      {"pass", " --pass"},
      {"passes2", " --passes 2"},
      {"pass_from_terminal", " --pass --pass-from-terminal"},
      {"forbid", " --forbid 'total % 3 == 2'"},
      {"forbid_pass", " --forbid 'total % 4 == 1' --pass"},
  };
  return v;
}

// A box of roughly `target` cells with the same extent on every free coordinate.
Box small_box(const Game& g, int target) {
  const auto names = g.coordinate_names();
  const int n = g.arity();
  const bool pass = names.back() == "p";
  const int free = pass ? n - 1 : n;
  int side = 1;
  while (true) {
    double cells = 1;
    for (int i = 0; i < free; ++i) cells *= side + 1;
    if (cells > target) break;
    ++side;
  }
  // A take-and-break heap reaches every multiset of smaller heaps: its positions (solved whole
  // with a pass or a forbidden set) multiply with its size, so its heaps stay small.
  if (g.variable_arity()) side = std::min(side, 12);
  Position e(n);
  for (int i = 0; i < n; ++i) e[i] = side;
  if (pass) e[n - 1] = 3;
  return g.reach_box(Box(e));  // clamps the pass counter to 0..K
}

bool lex_less(const Position& a, const Position& b) {
  for (int i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return a[i] < b[i];
  return false;
}

// The obvious recursive definition of G, memoised in a std::map: nothing shared with the solvers.
core::Value brute_force(const Game& g, const Position& p, std::map<std::vector<std::int64_t>, core::Value>& memo) {
  const std::vector<std::int64_t> key(p.coords().begin(), p.coords().end());
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  std::vector<Position> opts;
  g.for_each_option(p, [&](const Position& o) { opts.push_back(o); });
  std::vector<core::Value> vals;
  for (const Position& o : opts) vals.push_back(brute_force(g, o, memo));
  return memo[key] = core::mex_naive(vals);
}

std::vector<std::pair<std::string, Game>> all_games() {
  std::vector<std::pair<std::string, Game>> out;
  for (const auto& fam : games::families())
    for (const auto& v : variants()) {
      // A sum's --pass is shared; its components are plain here.
      out.emplace_back(fam.name + "/" + v.label, games::make_game(games::parse_game_spec(fam.example + v.flags)));
    }
  return out;
}

}  // namespace

TEST(EveryFamily, HasAWorkingExampleAndCoordinateNames) {
  for (const auto& fam : games::families()) {
    const Game g = games::make_game(games::parse_game_spec(fam.example));
    EXPECT_EQ(static_cast<int>(g.coordinate_names().size()), g.arity()) << fam.name;
    EXPECT_FALSE(fam.summary.empty()) << fam.name;
  }
}

TEST(EveryFamily, OptionsAreLegalAndOrdersHold) {
  for (const auto& [label, g] : all_games()) {
    const Box box = small_box(g, 400);
    Position p(box.arity());
    do {
      if (!g.check(p).empty()) continue;
      g.for_each_option(p, [&, &label = label, &g = g](const Position& o) {
        ASSERT_EQ(g.check_reached(o), "") << label << ": option " << core::to_string(o) << " of " << core::to_string(p);
        if (g.has_rank()) {
          ASSERT_LT(g.rank(o), g.rank(p)) << label << " at " << core::to_string(p);
        }
        if (g.options_precede()) {
          ASSERT_TRUE(lex_less(o, p)) << label << " at " << core::to_string(p);
        }
        if (!g.variable_arity()) {  // else the option is a position of another length
          ASSERT_TRUE(g.reach_box(box).contains(o)) << label << ": reach box misses " << core::to_string(o);
        }
      });
    } while (box.next(p));
  }
}

TEST(EveryFamily, DenseAgreesWithMemoAndBruteForce) {
  for (const auto& [label, g] : all_games()) {
    const Box box = small_box(g, 600);
    for (Evaluation e : {Evaluation::Grundy, Evaluation::NormalOutcome, Evaluation::MisereOutcome}) {
      const auto table = g.solve_dense(box, e);
      auto memo = g.make_solver(e);
      std::map<std::vector<std::int64_t>, core::Value> bf;
      Position p(box.arity());
      do {
        if (!g.check(p).empty()) {
          EXPECT_EQ(table.at(p), core::kNoValue) << label;
          continue;
        }
        ASSERT_EQ(table.at(p), memo->value(p)) << label << " at " << core::to_string(p);
        if (e == Evaluation::Grundy) {
          ASSERT_EQ(table.at(p), brute_force(g, p, bf)) << label << " at " << core::to_string(p);
        }
        if (e == Evaluation::NormalOutcome) {  // P under normal play <=> Grundy value 0 (Theorem 1)
          ASSERT_EQ(table.at(p) == 0, brute_force(g, p, bf) == 0) << label << " at " << core::to_string(p);
        }
      } while (box.next(p));
    }
  }
}

// Every family's fast path (where it has one) against the generic sweep, its slow twin.
TEST(EveryFamily, FastPathsAgreeWithGenericSweep) {
  for (const auto& [label, g] : all_games()) {
    const Box box = small_box(g, 5000);
    for (Evaluation e : {Evaluation::Grundy, Evaluation::NormalOutcome, Evaluation::MisereOutcome}) {
      const auto fast = g.solve_dense(box, e);
      const auto slow = g.solve_dense_generic(box, e);
      ASSERT_EQ(fast.box, slow.box) << label;
      for (std::uint64_t i = 0; i < slow.values.size(); ++i)
        ASSERT_EQ(fast.values[i], slow.values[i]) << label << " at " << core::to_string(slow.box.at(i));
    }
  }
}

TEST(EveryFamily, RandomSumsAreXorOfComponents) {
  std::mt19937 rng(2026);
  const auto games_list = all_games();
  for (int trial = 0; trial < 40; ++trial) {
    const auto& [la, a] = games_list[rng() % games_list.size()];
    const auto& [lb, b] = games_list[rng() % games_list.size()];
    if (a.arity() + b.arity() > 6) continue;
    if (a.variable_arity() || b.variable_arity()) {  // a sum refuses them (octal_test.cpp)
      EXPECT_THROW((core::Sum<Game, Game>(a, b)), runtime::UserError) << la << " + " << lb;
      continue;
    }
    core::Sum<Game, Game> sum(a, b);
    const Game s = Game::of(sum);
    auto sa = a.make_solver(), sb = b.make_solver(), ss = s.make_solver();
    // Small components: a sum of two 2-D games of ~200 cells each has ~40000 positions per pass
    // layer for the memo solvers, which made this the slowest test once the chess pieces came.
    const Box ba = small_box(a, 60), bb = small_box(b, 60);
    for (int k = 0; k < 20; ++k) {
      Position pa = ba.at(rng() % ba.count()), pb = bb.at(rng() % bb.count());
      if (!a.check(pa).empty() || !b.check(pb).empty()) continue;
      Position ps = pa;
      for (int i = 0; i < pb.size(); ++i) ps.push_back(pb[i]);
      ASSERT_EQ(ss->value(ps), sa->value(pa) ^ sb->value(pb)) << la << " + " << lb << " at " << core::to_string(ps);
    }
  }
}

TEST(Registry, UnknownFamilyAndParameterAreNamed) {
  try {
    games::make_game(games::parse_game_spec("nmi"));
    FAIL();
  } catch (const runtime::UserError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown game family 'nmi'"), std::string::npos) << e.what();
  }
  try {
    games::make_game(games::parse_game_spec("nim -p heap=3"));
    FAIL();
  } catch (const runtime::UserError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown parameter 'heap'; allowed: heaps"), std::string::npos) << e.what();
  }
  EXPECT_THROW(games::make_game(games::parse_game_spec("nim -p heaps=0")), runtime::UserError);
  EXPECT_THROW(games::make_game(games::parse_game_spec("subtraction")), runtime::UserError);
  EXPECT_THROW(games::make_game(games::parse_game_spec("subtraction -p set=1,1")), runtime::UserError);
  EXPECT_THROW(games::make_game(games::parse_game_spec("subtraction -p set=0,2")), runtime::UserError);
  EXPECT_THROW(games::make_game(games::parse_game_spec("nim --forbid 'x +'")), runtime::UserError);
}

// The transform flags of a GAME string (a sum component, the explorer's game=) are refused as the
// CLI refuses them, with the same line: one rule, games::make_game_spec, for both readers (the
// same cases run through the binary in tests/cli/game_spec_cli_test.cpp).
TEST(Registry, GameSpecStringRefusesTheTransformsTheCliRefuses) {
  for (const auto& c : transform_flag_cases()) {
    try {
      (void)games::parse_game_spec("nim -p heaps=1 " + c.flags);
      ADD_FAILURE() << c.flags << ": accepted";
    } catch (const runtime::UserError& e) {
      EXPECT_EQ(std::string(e.what()), c.message) << c.flags;
    }
  }
  // What it accepts it reads as the CLI does.
  const games::GameSpec s = games::parse_game_spec("nim -p heaps=1 --passes 3 --pass-from-terminal --forbid 'x == 2'");
  EXPECT_EQ(s.transforms.passes, 3);
  EXPECT_TRUE(s.transforms.pass_from_terminal);
  EXPECT_EQ(s.transforms.forbid, "x == 2");
  EXPECT_EQ(games::parse_game_spec("nim --pass").transforms.passes, 1);
}
