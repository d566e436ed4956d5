#pragma once

// Compares a closed form with a computed table: a Grundy formula with every value, or a
// predicate with the set of P-positions. Expressions are the engine's integer expression
// language over the coordinate names and `total` (the sum of the game's coordinates, without
// the pass counter).

#include <cstdint>
#include <string>
#include <vector>

#include "core/solve/dense_solver.hpp"
#include "expr/expr.hpp"

namespace grundy::analysis {

enum class FormulaKind { Grundy, PPositions };

struct FormulaMismatch {
  core::Position pos;
  core::Value computed = 0;    // the Grundy value, or 0 for a P-position / 1 for N
  std::int64_t claimed = 0;    // the formula's value, or the predicate's truth (1: P)
};

struct FormulaReport {
  FormulaKind kind = FormulaKind::Grundy;
  std::string source;
  core::Box box;
  std::int64_t checked = 0;     // cells that are positions of the game
  std::int64_t mismatches = 0;  // exact
  std::vector<FormulaMismatch> first;  // the first few, in box order

  bool holds() const { return mismatches == 0; }
};

// Variables of formulas for a game with these coordinates: the names, then `total`.
std::vector<std::string> formula_variables(const std::vector<std::string>& names);

// Compiles `source` for these coordinates; a syntax error is a UserError naming `flag`.
expr::Program compile_formula(const std::string& flag, const std::string& source,
                              const std::vector<std::string>& names);

// Checks the program on every cell of the table (cropped to the box asked for). `in_total` says
// which coordinates `total` sums (all but the pass counter). An evaluation error (overflow,
// division by zero) is a UserError naming `flag` and the position.
FormulaReport check_formula(const core::DenseTable& table, const expr::Program& program, FormulaKind kind,
                            const std::vector<bool>& in_total, const std::string& flag,
                            std::size_t max_examples = 10);

}  // namespace grundy::analysis
