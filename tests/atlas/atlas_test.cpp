// The atlas: the family's games, each record against the generic solver (its slow
// twin), the database's schema, and the files it refuses without touching them.
#include "atlas/atlas.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <functional>

#include "analysis/formula.hpp"
#include "core/model/parse.hpp"
#include "games/octal.hpp"
#include "games/octal_solver.hpp"
#include "games/registry.hpp"
#include "runtime/errors.hpp"
#include "runtime/fnv.hpp"
#include "support/atlas_families.hpp"
#include "support/atlas_files.hpp"
#include "support/run_cli.hpp"

using namespace grundy;

namespace {

// A record's values against `value(x, p)` from a slow twin, for x < kDigest and each of
// `layers` layers: the prefix and zeros of the top layer, the digest of all, and the proven
// period's relation on all.
void expect_values(const atlas::Record& r, int layers, const std::function<core::Value(std::int64_t, int)>& value) {
  const std::string& spec = r.game.spec;
  std::string prefix, zeros;
  runtime::Fnv digest;
  std::int64_t p_positions = 0;
  for (std::int64_t x = 0; x < atlas::kDigest; ++x) {
    for (int p = 0; p < layers; ++p) digest.add_u32(value(x, p));
    p_positions += value(x, layers - 1) == 0;
    if (x >= atlas::kPrefix) continue;
    const core::Value top = value(x, layers - 1);
    prefix += (x ? "," : "") + std::to_string(top);
    if (top == 0) zeros += (zeros.empty() ? "" : ",") + std::to_string(x);
  }
  EXPECT_EQ(r.prefix, prefix) << spec;
  EXPECT_EQ(r.zeros, zeros) << spec;
  EXPECT_EQ(r.p_positions, p_positions) << spec;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(digest.h));
  EXPECT_EQ(r.digest, hex) << spec;
  if (!r.proven) return;
  for (std::int64_t x = *r.preperiod; x + *r.period < atlas::kDigest; ++x)
    for (int p = 0; p < layers; ++p) ASSERT_EQ(value(x + *r.period, p), value(x, p)) << spec << " x " << x;
}

}  // namespace

TEST(AtlasFamily, EverySetOfUpToKMovesWithEachPassCount) {
  const auto games = atlas_families::subtraction(24, 3, {0, 1, 2});
  EXPECT_EQ(games.size(), (24u + 276u + 2024u) * 5u);  // C(24,1) + C(24,2) + C(24,3) sets, 5 games each
  EXPECT_EQ(games[0].spec, "subtraction -p set=1");
  EXPECT_EQ(games[1].spec, "subtraction -p set=1 --passes 1");
  EXPECT_EQ(games[2].spec, "subtraction -p set=1 --passes 1 --pass-from-terminal");
  EXPECT_TRUE(games[2].pass_from_terminal);
  EXPECT_EQ(games[4].base, "subtraction -p set=1");
  EXPECT_EQ(games[4].passes, 2);
  EXPECT_EQ(games.back().spec, "subtraction -p set=22,23,24 --passes 2 --pass-from-terminal");
  std::set<std::string> specs;
  for (const auto& g : games) specs.insert(g.spec);
  EXPECT_EQ(specs.size(), games.size());
}

// A record against the generic solver over the same game: the values of the first 64 heap
// sizes with every pass left, their zeros, the digest of every layer up to 1024, and the
// period's relation on all of them.
TEST(AtlasRecord, AgreesWithTheGenericSolver) {
  for (const auto& g : atlas_families::subtraction(7, 2, {0, 1, 2})) {
    const atlas::Record r = atlas::compute(g);
    ASSERT_TRUE(r.ok);
    const core::Game game = games::make_game(games::parse_game_spec(g.spec, games::SpecOf::WholeGame));
    const core::Box box = g.passes > 0 ? core::Box(core::Position{atlas::kDigest, g.passes + 1})
                                       : core::Box(core::Position{atlas::kDigest});
    const core::DenseTable t = game.solve_dense(box);
    auto at = [&](std::int64_t x, int p) {
      return g.passes > 0 ? t.at(core::Position{x, p}) : t.at(core::Position{x});
    };
    ASSERT_TRUE(r.period.has_value()) << g.spec;  // every subtraction game is periodic
    EXPECT_TRUE(r.proven);
    EXPECT_EQ(*r.saltus, 0);
    expect_values(r, g.passes + 1, at);
    // And as a job's result text.
    const atlas::Record back = atlas::from_text(g, atlas::to_text(r));
    EXPECT_EQ(back.prefix, r.prefix);
    EXPECT_EQ(back.period, r.period);
    EXPECT_EQ(back.preperiod, r.preperiod);
  }
}

TEST(AtlasDb, ANewAtlasHasTheDocumentedSchema) {
  const std::string path = fresh_atlas_path("new.sqlite");
  atlas::Db db(path, atlas::Db::Open::Create);
  std::map<std::string, std::string> meta;
  db.query("SELECT key, value FROM meta", [&](const auto& row) { meta[*row[0]] = *row[1]; });
  EXPECT_EQ(meta["application"], "grundy atlas");
  EXPECT_EQ(meta["schema"], "3");
  std::vector<std::string> columns;
  db.query("SELECT name FROM pragma_table_info('games') ORDER BY cid",
           [&](const auto& row) { columns.push_back(*row[0]); });
  std::string names;
  for (const auto& c : columns) names += (names.empty() ? "" : " ") + c;
  EXPECT_EQ(names,
            "spec family base passes pass_from_terminal misere status error box digest p_positions p_digest "
            "value_formula ppos_formula prefix zeros preperiod period saltus proven search reverse_mex "
            "reverse_mex_from ns quotient_heaps quotient_20 quotient_40 quotient_stable seconds");
  std::string every;
  for (std::size_t i = 0; i + 1 < columns.size(); ++i) every += (i ? ", " : "") + columns[i];
  EXPECT_EQ(every, atlas::kRecordColumns);
  std::set<std::string> indexes;
  db.query("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'",
           [&](const auto& row) { indexes.insert(*row[0]); });
  EXPECT_EQ(indexes, (std::set<std::string>{"games_by_base", "games_by_period"}));
  // A record in, and read back; a failed game keeps its error.
  atlas::Record r = atlas::compute(atlas_families::subtraction(3, 1, {1})[0]);
  db.insert(r);
  atlas::Record bad;
  bad.game = {"subtraction -p set=0", "subtraction", "subtraction -p set=0", 0, false};
  bad.ok = false;
  bad.error = "-p set: item 1 = '0': out of range";
  db.insert(bad);
  EXPECT_EQ(db.specs(), (std::set<std::string>{r.game.spec, bad.game.spec}));
  std::vector<std::string> got;
  db.query("SELECT status, error, period FROM games ORDER BY spec", [&](const auto& row) {
    got.push_back(*row[0] + "|" + row[1].value_or("NULL") + "|" + row[2].value_or("NULL"));
  });
  EXPECT_EQ(got, (std::vector<std::string>{"error|-p set: item 1 = '0': out of range|NULL", "ok|NULL|2"}));
  // The same game twice is refused (the primary key), as one line.
  EXPECT_NE(user_error_of([&] { db.insert(r); }).find("cannot record subtraction -p set=1 --passes 1"),
            std::string::npos);
}

// A file that is not an atlas is refused, byte for byte as it was: random bytes, another
// application's database, an atlas of another schema; and a query that would write.
TEST(AtlasDb, RefusesWhatIsNotAnAtlasAndLeavesItAsItWas) {
  const std::string junk = fresh_atlas_path("junk.bin");
  {
    std::ofstream f(junk, std::ios::binary);
    for (int i = 0; i < 5000; ++i) f.put(static_cast<char>((i * 7919) % 251));
  }
  const std::string junk_bytes = slurp(junk);
  EXPECT_NE(user_error_of([&] { atlas::Db(junk, atlas::Db::Open::Create); }).find("not an atlas, left as it was"),
            std::string::npos);
  EXPECT_TRUE(slurp(junk) == junk_bytes);

  const std::string other = fresh_atlas_path("other.sqlite");
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(other.c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(raw, "CREATE TABLE people (name TEXT); INSERT INTO people VALUES ('Grundy')", nullptr, nullptr,
                         nullptr),
            SQLITE_OK);
  sqlite3_close(raw);
  const std::string other_bytes = slurp(other);
  EXPECT_NE(
      user_error_of([&] { atlas::Db(other, atlas::Db::Open::Create); }).find("not a grundy atlas (its tables: people)"),
      std::string::npos);
  EXPECT_TRUE(slurp(other) == other_bytes);

  const std::string newer = fresh_atlas_path("newer.sqlite");
  { atlas::Db db(newer, atlas::Db::Open::Create); }
  ASSERT_EQ(sqlite3_open(newer.c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(raw, "UPDATE meta SET value = '4' WHERE key = 'schema'", nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(raw);
  EXPECT_NE(user_error_of([&] { atlas::Db(newer, atlas::Db::Open::Create); }).find("an atlas of schema 4"),
            std::string::npos);

  EXPECT_NE(user_error_of([&] { atlas::Db(fresh_atlas_path("missing.sqlite")); }).find("no such atlas"),
            std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(fresh_atlas_path("missing.sqlite")));

  const std::string path = fresh_atlas_path("q.sqlite");
  atlas::Db db(path, atlas::Db::Open::Create);
  auto none = [](const auto&) {};
  EXPECT_NE(user_error_of([&] { db.query("DELETE FROM games", none); }).find("only statements that read"),
            std::string::npos);
  EXPECT_NE(user_error_of([&] { db.query("SELECT 1; DROP TABLE games", none); }).find("one SQL statement at a time"),
            std::string::npos);
  EXPECT_NE(user_error_of([&] { db.query("SELEC 1", none); }).find("syntax error"), std::string::npos);
}

// The reports run on an atlas; pass-effect counts, per count of passes and convention, the
// games whose passes change the period, the preperiod or the P-positions.
TEST(AtlasDb, TheReportsRun) {
  const std::string path = fresh_atlas_path("reports.sqlite");
  atlas::Db db(path, atlas::Db::Open::Create);
  for (const auto& g : atlas_families::subtraction(6, 2, {0, 1, 2})) db.insert(atlas::compute(g));
  std::map<std::string, int> rows;
  for (const auto& report : atlas::reports()) db.query(report.sql, [&](const auto&) { ++rows[report.name]; });
  EXPECT_EQ(rows["pass-effect"], 4);  // 1 and 2 passes, each convention
  EXPECT_EQ(rows["longest-periods"], 20);
  EXPECT_EQ(rows["unproven"], 0);  // every subtraction game's period is proven
  std::map<std::string, std::string> effect;
  db.query(atlas::reports()[0].sql, [&](const auto& row) {
    ASSERT_EQ(*row[0] + " " + *row[1], "subtraction 0");
    effect[*row[2] + "/" + *row[3]] = *row[4] + " " + *row[5] + " " + *row[6] + " " + *row[7];
  });
  // 6 + 15 sets. From a terminal position too, K passes are a heap of K counters beside the
  // game: neither period nor preperiod changes, and the P-positions only for odd K.
  EXPECT_EQ(effect["1/1"], "21 0 0 21");
  EXPECT_EQ(effect["2/1"], "21 0 0 0");
  // Two passes never from a terminal position: a pass is answered by the other, so the
  // P-positions are the game's own.
  EXPECT_EQ(effect["2/0"].substr(effect["2/0"].rfind(' ')), " 0");
}

TEST(AtlasFamily, OctalCodesEndInANonZeroDigit) {
  const auto games = atlas_families::octal(3);
  EXPECT_EQ(games.size(), 7u + 56u + 448u);
  EXPECT_EQ(games[0].spec, "octal -p code=0.1");
  EXPECT_EQ(games[7].spec, "octal -p code=0.01");
  EXPECT_EQ(games.back().spec, "octal -p code=0.777");
  for (const auto& g : games) EXPECT_NE(g.spec.back(), '0') << g.spec;
}

// Octal records against the naive sweep (games::octal_values_naive, every split tried) on
// every code of one and two digits; three-digit periods against the field's tables (Kayles
// 0.77: period 12, last exceptional value at 70; Dawson's Kayles 0.137: 34 after 52), and
// Treblecross 0.007, whose period nobody knows, recorded without one.
TEST(AtlasRecord, OctalGamesAgreeWithTheNaiveSweepAndTheTables) {
  for (const auto& g : atlas_families::octal(2)) {
    const atlas::Record r = atlas::compute(g);
    const std::string code = g.spec.substr(g.spec.find('=') + 1);
    const auto naive = games::octal_values_naive(games::parse_octal_code(code), atlas::kDigest);
    expect_values(r, 1, [&](std::int64_t x, int) { return naive[static_cast<std::size_t>(x)]; });
  }
  auto record = [](const std::string& code) {
    return atlas::compute({"octal -p code=" + code, "octal", "octal -p code=" + code, 0, false});
  };
  const atlas::Record kayles = record("0.77"), dawson = record("0.137"), treblecross = record("0.007");
  EXPECT_TRUE(kayles.proven);
  EXPECT_EQ(kayles.period, 12);
  EXPECT_EQ(kayles.preperiod, 71);
  EXPECT_TRUE(dawson.proven);
  EXPECT_EQ(dawson.period, 34);
  EXPECT_EQ(dawson.preperiod, 52);
  EXPECT_FALSE(treblecross.proven);
  EXPECT_FALSE(treblecross.period.has_value());
}

TEST(AtlasFamily, EachGameInItsVariants) {
  const auto v = atlas::variants("fts -p piles=3 -p d=4", "fts", {0, 2}, true);
  std::vector<std::string> specs, bases;
  for (const auto& g : v) {
    specs.push_back(g.spec);
    bases.push_back(g.base);
  }
  EXPECT_EQ(specs,
            (std::vector<std::string>{"fts -p piles=3 -p d=4", "fts -p piles=3 -p d=4 --passes 2",
                                      "fts -p piles=3 -p d=4 --passes 2 --pass-from-terminal",
                                      "fts -p piles=3 -p d=4 --misere", "fts -p piles=3 -p d=4 --passes 2 --misere",
                                      "fts -p piles=3 -p d=4 --passes 2 --pass-from-terminal --misere"}));
  EXPECT_EQ(bases[2], "fts -p piles=3 -p d=4");
  EXPECT_EQ(bases[5], "fts -p piles=3 -p d=4 --misere");
  EXPECT_TRUE(v[5].misere && v[5].pass_from_terminal && v[5].passes == 2);
  EXPECT_EQ(atlas_families::fts(3, 64, {0, 1}).size(), 63u * 3u);
  EXPECT_EQ(atlas_families::subtraction(24, 3, {0, 1, 2}, true).size(), 2324u * 10u);
}

// A table game (3-pile d-FTS Nim) against a naive twin written from the definition: a move
// lowers one pile, and may not leave a total that is a multiple of d. The record's digest and
// P-positions are the twin's, and its P-position formula holds on the twin's table as the
// expression engine reads it.
TEST(AtlasRecord, FtsAgreesWithTheDefinition) {
  const std::int64_t n = atlas::kSide;
  for (const std::int64_t d : {2, 5}) {
    const std::string spec = "fts -p piles=3 -p d=" + std::to_string(d);
    const atlas::Record r = atlas::compute({spec, "fts", spec, 0, false, false});
    ASSERT_TRUE(r.ok) << r.error;
    core::DenseTable t;
    t.box = core::Box(core::Position{n, n, n});
    t.values.assign(static_cast<std::size_t>(n * n * n), 0);
    runtime::Fnv digest;
    std::int64_t zeros = 0;
    for (std::int64_t x = 0; x < n; ++x)
      for (std::int64_t y = 0; y < n; ++y)
        for (std::int64_t z = 0; z < n; ++z) {
          std::vector<bool> seen(4 * n);
          const std::int64_t p[3] = {x, y, z};
          for (int i = 0; i < 3; ++i)
            for (std::int64_t v = 0; v < p[i]; ++v) {
              std::int64_t q[3] = {x, y, z};
              q[i] = v;
              if ((q[0] + q[1] + q[2]) % d == 0) continue;
              seen[t.values[static_cast<std::size_t>((q[0] * n + q[1]) * n + q[2])]] = true;
            }
          core::Value g = 0;
          while (seen[g]) ++g;
          t.values.set(static_cast<std::size_t>((x * n + y) * n + z), g);
          digest.add_u32(g);
          zeros += g == 0;
        }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(digest.h));
    EXPECT_EQ(r.digest, hex) << spec;
    EXPECT_EQ(r.p_positions, zeros) << spec;
    EXPECT_EQ(r.box, "x,y,z in 0..63");
    EXPECT_TRUE(r.prefix.empty() && !r.period && !r.search && !r.reverse_mex) << spec;
    if (d != 2) continue;
    // d = 2: the P-positions are found (the FTS paper's n-pile theorem for d = 2).
    ASSERT_FALSE(r.ppos_formula.empty());
    const auto program = analysis::compile_formula("--ppos", r.ppos_formula, {"x", "y", "z"});
    t.eval = core::Evaluation::NormalOutcome;
    EXPECT_TRUE(
        analysis::check_formula(t, program, analysis::FormulaKind::PPositions, {true, true, true}, "--ppos").holds())
        << r.ppos_formula;
  }
}

// Misere play through the generic solver against a naive twin: a heap from which no move is
// left is won by the player to move, any other is a P-position iff every move leads to an
// N-position.
TEST(AtlasRecord, MisereAgreesWithTheDefinition) {
  for (const auto& g : atlas_families::subtraction(6, 2, {0}, true)) {
    if (!g.misere) continue;
    const atlas::Record r = atlas::compute(g);
    ASSERT_TRUE(r.ok) << r.error;
    const games::GameSpec spec = games::parse_game_spec(g.spec, games::SpecOf::WholeGame);
    std::vector<std::int64_t> set;
    for (const auto& [name, value] : spec.params)
      if (name == "set") set = core::parse_int_list(value, "set", 1, 64);
    std::vector<core::Value> outcome(atlas::kDigest);  // 0: P, 1: N
    for (std::int64_t x = 0; x < atlas::kDigest; ++x) {
      bool moves = false, to_p = false;
      for (const std::int64_t s : set)
        if (s <= x) {
          moves = true;
          to_p = to_p || outcome[static_cast<std::size_t>(x - s)] == 0;
        }
      outcome[static_cast<std::size_t>(x)] = !moves || to_p ? 1 : 0;
    }
    expect_values(r, 1, [&](std::int64_t x, int) { return outcome[static_cast<std::size_t>(x)]; });
    EXPECT_FALSE(r.period.has_value());
    EXPECT_FALSE(r.reverse_mex.has_value());
  }
}

// The reverse-mex property as the subtraction paper states it: for {2, 12, 14} it holds at
// every heap size without a pass, and with the pass from x = 46 on (it fails at 14, 15, 18,
// 19, 30, 31, 44 and 45 with the pass still there).
TEST(AtlasRecord, TheReverseMexPropertyAndWhereItHoldsFrom) {
  const auto games = atlas::variants("subtraction -p set=2,12,14", "subtraction", {0, 1}, false);
  const atlas::Record plain = atlas::compute(games[0]), pass = atlas::compute(games[1]);
  EXPECT_EQ(plain.reverse_mex, true);
  EXPECT_EQ(plain.reverse_mex_from, 0);
  EXPECT_EQ(pass.reverse_mex, false);
  EXPECT_EQ(pass.reverse_mex_from, 46);
  EXPECT_EQ(pass.period, 24);
  EXPECT_EQ(pass.preperiod, 46);
  // The same from the definition, on the generic solver's values: the successors of (x, p) are
  // (x + s, p) and, while a pass is left to take, (x, p + 1) when the pass from it is legal
  // (x >= 2, the least move). The last failure is below 46, and none follows up to 600.
  const core::Game game = games::make_game(games::parse_game_spec(games[1].spec, games::SpecOf::WholeGame));
  const core::DenseTable t = game.solve_dense(core::Box(core::Position{640, 2}));
  std::int64_t last_failure = -1;
  for (std::int64_t x = 0; x < 600; ++x)
    for (std::int64_t p = 0; p < 2; ++p) {
      std::vector<bool> seen(64);
      for (const std::int64_t s : {2, 12, 14}) seen[t.at(core::Position{x + s, p})] = true;
      if (p == 0 && x >= 2) seen[t.at(core::Position{x, 1})] = true;
      core::Value mex = 0;
      while (seen[mex]) ++mex;
      if (mex != t.at(core::Position{x, p})) last_failure = x;
    }
  EXPECT_EQ(last_failure + 1, *pass.reverse_mex_from);
}

// The atlas shipped in data/atlas (data/atlas/make.sh) is what this grundy computes: it holds
// every game of its families, and a sample of them recomputed now gives the same rows, but the
// seconds.
TEST(AtlasShipped, HoldsItsFamiliesAndASampleRecomputesAlike) {
  const atlas::Db shipped(std::string(GRUNDY_SOURCE_DIR) + "/data/atlas/atlas.sqlite");
  std::map<std::string, std::string> count;
  shipped.query("SELECT family, COUNT(*) FROM games WHERE status = 'ok' GROUP BY family",
                [&](const auto& row) { count[*row[0]] = *row[1]; });
  EXPECT_EQ(count,
            (std::map<std::string, std::string>{
                {"chocolate", "156"}, {"fts", "189"}, {"leaper", "84"}, {"octal", "511"}, {"subtraction", "23240"}}));
  std::vector<atlas::AtlasGame> all = atlas_families::subtraction(24, 3, {0, 1, 2}, true);
  for (auto& families : {atlas_families::octal(3), atlas_families::fts(3, 64, {0, 1}),
                         atlas_families::chocolate(3, 4, {0, 1}), atlas_families::leaper(8, {0, 1})})
    all.insert(all.end(), families.begin(), families.end());
  // Every 47th game, but the slow tables of FTS and chocolate: one of each.
  std::vector<atlas::AtlasGame> sample;
  for (std::size_t i = 0; i < all.size(); i += 47)
    if (all[i].family != "fts" && all[i].family != "chocolate") sample.push_back(all[i]);
  sample.push_back(atlas_families::fts(3, 7, {0}).back());
  sample.push_back(atlas_families::chocolate(1, 4, {0}).back());
  const std::string path = fresh_atlas_path("sample.sqlite");
  atlas::Db now(path, atlas::Db::Open::Create);
  for (const auto& g : sample) now.insert(atlas::compute(g));
  auto rows = [&](const atlas::Db& db) {
    std::vector<std::string> out;
    for (const auto& g : sample)
      db.query(std::string("SELECT ") + atlas::kRecordColumns + " FROM games WHERE spec = '" + g.spec + "'",
               [&](const auto& row) {
                 std::string line;
                 for (const auto& v : row) line += v.value_or("NULL") + "|";
                 out.push_back(line);
               });
    return out;
  };
  const std::vector<std::string> expected = rows(now), got = rows(shipped);
  ASSERT_EQ(expected.size(), sample.size());
  EXPECT_EQ(got, expected);
}

// A take-and-break game's misère quotient, as `grundy quotient` gives it: 0.75 is R8, of order 8
// from heap 5 on, so it stabilised; 0.3122 has an infinite quotient (Weimerskirch), which the
// memory budget stops short of heap 39 at the same heap on every run.
TEST(AtlasRecord, TakeAndBreakGamesRecordTheirMisereQuotient) {
  const atlas::Record r75 = atlas::compute({"octal -p code=0.75", "octal", "octal -p code=0.75", 0, false, false});
  EXPECT_EQ(r75.quotient_heaps, 40);
  EXPECT_EQ(r75.quotient_20, 8);
  EXPECT_EQ(r75.quotient_40, 8);
  EXPECT_EQ(r75.quotient_stable, true);
  const atlas::AtlasGame wild{"octal -p code=0.3122", "octal", "octal -p code=0.3122", 0, false, false};
  const atlas::Record r = atlas::compute(wild);
  ASSERT_TRUE(r.quotient_heaps.has_value());
  EXPECT_LT(*r.quotient_heaps, 40);
  EXPECT_EQ(r.quotient_heaps, atlas::compute(wild).quotient_heaps);
  EXPECT_FALSE(r.quotient_40.has_value());
  EXPECT_FALSE(r.quotient_stable.has_value());
  // Other families record none.
  EXPECT_FALSE(atlas::compute({"subtraction -p set=1,2", "subtraction", "subtraction -p set=1,2", 0, false, false})
                   .quotient_heaps.has_value());
}

// Chocolate bars against Theorem 2 of the chocolate paper: G = x xor y xor z exactly when F is
// NS, so discover finds that formula for the NS functions of the family and for no other.
TEST(AtlasRecord, ChocolateBarsFollowTheoremTwo) {
  const auto games = atlas_families::chocolate(1, 4, {0});
  std::vector<std::string> specs;
  for (const auto& g : games) specs.push_back(g.spec);
  EXPECT_EQ(specs, (std::vector<std::string>{"chocolate -p F=0", "chocolate -p F=z", "chocolate -p F=z/2",
                                             "chocolate -p F=z/3", "chocolate -p F=z/4", "chocolate -p F=x",
                                             "chocolate -p F=x/2", "chocolate -p F=x/3", "chocolate -p F=x/4",
                                             "chocolate -p F=x+z", "chocolate -p F=(x+z)/2", "chocolate -p F=(x+z)/3",
                                             "chocolate -p F=(x+z)/4"}));
  for (const std::string f : {"z/2", "z/3", "x+z"}) {
    const std::string spec = "chocolate -p F=" + f;
    const atlas::Record r = atlas::compute({spec, "chocolate", spec, 0, false, false});
    ASSERT_TRUE(r.ok && r.ns.has_value()) << r.error;
    EXPECT_EQ(*r.ns, f == "z/2") << spec;
    EXPECT_EQ(r.value_formula == "x ^ y ^ z", *r.ns) << spec << ": " << r.value_formula;
  }
}

// The (1,2)-leaper is Corner the Knight: the generic leaper and the knight's own game give the
// same table, and discover finds Theorem 2.2's P-positions of the knight paper.
TEST(AtlasRecord, TheOneTwoLeaperIsTheKnight) {
  const auto games = atlas_families::leaper(3, {0, 1});
  ASSERT_EQ(games.size(), 9u);  // (1,2), (1,3), (2,3), each with and without a pass, both conventions
  EXPECT_EQ(games[0].spec, "leaper -p moves=-2:-1,-1:-2,-2:1,1:-2");
  const atlas::Record leaper = atlas::compute(games[0]);
  const atlas::Record knight = atlas::compute({"knight", "knight", "knight", 0, false, false});
  EXPECT_EQ(leaper.digest, knight.digest);
  EXPECT_EQ(leaper.box, "m,n in 0..63");
  EXPECT_EQ(leaper.ppos_formula, "m % 4 in {0, 1} && n % 4 in {0, 1}");
}
