#pragma once

// Temporary files to remove if the process dies by a signal: a half-written table must not be
// left behind by SIGTERM, SIGHUP or a second Ctrl-C. Process-wide by nature, like a signal.
// The list is fixed-size and lock-free so the signal handlers can walk it.

namespace grundy::runtime {

inline constexpr int kMaxTemporaries = 16;
inline constexpr int kMaxTemporaryPath = 4096;

// Registers `path` (copied); returns a slot for unregister_temporary, or -1 when the list is
// full or the path too long (the file is then only removed on normal paths).
int register_temporary(const char* path);
void unregister_temporary(int slot);

// Unlinks every registered temporary; async-signal-safe.
void remove_temporaries_now();

// SIGTERM and SIGHUP: remove the temporaries, then die of the signal as the default would.
void install_termination_handlers();

}  // namespace grundy::runtime
