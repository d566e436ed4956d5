#pragma once

// The simplest formulas of a small grammar that agree with every position of a box, for the
// Grundy values and for the P-positions (analysis/discover.hpp), with the symmetries and
// translations seen there, and the `grundy check` command that tries the first on the box twice
// as large. Conjectures, not proofs. `discover` of the CLI, the explorer and Python.

#include <iosfwd>
#include <string>
#include <vector>

#include "analysis/discover.hpp"
#include "pipeline/table_box.hpp"
#include "runtime/limits.hpp"
#include "service/subject.hpp"

namespace grundy::service {

struct DiscoverResult {
  std::string game;
  std::vector<std::string> names;
  std::string range;  // the box in words
  core::Evaluation eval = core::Evaluation::Grundy;
  analysis::DiscoverReport report;
  // The first conjecture printed without exceptions (else the first printed), checked on the
  // doubled box; empty for a subject without a spec (a ruleset written in Python).
  std::string follow_up;
  bool follow_up_exceptions = false;  // the follow-up's conjecture has exceptions
};

DiscoverResult discover(const Subject& s, const pipeline::Size& size, const runtime::Limits& limits);

// "(3,5) P, (4,4) N" or "(2) G=3, ...": a conjecture's exceptions as the text output lists them.
std::string exceptions_text(const analysis::Conjecture& c, bool ppos);

// The JSON of `discover --format json`.
void write_discover_json(std::ostream& out, const DiscoverResult& r);

}  // namespace grundy::service
