#include "runtime/cleanup.hpp"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstring>

namespace grundy::runtime {

namespace {

// A slot is claimed by a compare-exchange on `state` (0 free, 1 being written, 2 registered), so
// a signal arriving mid-registration never unlinks a half-copied path.
struct Slot {
  std::atomic<int> state{0};
  char path[kMaxTemporaryPath];
};
Slot g_slots[kMaxTemporaries];

extern "C" void on_termination(int sig) {
  remove_temporaries_now();
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

}  // namespace

int register_temporary(const char* path) {
  if (std::strlen(path) >= kMaxTemporaryPath) return -1;
  for (int i = 0; i < kMaxTemporaries; ++i) {
    int expected = 0;
    if (!g_slots[i].state.compare_exchange_strong(expected, 1)) continue;
    std::strcpy(g_slots[i].path, path);
    g_slots[i].state.store(2);
    return i;
  }
  return -1;
}

void unregister_temporary(int slot) {
  if (slot >= 0 && slot < kMaxTemporaries) g_slots[slot].state.store(0);
}

void remove_temporaries_now() {
  for (Slot& s : g_slots)
    if (s.state.load() == 2) ::unlink(s.path);
}

void install_termination_handlers() {
  std::signal(SIGTERM, on_termination);
  std::signal(SIGHUP, on_termination);
}

}  // namespace grundy::runtime
