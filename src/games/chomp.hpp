#pragma once

// Chomp on a bar of chocolate whose lower-left square is poisoned. A position is a Young diagram,
// its rows' lengths r1 >= r2 >= ... >= rm >= 0 with r1 >= 1 (the poisoned square, in row 1, is
// always there); a move picks a square (i, j) other than the poisoned one and eats it with every
// square above and to the right of it: rows i, i + 1, ... are cut to j. Whoever must eat the
// poison loses, so the poisoned square alone is the terminal position and normal play applies.
// -p rows=3 is 3-row Chomp, positions (a, b, c) with a >= b >= c; -p board=RxC the R x C bar,
// its rows at most C long, which `value` solves whole when no position is given.

#include <optional>
#include <string>
#include <vector>

#include "core/model/position.hpp"
#include "core/model/ruleset.hpp"

namespace grundy::games {

class Chomp {
 public:
  // `columns`: the bar's width, or none for rows of any length.
  Chomp(int rows, std::optional<std::int64_t> columns) : rows_(rows), columns_(columns) {}

  int arity() const { return rows_; }
  std::vector<std::string> coordinate_names() const;
  std::string name() const;
  std::string check(const core::Position& p) const;
  std::int64_t rank(const core::Position& p) const { return p.total(); }
  bool options_precede() const { return true; }
  std::vector<core::CoordinateRange> coordinate_ranges() const;

  template <class Sink>
  void for_each_option(const core::Position& p, Sink&& sink) const {
    core::Position o = p;
    for (int i = 0; i < rows_; ++i) {
      for (std::int64_t j = i == 0 ? 1 : 0; j < p[i]; ++j) {
        for (int k = i; k < rows_ && o[k] > j; ++k) o[k] = j;
        sink(static_cast<const core::Position&>(o));
        for (int k = i; k < rows_; ++k) o[k] = p[k];
      }
    }
  }

  std::optional<std::int64_t> columns() const { return columns_; }

 private:
  int rows_;
  std::optional<std::int64_t> columns_;
};

// The whole bar, for -p board=RxC.
std::optional<core::Position> start_position_of(const Chomp& g);

}  // namespace grundy::games
