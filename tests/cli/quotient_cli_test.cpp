// `grundy quotient` through the real binary: the formats, the refusals, a stop that keeps what
// was certified.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "support/run_cli.hpp"

// Misère Nim on heaps 0..3 is T2, of order 6 with a P-portion of 2 (Plambeck and Siegel).
TEST(QuotientCli, NimOnHeapsUpToThreeInEveryFormat) {
  CliResult r = run_cli("quotient subtraction -p set=1,2,3 --size 4");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("order 6, P-portion 2 elements"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("order by heap bound n (heaps 0..n): 1 2 6 6"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("presentation: <a, b | a^2 = 1, b^3 = b>, a = heap 1, b = heap 2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("P-portion: {a, b^2}"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pretending function (heap 0, 1, 2, ... -> element): 1 a b ab"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("product table:"), std::string::npos) << r.out;
  r = run_cli("quotient subtraction -p set=1,2,3 --size 4 --format json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"order\":6"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"complete\":true"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"orders\":[1,2,6,6]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"relations\":[[\"a^2\",\"1\"],[\"b^3\",\"b\"]]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"pretending\":[\"1\",\"a\",\"b\",\"ab\"]"), std::string::npos) << r.out;
  r = run_cli("quotient subtraction -p set=1,2,3 --size 4 --format latex");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\\begin{tabular}{c|cccccc}"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\\mathbf{b^{2}}"), std::string::npos) << r.out;
}

// With a pass, the header says which pass, and the P-portion is given for each count of passes left.
TEST(QuotientCli, WithAPassThePPortionOfEachCountOfPassesLeft) {
  const CliResult r = run_cli("quotient octal -p code=0.75 --pass --size 12");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("with 1 shared pass (not from terminal positions)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" with every pass to be made; with 0 passes left: {a, b^2}"), std::string::npos) << r.out;
  const CliResult j = run_cli("quotient octal -p code=0.75 --pass --size 12 --format json");
  EXPECT_NE(j.out.find("\"passes\":1"), std::string::npos) << j.out;
  EXPECT_NE(j.out.find("\"p_with_passes_left\":[false,true]"), std::string::npos) << j.out;
}

// `value` answers a misère position of several heaps from the quotient and names the route; the
// whole-position solver could not hold (20,30,40), whose moves lead to more than 15 heaps.
TEST(QuotientCli, ValueOfAMiserePositionOfSeveralHeapsComesFromTheQuotient) {
  const CliResult r = run_cli("value octal -p code=0.75 -p heaps=3 --misere 20,30,40");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("(20,30,40) is a N-position under misere play"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(from the misere quotient of heaps 0..40, order 8)"), std::string::npos) << r.out;
  const CliResult j = run_cli("value octal -p code=0.75 -p heaps=3 --misere 20,30,40 --format json");
  EXPECT_NE(j.out.find("\"position\":[20,30,40],\"route\":\"from the misere quotient of heaps 0..40, order 8\""),
            std::string::npos)
      << j.out;
  // ppos lists a box's misère P-positions from the quotient and says so, in text and JSON. By R8
  // (heaps 0..5 are 1 a b a b c, P-portion {a, b^2}, c^2 = b^2) the box 6x6 holds 9: four of
  // element a, four of b^2 from heaps 2 and 4, and (5,5).
  const CliResult p = run_cli("ppos octal -p code=0.75 -p heaps=2 --misere --size 6");
  EXPECT_NE(p.out.find("9 P-positions under misere play of octal(code=0.75, heaps=2) in the box 6x6  (by the misere "
                       "quotient of heaps 0..5, order 8)\n(0,1)\n"),
            std::string::npos)
      << p.out;
  const CliResult pj = run_cli("ppos octal -p code=0.75 -p heaps=2 --misere --size 6 --format json");
  EXPECT_NE(pj.out.find("\"route\":\"misere quotient of heaps 0..5, order 8\""), std::string::npos) << pj.out;
}

// 0.6 has no quotient of heaps 0..40 within 16 MiB, and the whole-position routes cannot answer
// either (a move of (40,40) leaves more than 15 heaps; the table of 41x41 needs more than 16
// MiB): the one line names both refusals.
TEST(QuotientCli, WhenNeitherRouteCanAnswerTheErrorNamesBoth) {
  const std::string quotient = "; the misere quotient of heaps 0..40 needs more than 16.0 MiB (it holds heaps 0..";
  const CliResult v = run_cli("value octal -p code=0.6 -p heaps=2 --misere 40,40 --max-memory 16M");
  EXPECT_EQ(v.status, 2);
  EXPECT_NE(v.err.find("a move leaves more than 15 heaps, the most a position may hold here" + quotient),
            std::string::npos)
      << v.err;
  const CliResult p = run_cli("ppos octal -p code=0.6 -p heaps=2 --misere --size 41 --max-memory 16M");
  EXPECT_EQ(p.status, 2);
  EXPECT_NE(p.err.find("over the memory limit of 16.0 MiB; raise it with --max-memory"), std::string::npos) << p.err;
  EXPECT_NE(p.err.find(quotient), std::string::npos) << p.err;
  for (const CliResult* r : {&v, &p}) EXPECT_EQ(std::count(r->err.begin(), r->err.end(), '\n'), 1) << r->err;
}

// --position answers a position of any number of heaps: 1,000 heaps of 0.75, each b (heap 2) or c
// (heap 5), with c^2 = b^2 and b^3 = b: an even count of each, 1,000 in all, is b^2, a P-position.
TEST(QuotientCli, APositionOfAThousandHeapsIsALookUp) {
  std::string heaps;
  for (int i = 0; i < 1000; ++i) heaps += (i ? "," : "") + std::string(i % 4 < 2 ? "2" : "5");
  const CliResult r = run_cli("quotient octal -p code=0.75 --size 8 --position " + heaps + " --position 3,5,7");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("(1000 heaps): P, element b^2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("position 3,5,7 (3 heaps): N, element ab^2"), std::string::npos) << r.out;
  const CliResult j = run_cli("quotient octal -p code=0.75 --size 8 --position 3,5,7 --format json");
  EXPECT_NE(j.out.find("\"positions\":[{\"element\":\"ab^2\",\"heaps\":[3,5,7],\"p\":false}]"), std::string::npos)
      << j.out;
  const CliResult bad = run_cli("quotient octal -p code=0.75 --size 8 --position 3,8");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("--position item 2 = '8': out of range; allowed 0..7"), std::string::npos) << bad.err;
}

// --misere may be given or not: the quotient is of misère play either way.
TEST(QuotientCli, MisereGivenOrNotIsTheSameQuotient) {
  const CliResult a = run_cli("quotient octal -p code=0.75 --size 12 --format json");
  const CliResult b = run_cli("quotient octal -p code=0.75 --misere --size 12 --format json");
  EXPECT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
}

TEST(QuotientCli, WhatItDoesNotCoverIsOneLine) {
  for (const char* args :
       {"quotient nim -p heaps=2 --size 8", "quotient subtraction -p set=1,2 --forbid 'x==3' --size 8",
        "quotient octal -p code=0.75 --pass --forbid 'x==3' --size 8"}) {
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.err.find("the misere quotient covers heap games: take-and-break codes"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "") << args;
  }
}

// 0.3122 on heaps 0..7 has no finite quotient (Weimerskirch, Games of No Chance 4): a deadline
// stops it, the quotient certified so far is written, and the exit status is the stop's.
TEST(QuotientCli, AStopWritesWhatWasCertifiedAndSaysSo) {
  const CliResult r = run_cli("quotient octal -p code=0.3122 --size 9 --max-seconds 1");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.out.find("incomplete: "), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("the output holds the quotient of heaps 0.."), std::string::npos) << r.err;
}
