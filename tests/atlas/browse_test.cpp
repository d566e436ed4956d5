// Browsing an atlas (atlas/browse.hpp): each page against the records themselves, filtered and
// sorted here in C++; the columns a file lacks (an older schema) refused by name; and request
// text that would be SQL kept a value.
#include "atlas/browse.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <functional>

#include "runtime/errors.hpp"
#include "support/atlas_families.hpp"
#include "support/atlas_files.hpp"

using namespace grundy;

namespace {

// A small atlas, made as `atlas run subtraction --max 5 --sizes 2 --passes 0,1` makes it, and
// one game that failed; the records are kept to check the pages against.
struct SmallAtlas {
  std::string path = fresh_atlas_path("small.sqlite");
  std::vector<atlas::Record> records;
  std::unique_ptr<atlas::Db> db;

  SmallAtlas() {
    db = std::make_unique<atlas::Db>(path, atlas::Db::Open::Create);
    for (const auto& g : atlas_families::subtraction(5, 2, {0, 1})) records.push_back(atlas::compute(g));
    atlas::Record bad;
    bad.game = {"subtraction -p set=0", "subtraction", "subtraction -p set=0", 0, false};
    bad.ok = false;
    bad.error = "-p set: item 1 = '0': out of range";
    records.push_back(bad);
    for (const auto& r : records) db->insert(r);
  }

  // The specs of the records `keep` selects, by period (none last), then spec.
  std::vector<std::string> by_period(const std::function<bool(const atlas::Record&)>& keep, bool descending) const {
    std::vector<const atlas::Record*> kept;
    for (const auto& r : records)
      if (keep(r)) kept.push_back(&r);
    std::sort(kept.begin(), kept.end(), [&](const atlas::Record* a, const atlas::Record* b) {
      if (a->period.has_value() != b->period.has_value()) return a->period.has_value();
      if (a->period != b->period) return descending ? *a->period > *b->period : *a->period < *b->period;
      return a->game.spec < b->game.spec;
    });
    std::vector<std::string> out;
    for (const auto* r : kept) out.push_back(r->game.spec);
    return out;
  }
};

std::size_t column_of(const atlas::BrowsePage& page, const std::string& name) {
  for (std::size_t i = 0; i < page.columns.size(); ++i)
    if (page.columns[i].name == name) return i;
  ADD_FAILURE() << "no column " << name;
  return 0;
}

std::vector<std::string> specs_of(const atlas::BrowsePage& page) {
  std::vector<std::string> out;
  const std::size_t spec = column_of(page, "spec");
  for (const auto& row : page.rows) out.push_back(row[spec].value_or("NULL"));
  return out;
}

// An atlas made by hand with the given columns of `games` (and the meta of the schema this
// grundy reads), as an atlas of an older or a newer schema has them.
std::string hand_made(const std::string& name, const std::string& columns, const std::string& rows) {
  const std::string path = fresh_atlas_path(name);
  sqlite3* raw = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
  const std::string sql =
      "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
      "INSERT INTO meta VALUES ('application', 'grundy atlas'), ('schema', '" +
      std::to_string(atlas::kSchemaVersion) + "');CREATE TABLE games (" + columns + ");" + rows;
  char* error = nullptr;
  EXPECT_EQ(sqlite3_exec(raw, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "");
  sqlite3_free(error);
  sqlite3_close(raw);
  return path;
}

}  // namespace

// Every filter of the page against the same filter over the records, sorted by period both
// ways (the games without a period last), and the whole list read back page by page.
TEST(AtlasBrowse, FiltersAndSortsAsTheRecordsSay) {
  const SmallAtlas a;
  ASSERT_EQ(a.records.size(), (5u + 10u) * 3u + 1u);
  struct Case {
    std::string name;
    atlas::BrowseQuery q;
    std::function<bool(const atlas::Record&)> keep;
  };
  std::vector<Case> cases;
  auto add = [&](std::string name, const std::function<void(atlas::BrowseQuery&)>& set,
                 std::function<bool(const atlas::Record&)> keep) {
    atlas::BrowseQuery q;
    q.limit = atlas::kMaxBrowseRows;
    set(q);
    cases.push_back({std::move(name), q, std::move(keep)});
  };
  add(
      "all", [](auto&) {}, [](const auto&) { return true; });
  add(
      "passes 1", [](auto& q) { q.passes = 1; }, [](const auto& r) { return r.game.passes == 1; });
  add(
      "pass from terminal",
      [](auto& q) {
        q.passes = 1;
        q.pass_from_terminal = true;
      },
      [](const auto& r) { return r.game.passes == 1 && r.game.pass_from_terminal; });
  add(
      "family", [](auto& q) { q.family = "subtraction"; }, [](const auto&) { return true; });
  add(
      "errors", [](auto& q) { q.status = "error"; }, [](const auto& r) { return !r.ok; });
  add(
      "proven", [](auto& q) { q.proven = true; }, [](const auto& r) { return r.proven; });
  add(
      "unproven", [](auto& q) { q.proven = false; }, [](const auto& r) { return !r.proven; });
  add(
      "spec", [](auto& q) { q.spec = "set=2,"; },
      [](const auto& r) { return r.game.spec.find("set=2,") != std::string::npos; });
  add(
      "period range",
      [](auto& q) {
        q.period_min = 3;
        q.period_max = 6;
      },
      [](const auto& r) { return r.period && *r.period >= 3 && *r.period <= 6; });
  add(
      "all at once",
      [](auto& q) {
        q.family = "subtraction";
        q.passes = 0;
        q.status = "ok";
        q.spec = "set=1";
        q.period_min = 1;
      },
      [](const auto& r) {
        return r.ok && r.game.passes == 0 && r.game.spec.find("set=1") != std::string::npos && r.period;
      });
  for (auto& c : cases) {
    for (const bool descending : {false, true}) {
      c.q.sort = "period";
      c.q.descending = descending;
      const atlas::BrowsePage page = atlas::browse(*a.db, c.q);
      const auto expected = a.by_period(c.keep, descending);
      EXPECT_EQ(page.total, static_cast<std::int64_t>(expected.size())) << c.name;
      EXPECT_EQ(specs_of(page), expected) << c.name << (descending ? " descending" : "");
    }
  }
  // Page by page, 7 at a time: the same list, no game twice or skipped.
  atlas::BrowseQuery q;
  q.sort = "period";
  q.limit = 7;
  std::vector<std::string> paged;
  for (q.offset = 0;; q.offset += 7) {
    const atlas::BrowsePage page = atlas::browse(*a.db, q);
    EXPECT_EQ(page.total, static_cast<std::int64_t>(a.records.size()));
    EXPECT_EQ(page.offset, q.offset);
    if (page.rows.empty()) break;
    EXPECT_LE(page.rows.size(), 7u);
    for (const auto& s : specs_of(page)) paged.push_back(s);
  }
  EXPECT_EQ(paged, a.by_period([](const auto&) { return true; }, false));
}

// Known periods (Berlekamp, Conway and Guy, Winning Ways ch. 4): the subtraction game {1, 2}
// has period 3, {k} period 2k; every column of the file is on the page, NULL as nullopt.
TEST(AtlasBrowse, ShowsEveryColumnAndTheKnownPeriods) {
  const SmallAtlas a;
  atlas::BrowseQuery q;
  q.passes = 0;
  q.sort = "spec";
  q.limit = 100;
  const atlas::BrowsePage page = atlas::browse(*a.db, q);
  EXPECT_EQ(page.columns.size(), atlas::columns(*a.db).size());
  EXPECT_EQ(page.columns[0].name, "spec");
  EXPECT_EQ(page.columns[column_of(page, "period")].type, "INTEGER");
  std::map<std::string, std::string> period;
  const std::size_t spec = column_of(page, "spec"), p = column_of(page, "period");
  for (const auto& row : page.rows) period[*row[spec]] = row[p].value_or("NULL");
  EXPECT_EQ(period["subtraction -p set=1,2"], "3");
  EXPECT_EQ(period["subtraction -p set=1"], "2");
  EXPECT_EQ(period["subtraction -p set=3"], "6");
  EXPECT_EQ(period["subtraction -p set=0"], "NULL");  // the failed game
  EXPECT_EQ(atlas::families(*a.db), (std::vector<std::pair<std::string, std::int64_t>>{{"subtraction", 46}}));
}

// Names and values that could be SQL stay names checked against the file and values compared
// as text: the table is still there, and a quote or a '%' is matched as typed.
TEST(AtlasBrowse, RefusesWhatIsNotAColumnAndKeepsValuesValues) {
  const SmallAtlas a;
  auto browse = [&](const std::function<void(atlas::BrowseQuery&)>& set) {
    atlas::BrowseQuery q;
    set(q);
    return atlas::browse(*a.db, q);
  };
  const std::string all_columns = [&] {
    std::string s;
    for (const auto& c : atlas::columns(*a.db)) s += (s.empty() ? "" : ", ") + c.name;
    return s;
  }();
  EXPECT_EQ(user_error_of([&] { browse([](auto& q) { q.sort = "bogus"; }); }),
            "sort = 'bogus': this atlas has no such column; its columns: " + all_columns);
  EXPECT_EQ(user_error_of([&] { browse([](auto& q) { q.sort = "period; DROP TABLE games"; }); }),
            "sort = 'period; DROP TABLE games': this atlas has no such column; its columns: " + all_columns);
  EXPECT_EQ(user_error_of([&] { browse([](auto& q) { q.sort = "period\" DESC, \"spec"; }); }),
            "sort = 'period\" DESC, \"spec': this atlas has no such column; its columns: " + all_columns);
  EXPECT_EQ(browse([](auto& q) { q.spec = "'; DROP TABLE games; --"; }).total, 0);
  EXPECT_EQ(browse([](auto& q) { q.spec = "x' OR '1'='1"; }).total, 0);
  EXPECT_EQ(browse([](auto& q) { q.spec = "%"; }).total, 0);
  EXPECT_EQ(browse([](auto& q) { q.spec = "_"; }).total, 0);
  EXPECT_EQ(browse([](auto& q) { q.spec = "?"; }).total, 0);
  EXPECT_EQ(user_error_of([&] { browse([](auto& q) { q.family = "subtraction' OR '1'='1"; }); }),
            "family = 'subtraction' OR '1'='1': not in this atlas; it holds: subtraction");
  EXPECT_EQ(browse([](auto&) {}).total, static_cast<std::int64_t>(a.records.size()));  // the table is whole
  EXPECT_EQ(user_error_of([&] { browse([](auto& q) { q.family = "chess"; }); }),
            "family = 'chess': not in this atlas; it holds: subtraction");
  EXPECT_EQ(user_error_of([&] { browse([](auto& q) { q.status = "fine"; }); }), "status = 'fine': allowed ok, error");
  EXPECT_EQ(user_error_of([&] { browse([](auto& q) { q.limit = 0; }); }), "limit = '0': out of range; allowed 1..500");
  EXPECT_EQ(user_error_of([&] { browse([](auto& q) { q.limit = 501; }); }),
            "limit = '501': out of range; allowed 1..500");
  EXPECT_EQ(user_error_of([&] { browse([](auto& q) { q.offset = -1; }); }).substr(0, 36),
            "offset = '-1': out of range; allowed");
  EXPECT_EQ(user_error_of([&] { browse([](auto& q) { q.spec = std::string("set\n1"); }); }),
            "spec: control characters are not part of any game's spec");
  EXPECT_EQ(user_error_of([&] { browse([](auto& q) { q.spec = std::string(201, 'x'); }); }),
            "spec: 201 characters; at most 200");
  EXPECT_EQ(user_error_of([&] {
              browse([](auto& q) {
                q.period_min = 5;
                q.period_max = 3;
              });
            }),
            "period_min = 5 is above period_max = 3");
}

// The columns a file has decide what may be filtered and sorted: an atlas without reverse_mex
// and ppos_formula refuses those filters by name; one with them filters them.
TEST(AtlasBrowse, TheColumnsOfTheFileDecide) {
  const std::string common =
      "spec TEXT PRIMARY KEY, family TEXT, base TEXT, passes INTEGER, pass_from_terminal INTEGER, status TEXT, "
      "error TEXT, preperiod INTEGER, period INTEGER, saltus INTEGER, proven INTEGER, prefix TEXT, zeros TEXT, "
      "digest TEXT, seconds REAL";
  const std::string older = hand_made(
      "older.sqlite", common,
      "INSERT INTO games VALUES ('subtraction -p set=1,2', 'subtraction', 'subtraction -p set=1,2', 0, 0, 'ok', NULL, "
      "0, 3, 0, 1, '0,1,2', '0,3', 'ab', 0.5)");
  {
    const atlas::Db db(older);
    atlas::BrowseQuery q;
    q.reverse_mex = atlas::ReverseMex::Holds;
    EXPECT_EQ(user_error_of([&] { atlas::browse(db, q); }).substr(0, 51),
              "reverse_mex: this atlas has no such column; its col");
    q = {};
    q.formula = true;
    EXPECT_EQ(user_error_of([&] { atlas::browse(db, q); }).substr(0, 40), "formula: this atlas has no such column; ");
    q = {};
    q.sort = "reverse_mex";
    EXPECT_EQ(user_error_of([&] { atlas::browse(db, q); }).substr(0, 43),
              "sort = 'reverse_mex': this atlas has no suc");
    q = {};
    EXPECT_EQ(atlas::browse(db, q).total, 1);
  }
  const std::string newer =
      hand_made("newer.sqlite", common + ", reverse_mex INTEGER, ppos_formula TEXT",
                "INSERT INTO games (spec, family, base, passes, pass_from_terminal, status, proven, seconds, period, "
                "reverse_mex, ppos_formula) VALUES "
                "('a', 'subtraction', 'a', 0, 0, 'ok', 1, 0, 3, 1, 'x % 3 == 0'), "
                "('b', 'subtraction', 'b', 0, 0, 'ok', 1, 0, 4, 0, NULL), "
                "('c', 'octal', 'c', 0, 0, 'ok', 0, 0, NULL, NULL, NULL)");
  const atlas::Db db(newer);
  auto specs = [&](const std::function<void(atlas::BrowseQuery&)>& set) {
    atlas::BrowseQuery q;
    set(q);
    return specs_of(atlas::browse(db, q));
  };
  using V = std::vector<std::string>;
  EXPECT_EQ(specs([](auto& q) { q.reverse_mex = atlas::ReverseMex::Holds; }), V{"a"});
  EXPECT_EQ(specs([](auto& q) { q.reverse_mex = atlas::ReverseMex::Fails; }), V{"b"});
  EXPECT_EQ(specs([](auto& q) { q.reverse_mex = atlas::ReverseMex::NotExamined; }), V{"c"});
  EXPECT_EQ(specs([](auto& q) { q.formula = true; }), V{"a"});
  EXPECT_EQ(specs([](auto& q) { q.formula = false; }), (V{"b", "c"}));
  EXPECT_EQ(specs([](auto& q) { q.family = "octal"; }), V{"c"});
  // Sorted by reverse_mex, descending: holds, fails, then the game not examined.
  EXPECT_EQ(specs([](auto& q) {
              q.sort = "reverse_mex";
              q.descending = true;
            }),
            (V{"a", "b", "c"}));
  EXPECT_EQ(specs([](auto& q) { q.sort = "ppos_formula"; }), (V{"a", "b", "c"}));
  EXPECT_EQ(atlas::families(db), (std::vector<std::pair<std::string, std::int64_t>>{{"octal", 1}, {"subtraction", 2}}));
}
