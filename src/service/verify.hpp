#pragma once

// The papers' tables reproduced and their claims checked by computation (analysis/verify.hpp):
// `grundy verify`, Python's grundy.verify(). In a distributed world (limits.world, under
// mpirun) each paper is a job of the master/worker queue, checked on a worker rank; the
// results come back in order.

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "analysis/verify.hpp"
#include "runtime/limits.hpp"

namespace grundy::service {

struct PaperResult {
  std::string name;   // what `grundy verify` takes: chocolate, fts, knight, subtraction
  std::string title;  // its authors and title
  double seconds = 0;
  std::vector<analysis::ClaimResult> claims;
};

// The papers `which` names (one of them, or "all"; a UserError listing them otherwise), each
// handed to `each` once checked, in the order of analysis::paper_verifiers(). The caller's
// StopScope bounds it.
void verify(const std::string& which, const runtime::Limits& limits,
            const std::function<void(const PaperResult&)>& each);

// The JSON of `verify --format json`: one object a claim, with its paper's short name and title.
void write_verify_json(std::ostream& out, const std::vector<PaperResult>& papers);

}  // namespace grundy::service
