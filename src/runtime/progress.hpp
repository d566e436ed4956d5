#pragma once

// Long computations report progress and can be stopped. Solvers call `tick(n)` every few
// thousand cells: it adds to the progress counter and, if a stop was requested (Ctrl-C, the
// deadline of the computation's Limits passed, or it was cancelled), throws Interrupted so the
// command ends cleanly with a message instead of being killed mid-write. Ctrl-C is
// process-wide by nature, like a signal; a deadline and a cancel flag belong to one
// computation, through its StopScope.

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <thread>

#include "runtime/errors.hpp"
#include "runtime/limits.hpp"

namespace grundy::runtime {

struct Interrupted : UserError {
  using UserError::UserError;
};

// What the stops of a command (Ctrl-C, --max-seconds) add to their message: a command that
// keeps a file it wrote before the stop (seq --save, after each step; atlas run's --db) says
// so instead, through kept_on_stop.
inline constexpr std::string_view kNothingWritten = " (no --out or --save file was written)";

// `e` with `kept` ("--save FILE holds ...") in the place of kNothingWritten; `e` itself when its
// message does not end with it (a server request's limit says nothing of files).
Interrupted kept_on_stop(const Interrupted& e, const std::string& kept);

// Installs the SIGINT handler (first Ctrl-C requests a clean stop; a second one kills, removing
// the temporaries of runtime/cleanup.hpp), and the SIGTERM/SIGHUP ones of runtime/cleanup.hpp.
void install_interrupt_handler();

// Throws Interrupted if a stop was requested (Ctrl-C) or the calling thread's StopScope says so:
// its deadline passed or its computation was cancelled.
void poll_stop();
// Whether poll_stop() would throw, for code that may not throw there (a callback of a C
// library, such as SQLite's progress handler): it stops its library, then calls poll_stop().
bool stop_due() noexcept;

// The stops of one computation (runtime/limits.hpp), in force for the calling thread while it
// lives: poll_stop() in this thread throws Interrupted(message) once the deadline has passed,
// and Interrupted("cancelled") once `cancelled` holds true. The thread's previous scope comes
// back at destruction. A solver that starts worker threads hands them its scope (inherited(),
// then a StopScope made from it in each worker; see runtime/threads.hpp), so one request of the
// explorer, one Python call or one command stops with all its threads while others go on.
class StopScope {
 public:
  struct State {
    std::int64_t at_ns = 0;  // steady_clock time since epoch; 0 = none
    std::string message;
    std::shared_ptr<const std::atomic<bool>> cancelled;  // may be null
    int threads = 0;                                     // Limits::threads
  };

  // The deadline `limits.seconds` from now (none for 0), its message, its cancel flag, threads.
  explicit StopScope(const Limits& limits);
  // A deadline `seconds` from now (at once for seconds <= 0).
  StopScope(double seconds, std::string message, std::shared_ptr<const std::atomic<bool>> cancelled = nullptr);
  explicit StopScope(State inherited);
  ~StopScope();
  StopScope(const StopScope&) = delete;
  StopScope& operator=(const StopScope&) = delete;

  // The calling thread's scope, to hand to worker threads.
  static State inherited();

 private:
  State state_;
  const State* previous_;  // the thread's scope before this one, back at destruction
};

namespace detail {
extern std::atomic<std::uint64_t> g_progress_done;
extern std::atomic<bool> g_stop_requested;
}  // namespace detail

inline void tick(std::uint64_t cells) {
  detail::g_progress_done.fetch_add(cells, std::memory_order_relaxed);
  poll_stop();
}

// The one rule for stopping: a loop polls the stop request after a bounded amount of work, not
// of iterations, so a deadline or Ctrl-C is honoured within about a millisecond in every phase
// of a command, however much one iteration costs. Each call adds the work an iteration did, in
// units of about one cell, option or pair (a few nanoseconds); every kWork units it polls and
// returns true, so a loop with a stop of its own (a time budget) checks that at the same beat.
class StopPoll {
 public:
  static constexpr std::uint64_t kWork = std::uint64_t{1} << 16;
  bool operator()(std::uint64_t units = 1) {
    if ((work_ += units) < kWork) return false;
    work_ = 0;
    poll_stop();
    return true;
  }

 private:
  std::uint64_t work_ = 0;
};

// While alive, draws "what: 45% 12.3 M/s, 3 s left" on stderr every 200 ms once the work has
// taken a second, only if stderr is a terminal; erases the line at the end.
class ProgressMeter {
 public:
  ProgressMeter(std::string what, std::uint64_t total);
  ~ProgressMeter();
  ProgressMeter(const ProgressMeter&) = delete;
  ProgressMeter& operator=(const ProgressMeter&) = delete;

 private:
  void start_thread();

  std::string what_;
  std::uint64_t total_;
  std::atomic<bool> done_{false};
  std::thread thread_;
};

}  // namespace grundy::runtime
