#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>

#include "server/compute_pool.hpp"

namespace grundy::atlas {
class Db;
}

namespace grundy::server {

// The limits of `grundy serve`; 0 picks the default named. Every one bounds what a client can
// hold: no client, however slow or hostile, keeps a computing thread, and stop() ends in a few
// seconds whatever the clients do.
struct ServeLimits {
  int computations = 0;                       // at once; default: the hardware threads
  std::chrono::milliseconds busy_wait{2000};  // for a computation slot, then 503
  double max_seconds = 10;                    // per computation, then 400 naming the limit
  unsigned max_connections = 256;             // open at once; more wait in the kernel's listen queue
  // The request line and headers must have arrived this long after the connection was opened
  // (or after the previous answer on it was sent), else the connection is closed: a client
  // sending its headers a byte at a time cannot hold a connection longer.
  std::chrono::milliseconds request_head_timeout{10000};
  // An answer must have been sent this long after its request head arrived (the computation
  // included), else the connection is closed: a client reading its answer a byte at a time.
  std::chrono::milliseconds answer_timeout{60000};
  std::chrono::seconds idle_timeout{5};       // no byte in or out for this long: closed (idle keep-alive too)
  std::size_t connection_memory = 32 * 1024;  // per connection: request line + headers (and their index)
  int max_header_lines = 100;                 // more: 431
  int keep_alive_max_requests = 100;          // per connection, then it is closed
};

// The explorer's HTTP server (GNU libmicrohttpd): routes /api/* to the functions of api.hpp and
// serves the front end at /: the copy of web/ built into the binary when `web_root` is empty,
// else the static files of `web_root` (nothing outside it: a path with a dot component, a
// backslash, an empty component or a control character is refused before the disk is looked
// at). One thread reads and writes every connection (epoll), so a slow or idle connection costs
// a socket and at most `connection_memory` bytes; /api/table and /api/moves run on the compute
// pool. Every error is JSON {"error": "..."}, except those libmicrohttpd answers itself before
// the request reaches us (listed at the top of http.cpp). `atlas`, when given, is what
// /api/atlas pages through (only read, one query at a time).
class HttpServer {
 public:
  explicit HttpServer(std::string web_root, const ServeLimits& limits = {},
                      std::shared_ptr<const atlas::Db> atlas = nullptr);
  ~HttpServer();  // stop()
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Listens on host:port (0: any free port) and serves on threads of its own from now on.
  // Returns the port, or -1 if it cannot listen there (the host does not resolve, the port is
  // taken); throws UserError if the web root is not a folder.
  int listen(const std::string& host, int port);

  // Stops accepting, answers the computations not yet started (503 "server stopping"), waits
  // for those running (Ctrl-C stops them at their next progress check), gives the answers a
  // moment to go out, then closes every connection. Safe to call twice.
  void stop();

  // The computation slots (tests hold them all to see the 503).
  ComputeSlots& slots();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace grundy::server
