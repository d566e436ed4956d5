#pragma once

// The threads of the parallel sweeps.

#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "runtime/progress.hpp"

namespace grundy::runtime {

// Threads a parallel sweep uses: the calling thread's StopScope's (Limits::threads) when it
// names a count, else GRUNDY_THREADS if set (1..64), else the hardware's count.
int solver_threads();

// Bytes of the calling thread's stack left below the current frame (the thread's stack as the C
// library reports it; the main thread's is its rlimit), for a recursion that must stop before
// it overflows; SIZE_MAX when the stack cannot be told.
std::size_t stack_left();

namespace detail {

// Runs body(tid) on `threads` threads (inline when 1); the first exception is rethrown here
// after every thread has stopped, and sets `failed` so that waiting threads give up. Each
// worker inherits the calling thread's StopScope (a server request's, a Python call's).
template <class Body>
void run_on_threads(int threads, std::atomic<bool>& failed, const Body& body) {
  if (threads == 1) {
    body(0);
    return;
  }
  std::vector<std::thread> pool;
  std::exception_ptr error;
  std::mutex error_mutex;
  const StopScope::State scope = StopScope::inherited();
  auto fail = [&](std::exception_ptr e) {
    std::lock_guard<std::mutex> lock(error_mutex);
    if (!error) error = e;
    failed.store(true);
  };
  for (int tid = 0; tid < threads; ++tid) {
    // A thread that cannot be started (no memory for its stack) fails the sweep like an
    // exception inside it would: the threads already running see `failed` and stop, and are
    // joined, instead of a std::thread destroyed while joinable ending the process.
    try {
      pool.emplace_back([&, tid] {
        try {
          const StopScope inherit(scope);
          body(tid);
        } catch (...) {
          fail(std::current_exception());
        }
      });
    } catch (...) {
      fail(std::current_exception());
      break;
    }
  }
  for (auto& th : pool) th.join();
  if (error) std::rethrow_exception(error);
}

// Waits until pred(a) holds and returns the value that satisfied it (acquire): a short spin,
// a while yielding (waking from the kernel takes longer than a short wait on a quiet machine),
// then asleep in the kernel until the value changes (std::atomic::wait), so that a thread
// waiting on a loaded machine gives its core to the one it waits for. Whoever changes the value
// notifies.
template <class T, class Pred>
T wait_until(const std::atomic<T>& a, Pred pred) {
  for (int spins = 0;; ++spins) {
    const T v = a.load(std::memory_order_acquire);
    if (pred(v)) return v;
    if (spins >= 64 + 256)
      a.wait(v, std::memory_order_acquire);
    else if (spins >= 64)
      std::this_thread::yield();
  }
}

// Spins until `counter` reaches `target` (acquire), yielding after a while since the thread
// it waits for may not be running on a loaded machine. False if `failed` was set meanwhile.
inline bool wait_for(const std::atomic<std::uint64_t>& counter, std::uint64_t target, const std::atomic<bool>& failed) {
  for (int spins = 0; counter.load(std::memory_order_acquire) < target; ++spins) {
    if (failed.load(std::memory_order_relaxed)) return false;
    if (spins > 64) std::this_thread::yield();
  }
  return true;
}

// Rows that alternate between threads in a pipeline (the 2-D line sweep, the rider sweep): a
// row's cells need the rows above it up to some column, so the thread on row x stays behind the
// one on row x - 1, which publishes x * columns + the columns it has done (a finished row may
// publish all of them) once per block of kBlock columns.
class RowPipeline {
 public:
  static constexpr std::uint64_t kBlock = 64;  // columns between progress checks
  // The threads worth using: one when the rows are too few or too short for the waits to pay.
  static int threads_for(int threads, std::uint64_t rows, std::uint64_t columns) {
    return rows < 4 * static_cast<std::uint64_t>(threads) || columns < 2 * kBlock ? 1 : threads;
  }

  RowPipeline(int threads, std::uint64_t columns) : progress_(static_cast<std::size_t>(threads)), columns_(columns) {
    for (auto& p : progress_) p.store(0);
  }
  // Waits until row x - 1 has published `target` (row 0 and a lone thread never wait); false if
  // the sweep failed meanwhile.
  bool wait(std::uint64_t x, std::uint64_t target, const std::atomic<bool>& failed) const {
    if (progress_.size() == 1 || x == 0) return true;
    return wait_for(progress_[(x - 1) % progress_.size()], target, failed);
  }
  // Waits until row x - 1 is done below column y.
  bool wait_below(std::uint64_t x, std::uint64_t y, const std::atomic<bool>& failed) const {
    return wait(x, (x - 1) * columns_ + y, failed);
  }
  // Row x is done below column y.
  void publish(std::uint64_t x, std::uint64_t y) {
    progress_[x % progress_.size()].store(x * columns_ + y, std::memory_order_release);
  }

 private:
  std::vector<std::atomic<std::uint64_t>> progress_;
  std::uint64_t columns_;
};

}  // namespace detail

}  // namespace grundy::runtime
