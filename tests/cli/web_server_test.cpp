// The explorer's JSON API: the functions directly, then through HTTP on an ephemeral port,
// including what the server must refuse (paths outside web/, oversized requests, costly
// queries) and its limits (busy slots, the time limit per request).
#include "cli/web_server.hpp"

#include <gtest/gtest.h>
#include <httplib.h>

#include <nlohmann/json.hpp>
#include <thread>

#include "core/errors.hpp"
#include "support/raw_http.hpp"

using namespace grundy;

namespace {

// The one-line message a call of the API throws, or "" if it answers.
std::string error_of(cli::ApiResponse (*api)(const cli::Query&), const cli::Query& q) {
  try {
    api(q);
  } catch (const core::UserError& e) {
    return e.what();
  }
  return "";
}

const std::string kWebRoot = std::string(GRUNDY_SOURCE_DIR) + "/web";

// A server of its own on an ephemeral loopback port, stopped at the end of the test.
class TestServer {
 public:
  explicit TestServer(const cli::ServeLimits& limits = {}, bool bare_mount_point = false) {
    if (bare_mount_point)
      server_.set_mount_point("/", kWebRoot);  // httplib alone, without our routes and checks
    else
      slots = cli::setup_server(server_, kWebRoot, limits);
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

  std::shared_ptr<cli::ComputeSlots> slots;
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

TEST(WebApi, GamesListsTheRegistry) {
  const auto r = cli::api_games();
  EXPECT_EQ(r.status, 200);
  const auto j = nlohmann::json::parse(r.body);
  bool nim = false;
  for (const auto& f : j) nim = nim || f["name"] == "nim";
  EXPECT_TRUE(nim) << r.body;
}

TEST(WebApi, TableIsTheCliTable) {
  // Table 2 of the chocolate paper, 3x3 corner, with the pass available.
  const auto r = cli::api_table({{"game", "nim -p heaps=2 --pass"}, {"size", "3"}});
  ASSERT_EQ(r.status, 200) << r.body;
  const auto j = nlohmann::json::parse(r.body);
  EXPECT_EQ(j["values"], nlohmann::json::parse("[[0,2,1],[2,1,0],[1,0,2]]"));
  EXPECT_EQ(j["fixed"]["p"], 1);
  const auto csv = cli::api_table({{"game", "nim -p heaps=2"}, {"size", "2"}, {"format", "csv"}});
  EXPECT_EQ(csv.body, "x,y,grundy,outcome\n0,0,0,P\n0,1,1,N\n1,0,1,N\n1,1,0,P\n");
  EXPECT_EQ(csv.content_type, "text/csv");
  const auto png = cli::api_table({{"game", "nim -p heaps=2"}, {"size", "5"}, {"format", "png"}});
  EXPECT_EQ(png.body.substr(0, 4), "\x89PNG");
  const auto pinned = cli::api_table({{"game", "nim -p heaps=3"}, {"size", "3"}, {"fix", "z=2"}});
  EXPECT_EQ(nlohmann::json::parse(pinned.body)["values"], nlohmann::json::parse("[[2,3,0],[3,2,1],[0,1,2]]"));
}

TEST(WebApi, MovesMarkTheWinningPass) {
  const auto r = cli::api_moves({{"game", "nim -p heaps=2 --pass"}, {"position", "1,1,1"}});
  ASSERT_EQ(r.status, 200) << r.body;
  const auto j = nlohmann::json::parse(r.body);
  EXPECT_EQ(j["grundy"], 1);
  ASSERT_EQ(j["moves"].size(), 3u);
  EXPECT_EQ(j["moves"][2]["label"], "pass");
  EXPECT_EQ(j["moves"][2]["winning"], true);
  EXPECT_EQ(j["pass"], true);
}

TEST(WebApi, MovesOfTheKnightLeaveTheBoxBelow) {
  // (3,3) -> (1,4) and (4,1) lie outside [0,3]x[0,3]: values come from the reach box.
  const auto j = nlohmann::json::parse(cli::api_moves({{"game", "knight"}, {"position", "3,3"}}).body);
  EXPECT_EQ(j["grundy"], 1);
  ASSERT_EQ(j["moves"].size(), 4u);
  EXPECT_EQ(j["moves"][2]["position"], nlohmann::json::parse("[1,4]"));
  EXPECT_EQ(j["moves"][2]["grundy"], 0);
}

TEST(WebApi, BadInputIsAUserError) {
  EXPECT_THROW(cli::api_table({{"game", "nim -p heaps=x"}, {"size", "3"}}), core::UserError);
  EXPECT_THROW(cli::api_table({{"game", "nim -p heaps=2"}}), core::UserError);
  EXPECT_THROW(cli::api_table({{"game", "nim -p heaps=2"}, {"size", "4096"}}), core::UserError);
  EXPECT_THROW(cli::api_table({{"game", "nim -p heaps=3"}, {"size", "4"}}), core::UserError);
  EXPECT_THROW(cli::api_moves({{"game", "nim -p heaps=2"}, {"position", "1,2,3"}}), core::UserError);
}

TEST(WebApi, UnknownParametersNameTheAllowedOnes) {
  EXPECT_EQ(error_of(cli::api_table, {{"game", "nim -p heaps=2"}, {"size", "3"}, {"sise", "4"}}),
            "/api/table: unknown parameter 'sise'; allowed: game, size, fix, misere, format, download");
  EXPECT_EQ(error_of(cli::api_moves, {{"game", "nim"}, {"position", "1,2,3"}, {"size", "4"}}),
            "/api/moves: unknown parameter 'size'; allowed: game, position, misere");
  EXPECT_EQ(error_of(cli::api_games, {{"x", "1"}}), "/api/games: unknown parameter 'x'; it takes none");
}

TEST(WebApi, PinsAreTheCliPins) {
  EXPECT_EQ(error_of(cli::api_table, {{"game", "nim -p heaps=3"}, {"size", "3"}, {"fix", "z=1,z=2"}}),
            "fix z given twice; pin each coordinate once");
  EXPECT_EQ(error_of(cli::api_table, {{"game", "nim -p heaps=3"}, {"size", "3"}, {"fix", "w=1"}}),
            "fix 'w=1': expected c=v with c one of x, y, z");
  EXPECT_EQ(error_of(cli::api_table, {{"game", "nim -p heaps=3"}, {"size", "3"}}),
            "table shows one or two coordinates; free: x, y, z; pin the others with fix=c=v");
  EXPECT_EQ(error_of(cli::api_table, {{"game", "nim -p heaps=3"}, {"size", "3"}, {"fix", "z=1048577"}}),
            "fix z = '1048577': out of range; allowed 0..1048576");
}

// The cost of a request is known before anything is computed, and refused there.
TEST(WebApi, CostlyQueriesAreRefusedBeforeComputing) {
  // 10^9 positions.
  EXPECT_EQ(error_of(cli::api_table, {{"game", "nim -p heaps=3"}, {"size", "1000"}, {"fix", "z=999"}}),
            "size = 1000: 1000000000 cells to compute; the explorer computes at most 4194304 (use `grundy table` "
            "or `grundy moves` for larger ones)");
  // A 300x300 table of this leaper needs a 299300x300 one: its move (1000,-1) goes far up.
  EXPECT_EQ(error_of(cli::api_table, {{"game", "leaper -p moves=1000:-1,-1:0"}, {"size", "300"}}),
            "size = 300 (the 299300x300 positions its moves reach): 89790000 cells to compute; the explorer computes "
            "at most 4194304 (use `grundy table` or `grundy moves` for larger ones)");
  EXPECT_EQ(error_of(cli::api_table, {{"game", "leaper -p moves=1000:-1,-1:0"}, {"size", "2"}}), "");
  // Moves: the box below the position, its reach, and the number of moves listed.
  EXPECT_EQ(error_of(cli::api_moves, {{"game", "nim -p heaps=2"}, {"position", "3000,3000"}}),
            "position 3000,3000: 9006001 cells to compute; the explorer computes at most 4194304 (use `grundy "
            "table` or `grundy moves` for larger ones)");
  EXPECT_EQ(error_of(cli::api_moves, {{"game", "nim -p heaps=2"}, {"position", "4611686018427387904,1"}}),
            "position 4611686018427387904,1: more than 2^63 cells to compute; the explorer computes at most 4194304 "
            "(use `grundy table` or `grundy moves` for larger ones)");
  EXPECT_EQ(error_of(cli::api_moves, {{"game", "queen"}, {"position", "4194303,0"}}),
            "position 4194303,0: 4194303 moves; the explorer lists at most 65536 (use `grundy moves`)");
  // A long spec: every element of a subtraction set is an option of every position.
  std::string set = "1";
  for (int s = 2; s <= 400; ++s) set += "," + std::to_string(s);
  const std::string spec = "subtraction -p set=" + set;
  ASSERT_GT(spec.size(), 1000u);
  EXPECT_EQ(error_of(cli::api_table, {{"game", spec}, {"size", "8"}}),
            "game: " + std::to_string(spec.size()) +
                " characters; the explorer reads specs of at most 1000 (use the CLI for longer ones)");
}

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
  cli::ServeLimits limits;
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
  cli::ServeLimits limits;
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
