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
#include "core/dense_solver.hpp"

namespace grundy::analysis {

// The cells of `box` (which must fit inside the solved table's box), copied out: solvers grow a
// box to its reach box, analyses look at what was asked for.
core::DenseTable crop(const core::DenseTable& table, const core::Box& box);

// G(..., x_i, ..., x_j, ...) = G(..., x_j, ..., x_i, ...) on the whole box.
struct SymmetryResult {
  int i = 0, j = 0;
  bool holds = false;
  core::Position counterexample;  // the first cell where it fails
};

// G(x + v) = G(x) for every x in the box with x + v in the box and x_i >= from for every i
// with v_i > 0 (from = 0: everywhere).
struct TranslationResult {
  core::Position v;
  std::int64_t from = 0;
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
  std::vector<TranslationResult> translations;  // the primitive ones, with from <= extent / 4
  std::vector<LineSummary> lines;            // one per analysed coordinate
};

StructureReport analyze_structure(const core::DenseTable& table, const StructureOptions& options);

// The least `from` for translation v on the table (-1: it fails even far out, beyond `limit`).
std::int64_t translation_from(const core::DenseTable& table, const core::Position& v, std::int64_t limit);

}  // namespace grundy::analysis
