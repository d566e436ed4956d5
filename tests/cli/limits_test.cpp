// One rule for stopping, checked through the real binary: every family of the registry and
// every command that computes, given an input that runs far longer than its limit, stops at
// --max-seconds 1 with the one line that says so (exit 2), and at Ctrl-C with exit 130. Every
// loop polls the stop after a bounded amount of work (runtime::StopPoll), so the stop comes within
// about a millisecond of work past the deadline, whatever one step of the loop costs: a heap
// size of a take-and-break game with O(n^2) splits, a cell with thousands of options, a step
// of SQLite. The bound asserted here is loose (a process starts, and the sanitizer build runs
// several times slower); the closing figures of the change that added it are in its note.
#include <gtest/gtest.h>

#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <thread>

#include "games/registry.hpp"
#include "support/run_cli.hpp"

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr double kSlack = 6;  // seconds past the limit the stopped command may take to exit
#else
constexpr double kSlack = 2;
#endif

// 1, 2, ..., n as a subtraction set.
std::string up_to(int n) {
  std::string s;
  for (int i = 1; i <= n; ++i) s += (i > 1 ? "," : "") + std::to_string(i);
  return s;
}

// Inputs that run for 20 s at least without a limit (most past 40 s; measured on 2 cores),
// within a few hundred MiB. One per family, by the route its tables take, and one per command
// that computes. A family added to the registry without a row here fails the first test.
const std::map<std::string, std::string>& by_family() {
  static const std::map<std::string, std::string> m = {
      {"nim", "structure nim -p heaps=2 --pass --size 6000"},
      {"subtraction", "seq subtraction -p set=" + up_to(1000) + " --misere --size 20000000"},
      {"sum", "table sum -p 'a=fts -p piles=1 -p d=5' -p 'b=fts -p piles=1 -p d=5' --misere --size 6000 --format csv"},
      {"fts", "seq fts -p piles=1 -p d=5 --misere --size 2000000"},
      {"chocolate", "table chocolate -p F=z/2 --misere --size 300 --fix z=299 --format csv"},
      {"chocolate2", "table chocolate2 -p h=z --misere --size 6000 --format csv"},
      {"chomp", "ppos chomp -p rows=3 --size 400"},
      {"cram", "value cram -p board=5x8"},
      {"node-kayles", "value node-kayles -p graph=grid:9x9"},
      {"arc-kayles", "value arc-kayles -p graph=grid:5x8"},
      {"knight", "structure knight --size 8000"},
      {"queen", "table queen --misere --size 3000 --format csv"},
      {"rook", "structure rook --size 8000"},
      {"king", "structure king --size 6000"},
      {"leaper", "structure leaper -p moves=-2:1,-2:-1,1:-2,-1:-2 --size 6000"},
      {"rider", "table rider -p dirs=-1:0,0:-1,-1:-2,-2:-1 --misere --size 6000 --format csv"},
      {"octal", "seq octal -p 'code=0.8!8!8!' --size 10 --search 1000000"},
  };
  return m;
}

const std::vector<std::string>& by_command() {
  static const std::vector<std::string> v = {
      "value queen --misere 3000,3000",
      "value octal -p code=0.454 -p heaps=2 --misere 40,40",  // the misère quotient's route
      "moves queen --misere 3000,3000",
      "ppos queen --misere --size 3000",
      "check queen --misere --size 3000 --ppos 'm == n'",
      "discover queen --misere --size 3000",
      "seq octal -p code=0.004 --size 10 --search 4000000",
      "fts-f -p d=5 --size 12000",
      "atlas query --db " + std::string(GRUNDY_SOURCE_DIR) +
          "/data/atlas/atlas.sqlite 'SELECT COUNT(*) FROM games a, games b, games c'",
  };
  return v;
}

// The command under --max-seconds 1: stopped, said so in one line, exited in time.
void expect_stops_at_the_deadline(const std::string& args) {
  const MeasuredRun m = run_cli_measured(args + " --max-seconds 1");
  EXPECT_EQ(m.result.status, 2) << args << "\n" << m.result.err;
  EXPECT_EQ(m.result.err.rfind("grundy: stopped by --max-seconds before the command finished (", 0), 0u)
      << args << "\n"
      << m.result.err;
  EXPECT_EQ(std::count(m.result.err.begin(), m.result.err.end(), '\n'), 1) << args << "\n" << m.result.err;
  EXPECT_LT(m.seconds, 1 + kSlack) << args;
}

}  // namespace

TEST(Limits, EveryFamilyHasASlowInputHere) {
  for (const auto& f : grundy::games::families())
    EXPECT_TRUE(by_family().count(f.name)) << f.name << ": give it a slow input in tests/cli/limits_test.cpp";
}

TEST(Limits, EveryFamilysRouteStopsAtMaxSeconds) {
  for (const auto& [family, args] : by_family()) expect_stops_at_the_deadline(args);
}

TEST(Limits, EveryCommandThatComputesStopsAtMaxSeconds) {
  for (const std::string& args : by_command()) expect_stops_at_the_deadline(args);
  // play: the engine's first answer is the long part.
  const CliResult r = run_sh(
      "start=$(date +%s%N); echo quit | $GRUNDY play queen --misere 3000,3000 --max-seconds 1; "
      "echo status=$? ms=$((($(date +%s%N) - start) / 1000000)) >&2");
  EXPECT_NE(r.err.find("stopped by --max-seconds"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("status=2"), std::string::npos) << r.err;
  // quotient: the quotient certified so far is written, and the stop says which heaps it holds.
  const MeasuredRun q = run_cli_measured("quotient octal -p code=0.6 --size 40 --max-seconds 1");
  EXPECT_EQ(q.result.status, 2) << q.result.err;
  EXPECT_EQ(q.result.err.rfind("grundy: quotient: stopped by --max-seconds before the command finished while", 0), 0u)
      << q.result.err;
  EXPECT_EQ(std::count(q.result.err.begin(), q.result.err.end(), '\n'), 1) << q.result.err;
  EXPECT_NE(q.result.out.find("incomplete: "), std::string::npos) << q.result.out;
  EXPECT_LT(q.seconds, 1 + kSlack);
  // atlas run: stopped between or inside games; what it recorded stays, and a rerun goes on.
  const std::string db = testing::TempDir() + "/grundy_limits_atlas.sqlite";
  std::remove(db.c_str());
  const MeasuredRun m =
      run_cli_measured("atlas run subtraction --max 40 --sizes 4 --threads 2 --max-seconds 1 --db " + db);
  EXPECT_EQ(m.result.status, 2) << m.result.err;
  EXPECT_NE(m.result.err.find("the games swept before it are in --db " + db + "; a rerun goes on"), std::string::npos)
      << m.result.err;
  EXPECT_LT(m.seconds, 1 + kSlack);
  const CliResult again = run_cli("atlas run subtraction --max 6 --sizes 2 --db " + db);
  EXPECT_EQ(again.status, 0) << again.err;
}

// Ctrl-C: the same inputs stop with "interrupted" and the shell's 130.
TEST(Limits, CtrlCStopsTheSlowestRoutes) {
  for (const std::string& args : {by_family().at("octal"), by_family().at("chocolate"), by_command().back()}) {
    const CliResult r = run_sh("$GRUNDY " + args +
                               " > /dev/null & pid=$!; sleep 1; kill -INT $pid; "
                               "start=$(date +%s%N); wait $pid; status=$?; "
                               "echo status=$status ms=$((($(date +%s%N) - start) / 1000000))");
    EXPECT_NE(r.out.find("status=130"), std::string::npos) << args << "\n" << r.out << r.err;
    EXPECT_NE(r.err.find("grundy: interrupted (no --out or --save file was written)"), std::string::npos) << r.err;
    const auto at = r.out.find("ms=");
    ASSERT_NE(at, std::string::npos) << r.out;
    EXPECT_LT(std::stod(r.out.substr(at + 3)), kSlack * 1000) << args;
  }
}
