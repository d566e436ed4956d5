// The chocolate families and `grundy ns` through the real binary: values, and one-line errors
// with status 2 for a bad F, h or position.
#include <gtest/gtest.h>

#include <algorithm>

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

void expect_output(const std::string& args, const std::string& needle) {
  const CliResult r = run_cli(args);
  EXPECT_EQ(r.status, 0) << args << "\nstderr: " << r.err;
  EXPECT_NE(r.out.find(needle), std::string::npos) << args << "\nstdout: " << r.out;
}

}  // namespace

TEST(ChocolateCli, Values) {
  // Theorem 2: F(x,z) = floor(z/2) is NS, so G(5,3,7) = 5 xor 3 xor 7 = 1.
  expect_output("value chocolate -p F=z/2 5,3,7", "G(5,3,7) = 1");
  // Theorem 4 with Table 2: G(3,1,3,1) = G_P(3, 1 xor 3) = G_P(3,2) = 5.
  expect_output("value chocolate -p F=z/2 --pass 3,1,3,1", "G(3,1,3,1) = 5");
  expect_output("value sum -p 'a=nim -p heaps=1' -p 'b=chocolate2 -p h=z/2' --pass 3,1,3,1", "G(3,1,3,1) = 5");
  // Table 1, row y = 2 (the printed 13 at z = 14 is an erratum: 2 xor 14 = 12).
  expect_output("value chocolate2 -p 'h=z == 0 ? 0 : (1 << log2(z)) - 1' 2,14", "G(2,14) = 12");
  expect_output("moves chocolate -p 'F=(x+z)/3' 7,6,13", "(7,3,4)");
  expect_output("games", "chocolate2: ");
}

TEST(ChocolateCli, BadPositionsAndFunctions) {
  expect_error("value chocolate -p 'F=(x+z)/3' 2,5,7", "y = 5 exceeds F(x,z) = 3 at x = 2, z = 7");
  expect_error("value chocolate2 -p h=z/2 5,7", "y = 5 exceeds h(z) = 3 at z = 7");
  expect_error("value chocolate -p 'F=x >= 3 ? 0 : 1' 1,0,1", "-p F=x >= 3 ? 0 : 1: not monotone: F(2,0) = 1 > F(3,0) = 0");
  expect_error("value chocolate -p 'F=z - 1' 1,0,1", "F(0,0) = -1 is negative");
  expect_error("value chocolate -p 'F=z/(4-x)' 1,0,1", "-p F=z/(4-x): at F(4,0)");
  expect_error("value chocolate -p 'F=(x+z' 1,0,1", "-p F=(x+z: column");
  expect_error("value chocolate2 -p h=x/2 1,3", "(variables: z)");
  expect_error("value chocolate 1,0,1", "parameter F is required");
  // Not monotone only beyond the range checked on construction: caught before the solve.
  expect_error("table chocolate2 -p 'h=z == 40 ? 0 : z/2' --size 50", "not monotone: h(39) = 19 > h(40) = 0");
}

TEST(ChocolateCli, Ns) {
  const CliResult ok = run_cli("ns -p 'h=z/2' --size 1024");
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_EQ(ok.out, "NS holds for h on z < 1024\n");
  expect_output("ns -p 'F=max(x,z)/2' --size 64", "NS holds for F on x, z < 64");
  // A property that fails is a claim that fails: the report in full, exit 1.
  for (const auto& [args, needle] : std::vector<std::pair<std::string, std::string>>{
           {"ns -p 'F=(x+z)/3' --size 16",
            "NS fails for F on x, z < 16: g_0(z) = F(0,z): condition (a) fails at z = 2, z' = 3, i = 1"},
           {"ns -p 'F=z/2' --size 16 --literal", "h_2(0) = 1"},
           {"ns -p 'h=z/3' --size 64 --format json", "\"z2\": 3"}}) {
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.status, 1) << args << "\n" << r.err;
    EXPECT_NE(r.out.find(needle), std::string::npos) << args << "\n" << r.out;
  }
  expect_output("ns --help", "Example");
  expect_error("ns -p 'h=z/2'", "--size is required");
  expect_error("ns -p 'g=z' --size 4", "expected h=EXPR");
  expect_error("ns -p 'h=x' --size 4", "-p h=x: column 1");
  expect_error("ns -p 'h=z' --size 4 --literal", "--literal applies to -p F");
  expect_error("ns -p 'F=z' --size 100000", "--size 100000: allowed 1..2048");
  expect_error("ns -p 'h=z/(z-3)' --size 8", "-p h=z/(z-3): at h(3)");
}
