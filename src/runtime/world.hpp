#pragma once

// The processes one computation runs on: this process is rank `rank` of `size`. A distributed
// world is an MPI job's (even of one rank), made by src/dist/ (dist::world()), the only room
// that talks MPI; every other computation runs in a world of one. It travels in the
// computation's Limits, from the face that knows how it was started to the routes that sweep a
// table by bands of rows, one band per rank (core/solve/band_table.hpp), so that no solver asks
// the process which rank it is.

namespace grundy::runtime {

struct World {
  int rank = 0;
  int size = 1;
  bool distributed = false;  // an MPI world: its ranks exchange messages and run collectives

  bool root() const { return rank == 0; }
  // Whether this rank stays silent: under mpirun every rank runs the command and rank 0 alone
  // speaks and writes files.
  bool silent() const { return distributed && rank != 0; }
};

}  // namespace grundy::runtime
