#include "runtime/progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <system_error>

#include "runtime/cleanup.hpp"

namespace grundy::runtime {

namespace detail {
std::atomic<std::uint64_t> g_progress_done{0};
std::atomic<bool> g_stop_requested{false};
}  // namespace detail

namespace {

// A pointer, not the State: a thread_local with a destructor is registered with glibc on its
// thread's first poll, an allocation that, when memory is short, aborts the process ("failed to
// register TLS destructor") where a bad_alloc would have been the one-line error.
thread_local const StopScope::State* t_scope = nullptr;

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

extern "C" void on_sigint(int) {
  if (detail::g_stop_requested.exchange(true)) {  // second Ctrl-C: stop now, leaving no temporary
    remove_temporaries_now();
    std::_Exit(130);
  }
}

}  // namespace

void install_interrupt_handler() {
  std::signal(SIGINT, on_sigint);
  install_termination_handlers();
}

void poll_stop() {
  if (detail::g_stop_requested.load(std::memory_order_relaxed))
    throw Interrupted("interrupted" + std::string(kNothingWritten));
  if (const StopScope::State* d = t_scope) {
    if (d->at_ns != 0 && now_ns() >= d->at_ns) throw Interrupted(d->message);
    if (d->cancelled && d->cancelled->load(std::memory_order_relaxed)) throw Interrupted("cancelled");
  }
}

Interrupted kept_on_stop(const Interrupted& e, const std::string& kept) {
  std::string m = e.what();
  if (!m.ends_with(kNothingWritten)) return e;
  m.resize(m.size() - kNothingWritten.size());
  return Interrupted(m + " (" + kept + ")");
}

bool stop_due() noexcept {
  if (detail::g_stop_requested.load(std::memory_order_relaxed)) return true;
  if (const StopScope::State* d = t_scope) {
    if (d->at_ns != 0 && now_ns() >= d->at_ns) return true;
    if (d->cancelled && d->cancelled->load(std::memory_order_relaxed)) return true;
  }
  return false;
}

namespace {
std::int64_t at_seconds(double seconds) { return now_ns() + static_cast<std::int64_t>(std::min(seconds, 1e9) * 1e9); }
}  // namespace

StopScope::StopScope(const Limits& limits)
    : StopScope(State{limits.seconds > 0 ? at_seconds(limits.seconds) : 0, limits.stop_message, limits.cancel,
                      limits.threads}) {}

StopScope::StopScope(double seconds, std::string message, std::shared_ptr<const std::atomic<bool>> cancelled)
    : StopScope(State{at_seconds(seconds), std::move(message), std::move(cancelled), 0}) {}

StopScope::StopScope(State inherited) : state_(std::move(inherited)), previous_(t_scope) { t_scope = &state_; }

StopScope::~StopScope() { t_scope = previous_; }

StopScope::State StopScope::inherited() { return t_scope ? *t_scope : State{}; }

ProgressMeter::ProgressMeter(std::string what, std::uint64_t total) : what_(std::move(what)), total_(total) {
  detail::g_progress_done.store(0);
  if (!isatty(STDERR_FILENO) || total_ == 0) return;
  // A meter is a nicety: without a thread for it (memory is short), the work goes on without.
  try {
    start_thread();
  } catch (const std::system_error&) {
  }
}

void ProgressMeter::start_thread() {
  thread_ = std::thread([this] {
    const auto start = std::chrono::steady_clock::now();
    bool drawn = false;
    while (!done_.load()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (secs < 1.0 || done_.load()) continue;
      const double done = static_cast<double>(std::min(detail::g_progress_done.load(), total_));
      const double rate = done / secs;
      const double left = rate > 0 ? (static_cast<double>(total_) - done) / rate : 0;
      std::fprintf(stderr, "\r%s: %5.1f%%  %.1f M positions/s  %.0f s left   ", what_.c_str(),
                   100.0 * done / static_cast<double>(total_), rate / 1e6, left);
      std::fflush(stderr);
      drawn = true;
    }
    if (drawn) std::fprintf(stderr, "\r\033[K");
  });
}

ProgressMeter::~ProgressMeter() {
  done_.store(true);
  if (thread_.joinable()) thread_.join();
}

}  // namespace grundy::runtime
