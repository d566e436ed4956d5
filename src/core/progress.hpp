#pragma once

// Long computations report progress and can be stopped. Solvers call `tick(n)` every few
// thousand cells: it adds to the progress counter and, if a stop was requested (Ctrl-C, or the
// --max-seconds deadline passed), throws Interrupted so the command ends cleanly with a message
// instead of being killed mid-write. Process-wide by nature, like a signal.

#include <atomic>
#include <cstdint>
#include <string>
#include <thread>

#include "core/errors.hpp"

namespace grundy::core {

struct Interrupted : UserError {
  using UserError::UserError;
};

// Installs the SIGINT handler (first Ctrl-C requests a clean stop; a second one kills).
void install_interrupt_handler();

// Stop after this many seconds from now (0: no deadline).
void set_deadline_seconds(double seconds);

// Throws Interrupted if a stop was requested or the deadline passed.
void poll_stop();

namespace detail {
extern std::atomic<std::uint64_t> g_progress_done;
extern std::atomic<bool> g_stop_requested;
}  // namespace detail

inline void tick(std::uint64_t cells) {
  detail::g_progress_done.fetch_add(cells, std::memory_order_relaxed);
  poll_stop();
}

// While alive, draws "what: 45% 12.3 M/s, 3 s left" on stderr every 200 ms once the work has
// taken a second, only if stderr is a terminal; erases the line at the end.
class ProgressMeter {
 public:
  ProgressMeter(std::string what, std::uint64_t total);
  ~ProgressMeter();
  ProgressMeter(const ProgressMeter&) = delete;
  ProgressMeter& operator=(const ProgressMeter&) = delete;

 private:
  std::string what_;
  std::uint64_t total_;
  std::atomic<bool> done_{false};
  std::thread thread_;
};

}  // namespace grundy::core
