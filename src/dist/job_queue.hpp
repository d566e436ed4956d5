#pragma once

// A family of independent jobs (the atlas sweeps thousands of games, verify runs each paper) on
// the ranks of an MPI world: a master/worker queue. Rank 0 hands out job numbers one at a time
// and each worker (ranks 1 .. R - 1) gets the next one when it sends back a result, so a long
// job holds up one worker, not the queue. Rank 0 delivers the results in job order, whatever
// order they came back in, so the output is the same on any number of ranks. A job computes as
// one process would, with Limits whose world is one (runtime::World{}): its sweeps must never
// wait for a collective that ranks busy with other jobs are not in. In a world of one the jobs
// run here.

#include <cstdint>
#include <functional>
#include <string>

#include "runtime/world.hpp"

namespace grundy::dist {

struct JobResult {
  bool ok = true;
  std::string text;  // what the job returned, or, when !ok, its error's message
};

// Collective over `world`: every rank calls it with the same count. job(i) returns its result
// as text (its output, or a record to parse); an exception it throws (a UserError, an EngineError, a
// bad_alloc) is its result, !ok, and the queue goes on; an interrupt (Ctrl-C, a deadline) ends
// the queue. done(i, result) is called on rank 0 only, for i = 0 .. count - 1 in order, on
// the calling thread. In a world of one (or of one rank) the jobs run on `threads` threads,
// each taking the next job as it comes free; job must then be safe to call from several
// threads.
void run_jobs(const runtime::World& world, std::uint64_t count, const std::function<std::string(std::uint64_t)>& job,
              const std::function<void(std::uint64_t, const JobResult&)>& done, int threads = 1);

}  // namespace grundy::dist
