#pragma once

// MPI, when grundy is launched by mpirun (issue 18). One binary: a process started by mpirun
// (Open MPI's OMPI_COMM_WORLD_SIZE, or PMI/PMIx's variables, in its environment) initialises
// MPI and runs the distributed routes (core/band_sweep.hpp); started any other way it never
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

namespace grundy::core::mpi {

// True when this binary was built with MPI (-DGRUNDY_MPI=ON and Open MPI found).
bool built_with_mpi();

// Was this process started by mpirun? (Read off the environment; MPI itself is not asked.)
bool launched();

// MPI_Init when launched() and built with MPI, else nothing. Call once, first thing in main.
void init(int* argc, char*** argv);
// MPI_Finalize if init started MPI.
void finalize();

// True between init and finalize of a launched process (even a world of one rank).
bool active();
int rank();  // 0 outside MPI
int size();  // 1 outside MPI
inline bool root() { return rank() == 0; }

// Ends every process of the job: MPI_Abort when active, else std::exit. For an error on one
// rank while the others may be waiting for its messages.
[[noreturn]] void abort(int code);

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

// Blocking point-to-point messages of `bytes` bytes (split in pieces below 2^30 bytes, which
// MPI's int counts hold).
void send(const void* data, std::size_t bytes, int to, int tag);
void recv(void* data, std::size_t bytes, int from, int tag);

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

// Collective reductions over every rank (the value itself outside MPI).
std::uint64_t sum(std::uint64_t v);
std::uint64_t max(std::uint64_t v);
void barrier();

}  // namespace grundy::core::mpi
