// The memory guard, command by command: every command that computes states its estimate up
// front (a refusal under --max-memory 1K says "needs about N" and the --max-memory that would
// hold it), the suggested limit really is enough, and under `ulimit -v` just above the estimate
// the command finishes: the estimate covers the route actually taken, output phase included,
// and an allocation that fails anyway is the one-line error, never an abort.
#include <gtest/gtest.h>

#include <regex>

#include "runtime/threads.hpp"
#include "support/run_cli.hpp"

namespace {

// "128.2 MiB" -> bytes (rounded up: the message rounds to a tenth).
std::uint64_t parse_human(const std::string& number, const std::string& unit) {
  double v = std::stod(number) + 0.05;
  for (const char* u : {"KiB", "MiB", "GiB", "TiB"}) {
    v *= 1024;
    if (unit == u) break;
  }
  return static_cast<std::uint64_t>(v);
}

struct Estimate {
  std::uint64_t bytes = 0;
  std::string suggested;  // "129M"
};

Estimate estimate_of(const std::string& args) {
  const CliResult r = run_cli(args + " --max-memory 1K");
  EXPECT_EQ(r.status, 2) << args << "\n" << r.err;
  std::smatch m;
  Estimate e;
  if (!std::regex_search(r.err, m, std::regex("needs about ([0-9.]+) (B|KiB|MiB|GiB|TiB)"))) {
    ADD_FAILURE() << args << ": no estimate in\n" << r.err;
    return e;
  }
  e.bytes = m[2] == "B" ? std::stoull(m[1]) : parse_human(m[1], m[2]);
  if (std::regex_search(r.err, m, std::regex("raise it with --max-memory ([0-9]+[KMGT])"))) e.suggested = m[1];
  EXPECT_FALSE(e.suggested.empty()) << args << "\n" << r.err;
  return e;
}

const std::vector<std::string> kCommands = {
    "table nim -p heaps=2 --size 3000 --format csv",
    "table nim -p heaps=2 --pass --size 2500 --format json",
    "table knight --size 2500 --format csv",
    "table chocolate -p F=z/2 --pass --size 300 --fix z=299 --format text",
    "ppos nim -p heaps=3 --size 180 --format csv",
    "ppos fts -p piles=3 -p d=5 --size 180 --format json",
    "ppos nim -p heaps=3 --pass --size 3000 --fix p=1 --format csv",  // the f grid, not the table
    "table nim -p heaps=2 --size 2000x3000 --format csv --wide",
    "seq subtraction -p set=2,12,14 --pass --size 8000000 --format json",
    "seq subtraction -p set=1,2 --forbid 'x == 5' --size 3000000 --format csv",
    "structure nim -p heaps=2 --pass --size 1200",
    "check nim -p heaps=3 --size 150 --ppos '(x ^ y ^ z) == 0'",
    "discover nim -p heaps=2 --size 400",
    "value nim -p heaps=3 --pass 170,170,170,1",
    "moves nim -p heaps=2 --pass 3000,3000,1",
    "value queen 600,600",
};

}  // namespace

// "129M" -> bytes.
std::uint64_t flag_bytes(const std::string& flag) {
  const std::uint64_t n = std::stoull(flag.substr(0, flag.size() - 1));
  return n << (10 * (std::string("KMGT").find(flag.back()) + 1));
}

// What a process holds before it computes anything (its code, its libraries, the allocator's
// first arenas), and what the allocator may keep beyond the bytes asked for.
std::uint64_t baseline_bytes() {
  static const std::uint64_t b = run_cli_measured("games").peak_bytes + (std::uint64_t{16} << 20);
  return b;
}

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;  // AddressSanitizer's shadow and quarantine hold more than the program
#else
constexpr bool kSanitized = false;
#endif

// The suggested limit holds the command, and its peak resident memory stays under that limit
// (plus what the process holds before it computes): the estimate is what the run allocates.
TEST(MemoryGuard, EveryCommandStatesItsEstimateAndTheSuggestionSufficesAndHolds) {
  for (const std::string& args : kCommands) {
    const Estimate e = estimate_of(args);
    if (e.suggested.empty()) continue;
    const MeasuredRun m = run_cli_measured(args + " --max-memory " + e.suggested);
    EXPECT_EQ(m.result.status, 0) << args << " --max-memory " << e.suggested << "\n" << m.result.err;
    if (!kSanitized) {
      EXPECT_LE(m.peak_bytes, flag_bytes(e.suggested) + baseline_bytes())
          << args << " --max-memory " << e.suggested << ": peak " << (m.peak_bytes >> 20) << " MiB";
    }
  }
}

// The routes whose memory the estimates once missed: the memo solver's stack and rehashes, the
// pair sets of codes that split into three heaps (and their buffer's growth), the subtraction
// period search (three sweeps of a ring of max(S) heap sizes), and an atlas query's rows, which
// are written as they come. Each either answers or refuses with the estimate, and never holds
// more than its limit.
TEST(MemoryGuard, RoutesOnceOverTheirLimitStayUnderIt) {
  if (kSanitized) GTEST_SKIP() << "AddressSanitizer's shadow and quarantine hold more than the program";
  struct Case {
    std::string args;
    std::string limit;  // its --max-memory; an atlas query has none, and holds a row at a time
    int status;         // 0: answers; 2: refused up front; -1: either
  };
  const std::vector<Case> cases = {
      {"value octal -p code=0.07 --misere 36", "64M", -1},
      {"value octal -p code=0.8 100000000", "31M", 2},
      {"seq octal -p code=0.8 --size 10 --search 4096", "31M", 0},
      {"value subtraction -p set=1,100000000 16777216", "1M", 2},
      {"seq subtraction -p set=1,100000000 --size 10 --search 200000000", "100M", 2},
      {"atlas query --db " + std::string(GRUNDY_SOURCE_DIR) +
           "/data/atlas/atlas.sqlite 'SELECT a.spec, b.spec FROM games a, games b LIMIT 500000'",
       "8M", 0},
  };
  for (const Case& c : cases) {
    const bool flag = c.args.rfind("atlas", 0) != 0;
    const MeasuredRun m = run_cli_measured(c.args + (flag ? " --max-memory " + c.limit : std::string()));
    if (c.status >= 0) {
      EXPECT_EQ(m.result.status, c.status) << c.args << "\n" << m.result.err;
    }
    EXPECT_TRUE(m.result.status == 0 || m.result.status == 2) << c.args << "\n" << m.result.err;
    if (m.result.status == 2) {
      EXPECT_NE(m.result.err.find("needs"), std::string::npos) << c.args << "\n" << m.result.err;
    }
    EXPECT_LE(m.peak_bytes, flag_bytes(c.limit) + baseline_bytes())
        << c.args << " --max-memory " << c.limit << ": peak " << (m.peak_bytes >> 20) << " MiB";
  }
}

// Address space counts the binary, its libraries and every thread's stack besides the data:
// that allowance on top of the estimate.
TEST(MemoryGuard, EveryCommandFinishesUnderAnAddressSpaceLimitJustAboveItsEstimate) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space";
#endif
  const std::uint64_t allowance =
      (std::uint64_t{64} << 20) + (std::uint64_t{8} << 20) * grundy::runtime::solver_threads();
  for (const std::string& args : kCommands) {
    const Estimate e = estimate_of(args);
    const std::uint64_t kib = (e.bytes + allowance) / 1024;
    const CliResult r = run_sh("ulimit -v " + std::to_string(kib) + "; $GRUNDY " + args + " > /dev/null");
    EXPECT_EQ(r.status, 0) << args << " under ulimit -v " << kib << " KiB (estimate " << e.bytes << ")\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), r.status == 0 ? 0 : 1) << r.err;
  }
}

// Far below the estimate the command fails, but cleanly: one line, exit 2, whichever
// allocation it was.
TEST(MemoryGuard, AnAllocationThatFailsAnywayIsTheOneLineError) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space";
#endif
  for (const std::string& args : kCommands) {
    const Estimate e = estimate_of(args);
    // Half the estimate, over what the process maps before it allocates (its shared libraries,
    // Cairo's among them, take about 28 MiB of address space).
    const std::uint64_t kib = (e.bytes / 2 + (std::uint64_t{40} << 20)) / 1024;
    const CliResult r =
        run_sh("ulimit -v " + std::to_string(kib) + "; $GRUNDY " + args + " --max-memory 100G > /dev/null");
    EXPECT_TRUE(r.status == 0 || r.status == 2) << args << " under ulimit -v " << kib << ": exit " << r.status << "\n"
                                                << r.err;
    EXPECT_LE(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << "\n" << r.err;
  }
}
