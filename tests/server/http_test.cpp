// The explorer's server through HTTP on an ephemeral port, including what it must refuse (paths
// outside web/, oversized requests, costly queries) and its limits (busy slots, the time limit
// per request).
#include "server/http.hpp"

#include <gtest/gtest.h>
#include <httplib.h>

#include <nlohmann/json.hpp>
#include <thread>

#include "core/errors.hpp"
#include "support/raw_http.hpp"

using namespace grundy;

namespace {

const std::string kWebRoot = std::string(GRUNDY_SOURCE_DIR) + "/web";

// A server of its own on an ephemeral loopback port, stopped at the end of the test.
class TestServer {
 public:
  explicit TestServer(const server::ServeLimits& limits = {}, bool bare_mount_point = false) {
    if (bare_mount_point)
      server_.set_mount_point("/", kWebRoot);  // httplib alone, without our routes and checks
    else
      slots = server::setup_server(server_, kWebRoot, limits);
    port = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
  }
  ~TestServer() {
    // stop() before the accept loop runs would be lost (the join would then wait forever).
    while (!server_.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    server_.stop();
    thread_.join();
  }

  httplib::Result get(const std::string& path) {
    httplib::Client client("127.0.0.1", port);
    return client.Get(path);
  }

  std::shared_ptr<server::ComputeSlots> slots;
  int port = -1;

 private:
  httplib::Server server_;
  std::thread thread_;
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
  EXPECT_EQ(res->status, 400);
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

// Our check runs before httplib's mount point; the mount point alone must refuse them too.
TEST(WebServer, HttplibMountPointAloneServesNothingOutside) {
  TestServer s({}, true);
  expect_nothing_outside_web(s);
  EXPECT_EQ(raw_http(s.port, raw_get("/app.js")).status, 200);
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
  r = raw_http(s.port, "GARBAGE\r\n\r\n");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(error_field(r.body), "malformed HTTP request");
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
    const auto held = s.slots->acquire(std::chrono::milliseconds(0));
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
  EXPECT_EQ(s.slots->free_slots(), 1);
}

TEST(WebServer, EachComputationHasATimeLimit) {
  server::ServeLimits limits;
  limits.max_seconds = 0;  // passed at the first progress check of any computation
  TestServer s(limits);
  const std::string stopped =
      "stopped after 0 s, the explorer's time limit for one request; use `grundy table` or `grundy moves` for larger "
      "computations";
  // The generic sweep checks every 4096 cells; the Nim kernel in worker threads, every block.
  for (const std::string target : {"/api/table?game=queen&size=100", "/api/table?game=nim%20-p%20heaps%3D2&size=512",
                                   "/api/moves?game=queen&position=99,99"}) {
    auto res = s.get(target);
    ASSERT_TRUE(res) << target;
    EXPECT_EQ(res->status, 400) << target;
    EXPECT_EQ(error_field(res->body), stopped) << target;
  }
  auto res = s.get("/api/table?game=queen&size=2");  // too small to reach a progress check
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200) << res->body;
}
