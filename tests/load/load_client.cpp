// A load test of `grundy serve` from a second process (tests/load/run_load_test.sh starts the
// server and runs this): K threads send a seeded mix of valid and invalid requests and check
// every answer, not only its status.
//   tables   Nim (G = xor), three-heap Nim with a pinned heap, subtraction {1,2,3} (period 4),
//            and Nim with a pass, the knight, the queen and misere Nim against tables computed
//            here by the memo solver (the slow twin of the server's fast sweeps)
//   moves    the value of the position and of every move, and the winning flags, likewise
//   invalid  bad parameters, unknown ones, costly queries (a 10^9-position table): 400 and the
//            exact one-line message
//   oversize a long URI (414), a large body (413), a garbage request line (closed), a long spec
//   escape   paths naming files outside web/: 4xx, and not their content
//   static   the explorer's own files: 200 and their content
// A 503 "server busy; try again" is a right answer under load, counted apart (busy); more than
// a tenth of them fails the run. Any wrong status or body is `wrong`, any failed connection an
// `error`; either fails the run, as do zero requests.
//
// Usage: grundy_load_client URL [--threads K] [--requests N] [--seconds S] [--seed X]
//        (N requests per thread, stopping early after S seconds: a bound, not a measure)
//        grundy_load_client URL --alive   (one GET /api/games; status 0 iff it answers)
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/solve/game.hpp"
#include "games/registry.hpp"
#include "support/raw_http.hpp"

using namespace grundy;
using nlohmann::json;

namespace {

struct Options {
  std::string host = "127.0.0.1";
  int port = 0;
  int threads = 4;
  int requests = 1500;
  double seconds = 20;
  unsigned seed = 1;
  bool alive = false;
};

[[noreturn]] void usage(const std::string& why) {
  std::cerr << "grundy_load_client: " << why
            << "\nusage: grundy_load_client http://127.0.0.1:PORT/ [--threads K] [--requests N] [--seconds S] "
               "[--seed X] | --alive\n";
  std::exit(2);
}

Options parse_options(int argc, char** argv) {
  Options o;
  if (argc < 2) usage("a URL is required");
  const std::string url = argv[1];
  const std::string prefix = "http://";
  const std::size_t colon = url.rfind(':');
  if (url.rfind(prefix, 0) != 0 || colon == std::string::npos || colon < prefix.size())
    usage("URL '" + url + "': expected http://HOST:PORT/");
  o.host = url.substr(prefix.size(), colon - prefix.size());
  o.port = std::atoi(url.c_str() + colon + 1);
  if (o.port <= 0 || o.port > 65535) usage("URL '" + url + "': no port");
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(a + " needs a value");
      return argv[++i];
    };
    if (a == "--threads")
      o.threads = std::atoi(value().c_str());
    else if (a == "--requests")
      o.requests = std::atoi(value().c_str());
    else if (a == "--seconds")
      o.seconds = std::atof(value().c_str());
    else if (a == "--seed")
      o.seed = static_cast<unsigned>(std::atoi(value().c_str()));
    else if (a == "--alive")
      o.alive = true;
    else
      usage("unknown argument " + a);
  }
  if (o.threads < 1 || o.threads > 64 || o.requests < 1 || o.seconds <= 0)
    usage("bad --threads, --requests or --seconds");
  return o;
}

// Values of a game over a box, by the memo solver, computed once before the load starts.
struct RefTable {
  core::Game game;
  core::Box box;
  std::vector<core::Value> values;

  RefTable(const std::string& spec, core::Position extent, core::Evaluation eval)
      : game(games::make_game(games::parse_game_spec(spec))), box(extent) {
    auto memo = game.make_solver(eval);
    core::Position p(box.arity());
    do values.push_back(memo->value(p));
    while (box.next(p));
  }
  core::Value at(const core::Position& p) const { return values[box.index(p)]; }
};

struct References {
  RefTable nim2_pass{"nim -p heaps=2 --pass", {24, 24, 2}, core::Evaluation::Grundy};
  RefTable knight{"knight", {40, 40}, core::Evaluation::Grundy};
  RefTable queen{"queen", {24, 24}, core::Evaluation::Grundy};
  RefTable misere_nim2{"nim -p heaps=2", {16, 16}, core::Evaluation::MisereOutcome};
};

// One request's verdict: ok, busy (a well-formed 503), wrong (with why), or a transport error.
enum class Verdict { Ok, Busy, Wrong, Error };

struct Outcome {
  Verdict verdict = Verdict::Ok;
  std::string detail;
};

Outcome wrong(const std::string& what, int status, const std::string& body) {
  return {Verdict::Wrong, what + " -> " + std::to_string(status) + " " + body.substr(0, 300)};
}

std::string encode(const std::string& s) { return httplib::detail::encode_query_param(s); }

std::string error_field(const std::string& body) {
  const json j = json::parse(body, nullptr, false);
  return j.is_object() && j.contains("error") && j["error"].is_string() ? j["error"].get<std::string>() : "<no error>";
}

// The answer to an API request that should succeed: 200 and a JSON body checked by `check`
// (which returns "" when right), or busy.
template <class Check>
Outcome expect_json(const httplib::Result& res, const std::string& what, Check&& check) {
  if (!res) return {Verdict::Error, what + ": " + httplib::to_string(res.error())};
  if (res->status == 503 && error_field(res->body) == "server busy; try again") return {Verdict::Busy, ""};
  if (res->status != 200) return wrong(what, res->status, res->body);
  const json j = json::parse(res->body, nullptr, false);
  if (j.is_discarded()) return wrong(what + " (not JSON)", res->status, res->body);
  const std::string why = check(j);
  return why.empty() ? Outcome{} : wrong(what + ": " + why, res->status, res->body);
}

// A refused request: exactly this status and error message (a prefix when `prefix`).
Outcome expect_error(int status, const std::string& body, const std::string& what, int want_status,
                     const std::string& want, bool prefix = false) {
  const std::string got = error_field(body);
  const bool text_ok = prefix ? got.rfind(want, 0) == 0 : got == want;
  if (status != want_status || !text_ok)
    return wrong(what + " (want " + std::to_string(want_status) + " " + want + ")", status, body);
  return {};
}

Outcome expect_error(const httplib::Result& res, const std::string& what, int want_status, const std::string& want,
                     bool prefix = false) {
  if (!res) return {Verdict::Error, what + ": " + httplib::to_string(res.error())};
  if (res->status == 503 && error_field(res->body) == "server busy; try again") return {Verdict::Busy, ""};
  return expect_error(res->status, res->body, what, want_status, want, prefix);
}

// values[r][c] == expected(r, c) over rows x cols.
template <class Expected>
std::string check_grid(const json& j, std::int64_t rows, std::int64_t cols, Expected&& expected) {
  if (!j.contains("values") || !j["values"].is_array() || static_cast<std::int64_t>(j["values"].size()) != rows)
    return "expected " + std::to_string(rows) + " rows";
  for (std::int64_t r = 0; r < rows; ++r) {
    const json& row = j["values"][static_cast<std::size_t>(r)];
    if (!row.is_array() || static_cast<std::int64_t>(row.size()) != cols) return "row " + std::to_string(r) + " length";
    for (std::int64_t c = 0; c < cols; ++c)
      if (row[static_cast<std::size_t>(c)] != expected(r, c))
        return "cell (" + std::to_string(r) + "," + std::to_string(c) + ") is " +
               row[static_cast<std::size_t>(c)].dump() + ", expected " + expected(r, c).dump();
  }
  return "";
}

// The moves of `pos` in `ref`'s game: the position's value, then every option in the engine's
// order with its value and winning flag.
std::string check_moves(const json& j, const RefTable& ref, const core::Position& pos) {
  if (j.value("grundy", json()) != ref.at(pos)) return "grundy of the position";
  std::vector<core::Position> options;
  ref.game.for_each_option(pos, [&](const core::Position& o) { options.push_back(o); });
  if (!j.contains("moves") || !j["moves"].is_array() || j["moves"].size() != options.size()) return "number of moves";
  for (std::size_t i = 0; i < options.size(); ++i) {
    const json& m = j["moves"][i];
    const core::Value v = ref.at(options[i]);
    if (m.value("position", json()) !=
        json(std::vector<std::int64_t>(options[i].coords().begin(), options[i].coords().end())))
      return "move " + std::to_string(i) + " position";
    if (m.value("grundy", json()) != v) return "move " + std::to_string(i) + " grundy";
    if (m.value("winning", json()) != (v == 0)) return "move " + std::to_string(i) + " winning flag";
  }
  return "";
}

std::string position_text(const core::Position& p) {
  std::string s;
  for (int i = 0; i < p.size(); ++i) s += (i ? "," : "") + std::to_string(p[i]);
  return s;
}

// Paths naming files outside web/ (see also tests/server/http_test.cpp).
const std::vector<std::string> kEscapes = {
    "/../CMakeLists.txt",        "/%2e%2e/CMakeLists.txt", "/..%2fCMakeLists.txt",
    "/web/../../CMakeLists.txt", "//etc/passwd",           "/%00",
    "/..%5cCMakeLists.txt",      "/..\\CMakeLists.txt",    "/%2fetc%2fpasswd",
    "/..%00/CMakeLists.txt",     "/./../README.md",        "/css/../../../etc/passwd",
    "http://x/../CMakeLists.txt"};

class Worker {
 public:
  Worker(const Options& o, const References& refs, int id)
      : o_(o), refs_(refs), rng_(o.seed * 7919u + static_cast<unsigned>(id)), client_(o.host, o.port) {
    client_.set_keep_alive(true);
    client_.set_connection_timeout(std::chrono::seconds(10));
    client_.set_read_timeout(std::chrono::seconds(60));  // safety bounds, generous for sanitizer builds
    client_.set_write_timeout(std::chrono::seconds(60));
  }

  Outcome one() {
    const int kind = pick(100);
    if (kind < 35) return table();
    if (kind < 60) return moves();
    if (kind < 75) return invalid();
    if (kind < 80) return oversized();
    if (kind < 90) return escape();
    return static_file();
  }

 private:
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

  Outcome table() {
    switch (pick(8)) {
      case 0: {  // Nim: G = x xor y, now and then a larger table
        const int s = pick(10) == 0 ? 256 : 1 + pick(64);
        const std::string path = "/api/table?game=" + encode("nim -p heaps=2") + "&size=" + std::to_string(s);
        return expect_json(client_.Get(path), path, [&](const json& j) {
          return check_grid(j, s, s, [](std::int64_t r, std::int64_t c) { return json(r ^ c); });
        });
      }
      case 1: {  // three heaps, z pinned: x xor y xor z
        const int s = 1 + pick(32), z = pick(21);
        const std::string path = "/api/table?game=" + encode("nim -p heaps=3") + "&size=" + std::to_string(s) +
                                 "&fix=" + encode("z=" + std::to_string(z));
        return expect_json(client_.Get(path), path, [&](const json& j) -> std::string {
          if (j["fixed"] != json{{"z", z}}) return "fixed";
          return check_grid(j, s, s, [z](std::int64_t r, std::int64_t c) { return json(r ^ c ^ z); });
        });
      }
      case 2: {  // subtraction {1,2,3}: x mod 4, one column
        const int s = 1 + pick(200);
        const std::string path = "/api/table?game=" + encode("subtraction -p set=1,2,3") + "&size=" + std::to_string(s);
        return expect_json(client_.Get(path), path, [&](const json& j) {
          return check_grid(j, s, 1, [](std::int64_t r, std::int64_t) { return json(r % 4); });
        });
      }
      case 3: {  // Nim with a pass, all passes left (p = 1): Table 2 of the chocolate paper
        const int s = 1 + pick(24);
        const std::string path = "/api/table?game=" + encode("nim -p heaps=2 --pass") + "&size=" + std::to_string(s);
        return expect_json(client_.Get(path), path, [&](const json& j) {
          return check_grid(j, s, s, [&](std::int64_t r, std::int64_t c) {
            return json(refs_.nim2_pass.at(core::Position{r, c, 1}));
          });
        });
      }
      case 4:
      case 5: {  // the knight and the queen
        const bool knight = pick(2) == 0;
        const RefTable& ref = knight ? refs_.knight : refs_.queen;
        const int s = 1 + pick(knight ? 40 : 24);
        const std::string path =
            std::string("/api/table?game=") + (knight ? "knight" : "queen") + "&size=" + std::to_string(s);
        return expect_json(client_.Get(path), path, [&](const json& j) {
          return check_grid(j, s, s, [&](std::int64_t r, std::int64_t c) {
            return json(ref.at(core::Position{r, c}));
          });
        });
      }
      case 6: {  // misere Nim: outcomes
        const int s = 1 + pick(16);
        const std::string path = "/api/table?game=" + encode("nim -p heaps=2") + "&misere=1&size=" + std::to_string(s);
        return expect_json(client_.Get(path), path, [&](const json& j) {
          return check_grid(j, s, s, [&](std::int64_t r, std::int64_t c) {
            return json(refs_.misere_nim2.at(core::Position{r, c}) == 0 ? "P" : "N");
          });
        });
      }
      default: {  // CSV export of Nim
        const int s = 1 + pick(8);
        const std::string path =
            "/api/table?game=" + encode("nim -p heaps=2") + "&format=csv&size=" + std::to_string(s);
        const auto res = client_.Get(path);
        if (!res) return {Verdict::Error, path + ": " + httplib::to_string(res.error())};
        if (res->status == 503 && error_field(res->body) == "server busy; try again") return {Verdict::Busy, ""};
        std::string want = "x,y,grundy,outcome\n";
        for (int x = 0; x < s; ++x)
          for (int y = 0; y < s; ++y)
            want += std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(x ^ y) + "," +
                    ((x ^ y) ? "N" : "P") + "\n";
        if (res->status != 200 || res->body != want) return wrong(path, res->status, res->body);
        return {};
      }
    }
  }

  Outcome moves() {
    const int which = pick(3);
    const RefTable& ref = which == 0 ? refs_.nim2_pass : which == 1 ? refs_.knight : refs_.queen;
    const std::string spec = which == 0 ? "nim -p heaps=2 --pass" : which == 1 ? "knight" : "queen";
    const core::Position pos = which == 0   ? core::Position{pick(16), pick(16), pick(2)}
                               : which == 1 ? core::Position{pick(31), pick(31)}
                                            : core::Position{pick(21), pick(21)};
    const std::string path = "/api/moves?game=" + encode(spec) + "&position=" + position_text(pos);
    return expect_json(client_.Get(path), path, [&](const json& j) { return check_moves(j, ref, pos); });
  }

  Outcome invalid() {
    const std::string nim2 = encode("nim -p heaps=2");
    const std::string no_bigger =
        " cells to compute; the explorer computes at most 4194304 (use `grundy table` or `grundy moves` for larger "
        "ones)";
    switch (pick(11)) {
      case 10:  // not UTF-8, echoed in the message
        return expect_error(client_.Get("/api/table?game=%FF&size=3"), "game=%FF", 400,
                            "unknown game family '\xEF\xBF\xBD'; known: nim, ", true);
      case 0:
        return expect_error(client_.Get("/api/table?game=" + encode("nim -p heaps=x") + "&size=3"), "heaps=x", 400,
                            "-p heaps = 'x': not an integer; allowed 1..15");
      case 1:
        return expect_error(client_.Get("/api/table?game=" + nim2 + "&size=0"), "size=0", 400,
                            "size = '0': out of range; allowed 1..4096");
      case 2:
        return expect_error(
            client_.Get("/api/table?game=" + nim2 + "&size=3&sise=4"), "sise", 400,
            "/api/table: unknown parameter 'sise'; allowed: game, size, fix, misere, format, download, job");
      case 3:
        return expect_error(client_.Get("/api/moves?game=" + nim2 + "&position=1,2,3"), "position 1,2,3", 400,
                            "position 1,2,3 is not a position of nim(heaps=2): expected 2 coordinates, got 3");
      case 4:
        return expect_error(client_.Get("/api/table?game=frob&size=3"), "frob", 400,
                            "unknown game family 'frob'; known: nim, ", true);
      case 5:  // 10^9 positions: refused, not attempted
        return expect_error(
            client_.Get("/api/table?game=" + encode("nim -p heaps=3") + "&size=1000&fix=" + encode("z=999")),
            "10^9 table", 400, "size = 1000: 1000000000" + no_bigger);
      case 6:
        return expect_error(client_.Get("/api/table?game=" + encode("leaper -p moves=1000:-1,-1:0") + "&size=300"),
                            "leaper reach", 400,
                            "size = 300 (the 299300x300 positions its moves reach): 89790000" + no_bigger);
      case 7:
        return expect_error(client_.Get("/api/moves?game=queen&position=4194303,0"), "queen moves", 400,
                            "position 4194303,0: more than 65536 moves; the explorer lists at most that many (use "
                            "`grundy moves`)");
      case 8:
        return expect_error(client_.Get("/api/table?game=nim&size=3&size=4"), "size twice", 400,
                            "parameter size given twice");
      default:
        return expect_error(
            client_.Get("/api/nothing"), "/api/nothing", 404,
            "/api/nothing: no such endpoint; see /api/games, /api/table, /api/moves, /api/analysis, /api/atlas, "
            "/api/cancel");
    }
  }

  Outcome oversized() {
    switch (pick(5)) {
      case 0:
        return expect_error(client_.Get("/api/games?x=" + std::string(9000, 'a')), "long URI", 414,
                            "request URI too long");
      case 1:
        return expect_error(client_.Post("/api/table", std::string(100 * 1024, 'x'), "text/plain"), "large body", 413,
                            "request body larger than 65536 bytes; the API takes GET requests");
      case 2: {
        const RawReply r = raw_http(
            o_.port, "GET /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n" + std::string(100000, 'x'));
        if (!r.connected) return {Verdict::Error, "GET with a body: no connection"};
        return expect_error(r.status, r.body, "GET with a body", 413, "a GET request takes no body");
      }
      case 3: {  // libmicrohttpd ends the connection without an answer (no hook for it in 0.9.75)
        const RawReply r = raw_http(o_.port, "GARBAGE\r\n\r\n");
        if (!r.connected) return {Verdict::Error, "garbage: no connection"};
        if (r.status != 0) return wrong("garbage (want the connection closed)", r.status, r.body);
        return {};
      }
      default: {
        std::string set = "1";
        for (int s = 2; s <= 400; ++s) set += "," + std::to_string(s);
        const std::string spec = "subtraction -p set=" + set;
        return expect_error(client_.Get("/api/table?game=" + encode(spec) + "&size=8"), "long spec", 400,
                            "game: " + std::to_string(spec.size()) +
                                " characters; the explorer reads specs of at most 1000 (use the CLI for longer ones)");
      }
    }
  }

  Outcome escape() {
    const std::string& target = kEscapes[static_cast<std::size_t>(pick(static_cast<int>(kEscapes.size())))];
    const RawReply r = raw_http(o_.port, raw_get(target));
    if (!r.connected || r.status == 0) return {Verdict::Error, target + ": no answer"};
    if (r.status < 400 || r.status >= 500 || r.body.find("cmake_minimum_required") != std::string::npos ||
        r.body.find("root:") != std::string::npos || r.body.find("# grundy") != std::string::npos)
      return wrong("escape " + target, r.status, r.body);
    return {};
  }

  Outcome static_file() {
    static const std::vector<std::pair<std::string, std::string>> files = {
        {"/", "<title>grundy explorer</title>"}, {"/app.js", "'use strict';"}, {"/style.css", "font-family"}};
    if (pick(4) == 0) {
      const auto res = client_.Get("/api/games");
      return expect_json(res, "/api/games", [](const json& j) -> std::string {
        return j.is_array() && !j.empty() && j[0].value("name", "") == "nim" ? "" : "nim first";
      });
    }
    const auto& [path, marker] = files[static_cast<std::size_t>(pick(3))];
    const auto res = client_.Get(path);
    if (!res) return {Verdict::Error, path + ": " + httplib::to_string(res.error())};
    if (res->status != 200 || res->body.find(marker) == std::string::npos) return wrong(path, res->status, res->body);
    return {};
  }

  const Options& o_;
  const References& refs_;
  std::mt19937 rng_;
  httplib::Client client_;
};

struct Totals {
  std::mutex mutex;
  std::uint64_t requests = 0, ok = 0, busy = 0, wrong = 0, errors = 0;
  std::vector<double> latencies_ms;
  std::vector<std::string> details;  // the first few wrong answers and errors
  int threads_without_requests = 0;
};

double percentile(std::vector<double>& v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(q * static_cast<double>(v.size())))];
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse_options(argc, argv);
  if (o.alive) {
    httplib::Client client(o.host, o.port);
    client.set_read_timeout(std::chrono::seconds(30));
    const auto res = client.Get("/api/games");
    const bool ok = res && res->status == 200 && res->body.find("\"nim\"") != std::string::npos;
    std::cout << (ok ? "alive" : "not answering") << std::endl;
    return ok ? 0 : 1;
  }
  const References refs;
  Totals totals;
  const auto start = std::chrono::steady_clock::now();
  const auto deadline =
      start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(o.seconds));
  std::atomic<bool> stopped_early{false};
  std::vector<std::thread> threads;
  for (int t = 0; t < o.threads; ++t)
    threads.emplace_back([&, t] {
      Worker w(o, refs, t);
      std::uint64_t n = 0, ok = 0, busy = 0, bad = 0, errors = 0;
      std::vector<double> lat;
      std::vector<std::string> details;
      for (int i = 0; i < o.requests; ++i) {
        if (std::chrono::steady_clock::now() > deadline) {
          stopped_early.store(true);
          break;
        }
        const auto t0 = std::chrono::steady_clock::now();
        const Outcome out = w.one();
        lat.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
        ++n;
        switch (out.verdict) {
          case Verdict::Ok:
            ++ok;
            break;
          case Verdict::Busy:
            ++busy;
            break;
          case Verdict::Wrong:
            ++bad;
            break;
          case Verdict::Error:
            ++errors;
            break;
        }
        if ((out.verdict == Verdict::Wrong || out.verdict == Verdict::Error) && details.size() < 5)
          details.push_back((out.verdict == Verdict::Wrong ? "wrong: " : "error: ") + out.detail);
      }
      std::lock_guard<std::mutex> lock(totals.mutex);
      totals.requests += n;
      totals.ok += ok;
      totals.busy += busy;
      totals.wrong += bad;
      totals.errors += errors;
      totals.latencies_ms.insert(totals.latencies_ms.end(), lat.begin(), lat.end());
      for (auto& d : details) totals.details.push_back(std::move(d));
      if (n == 0) ++totals.threads_without_requests;
    });
  for (auto& t : threads) t.join();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const auto& d : totals.details) std::cerr << d << "\n";
  const double p50 = percentile(totals.latencies_ms, 0.50), p99 = percentile(totals.latencies_ms, 0.99);
  std::printf(
      "requests: %llu  ok: %llu  busy: %llu  wrong: %llu  errors: %llu  p50 ms: %.2f  p99 ms: %.2f  req/s: %.0f  "
      "seconds: %.1f  threads: %d\n",
      static_cast<unsigned long long>(totals.requests), static_cast<unsigned long long>(totals.ok),
      static_cast<unsigned long long>(totals.busy), static_cast<unsigned long long>(totals.wrong),
      static_cast<unsigned long long>(totals.errors), p50, p99, static_cast<double>(totals.requests) / secs, secs,
      o.threads);
  if (stopped_early.load())
    std::printf("note: stopped by the %.0f s bound before %d requests per thread\n", o.seconds, o.requests);
  bool pass = true;
  auto fail = [&pass](const std::string& why) {
    std::cerr << "FAIL: " << why << "\n";
    pass = false;
  };
  if (totals.requests == 0 || totals.threads_without_requests > 0) fail("a thread made no request");
  if (totals.wrong > 0) fail(std::to_string(totals.wrong) + " wrong answers");
  if (totals.errors > 0) fail(std::to_string(totals.errors) + " connection errors");
  if (totals.busy * 10 > totals.requests) fail("more than a tenth of the requests answered busy");
  return pass ? 0 : 1;
}
