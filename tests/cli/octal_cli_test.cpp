// Take-and-break games through the real binary: proven periods, huge heaps from them, positions
// of several heaps, and the transforms that solve positions whole.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "support/run_cli.hpp"

// Dawson's chess 0.137: period 34, last exception at 51 (OEIS A002187), proven.
TEST(OctalCli, SeqProvesDawsonsChess) {
  const CliResult r = run_cli("seq octal -p code=0.137 --size 20");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("proven: preperiod 52, period 34, saltus 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("last exceptional value at 51"), std::string::npos) << r.out;
  const CliResult j = run_cli("seq octal -p code=0.77 --size 5 --format json");
  EXPECT_NE(j.out.find("\"period\":12,\"preperiod\":71"), std::string::npos) << j.out;
  EXPECT_NE(j.out.find("\"status\":\"proven\""), std::string::npos) << j.out;
}

// A heap of 10^15 stones from the proven period: Kayles repeats 741281472182 from heap 71
// (data/golden/octal/trivial.tsv), and (10^15 - 71) mod 12 = 5 picks its sixth value, 1.
TEST(OctalCli, HugeHeapFromTheProvenPeriod) {
  const CliResult r = run_cli("value octal -p code=0.77 1000000000000000");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("G(1000000000000000) = 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("from the proven period 12 after preperiod 71"), std::string::npos) << r.out;
}

// The same for positions of several heaps (the family's position solver says where the value
// came from, as the period search of `value` used to, on a second sweep). A code that splits into three heaps searches
// its period for about 10 s at most (its sweep costs O(n) a heap size): 0.f (any number off, leaving up to three heaps)
// is proven with period 2; 0.8's values have no period that soon, and its sweep to 10^8 is refused by its memory, where
// both used to run for hours.
TEST(OctalCli, HugeHeapsOfPositionsAndThreeWaySplits) {
  CliResult r = run_cli("value octal -p code=0.77 -p heaps=2 1000000000000000,3");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("G(1000000000000000,3) = 2"), std::string::npos) << r.out;  // 1 ^ 3
  EXPECT_NE(r.out.find("from the proven period 12 after preperiod 71"), std::string::npos) << r.out;
  r = run_cli("value octal -p code=0.f 100000000");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("G(100000000) = 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("from the proven period 2 after preperiod 0"), std::string::npos) << r.out;
  r = run_cli("value octal -p code=0.8 100000000 --max-memory 4G");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("the value sequence of octal(code=0.8) up to heap 100000000 needs about"), std::string::npos)
      << r.err;
}

TEST(OctalCli, PositionsOfSeveralHeapsAndMisere) {
  CliResult r = run_cli("value octal -p code=0.77 -p heaps=3 3,7,12");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("G(3,7,12) = 5"), std::string::npos) << r.out;  // 3 ^ 2 ^ 4
  // Misere Kayles: a single pin is a P-position (its one move leaves nothing, and the player
  // who takes the last pin loses); two single pins are an N-position.
  r = run_cli("value octal -p code=0.77 -p heaps=2 --misere 1,0");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("is a P-position under misere play"), std::string::npos) << r.out;
  r = run_cli("value octal -p code=0.77 -p heaps=2 --misere 1,1");
  EXPECT_NE(r.out.find("is a N-position under misere play"), std::string::npos) << r.out;
}

// OEIS b-files: "n a(n)" per line after one comment line; a table of two coordinates and an
// outcome evaluation are refused with one line.
TEST(OctalCli, SeqAsAnOeisBfile) {
  CliResult r = run_cli("seq octal -p code=0.77 --size 5 --format bfile");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.substr(r.out.find('\n') + 1), "0 0\n1 1\n2 2\n3 3\n4 1\n") << r.out;
  EXPECT_EQ(r.out.rfind("# Grundy values of octal(code=0.77)", 0), 0u) << r.out;
  r = run_cli("table octal -p code=0.77 --size 6 --format bfile");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\n5 4\n"), std::string::npos) << r.out;
  r = run_cli("table nim -p heaps=2 --size 4 --format bfile");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--format bfile writes a sequence"), std::string::npos) << r.err;
  r = run_cli("seq octal -p code=0.77 --misere --size 5 --format bfile");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("not outcomes"), std::string::npos) << r.err;
}

// moves of one heap lists options of two heaps, valued by the sequence and the xor (not by the
// memo solver); a heap whose sequence exceeds the memory limit is refused before any option is
// listed, and a huge heap of a game with a proven period is valued from it first (Kayles: the
// proof needs 168 heap sizes, so 1 MB is enough), then refused for its number of moves.
TEST(OctalCli, MovesOfAHeapAndTheMemoryGuardFirst) {
  CliResult r = run_cli("moves octal -p code=grundy 1000");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find(", 499 moves, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(999,1)"), std::string::npos) << r.out;
  r = run_cli("moves octal -p code=grundy --max-memory 1M 100000000");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.err.find("the value sequence of octal(code=4!.0, Grundy's game) up to heap 100000000"), std::string::npos)
      << r.err;
  r = run_cli("moves octal -p code=0.77 --max-memory 1M 100000000");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.err.find("more than 8388608 moves"), std::string::npos) << r.err;
  r = run_cli("moves octal -p code=0.77 --max-memory 2M 50000");  // the list of moves too
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.err.find("the list of the 50000 moves of position 50000 needs about"), std::string::npos) << r.err;
  r = run_cli("value octal -p code=0.77 -p heaps=2 --max-memory 1M 3,100000007");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("G(3,100000007) = 4"), std::string::npos) << r.out;  // G(3) = 3, G(71 + 12 k) = 7
}

// seq --save writes the sequence swept; --load goes on from it, to the same values as one run.
// A file of another game, a damaged file, and a game that is not take-and-break are refused.
TEST(OctalCli, SeqSavesAndResumesItsSequence) {
  const std::string file = testing::TempDir() + "/grundy_seq_4-0.gtab";
  const std::string bad = testing::TempDir() + "/grundy_seq_bad.gtab";
  CliResult r = run_cli("seq octal -p code=grundy --size 10 --search 4096 --save " + file);
  ASSERT_EQ(r.status, 0) << r.err;
  const CliResult resumed = run_cli("seq octal -p code=grundy --size 6000 --search 6000 --format bfile --load " + file);
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  const CliResult direct = run_cli("seq octal -p code=grundy --size 6000 --search 6000 --format bfile");
  EXPECT_EQ(resumed.out, direct.out);
  r = run_cli("seq octal -p code=0.6 --size 10 --load " + file);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("holds octal(code=4!.0, Grundy's game), not octal(code=0.6)"), std::string::npos) << r.err;
  {
    std::ifstream in(file, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    bytes[bytes.size() / 2] ^= 1;
    std::ofstream(bad, std::ios::binary) << bytes;
  }
  r = run_cli("seq octal -p code=grundy --size 10 --load " + bad);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("checksum mismatch"), std::string::npos) << r.err;
  r = run_cli("seq subtraction -p set=1,2 --size 10 --save " + bad);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("only take-and-break games"), std::string::npos) << r.err;
}

// A position of a take-and-break game is its list of heaps: without -p heaps, value, moves and
// play take their number from the position (Nim's positions too); a count the family does not
// take is named with the position it came from.
TEST(OctalCli, AListOfHeapsIsAPositionWithoutHeapsGiven) {
  CliResult r = run_cli("value octal -p code=0.77 5,9,13");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("G(5,9,13) = 1  (N-position)  in octal(code=0.77, heaps=3)"), std::string::npos)
      << r.out;  // 4 ^ 4 ^ 1
  r = run_cli("moves octal -p code=0.77 2,1");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("(2,1) in octal(code=0.77, heaps=2): G = 3"), std::string::npos) << r.out;
  r = run_cli("play octal -p code=0.77 1,1", "quit\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Playing octal(code=0.77, heaps=2)"), std::string::npos) << r.out;
  r = run_cli("value nim 3,5");
  EXPECT_NE(r.out.find("G(3,5) = 6"), std::string::npos) << r.out;
  r = run_cli("value octal -p code=0.77 1,2,3,4,5,6,7,8,9");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "grundy: error: position 1,2,3,4,5,6,7,8,9 taken as -p heaps=9: -p heaps = '9': out of range; "
            "allowed 1..8\n");
  // Given, -p heaps rules; with a pass the last coordinate may be the pass counter, so nothing
  // is taken from the count.
  r = run_cli("value octal -p code=0.77 -p heaps=1 3,4");
  EXPECT_EQ(r.status, 2);
  r = run_cli("value nim --pass 3,5,1");
  EXPECT_NE(r.out.find("nim(heaps=3) + pass"), std::string::npos) << r.out << r.err;
}

// seq --save writes its file after each step of the search: a stop keeps the last one, and says
// so (and how to go on) rather than that no file was written.
TEST(OctalCli, AStoppedSeqSaysWhatItsSaveFileKeeps) {
  const std::string file = testing::TempDir() + "/grundy_seq_stopped.gtab";
  std::remove(file.c_str());
  CliResult r = run_cli("seq octal -p code=0.004 --size 10 --search 4000000 --max-seconds 2 --save " + file);
  EXPECT_EQ(r.status, 2);
  const std::string head =
      "grundy: stopped by --max-seconds before the command finished (no --out file was written; "
      "--save " +
      file + " holds G(0..";
  ASSERT_EQ(r.err.rfind(head, 0), 0u) << r.err;
  const std::int64_t kept = std::stoll(r.err.substr(head.size())) + 1;
  EXPECT_EQ(r.err.substr(head.size()), std::to_string(kept - 1) + "): --load it to go on)\n");
  r = run_cli("seq octal -p code=0.004 --size " + std::to_string(kept) + " --search " + std::to_string(kept) +
              " --format json --load " + file);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"checked_up_to\":" + std::to_string(kept - 1)), std::string::npos) << r.out.substr(0, 200);
}

// A heap below 2^24 of a code whose period is proven on the way is read from the period: the
// sweep stops at the proof (Kayles: a few hundred heap sizes), and the value agrees with seq's.
TEST(OctalCli, AHeapPastTheProofIsReadFromThePeriod) {
  const CliResult v = run_cli("value octal -p code=0.77 16777215");
  ASSERT_EQ(v.status, 0) << v.err;
  EXPECT_NE(v.out.find("from the proven period 12 after preperiod 71"), std::string::npos) << v.out;
  // 16777215 = 71 + 12k + 4: the value of heap 75.
  const CliResult s = run_cli("seq octal -p code=0.77 --size 76 --format json");
  ASSERT_EQ(s.status, 0) << s.err;
  const std::string values = s.out.substr(s.out.find("\"values\":["));
  int at = 0;
  std::size_t i = values.find('[') + 1;
  for (; at < 75; ++at) i = values.find(',', i) + 1;
  const std::string g75 = values.substr(i, values.find_first_of(",]", i) - i);
  EXPECT_NE(v.out.find("G(16777215) = " + g75 + " "), std::string::npos) << v.out << " G(75) = " << g75;
  const CliResult mixed = run_cli("value octal -p heaps=3 -p code=0.77 5,200000,16777215");
  ASSERT_EQ(mixed.status, 0) << mixed.err;
  EXPECT_NE(mixed.out.find("from the proven period"), std::string::npos) << mixed.out;
}
