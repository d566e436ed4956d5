#pragma once

// NumPy's own array file format (.npy, version 1.0: numpy.load reads it), for tables and lists
// of positions handed to notebooks. The dtype is the smallest integer type that holds the values:
// unsigned when every cell is a position, signed with -1 for the cells that are not.

#include <cstdint>
#include <functional>
#include <ostream>

#include "core/model/position.hpp"
#include "io/format.hpp"

namespace grundy::io {

// Values as a rows x cols array (cols < 0: a vector of rows): Grundy values as they are,
// outcomes as 0 (P) and 1 (N), -1 for cells that are not positions. `at(i)` reads value i of
// rows * max(cols, 1), row-major.
void write_npy_values(std::ostream& out, std::int64_t rows, std::int64_t cols, core::Evaluation eval,
                      const std::function<core::Value(std::uint64_t)>& at);

// A 2-D slice as a rows x cols array (a one-coordinate table as a vector of rows); outcome
// tables hold 0 (P) and 1 (N).
void write_npy_grid(std::ostream& out, const Grid& grid);

// An n x arity array of positions, each coordinate at most `max_coord`; `each` calls its visit
// once per position, n times in all.
void write_npy_positions(std::ostream& out, std::uint64_t n, int arity, std::int64_t max_coord,
                         const std::function<void(const std::function<void(const core::Position&)>&)>& each);

}  // namespace grundy::io
