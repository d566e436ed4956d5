// seq, structure, check, discover and `value` from a proven period, through the real binary.
#include <gtest/gtest.h>

#include "support/run_cli.hpp"

namespace {

bool has(const std::string& s, const std::string& needle) { return s.find(needle) != std::string::npos; }

TEST(StructureCli, SeqProvesTheSubtractionPaperPeriod) {
  for (int n = 3; n <= 10; ++n) {
    const CliResult r = run_cli("seq subtraction -p set=2," + std::to_string(4 * n) + "," + std::to_string(4 * n + 2) + " --size 20");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(has(r.out, "proven: preperiod 0, period " + std::to_string(8 * n) + ", saltus 0")) << r.out;
  }
}

TEST(StructureCli, SeqObservedForOtherGames) {
  const CliResult r = run_cli("seq nim -p heaps=1 --size 10");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "0 1 2 3 4 5 6 7 8 9")) << r.out;
  EXPECT_TRUE(has(r.out, "observed: preperiod 0, period 1, saltus 1")) << r.out;
  EXPECT_TRUE(has(r.out, "observed up to x = 9")) << r.out;
  const CliResult e = run_cli("seq nim -p heaps=2 --size 10");
  EXPECT_EQ(e.status, 2);
  EXPECT_TRUE(has(e.err, "one-heap")) << e.err;
}

TEST(StructureCli, ValueOfAHugeHeapFromTheProvenPeriod) {
  const CliResult r = run_cli("value subtraction -p set=1,2,3 4000000000000000001");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "G(4000000000000000001) = 1")) << r.out;
  EXPECT_TRUE(has(r.out, "(from the proven period 4 after preperiod 0)")) << r.out;
  // With the pass: the same answer as the plain value at a heap in the same residue class.
  const CliResult a = run_cli("value subtraction -p set=2,12,14 --pass 4000000000000000000,1 --format csv");
  const std::int64_t small = 46 + (4000000000000000000 - 46) % 24;
  const CliResult b = run_cli("value subtraction -p set=2,12,14 --pass " + std::to_string(small) + ",1 --format csv");
  ASSERT_EQ(a.status, 0) << a.err;
  auto cell = [](const std::string& out) {
    const std::string row = out.substr(out.find('\n') + 1);
    return row.substr(row.find(','));
  };
  EXPECT_EQ(cell(a.out), cell(b.out)) << a.out << b.out;
}

TEST(StructureCli, CheckHoldsAndFails) {
  CliResult r = run_cli("check nim -p heaps=3 --size 8 --ppos '(x^y^z) == 0'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "holds on x,y,z in 0..7 (512 positions)")) << r.out;
  r = run_cli("check nim -p heaps=2 --size 4 --formula 'x + y'");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_TRUE(has(r.out, "fails at 7 of 16 positions")) << r.out;  // x & y != 0
  EXPECT_TRUE(has(r.out, "(1,1): 0, 2")) << r.out;
  r = run_cli("check nim -p heaps=2 --size 4 --formula 'x + w'");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(has(r.err, "--formula 'x + w'")) << r.err;
  r = run_cli("check nim -p heaps=2 --size 4");
  EXPECT_EQ(r.status, 2);
}

TEST(StructureCli, StructureOfNimWithPassAndASum) {
  CliResult r = run_cli("structure nim -p heaps=2 --pass --size 16");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "symmetry:     G(x,y,p) = G(y,x,p)  holds on the box")) << r.out;
  r = run_cli("structure sum -p 'a=subtraction -p set=1,2,3' -p 'b=subtraction -p set=1,2' --size 24");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "G(x1+4,x2) = G(x1,x2)")) << r.out;
  EXPECT_TRUE(has(r.out, "24 of 24 ultimately periodic (24 with period 4")) << r.out;
}

TEST(StructureCli, DiscoverNimAndFts) {
  CliResult r = run_cli("discover nim -p heaps=3 --size 16");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "Grundy value: G = x ^ y ^ z")) << r.out;
  EXPECT_TRUE(has(r.out, "not proofs")) << r.out;
  r = run_cli("discover nim --forbid 'total % 3 == 0' --size 16");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "P-positions: x / 3 ^ y / 3 ^ z / 3 == 0 && (total % 3 == 1 ||")) << r.out;
}

// One move far beyond the heaps asked for: the sweep keeps only the heaps it needs, so small
// heaps answer at once (before, even heap 5 was refused for want of a 4 TiB ring), and no period
// is claimed proven, since a proof needs max(S) consecutive heap sizes to repeat.
TEST(StructureCli, HugeMoveAnswersSmallHeapsAndProvesNothing) {
  CliResult r = run_cli("value subtraction -p set=1,1000000000000 5");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "G(5) = 1  (N-position)")) << r.out;
  r = run_cli("seq subtraction -p set=1,1000000000000 --size 20");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1")) << r.out;
  EXPECT_FALSE(has(r.out, "proven: preperiod")) << r.out;
  EXPECT_TRUE(has(r.out, "no period proven: a proof needs max(S) = 1000000000000 consecutive heap sizes to repeat"))
      << r.out;
  r = run_cli("seq subtraction -p set=1,1000000000000 --size 20 --format json");
  EXPECT_TRUE(has(r.out, "\"status\":\"none\"")) << r.out;
  // Past 2^24 `value` tries the period first; out of reach, the sweep answers, as the game
  // without the huge move does from its proven period.
  const CliResult a = run_cli("value subtraction -p set=1,1000000000000 --pass 16777217,1 --format csv");
  const CliResult b = run_cli("value subtraction -p set=1 --pass 16777217,1 --format csv");
  ASSERT_EQ(a.status, 0) << a.err;
  ASSERT_EQ(b.status, 0) << b.err;
  EXPECT_EQ(a.out.substr(a.out.find('\n')), b.out.substr(b.out.find('\n'))) << a.out << b.out;
  // Far beyond any sweep: refused with the memory line, never answered from a period.
  r = run_cli("value subtraction -p set=1,1000000000000 4000000000000000000");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_TRUE(has(r.err, "needs about") && has(r.err, "of memory; ask for a smaller box")) << r.err;
}

// A line that decreases regularly on the box is not ultimately periodic (a negative saltus would
// go below zero): Nim's row y = 7 on 8 x 8 is 7 6 .. 0, "period 1 saltus -1" before; the values
// 0 0 1 1 0 0 of subtraction {2} were "preperiod 2, period 2, saltus -1".
TEST(StructureCli, NoNegativeSaltus) {
  CliResult r = run_cli("structure nim -p heaps=2 --size 8");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_FALSE(has(r.out, "saltus -")) << r.out;
  EXPECT_TRUE(has(r.out, "first without two full periods")) << r.out;
  r = run_cli("structure nim -p heaps=2 --size 8 --format json");
  EXPECT_FALSE(has(r.out, "\"saltus\": -")) << r.out;
  r = run_cli("seq subtraction -p set=2 --forbid 'x > 99' --size 6");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "0 0 1 1 0 0")) << r.out;
  // One "no period" line, and one range: the one searched.
  EXPECT_TRUE(has(r.out, "no period\n  no period with two full repetitions within x < 6\n")) << r.out;
  EXPECT_FALSE(has(r.out, "saltus -")) << r.out;
}

// Translations confirmed on positions only, and short exception lists that are short. Before,
// the bar with h = 0 (12 positions) had five translations checked on non-positions only, and
// the queen on 4 x 4 was "G = m ^ n except at" 9 of its 16 positions.
TEST(StructureCli, DiscoverClaimsOnlyWhatTheBoxSupports) {
  CliResult r = run_cli("discover chocolate2 -p h=0 --size 12");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_FALSE(has(r.out, "translation:")) << r.out;
  EXPECT_TRUE(has(r.out, "(12 positions; exception lists of at most 0 positions: 1% of the box, at most 12)")) << r.out;
  r = run_cli("structure chocolate2 -p h=1 --size 12");
  EXPECT_TRUE(has(r.out, "translation:  none")) << r.out;
  r = run_cli("discover queen --size 4");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_FALSE(has(r.out, "except at")) << r.out;
  r = run_cli("discover queen --size 4 --format json");
  EXPECT_TRUE(has(r.out, "\"max_exceptions\": 0")) << r.out;
  r = run_cli("discover knight --size 32");
  EXPECT_TRUE(has(r.out, "translation: G(position + (4,4)) = G(position) (checked on 784 pairs of positions)"))
      << r.out;
  EXPECT_TRUE(has(r.out, "exception lists of at most 10 positions")) << r.out;
}

}  // namespace
