// The knight paper's verify catalog (src/analysis/verify_knight.cpp): every claim runs, none
// fails, and the ERRATUM lines are exactly the three misprints of ERRATA_CANDIDATES.md B1-B3.
#include <gtest/gtest.h>

#include <set>

#include "analysis/verify.hpp"

using namespace grundy;

namespace {

// The catalog runs once (about half a second) for all the tests below.
const analysis::VerifyReport& knight_report() {
  static const analysis::VerifyReport report = [] {
    analysis::VerifyReport r("knight");
    analysis::verify_knight(r);
    return r;
  }();
  return report;
}

}  // namespace

TEST(VerifyKnight, NoFailAndExactlyTheKnownErrata) {
  const analysis::VerifyReport& report = knight_report();
  std::set<std::string> errata;
  for (const auto& r : report.results()) {
    EXPECT_NE(r.status, analysis::Status::Fail) << r.claim << ": " << r.detail;
    EXPECT_FALSE(r.range.empty()) << r.claim;
    if (r.status == analysis::Status::Erratum) errata.insert(r.claim);
  }
  EXPECT_EQ(errata, (std::set<std::string>{
                        "Proposition 2.1, gS(m,2) as printed: 1 for m = 1, 2 for m = 2, 3 for m = 0 (mod 4), m >= 4, "
                        "2 otherwise",
                        "Proposition 2.1, proof: gS(m,2)+gS(m+2,3) = gS(m,3)+gS(m+2,2) = 5 (printed for all m)",
                        "Theorem 2.2, period as printed: gS(i+4,j+44) = gS(i,j)",
                    }));
}

// Every claim of CLAIMS.md section 3 has its line, in the paper's numbering.
TEST(VerifyKnight, EveryClaimHasALine) {
  const analysis::VerifyReport& report = knight_report();
  auto count = [&](const std::string& prefix) {
    int n = 0;
    for (const auto& r : report.results()) n += r.claim.rfind(prefix, 0) == 0;
    return n;
  };
  EXPECT_EQ(count("Rules:"), 4);
  EXPECT_EQ(count("Table 1"), 1);
  EXPECT_EQ(count("Table 4"), 1);
  EXPECT_EQ(count("Proposition 2.1, gS(m,"), 7);
  EXPECT_EQ(count("Proposition 2.1, proof:"), 6);
  EXPECT_EQ(count("Theorem 2.2, gS(m,4n"), 4);
  EXPECT_EQ(count("Theorem 2.2, symmetry"), 1);
  EXPECT_EQ(count("Theorem 2.2, period 4"), 1);
}

// The printed-vs-computed values of the errata (hand derivations in ERRATA_CANDIDATES.md B1, B3).
TEST(VerifyKnight, ErrataDetailsNamePrintedAndComputed) {
  const analysis::VerifyReport& report = knight_report();
  for (const auto& r : report.results()) {
    if (r.claim.rfind("Proposition 2.1, gS(m,2) as printed", 0) == 0) {
      EXPECT_NE(r.detail.find("m = 0: claimed 2, computed 1; m = 1: claimed 1, computed 2"), std::string::npos)
          << r.detail;
    }
    if (r.claim.rfind("Proposition 2.1, proof: gS(m,2)+gS(m+2,3) = gS(m,3)+gS(m+2,2) = 5 (printed", 0) == 0) {
      EXPECT_NE(r.detail.find("m = 4: gS(m,2)+gS(m+2,3) = 3+2 = 5, gS(m,3)+gS(m+2,2) = 4+2 = 6"), std::string::npos)
          << r.detail;
      EXPECT_NE(r.detail.find("5 counterexamples"), std::string::npos) << r.detail;  // m = 0..4
    }
  }
}
