#pragma once

// The paper catalog behind `grundy verify`: one line per claim of the four papers, in the
// papers' numbering, each PASS, FAIL (with the first counterexamples) or ERRATUM (the printed
// value and the computed one), with the range it was checked on. Claims are checked by
// computation from the game definitions, never against the engine's own earlier output.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace grundy::analysis {

enum class Status { Pass, Fail, Erratum };

const char* to_string(Status s);

struct ClaimResult {
  std::string paper;   // "chocolate", "fts", "knight", "subtraction"
  std::string claim;   // in the paper's numbering: "Table 2", "Lemma 6", "Corollary 4 (b)(ii)", "Theorem 3.2, d = 3"
  Status status = Status::Pass;
  std::string range;   // what was checked: "x, y < 256"
  std::string detail;  // counterexamples, or printed vs computed, or a short note
};

// Collects up to `kShown` counterexamples and counts them all, for FAIL and ERRATUM details.
class Counterexamples {
 public:
  static constexpr std::size_t kShown = 5;
  void add(std::string what) {
    if (shown_.size() < kShown) shown_.push_back(std::move(what));
    ++count_;
  }
  bool empty() const { return count_ == 0; }
  std::uint64_t count() const { return count_; }
  // "3 of them: (1,2): computed 4, claimed 5; ..."
  std::string summary() const;

 private:
  std::vector<std::string> shown_;
  std::uint64_t count_ = 0;
};

class VerifyReport {
 public:
  explicit VerifyReport(std::string paper) : paper_(std::move(paper)) {}

  void pass(std::string claim, std::string range, std::string detail = "");
  void fail(std::string claim, std::string range, std::string detail);
  void erratum(std::string claim, std::string range, std::string detail);
  // PASS if `bad` is empty, else FAIL with its summary.
  void expect(std::string claim, std::string range, const Counterexamples& bad, std::string note = "");

  const std::string& paper() const { return paper_; }
  const std::vector<ClaimResult>& results() const { return results_; }

 private:
  std::string paper_;
  std::vector<ClaimResult> results_;
};

struct PaperVerifier {
  std::string name;   // as given to `grundy verify NAME`
  std::string title;  // the paper
  std::function<void(VerifyReport&)> run;
};

// The four papers in shared/seeds order.
const std::vector<PaperVerifier>& paper_verifiers();

// One per paper, each in its own file src/analysis/verify_<name>.cpp.
void verify_chocolate(VerifyReport& report);
void verify_fts(VerifyReport& report);
void verify_knight(VerifyReport& report);
void verify_subtraction(VerifyReport& report);

}  // namespace grundy::analysis
