#pragma once

// MPI, when grundy is launched by mpirun, and the only room that talks to it. One binary: a
// process started by mpirun (Open MPI's OMPI_COMM_WORLD_SIZE, or PMI/PMIx's variables, in its
// environment) initialises MPI, and the face that runs the command puts its world (world())
// in the computation's Limits; the distributed routes (core/solve/band_sweep.hpp) then sweep
// on its ranks, through the messages and collectives below. Started any other way it never
// touches MPI and behaves as a build without it. A build with -DGRUNDY_MPI=OFF compiles the
// same calls to a world of one process.
//
// Only the main thread calls MPI (MPI_THREAD_FUNNELED). Messages are bytes, point to point,
// in the order they are sent between two ranks (MPI's non-overtaking rule), each tagged with
// what it carries.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include "runtime/world.hpp"

namespace grundy::dist {

// True when this binary was built with MPI (-DGRUNDY_MPI=ON and Open MPI found).
bool built_with_mpi();

// Was this process started by mpirun? (Read off the environment; MPI itself is not asked.)
bool launched();

// MPI_Init when launched() and built with MPI, else nothing. Call once, first thing in main.
void init(int* argc, char*** argv);
// MPI_Finalize if init started MPI.
void finalize();

// This process's world: between init and finalize of a launched process (even one of one
// rank), outside a Solo scope, the MPI job's, distributed; else a world of one.
runtime::World world();

// While one is alive this process is a world of one (world()), whatever mpirun started. A job of dist/job_queue.hpp
// runs in one on its worker, as one process would, so its sweeps never wait for a collective that ranks busy with other
// jobs are not in.
class Solo {
 public:
  Solo();
  ~Solo();
  Solo(const Solo&) = delete;
  Solo& operator=(const Solo&) = delete;

 private:
  bool was_;
};

// Ends every process of the job: MPI_Abort when active, else std::exit. For an error on one
// rank while the others may be waiting for its messages.
[[noreturn]] void abort(int code);

// Collective, at the end of main: whether every rank ends with the same exit status (the
// statuses of ranks with `counts` false, which ran no part of the command, are not compared),
// so that the job may end as one process would, without MPI_Abort and its report. A rank that
// waits longer than `seconds` for the others (some are still at work, or waiting for a message
// from this one) gives up: false. On a communicator of its own, so that it never meets a
// collective another rank is in. True outside MPI.
bool end_alike(int status, bool counts, double seconds);

// While one is alive, the ranks exchange messages. An exception that leaves it may leave the
// other ranks waiting for this one, so main ends the whole job (abort) instead of returning;
// errors outside any exchange happen alike on every rank (a bad flag, a refused size), and
// rank 0 alone reports them.
class Exchange {
 public:
  Exchange();
  ~Exchange();
  Exchange(const Exchange&) = delete;
  Exchange& operator=(const Exchange&) = delete;

 private:
  int uncaught_;
};
// Did an exception leave an exchange (this process must abort the job)?
bool exchange_broken();

// What a message carries: its tag. One list, so that no two kinds of message share a tag.
enum Tag : int {
  kTagSets = 1,      // core/solve/band_sweep.hpp: a block's column (and diagonal) sets, band to band
  kTagRows,          // core/solve/band_sweep.cpp: rows and tiles streamed to rank 0
  kTagJob,           // dist/job_queue.cpp: a job number (or stop), to a worker
  kTagResultHeader,  // dist/job_queue.cpp: a result's job, status and length, to rank 0
  kTagResultText,    // dist/job_queue.cpp: a result's text
  kTagPart,          // pipeline/distributed.cpp: a part file's size and checksum, to rank 0
  kTagHalo,          // games/leaper_solver.cpp: a level's cells in the rows a band's neighbour reaches
};

// Blocking point-to-point messages of `bytes` bytes (split in pieces below 2^30 bytes, which
// MPI's int counts hold).
void send(const void* data, std::size_t bytes, int to, int tag);
void recv(void* data, std::size_t bytes, int from, int tag);
// The next message tagged `tag` from any rank, of `bytes` bytes (below 2^30); returns its sender.
// It waits asleep, polling every millisecond, not spinning on a core.
int recv_any(void* data, std::size_t bytes, int tag);

// Sends that return at once: each message is kept in its buffer until MPI has sent it. No bound
// on the messages waiting: a sender that waited for its receiver to catch up could wait for a
// rank that waits for it in turn (two ranks, each ahead by a band, each with a full outbox: it
// happened, at 65536^2). The band sweep's own order bounds them (band_sweep.hpp).
class Outbox {
 public:
  Outbox();
  ~Outbox();  // waits for every send
  Outbox(const Outbox&) = delete;
  Outbox& operator=(const Outbox&) = delete;
  void post(std::vector<std::uint64_t>&& message, int to, int tag);
  void wait_all();
  std::uint64_t bytes_sent() const { return sent_; }

 private:
  struct Pending;
  void wait_oldest();
  std::size_t waiting_ = 0;
  std::uint64_t sent_ = 0;
  std::deque<std::unique_ptr<Pending>> pending_;
};

// Collective reductions over the ranks of `world` (the value itself in a world of one).
std::uint64_t sum(const runtime::World& world, std::uint64_t v);
std::uint64_t max(const runtime::World& world, std::uint64_t v);
std::uint64_t min(const runtime::World& world, std::uint64_t v);
void barrier(const runtime::World& world);
// Collective: every rank's `words` become rank 0's.
void broadcast(const runtime::World& world, std::vector<std::uint64_t>& words);

}  // namespace grundy::dist
