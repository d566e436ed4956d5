// The CLI contract (flags, formats, exit codes), driven through the real binary.
#include <gtest/gtest.h>

#include "support/run_cli.hpp"

namespace {

int count_lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

void expect_error(const std::string& args, const std::string& needle) {
  const CliResult r = run_cli(args);
  EXPECT_EQ(r.status, 2) << args << "\nstderr: " << r.err;
  EXPECT_EQ(count_lines(r.err), 1) << args << "\nstderr: " << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << args << "\nstderr: " << r.err;
  EXPECT_EQ(r.out, "") << args;
}

}  // namespace

TEST(Cli, ValueOfNimWithPass) {
  const CliResult r = run_cli("value nim -p heaps=2 --pass 2,1,1");
  EXPECT_EQ(r.status, 0) << r.err;
  // Table 2 of the chocolate paper: G_P(2,1) = 0.
  EXPECT_NE(r.out.find("G(2,1,1) = 0  (P-position)"), std::string::npos) << r.out;
}

TEST(Cli, ValueFormats) {
  CliResult r = run_cli("value nim -p heaps=3 3,5,7 --format csv");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "x,y,z,grundy,outcome\n3,5,7,1,N\n");
  r = run_cli("value nim -p heaps=3 3,5,6 --format json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"grundy\":0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"outcome\":\"P\""), std::string::npos) << r.out;
}

TEST(Cli, MovesMarksWinningMoves) {
  const CliResult r = run_cli("moves nim -p heaps=3 1,2,4");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("(1,2,3)  G = 0  P  <- winning move"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("7 moves, 1 winning"), std::string::npos) << r.out;
}

TEST(Cli, MisereValue) {
  // Misere Nim: (1,1,1) is a P-position (odd number of single heaps), (1,1) is N.
  EXPECT_NE(run_cli("value nim -p heaps=3 --misere 1,1,1").out.find("P-position under misere"), std::string::npos);
  EXPECT_NE(run_cli("value nim -p heaps=2 --misere 1,1").out.find("N-position under misere"), std::string::npos);
}

TEST(Cli, TableOfSubtractionWithPassHasColumnsP) {
  const CliResult r = run_cli("table subtraction -p set=1,2,3 --pass --size 5 --format csv");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "x,p,grundy,outcome");
  EXPECT_EQ(count_lines(r.out), 1 + 5 * 2);
}

TEST(Cli, TableWithFix) {
  const CliResult r = run_cli("table nim -p heaps=3 --size 4 --fix z=1 --format csv");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\n2,3,1,0,P\n"), std::string::npos) << r.out;
  EXPECT_EQ(count_lines(r.out), 17);
}

TEST(Cli, PposOfFtsNimAsForbid) {
  const CliResult r = run_cli("ppos nim -p heaps=2 --forbid 'total % 5 == 0' --size 6 --format csv");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "x,y,outcome");  // no empty grundy column
}

TEST(Cli, GamesListsFamilies) {
  const CliResult r = run_cli("games");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("nim:"), std::string::npos);
  EXPECT_NE(r.out.find("subtraction:"), std::string::npos);
}

TEST(Cli, EveryCommandHasHelpWithExample) {
  for (const char* cmd : {"games", "value", "moves", "table", "ppos"}) {
    const CliResult r = run_cli(std::string(cmd) + " --help");
    EXPECT_EQ(r.status, 0) << cmd;
    EXPECT_NE(r.out.find("Example: grundy"), std::string::npos) << cmd << r.out;
  }
}

TEST(Cli, BadInputsGetOneLineAndStatusTwo) {
  expect_error("value nmi 1,2", "unknown game family 'nmi'");
  expect_error("value nim -p heapz=2 1,2", "unknown parameter 'heapz'");
  expect_error("value nim -p heaps=2 1,-1", "is negative");
  expect_error("value nim -p heaps=2 1,x", "not an integer");
  expect_error("value nim -p heaps=2 1,2,3", "expected 2 coordinates");
  expect_error("value nim -p heaps=2 --pass 1,2,2", "p = 2 is not a pass count");
  expect_error("value nim -p heaps=2 1,,2", "not an integer");
  expect_error("value nim -p heaps=2 99999999999999999999,1", "out of range");
  expect_error("value subtraction -p set=1,a 3", "-p set item 2");
  expect_error("value nim --forbid 'x +' 1,2,3", "column");
  expect_error("table nim -p heaps=3 --size 5", "pin the others with --fix");
  expect_error("table nim -p heaps=2 --size 1000000", "of memory; ask for a smaller box");
  expect_error("table nim -p heaps=2 --size 4 --fix w=1", "--fix 'w=1'");
  expect_error("table nim -p heaps=2 --size 4 --format xml", "--format = 'xml'");
  expect_error("value nim -p heaps=2 --pass-from-terminal 1,2", "--pass-from-terminal needs --pass");
  expect_error("value nim -p heaps=2 --forbid 'x / 0' 3,3", "division by zero");
}

TEST(Cli, SaveThenLoadGivesTheSameTable) {
  const std::string file = testing::TempDir() + "/grundy_cli_save.gtab";
  const CliResult a = run_cli("table nim -p heaps=2 --pass --size 40 --format csv --save " + file);
  ASSERT_EQ(a.status, 0) << a.err;
  const CliResult b = run_cli("table nim -p heaps=2 --pass --size 40 --format csv --load " + file);
  ASSERT_EQ(b.status, 0) << b.err;
  EXPECT_EQ(a.out, b.out);
  expect_error("table nim -p heaps=2 --pass --size 41 --load " + file, "does not hold every cell of the requested box 41x41x2");
  expect_error("ppos nim -p heaps=2 --size 4 --load " + file, "not nim(heaps=2)");
}

// A box with more free coordinates than a table shows, saved: the whole box goes to the file
// with a summary, as the ranks of an MPI job save it for the same command; slices of it are
// printed from the file afterwards.
TEST(Cli, SaveOfAThreeDimensionalBoxSavesItWhole) {
  const std::string file = testing::TempDir() + "/grundy_cli_save3.gtab";
  CliResult r = run_cli("table nim -p heaps=3 --size 8 --save " + file);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("nim(heaps=3) over 8x8x8: 512 values up to 7, 64 of them 0, written to " + file + " (", 0), 0u)
      << r.out;
  EXPECT_NE(r.out.find(" on 1 process; "), std::string::npos) << r.out;
  r = run_cli("table nim -p heaps=3 --size 8 --save " + file + " --format json");
  EXPECT_NE(r.out.find("\"ranks\":1"), std::string::npos) << r.out;
  const CliResult slice = run_cli("table nim -p heaps=3 --size 8 --load " + file + " --fix z=3 --format csv");
  const CliResult direct = run_cli("table nim -p heaps=3 --size 8 --fix z=3 --format csv");
  ASSERT_EQ(slice.status, 0) << slice.err;
  EXPECT_EQ(slice.out, direct.out);
  expect_error("table nim -p heaps=3 --size 8 --save " + file + " --format csv",
               "saves the whole box and prints a summary (text or json)");
}

TEST(Cli, MaxSecondsStopsCleanly) {
  const CliResult r = run_cli("table nim -p heaps=2 --pass --size 20000 --max-seconds 0.2 --format csv");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("stopped by --max-seconds"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

// `value` says which route answered: a closed form names its theorem, a table its size and
// solver.
TEST(Cli, ValueNamesItsRoute) {
  CliResult r = run_cli("value nim -p heaps=2 20000,12345");
  EXPECT_NE(r.out.find("G(20000,12345) = 32281  (N-position)  in nim(heaps=2)  (closed form: Bouton, the xor of the "
                       "heaps)"),
            std::string::npos)
      << r.out;
  r = run_cli("value nim -p heaps=2 --pass 2,1,1");
  EXPECT_NE(r.out.find("(table of 12 positions, 2-D line sweep)"), std::string::npos) << r.out;
  // Wythoff's P-positions answer Grundy values too (G = 0), far beyond any table.
  r = run_cli("value queen 647213595499,1047213595499");
  EXPECT_NE(r.out.find("= 0  (P-position)  in queen  (closed form: Wythoff"), std::string::npos) << r.out << r.err;
  r = run_cli("value queen --misere 5,3");
  EXPECT_NE(r.out.find("P-position under misere play  in queen  (table of 24 positions, generic sweep"),
            std::string::npos)
      << r.out;
}

// A board's search saved at its deadline goes on from the file: the value comes out, equal to
// one run's, and the file is refused for another game and as a table of values.
TEST(Cli, ValueSavesTheSearchAndGoesOnFromIt) {
  const std::string file = testing::TempDir() + "/grundy_cli_search.tt";
  std::remove(file.c_str());
  const CliResult stopped = run_cli("value cram -p board=4x6 --max-seconds 0.05 --save " + file);
  const CliResult whole = run_cli("value cram -p board=4x6");
  ASSERT_EQ(whole.status, 0) << whole.err;
  if (stopped.status != 0) {  // stopped at the deadline (a fast machine may finish first)
    EXPECT_NE(stopped.err.find("--load " + file), std::string::npos) << stopped.err;
  }
  const CliResult resumed = run_cli("value cram -p board=4x6 --load " + file + " --save " + file);
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(resumed.out, whole.out);
  const CliResult again = run_cli("value cram -p board=4x6 --load " + file);
  EXPECT_EQ(again.out, whole.out);
  expect_error("value cram -p board=4x7 --load " + file, "holds cram(board=4x6), not cram(board=4x7)");
  expect_error("table nim -p heaps=2 --size 4 --load " + file, "a search's transposition table");
  expect_error("value nim -p heaps=2 1,2 --save " + file, "is not solved by a search");
  expect_error("value cram -p board=3x3 --misere --save " + file, "under misere play is not solved by a search");
}

// A family's games side by side: Cram boards m x n as a table, Node Kayles on paths as a
// sequence whose period (Dawson's chess: 34 after 52) is observed on it.
TEST(Cli, TablesAndSequencesOfBoardsAndGraphs) {
  const CliResult t = run_cli("table cram -p board=mxn --size 4x5 --format csv");
  ASSERT_EQ(t.status, 0) << t.err;
  EXPECT_NE(t.out.find("m,n,grundy"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("\n3,4,1,N\n"), std::string::npos) << t.out;  // 3 x 4 Cram is 1 (Lemoine-Viennot)
  const CliResult s = run_cli("seq node-kayles -p graph=path:n --size 200");
  ASSERT_EQ(s.status, 0) << s.err;
  EXPECT_NE(s.out.find("period 34"), std::string::npos) << s.out;
  const CliResult v = run_cli("value cram -p board=mxn 3,4");
  ASSERT_EQ(v.status, 0) << v.err;
  EXPECT_NE(v.out.find("= 1"), std::string::npos) << v.out;
  expect_error("moves cram -p board=mxn 3,4", "is a table of games");
  expect_error("table cram -p board=mxn --size 13x13", "its largest cell");
  expect_error("value cram -p board=mxn --pass 3,4,1", "a transform acts on one game");
}

// JSON gives a board's position as its rows beside its coordinates (bit-words of free squares).
TEST(Cli, JsonWritesABoardAsItsRows) {
  const CliResult v = run_cli("value cram -p board=2x3 --format json");
  ASSERT_EQ(v.status, 0) << v.err;
  EXPECT_NE(v.out.find("\"text\":\".../...\""), std::string::npos) << v.out;
  const CliResult m = run_cli("moves cram -p board=2x3 --format json");
  ASSERT_EQ(m.status, 0) << m.err;
  EXPECT_NE(m.out.find("\"text\":\"##./...\""), std::string::npos) << m.out;
  const CliResult nim = run_cli("value nim -p heaps=2 1,2 --format json");
  EXPECT_EQ(nim.out.find("\"text\""), std::string::npos) << nim.out;
}

// Sizes that are no game of the family (a cycle of 1 or 2 vertices) are not positions of the table.
TEST(Cli, ATableOfCyclesShowsTheSizesThatAreNoCycle) {
  const CliResult t = run_cli("table node-kayles -p graph=cycle:n --size 6 --format csv");
  ASSERT_EQ(t.status, 0) << t.err;
  EXPECT_EQ(t.out.find("\n1,"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("\n3,1,N\n"), std::string::npos) << t.out;
}
