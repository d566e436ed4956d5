#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "server/api.hpp"

namespace grundy::server {

// Counts the computations in progress (/api/table, /api/moves) and lets at most `slots` run at
// once: a request waits up to a short time for a free slot, then is refused with 503 "server
// busy; try again", so a burst of requests queues briefly instead of piling up threads and
// memory.
class ComputeSlots {
 public:
  explicit ComputeSlots(int slots) : free_(slots) {}

  // A slot held until destruction; false if none became free in time.
  class Lease {
   public:
    Lease() = default;
    explicit Lease(ComputeSlots* owner) : owner_(owner) {}
    Lease(Lease&& other) noexcept : owner_(std::exchange(other.owner_, nullptr)) {}
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    explicit operator bool() const { return owner_ != nullptr; }

   private:
    ComputeSlots* owner_ = nullptr;
  };

  // Waits up to `wait` for a slot; at once an empty lease once close() was called.
  Lease acquire(std::chrono::milliseconds wait);
  int free_slots() const;
  // Wakes every waiting acquire() with an empty lease, and every later one: the server stops.
  void close();

 private:
  mutable std::mutex mutex_;
  std::condition_variable freed_;
  int free_;
  bool closed_ = false;
};

// Runs the computations of the server on `threads` threads of their own, at most one per slot of
// `slots`, so that the thread reading and writing the connections never computes and a slow
// client never holds a computing thread. A submitted job waits in a queue (in order) for a slot
// up to `busy_wait`, then is answered 503 "server busy; try again" without being run; after
// stop() every job not yet started is answered 503 "server stopping". Each job ends with exactly
// one call of its `done` (on a thread of the pool, or in stop()).
class ComputePool {
 public:
  using Work = std::function<ApiResponse()>;
  using Done = std::function<void(ApiResponse)>;

  ComputePool(ComputeSlots& slots, int threads, std::chrono::milliseconds busy_wait);
  ~ComputePool();
  ComputePool(const ComputePool&) = delete;
  ComputePool& operator=(const ComputePool&) = delete;

  // Queues `work`; false (and nothing queued, `done` never called) once stop() has begun.
  bool submit(Work work, Done done);

  // Answers the jobs not yet started with 503 "server stopping", lets the running ones finish
  // (Ctrl-C makes them stop at their next progress check; otherwise their time limit bounds
  // them) and joins the threads. Safe to call twice.
  void stop();

 private:
  struct Job {
    Work work;
    Done done;
    std::chrono::steady_clock::time_point give_up;  // no slot by then: busy
  };
  struct Started {
    Job job;
    ComputeSlots::Lease lease;
  };

  void dispatch();
  void compute();

  ComputeSlots& slots_;
  std::chrono::milliseconds busy_wait_;
  std::mutex mutex_;
  std::condition_variable queued_, started_;
  std::deque<Job> waiting_;      // for a slot, oldest first (so the first to give up is in front)
  std::deque<Started> running_;  // holding a slot, for a compute thread
  bool dispatching_ = false;     // the dispatcher holds a job taken from waiting_
  bool stopping_ = false;
  std::mutex stop_mutex_;  // one stop() at a time
  bool stopped_ = false;
  std::thread dispatcher_;
  std::vector<std::thread> computers_;
};

}  // namespace grundy::server
