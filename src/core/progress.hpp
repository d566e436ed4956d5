#pragma once

// Long computations report progress and can be stopped. Solvers call `tick(n)` every few
// thousand cells: it adds to the progress counter and, if a stop was requested (Ctrl-C, or the
// --max-seconds deadline passed), throws Interrupted so the command ends cleanly with a message
// instead of being killed mid-write. Process-wide by nature, like a signal.

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <thread>

#include "core/errors.hpp"

namespace grundy::core {

struct Interrupted : UserError {
  using UserError::UserError;
};

// What the process-wide stops (Ctrl-C, --max-seconds) add to their message: a command that
// keeps a file it wrote before the stop (seq --save, after each step; atlas run's --db) says
// so instead, through kept_on_stop.
inline constexpr std::string_view kNothingWritten = " (no --out or --save file was written)";

// `e` with `kept` ("--save FILE holds ...") in the place of kNothingWritten; `e` itself when it
// is not a stop of the process (a server request's limit says nothing of files).
Interrupted kept_on_stop(const Interrupted& e, const std::string& kept);

// Installs the SIGINT handler (first Ctrl-C requests a clean stop; a second one kills, removing
// the temporaries of core/cleanup.hpp), and the SIGTERM/SIGHUP ones of core/cleanup.hpp.
void install_interrupt_handler();

// A clean stop asked for by a host that handles Ctrl-C itself (the Python module checks
// KeyboardInterrupt while the engine runs): the computations in flight throw Interrupted at
// their next poll. clear_stop() readies the engine for the next one.
void request_stop();
void clear_stop();

// Stop after this many seconds from now (0: no deadline).
void set_deadline_seconds(double seconds);

// Throws Interrupted if a stop was requested or a deadline (the process's, or the calling
// thread's ThreadDeadline) passed.
void poll_stop();
// Whether poll_stop() would throw, for code that may not throw there (a callback of a C
// library, such as SQLite's progress handler): it stops its library, then calls poll_stop().
bool stop_due() noexcept;

// A deadline for the computations of one thread only, on top of the process-wide one: the
// explorer's server gives each request its own, so one costly request stops with a message
// while the others go on. While alive, poll_stop() in this thread throws Interrupted(message)
// once `seconds` have passed (at once if seconds <= 0); the thread's previous deadline comes
// back at destruction.
// A solver that starts worker threads hands them the deadline of the thread that called it
// (inherited(), then a ThreadDeadline made from it in each worker; see line_solver.hpp).
class ThreadDeadline {
 public:
  struct State {
    std::int64_t at_ns = 0;  // steady_clock time since epoch; 0 = none
    std::string message;
    // Set from another thread to stop at the next poll (the explorer's Cancel); may be null.
    std::shared_ptr<const std::atomic<bool>> cancelled;
  };

  // `cancelled`: once it holds true, poll_stop() throws Interrupted("cancelled").
  ThreadDeadline(double seconds, std::string message, std::shared_ptr<const std::atomic<bool>> cancelled = nullptr);
  explicit ThreadDeadline(State inherited);
  ~ThreadDeadline();
  ThreadDeadline(const ThreadDeadline&) = delete;
  ThreadDeadline& operator=(const ThreadDeadline&) = delete;

  // The calling thread's deadline, to hand to worker threads.
  static State inherited();
  // State::at_ns for a deadline `seconds` from now.
  static std::int64_t at_seconds(double seconds);

 private:
  State state_;
  const State* previous_;  // the thread's deadline before this one, back at destruction
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

}  // namespace grundy::core
