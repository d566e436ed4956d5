#pragma once

// What one computation may use and when it must stop, as one value from a face to the solvers
// (Stockfish's LimitsType). Each face builds it from its own syntax: the CLI from --max-memory
// and --max-seconds, the Python module from max_memory= and max_seconds=, the explorer from its
// limits for one request. The service layer (src/service/) takes it with every request; its
// stops hold for the computation through a StopScope (runtime/progress.hpp), its memory through
// the memory guard, its threads through solver_threads(), its world to the routes that sweep by
// bands of rows on MPI ranks.

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "runtime/memory.hpp"
#include "runtime/world.hpp"

namespace grundy::runtime {

struct Limits {
  std::uint64_t memory = default_memory_limit();         // what the memory guard holds the computation to
  double seconds = 0;                                    // the deadline, from when the scope opens; 0: none
  std::string stop_message = "stopped at the deadline";  // what the stop at the deadline says
  // Set from another thread to stop the computation at its next poll (the explorer's Cancel, a
  // Python thread's Ctrl-C); may be null.
  std::shared_ptr<const std::atomic<bool>> cancel;
  int threads = 0;  // what a parallel sweep may take; 0: the default of solver_threads()
  World world;      // the processes it runs on: a world of one unless a face made an MPI one
};

}  // namespace grundy::runtime
