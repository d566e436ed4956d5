#pragma once

// Sends bytes as they are to a server on 127.0.0.1 and reads its answer: for requests an HTTP
// client library would not send (a path with "..", a NUL, a backslash, a garbage request line).
// Used by tests/server/http_test.cpp and the load client (tests/load/load_client.cpp).

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

struct RawReply {
  bool connected = false;
  int status = 0;    // from the status line; 0 if there was none
  std::string head;  // status line and headers
  std::string body;
};

namespace raw_http_detail {

// The Content-Length of a response head, or -1 if it has none.
inline long content_length(const std::string& head) {
  std::string lower = head;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const std::size_t at = lower.find("\r\ncontent-length:");
  return at == std::string::npos ? -1 : std::atol(lower.c_str() + at + 17);
}

}  // namespace raw_http_detail

// Writes `request` and reads one response: its head, then Content-Length bytes of body (or up
// to the close of the connection if it has no length). `timeout_seconds` without a byte ends
// the read: a safety bound, not a test of speed. The sending side is left open: a server may
// drop a connection whose peer has half-closed before answering it.
inline RawReply raw_http(int port, const std::string& request, int timeout_seconds = 30) {
  RawReply r;
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return r;
  timeval tv{timeout_seconds, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return r;
  }
  r.connected = true;
  // The server may answer and stop reading before the end (a body it refuses): a failed send
  // is then normal, and its answer is still read below.
  for (std::size_t sent = 0; sent < request.size();) {
    const ssize_t n = ::send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;
    sent += static_cast<std::size_t>(n);
  }
  std::string text;
  char buf[65536];
  std::size_t head_end = std::string::npos;
  long length = -1;
  for (ssize_t n; (n = ::recv(fd, buf, sizeof buf, 0)) > 0;) {
    text.append(buf, static_cast<std::size_t>(n));
    if (head_end == std::string::npos && (head_end = text.find("\r\n\r\n")) != std::string::npos)
      length = raw_http_detail::content_length(text.substr(0, head_end + 2));
    if (head_end != std::string::npos && length >= 0 && text.size() >= head_end + 4 + static_cast<std::size_t>(length))
      break;
  }
  ::close(fd);
  r.head = text.substr(0, head_end);
  r.body = head_end == std::string::npos ? "" : text.substr(head_end + 4);
  if (text.rfind("HTTP/1.", 0) == 0 && text.size() >= 12) r.status = std::atoi(text.substr(9, 3).c_str());
  return r;
}

// Writes `request` and returns every byte the server sends until it closes the connection (or
// `timeout_seconds` pass without a byte): for checking that nothing follows an answer.
inline std::string raw_http_all(int port, const std::string& request, int timeout_seconds = 30) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return "";
  timeval tv{timeout_seconds, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  std::string text;
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) == 0) {
    for (std::size_t sent = 0; sent < request.size();) {
      const ssize_t n = ::send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) break;
      sent += static_cast<std::size_t>(n);
    }
    char buf[65536];
    for (ssize_t n; (n = ::recv(fd, buf, sizeof buf, 0)) > 0;) text.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return text;
}

// "GET <target> HTTP/1.1" with a Host header and Connection: close.
inline std::string raw_get(const std::string& target) {
  return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
}

// Connections that send a request line and then one header line at each tick(), never ending
// their request head: the slow client that must not hold the server. Closed at destruction.
class SlowClients {
 public:
  SlowClients(int port, int count) {
    for (int i = 0; i < count; ++i) {
      const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
      if (fd < 0) continue;
      sockaddr_in addr{};
      addr.sin_family = AF_INET;
      addr.sin_port = htons(static_cast<std::uint16_t>(port));
      addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      if (::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0) {
        ::close(fd);
        continue;
      }
      fds_.push_back(fd);
      send_line(fd, "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    }
  }
  ~SlowClients() {
    for (int fd : fds_)
      if (fd >= 0) ::close(fd);
  }
  SlowClients(const SlowClients&) = delete;
  SlowClients& operator=(const SlowClients&) = delete;

  int connected() const { return static_cast<int>(fds_.size()); }

  // One more header line on each connection the server has not closed; notes those it closed
  // (end of stream or reset), which are not written to again.
  void tick() {
    ++ticks_;
    for (int& fd : fds_) {
      if (fd < 0) continue;
      if (closed_by_server(fd) || !send_line(fd, "X-Slow-" + std::to_string(ticks_) + ": still typing\r\n")) {
        ::close(fd);
        fd = -1;
      }
    }
  }

  int open() const {
    int n = 0;
    for (int fd : fds_) n += fd >= 0 && !closed_by_server(fd);
    return n;
  }

 private:
  static bool send_line(int fd, const std::string& line) {
    return ::send(fd, line.data(), line.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(line.size());
  }
  // Without waiting: true if the server has ended the stream (or reset it). Any bytes it sent
  // (there should be none: the request head is never complete) are read and dropped.
  static bool closed_by_server(int fd) {
    char buf[4096];
    for (;;) {
      const ssize_t n = ::recv(fd, buf, sizeof buf, MSG_DONTWAIT);
      if (n > 0) continue;
      return n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
    }
  }

  std::vector<int> fds_;
  int ticks_ = 0;
};
