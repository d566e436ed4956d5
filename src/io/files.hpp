#pragma once

// Files the user names (--save, --out, --load): written so that nothing is ever lost or
// hijacked, read so that nothing blocks.
//
// A file is written to a temporary created exclusively (O_EXCL, a random name) in the target's own
// folder, flushed, fsync'ed and renamed over the target: a predictable name cannot be
// pre-planted as a symlink, two runs saving to one file never share a temporary, a reader sees
// the old file or the whole new one, and an interrupted run leaves the target as it was. The
// temporary is removed when the writer is destroyed unfinished (an error, Ctrl-C), and by the
// signal handlers (runtime/cleanup.hpp: SIGTERM, SIGHUP, a second Ctrl-C). A target that exists
// but is not a regular file (a FIFO, a device, a folder) is refused, never replaced.

#include <cstdio>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>

namespace grundy::io {

class AtomicFile {
 public:
  // `flag` names the option in messages ("--save"). Throws UserError for an empty path, a target
  // that is not a regular file, or a folder where the temporary cannot be created.
  AtomicFile(std::string path, std::string flag);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Appends bytes; a failed write (disk full) is a UserError naming the file.
  void write(const void* data, std::size_t size);
  void write(std::string_view s) { write(s.data(), s.size()); }

  // The same file as a stream, for the formatters; its errors surface at commit().
  std::ostream& stream();

  // Flushes, fsyncs and renames the temporary over the target.
  void commit();

  const std::string& path() const { return path_; }

 private:
  [[noreturn]] void fail(const std::string& what);

  std::string path_, flag_, temp_;
  std::FILE* file_ = nullptr;
  int slot_ = -1;  // in the signal handlers' list of temporaries
  std::unique_ptr<std::streambuf> buf_;
  std::unique_ptr<std::ostream> stream_;
};

// The folder of `path` ("." for a bare name) and its last component.
std::pair<std::string, std::string> split_path(const std::string& path);

// Opens a file to read without blocking on a FIFO or a device: refuses an empty path and
// anything that is not a regular file, with a UserError naming `flag`. The caller closes it.
std::FILE* open_regular_for_reading(const std::string& path, const std::string& flag);

// Writes to standard output go through std::cout; this flushes it and turns a failed write
// (disk full, closed descriptor) into a UserError. A closed pipe (`| head`) is not an error of
// ours: it ends the process quietly (SIGPIPE keeps its default action).
void flush_stdout();

}  // namespace grundy::io
