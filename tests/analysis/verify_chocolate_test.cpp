// The chocolate paper's catalog (grundy verify chocolate): no claim fails, and exactly the
// expected claims are errata (ERRATA_CANDIDATES.md A1, A2, B4 and B5's Corollary 4 (b)(i)).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "analysis/verify.hpp"

using namespace grundy::analysis;

namespace {

// The catalog takes about a second: run it once for every test here.
const VerifyReport& chocolate_report() {
  static const VerifyReport report = [] {
    VerifyReport r("chocolate");
    verify_chocolate(r);
    return r;
  }();
  return report;
}

}  // namespace

TEST(VerifyChocolate, NoFailureAndExactlyTheExpectedErrata) {
  const VerifyReport& report = chocolate_report();
  std::set<std::string> errata, claims;
  for (const ClaimResult& r : report.results()) {
    EXPECT_NE(r.status, Status::Fail) << r.claim << ": " << r.detail;
    EXPECT_FALSE(r.range.empty()) << r.claim;
    claims.insert(r.claim);
    if (r.status == Status::Erratum) errata.insert(r.claim);
  }
  EXPECT_EQ(errata, (std::set<std::string>{"Definition 8 (ii)", "Table 1", "Corollary 4 (b)(i)"}));
  // One line per claim of CLAIMS.md section 1.
  for (const char* c :
       {"Theorem 1", "Definition 7", "Example 2", "Example 3", "Lemma 1", "Lemma 2", "Lemma 3", "Theorem 2 (if)",
        "Theorem 2 (only if)", "Corollary 1", "Lemma 4", "Lemma 5", "Theorem 3", "Theorem 3 needs NS: fails for h = floor(z/3)",
        "Definition 10 (G(x,y,z,0) = x xor y xor z)", "Sets A_1, A_2, A_3 before Definition 11", "Definition 12", "Table 2",
        "Theorem 4 (proof): G_P(x,y) != G_P(x',y) for x != x'", "Theorem 4 (one-heap Nim + CB_2(h), the game of Definition 10)",
        "Theorem 4 (Sum: one-heap Nim + CB_2(h = Lemma 2's))", "Theorem 4 (Sum: CB_2(floor(z/2)) + CB_2(floor(z/4)))",
        "Theorem 4 (Sum: one-heap Nim + one-heap Nim)", "Theorem 4 needs its hypothesis: fails for subtraction {2} + one-heap Nim",
        "Lemma 6", "Corollary 2", "Corollary 2 needs NS: fails for h = floor(z/3)", "Lemma 7", "Corollary 3",
        "Corollary 3 (converse, as proved)", "Lemma 8", "Corollary 4 (a)", "Corollary 4 (b) (C_2 excluded)",
        "Corollary 4 (b)(ii)", "Corollary 4 (b)(iii)", "Corollary 4 (b)(iv)", "Corollary 4 (c)"})
    EXPECT_TRUE(claims.count(c)) << c;
}

// Table 1's two wrong cells (ERRATA_CANDIDATES.md A1, A2), with the printed and computed values.
TEST(VerifyChocolate, Table1ErratumNamesBothCells) {
  const auto& rs = chocolate_report().results();
  const auto it = std::find_if(rs.begin(), rs.end(), [](const ClaimResult& r) { return r.claim == "Table 1"; });
  ASSERT_NE(it, rs.end());
  EXPECT_NE(it->detail.find("(y,z) = (2,14): printed 13, computed 12"), std::string::npos) << it->detail;
  EXPECT_NE(it->detail.find("(y,z) = (2,15): printed 12, computed 13"), std::string::npos) << it->detail;
  EXPECT_EQ(it->detail.find("(3,"), std::string::npos) << it->detail;
}
