// The explorer's server through HTTP on an ephemeral port, including what it must refuse (paths
// outside web/, oversized requests, header floods, costly queries) and its limits (busy slots,
// the time limit per request, slow clients). cpp-httplib is only the client here.
#include "server/http.hpp"

#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "runtime/errors.hpp"
#include "support/raw_http.hpp"

using namespace grundy;

namespace {

const std::string kWebRoot = std::string(GRUNDY_SOURCE_DIR) + "/web";

// A server of its own on an ephemeral loopback port, stopped at the end of the test.
class TestServer {
 public:
  explicit TestServer(const server::ServeLimits& limits = {}) : server(kWebRoot, limits) {
    port = server.listen("127.0.0.1", 0);
  }

  httplib::Result get(const std::string& path) {
    httplib::Client client("127.0.0.1", port);
    client.set_read_timeout(std::chrono::seconds(60));  // a safety bound, generous for sanitizer builds
    return client.Get(path);
  }

  server::HttpServer server;
  int port = -1;
};

std::string error_field(const std::string& body) {
  const auto j = nlohmann::json::parse(body, nullptr, false);
  return j.is_object() && j.contains("error") && j["error"].is_string() ? j["error"].get<std::string>() : "<no error>";
}

}  // namespace

TEST(WebServer, ServesTheApiOverHttp) {
  TestServer s;
  ASSERT_GT(s.port, 0);
  auto res = s.get("/api/table?game=nim%20-p%20heaps%3D2&size=2");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_NE(res->body.find("\"values\":[[0,1],[1,0]]"), std::string::npos) << res->body;
  res = s.get("/api/table?game=nim%20-p%20heaps%3Dx&size=2");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400) << res->body;
  EXPECT_EQ(error_field(res->body), "-p heaps = 'x': not an integer; allowed 1..15");
  res = s.get("/");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_NE(res->body.find("grundy explorer"), std::string::npos);
  res = s.get("/app.js");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
}

TEST(WebServer, QueryParametersAreReadOnceEachUpToTheFirstEquals) {
  TestServer s;
  // "fix=z=2" unencoded: the value is "z=2" (httplib's own params would keep "2"). (httplib's
  // client sends '+' as %2B, so spaces are %20 here.)
  auto res = s.get("/api/table?game=nim%20-p%20heaps=3&size=3&fix=z=2");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200) << res->body;
  res = s.get("/api/table?game=nim&size=3&size=4");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  EXPECT_EQ(error_field(res->body), "parameter size given twice");
}

TEST(WebServer, InputThatIsNotUtf8IsEchoedSafely) {
  TestServer s;
  auto res = s.get("/api/table?game=%FF&size=3");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  EXPECT_TRUE(error_field(res->body).starts_with("unknown game family '\xEF\xBF\xBD'")) << res->body;
  res = s.get("/api/table?game=nim&size=3&%FE=1");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  EXPECT_TRUE(error_field(res->body).starts_with("/api/table: unknown parameter '\xEF\xBF\xBD'")) << res->body;
  const RawReply r = raw_http(s.port, raw_get("/%FF%FE.js"));
  EXPECT_EQ(r.status, 400);
  EXPECT_TRUE(error_field(r.body).starts_with("path '/\xEF\xBF\xBD")) << r.body;
}

// Every way of naming a file outside web/ that we know of: none is served, whatever the layer
// that refuses it.
std::vector<std::string> escaping_targets() {
  const std::string abs = std::string(GRUNDY_SOURCE_DIR) + "/CMakeLists.txt";
  std::string abs_encoded;  // every '/' as %2F
  for (char c : abs) abs_encoded += c == '/' ? std::string("%2F") : std::string(1, c);
  return {"/../CMakeLists.txt",
          "/%2e%2e/CMakeLists.txt",
          "/%2E%2E/CMakeLists.txt",
          "/..%2fCMakeLists.txt",
          "/..%2FCMakeLists.txt",
          "/.%2e/CMakeLists.txt",
          "/web/../../CMakeLists.txt",
          "/css/../../CMakeLists.txt",
          "/./../CMakeLists.txt",
          "//etc/passwd",
          "/%2fetc%2fpasswd",
          "/../../../../../../etc/passwd",
          "/%00",
          "/..%00/CMakeLists.txt",
          "/index.html%00/../../CMakeLists.txt",
          "/..\\CMakeLists.txt",
          "/..%5cCMakeLists.txt",
          "/..%5c..%5cetc%5cpasswd",
          "\\..\\CMakeLists.txt",
          "/" + abs,
          "/" + abs_encoded,
          "//" + abs.substr(1),
          abs,
          "http://127.0.0.1/../CMakeLists.txt",
          "/%252e%252e/CMakeLists.txt",
          "/..;/CMakeLists.txt",
          "/...../CMakeLists.txt"};
}

void expect_nothing_outside_web(TestServer& s) {
  for (const std::string& target : escaping_targets()) {
    const RawReply r = raw_http(s.port, raw_get(target));
    EXPECT_TRUE(r.connected) << target;
    EXPECT_TRUE(r.status >= 400 && r.status < 500) << target << " -> " << r.status;
    EXPECT_EQ(r.body.find("cmake_minimum_required"), std::string::npos) << target << " served CMakeLists.txt";
    EXPECT_EQ(r.body.find("root:"), std::string::npos) << target << " served /etc/passwd";
  }
}

// Without a web root the server serves the copy of web/ built into it (cmake/embed_web.cmake),
// byte for byte, so `grundy serve` works from any directory and after installation.
TEST(WebServer, ServesTheExplorerBuiltIn) {
  server::HttpServer built_in("");
  const int port = built_in.listen("127.0.0.1", 0);
  httplib::Client client("127.0.0.1", port);
  for (const std::string file : {"index.html", "app.js", "style.css"}) {
    auto res = client.Get(file == "index.html" ? "/" : "/" + file);
    ASSERT_TRUE(res) << file;
    EXPECT_EQ(res->status, 200) << file;
    std::ifstream in(kWebRoot + "/" + file, std::ios::binary);
    const std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(res->body, source) << file;
  }
  auto res = client.Get("/missing.js");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 404);
  EXPECT_EQ(error_field(res->body), "/missing.js: not found");
}

TEST(WebServer, ServesNothingOutsideItsWebFolder) {
  TestServer s;
  expect_nothing_outside_web(s);
  // Each one refused with a JSON error naming it; the folder itself still served.
  const RawReply r = raw_http(s.port, raw_get("/%2e%2e/CMakeLists.txt"));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(error_field(r.body),
            "path '/../CMakeLists.txt': not served; the explorer serves only the files of its web folder");
  EXPECT_EQ(raw_http(s.port, raw_get("/style.css")).status, 200);
  EXPECT_EQ(raw_http(s.port, raw_get("/nothing.js")).status, 404);
}

// With no second layer behind the path check (the file is opened under web/ as named), each
// escape must be refused by the check itself or not exist there: a JSON error, for GET and HEAD.
TEST(WebServer, EveryEscapeGetsAJsonError) {
  TestServer s;
  for (const std::string& target : escaping_targets()) {
    RawReply r = raw_http(s.port, raw_get(target));
    EXPECT_TRUE(r.status == 400 || r.status == 404) << target << " -> " << r.status;
    EXPECT_NE(error_field(r.body), "<no error>") << target << " -> " << r.body;
    r = raw_http(s.port, "HEAD " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    EXPECT_TRUE(r.status == 400 || r.status == 404) << "HEAD " << target << " -> " << r.status;
    EXPECT_EQ(r.body, "") << "HEAD " << target;
  }
  const RawReply r = raw_http(s.port, raw_get("/app.js"));
  EXPECT_EQ(r.status, 200);
  EXPECT_NE(r.head.find("Content-Type: text/javascript"), std::string::npos) << r.head;
}

TEST(WebServer, OversizedRequestsAreRefused) {
  TestServer s;
  auto res = s.get("/api/games?x=" + std::string(9000, 'a'));
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 414);
  EXPECT_EQ(error_field(res->body), "request URI too long");
  httplib::Client client("127.0.0.1", s.port);
  res = client.Post("/api/table", std::string(100 * 1024, 'x'), "text/plain");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 413);
  EXPECT_EQ(error_field(res->body), "request body larger than 65536 bytes; the API takes GET requests");
  res = client.Post("/api/table", "x", "text/plain");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 405);
  EXPECT_EQ(error_field(res->body), "POST: the explorer answers GET requests only");
  RawReply r = raw_http(
      s.port, "GET /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n" + std::string(100000, 'x'));
  EXPECT_EQ(r.status, 413);
  EXPECT_EQ(error_field(r.body), "a GET request takes no body");
  // The bytes of a refused body are never read as a next request: one answer, then the end.
  const std::string all = raw_http_all(
      s.port,
      "GET /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 40\r\n\r\nGET /api/games HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(all.rfind("HTTP/1.1 400", 0), 0u) << all;
  EXPECT_EQ(all.find("HTTP/1.1", 1), std::string::npos) << all;
  // A request line libmicrohttpd cannot parse at all ends the connection without an answer
  // (0.9.75 has no hook for it); one with a bad version or a header without a colon is 400.
  r = raw_http(s.port, "GARBAGE\r\n\r\n");
  EXPECT_TRUE(r.connected);
  EXPECT_EQ(r.status, 0) << r.head;
  EXPECT_EQ(raw_http(s.port, "GET /api/games HTTP/x.y\r\nHost: x\r\n\r\n").status, 400);
  EXPECT_EQ(raw_http(s.port, "GET /api/games HTTP/1.1\r\nHost: x\r\nno colon\r\n\r\n").status, 400);
  // A target longer than a connection's memory: libmicrohttpd's own 414.
  EXPECT_EQ(raw_http(s.port, raw_get("/api/games?x=" + std::string(40000, 'a'))).status, 414);
  // The 10^9-position table over HTTP: 400 and the message, nothing computed.
  res = s.get("/api/table?game=nim%20-p%20heaps%3D3&size=1000&fix=z%3D999");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  EXPECT_EQ(error_field(res->body),
            "size = 1000: 1000000000 cells to compute; the explorer computes at most 4194304 (use `grundy table` "
            "or `grundy moves` for larger ones)");
  // And the server still answers.
  res = s.get("/api/games");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
}

TEST(WebServer, BusyWhenEveryComputationSlotIsTaken) {
  server::ServeLimits limits;
  limits.computations = 1;
  limits.busy_wait = std::chrono::milliseconds(0);
  TestServer s(limits);
  {
    const auto held = s.server.slots().acquire(std::chrono::milliseconds(0));
    ASSERT_TRUE(held);
    auto res = s.get("/api/table?game=nim&size=2&fix=z%3D0");
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 503);
    EXPECT_EQ(res->get_header_value("Retry-After"), "1");
    EXPECT_EQ(error_field(res->body), "server busy; try again");
    res = s.get("/api/games");  // not a computation: answered
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 200);
  }
  auto res = s.get("/api/table?game=nim&size=2&fix=z%3D0");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200) << res->body;
  EXPECT_EQ(s.server.slots().free_slots(), 1);
}

// The explorer's Cancel button: /api/cancel?job=ID stops the table request of that job, queued
// or computing. Here it waits in the queue for the one slot, which the test holds, so the
// cancel surely comes before its computation starts; it then answers "cancelled" at once.
TEST(WebServer, CancelStopsTheTableRequestOfItsJob) {
  server::ServeLimits limits;
  limits.computations = 1;
  limits.busy_wait = std::chrono::seconds(60);
  TestServer s(limits);
  auto held = s.server.slots().acquire(std::chrono::milliseconds(0));
  ASSERT_TRUE(held);
  int status = 0;
  std::string body;
  std::thread request([&] {
    auto res = s.get("/api/table?game=nim%20-p%20heaps%3D2&size=512&job=t1");
    if (res) {
      status = res->status;
      body = res->body;
    }
  });
  // The job is known from the moment it is queued; cancel it until the server has it.
  nlohmann::json answer = nlohmann::json::object();
  for (int i = 0; i < 600 && !answer.value("cancelled", false); ++i) {
    auto res = s.get("/api/cancel?job=t1");
    if (!res || res->status != 200) {
      ADD_FAILURE() << "/api/cancel: " << (res ? res->body : httplib::to_string(res.error()));
      break;
    }
    answer = nlohmann::json::parse(res->body);
    if (!answer.value("cancelled", false)) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_TRUE(answer.value("cancelled", false));
  { auto release = std::move(held); }
  request.join();
  EXPECT_EQ(status, 400);
  EXPECT_EQ(error_field(body), "cancelled");
  // Answered, the job is gone: cancelling it again finds nothing, and its ID is free again.
  auto res = s.get("/api/cancel?job=t1");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->body, "{\"cancelled\":false}");
  res = s.get("/api/table?game=nim%20-p%20heaps%3D2&size=3&job=t1");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200) << res->body;
  // Bad IDs and parameters are one-line errors.
  for (const auto& [target, says] : std::vector<std::pair<std::string, std::string>>{
           {"/api/cancel", "/api/cancel: give job=ID, the job of the table request"},
           {"/api/cancel?job=a%20b", "job = 'a b': give 1 to 64 letters, digits, '-' or '_'"},
           {"/api/cancel?job=x&all=1", "/api/cancel: unknown parameter 'all'; allowed: job"},
           {"/api/table?game=nim&size=2&fix=z%3D0&job=", "job = '': give 1 to 64 letters, digits, '-' or '_'"}}) {
    res = s.get(target);
    ASSERT_TRUE(res) << target;
    EXPECT_EQ(res->status, 400) << target;
    EXPECT_EQ(error_field(res->body), says) << target;
  }
}

TEST(WebServer, EachComputationHasATimeLimit) {
  server::ServeLimits limits;
  limits.max_seconds = 0;  // passed at the first progress check of any computation
  TestServer s(limits);
  const std::string stopped =
      "stopped after 0 s, the explorer's time limit for one request; use `grundy table` or `grundy moves` for larger "
      "computations";
  // The generic sweep checks every 4096 cells; the line sweeps (Nim, the queen), every block.
  for (const std::string target :
       {"/api/table?game=queen&size=100&misere=1", "/api/table?game=queen&size=100",
        "/api/table?game=nim%20-p%20heaps%3D2&size=512", "/api/moves?game=queen&position=99,99"}) {
    auto res = s.get(target);
    ASSERT_TRUE(res) << target;
    EXPECT_EQ(res->status, 400) << target;
    EXPECT_EQ(error_field(res->body), stopped) << target;
  }
  // A take-and-break game whose heap sizes cost O(n^2) splits each: its analysis stops too.
  auto res = s.get("/api/analysis?kind=seq&game=octal%20-p%20code%3D0.8!8!8!&size=10&search=1000000");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400) << res->body;
  EXPECT_EQ(error_field(res->body).rfind("stopped after 0 s", 0), 0u) << res->body;
  // Too small to reach a progress check of the generic sweep (the line sweeps check every block).
  res = s.get("/api/table?game=queen&size=2&misere=1");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200) << res->body;
}

TEST(WebServer, ApiAnswersSayNoStoreAndDownloadsNameTheirFile) {
  TestServer s;
  RawReply r = raw_http(s.port, raw_get("/api/table?game=nim&size=2&fix=z%3D0&format=csv&download=1"));
  EXPECT_EQ(r.status, 200);
  EXPECT_NE(r.head.find("Cache-Control: no-store"), std::string::npos) << r.head;
  EXPECT_NE(r.head.find("Content-Type: text/csv"), std::string::npos) << r.head;
  EXPECT_NE(r.head.find("Content-Disposition: attachment; filename=\""), std::string::npos) << r.head;
  r = raw_http(s.port, "DELETE /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(r.status, 405);
  EXPECT_NE(r.head.find("Allow: GET, HEAD"), std::string::npos) << r.head;
  EXPECT_EQ(error_field(r.body), "DELETE: the explorer answers GET requests only");
  r = raw_http(s.port, raw_get("/"));
  EXPECT_EQ(r.status, 200);
  EXPECT_NE(r.head.find("Content-Type: text/html"), std::string::npos) << r.head;
  EXPECT_NE(raw_http(s.port, raw_get("/style.css")).head.find("Content-Type: text/css"), std::string::npos);
  // Requests on one kept-alive connection, sent at once: each answered (the computed one too).
  const std::string keep = "GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n";
  const std::string all =
      raw_http_all(s.port, keep + "GET /api/table?game=nim&size=2&fix=z%3D0 HTTP/1.1\r\nHost: x\r\n\r\n" + keep +
                               "GET /style.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  std::size_t answers = 0;
  for (std::size_t at = all.find("HTTP/1.1 200 OK"); at != std::string::npos; at = all.find("HTTP/1.1 200 OK", at + 1))
    ++answers;
  EXPECT_EQ(answers, 4u) << all.substr(0, 2000);
}

// Headers beyond what a connection may hold: a 431 (ours in JSON when they are counted, or
// libmicrohttpd's own when they overflow the connection's memory) or a closed connection; never
// a crash, and the server answers afterwards.
TEST(WebServer, HeaderFloodsAreRefused) {
  TestServer s;
  std::string many = "GET /api/games HTTP/1.1\r\nHost: x\r\n";
  for (int i = 0; i < 10000; ++i) many += "X-Flood-" + std::to_string(i) + ": v\r\n";
  RawReply r = raw_http(s.port, many + "\r\n");
  EXPECT_TRUE(r.status == 0 || r.status == 400 || r.status == 413 || r.status == 431) << r.status;
  r = raw_http(s.port, "GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(100 * 1024, 'a') + "\r\n\r\n");
  EXPECT_TRUE(r.status == 0 || r.status == 400 || r.status == 413 || r.status == 431) << r.status;
  // Within a connection's memory but over the count: ours.
  std::string counted = "GET /api/games HTTP/1.1\r\nHost: x\r\n";
  for (int i = 0; i < 150; ++i) counted += "X-" + std::to_string(i) + ": v\r\n";
  r = raw_http(s.port, counted + "\r\n");
  EXPECT_EQ(r.status, 431);
  EXPECT_EQ(error_field(r.body), "151 header lines; the explorer reads at most 100");
  const auto res = s.get("/api/games");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
}

// Slow clients (a header line a second, never ending their request) cost the server a socket
// each, not a thread: a normal client is answered meanwhile, and each slow one is closed once
// the request-head bound has passed.
TEST(WebServer, SlowClientsNeitherBlockOthersNorStayOpen) {
  server::ServeLimits limits;
  limits.request_head_timeout = std::chrono::seconds(3);
  TestServer s(limits);
  SlowClients slow(s.port, 16);  // more than the old server's 8 connection threads
  ASSERT_EQ(slow.connected(), 16);
  // Safety bound: the head bound plus ample slack for a loaded machine.
  const auto give_up = std::chrono::steady_clock::now() + limits.request_head_timeout + std::chrono::seconds(15);
  int answered = 0;
  while (slow.open() > 0 && std::chrono::steady_clock::now() < give_up) {
    slow.tick();
    httplib::Client client("127.0.0.1", s.port);
    client.set_connection_timeout(std::chrono::seconds(10));  // safety bounds, not speed tests
    client.set_read_timeout(std::chrono::seconds(10));
    const auto res = client.Get("/api/table?game=nim%20-p%20heaps%3D2&size=8");
    ASSERT_TRUE(res) << httplib::to_string(res.error()) << " with " << slow.open() << " slow connections open";
    EXPECT_EQ(res->status, 200);
    ++answered;
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  EXPECT_EQ(slow.open(), 0) << "slow connections still open after the request-head bound";
  EXPECT_GE(answered, 1);
}

// A client reading its (16 MB) answer a byte at a time: the connection is cut once the answer
// bound has passed, so it holds neither the connection nor the answer's memory for long.
TEST(WebServer, SlowReadersAreCutAfterTheAnswerBound) {
  server::ServeLimits limits;
  limits.answer_timeout = std::chrono::seconds(1);
  TestServer s(limits);
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  const int small = 4096;  // little in flight: the server's writes stall at once
  ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
  timeval tv{30, 0};  // a safety bound
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(s.port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr), 0);
  const std::string request = raw_get("/api/table?game=nim%20-p%20heaps%3D2&size=1024&format=csv");
  ASSERT_EQ(::send(fd, request.data(), request.size(), MSG_NOSIGNAL), static_cast<ssize_t>(request.size()));
  // A byte every 100 ms for three times the bound, then whatever is left as fast as it comes.
  std::string got;
  char buf[65536];
  bool ended = false;
  for (int i = 0; i < 30 && !ended; ++i) {
    const ssize_t n = ::recv(fd, buf, 1, 0);
    if (n <= 0)
      ended = true;
    else
      got.append(buf, 1);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  for (ssize_t n; !ended && (n = ::recv(fd, buf, sizeof buf, 0)) > 0;) got.append(buf, static_cast<std::size_t>(n));
  ::close(fd);
  const std::size_t head_end = got.find("\r\n\r\n");
  if (head_end != std::string::npos) {
    const long length = raw_http_detail::content_length(got.substr(0, head_end + 2));
    EXPECT_GT(length, 8 * 1024 * 1024) << got.substr(0, head_end);
    EXPECT_LT(got.size() - head_end - 4, static_cast<std::size_t>(length)) << "the whole answer went out";
  }
  // And the server still answers.
  const auto res = s.get("/api/games");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
}
