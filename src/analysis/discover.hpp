#pragma once

// Conjecture search: from a computed table alone, the simplest formulas of a small grammar that
// agree with every position of the box, in the shapes that recur in the papers:
//   * Grundy value = xor of one term per coordinate (x, x - 1, x + 1, x / m, x % m, or nothing), possibly
//     by residue class of one coordinate;
//   * P-positions = a nim-sum condition on floor(x_i / m) (the FTS paper's B_m) combined with
//     conditions on the residues of the total and of the coordinates (Theorems 3.1-3.3 and 4.4);
//   * either form with a short list of exceptions (Corollary 4 of the chocolate paper): at most
//     12 cells and at most 1% of the positions;
// plus the coordinate swaps and translations that leave the values unchanged (Theorem 2.2 of the
// knight paper), each translation confirmed on two full periods of positions (structure.hpp).
// Candidates go from simplest up, are pruned on a small corner of the box and then checked on
// all of it; every reported formula is finally re-evaluated from its printed text by the
// expression engine on the whole box. They are conjectures on that box, not proofs.

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/structure.hpp"
#include "core/solve/dense_solver.hpp"

namespace grundy::analysis {

struct Conjecture {
  std::string expression;  // in the expression language: paste into `grundy check`
  int complexity = 0;
  std::vector<std::pair<core::Position, core::Value>> exceptions;  // cells where the form fails, with the true value (P: 0)
};

struct DiscoverOptions {
  std::vector<int> skip;        // coordinates the formulas do not read (the pass counter)
  std::vector<bool> in_total;   // coordinates `total` sums
  std::size_t max_results = 3;
  // An exception list is at most max_exceptions cells and at most max_exceptions_percent of the
  // positions, whichever is smaller: a "short" list that is a fifth of the box describes the
  // box, not a rule (so boxes of fewer than 100 positions get no exception lists at all).
  std::size_t max_exceptions = 12;
  std::int64_t max_exceptions_percent = 1;
  std::int64_t prune_side = 10;  // the corner each candidate is first tried on
};

struct DiscoverReport {
  core::Box box;
  std::int64_t positions = 0;
  std::size_t exception_cap = 0;   // the longest exception list allowed on this box
  std::vector<Conjecture> grundy;  // empty when the table holds outcomes only
  std::vector<Conjecture> ppos;
  StructureReport structure;       // symmetries and translations (lines not analysed)
};

// Bytes discover() allocates for a table of `cells` cells at its peak: a record per position,
// the corner's, and the lists of candidates' failures.
std::uint64_t discover_bytes(std::uint64_t cells);

DiscoverReport discover(const core::DenseTable& table, const std::vector<std::string>& names,
                        const DiscoverOptions& options);

}  // namespace grundy::analysis
