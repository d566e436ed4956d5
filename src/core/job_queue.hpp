#pragma once

// A family of independent jobs (issue 18; the atlas of issue 19 sweeps thousands of games) on
// the ranks of an MPI world: a master/worker queue. Rank 0 hands out job numbers one at a time
// and each worker (ranks 1 .. R - 1) gets the next one when it sends back a result, so a long
// job holds up one worker, not the queue. Rank 0 delivers the results in job order, whatever
// order they came back in, so the output is the same on any number of ranks. A job runs in an
// mpi::Solo scope, as one process would: its sweeps never wait for a collective that ranks busy
// with other jobs are not in. Outside MPI, or with one rank, the jobs run here in turn.

#include <cstdint>
#include <functional>
#include <string>

namespace grundy::core {

struct JobResult {
  bool ok = true;
  std::string text;  // what the job returned, or, when !ok, its error's message
};

// Collective: every rank calls it with the same count. job(i) returns its result as text (its
// output, or a record to parse); an exception it throws (a UserError, an EngineError, a
// bad_alloc) is its result, !ok, and the queue goes on; an interrupt (Ctrl-C, a deadline) ends
// the queue. done(i, result) is called on rank 0 only, for i = 0 .. count - 1 in order, on
// the calling thread. Outside MPI (or on one rank) the jobs run on `threads` threads, each
// taking the next job as it comes free; job must then be safe to call from several threads.
void run_jobs(std::uint64_t count, const std::function<std::string(std::uint64_t)>& job,
              const std::function<void(std::uint64_t, const JobResult&)>& done, int threads = 1);

}  // namespace grundy::core
