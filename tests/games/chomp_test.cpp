// Chomp against the P-positions published for two, three and four rows
// (data/golden/boards/chomp.tsv says where each comes from).
#include "games/chomp.hpp"

#include <gtest/gtest.h>

#include "games/registry.hpp"

using namespace grundy;
using core::Position;

namespace {

core::Game game_of(const std::string& spec) { return games::make_game(games::parse_game_spec(spec)); }

}  // namespace

// Brouwer: 2-row Chomp's P-positions are those with a = b + 1.
TEST(Chomp, TwoRowsLosesExactlyOneLonger) {
  const core::Game g = game_of("chomp -p rows=2");
  const core::DenseTable t = g.solve_dense(core::Box(Position{61, 61}));
  for (int a = 1; a <= 60; ++a)
    for (int b = 0; b <= a; ++b) EXPECT_EQ(t.at(Position{a, b}) == 0, a == b + 1) << a << "," << b;
}

// Brouwer's 3-row P-positions for c = 0..5, every one with a <= 40 and no other.
TEST(Chomp, ThreeRowsHasThePublishedPPositions) {
  const core::Game g = game_of("chomp -p rows=3");
  const core::DenseTable t = g.solve_dense(core::Box(Position{41, 41, 6}));
  auto published = [](int a, int b, int c) {
    switch (c) {
      case 0:
        return a == b + 1;
      case 1:
        return (a == 3 && b == 1) || (a == 2 && b == 2);
      case 2:
        return a == b + 2;
      case 3:
        return (a == 6 && b == 3) || (a == 7 && b == 4) || (a == 5 && b == 5);
      case 4:
        return (a == 8 && b == 4) || (a == 9 && b == 5) || (a == 10 && b == 6) || (a == 7 && b == 7);
      default:
        return (a == 10 && b == 5) || (a == 9 && b == 6) || (b >= 7 && a == b + 4);
    }
  };
  int ps = 0;
  for (int c = 0; c <= 5; ++c)
    for (int b = c; b <= 40; ++b)
      for (int a = std::max(b, 1); a <= 40; ++a) {
        const bool p = t.at(Position{a, b, c}) == 0;
        EXPECT_EQ(p, published(a, b, c)) << a << "," << b << "," << c;
        ps += p;
      }
  EXPECT_GT(ps, 100);
}

// OEIS A395126: the first ten P-positions of 4-row Chomp in lexicographic order.
TEST(Chomp, FourRowsFirstTenPPositions) {
  const core::Game g = game_of("chomp -p rows=4");
  const core::DenseTable t = g.solve_dense(core::Box(Position{5, 5, 5, 5}));
  std::vector<std::string> first;
  core::Box box(Position{5, 5, 5, 5});
  Position p(4);
  do {
    if (g.check(p).empty() && t.at(p) == 0 && first.size() < 10) first.push_back(core::to_string(p));
  } while (box.next(p));
  EXPECT_EQ(first, (std::vector<std::string>{"1,0,0,0", "2,1,0,0", "2,2,1,0", "2,2,2,1", "3,1,1,0", "3,2,0,0",
                                             "3,3,1,1", "4,1,1,1", "4,2,2,0", "4,3,0,0"}));
}

// Gale's strategy-stealing argument: every rectangle but the poisoned square alone is a first
// player's win.
TEST(Chomp, EveryRectangleButOneSquareIsAWin) {
  for (int r = 1; r <= 6; ++r)
    for (int c = 1; c <= 7; ++c) {
      const core::Game g = game_of("chomp -p board=" + std::to_string(r) + "x" + std::to_string(c));
      auto memo = g.make_solver();
      EXPECT_EQ(memo->value(*g.start_position()) == 0, r == 1 && c == 1) << r << "x" << c;
    }
}

TEST(Chomp, BadPositionsAreNamed) {
  const core::Game g = game_of("chomp -p board=3x4");
  EXPECT_NE(g.check(Position{2, 3, 0}).find("rows do not grow upwards"), std::string::npos);
  EXPECT_NE(g.check(Position{5, 3, 0}).find("longer than the bar's 4 columns"), std::string::npos);
  EXPECT_NE(g.check(Position{0, 0, 0}).find("poisoned square"), std::string::npos);
  EXPECT_THROW(game_of("chomp -p board=3"), runtime::UserError);
}
