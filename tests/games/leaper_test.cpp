// Unit tests of src/games/leaper.hpp and leaper_solver.hpp: the chess pieces' rules, the exact
// termination check of user-given leapers, the reach box, and the fast rank sweep against the
// generic dense solver (its slow twin).
#include "games/leaper.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "core/solve/dense_solver.hpp"
#include "games/leaper_solver.hpp"
#include "games/registry.hpp"
#include "transforms/with_pass.hpp"

using namespace grundy;
using core::Box;
using core::Evaluation;
using core::Position;
using games::Leaper;
using games::Move;

namespace {

std::vector<std::pair<std::int64_t, std::int64_t>> options(const auto& rules, Position p) {
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  rules.for_each_option(p, [&](const Position& o) { out.emplace_back(o[0], o[1]); });
  std::sort(out.begin(), out.end());
  return out;
}

using Pairs = std::vector<std::pair<std::int64_t, std::int64_t>>;

}  // namespace

// The paper's rule 2): (m-2,n-1), (m-1,n-2), (m-2,n+1), (m+1,n-2), each kept only if both
// coordinates are >= 0.
TEST(Knight, OptionsFollowThePaper) {
  const Leaper knight("knight", games::knight_moves());
  EXPECT_EQ(options(knight, {5, 5}), (Pairs{{3, 4}, {3, 6}, {4, 3}, {6, 3}}));
  EXPECT_EQ(options(knight, {2, 0}), (Pairs{{0, 1}}));  // (0,-1), (1,-2), (3,-2) leave the board
  EXPECT_EQ(options(knight, {0, 2}), (Pairs{{1, 0}}));
  EXPECT_EQ(options(knight, {1, 2}), (Pairs{{0, 0}, {2, 0}}));
  EXPECT_EQ(knight.w1(), 1);
  EXPECT_EQ(knight.w2(), 1);
  EXPECT_FALSE(knight.options_precede());
  EXPECT_NE(knight.check(Position{-1, 0}).find("negative"), std::string::npos);
}

// The winner moves the knight to a corner (0,0), (1,0), (0,1), (1,1): exactly the positions with
// no move, so the game is normal play.
TEST(Knight, TerminalPositionsAreTheFourCorners) {
  const Leaper knight("knight", games::knight_moves());
  std::set<std::pair<std::int64_t, std::int64_t>> terminal;
  for (std::int64_t m = 0; m < 40; ++m)
    for (std::int64_t n = 0; n < 40; ++n)
      if (options(knight, {m, n}).empty()) terminal.insert({m, n});
  EXPECT_EQ(terminal, (std::set<std::pair<std::int64_t, std::int64_t>>{{0, 0}, {0, 1}, {1, 0}, {1, 1}}));
}

TEST(Chess, QueenRookKingOptions) {
  const games::Slider queen("queen", {{-1, 0}, {0, -1}, {-1, -1}});
  const games::Slider rook("rook", {{-1, 0}, {0, -1}});
  const Leaper king("king", {{-1, 0}, {0, -1}, {-1, -1}});
  EXPECT_EQ(options(queen, {2, 1}), (Pairs{{0, 1}, {1, 0}, {1, 1}, {2, 0}}));
  EXPECT_EQ(options(rook, {2, 1}), (Pairs{{0, 1}, {1, 1}, {2, 0}}));
  EXPECT_EQ(options(king, {2, 1}), (Pairs{{1, 0}, {1, 1}, {2, 0}}));
  EXPECT_TRUE(king.options_precede());
  EXPECT_EQ(king.reach_box(Box(Position{7, 9})), Box(Position{7, 9}));
  EXPECT_THROW(games::Slider("bad", {{1, -1}}), runtime::EngineError);
}

// Corner the king: P iff m and n are both even. From (even, even) every move makes a coordinate
// odd; from any other square one step (left, down or diagonal) makes both even.
TEST(Chess, KingPPositionsAreBothEven) {
  const Leaper king("king", {{-1, 0}, {0, -1}, {-1, -1}});
  const auto t = games::solve_leaper(king, Box(Position{30, 30}));
  for (std::int64_t m = 0; m < 30; ++m)
    for (std::int64_t n = 0; n < 30; ++n) EXPECT_EQ(t.at({m, n}) == 0, m % 2 == 0 && n % 2 == 0) << m << "," << n;
}

TEST(Termination, AcceptedListsGetWeightsThatLowerTheRank) {
  struct Case {
    std::vector<Move> moves;
    std::int64_t w1, w2;
  };
  const std::vector<Case> cases = {
      {games::knight_moves(), 1, 1},         // t in (1/2, 2)
      {{{1, -2}, {-2, 1}}, 1, 1},            // the brief's example
      {{{-1, 0}, {0, -1}, {-1, -1}}, 1, 1},  // the king: t in (0, inf)
      {{{3, -1}, {-1, 0}}, 1, 4},            // t > 3
      {{{1, -3}, {-1, 2}}, 5, 2},            // t in (1/3, 1/2): simplest 2/5
      {{{-3, 1}, {0, -1}}, 1, 1},            // t in (0, 3)
      {{{-1000, 1}, {1, -1000}}, 1, 1},
  };
  for (const auto& c : cases) {
    const games::Termination t = games::check_termination(c.moves);
    ASSERT_TRUE(t.terminates) << games::to_string(c.moves[0]);
    EXPECT_EQ(t.w1, c.w1) << games::to_string(c.moves[0]);
    EXPECT_EQ(t.w2, c.w2) << games::to_string(c.moves[0]);
    for (const Move& mv : c.moves) EXPECT_LE(t.w1 * mv.dm + t.w2 * mv.dn, -1);
  }
}

TEST(Termination, RejectedListsNameARepeatableCycle) {
  struct Case {
    std::vector<Move> moves;
    std::string reason;
  };
  const std::vector<Case> cases = {
      {{{1, -1}, {-1, 1}}, "1 x 1:-1 and 1 x -1:1 net (0,0)"},
      {{{0, 0}}, "the move 0:0 lowers neither"},
      {{{-1, -1}, {1, 0}}, "the move 1:0 lowers neither"},
      {{{-1, -1}, {0, 1}}, "the move 0:1 lowers neither"},
      {{{2, -1}, {-1, 1}}, "1 x 2:-1 and 1 x -1:1 net (1,0)"},
      {{{2, -1}, {-1, 2}}, "2 x 2:-1 and 1 x -1:2 net (3,0)"},
      {{{-2, -1}, {2, -2}, {-2, 2}}, "1 x 2:-2 and 1 x -2:2 net (0,0)"},
  };
  for (const auto& c : cases) {
    const games::Termination t = games::check_termination(c.moves);
    EXPECT_FALSE(t.terminates) << c.reason;
    EXPECT_NE(t.reason.find(c.reason), std::string::npos) << t.reason;
  }
}

// Every certificate checked on random move lists: accepted lists get weights that lower the rank
// along every move (so play ends); rejected ones get a combination of moves with both net
// components >= 0, which the test replays as a cycle 50 times from a far position, staying on
// the board (so play need not end).
TEST(Termination, CertificatesHoldOnRandomMoveLists) {
  std::mt19937 rng(7);
  int accepted = 0, rejected = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::vector<Move> moves;
    const int k = 1 + static_cast<int>(rng() % 4);
    while (static_cast<int>(moves.size()) < k) {
      const Move mv{static_cast<std::int64_t>(rng() % 9) - 5, static_cast<std::int64_t>(rng() % 9) - 5};
      if (std::find(moves.begin(), moves.end(), mv) == moves.end()) moves.push_back(mv);
    }
    const games::Termination t = games::check_termination(moves);
    if (t.terminates) {
      ++accepted;
      ASSERT_GE(t.w1, 1);
      ASSERT_GE(t.w2, 1);
      for (const Move& mv : moves) ASSERT_LE(t.w1 * mv.dm + t.w2 * mv.dn, -1);
    } else {
      ++rejected;
      ASSERT_GE(t.times_a, 1);
      std::vector<Move> cycle(static_cast<std::size_t>(t.times_a), moves[t.a]);
      for (std::int64_t i = 0; i < t.times_b; ++i) cycle.push_back(moves[t.b]);
      std::int64_t m = 1000, n = 1000;
      for (int round = 0; round < 50; ++round)
        for (const Move& mv : cycle) {
          m += mv.dm;
          n += mv.dn;
          ASSERT_GE(m, 0);
          ASSERT_GE(n, 0);
        }
      ASSERT_GE(m, 1000);
      ASSERT_GE(n, 1000);
    }
  }
  EXPECT_GT(accepted, 100);
  EXPECT_GT(rejected, 100);
}

TEST(Termination, FamilyRefusesWithOneLine) {
  try {
    games::make_game(games::parse_game_spec("leaper -p moves=1:-1,-1:1"));
    FAIL();
  } catch (const runtime::UserError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("-p moves=1:-1,-1:1: play need not end"), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos);
  }
  EXPECT_NO_THROW(games::make_game(games::parse_game_spec("leaper -p moves=1:-2,-2:1")));
  EXPECT_THROW(games::make_game(games::parse_game_spec("leaper -p moves=1:-2,1:-2")), runtime::UserError);
  EXPECT_THROW(games::make_game(games::parse_game_spec("leaper -p moves=1-2")), runtime::UserError);
  EXPECT_THROW(games::make_game(games::parse_game_spec("leaper -p moves=1:x")), runtime::UserError);
  EXPECT_THROW(games::make_game(games::parse_game_spec("leaper -p moves=5000:-1")), runtime::UserError);
  EXPECT_THROW(games::make_game(games::parse_game_spec("leaper -p moves=")), runtime::UserError);
  EXPECT_THROW(games::make_game(games::parse_game_spec("leaper")), runtime::UserError);
  EXPECT_EQ(games::make_game(games::parse_game_spec("leaper -p moves=-2:1,1:-2")).name(), "leaper(moves=-2:1,1:-2)");
}

// The reach box holds every position reachable from the box (breadth-first search), and for the
// knight it is tight: (N1-1, N2-1) reaches m = N1-1 + floor((N2-1)/2) by repeating (m+1, n-2).
TEST(Leaper, ReachBoxHoldsEverythingReachable) {
  const std::vector<std::vector<Move>> lists = {
      games::knight_moves(), {{3, -1}, {-1, 0}}, {{1, -3}, {-1, 2}}, {{-3, 1}, {0, -1}}, {{-1, 0}, {0, -1}, {-1, -1}}};
  for (const auto& moves : lists) {
    const Leaper l("l", moves);
    for (const Box& box : {Box(Position{5, 7}), Box(Position{9, 4}), Box(Position{1, 1})}) {
      const Box reach = l.reach_box(box);
      std::set<std::pair<std::int64_t, std::int64_t>> seen;
      std::vector<Position> todo;
      Position p(2);
      do todo.push_back(p);
      while (box.next(p));
      std::int64_t max_m = 0, max_n = 0;
      while (!todo.empty()) {
        const Position q = todo.back();
        todo.pop_back();
        if (!seen.insert({q[0], q[1]}).second) continue;
        ASSERT_TRUE(reach.contains(q)) << l.name() << " " << core::to_string(q) << " " << reach.to_string();
        max_m = std::max(max_m, q[0]);
        max_n = std::max(max_n, q[1]);
        l.for_each_option(q, [&](const Position& o) { todo.push_back(o); });
      }
      if (moves == games::knight_moves()) {
        EXPECT_EQ(reach.extent(0), max_m + 1) << box.to_string();
        EXPECT_EQ(reach.extent(1), max_n + 1) << box.to_string();
      }
    }
  }
}

// The fast sweep against its slow twin, core::solve_dense, on every cell of the reach box
// (including the far cells both leave unsolved), for all three evaluations.
TEST(LeaperSolver, AgreesWithGenericDenseSolver) {
  std::vector<std::vector<Move>> lists = {games::knight_moves(),        {{-1, 0}, {0, -1}, {-1, -1}},
                                          {{3, -1}, {-1, 0}},           {{1, -3}, {-1, 2}},
                                          {{-3, 1}, {0, -1}, {-2, -2}}, {{2, -3}, {-3, 2}, {-1, -1}, {-4, 0}}};
  std::mt19937 rng(11);
  while (lists.size() < 30) {  // random accepted lists
    std::vector<Move> moves;
    const int k = 1 + static_cast<int>(rng() % 5);
    while (static_cast<int>(moves.size()) < k) {
      const Move mv{static_cast<std::int64_t>(rng() % 9) - 5, static_cast<std::int64_t>(rng() % 9) - 5};
      if (std::find(moves.begin(), moves.end(), mv) == moves.end()) moves.push_back(mv);
    }
    if (games::check_termination(moves).terminates) lists.push_back(moves);
  }
  for (const auto& moves : lists) {
    const Leaper l("l", moves);
    for (const Box& box : {Box(Position{13, 13}), Box(Position{6, 17}), Box(Position{1, 4})}) {
      for (Evaluation e : {Evaluation::Grundy, Evaluation::NormalOutcome, Evaluation::MisereOutcome}) {
        const auto fast = games::solve_leaper(l, box, e);
        const auto slow = core::solve_dense(l, box, e);
        ASSERT_EQ(fast.box, slow.box);
        ASSERT_EQ(fast.values, slow.values) << games::to_string(moves[0]) << " box " << box.to_string();
        // Ranks split between three threads (uneven shares, ranks shorter than three cells).
        ASSERT_EQ(games::solve_leaper(l, box, e, 3).values, slow.values) << games::to_string(moves[0]);
        Position p(2);
        do ASSERT_NE(fast.at(p), core::kNoValue) << core::to_string(p);  // the requested box is all solved
        while (box.next(p));
      }
    }
  }
}

// Through the runtime Game the knight uses the fast sweep; with a pass the generic solver.
TEST(LeaperSolver, GameUsesTheSweepAndPassStillWorks) {
  const auto knight = games::make_game(games::parse_game_spec("knight"));
  const Leaper l("knight", games::knight_moves());
  EXPECT_EQ(knight.solve_dense(Box(Position{20, 20})).values, core::solve_dense(l, Box(Position{20, 20})).values);
  const auto with_pass = games::make_game(games::parse_game_spec("knight --pass"));
  const auto t = with_pass.solve_dense(Box(Position{12, 12, 2}));
  const transforms::WithPass<Leaper> wp(l);
  core::MemoSolver<transforms::WithPass<Leaper>> memo(wp);
  Position p(3);
  const Box box(Position{12, 12, 2});
  do ASSERT_EQ(t.at(p), memo.value(p)) << core::to_string(p);
  while (box.next(p));
}

// The band sweep in a world of one: one band, the whole reach box, the same bytes
// as solve_leaper. Several ranks: tests/mpi, the table file of one to four ranks.
TEST(LeaperSolver, TheBandSweepAgreesCellForCell) {
  const std::vector<std::vector<Move>> lists = {
      games::knight_moves(), {{-1, 0}, {0, -1}, {-1, -1}}, {{1, -3}, {-1, 2}}, {{-9, 1}, {2, -9}}};
  for (const auto& moves : lists)
    for (const Box& box : {Box(Position{40, 40}), Box(Position{7, 90}), Box(Position{1, 1})}) {
      const Leaper l("l", moves);
      const core::DenseTable one = games::solve_leaper(l, box);
      const core::BandTable bands = games::solve_leaper_bands(runtime::World{}, l, box);
      EXPECT_EQ(bands.layout.X * bands.layout.Y, one.box.count());
      ASSERT_EQ(bands.values.size(), one.values.size());
      std::size_t differ = 0;
      for (std::size_t i = 0; i < one.values.size(); ++i) differ += one.values[i] != bands.values[i] ? 1 : 0;
      EXPECT_EQ(differ, 0u) << games::to_string(moves[0]) << " over " << box.to_string();
    }
}

// One band a rank, none narrower than a move is long (a band's neighbours are then the only
// bands its moves reach): rows 0..25 of a leaper moving 9 rows make at most two bands.
TEST(LeaperSolver, BandsAreNoNarrowerThanAMove) {
  const Leaper far("far", {{-9, 1}, {2, -9}});
  const Box box(Position{20, 30});
  ASSERT_EQ(far.reach_box(box).extent(0), 26);
  const core::BandLayout b = games::leaper_band_layout(far, box, 4, 3);
  EXPECT_EQ(b.bands(), 2u);
  EXPECT_EQ(b.B, 13u);
  EXPECT_EQ(b.local_rows(), 0u);  // rank 3 waits for the others
  const core::BandLayout knight = games::leaper_band_layout(Leaper("knight", games::knight_moves()), box, 4, 1);
  EXPECT_EQ(knight.bands(), 4u);
  EXPECT_EQ(knight.B, (knight.X + 3) / 4);
}
