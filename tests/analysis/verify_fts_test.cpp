// `grundy verify fts`: the FTS paper's catalog runs, nothing fails, the set of ERRATUM claims
// is exactly the expected one (none: both printed f tables and every claim check out; formulas
// (4.1)/(4.2) are checked as reconstructed, see ERRATA_CANDIDATES.md B6), and every claim has
// its line. One test, so that ctest (a process per test) runs the catalog once.
#include <gtest/gtest.h>

#include <set>

#include "analysis/verify.hpp"

using namespace grundy;

namespace {

const analysis::VerifyReport& fts_report() {
  static const analysis::VerifyReport report = [] {
    analysis::VerifyReport r("fts");
    analysis::verify_fts(r);
    return r;
  }();
  return report;
}

const analysis::ClaimResult* find_claim(const std::string& prefix) {
  for (const auto& r : fts_report().results())
    if (r.claim.rfind(prefix, 0) == 0) return &r;
  return nullptr;
}

}  // namespace

TEST(VerifyFts, CatalogRunsWithNoFailAndTheExpectedErrata) {
  std::set<std::string> errata;
  for (const auto& r : fts_report().results()) {
    EXPECT_NE(r.status, analysis::Status::Fail) << r.claim << "  [" << r.range << "]  " << r.detail;
    EXPECT_EQ(r.paper, "fts");
    EXPECT_FALSE(r.range.empty()) << r.claim;
    if (r.status == analysis::Status::Erratum) errata.insert(r.claim);
  }
  EXPECT_EQ(errata, std::set<std::string>{});

  // One line per claim of CLAIMS.md section 2, in the paper's numbering; pile counts 2..5 for
  // the n-pile theorems, each on its own line.
  std::vector<std::string> expected = {
      "Section 2.2 (terminal positions",
      "Theorem 2.1 (P_N",
      "Theorem 2.1 (P_M",
      "Section 1 (FTS with S = {} is normal Nim",
      "Section 1 (FTS with S = {0} is misere Nim",
      "Theorem 2.3 (two piles",
      "Theorem 2.3 needs d >= 3",
      "Section 2.3 (d = 2, two piles",
      "Section 4.1 ((5,4,2)",
      "Theorem 4.1",
      "Section 4.1 ((5,0,5) and (5,0,6)",
      "Formula (4.1) (d = 2, as reconstructed",
      "Formula (4.2) (d = 3, as reconstructed",
      "Recursion (4.3)",
      "Table f(x,y), d = 5",
      "Proposition 4.3 (i)",
      "Proposition 4.3 (ii)",
      "Proposition 4.3 (iii)",
      "Theorem 4.4 needs k >= 2",
      "Theorem 4.4 proof (P_M triples",
      "Theorem 4.4 proof (q_1 xor",
      "Section 5 (S of odd totals",
      "Theorem 5.1",
      "Theorem 5.2",
      "Theorem 5.3",
      "Table f(x,y), S = {0,1}",
      "Proposition 5.4 (x + y >= 3",
      "Proposition 5.4 needs x + y >= 3",
  };
  for (const char* thm : {"Theorem 3.1 (d = 2, ", "Theorem 3.2 (d = 3, ", "Theorem 3.3 (d = 4, "})
    for (int n = 2; n <= 5; ++n) expected.push_back(thm + std::to_string(n) + " piles)");
  for (int k = 2; k <= 6; ++k) expected.push_back("Theorem 4.4 (three piles, k = " + std::to_string(k));
  for (const auto& e : expected) EXPECT_NE(find_claim(e), nullptr) << e;

  // The lines showing a stated condition matters found the claim failing outside it.
  for (const char* c : {"Theorem 2.3 needs d >= 3", "Theorem 4.4 needs k >= 2", "Proposition 5.4 needs x + y >= 3"}) {
    const auto* r = find_claim(c);
    ASSERT_NE(r, nullptr) << c;
    EXPECT_EQ(r->status, analysis::Status::Pass) << c;
    EXPECT_NE(r->detail.find("fails as expected"), std::string::npos) << r->detail;
  }
  // Proposition 5.4 outside x + y >= 3: exactly f(0,0) = 2, f(0,2) = 0, f(2,0) = 0.
  EXPECT_NE(
      find_claim("Proposition 5.4 needs")->detail.find("3 counterexamples, first: f(0,0) = 2; f(0,2) = 0; f(2,0) = 0"),
      std::string::npos);
  // Theorem 2.3 at d = 2: (1,1) is in D_2 so claimed P_0, but it moves to the terminal (0,1).
  EXPECT_NE(find_claim("Theorem 2.3 needs")->detail.find("(1,1): N in X_S in the game, claimed P_0"),
            std::string::npos);
}
