// One rule for transform sets (games::make_game_spec): the same flags given to the CLI and
// written inside a `sum` component are refused with the same one line, through the binary.
#include <gtest/gtest.h>

#include "support/run_cli.hpp"
#include "support/transform_flag_cases.hpp"

namespace {

TEST(GameSpecCli, SumComponentRefusesWhatTheCliRefuses) {
  for (const auto& c : transform_flag_cases()) {
    const CliResult cli = run_cli("value nim -p heaps=1 " + c.flags + " 1");
    const CliResult sum = run_cli("value sum -p \"a=nim -p heaps=1 " + c.flags + "\" -p 'b=nim -p heaps=1' 1,1");
    EXPECT_EQ(cli.status, 2) << c.flags << ": " << cli.out;
    EXPECT_EQ(sum.status, 2) << c.flags << ": " << sum.out;
    EXPECT_EQ(cli.err, "grundy: error: " + c.message + "\n") << c.flags;
    EXPECT_EQ(sum.err, cli.err) << c.flags;
  }
}

// What both accept means the same game: a component with two passes, as a whole game and in a
// sum with a heap of 0 (G(a + 0) = G(a)).
TEST(GameSpecCli, SumComponentAcceptsWhatTheCliAccepts) {
  const CliResult cli = run_cli("value nim -p heaps=1 --passes 2 --pass-from-terminal 3,2 --format csv");
  const CliResult sum = run_cli(
      "value sum -p 'a=nim -p heaps=1 --passes 2 --pass-from-terminal' -p 'b=nim -p heaps=1' 3,2,0 --format csv");
  ASSERT_EQ(cli.status, 0) << cli.err;
  ASSERT_EQ(sum.status, 0) << sum.err;
  auto grundy = [](const std::string& out) {
    const std::string row = out.substr(out.find('\n') + 1);
    const auto last = row.rfind(',');
    return row.substr(row.rfind(',', last - 1) + 1);
  };
  EXPECT_EQ(grundy(cli.out), grundy(sum.out)) << cli.out << sum.out;
}

// A shared pass over a sum whose component has a pass of its own: each counter has a name of its
// own (p, then p2), so a pin or a formula names one of them.
TEST(GameSpecCli, EveryPassCounterOfASumHasItsOwnName) {
  const std::string sum = "sum -p 'a=nim -p heaps=1 --pass' -p b=knight --pass";
  CliResult r = run_cli("table " + sum + " --size 3 --fix m=0 --fix n=0 --format csv");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "x,p,m,n,p2,grundy,outcome");
  // Pinning p2 at 0 pins the shared pass alone: the component's pass stays free.
  r = run_cli("table " + sum + " --size 3 --fix m=0 --fix n=0 --fix p2=0 --format csv");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\n2,1,0,0,0,"), std::string::npos) << r.out;
  r = run_cli("value " + sum + " 2,1,0,0,0");
  EXPECT_EQ(r.status, 0) << r.err;
}

// A flag takes no value on the command line: `--pass=false` would otherwise be counted as a
// pass by one reader and as none by the other.
TEST(GameSpecCli, FlagsTakeNoValue) {
  const CliResult r = run_cli("value nim -p heaps=1 --pass=false 1");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_EQ(r.err, "grundy: error: --pass=false: --pass takes no value; give it or leave it out\n");
  EXPECT_EQ(run_cli("value nim -p heaps=1 --pass 1,1").status, 0);
}

}  // namespace
