// The bench signature (a hash of every value the fixed bench jobs compute) must match the
// reference in bench/signature.txt: a change of behaviour shows up here, and a commit that
// changes it on purpose says why and updates the file.
#include <gtest/gtest.h>

#include <fstream>

#include "support/run_cli.hpp"

TEST(Bench, SignatureMatchesReference) {
  std::ifstream ref(std::string(GRUNDY_SOURCE_DIR) + "/bench/signature.txt");
  std::string expected;
  ref >> expected;
  ASSERT_FALSE(expected.empty());
  const CliResult r = run_cli("bench");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto pos = r.out.find("Signature: ");
  ASSERT_NE(pos, std::string::npos) << r.out;
  EXPECT_EQ(r.out.substr(pos + 11, expected.size()), expected) << r.out;
  // The last four lines, in order, Stockfish-style.
  const auto tail = r.out.substr(r.out.find("\nPositions: "));
  EXPECT_NE(tail.find("Signature: "), std::string::npos);
  EXPECT_NE(tail.find("Time (ms): "), std::string::npos);
  EXPECT_NE(tail.find("Positions/s: "), std::string::npos);
}

TEST(Bench, SignatureDoesNotDependOnThreads) {
  const CliResult one = run_cli("bench", "", "GRUNDY_THREADS=1");
  const CliResult two = run_cli("bench", "", "GRUNDY_THREADS=2");
  ASSERT_EQ(one.status, 0);
  ASSERT_EQ(two.status, 0);
  auto sig = [](const std::string& out) { return out.substr(out.find("Signature: "), 28); };
  EXPECT_EQ(sig(one.out), sig(two.out));
}

TEST(Bench, MemoComparisonChecksAgreement) {
  const CliResult r = run_cli("bench --memo --filter 'knight 1024'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("memo knight"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("agree"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("DISAGREE"), std::string::npos) << r.out;
  const CliResult none = run_cli("bench --filter no-such-job");
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("--filter 'no-such-job': no bench job's game or box contains it"), std::string::npos) << none.err;
}
