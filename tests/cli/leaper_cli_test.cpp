// The chess-piece families through the real binary.
#include <gtest/gtest.h>

#include <algorithm>

#include "support/run_cli.hpp"

// `grundy table knight --size 12`: rows m, columns n; the grid is symmetric, so its rows read as
// Table 1 of the knight paper (which prints rows n).
TEST(LeaperCli, KnightTable) {
  const CliResult r = run_cli("table knight --size 12");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("  2  1  2  2  2  3  2  2  2  3  2  2  2\n"), std::string::npos) << r.out;  // row 2
  EXPECT_NE(r.out.find("  3  1  1  2  1  4  3  2  3  3  3  2  3\n"), std::string::npos) << r.out;  // row 3
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 14) << r.out;  // name, header, 12 rows
}

TEST(LeaperCli, KnightValueAndMoves) {
  CliResult r = run_cli("value knight 4,3");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("G(4,3) = 4"), std::string::npos) << r.out;
  r = run_cli("moves knight 3,0");  // the only move goes to the corner (1,1)
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("(1,1)  G = 0  P  <- winning move"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 moves, 1 winning"), std::string::npos) << r.out;  // (1,-1), (2,-2), (4,-2) are off the board
}

TEST(LeaperCli, UserLeaperAndRejectedOne) {
  CliResult r = run_cli("table leaper -p moves=-2:1,-2:-1,1:-2,-1:-2 --size 12 --format csv");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\n4,3,4,N\n"), std::string::npos) << r.out;

  r = run_cli("table leaper -p moves=1:-1,-1:1 --size 4");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("-p moves=1:-1,-1:1: play need not end"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");

  r = run_cli("value leaper -p moves=2:-1,-1 0,0");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("-p moves item 2"), std::string::npos) << r.err;
}

TEST(LeaperCli, QueenPPositions) {
  const CliResult r = run_cli("ppos queen --size 8");
  EXPECT_EQ(r.status, 0) << r.err;
  // Wythoff pairs below 8: (0,0), (1,2), (2,1), (3,5), (5,3), (4,7), (7,4).
  EXPECT_NE(r.out.find("7 P-positions"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(3,5)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(7,4)"), std::string::npos) << r.out;
}
