// The catalogue of bad inputs (tests/cli/bad_inputs.tsv), each run through the real binary: it
// must exit with the expected status (2), print exactly one line on stderr containing the
// expected message, print nothing on stdout, and neither report an internal error nor trip a
// sanitizer. @DIR@ in the arguments is a directory holding the table files made below, @SRC@
// the source tree (its shipped atlas).
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "support/run_cli.hpp"

namespace {

struct BadInput {
  int line = 0;
  std::string args, expected;
  int status = 2;
};

// gtest prints a failing parameter with this: the row's line in the catalogue.
void PrintTo(const BadInput& b, std::ostream* os) { *os << "bad_inputs.tsv line " << b.line; }

std::vector<BadInput> catalogue() {
  std::ifstream in(std::string(GRUNDY_SOURCE_DIR) + "/tests/cli/bad_inputs.tsv");
  std::vector<BadInput> rows;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (text.empty() || text[0] == '#') continue;
    std::stringstream ss(text);
    BadInput b;
    std::string status;
    b.line = line;
    std::getline(ss, b.args, '\t');
    std::getline(ss, b.expected, '\t');
    std::getline(ss, status, '\t');
    b.status = status.empty() ? -1 : std::stoi(status);
    rows.push_back(b);
  }
  return rows;
}

std::string write_file(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

// The table files the --load rows read: one good table of nim -p heaps=2 over 4x4, and copies
// of it truncated, corrupted, emptied or replaced by something else. Made once per process.
const std::string& fixture_dir() {
  static const std::string dir = [] {
    // A folder of its own (a pid alone is reused across a ctest run, and the fifo would exist).
    std::string d = testing::TempDir() + "/grundy_bad_inputs_XXXXXX";
    EXPECT_NE(::mkdtemp(d.data()), nullptr) << d;
    const CliResult r = run_cli("table nim -p heaps=2 --size 4 --save " + d + "/nim2.tbl");
    EXPECT_EQ(r.status, 0) << r.err;
    const std::string good = slurp(d + "/nim2.tbl");
    EXPECT_GT(good.size(), 40u);
    write_file(d + "/truncated.tbl", good.substr(0, good.size() - 5));
    write_file(d + "/padded.tbl", good + "x");
    std::string flipped = good;
    flipped[flipped.size() - 12] ^= 0x01;  // a value
    write_file(d + "/flipped.tbl", flipped);
    std::string magic = good;
    magic[7] = '9';
    write_file(d + "/magic.tbl", magic);
    std::string header = good;
    header[12] = '[';  // the JSON header's opening brace
    write_file(d + "/header.tbl", header);
    std::string hlen = good;
    hlen[10] = '\x7f';  // header length far beyond the file
    write_file(d + "/hlen.tbl", hlen);
    write_file(d + "/empty.tbl", "");
    write_file(d + "/text.tbl", "x,y,grundy\n0,0,0\n0,1,1\n1,0,1\n1,1,0\n");
    std::string v1 = good;
    v1[7] = '1';  // a format-1 file: unsolved cells were not marked
    write_file(d + "/v1.tbl", v1);
    // A knight's table stores its reach box, whose far corners were never solved.
    const CliResult k = run_cli("table knight --size 6 --save " + d + "/knight6.tbl");
    EXPECT_EQ(k.status, 0) << k.err;
    EXPECT_EQ(::mkfifo((d + "/fifo").c_str(), 0600), 0);
    return d;
  }();
  return dir;
}

std::string substitute(std::string args) {
  for (std::size_t at; (at = args.find("@DIR@")) != std::string::npos;) args.replace(at, 5, fixture_dir());
  for (std::size_t at; (at = args.find("@SRC@")) != std::string::npos;) args.replace(at, 5, GRUNDY_SOURCE_DIR);
  return args;
}

class BadInputs : public testing::TestWithParam<BadInput> {};

TEST_P(BadInputs, OneClearLineAndExit2) {
  const BadInput& b = GetParam();
  // A hang is a failure too: `timeout` ends the run with status 124.
  const CliResult r = run_cli(substitute(b.args), "", "timeout 60");
  const std::string where = "tests/cli/bad_inputs.tsv:" + std::to_string(b.line) + ": grundy " + b.args.substr(0, 200) +
                            "\nstderr: " + r.err.substr(0, 2000) + "\nstdout: " + r.out.substr(0, 500);
  EXPECT_EQ(r.status, b.status) << where;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << where;
  EXPECT_TRUE(!r.err.empty() && r.err.back() == '\n') << where;
  EXPECT_NE(r.err.find(b.expected), std::string::npos) << "expected: " << b.expected << "\n" << where;
  EXPECT_EQ(r.out, "") << where;
  for (const char* bad : {"internal error", "Sanitizer", "runtime error", "terminate called"})
    EXPECT_EQ(r.err.find(bad), std::string::npos) << where;
}

std::string row_name(const testing::TestParamInfo<BadInput>& info) { return "line" + std::to_string(info.param.line); }

INSTANTIATE_TEST_SUITE_P(Catalogue, BadInputs, testing::ValuesIn(catalogue()), row_name);

// The catalogue itself: large enough, well formed, and reaching every command.
TEST(BadInputsCatalogue, CoversEveryCommand) {
  const auto rows = catalogue();
  EXPECT_GE(rows.size(), 100u);
  std::set<std::string> commands, seen;
  for (const auto& b : rows) {
    EXPECT_FALSE(b.expected.empty()) << "line " << b.line;
    EXPECT_EQ(b.status, 2) << "line " << b.line;
    EXPECT_TRUE(seen.insert(b.args).second) << "line " << b.line << " repeats " << b.args;
    commands.insert(b.args.substr(0, b.args.find(' ')));
  }
  for (const char* c :
       {"games", "value", "moves", "table", "ppos", "verify", "bench", "fts-f", "reverse-mex", "serve", "atlas"})
    EXPECT_TRUE(commands.count(c)) << "no bad input for grundy " << c;
}

}  // namespace
