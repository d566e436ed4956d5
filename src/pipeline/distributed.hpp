#pragma once

// The pipeline of a distributed table: `mpirun -np R grundy table GAME --size N
// --save FILE`. Every rank sweeps its bands of rows (core/solve/band_sweep.hpp) and rank 0 writes
// the table file as one process would, byte for byte, from the rows streamed to it; or each
// rank writes its rows to a file of its own and rank 0 an index of them (--parts). No rank
// holds the whole table. Any other output is drawn from the file afterwards (--load).

#include <cstdint>
#include <string>

#include "core/solve/game.hpp"
#include "runtime/limits.hpp"

namespace grundy::pipeline {

struct DistributedTable {
  std::string route;             // "2-D line sweep", ...
  int ranks = 1;                 // MPI ranks that swept it
  core::Box box;                 // swept and written: the requested box, or a knight's reach box
  std::uint64_t zeros = 0;       // cells of value 0, the P-positions (counted by rank 0 as the rows pass)
  core::Value max = 0;           // the largest value
  std::uint64_t rank_bytes = 0;  // the estimate of a rank's peak allocation
  std::uint64_t bytes_sent = 0;  // the sets handed between bands, by every rank together
  double sweep_seconds = 0;      // until every rank had swept its bands
  double write_seconds = 0;      // streaming the rows to rank 0 and writing the file (or the parts)
  int parts = 0;                 // files the table was written in besides its index (0: one file)
};

// Collective over limits.world: every rank calls it with the same arguments. Refuses
// (UserError, on every rank alike) a game whose route has no band sweep, or a box whose share
// does not fit a rank's limits.memory. `parts`: each rank writes its own rows to a part file at
// once and rank 0 the index (io/table_file.hpp), instead of rank 0 writing the one file.
DistributedTable save_distributed_table(const core::Game& game, const core::Box& box, const runtime::Limits& limits,
                                        const std::string& path, bool parts = false);

}  // namespace grundy::pipeline
