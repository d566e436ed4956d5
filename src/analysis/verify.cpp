#include "analysis/verify.hpp"

namespace grundy::analysis {

const char* to_string(Status s) {
  switch (s) {
    case Status::Pass: return "PASS";
    case Status::Fail: return "FAIL";
    case Status::Erratum: return "ERRATUM";
  }
  return "?";
}

std::string Counterexamples::summary() const {
  std::string s = std::to_string(count_) + (count_ == 1 ? " counterexample: " : " counterexamples, first: ");
  for (std::size_t i = 0; i < shown_.size(); ++i) s += (i ? "; " : "") + shown_[i];
  return s;
}

void VerifyReport::pass(std::string claim, std::string range, std::string detail) {
  results_.push_back({paper_, std::move(claim), Status::Pass, std::move(range), std::move(detail)});
}

void VerifyReport::fail(std::string claim, std::string range, std::string detail) {
  results_.push_back({paper_, std::move(claim), Status::Fail, std::move(range), std::move(detail)});
}

void VerifyReport::erratum(std::string claim, std::string range, std::string detail) {
  results_.push_back({paper_, std::move(claim), Status::Erratum, std::move(range), std::move(detail)});
}

void VerifyReport::expect(std::string claim, std::string range, const Counterexamples& bad, std::string note) {
  if (bad.empty())
    pass(std::move(claim), std::move(range), std::move(note));
  else
    fail(std::move(claim), std::move(range), bad.summary() + (note.empty() ? "" : " (" + note + ")"));
}

const std::vector<PaperVerifier>& paper_verifiers() {
  static const std::vector<PaperVerifier> list = {
      {"chocolate", "Manabe, Miyadera, Suetsugu: Chocolate Games with a Pass", verify_chocolate},
      {"fts", "Oginuma, Shinoda: Forbidden-Total-Size Nim", verify_fts},
      {"knight", "Katayama, Koyama: Corner the Knight Game", verify_knight},
      {"subtraction", "Larsson, Manabe, Miyadera: A Subtraction Nim with a Pass", verify_subtraction},
  };
  return list;
}

}  // namespace grundy::analysis
