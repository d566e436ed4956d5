// The CLI contract of the README ("Formats, files and exit codes"), held command by command
// through the real binary: one table pipeline for table and ppos (fast routes agree with the
// table route), --out and its extension, the npy and wide CSV formats, exit codes, the house
// one-line error for CLI11's own errors, --version and help text without CLI11's type syntax.
#include <gtest/gtest.h>

#include <cstdint>
#include <regex>
#include <string>
#include <vector>

#include "support/run_cli.hpp"

namespace {

std::string temp_file(const std::string& name) { return testing::TempDir() + "/grundy_contract_" + name; }

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

int lines(const std::string& text) {
  int n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

// A ppos listing in text without the route its heading names ("  (by the table)"), which is all
// that tells two routes' listings apart.
std::string without_route(const std::string& listing) {
  const std::size_t route = listing.find("  (by the ");
  const std::size_t end = listing.find('\n');
  if (route == std::string::npos || end == std::string::npos || route > end) return listing;
  return listing.substr(0, route) + listing.substr(end);
}

// The parts of an .npy file (format 1.0): its header dictionary and its data bytes.
struct Npy {
  std::string header, data;
};

Npy read_npy(const std::string& path) {
  const std::string s = slurp(path);
  Npy n;
  if (s.size() < 10 || s.substr(0, 8) != std::string("\x93NUMPY\x01\x00", 8)) return n;
  const std::size_t len = static_cast<unsigned char>(s[8]) | static_cast<std::size_t>(static_cast<unsigned char>(s[9]))
                                                                 << 8;
  EXPECT_EQ((10 + len) % 64, 0U) << "header not padded to 64 bytes";
  n.header = s.substr(10, len);
  n.data = s.substr(10 + len);
  return n;
}

}  // namespace

TEST(Contract, VersionUsageAndHelpText) {
  CliResult r = run_cli("--version");
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(std::regex_match(r.out, std::regex("grundy [0-9]+\\.[0-9]+\\.[0-9]+\n"))) << r.out;
  r = run_cli("--help");
  EXPECT_TRUE(has(r.out, "Usage: grundy ")) << r.out;
  // Every command's help: the program is "grundy", and values are described in words, not in
  // CLI11's type syntax (INT, TEXT, UINT:..., [1 - 15]).
  const std::regex internal_names("\\.tsv|\\.md\\b|paper 0|(chocolate|FTS|fts|knight|subtraction) paper");
  const std::regex cli11_types("\\b(INT|UINT|TEXT|FLOAT|BOOLEAN|ENUM)\\b|:INT|:UINT|:NUMBER");
  for (const char* cmd : {"value", "moves", "table", "ppos", "seq", "check", "discover", "structure", "ns",
                          "reverse-mex", "verify", "games", "play", "serve", "bench", "fts-f", "atlas"}) {
    r = run_cli(std::string(cmd) + " --help");
    EXPECT_EQ(r.status, 0) << cmd;
    EXPECT_TRUE(has(r.out, std::string("Usage: grundy ") + cmd)) << r.out;
    EXPECT_FALSE(std::regex_search(r.out, cli11_types)) << cmd << " --help:\n" << r.out;
    EXPECT_FALSE(std::regex_search(r.out, internal_names)) << cmd << " --help:\n" << r.out;
  }
  // Papers are named by their authors and title, never by file numbers or the golden files.
  for (const char* args : {"games", "verify knight", "verify knight --format json"}) {
    r = run_cli(args);
    EXPECT_FALSE(std::regex_search(r.out, internal_names)) << args << ":\n" << r.out;
  }
  EXPECT_TRUE(has(run_cli("value --help").out, "all passes available")) << "the pass default is said in --help";
}

TEST(Contract, Cli11ErrorsAreTheHouseOneLiner) {
  for (const char* args : {"table nim --size 4 --bogus", "table nim --size", "frobnicate",
                           "value nim -p heaps=2 1,1 --format", "table nim --size 4 --size 5"}) {
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_EQ(lines(r.err), 1) << args << ":\n" << r.err;
    EXPECT_EQ(r.err.rfind("grundy: error: ", 0), 0U) << args << ":\n" << r.err;
  }
}

TEST(Contract, ExitCodesOfEveryClaim) {
  // 0: the claim holds; 1: it fails (and the counterexamples are printed); 2: bad input.
  EXPECT_EQ(run_cli("check nim -p heaps=3 --size 8 --ppos 'x ^ y ^ z == 0'").status, 0);
  CliResult r = run_cli("check nim -p heaps=3 --size 8 --formula 'x + y + z'");
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(has(r.out, "counterexample")) << r.out;
  EXPECT_EQ(run_cli("check nim -p heaps=3 --size 8 --formula 'x +'").status, 2);
  EXPECT_EQ(run_cli("verify knight").status, 0);
  r = run_cli("verify knight --strict");
  EXPECT_EQ(r.status, 1) << "knight's documented misprints fail under --strict";
  EXPECT_TRUE(has(r.out, "ERRATUM")) << r.out;
  EXPECT_EQ(run_cli("verify nowhere").status, 2);
}

TEST(Contract, OutFollowsTheExtensionAndAClashIsBadInput) {
  const std::string csv = temp_file("t.csv"), json = temp_file("t.json"), tex = temp_file("t.tex"),
                    txt = temp_file("t.txt");
  for (const auto& [path, start] : std::vector<std::pair<std::string, std::string>>{
           {csv, "x,y,grundy,outcome\n"}, {json, "{"}, {tex, "% nim(heaps=2)"}, {txt, "nim(heaps=2)\n"}}) {
    const CliResult r = run_cli("table nim -p heaps=2 --size 3 --out " + path);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(slurp(path).rfind(start, 0), 0U) << path << ":\n" << slurp(path);
  }
  // --format wins over the extension it agrees with; a disagreement is refused before any work.
  EXPECT_EQ(run_cli("table nim -p heaps=2 --size 3 --format csv --out " + csv).status, 0);
  CliResult r = run_cli("table nim -p heaps=2 --size 3 --format json --out " + csv);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(has(r.err, "csv")) << r.err;
  // Every command that prints data takes --out.
  for (const std::string args :
       {"value nim -p heaps=2 1,2", "moves nim -p heaps=2 1,2", "ppos nim -p heaps=2 --size 4",
        "seq subtraction -p set=1,2 --size 20", "check nim -p heaps=2 --size 4 --ppos 'x == y'",
        "discover nim -p heaps=2 --size 8", "structure nim -p heaps=2 --size 8", "verify knight", "games",
        "fts-f -p d=5 --size 8"}) {
    std::remove(json.c_str());
    r = run_cli(args + " --out " + json);
    EXPECT_EQ(r.status, 0) << args << ": " << r.err;
    EXPECT_EQ(r.out, "") << args;
    const std::string first = slurp(json).substr(0, 1);
    EXPECT_TRUE(first == "{" || first == "[") << args << ":\n" << slurp(json).substr(0, 200);
  }
}

TEST(Contract, NpyHoldsTheTableInTheSmallestDtype) {
  const std::string npy = temp_file("t.npy");
  CliResult r = run_cli("table nim -p heaps=2 --size 5x3 --out " + npy);
  ASSERT_EQ(r.status, 0) << r.err;
  Npy n = read_npy(npy);
  EXPECT_TRUE(has(n.header, "'descr': '|u1'")) << n.header;
  EXPECT_TRUE(has(n.header, "'shape': (5, 3)")) << n.header;
  ASSERT_EQ(n.data.size(), 15U);
  for (int x = 0; x < 5; ++x)
    for (int y = 0; y < 3; ++y)
      EXPECT_EQ(static_cast<unsigned char>(n.data[static_cast<std::size_t>(3 * x + y)]), x ^ y);
  // Values above 255 take two bytes.
  ASSERT_EQ(run_cli("table nim -p heaps=2 --size 300 --out " + npy).status, 0);
  n = read_npy(npy);
  EXPECT_TRUE(has(n.header, "'descr': '<u2'")) << n.header;
  EXPECT_EQ(n.data.size(), 2U * 300 * 300);
  // Outcomes: 0 for P, 1 for N; P-positions: one row per position.
  ASSERT_EQ(run_cli("ppos nim -p heaps=3 --size 4 --out " + npy).status, 0);
  n = read_npy(npy);
  EXPECT_TRUE(has(n.header, "'shape': (16, 3)")) << n.header;
}

TEST(Contract, NumpyReadsNpyAndWideCsvAlike) {
  if (std::system("/usr/bin/python3 -c 'import numpy' 2> /dev/null") != 0) GTEST_SKIP() << "no numpy";
  const std::string npy = temp_file("n.npy"), csv = temp_file("n.csv");
  ASSERT_EQ(run_cli("table subtraction -p set=2,12,14 --pass --size 40 --out " + npy).status, 0);
  ASSERT_EQ(run_cli("table subtraction -p set=2,12,14 --pass --size 40 --format csv --wide --out " + csv).status, 0);
  const CliResult r = run_sh("/usr/bin/python3 -c \"import numpy as np; a = np.load('" + npy + "'); b = np.loadtxt('" +
                             csv + "', delimiter=',', ndmin=2); print(a.shape, a.dtype, (a == b).all())\"");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "(40, 2) uint8 True\n");
}

TEST(Contract, PposFastRouteAgreesWithTheTableRoute) {
  // Three-heap Nim with a pass, p = 1: the f grid (one P-position per line) and the table
  // (--save forces it) print the same positions in the same order.
  const std::string tbl = temp_file("n3p.tbl");
  const CliResult fast = run_cli("ppos nim -p heaps=3 --pass --size 24 --fix p=1");
  const CliResult table = run_cli("ppos nim -p heaps=3 --pass --size 24 --fix p=1 --save " + tbl);
  ASSERT_EQ(fast.status, 0) << fast.err;
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_TRUE(has(fast.out, "  (by the f grid (unique completion))\n")) << fast.out;
  EXPECT_TRUE(has(table.out, "  (by the table)\n")) << table.out;
  EXPECT_EQ(without_route(fast.out), without_route(table.out));
  EXPECT_GT(lines(fast.out), 24);
  // Three-pile FTS: the f grid and the gaps of its row and column sets, against the table.
  const CliResult fts = run_cli("ppos fts -p piles=3 -p d=5 --size 40x30x50");
  const CliResult fts_table = run_cli("ppos fts -p piles=3 -p d=5 --size 40x30x50 --save " + temp_file("fts.tbl"));
  ASSERT_EQ(fts.status, 0) << fts.err;
  EXPECT_EQ(without_route(fts.out), without_route(fts_table.out));
  // ppos --load accepts a table of Grundy values (P = value 0).
  const std::string grundy = temp_file("n3p_grundy.tbl");
  const CliResult saved =
      run_cli("table nim -p heaps=3 --pass --size 24 --fix z=23 --save " + grundy + " --out " + temp_file("x.json"));
  ASSERT_EQ(saved.status, 0) << saved.err;
  const CliResult loaded = run_cli("ppos nim -p heaps=3 --pass --size 24 --fix p=1 --load " + grundy);
  EXPECT_EQ(loaded.status, 0) << loaded.err;
  EXPECT_EQ(without_route(loaded.out), without_route(fast.out));
  // The CSV of P-positions has no empty column.
  const CliResult csv = run_cli("ppos nim -p heaps=3 --pass --size 4 --fix p=1 --format csv");
  EXPECT_EQ(csv.out.substr(0, csv.out.find('\n')), "x,y,z,p,outcome");
  EXPECT_FALSE(has(csv.out, ",\n")) << csv.out;
}

TEST(Contract, RectangularBoxesAndThePassDefault) {
  CliResult r = run_cli("table nim -p heaps=2 --size 2x5 --format csv --wide");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "\n0,1,2,3,4\n1,0,3,2,5\n")) << r.out;
  EXPECT_EQ(run_cli("table nim -p heaps=2 --size 2x5x7").status, 2);
  // Without its pass counter, a position has all its passes.
  EXPECT_EQ(run_cli("value nim -p heaps=3 --passes 2 1,2,3").out,
            run_cli("value nim -p heaps=3 --passes 2 1,2,3,2").out);
}

TEST(Contract, ValueReadsPositionsFromStandardInput) {
  const CliResult r = run_cli("value nim -p heaps=3 --stdin --format csv", "1,2,3\n4,5,6\n\n7,7,7\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "x,y,z,grundy,outcome\n1,2,3,0,P\n4,5,6,7,N\n7,7,7,7,N\n");
  const CliResult bad = run_cli("value nim -p heaps=3 --stdin", "1,2,3\n1,2\n");
  EXPECT_EQ(bad.status, 2);
  EXPECT_TRUE(has(bad.err, "line 2")) << bad.err;
}

TEST(Contract, MisereIsNamedWhereverValuesAreShown) {
  const std::string heading = "nim(heaps=2), misere play (P/N)";
  EXPECT_TRUE(has(run_cli("table nim -p heaps=2 --misere --size 3").out, heading));
  EXPECT_TRUE(has(run_cli("table nim -p heaps=2 --misere --size 3 --format latex").out, heading));
  EXPECT_TRUE(has(run_cli("table nim -p heaps=2 --misere --size 3 --format svg").out, heading));
  EXPECT_TRUE(
      has(run_cli("table nim -p heaps=2 --misere --size 3 --format json").out, "\"evaluation\":\"misere-outcome\""));
}

TEST(Contract, LargeCsvStreamsInLittleMemory) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space";
#endif
  // 4096^2 cells: the table and the printed slice are 64 MiB each, the CSV 271 MB; under an
  // address-space limit of 293 MiB it can only be written if it is streamed.
  const CliResult r =
      run_sh("ulimit -v 300000; GRUNDY_THREADS=2 $GRUNDY table nim -p heaps=2 --size 4096 --format csv | wc -l");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "16777217\n");
}

TEST(Contract, DiscoverEndsWithACheckCommandThatRunsAsPrinted) {
  for (const char* args : {"discover fts -p piles=3 -p d=3 --size 12", "discover nim -p heaps=3 --size 8",
                           "discover chocolate2 -p 'h=z / 2' --size 10"}) {
    const CliResult r = run_sh(std::string("cmd=$($GRUNDY ") + args +
                               " | tail -1 | sed \"s|^ *grundy |$GRUNDY |\"); echo \"$cmd\" >&2; eval \"$cmd\"");
    EXPECT_EQ(r.status, 0) << args << ":\n" << r.err << r.out;
    EXPECT_EQ(r.out.rfind("holds on ", 0), 0U) << args << ":\n" << r.err << r.out;
  }
}
