// `grundy serve` as a process: Ctrl-C (SIGINT) stops it, exit status 0 and "stopped", within 5 s
// whatever its clients are doing (slow connections, a long computation in flight).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>

#include "support/raw_http.hpp"
#include "support/run_cli.hpp"

namespace {

// `grundy serve --port 0` with its standard output on a pipe (read here for the URL and the
// last line) and its standard error in a file; killed at the end if it is still running.
class ServeProcess {
 public:
  ServeProcess() {
    err_path_ = testing::TempDir() + "/grundy_serve_err_" + std::to_string(::getpid());
    int out[2];
    if (::pipe(out) != 0) return;
    const int err = ::open(err_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    pid_ = ::fork();
    if (pid_ == 0) {  // only async-signal-safe calls until exec
      ::dup2(out[1], 1);
      if (err >= 0) ::dup2(err, 2);
      ::close(out[0]);
      ::close(out[1]);
      ::execl(GRUNDY_BINARY, GRUNDY_BINARY, "serve", "--port", "0", static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(out[1]);
    if (err >= 0) ::close(err);
    out_ = out[0];
  }
  ~ServeProcess() {
    kill();
    if (out_ >= 0) ::close(out_);
  }

  // SIGKILL, if it still runs.
  void kill() {
    if (pid_ > 0 && !exited_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
      exited_ = true;
    }
  }

  // The port of the URL it prints ("grundy explorer: http://127.0.0.1:PORT/  ..."), or -1 if
  // none within `seconds` (a safety bound).
  int port(int seconds) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    const std::string prefix = "grundy explorer: http://127.0.0.1:";
    while (std::chrono::steady_clock::now() < give_up) {
      const std::size_t at = out_text_.find(prefix);
      if (at != std::string::npos && out_text_.find('/', at + prefix.size()) != std::string::npos)
        return std::atoi(out_text_.c_str() + at + prefix.size());
      if (!read_some(100)) return -1;
    }
    return -1;
  }

  // After SIGINT: its exit status once it has exited, or nothing if it runs `limit` longer.
  std::optional<int> wait_exit(std::chrono::milliseconds limit) {
    const auto give_up = std::chrono::steady_clock::now() + limit;
    int status = 0;
    for (;;) {
      const pid_t done = ::waitpid(pid_, &status, WNOHANG);
      if (done == pid_) break;
      if (std::chrono::steady_clock::now() >= give_up) return std::nullopt;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    exited_ = true;
    while (read_some(0)) {
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

  pid_t pid() const { return pid_; }
  const std::string& out() const { return out_text_; }
  std::string err() const { return slurp(err_path_); }

 private:
  // Reads what is there (waiting up to `ms`); false at the end of the stream or on error.
  bool read_some(int ms) {
    pollfd p{out_, POLLIN, 0};
    if (::poll(&p, 1, ms) <= 0) return ms > 0;  // nothing yet: keep waiting (unless draining)
    char buf[4096];
    const ssize_t n = ::read(out_, buf, sizeof buf);
    if (n <= 0) return false;
    out_text_.append(buf, static_cast<std::size_t>(n));
    return true;
  }

  pid_t pid_ = -1;
  int out_ = -1;
  bool exited_ = false;
  std::string out_text_, err_path_;
};

// A connection to 127.0.0.1:port on which `request` was sent, or -1.
int connect_and_send(int port, const std::string& request) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (fd < 0 || ::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0 ||
      ::send(fd, request.data(), request.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(request.size())) {
    if (fd >= 0) ::close(fd);
    return -1;
  }
  return fd;
}

}  // namespace

TEST(ServeCommand, CtrlCStopsItWithinFiveSecondsWhateverTheClientsDo) {
  ServeProcess serve;
  ASSERT_GT(serve.pid(), 0);
  const int port = serve.port(60);
  ASSERT_GT(port, 0) << serve.out() << serve.err();
  SlowClients slow(port, 20);
  ASSERT_EQ(slow.connected(), 20);
  // A client that asks for a large answer and never reads it, and one that sends nothing.
  const int never_reads = connect_and_send(port, raw_get("/api/table?game=nim%20-p%20heaps%3D2&size=1024&format=csv"));
  const int silent = connect_and_send(port, "");
  EXPECT_GE(never_reads, 0);
  EXPECT_GE(silent, 0);
  // A computation of about a minute (misere outcomes of the queen on 2048x2048, by the generic
  // sweep; its limit is 10 s) in flight.
  // And the analysis of a take-and-break game whose heap sizes cost O(n^2) splits each (its
  // sweep once ran on for minutes past Ctrl-C).
  std::optional<httplib::Result> long_answer, long_seq;
  std::thread long_request([&] {
    httplib::Client client("127.0.0.1", port);
    client.set_read_timeout(std::chrono::seconds(60));  // a safety bound
    long_answer.emplace(client.Get("/api/table?game=queen&size=2048&misere=1"));
  });
  std::thread seq_request([&] {
    httplib::Client client("127.0.0.1", port);
    client.set_read_timeout(std::chrono::seconds(60));
    long_seq.emplace(client.Get("/api/analysis?kind=seq&game=octal%20-p%20code%3D0.8!8!8!&size=10&search=1000000"));
  });
  // The slow clients go on typing, before and after Ctrl-C (the old server never stopped then).
  std::atomic<bool> typing{true};
  std::thread typist([&] {
    while (typing.load()) {
      slow.tick();
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // for the computation to start
  EXPECT_EQ(::kill(serve.pid(), SIGINT), 0);
  const std::optional<int> status = serve.wait_exit(std::chrono::seconds(5));
  typing.store(false);
  typist.join();
  if (!status) serve.kill();  // the long requests then end too
  long_request.join();
  seq_request.join();
  if (never_reads >= 0) ::close(never_reads);
  if (silent >= 0) ::close(silent);

  ASSERT_TRUE(status.has_value()) << "still running 5 s after SIGINT; printed: " << serve.out() << serve.err();
  EXPECT_EQ(*status, 0) << serve.err();
  EXPECT_NE(serve.out().find("\nstopped\n"), std::string::npos) << serve.out();
  EXPECT_EQ(serve.err().find("Sanitizer"), std::string::npos) << serve.err();
  EXPECT_EQ(serve.err().find("runtime error"), std::string::npos) << serve.err();
  // The computations in flight were stopped and said so (or, at worst, cut by the end).
  for (const auto* answer : {&long_answer, &long_seq}) {
    ASSERT_TRUE(answer->has_value());
    if (**answer) {
      EXPECT_EQ((**answer)->status, 503) << (**answer)->body;
      EXPECT_NE((**answer)->body.find("server stopping"), std::string::npos) << (**answer)->body;
    }
  }
}
