#pragma once

// A claim checked on every position of a box: a closed form of the Grundy values (--formula),
// or a predicate of the P-positions (--ppos), against the computed table. `check` of the CLI,
// the explorer and Python.

#include <iosfwd>
#include <string>

#include "analysis/formula.hpp"
#include "pipeline/table_box.hpp"
#include "runtime/limits.hpp"
#include "service/subject.hpp"

namespace grundy::service {

struct CheckResult {
  std::string game;
  std::string range;  // the box in words
  bool ppos = false;  // a predicate of the P-positions, else a closed form of the values
  analysis::FormulaReport report;
  bool holds() const { return report.holds(); }
};

// Exactly one of `formula` and `ppos` (a UserError otherwise, or for a formula under misere
// play, which has outcomes, not values).
CheckResult check(const Subject& s, const pipeline::Size& size, const std::string& formula, const std::string& ppos,
                  const runtime::Limits& limits);

// A computed or claimed value as the output writes it: the value, or P / N for a predicate.
std::string value_word(core::Value v, bool ppos);
// The claimed side of a mismatch: the closed form's value, or P / N for a predicate.
std::string claimed_word(const analysis::FormulaMismatch& m, bool ppos);

// The JSON of `check --format json`.
void write_check_json(std::ostream& out, const CheckResult& r);

}  // namespace grundy::service
