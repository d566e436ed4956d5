#pragma once

// The second step of the pipeline: box -> solved table, by the fastest route, memory-guarded,
// or read from a table file (--load) and written to one (--save).

#include <cstdint>
#include <string>

#include "core/solve/game.hpp"

namespace grundy::pipeline {

struct TableFiles {
  std::string save;  // empty: do not save
  std::string load;  // empty: compute
};

// Every cell of `box`, solved: computed by core::solve_guarded, or loaded from files.load after
// checking that the file holds `game` under `eval` and every cell of `box`, solved (a table
// file of a knight stores its reach box, whose far corners were never solved); saved to
// files.save when given. `after` is what the caller allocates once it has the table (the slice
// it prints): it counts against the memory limit with the solve.
core::DenseTable solve_table(const core::Game& game, const core::Box& box, core::Evaluation eval,
                             std::uint64_t memory_limit, const TableFiles& files = {}, std::uint64_t after = 0);

// Every cell of `box` and nothing else, for the analyses that read a table whole (check,
// structure, discover, seq): a reach box the solver grew is cropped back, its copy counted
// against the memory limit with `after`.
core::DenseTable solve_exact(const core::Game& game, const core::Box& box, core::Evaluation eval,
                             std::uint64_t memory_limit, std::uint64_t after = 0);

// What formatting a 2-D slice of `cells` cells costs: the slice's values, and buffers.
std::uint64_t slice_bytes(std::uint64_t cells);

}  // namespace grundy::pipeline
