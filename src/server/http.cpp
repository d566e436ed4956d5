#include "server/http.hpp"

#include <fcntl.h>
#include <microhttpd.h>
#include <netdb.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "atlas/atlas.hpp"
#include "runtime/errors.hpp"
#include "runtime/progress.hpp"
#include "server/web_files.hpp"  // generated from web/ (cmake/embed_web.cmake)

namespace grundy::server {

namespace {

using Clock = std::chrono::steady_clock;

// How libmicrohttpd 0.9.75 answers by itself, before a request reaches us (it has no hook to
// change these bodies, which are its own short HTML or nothing):
//   a request line without a space ("GARBAGE")           closes the connection, no answer
//   a bad HTTP version or a header line without a colon   400
//   a request line larger than connection_memory           414
//   headers larger than connection_memory                  431
// Everything else is answered here, in JSON.

// The longest request target (path and query) we read; longer ones get 414.
constexpr std::size_t kMaxTarget = 8 * 1024;

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// %XX decoding (a '%' not followed by two hex digits stays as it is); in a query, '+' is a space.
std::string percent_decode(std::string_view s, bool plus_is_space) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex_digit(s[i + 1]) >= 0 && hex_digit(s[i + 2]) >= 0) {
      out += static_cast<char>(hex_digit(s[i + 1]) * 16 + hex_digit(s[i + 2]));
      i += 2;
    } else {
      out += plus_is_space && s[i] == '+' ? ' ' : s[i];
    }
  }
  return out;
}

// A static file path the explorer may serve: "/" or "/name/name..." with names of letters,
// digits, '.', '_' and '-', none starting with '.'. This refuses everything unusual (encoded
// dots, backslashes, NUL and other control characters, empty components) before the disk is
// looked at, so no path can name a file outside the web folder.
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

// The query of a request target, each parameter at most once, its value up to the FIRST '='
// ("fix=z=3" is fix -> "z=3").
Query parse_query(const std::string& target) {
  Query q;
  const std::size_t mark = target.find('?');
  if (mark == std::string::npos) return q;
  std::stringstream items(target.substr(mark + 1));
  for (std::string item; std::getline(items, item, '&');) {
    if (item.empty()) continue;
    const std::size_t eq = item.find('=');
    const std::string key = percent_decode(std::string_view(item).substr(0, eq), true);
    const std::string value =
        eq == std::string::npos ? "" : percent_decode(std::string_view(item).substr(eq + 1), true);
    if (!q.emplace(key, value).second) throw runtime::UserError("parameter " + key.substr(0, 40) + " given twice");
  }
  return q;
}

std::string content_type_of(const std::string& file) {
  const std::size_t dot = file.rfind('.');
  std::string ext = dot == std::string::npos ? "" : file.substr(dot + 1);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == "html" || ext == "htm") return "text/html; charset=utf-8";
  if (ext == "js" || ext == "mjs") return "text/javascript; charset=utf-8";
  if (ext == "css") return "text/css; charset=utf-8";
  if (ext == "json") return "application/json";
  if (ext == "png") return "image/png";
  if (ext == "svg") return "image/svg+xml";
  if (ext == "ico") return "image/x-icon";
  if (ext == "txt") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

using Handler = std::function<ApiResponse(const Query&)>;

// One API answer, computed where `run` is called: inside the time limit when `max_seconds` is
// set. A bad input is 400 with the engine's one-line message; only a broken invariant of the
// engine is 500.
// `cancelled`: the request's Cancel flag (Jobs), polled with the time limit.
ApiResponse run_api(const Handler& handler, const Query& q, double max_seconds, bool limited,
                    const std::shared_ptr<const std::atomic<bool>>& cancelled = nullptr) {
  try {
    if (!limited) return handler(q);
    if (cancelled && cancelled->load()) return api_error(400, "cancelled");  // while it waited for a slot
    std::ostringstream seconds;
    seconds << max_seconds;
    const runtime::StopScope deadline(
        max_seconds,
        "stopped after " + seconds.str() +
            " s, the explorer's time limit for one request; use `grundy table` or `grundy moves` for larger "
            "computations",
        cancelled);
    return handler(q);
  } catch (const runtime::Interrupted& e) {
    // Ctrl-C on the server stops the computations in flight: not the request's fault.
    if (runtime::detail::g_stop_requested.load()) return api_error(503, "server stopping");
    return api_error(400, e.what());
  } catch (const runtime::UserError& e) {
    return api_error(400, e.what());
  } catch (const std::bad_alloc&) {
    return api_error(400, "out of memory; try a smaller size");
  } catch (const std::exception& e) {
    return api_error(500, std::string("internal error: ") + e.what());
  }
}

// An answer and how it goes out.
struct Reply {
  ApiResponse answer;
  bool api = false;       // Cache-Control: no-store; a 503 says Retry-After
  bool download = false;  // Content-Disposition when the answer names a file
  bool allow = false;     // 405: Allow: GET, HEAD
  bool close = false;     // Connection: close (after a refusal, or the last request allowed)
};

Reply error_reply(int status, const std::string& message, bool close = false) {
  Reply r;
  r.answer = api_error(status, message);
  r.close = close;
  return r;
}

// What the server keeps per TCP connection (libmicrohttpd's socket context), for the watchdog:
// every time is a deadline it enforces by shutting the socket down.
struct Connection {
  int fd = -1;
  Clock::time_point head_by;    // the next request head must be complete by then
  Clock::time_point answer_by;  // the answer to the current request must be sent by then
  bool in_request = false;      // head received, answer not yet sent
  bool cut = false;             // shut down by the watchdog
  int requests = 0;
};

// What the server keeps per request (libmicrohttpd's con_cls), made when the request line has
// been read. While the connection is suspended for a computation, the compute thread writes
// `reply` and resumes it; libmicrohttpd then calls the access handler again, which sends it.
// libmicrohttpd cannot complete (and so free) a suspended connection, so the Request outlives
// the job.
struct Request {
  enum class State { New, HeadRead, Computing, Answered };
  std::string target;  // as sent: path and query, not decoded
  State state = State::New;
  bool last = false;        // the last request on its connection (Connection: close)
  bool dispatched = false;  // counted in answers_pending
  Reply reply;
};

}  // namespace

// The explorer's Cancel: a table request with job=ID is registered from the moment it is queued
// until it is answered; /api/cancel?job=ID sets its flag, which its computation polls
// (runtime::StopScope) and stops at, freeing its slot.
class Jobs {
 public:
  using Flag = std::shared_ptr<std::atomic<bool>>;
  // The flag of a new job; null if the ID is already in use.
  Flag enter(const std::string& id) {
    const std::lock_guard<std::mutex> lock(mutex_);
    auto [it, fresh] = flags_.try_emplace(id, nullptr);
    if (!fresh) return nullptr;
    it->second = std::make_shared<std::atomic<bool>>(false);
    return it->second;
  }
  void leave(const std::string& id) {
    const std::lock_guard<std::mutex> lock(mutex_);
    flags_.erase(id);
  }
  // Whether a job of that ID was queued or computing.
  bool cancel(const std::string& id) {
    const std::lock_guard<std::mutex> lock(mutex_);
    const auto it = flags_.find(id);
    if (it == flags_.end()) return false;
    it->second->store(true);
    return true;
  }

 private:
  std::mutex mutex_;
  std::unordered_map<std::string, Flag> flags_;
};

// A job ID as the client chose it; else a UserError.
std::string job_id(const Query& q) {
  const std::string& id = q.at("job");
  const bool ok = !id.empty() && id.size() <= 64 && std::all_of(id.begin(), id.end(), [](char ch) {
    return std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_';
  });
  if (!ok) throw runtime::UserError("job = '" + id.substr(0, 64) + "': give 1 to 64 letters, digits, '-' or '_'");
  return id;
}

struct HttpServer::Impl {
  Impl(std::string root, const ServeLimits& l, std::shared_ptr<const atlas::Db> a)
      : web_root(std::move(root)),
        limits(l),
        atlas(std::move(a)),
        slots(limits.computations),
        pool(slots, limits.computations, limits.busy_wait) {}

  std::string web_root;
  ServeLimits limits;
  // One SQLite connection: its queries one at a time (its error message is per connection).
  std::shared_ptr<const atlas::Db> atlas;
  std::mutex atlas_mutex;
  ComputeSlots slots;
  Jobs jobs;  // before the pool, whose jobs leave it as they finish
  ComputePool pool;
  MHD_Daemon* daemon = nullptr;

  std::mutex mutex;  // guards what follows
  std::condition_variable changed;
  std::unordered_set<Connection*> connections;
  int answers_pending = 0;  // requests handed to the pool whose answer is not yet sent
  bool watchdog_stop = false;
  std::thread watchdog;

  std::mutex stop_mutex;  // one stop() at a time
  bool stopped = false;

  static Connection* connection_of(MHD_Connection* c) {
    const MHD_ConnectionInfo* info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? static_cast<Connection*>(info->socket_context) : nullptr;
  }

  // libmicrohttpd calls this when a connection is accepted and when it is closed, before it
  // closes the socket: the watchdog, which takes the same mutex, never touches a closed (and
  // perhaps reused) file descriptor.
  static void on_connection(void* cls, MHD_Connection* c, void** socket_context, MHD_ConnectionNotificationCode toe) {
    Impl& s = *static_cast<Impl*>(cls);
    if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
      const MHD_ConnectionInfo* info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
      auto* conn = new Connection;
      conn->fd = info ? info->connect_fd : -1;
      conn->head_by = Clock::now() + s.limits.request_head_timeout;
      *socket_context = conn;
      const std::lock_guard<std::mutex> lock(s.mutex);
      s.connections.insert(conn);
    } else if (toe == MHD_CONNECTION_NOTIFY_CLOSED) {
      auto* conn = static_cast<Connection*>(*socket_context);
      *socket_context = nullptr;
      {
        const std::lock_guard<std::mutex> lock(s.mutex);
        s.connections.erase(conn);
      }
      delete conn;
    }
  }

  // The request target as the client sent it (libmicrohttpd passes its handler a decoded
  // path and splits the query into its own table; we read the query ourselves).
  static void* on_request_line(void*, const char* uri, MHD_Connection*) {
    auto* req = new Request;
    req->target = uri ? uri : "";
    return req;
  }

  // libmicrohttpd decodes the path in place; keep it as sent (we decode it ourselves, once).
  static std::size_t keep_escaped(void*, MHD_Connection*, char* s) { return std::strlen(s); }

  static void on_completed(void* cls, MHD_Connection* c, void** con_cls, MHD_RequestTerminationCode) {
    Impl& s = *static_cast<Impl*>(cls);
    auto* req = static_cast<Request*>(*con_cls);
    *con_cls = nullptr;
    Connection* conn = connection_of(c);
    {
      const std::lock_guard<std::mutex> lock(s.mutex);
      if (conn) {
        conn->in_request = false;
        conn->head_by = Clock::now() + s.limits.request_head_timeout;
      }
      if (req && req->dispatched) --s.answers_pending;
    }
    s.changed.notify_all();
    delete req;
  }

  static MHD_Result on_request(void* cls, MHD_Connection* c, const char*, const char* method, const char*, const char*,
                               std::size_t*, void** con_cls) {
    Impl& s = *static_cast<Impl*>(cls);
    auto* req = static_cast<Request*>(*con_cls);
    if (!req) {  // the request-line callback always makes one; kept for safety
      req = new Request;
      *con_cls = req;
    }
    try {
      switch (req->state) {
        case Request::State::New: {
          // The request head is complete. A refusal goes out now: libmicrohttpd then reads no
          // body and closes the connection after it (0.9.75 treats any answer given at this
          // first call as early, so an accepted request is answered at the next call, when the
          // empty body has been "received", which keeps the connection alive).
          Connection* conn = connection_of(c);
          if (conn) {
            const std::lock_guard<std::mutex> lock(s.mutex);
            conn->in_request = true;
            conn->answer_by = Clock::now() + s.limits.answer_timeout;
            req->last = ++conn->requests >= s.limits.keep_alive_max_requests;
          }
          req->state = Request::State::HeadRead;
          if (std::optional<Reply> refused = s.refusal(c, method ? method : "", req->target)) {
            refused->close = true;
            return s.send(c, *refused);
          }
          return MHD_YES;
        }
        case Request::State::HeadRead: {
          // Nothing: handed to the pool, whose thread may already have answered and set the
          // state, so neither *req nor its state is read again here.
          std::optional<Reply> reply = s.answer(c, *req);
          if (!reply) return MHD_YES;
          reply->close = reply->close || req->last;
          return s.send(c, *reply);
        }
        case Request::State::Computing:
          return MHD_YES;  // not expected: resumed without an answer
        case Request::State::Answered:
          return s.send(c, req->reply);
      }
    } catch (const std::exception& e) {  // bad_alloc, or a bug: the one answer we can still give
      Reply r = error_reply(500, std::string("internal error: ") + e.what(), true);
      return s.send(c, r);
    }
    return MHD_NO;
  }

  // The refusals that depend on the request head only: too many headers, a target too long, a
  // method other than GET or HEAD, a body. Each closes the connection.
  std::optional<Reply> refusal(MHD_Connection* c, const std::string& method, const std::string& target) const {
    const int headers = MHD_get_connection_values(c, MHD_HEADER_KIND, nullptr, nullptr);
    if (headers > limits.max_header_lines)
      return error_reply(431, std::to_string(headers) + " header lines; the explorer reads at most " +
                                  std::to_string(limits.max_header_lines));
    if (target.size() > kMaxTarget) return error_reply(414, "request URI too long");
    const char* length_text = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    const unsigned long long length = length_text ? std::strtoull(length_text, nullptr, 10) : 0;
    const bool body = length > 0 || MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING);
    if (method != "GET" && method != "HEAD") {
      if (length > kMaxRequestBody)
        return error_reply(
            413, "request body larger than " + std::to_string(kMaxRequestBody) + " bytes; the API takes GET requests");
      Reply r = error_reply(405, method.substr(0, 20) + ": the explorer answers GET requests only");
      r.allow = true;
      return r;
    }
    // The body is not read: the answer goes out and the connection is closed, so its bytes are
    // never taken for a next request.
    if (body) return error_reply(length > kMaxRequestBody ? 413 : 400, "a GET request takes no body");
    return std::nullopt;
  }

  // The answer to a GET: the API or a static file; nothing for /api/table and /api/moves, which
  // are handed to the pool (the connection suspended until it answers).
  std::optional<Reply> answer(MHD_Connection* c, Request& req) {
    const std::string path = percent_decode(std::string_view(req.target).substr(0, req.target.find('?')), false);
    if (path.rfind("/api/", 0) == 0) {
      Reply reply;
      reply.api = true;
      Handler handler;
      bool at_once = false;  // answered here, not queued behind the computations
      if (path == "/api/games") {
        handler = [](const Query& query) { return api_games(query); };
        at_once = true;
      }
      if (path == "/api/table") handler = api_table;
      if (path == "/api/moves") handler = api_moves;
      if (path == "/api/analysis") handler = api_analysis;
      if (path == "/api/atlas") {
        // Without an atlas the answer (404, how to give one) costs nothing: no slot for it.
        at_once = atlas == nullptr;
        handler = [this](const Query& query) {
          const std::lock_guard<std::mutex> lock(atlas_mutex);
          return api_atlas(atlas.get(), query);
        };
      }
      if (!handler && path != "/api/cancel") {
        reply.answer = api_error(404, shown_path(path) +
                                          ": no such endpoint; see /api/games, /api/table, /api/moves, /api/analysis, "
                                          "/api/atlas, /api/cancel");
        return reply;
      }
      Query q;
      try {
        q = parse_query(req.target);
        if (!handler) {  // /api/cancel?job=ID: answered at once, never queued behind the computations
          for (const auto& [key, value] : q)
            if (key != "job")
              throw runtime::UserError("/api/cancel: unknown parameter '" + key.substr(0, 40) + "'; allowed: job");
          if (!q.count("job")) throw runtime::UserError("/api/cancel: give job=ID, the job of the table request");
          reply.answer = {200, "application/json", nlohmann::json{{"cancelled", jobs.cancel(job_id(q))}}.dump(), ""};
          return reply;
        }
      } catch (const runtime::UserError& e) {
        reply.answer = api_error(400, e.what());
        return reply;
      }
      reply.download = q.count("download") > 0;
      if (at_once) {
        reply.answer = run_api(handler, q, limits.max_seconds, false);
        return reply;
      }
      compute(c, req, std::move(reply), handler, std::move(q));
      return std::nullopt;
    }
    if (!plain_static_path(path))
      return error_reply(
          400, "path '" + shown_path(path) + "': not served; the explorer serves only the files of its web folder");
    return static_file(path);
  }

  // Suspends the connection and hands the computation to the pool, whose thread stores the
  // answer and resumes the connection (or, if the pool is stopping, answers at once).
  void compute(MHD_Connection* c, Request& req, Reply reply, Handler handler, Query q) {
    reply.close = req.last;
    req.reply = std::move(reply);
    req.state = Request::State::Computing;
    req.dispatched = true;
    {
      const std::lock_guard<std::mutex> lock(mutex);
      ++answers_pending;
    }
    MHD_suspend_connection(c);
    Request* r = &req;
    auto done = [r, c](ApiResponse a) {
      r->reply.answer = std::move(a);
      r->state = Request::State::Answered;
      MHD_resume_connection(c);  // last: from here on the request is libmicrohttpd's again
    };
    const double seconds = limits.max_seconds;
    // A job ID makes the request cancellable from the moment it is queued.
    std::string id;
    Jobs::Flag cancelled;
    if (q.count("job")) {
      try {
        id = job_id(q);
        cancelled = jobs.enter(id);
        if (!cancelled) throw runtime::UserError("job = '" + id + "': in use by a request not yet answered");
      } catch (const runtime::UserError& e) {
        done(api_error(400, e.what()));
        return;
      }
    }
    const auto finished = [this, id, done](ApiResponse a) {
      if (!id.empty()) jobs.leave(id);
      done(std::move(a));
    };
    bool queued = false;
    try {
      queued = pool.submit([handler = std::move(handler), q = std::move(q), seconds,
                            cancelled] { return run_api(handler, q, seconds, true, cancelled); },
                           finished);
    } catch (const std::bad_alloc&) {
      finished(api_error(503, "server busy; try again"));
      return;
    }
    if (!queued) finished(api_error(503, "server stopping"));
  }

  Reply static_file(const std::string& path) const {
    const std::string file = web_root + (path == "/" ? "/index.html" : path);
    Reply reply;
    if (web_root.empty()) {  // the copy built in
      for (const WebFile& f : kWebFiles)
        if (f.path == (path == "/" ? "/index.html" : path)) {
          reply.answer.status = 200;
          reply.answer.content_type = content_type_of(file);
          reply.answer.body = std::string(f.text);
          return reply;
        }
      return error_reply(404, shown_path(path) + ": not found");
    }
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    struct stat st {};
    if (fd < 0 || ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
      if (fd >= 0) ::close(fd);
      return error_reply(404, shown_path(path) + ": not found");
    }
    std::string body(static_cast<std::size_t>(st.st_size), '\0');
    std::size_t got = 0;
    for (ssize_t n = 0; got < body.size() && (n = ::read(fd, body.data() + got, body.size() - got)) > 0;)
      got += static_cast<std::size_t>(n);
    ::close(fd);
    body.resize(got);
    reply.answer.status = 200;
    reply.answer.content_type = content_type_of(file);
    reply.answer.body = std::move(body);
    return reply;
  }

  MHD_Result send(MHD_Connection* c, Reply& reply) const {
    auto* body = new std::string(std::move(reply.answer.body));
    MHD_Response* response = MHD_create_response_from_buffer_with_free_callback_cls(
        body->size(), body->data(), [](void* owned) { delete static_cast<std::string*>(owned); }, body);
    if (!response) {
      delete body;
      return MHD_NO;  // libmicrohttpd closes the connection
    }
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, reply.answer.content_type.c_str());
    if (reply.api) MHD_add_response_header(response, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    if (reply.api && reply.answer.status == 503) MHD_add_response_header(response, MHD_HTTP_HEADER_RETRY_AFTER, "1");
    if (reply.download && !reply.answer.filename.empty())
      MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_DISPOSITION,
                              ("attachment; filename=\"" + reply.answer.filename + "\"").c_str());
    if (reply.allow) MHD_add_response_header(response, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
    if (reply.close) MHD_add_response_header(response, MHD_HTTP_HEADER_CONNECTION, "close");
    const MHD_Result queued = MHD_queue_response(c, static_cast<unsigned>(reply.answer.status), response);
    MHD_destroy_response(response);
    return queued;
  }

  // Closes (shutdown(2); libmicrohttpd then sees the end of the stream and cleans up) every
  // connection past one of its deadlines: libmicrohttpd's own timeout is one of inactivity only,
  // which a client sending a byte now and then never reaches.
  void watch() {
    std::unique_lock<std::mutex> lock(mutex);
    while (!watchdog_stop) {
      changed.wait_for(lock, std::chrono::milliseconds(200));
      const auto now = Clock::now();
      for (Connection* conn : connections) {
        if (conn->cut || conn->fd < 0 || now < (conn->in_request ? conn->answer_by : conn->head_by)) continue;
        ::shutdown(conn->fd, SHUT_RDWR);
        conn->cut = true;
      }
    }
  }
};

HttpServer::HttpServer(std::string web_root, const ServeLimits& given, std::shared_ptr<const atlas::Db> atlas) {
  ServeLimits limits = given;
  if (limits.computations <= 0)
    limits.computations = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  struct stat st {};
  if (!web_root.empty() && (::stat(web_root.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)))
    throw runtime::UserError("--web-root " + web_root + ": not a directory");
  impl_ = std::make_unique<Impl>(std::move(web_root), limits, std::move(atlas));
}

HttpServer::~HttpServer() { stop(); }

ComputeSlots& HttpServer::slots() { return impl_->slots; }

int HttpServer::listen(const std::string& host, int port) {
  Impl& s = *impl_;
  if (s.daemon) throw std::logic_error("HttpServer::listen called twice");
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  if (::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0) return -1;
  int fd = -1;
  for (addrinfo* a = found; a && fd < 0; a = a->ai_next) {
    fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    const int on = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (::bind(fd, a->ai_addr, a->ai_addrlen) != 0 || ::listen(fd, 128) != 0) {
      ::close(fd);
      fd = -1;
    }
  }
  ::freeaddrinfo(found);
  if (fd < 0) return -1;
  sockaddr_storage bound{};
  socklen_t bound_size = sizeof bound;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &bound_size);
  const int bound_port = ntohs(bound.ss_family != AF_INET6 ? reinterpret_cast<sockaddr_in*>(&bound)->sin_port
                                                           : reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port);

  // One internal thread polls every connection (epoll); suspend/resume lets the compute pool
  // answer. No MHD_USE_ERROR_LOG: a misbehaving client is not worth a line on stderr.
  const auto flags = static_cast<unsigned>(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME);
  s.daemon =
      MHD_start_daemon(flags, 0, nullptr, nullptr, &Impl::on_request, &s,                                         //
                       MHD_OPTION_LISTEN_SOCKET, static_cast<MHD_socket>(fd),                                     //
                       MHD_OPTION_CONNECTION_LIMIT, static_cast<unsigned>(s.limits.max_connections),              //
                       MHD_OPTION_CONNECTION_TIMEOUT, static_cast<unsigned>(s.limits.idle_timeout.count()),       //
                       MHD_OPTION_CONNECTION_MEMORY_LIMIT, static_cast<std::size_t>(s.limits.connection_memory),  //
                       MHD_OPTION_NOTIFY_CONNECTION, &Impl::on_connection, &s,                                    //
                       MHD_OPTION_NOTIFY_COMPLETED, &Impl::on_completed, &s,                                      //
                       MHD_OPTION_URI_LOG_CALLBACK, &Impl::on_request_line, &s,                                   //
                       MHD_OPTION_UNESCAPE_CALLBACK, &Impl::keep_escaped, &s,                                     //
                       MHD_OPTION_END);
  // (On failure libmicrohttpd may already have closed fd: it is not closed again here.)
  if (!s.daemon) throw runtime::UserError("cannot start the HTTP server on " + host + ":" + std::to_string(bound_port));
  s.watchdog = std::thread([&s] { s.watch(); });
  return bound_port;
}

void HttpServer::stop() {
  Impl& s = *impl_;
  const std::lock_guard<std::mutex> once(s.stop_mutex);
  if (s.stopped) return;
  s.stopped = true;
  // Every suspended connection is resumed by the time the pool has stopped, as
  // MHD_stop_daemon requires; a request arriving later is answered "server stopping" at once.
  s.pool.stop();
  if (!s.daemon) return;
  {
    // A moment for the last answers to go out; a client that does not read them is not waited for.
    std::unique_lock<std::mutex> lock(s.mutex);
    s.changed.wait_for(lock, std::chrono::seconds(1), [&s] { return s.answers_pending == 0; });
  }
  MHD_stop_daemon(s.daemon);
  s.daemon = nullptr;
  {
    const std::lock_guard<std::mutex> lock(s.mutex);
    s.watchdog_stop = true;
  }
  s.changed.notify_all();
  s.watchdog.join();
}

}  // namespace grundy::server
