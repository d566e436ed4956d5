// The explorer's JSON API: the functions directly, then through HTTP on an ephemeral port.
#include "cli/web_server.hpp"

#include <gtest/gtest.h>
#include <httplib.h>

#include <nlohmann/json.hpp>
#include <thread>

#include "core/errors.hpp"

using namespace grundy;

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

TEST(WebApi, BadInputIsAUserError) {
  EXPECT_THROW(cli::api_table({{"game", "nim -p heaps=x"}, {"size", "3"}}), core::UserError);
  EXPECT_THROW(cli::api_table({{"game", "nim -p heaps=2"}}), core::UserError);
  EXPECT_THROW(cli::api_table({{"game", "nim -p heaps=2"}, {"size", "4096"}}), core::UserError);
  EXPECT_THROW(cli::api_table({{"game", "nim -p heaps=3"}, {"size", "4"}}), core::UserError);
  EXPECT_THROW(cli::api_moves({{"game", "nim -p heaps=2"}, {"position", "1,2,3"}}), core::UserError);
}

TEST(WebServer, ServesTheApiOverHttp) {
  httplib::Server server;
  cli::setup_server(server, std::string(GRUNDY_SOURCE_DIR) + "/web");
  const int port = server.bind_to_any_port("127.0.0.1");
  ASSERT_GT(port, 0);
  std::thread t([&] { server.listen_after_bind(); });
  httplib::Client client("127.0.0.1", port);
  auto res = client.Get("/api/table?game=nim%20-p%20heaps%3D2&size=2");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_NE(res->body.find("\"values\":[[0,1],[1,0]]"), std::string::npos) << res->body;
  res = client.Get("/api/table?game=nim%20-p%20heaps%3Dx&size=2");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  EXPECT_EQ(nlohmann::json::parse(res->body)["error"], "-p heaps = 'x': not an integer; allowed 1..15");
  res = client.Get("/");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_NE(res->body.find("grundy explorer"), std::string::npos);
  res = client.Get("/app.js");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  server.stop();
  t.join();
}
