// `grundy reverse-mex` driven through the real binary.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

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

bool has(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

}  // namespace

TEST(ReverseMexCli, WithoutPassHolds) {
  const CliResult r = run_cli("reverse-mex subtraction -p set=2,12,14 --size 1000");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "G(x) = mex{ G(x+s) : s in S }")) << r.out;
  EXPECT_TRUE(has(r.out, "periodic from x = 0 with period 24")) << r.out;
  EXPECT_TRUE(has(r.out, "G: holds at all 1000 x (and for every x, proven)")) << r.out;
}

TEST(ReverseMexCli, PapersPassConventionListsTheFailures) {
  const CliResult r = run_cli("reverse-mex subtraction -p set=2,12,14 --pass --size 1000");
  EXPECT_EQ(r.status, 1) << r.err;  // a claim that fails: exit 1, the report in full
  EXPECT_TRUE(
      has(r.out, "p = 1: fails at 8 of 1000 x: x = 14..15, 18..19, 30..31, 44..45; none from x = 46 on (proven)"))
      << r.out;
  EXPECT_TRUE(has(r.out, "G(14,1) = 4 but its successors (16,1), (26,1), (28,1) have 0, 0, 1: mex 2")) << r.out;
  EXPECT_TRUE(has(r.out, "p = 0: holds at all 1000 x")) << r.out;
  EXPECT_TRUE(has(r.out, "fails at 8 positions")) << r.out;
}

TEST(ReverseMexCli, PassFromTerminalHolds) {
  const CliResult r = run_cli("reverse-mex subtraction -p set=2,12,14 --pass --pass-from-terminal --size 1000");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "holds at every position checked")) << r.out;
}

TEST(ReverseMexCli, Json) {
  const CliResult r =
      run_cli("reverse-mex subtraction -p set=1,2 --pass --pass-from-terminal --size 100 --format json");
  ASSERT_EQ(r.status, 1) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["holds"], false);
  EXPECT_EQ(j["failures"], 33);
  ASSERT_EQ(j["layers"].size(), 2u);
  EXPECT_EQ(j["layers"][0]["p"], 1);
  EXPECT_EQ(j["layers"][0]["period"], 3);
  EXPECT_EQ(j["layers"][0]["residues"], nlohmann::json::parse("[[2,2]]"));
  EXPECT_EQ(j["layers"][0]["examples"][0]["position"], "2,1");
  EXPECT_EQ(j["layers"][1]["holds"], true);
}

TEST(ReverseMexCli, HelpHasExample) {
  const CliResult r = run_cli("reverse-mex --help");
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(has(r.out, "Example: grundy reverse-mex subtraction")) << r.out;
}

TEST(ReverseMexCli, BadInputs) {
  expect_error("reverse-mex nim -p heaps=2 --size 10", "only the subtraction family");
  expect_error("reverse-mex subtraction -p set=1,2 --forbid 'x == 1' --size 10", "--forbid is not supported");
  expect_error("reverse-mex subtraction -p set=1,2 --misere --size 10", "--misere is not supported");
  expect_error("reverse-mex subtraction -p set=1,2 --size 10 --format csv", "--format = 'csv'");
  expect_error("reverse-mex subtraction -p set=1,1 --size 10", "repeated element 1");
  expect_error("reverse-mex subtraction -p sett=1 --size 10", "unknown parameter 'sett'");
  expect_error("reverse-mex subtraction -p set=1,2 --pass-from-terminal --size 10",
               "--pass-from-terminal needs --pass");
  expect_error("reverse-mex subtraction -p set=1,2 --size 0", "--size");
  expect_error("reverse-mex subtraction -p set=1,1099511627776 --passes 64 --size 10 --max-memory 1M",
               "of memory; ask for a smaller box");
}
