#include "games/nim.hpp"

#include <gtest/gtest.h>

#include "core/dense_solver.hpp"
#include "games/subtraction.hpp"

using namespace grundy;
using core::Box;
using core::Position;

TEST(Nim, CoordinateNamesFollowThePapers) {
  EXPECT_EQ(games::heap_names(2), (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(games::heap_names(3), (std::vector<std::string>{"x", "y", "z"}));
  EXPECT_EQ(games::heap_names(4), (std::vector<std::string>{"x1", "x2", "x3", "x4"}));
}

TEST(Nim, OptionsOfAPosition) {
  games::Nim nim(2);
  std::vector<std::string> opts;
  nim.for_each_option(Position{2, 1}, [&](const Position& p) { opts.push_back(core::to_string(p)); });
  EXPECT_EQ(opts, (std::vector<std::string>{"0,1", "1,1", "2,0"}));
}

// Golden (classic): Bouton's theorem, G = x1 xor ... xor xn, on four heaps.
TEST(Nim, BoutonXorOnFourHeaps) {
  games::Nim nim(4);
  const auto t = core::solve_dense(nim, Box(Position{9, 9, 9, 9}));
  Position p(4);
  do EXPECT_EQ(t.at(p), static_cast<unsigned>(p[0] ^ p[1] ^ p[2] ^ p[3]));
  while (t.box.next(p));
}

TEST(Nim, NegativeHeapIsRejected) {
  games::Nim nim(2);
  EXPECT_NE(nim.check(Position{1, -1}).find("negative"), std::string::npos);
  EXPECT_EQ(nim.check(Position{1, 1}), "");
}

// Golden (classic): subtraction {1,2,3} has period 4, G(x) = x mod 4.
TEST(Subtraction, OneTwoThreeHasPeriodFour) {
  games::Subtraction s({1, 2, 3});
  const auto t = core::solve_dense(s, Box(Position{1000}));
  for (int x = 0; x < 1000; ++x) EXPECT_EQ(t.at(Position{x}), static_cast<unsigned>(x % 4));
}

TEST(Subtraction, OptionsAreSortedAndBounded) {
  games::Subtraction s({14, 2, 12});
  std::vector<std::int64_t> opts;
  s.for_each_option(Position{13}, [&](const Position& p) { opts.push_back(p[0]); });
  EXPECT_EQ(opts, (std::vector<std::int64_t>{11, 1}));
}
