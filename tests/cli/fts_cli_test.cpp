// The `fts` family and the `fts-f` command through the real binary.
#include <gtest/gtest.h>

#include <sstream>

#include "support/run_cli.hpp"

namespace {

int count_lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

// The words of each output line, single-spaced: compares a text table with the paper's layout
// whatever the column widths.
std::vector<std::string> normalized_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string w, joined;
    while (words >> w) joined += (joined.empty() ? "" : " ") + w;
    out.push_back(joined);
  }
  return out;
}

void expect_error(const std::string& args, const std::string& needle) {
  const CliResult r = run_cli(args);
  EXPECT_EQ(r.status, 2) << args << "\nstderr: " << r.err;
  EXPECT_EQ(count_lines(r.err), 1) << args << "\nstderr: " << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << args << "\nstderr: " << r.err;
  EXPECT_EQ(r.out, "") << args;
}

}  // namespace

// Section 4.1 prints the d = 5 table with the row "0 | 1 0 2 3 4 6 5 7 8 9" first, and
// Section 5 the S = {0,1} table starting "0 | 2 1 0 3 4 5 6 7 8 9".
TEST(FtsCli, FtsFPrintsThePapersTables) {
  CliResult r = run_cli("fts-f -p d=5 --size 10");
  ASSERT_EQ(r.status, 0) << r.err;
  auto lines = normalized_lines(r.out);
  ASSERT_EQ(lines.size(), 12u) << r.out;
  EXPECT_EQ(lines[1], "x\\y 0 1 2 3 4 5 6 7 8 9");
  EXPECT_EQ(lines[2], "0 1 0 2 3 4 6 5 7 8 9");
  EXPECT_EQ(lines[11], "9 9 11 7 6 8 12 3 2 4 0");
  r = run_cli("fts-f -p 'S=total in {0,1}' --size 10");
  ASSERT_EQ(r.status, 0) << r.err;
  lines = normalized_lines(r.out);
  ASSERT_EQ(lines.size(), 12u) << r.out;
  EXPECT_EQ(lines[2], "0 2 1 0 3 4 5 6 7 8 9");
}

TEST(FtsCli, FtsFFormats) {
  CliResult r = run_cli("fts-f -p d=5 --size 2 --format csv");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "x,y,f\n0,0,1\n0,1,0\n1,0,0\n1,1,1\n");
  r = run_cli("fts-f -p d=5 --size 2 --format json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"f\":[[1,0],[0,1]]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"game\":\"fts(piles=3,d=5)\""), std::string::npos) << r.out;
}

TEST(FtsCli, HelpHasAnExample) {
  const CliResult r = run_cli("fts-f --help");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("Example: grundy fts-f -p d=5 --size 10"), std::string::npos) << r.out;
}

// The family through the generic commands: 5-FTS (5,4,2) is P (Section 4.1), as with --forbid.
TEST(FtsCli, FamilyWorksWithTheGenericCommands) {
  CliResult r = run_cli("value fts -p d=5 5,4,2");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("P-position"), std::string::npos) << r.out;
  const CliResult a = run_cli("ppos fts -p piles=3 -p d=5 --size 8 --format csv");
  const CliResult b = run_cli("ppos nim -p heaps=3 --forbid 'total % 5 == 0' --size 8 --format csv");
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out.substr(a.out.find('\n')), b.out.substr(b.out.find('\n')));  // same rows; the game names differ
}

TEST(FtsCli, BadInputsGetOneLineAndStatusTwo) {
  expect_error("fts-f --size 10", "give exactly one of -p d=D");
  expect_error("fts-f -p d=5 -p 'S=total == 0' --size 10", "both were given");
  expect_error("fts-f -p d=1 --size 10", "-p d");
  expect_error("fts-f -p d=5 -p piles=4 --size 10", "three piles");
  expect_error("fts-f -p e=5 --size 10", "unknown parameter 'e'");
  expect_error("fts-f -p 'S=total in {0,' --size 10", "-p S=");
  expect_error("fts-f -p d=5 --size 10 --format xml", "--format = 'xml'");
  expect_error("fts-f -p d=5 --size 100000000", "of memory; ask for a smaller box");
  expect_error("fts-f -p 'S=total >= 2' --size 4", "infinitely many totals");
  expect_error("value fts 1,2,3", "give exactly one of -p d=D");
  expect_error("value fts -p d=3 -p 'S=total == 0' 1,2,3", "both were given");
}
