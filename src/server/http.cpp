#include "server/http.hpp"

#include <httplib.h>

#include <algorithm>
#include <deque>
#include <functional>
#include <sstream>
#include <thread>
#include <vector>

#include "core/errors.hpp"
#include "core/progress.hpp"

namespace grundy::server {

namespace {

// httplib's own ThreadPool queues every accepted connection without limit. This one keeps at
// most `max_queued` connections waiting for a worker; beyond that the accept loop waits for
// room, and further clients wait in the kernel's listen backlog instead of in our memory.
class BoundedThreadPool final : public httplib::TaskQueue {
 public:
  BoundedThreadPool(int threads, std::size_t max_queued) : max_queued_(max_queued) {
    for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { work(); });
  }
  ~BoundedThreadPool() override { shutdown(); }

  void enqueue(std::function<void()> fn) override {
    std::unique_lock<std::mutex> lock(mutex_);
    room_.wait(lock, [this] { return jobs_.size() < max_queued_ || stopping_; });
    jobs_.push_back(std::move(fn));
    lock.unlock();
    ready_.notify_one();
  }

  // Runs the connections already queued, then joins the workers.
  void shutdown() override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    ready_.notify_all();
    room_.notify_all();
    for (auto& t : threads_)
      if (t.joinable()) t.join();
  }

 private:
  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait(lock, [this] { return !jobs_.empty() || stopping_; });
        if (jobs_.empty()) return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      room_.notify_one();
      job();
    }
  }

  std::size_t max_queued_;
  std::mutex mutex_;
  std::condition_variable ready_, room_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

// A static file path the explorer may serve: "/" or "/name/name..." with names of letters,
// digits, '.', '_' and '-', none starting with '.'. httplib's mount point has its own check
// against "..", but this refuses everything unusual (encoded dots, backslashes, NUL and other
// control characters, empty components) before the disk is looked at.
bool plain_static_path(const std::string& path) {
  if (path.empty() || path[0] != '/') return false;
  std::size_t start = 1;
  while (start < path.size()) {
    const std::size_t end = std::min(path.find('/', start), path.size());
    if (end == start || path[start] == '.') return false;
    for (std::size_t i = start; i < end; ++i) {
      const char c = path[i];
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-') return false;
    }
    start = end + 1;
  }
  return true;
}

std::string shown_path(const std::string& path) { return path.size() > 100 ? path.substr(0, 100) + "..." : path; }

// The query of a request target, each parameter at most once. Read here rather than from
// httplib's params, which keep the text after the last '=' of "fix=z=3" instead of the first.
Query parse_query(const std::string& target) {
  Query q;
  const std::size_t mark = target.find('?');
  if (mark == std::string::npos) return q;
  std::stringstream items(target.substr(mark + 1));
  for (std::string item; std::getline(items, item, '&');) {
    if (item.empty()) continue;
    const std::size_t eq = item.find('=');
    const std::string key = httplib::detail::decode_url(item.substr(0, eq), true);
    const std::string value = eq == std::string::npos ? "" : httplib::detail::decode_url(item.substr(eq + 1), true);
    if (!q.emplace(key, value).second) throw core::UserError("parameter " + key.substr(0, 40) + " given twice");
  }
  return q;
}

void send(httplib::Response& res, const ApiResponse& a) {
  res.status = a.status;
  res.set_content(a.body, a.content_type.c_str());
}

// Answers one API request: the parameters (each at most once), then the handler, inside a
// computation slot and a time limit when `slots` is set. A bad input is 400 with the engine's
// one-line message; only a broken invariant of the engine is 500.
ApiResponse answer(const httplib::Request& req, ApiResponse (*handler)(const Query&), ComputeSlots* slots,
                   const ServeLimits& limits) {
  try {
    const Query q = parse_query(req.target);
    if (!slots) return handler(q);
    const ComputeSlots::Lease lease = slots->acquire(limits.busy_wait);
    if (!lease) return api_error(503, "server busy; try again");
    std::ostringstream seconds;
    seconds << limits.max_seconds;
    const core::ThreadDeadline deadline(
        limits.max_seconds, "stopped after " + seconds.str() +
                                " s, the explorer's time limit for one request; use `grundy table` or `grundy moves` "
                                "for larger computations");
    return handler(q);
  } catch (const core::Interrupted& e) {
    // Ctrl-C on the server stops the computations in flight: not the request's fault.
    if (core::detail::g_stop_requested.load()) return api_error(503, "server stopping");
    return api_error(400, e.what());
  } catch (const core::UserError& e) {
    return api_error(400, e.what());
  } catch (const std::bad_alloc&) {
    return api_error(400, "out of memory; try a smaller size");
  } catch (const std::exception& e) {
    return api_error(500, std::string("internal error: ") + e.what());
  }
}

}  // namespace

std::shared_ptr<ComputeSlots> setup_server(httplib::Server& server, const std::string& web_root,
                                           const ServeLimits& given) {
  ServeLimits limits = given;
  if (limits.computations <= 0)
    limits.computations = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (limits.workers <= 0) limits.workers = std::max(8, 4 * limits.computations);
  auto slots = std::make_shared<ComputeSlots>(limits.computations);

  // A response goes out as a head and a body in two writes: without TCP_NODELAY, Nagle's
  // algorithm holds the body until the head is acknowledged, which a client delays by 40 ms.
  server.set_tcp_nodelay(true);
  server.set_payload_max_length(kMaxRequestBody);
  server.set_read_timeout(limits.read_timeout);
  server.set_write_timeout(limits.read_timeout);
  server.set_keep_alive_timeout(limits.keep_alive_timeout.count());
  server.set_keep_alive_max_count(limits.keep_alive_max_requests);
  server.new_task_queue = [workers = limits.workers, queued = limits.max_queued_connections] {
    return new BoundedThreadPool(workers, queued);
  };

  auto route = [&server, limits](const std::string& path, ApiResponse (*handler)(const Query&),
                                 std::shared_ptr<ComputeSlots> gate) {
    server.Get(path, [handler, gate, limits](const httplib::Request& req, httplib::Response& res) {
      const ApiResponse a = answer(req, handler, gate.get(), limits);
      send(res, a);
      res.set_header("Cache-Control", "no-store");
      if (a.status == 503) res.set_header("Retry-After", "1");
      if (!a.filename.empty() && req.has_param("download"))
        res.set_header("Content-Disposition", "attachment; filename=\"" + a.filename + "\"");
    });
  };
  route(
      "/api/games", [](const Query& q) { return api_games(q); }, nullptr);
  route("/api/table", api_table, slots);
  route("/api/moves", api_moves, slots);
  server.Get("/api/.*", [](const httplib::Request& req, httplib::Response& res) {
    send(res, api_error(404, shown_path(req.path) + ": no such endpoint; see /api/games, /api/table, /api/moves"));
  });

  // Before routing: a GET carries no body, and a static path must be a plain one.
  server.set_pre_routing_handler([](const httplib::Request& req, httplib::Response& res) {
    const bool get = req.method == "GET" || req.method == "HEAD";
    if (get && (req.get_header_value<std::uint64_t>("Content-Length") > 0 || req.has_header("Transfer-Encoding"))) {
      const bool large = req.get_header_value<std::uint64_t>("Content-Length") > kMaxRequestBody;
      send(res, api_error(large ? 413 : 400, "a GET request takes no body"));
      res.set_header("Connection", "close");
      return httplib::Server::HandlerResponse::Handled;
    }
    if (req.path.rfind("/api/", 0) == 0 || plain_static_path(req.path))
      return httplib::Server::HandlerResponse::Unhandled;
    send(res, api_error(400, "path '" + shown_path(req.path) +
                                  "': not served; the explorer serves only the files of its web folder"));
    return httplib::Server::HandlerResponse::Handled;
  });
  // Errors httplib answers itself (no route, body or URI too long, unparsable request) get a
  // JSON body too, so the front end can show them.
  server.set_error_handler(httplib::Server::HandlerWithResponse([](const httplib::Request& req,
                                                                   httplib::Response& res) {
    if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
    std::string message;
    if (res.status == 404 && req.method != "GET" && req.method != "HEAD") {
      res.status = 405;
      res.set_header("Allow", "GET, HEAD");
      message = req.method.substr(0, 20) + ": the explorer answers GET requests only";
    } else if (res.status == 404) {
      message = shown_path(req.path) + ": not found";
    } else if (res.status == 413) {
      message = "request body larger than " + std::to_string(kMaxRequestBody) + " bytes; the API takes GET requests";
    } else if (res.status == 414) {
      message = "request URI too long";
    } else if (res.status == 400) {
      message = "malformed HTTP request";
    } else {
      message = "HTTP error " + std::to_string(res.status);
    }
    send(res, api_error(res.status, message));
    return httplib::Server::HandlerResponse::Handled;
  }));
  server.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
    std::string what = "unknown exception";
    try {
      std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    send(res, api_error(500, "internal error: " + what));
  });
  if (!web_root.empty() && !server.set_mount_point("/", web_root))
    throw core::UserError("--web-root " + web_root + ": not a directory");
  return slots;
}

}  // namespace grundy::server
