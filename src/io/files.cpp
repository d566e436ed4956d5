#include "io/files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ext/stdio_sync_filebuf.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <random>

#include "runtime/cleanup.hpp"
#include "runtime/errors.hpp"

namespace grundy::io {

namespace {

std::string shown(const std::string& path) { return path.size() > 200 ? path.substr(0, 200) + "..." : path; }

// Twelve letters or digits, about 71 random bits, drawn afresh (no generator state that a
// forked process would share): a clash with another run's temporary is practically impossible,
// and one found is redrawn.
std::string random_suffix() {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::random_device device;
  std::string s(12, ' ');
  for (char& c : s) c = kAlphabet[device() % (sizeof kAlphabet - 1)];
  return s;
}

}  // namespace

std::pair<std::string, std::string> split_path(const std::string& path) {
  const auto slash = path.rfind('/');
  if (slash == std::string::npos) return {".", path};
  return {slash == 0 ? "/" : path.substr(0, slash), path.substr(slash + 1)};
}

AtomicFile::AtomicFile(std::string path, std::string flag) : path_(std::move(path)), flag_(std::move(flag)) {
  if (path_.empty())
    throw runtime::UserError(flag_ + ": empty file name; give a path such as " + flag_ + " table.gtab");
  const std::string where = flag_ + " " + shown(path_);
  struct stat st{};
  if (::stat(path_.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) throw runtime::UserError(where + ": is a folder, not a file");
    if (!S_ISREG(st.st_mode))
      throw runtime::UserError(where + ": exists and is not a regular file (a FIFO or a device); not replaced");
  } else if (errno != ENOENT) {
    throw runtime::UserError(where + ": " + std::strerror(errno));
  }
  const auto [dir, base] = split_path(path_);
  if (base.empty()) throw runtime::UserError(where + ": names a folder, not a file");
  // The name is drawn and listed for the signal handlers before the file exists: a signal sent
  // while the file is being created is delivered as open() returns, and must find it listed.
  // O_EXCL makes the creation exclusive, as mkstemp's; on a clash, another name is drawn.
  int fd = -1;
  for (int attempt = 0;; ++attempt) {
    temp_ = dir + "/." + base + ".tmp-" + random_suffix();
    slot_ = runtime::register_temporary(temp_.c_str());
    fd = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0) break;
    const int err = errno;
    runtime::unregister_temporary(slot_);
    slot_ = -1;
    if (err != EEXIST || attempt == 100) {
      temp_.clear();
      throw runtime::UserError(where + ": cannot create a file in " + shown(dir) + ": " + std::strerror(err));
    }
  }
  // Created 0600, as mkstemp does; a finished file gets the usual mode for new files (0666 & ~umask).
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  file_ = ::fdopen(fd, "wb");
  if (!file_) {
    ::close(fd);
    fail("cannot open the temporary file");
  }
}

AtomicFile::~AtomicFile() {
  stream_.reset();
  buf_.reset();
  if (file_) std::fclose(file_);
  if (!temp_.empty()) ::unlink(temp_.c_str());
  runtime::unregister_temporary(slot_);
}

void AtomicFile::fail(const std::string& what) {
  const std::string why = std::strerror(errno);
  stream_.reset();
  buf_.reset();
  if (file_) std::fclose(file_);
  file_ = nullptr;
  ::unlink(temp_.c_str());
  runtime::unregister_temporary(slot_);
  slot_ = -1;
  temp_.clear();
  throw runtime::UserError(flag_ + " " + shown(path_) + ": " + what + ": " + why);
}

void AtomicFile::write(const void* data, std::size_t size) {
  if (!file_) throw runtime::EngineError("write to a finished file " + path_);
  if (size && std::fwrite(data, 1, size, file_) != size) fail("write failed");
}

std::ostream& AtomicFile::stream() {
  if (!file_) throw runtime::EngineError("stream of a finished file " + path_);
  if (!stream_) {
    buf_ = std::make_unique<__gnu_cxx::stdio_sync_filebuf<char>>(file_);
    stream_ = std::make_unique<std::ostream>(buf_.get());
  }
  return *stream_;
}

void AtomicFile::commit() {
  if (!file_) throw runtime::EngineError("commit of a finished file " + path_);
  if (stream_ && !stream_->flush()) fail("write failed");
  if (std::fflush(file_) != 0 || std::ferror(file_)) fail("write failed");
  if (::fsync(::fileno(file_)) != 0 && errno != EINVAL) fail("write failed");
  const int rc = std::fclose(file_);
  file_ = nullptr;
  if (rc != 0) fail("write failed");
  if (::rename(temp_.c_str(), path_.c_str()) != 0) fail("cannot rename the finished file into place");
  runtime::unregister_temporary(slot_);
  slot_ = -1;
  temp_.clear();
}

std::FILE* open_regular_for_reading(const std::string& path, const std::string& flag) {
  if (path.empty()) throw runtime::UserError(flag + ": empty file name");
  const std::string where = flag + " " + shown(path);
  // O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw runtime::UserError(where + ": cannot open the file: " + std::strerror(errno));
  struct stat st{};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    const bool dir = S_ISDIR(st.st_mode);
    ::close(fd);
    throw runtime::UserError(where +
                             (dir ? ": is a folder, not a table file" : ": not a regular file (a FIFO or a device)"));
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  std::FILE* f = ::fdopen(fd, "rb");
  if (!f) {
    ::close(fd);
    throw runtime::UserError(where + ": cannot open the file: " + std::strerror(errno));
  }
  return f;
}

void flush_stdout() {
  std::cout.flush();
  if (std::cout.good() && std::fflush(stdout) == 0) return;
  const int err = errno;
  std::cout.clear();
  throw runtime::UserError(std::string("standard output: write failed: ") +
                           (err ? std::strerror(err) : "the stream refused the data"));
}

}  // namespace grundy::io
