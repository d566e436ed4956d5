#pragma once

// Structure of a computed table of 2, 3 or more coordinates: which coordinate swaps leave the
// values unchanged, which translations repeat them (Corner the Knight: G(i+4, j+4) = G(i, j),
// Theorem 2.2 of the knight paper), and whether every line along one coordinate is ultimately
// (arithmetic-)periodic. Everything is observed on the box it was checked on, never proven.

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "analysis/periodicity.hpp"
#include "core/solve/dense_solver.hpp"

namespace grundy::analysis {


// G(..., x_i, ..., x_j, ...) = G(..., x_j, ..., x_i, ...) on the whole box.
struct SymmetryResult {
  int i = 0, j = 0;
  bool holds = false;
  core::Position counterexample;  // the first cell where it fails
};

// G(x + v) = G(x) for every x in the box with x + v in the box and x_i >= from for every i
// with v_i > 0 (from = 0: everywhere), confirmed on `pairs` pairs of positions (see
// translation_support).
struct TranslationResult {
  core::Position v;
  std::int64_t from = 0;
  std::int64_t pairs = 0;
};

// Every line along coordinate `axis` (the others fixed at each value of the box), each tested
// with find_periodicity.
struct LineSummary {
  int axis = 0;
  std::int64_t lines = 0;
  std::int64_t periodic = 0;
  std::int64_t max_preperiod = 0;
  std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> kinds;  // (period, saltus) -> lines
  core::Position first_aperiodic;  // the first line without a period (its axis coordinate is 0)
  bool any_aperiodic = false;
};

struct StructureOptions {
  std::vector<int> skip;        // coordinates not analysed (the pass counter)
  std::int64_t max_shift = 8;   // translation components 0..max_shift
  bool lines = true;            // also the per-line periodicity
};

struct StructureReport {
  core::Box box;
  std::vector<SymmetryResult> symmetries;    // every pair of analysed coordinates of equal extent
  // The primitive ones, with from <= extent / 4, each with enough support (translation_support).
  std::vector<TranslationResult> translations;
  std::vector<LineSummary> lines;            // one per analysed coordinate
};

StructureReport analyze_structure(const core::DenseTable& table, const StructureOptions& options);

// The least `from` for translation v on the table (-1: it fails even far out, beyond `limit`).
// A pair with one cell a position and the other not counts as a failure.
std::int64_t translation_from(const core::DenseTable& table, const core::Position& v, std::int64_t limit);

// The evidence for translation v from `from` on: the pairs (x, x + v) inside the box, with
// x_i >= from where v_i > 0, whose cells are both positions. A cell that is not a position (a
// chocolate bar's outside) confirms nothing, so without this a shift into the outside, or one
// whose `from` leaves no positions to compare, "held" with nothing checked. Enough: along every
// shifted coordinate i the compared pairs take at least 2 * v_i values of x_i (two full
// periods, as find_periodicity asks of a line).
struct TranslationSupport {
  std::int64_t pairs = 0;
  bool enough = false;
};
TranslationSupport translation_support(const core::DenseTable& table, const core::Position& v, std::int64_t from);

}  // namespace grundy::analysis
