#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "server/compute_pool.hpp"

namespace httplib {
class Server;
}

namespace grundy::server {

// The limits of `grundy serve`; 0 picks the default named.
struct ServeLimits {
  int computations = 0;                        // at once; default: the hardware threads
  std::chrono::milliseconds busy_wait{2000};   // for a computation slot, then 503
  double max_seconds = 10;                     // per computation, then 400 naming the limit
  int workers = 0;                             // connection threads; default: 4 x computations, at least 8
  std::size_t max_queued_connections = 64;     // accepted, waiting for a worker; then accept waits
  std::chrono::seconds read_timeout{5};        // per read and write on a connection
  std::chrono::seconds keep_alive_timeout{2};  // an idle kept-alive connection is closed after it
  std::size_t keep_alive_max_requests = 100;   // per connection
};

// Routes /api/* to the functions above and serves the static files of `web_root` at / (nothing
// outside it: a path with a dot component, a backslash, an empty component or a control
// character is refused before httplib looks at the disk). Sets the server's limits: request
// body, timeouts, keep-alive, a bounded pool of connection threads, and the computation slots,
// which it returns (tests hold them to see the 503). Every error is JSON {"error": "..."}.
std::shared_ptr<ComputeSlots> setup_server(httplib::Server& server, const std::string& web_root,
                                           const ServeLimits& limits = {});

}  // namespace grundy::server
