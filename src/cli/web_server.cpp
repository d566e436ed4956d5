#include "cli/web_server.hpp"

#include <httplib.h>

#include <algorithm>
#include <deque>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>
#include <vector>

#include "cli/move_label.hpp"
#include "cli/table_box.hpp"
#include "core/errors.hpp"
#include "core/memory.hpp"
#include "core/parse.hpp"
#include "core/progress.hpp"
#include "core/solve.hpp"
#include "games/registry.hpp"
#include "io/format.hpp"
#include "io/heatmap.hpp"
#include "io/latex.hpp"

namespace grundy::cli {

namespace {

// Every query parameter must be one the endpoint reads: a misspelt one ("sise=13") is an error
// rather than silently ignored.
void check_known(const Query& q, const std::string& endpoint, std::initializer_list<const char*> allowed) {
  for (const auto& [name, value] : q) {
    if (std::find_if(allowed.begin(), allowed.end(), [&](const char* a) { return name == a; }) != allowed.end())
      continue;
    std::string list;
    for (const char* a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
    throw core::UserError(endpoint + ": unknown parameter '" + name.substr(0, 40) + "'; " +
                          (list.empty() ? "it takes none" : "allowed: " + list));
  }
}

const std::string& need(const Query& q, const std::string& name, const std::string& example) {
  const auto it = q.find(name);
  if (it == q.end() || it->second.empty()) throw core::UserError(name + ": missing; e.g. " + name + "=" + example);
  return it->second;
}

bool flag(const Query& q, const std::string& name) {
  const auto it = q.find(name);
  return it != q.end() && (it->second == "1" || it->second == "true" || it->second == "on");
}

struct Requested {
  games::GameSpec spec;
  core::Game game;
  core::Evaluation eval;
};

Requested requested_game(const Query& q) {
  const std::string& text = need(q, "game", "nim -p heaps=2 --pass");
  if (text.size() > kMaxGameSpecLength)
    throw core::UserError("game: " + std::to_string(text.size()) + " characters; the explorer reads specs of at most " +
                          std::to_string(kMaxGameSpecLength) + " (use the CLI for longer ones)");
  games::GameSpec spec = games::parse_game_spec(text);
  spec.transforms.misere = flag(q, "misere");
  core::Game game = games::make_game(spec);
  return {spec, game, spec.transforms.misere ? core::Evaluation::MisereOutcome : core::Evaluation::Grundy};
}

std::string cells_refusal(std::uint64_t cells, const std::string& what) {
  return what + ": " + (cells == UINT64_MAX ? std::string("more than 2^63") : std::to_string(cells)) +
         " cells to compute; the explorer computes at most " + std::to_string(kMaxServedCells) +
         " (use `grundy table` or `grundy moves` for larger ones)";
}

// Refuses, before anything is computed, a box with too many cells, counting also the cells the
// solver adds to reach every option (its reach box): a leaper moving far in one coordinate
// needs a table much larger than the one shown. The box itself is checked first, so the reach
// box is only computed for small boxes, where it cannot overflow.
void check_cells(const core::Game& game, const core::Box& box, const std::string& what) {
  if (box.count() > kMaxServedCells) throw core::UserError(cells_refusal(box.count(), what));
  const core::Box reach = game.reach_box(box);
  if (reach.count() > kMaxServedCells)
    throw core::UserError(
        cells_refusal(reach.count(), what + " (the " + reach.to_string() + " positions its moves reach)"));
}

// Echoed input need not be UTF-8 (game=%FF): invalid bytes become U+FFFD instead of making
// dump() throw.
std::string dump(const nlohmann::json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

ApiResponse json_response(const nlohmann::json& j) { return {200, "application/json", dump(j), ""}; }

ApiResponse json_error(int status, const std::string& message) {
  return {status, "application/json", dump(nlohmann::json{{"error", message}}), ""};
}

}  // namespace

ApiResponse api_games(const Query& q) {
  check_known(q, "/api/games", {});
  nlohmann::json list = nlohmann::json::array();
  for (const auto& fam : games::families()) {
    nlohmann::json j;
    j["name"] = fam.name;
    j["summary"] = fam.summary;
    j["example"] = fam.example;
    j["params"] = nlohmann::json::array();
    for (const auto& p : fam.params)
      j["params"].push_back({{"name", p.name}, {"help", p.help}, {"default", p.default_value}});
    list.push_back(j);
  }
  return json_response(list);
}

// The CLI's `table` box (cli/table_box.hpp), with the pins given as fix=c=v,c=v.
ApiResponse api_table(const Query& q) {
  check_known(q, "/api/table", {"game", "size", "fix", "misere", "format", "download"});
  const Requested r = requested_game(q);
  const std::int64_t size = core::parse_int(need(q, "size", "13"), "size", 1, 4096);
  const int passes = r.spec.transforms.passes;
  std::vector<std::string> fixes;
  if (const auto it = q.find("fix"); it != q.end() && !it->second.empty()) {
    std::stringstream items(it->second);
    for (std::string f; std::getline(items, f, ',');) fixes.push_back(f);
  }
  const FixSyntax syntax{"fix", std::int64_t{1} << 20};
  TableBox req = make_table_box(r.game, passes, size, fixes, syntax);
  const std::vector<int> free = table_axes(r.game, passes, req, syntax);
  check_cells(r.game, req.box, "size = " + std::to_string(size));
  const io::Format format = io::parse_table_format(q.count("format") ? q.at("format") : "json");
  const int n = r.game.arity();
  core::Position base(n);
  for (int i = 0; i < n; ++i) base[i] = std::max<std::int64_t>(req.pinned[i], 0);
  const core::DenseTable table = core::solve_guarded(r.game, req.box, r.eval, core::default_memory_limit());
  const int row = free[0], col = free.size() > 1 ? free[1] : -1;
  const io::Grid grid = io::make_grid(table, r.game.name(), r.game.coordinate_names(), base, row, col,
                                      req.box.extent(row), col >= 0 ? req.box.extent(col) : 1);
  std::ostringstream out;
  io::write_grid(out, format, grid);
  ApiResponse resp{200, "application/json", out.str(), ""};
  switch (format) {
    case io::Format::Csv:
      resp.content_type = "text/csv";
      resp.filename = "table.csv";
      break;
    case io::Format::Latex:
      resp.content_type = "text/plain; charset=utf-8";
      resp.filename = "table.tex";
      break;
    case io::Format::Png:
      resp.content_type = "image/png";
      resp.filename = "table.png";
      break;
    case io::Format::Svg:
      resp.content_type = "image/svg+xml";
      resp.filename = "table.svg";
      break;
    case io::Format::Text:
      resp.content_type = "text/plain; charset=utf-8";
      break;
    case io::Format::Json:
      break;
  }
  return resp;
}

// Values by one dense sweep of the box below the position (grown to its reach box, which holds
// every option), as `grundy moves` does. That needs an order of the moves (a rank, or options
// preceding their position); the memo solver, which needs none, has no cost bound the server
// could check beforehand, so a game without an order is refused (every registered family has
// one).
ApiResponse api_moves(const Query& q) {
  check_known(q, "/api/moves", {"game", "position", "misere"});
  const Requested r = requested_game(q);
  const std::string text = need(q, "position", "3,5,1");
  const core::Position pos = core::parse_position(text);
  const std::string shown = "position " + text.substr(0, 60);
  if (const std::string why = r.game.check(pos); !why.empty())
    throw core::UserError(shown + " is not a position of " + r.game.name() + ": " + why);
  if (!r.game.options_precede() && !r.game.has_rank())
    throw core::UserError(r.game.name() + ": its moves have no order the explorer can bound; use `grundy moves`");
  const core::Box below = core::box_below(pos);
  check_cells(r.game, below, shown);
  std::uint64_t count = 0;
  r.game.for_each_option(pos, [&](const core::Position&) { ++count; });
  if (count > kMaxServedMoves)
    throw core::UserError(shown + ": " + std::to_string(count) + " moves; the explorer lists at most " +
                          std::to_string(kMaxServedMoves) + " (use `grundy moves`)");
  const core::DenseTable table = core::solve_guarded(r.game, below, r.eval, core::default_memory_limit());
  auto value = [&](const core::Position& p) {
    if (!table.box.contains(p))
      throw core::EngineError(r.game.name() + ": option " + core::to_string(p) + " outside the solved box " +
                              table.box.to_string());
    return table.at(p);
  };
  const auto names = r.game.coordinate_names();
  const bool pass = r.spec.transforms.passes > 0;
  auto outcome = [](core::Value v) { return v == 0 ? "P" : "N"; };
  nlohmann::json j;
  j["game"] = r.game.name();
  j["family"] = r.spec.family;
  j["coordinates"] = names;
  j["pass"] = pass;
  j["evaluation"] = r.eval == core::Evaluation::Grundy ? "grundy" : "misere-outcome";
  j["position"] = std::vector<std::int64_t>(pos.coords().begin(), pos.coords().end());
  const core::Value v = value(pos);
  if (r.eval == core::Evaluation::Grundy) j["grundy"] = v;
  j["outcome"] = outcome(v);
  j["moves"] = nlohmann::json::array();
  r.game.for_each_option(pos, [&](const core::Position& o) {
    const core::Value ov = value(o);
    nlohmann::json m;
    m["position"] = std::vector<std::int64_t>(o.coords().begin(), o.coords().end());
    if (r.eval == core::Evaluation::Grundy) m["grundy"] = ov;
    m["outcome"] = outcome(ov);
    m["winning"] = ov == 0;
    m["label"] = move_label(names, pos, o, pass);
    j["moves"].push_back(std::move(m));
  });
  return json_response(j);
}

ComputeSlots::Lease::~Lease() {
  if (!owner_) return;
  {
    std::lock_guard<std::mutex> lock(owner_->mutex_);
    ++owner_->free_;
  }
  owner_->freed_.notify_one();
}

ComputeSlots::Lease ComputeSlots::acquire(std::chrono::milliseconds wait) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (!freed_.wait_for(lock, wait, [this] { return free_ > 0; })) return Lease();
  --free_;
  return Lease(this);
}

int ComputeSlots::free_slots() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return free_;
}

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
    if (!lease) return json_error(503, "server busy; try again");
    std::ostringstream seconds;
    seconds << limits.max_seconds;
    const core::ThreadDeadline deadline(
        limits.max_seconds, "stopped after " + seconds.str() +
                                " s, the explorer's time limit for one request; use `grundy table` or `grundy moves` "
                                "for larger computations");
    return handler(q);
  } catch (const core::Interrupted& e) {
    // Ctrl-C on the server stops the computations in flight: not the request's fault.
    if (core::detail::g_stop_requested.load()) return json_error(503, "server stopping");
    return json_error(400, e.what());
  } catch (const core::UserError& e) {
    return json_error(400, e.what());
  } catch (const std::bad_alloc&) {
    return json_error(400, "out of memory; try a smaller size");
  } catch (const std::exception& e) {
    return json_error(500, std::string("internal error: ") + e.what());
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
    send(res, json_error(404, shown_path(req.path) + ": no such endpoint; see /api/games, /api/table, /api/moves"));
  });

  // Before routing: a GET carries no body, and a static path must be a plain one.
  server.set_pre_routing_handler([](const httplib::Request& req, httplib::Response& res) {
    const bool get = req.method == "GET" || req.method == "HEAD";
    if (get && (req.get_header_value<std::uint64_t>("Content-Length") > 0 || req.has_header("Transfer-Encoding"))) {
      const bool large = req.get_header_value<std::uint64_t>("Content-Length") > kMaxRequestBody;
      send(res, json_error(large ? 413 : 400, "a GET request takes no body"));
      res.set_header("Connection", "close");
      return httplib::Server::HandlerResponse::Handled;
    }
    if (req.path.rfind("/api/", 0) == 0 || plain_static_path(req.path))
      return httplib::Server::HandlerResponse::Unhandled;
    send(res, json_error(400, "path '" + shown_path(req.path) +
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
    send(res, json_error(res.status, message));
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
    send(res, json_error(500, "internal error: " + what));
  });
  if (!web_root.empty() && !server.set_mount_point("/", web_root))
    throw core::UserError("--web-root " + web_root + ": not a directory");
  return slots;
}

}  // namespace grundy::cli
