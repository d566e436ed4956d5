#pragma once

#include "core/dense_solver.hpp"
#include "games/leaper.hpp"

namespace grundy::games {

// The dense values of a leaper (Corner the Knight and friends) over the reach box of
// `requested`, with exactly the contract and the result of core::solve_dense, its slow twin in
// the tests: cells outside `requested` whose options leave the box are kUnsolved.
//
// A leaper has at most 64 options, each a fixed index offset, and a rank w1*m + w2*n that drops
// along every move. So the box is swept rank by rank (anti-diagonals m+n = r for the knight)
// with no sort, no hashing and no per-cell allocation: each cell is a mex over a 64-bit mask.
//
// The sweep runs rank-major on a byte per cell, each rank split between `threads` threads
// (0: all cores from a million cells on, else one), and is then laid out row-major.
// Bytes solve_leaper allocates at its peak: the table over the reach box, a byte per cell for
// the rank-major sweep, and a few words per rank and per row.
std::uint64_t leaper_bytes(const Leaper& rules, const core::Box& requested);

core::DenseTable solve_leaper(const Leaper& rules, const core::Box& requested,
                              core::Evaluation eval = core::Evaluation::Grundy, int threads = 0);

}  // namespace grundy::games
