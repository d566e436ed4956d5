// The atlas page's API, GET /api/atlas: called directly and through HTTP, on a small atlas made
// as `atlas run` makes one; its refusals (no atlas, unknown parameters, bad values, columns the
// file lacks); and `grundy serve --atlas` refusing a bad file before it listens.
#include <gtest/gtest.h>
#include <httplib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>

#include "atlas/atlas.hpp"
#include "atlas/browse.hpp"
#include "runtime/errors.hpp"
#include "server/api.hpp"
#include "server/http.hpp"
#include "support/atlas_families.hpp"
#include "support/atlas_files.hpp"
#include "support/run_cli.hpp"

using namespace grundy;

namespace {

// The subtraction games of 1 move in 1 .. 4, without a pass and with one (both conventions).
std::shared_ptr<const atlas::Db> small_atlas(const std::string& path) {
  {
    atlas::Db db(path, atlas::Db::Open::Create);
    for (const auto& g : atlas_families::subtraction(4, 1, {0, 1})) db.insert(atlas::compute(g));
  }
  return std::make_shared<const atlas::Db>(path);
}

std::string error_of(const atlas::Db* db, const server::Query& q) {
  try {
    const auto r = server::api_atlas(db, q);
    if (r.status != 200)
      return std::to_string(r.status) + " " + nlohmann::json::parse(r.body)["error"].get<std::string>();
  } catch (const runtime::UserError& e) {
    return e.what();
  }
  return "";
}

// The value of `column` in each row of an answer.
std::vector<nlohmann::json> column(const nlohmann::json& j, const std::string& name) {
  std::size_t i = 0;
  while (i < j["columns"].size() && j["columns"][i] != name) ++i;
  EXPECT_LT(i, j["columns"].size()) << name;
  std::vector<nlohmann::json> out;
  for (const auto& row : j["rows"]) out.push_back(row[i]);
  return out;
}

}  // namespace

TEST(WebApiAtlas, PagesTheAtlasFilteredAndSorted) {
  const auto db = small_atlas(fresh_atlas_path("a.sqlite"));
  const auto r = server::api_atlas(db.get(), {{"passes", "1"}, {"sort", "period"}, {"order", "desc"}, {"limit", "3"}});
  ASSERT_EQ(r.status, 200) << r.body;
  const auto j = nlohmann::json::parse(r.body);
  EXPECT_EQ(j["total"], 8);  // 4 sets, twice each (with and without a pass from a terminal position)
  EXPECT_EQ(j["offset"], 0);
  EXPECT_EQ(j["limit"], 3);
  EXPECT_EQ(j["sort"], "period");
  EXPECT_EQ(j["order"], "desc");
  EXPECT_EQ(j["rows"].size(), 3u);
  EXPECT_EQ(j["columns"].size(), j["types"].size());
  EXPECT_EQ(j["families"], nlohmann::json::parse(R"([{"name":"subtraction","games":12}])"));
  // Numbers as numbers: the longest periods first, every row with one pass.
  const auto periods = column(j, "period");
  ASSERT_EQ(periods.size(), 3u);
  EXPECT_TRUE(periods[0].is_number_integer()) << periods[0];
  EXPECT_GE(periods[0], periods[1]);
  EXPECT_GE(periods[1], periods[2]);
  for (const auto& p : column(j, "passes")) EXPECT_EQ(p, 1);
  for (const auto& s : column(j, "seconds")) EXPECT_TRUE(s.is_number()) << s;
  for (const auto& s : column(j, "spec")) EXPECT_NE(s.get<std::string>().find("--passes 1"), std::string::npos) << s;
  // The next page goes on where this one stopped; an empty value is no filter (an empty field).
  const auto next = nlohmann::json::parse(server::api_atlas(db.get(), {{"passes", "1"},
                                                                       {"sort", "period"},
                                                                       {"order", "desc"},
                                                                       {"limit", "3"},
                                                                       {"offset", "3"},
                                                                       {"family", ""},
                                                                       {"spec", ""}})
                                              .body);
  EXPECT_EQ(next["offset"], 3);
  EXPECT_EQ(next["rows"].size(), 3u);
  EXPECT_LE(column(next, "period")[0], periods[2]);
  // The subtraction game {k} has period 2k (Winning Ways, ch. 4): {4} without a pass, 8.
  const auto four = nlohmann::json::parse(server::api_atlas(db.get(), {{"spec", "set=4"}, {"passes", "0"}}).body);
  EXPECT_EQ(four["total"], 1);
  EXPECT_EQ(column(four, "period"), std::vector<nlohmann::json>{8});
  EXPECT_EQ(column(four, "preperiod"), std::vector<nlohmann::json>{0});
}

TEST(WebApiAtlas, RefusesBadInputInOneLine) {
  const auto db = small_atlas(fresh_atlas_path("a.sqlite"));
  EXPECT_EQ(error_of(nullptr, {}),
            "404 no atlas: start the explorer with `grundy serve --atlas FILE`, FILE made by `grundy atlas run`");
  EXPECT_EQ(error_of(db.get(), {{"sortby", "period"}}),
            "/api/atlas: unknown parameter 'sortby'; allowed: family, passes, pass_from_terminal, proven, misere, "
            "status, spec, period_min, period_max, reverse_mex, formula, sort, order, limit, offset");
  EXPECT_EQ(error_of(nullptr, {{"sortby", "period"}}).substr(0, 40), "/api/atlas: unknown parameter 'sortby'; ");
  EXPECT_EQ(error_of(db.get(), {{"limit", "501"}}), "limit = '501': out of range; allowed 1..500");
  EXPECT_EQ(error_of(db.get(), {{"limit", "ten"}}), "limit = 'ten': not an integer; allowed 1..500");
  EXPECT_EQ(error_of(db.get(), {{"passes", "-1"}}).substr(0, 36), "passes = '-1': out of range; allowed");
  EXPECT_EQ(error_of(db.get(), {{"order", "up"}}), "order = 'up': allowed asc, desc");
  EXPECT_EQ(error_of(db.get(), {{"proven", "yes"}}), "proven = 'yes': allowed 0, 1");
  EXPECT_EQ(error_of(db.get(), {{"pass_from_terminal", "2"}}), "pass_from_terminal = '2': allowed 0, 1");
  EXPECT_EQ(error_of(db.get(), {{"reverse_mex", "maybe"}}),
            "reverse_mex = 'maybe': allowed 1 (holds), 0 (fails), none (not examined)");
  EXPECT_EQ(error_of(db.get(), {{"status", "fine"}}), "status = 'fine': allowed ok, error");
  EXPECT_EQ(error_of(db.get(), {{"family", "chess"}}), "family = 'chess': not in this atlas; it holds: subtraction");
  EXPECT_EQ(error_of(db.get(), {{"sort", "period desc"}}).substr(0, 55),
            "sort = 'period desc': this atlas has no such column; it");
  // A filter on a column this atlas lacks (an older schema) names it; one it has just filters.
  const auto columns = atlas::columns(*db);
  for (const char* name : {"reverse_mex", "misere"}) {
    const bool has = std::any_of(columns.begin(), columns.end(), [&](const auto& c) { return c.name == name; });
    const std::string e = error_of(db.get(), {{name, "1"}});
    EXPECT_EQ(e.empty() ? std::string() : e.substr(0, e.find(':')), has ? "" : name) << e;
  }
}

TEST(WebApiAtlas, ServedOverHttpWithTheAtlasOrWithout) {
  const auto db = small_atlas(fresh_atlas_path("a.sqlite"));
  const std::string root = std::string(GRUNDY_SOURCE_DIR) + "/web";
  server::HttpServer with(root, {}, db), without(root);
  const int port = with.listen("127.0.0.1", 0), bare = without.listen("127.0.0.1", 0);
  ASSERT_GT(port, 0);
  ASSERT_GT(bare, 0);
  httplib::Client client("127.0.0.1", port), none("127.0.0.1", bare);
  auto res = client.Get("/api/atlas?passes=1&pass_from_terminal=1&sort=period&spec=set%3D3");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200) << res->body;
  EXPECT_EQ(res->get_header_value("Cache-Control"), "no-store");
  auto j = nlohmann::json::parse(res->body);
  EXPECT_EQ(j["total"], 1);
  EXPECT_EQ(column(j, "spec"), std::vector<nlohmann::json>{"subtraction -p set=3 --passes 1 --pass-from-terminal"});
  res = client.Get("/api/atlas?sort=nothing");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  EXPECT_EQ(nlohmann::json::parse(res->body)["error"].get<std::string>().substr(0, 44),
            "sort = 'nothing': this atlas has no such col");
  res = client.Get("/api/atlas?limit=1&limit=2");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400);
  res = none.Get("/api/atlas");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 404);
  EXPECT_NE(res->body.find("grundy serve --atlas FILE"), std::string::npos) << res->body;
  // The page itself is there either way.
  res = none.Get("/");
  ASSERT_TRUE(res);
  EXPECT_NE(res->body.find("id=\"atlas-page\""), std::string::npos);
}

// A bad --atlas ends `grundy serve` at once, exit 2, one line naming the flag, nothing listening.
TEST(WebApiAtlas, ServeRefusesABadAtlasBeforeListening) {
  const std::string missing = fresh_atlas_path("missing.sqlite");
  CliResult r = run_cli("serve --port 0 --atlas " + missing);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "grundy: error: --atlas " + missing + ": no such atlas (`grundy atlas run` makes one)\n");
  EXPECT_EQ(r.out, "");
  const std::string text = fresh_atlas_path("notes.txt");
  std::ofstream(text) << "not a database, and long enough to look like a file of some other kind\n";
  r = run_cli("serve --port 0 --atlas " + text);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("grundy: error: --atlas " + text + ": ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  r = run_cli("serve --port 0 --atlas ''");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--atlas: empty file name; give a path"), std::string::npos) << r.err;
}
