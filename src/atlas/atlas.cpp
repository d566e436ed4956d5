#include "atlas/atlas.hpp"

#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <span>

#include "analysis/periodicity.hpp"
#include "core/errors.hpp"
#include "core/fnv.hpp"
#include "games/octal.hpp"
#include "games/octal_solver.hpp"
#include "games/registry.hpp"
#include "games/subtraction.hpp"
#include "games/subtraction_solver.hpp"

namespace grundy::atlas {

namespace {

std::string join(const std::vector<std::int64_t>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s;
}

// Heap sizes the period search may sweep: far beyond the periods of small sets and passes.
constexpr std::int64_t kPeriodSearch = std::int64_t{1} << 20;

}  // namespace

std::string to_text(const Record& r) {
  nlohmann::json j{{"ok", r.ok},       {"error", r.error},   {"proven", r.proven},  {"prefix", r.prefix},
                   {"zeros", r.zeros}, {"digest", r.digest}, {"seconds", r.seconds}};
  if (r.period) j["period"] = {*r.preperiod, *r.period, *r.saltus};
  return j.dump();
}

Record from_text(const AtlasGame& game, const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text);
  Record r;
  r.game = game;
  r.ok = j.at("ok");
  r.error = j.at("error");
  r.proven = j.at("proven");
  r.prefix = j.at("prefix");
  r.zeros = j.at("zeros");
  r.digest = j.at("digest");
  r.seconds = j.at("seconds");
  if (j.contains("period")) {
    r.preperiod = j["period"][0].get<std::int64_t>();
    r.period = j["period"][1].get<std::int64_t>();
    r.saltus = j["period"][2].get<std::int64_t>();
  }
  return r;
}

std::vector<AtlasGame> subtraction_family(int max, int sizes, const std::vector<int>& passes) {
  std::vector<AtlasGame> out;
  std::vector<std::int64_t> set;
  // Every set of k moves in 1 .. max, in lexicographic order, for k = 1 .. sizes.
  auto add = [&](const std::vector<std::int64_t>& s) {
    const std::string base = "subtraction -p set=" + join(s);
    for (const int k : passes) {
      if (k == 0) {
        out.push_back({base, "subtraction", base, 0, false});
        continue;
      }
      const std::string with = base + " --passes " + std::to_string(k);
      out.push_back({with, "subtraction", base, k, false});
      out.push_back({with + " --pass-from-terminal", "subtraction", base, k, true});
    }
  };
  std::function<void(std::int64_t, int)> grow = [&](std::int64_t from, int left) {
    if (left == 0) {
      add(set);
      return;
    }
    for (std::int64_t m = from; m <= max; ++m) {
      set.push_back(m);
      grow(m + 1, left - 1);
      set.pop_back();
    }
  };
  for (int k = 1; k <= sizes; ++k) grow(1, k);
  return out;
}

std::vector<AtlasGame> octal_family(int digits) {
  std::vector<AtlasGame> out;
  std::string code = "0.";
  std::function<void(int)> grow = [&](int left) {
    for (char d = '0'; d <= '7'; ++d) {
      code.push_back(d);
      if (left == 1) {
        if (d != '0') {
          const std::string spec = "octal -p code=" + code;
          out.push_back({spec, "octal", spec, 0, false});
        }
      } else {
        grow(left - 1);
      }
      code.pop_back();
    }
  };
  for (int k = 1; k <= digits; ++k) grow(k);
  return out;
}

namespace {

// The prefix, zeros and digest of a game from its values G(x, p) at x < kDigest for each of
// its `layers` layers (the passes left, 0 .. layers - 1): the prefix and zeros of the top one.
void record_values(Record& r, int layers, const std::function<core::Value(std::int64_t, int)>& value) {
  std::vector<std::int64_t> prefix, zeros;
  core::Fnv digest;
  for (std::int64_t x = 0; x < kDigest; ++x) {
    for (int p = 0; p < layers; ++p) digest.add_u32(value(x, p));
    if (x >= kPrefix) continue;
    const core::Value top = value(x, layers - 1);
    prefix.push_back(top);
    if (top == 0) zeros.push_back(x);
  }
  r.prefix = join(prefix);
  r.zeros = join(zeros);
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(digest.h));
  r.digest = hex;
}

Record compute_octal(const AtlasGame& game, const games::GameSpec& spec, std::int64_t search) {
  std::string text;
  for (const auto& [name, value] : spec.params)
    if (name == "code") text = value;
  games::OctalSweep sweep(games::parse_octal_code(text));
  const games::OctalPeriod p = games::sweep_until_proven(sweep, kDigest, std::max(search, kDigest));
  Record r;
  r.game = game;
  record_values(r, 1, [&](std::int64_t x, int) { return sweep.at(x); });
  if (p.found) {
    r.preperiod = p.preperiod;
    r.period = p.period;
    r.saltus = 0;
    r.proven = p.proven;
  }
  return r;
}

}  // namespace

Record compute(const AtlasGame& game, std::int64_t search) {
  const auto start = std::chrono::steady_clock::now();
  const games::GameSpec spec = games::parse_game_spec(game.spec, games::SpecOf::WholeGame);
  const bool plain = spec.transforms.forbid.empty() && !spec.transforms.misere;
  if (spec.family == "octal" && plain && spec.transforms.passes == 0) {
    Record r = compute_octal(game, spec, search);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
  }
  if (spec.family != "subtraction" || !plain)
    throw core::UserError("atlas: " + game.spec +
                          ": the atlas sweeps subtraction games (with passes) and octal games so far");
  const analysis::SubtractionSeq s{
      games::subtraction_from_params(
          games::Params("subtraction", std::map<std::string, std::string>(spec.params.begin(), spec.params.end()))),
      spec.transforms.passes, spec.transforms.pass_from_terminal};
  Record r;
  r.game = game;
  const int layers = s.passes + 1;
  std::vector<core::Value> values(static_cast<std::size_t>(kDigest * layers));
  games::sweep_subtraction(s.game, s.passes, s.pass_from_terminal, kDigest,
                           [&](std::int64_t x, std::span<const core::Value> v) {
                             std::copy(v.begin(), v.end(), values.begin() + x * layers);
                           });
  record_values(r, layers, [&](std::int64_t x, int p) { return values[static_cast<std::size_t>(x * layers + p)]; });
  const analysis::Periodicity p = analysis::subtraction_periodicity(s, kPeriodSearch);
  if (p.found) {
    r.preperiod = p.preperiod;
    r.period = p.period;
    r.saltus = p.saltus;
    r.proven = p.proven;
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

// ---- The database -------------------------------------------------------------------------

namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (
  spec TEXT PRIMARY KEY,
  family TEXT NOT NULL,
  base TEXT NOT NULL,
  passes INTEGER NOT NULL,
  pass_from_terminal INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('ok', 'error')),
  error TEXT,
  preperiod INTEGER,
  period INTEGER,
  saltus INTEGER,
  proven INTEGER NOT NULL,
  prefix TEXT,
  zeros TEXT,
  digest TEXT,
  seconds REAL NOT NULL
);
CREATE INDEX games_by_base ON games (base, passes, pass_from_terminal);
CREATE INDEX games_by_period ON games (period);
INSERT INTO meta VALUES ('application', 'grundy atlas'), ('schema', '1');
)sql";

// A prepared statement, finalized however the scope ends.
struct Statement {
  sqlite3_stmt* s = nullptr;
  ~Statement() { sqlite3_finalize(s); }
};

}  // namespace

void Db::check(int rc, const std::string& what) const {
  if (rc == SQLITE_OK || rc == SQLITE_DONE || rc == SQLITE_ROW) return;
  const std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
  throw core::UserError("--db " + path_ + ": " + what + ": " + message);
}

void Db::exec(const char* sql) const {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string message = error ? error : "unknown error";
    sqlite3_free(error);
    throw core::UserError("--db " + path_ + ": " + message);
  }
}

std::vector<std::string> Db::tables() const {
  std::vector<std::string> names;
  run("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", "not an atlas, left as it was",
      [&](const auto& row) { names.push_back(*row[0]); });
  return names;
}

Db::Db(const std::string& path, Open mode) : path_(path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw core::UserError("--db " + path + ": is a folder, not a file");
  if (mode == Open::Existing && !std::filesystem::exists(path, ec))
    throw core::UserError("--db " + path + ": no such atlas (`grundy atlas run` makes one)");
  const int flags = SQLITE_OPEN_READWRITE | (mode == Open::Create ? SQLITE_OPEN_CREATE : 0);
  const int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
  try {
    check(rc, "cannot open it");
    sqlite3_busy_timeout(db_, 10000);
    // What is in it: nothing (a new atlas), an atlas, or something else. Reading the schema is
    // the first access: a file that is not a database fails here, before anything is written.
    std::vector<std::string> names = tables();
    if (names.empty() && mode == Open::Create) {
      exec("BEGIN IMMEDIATE");  // a second process making the same atlas waits here, then finds it made
      if (tables().empty()) exec(kSchema);
      exec("COMMIT");
      names = tables();
    }
    std::string application, schema;
    if (names == std::vector<std::string>{"games", "meta"})
      query("SELECT key, value FROM meta WHERE key IN ('application', 'schema')",
            [&](const auto& row) { (*row[0] == "application" ? application : schema) = row[1].value_or(""); });
    if (application != "grundy atlas") {
      std::string list;
      for (const auto& t : names) list += (list.empty() ? "" : ", ") + t;
      throw core::UserError("--db " + path + ": an SQLite database but not a grundy atlas (" +
                            (list.empty() ? std::string("no tables") : "its tables: " + list) +
                            "); it was left as it was");
    }
    if (schema != std::to_string(kSchemaVersion))
      throw core::UserError("--db " + path + ": an atlas of schema " + schema + "; this grundy reads schema " +
                            std::to_string(kSchemaVersion) + "; it was left as it was");
    // A write-ahead log, synced at checkpoints: a commit is a write to the log, not an fsync
    // (11620 games took 32 s, mostly in fsync, and 3 s so). A killed process loses nothing
    // committed; a power cut may lose the last commits, never the file's consistency.
    exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL");
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

Db::~Db() { sqlite3_close(db_); }

std::set<std::string> Db::specs() const {
  std::set<std::string> out;
  query("SELECT spec FROM games", [&](const auto& row) { out.insert(*row[0]); });
  return out;
}

void Db::insert(const Record& r) {
  Statement st;
  check(sqlite3_prepare_v2(db_,
                           "INSERT INTO games (spec, family, base, passes, pass_from_terminal, status, error, "
                           "preperiod, period, saltus, proven, prefix, zeros, digest, seconds) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           -1, &st.s, nullptr),
        "cannot record " + r.game.spec);
  auto text = [&](int i, const std::string& v) { sqlite3_bind_text(st.s, i, v.c_str(), -1, SQLITE_TRANSIENT); };
  auto number = [&](int i, const std::optional<std::int64_t>& v) {
    if (v)
      sqlite3_bind_int64(st.s, i, *v);
    else
      sqlite3_bind_null(st.s, i);
  };
  text(1, r.game.spec);
  text(2, r.game.family);
  text(3, r.game.base);
  sqlite3_bind_int(st.s, 4, r.game.passes);
  sqlite3_bind_int(st.s, 5, r.game.pass_from_terminal ? 1 : 0);
  text(6, r.ok ? "ok" : "error");
  if (r.ok)
    sqlite3_bind_null(st.s, 7);
  else
    text(7, r.error);
  number(8, r.preperiod);
  number(9, r.period);
  number(10, r.saltus);
  sqlite3_bind_int(st.s, 11, r.proven ? 1 : 0);
  text(12, r.prefix);
  text(13, r.zeros);
  text(14, r.digest);
  sqlite3_bind_double(st.s, 15, r.seconds);
  // One statement outside BEGIN .. COMMIT is a transaction of its own (SQLite's autocommit).
  check(sqlite3_step(st.s), "cannot record " + r.game.spec);
}

std::vector<std::string> Db::query(const std::string& sql, const RowFn& row) const {
  return run(sql, "in the query", row, true);
}

std::vector<std::string> Db::run(const std::string& sql, const std::string& what, const RowFn& row,
                                 bool only_reads) const {
  Statement st;
  const char* tail = nullptr;
  check(sqlite3_prepare_v2(db_, sql.c_str(), static_cast<int>(sql.size()), &st.s, &tail), what);
  if (st.s == nullptr) throw core::UserError("atlas query: no SQL statement in '" + sql.substr(0, 60) + "'");
  if (tail != nullptr && std::string_view(tail).find_first_not_of(" \t\r\n;") != std::string_view::npos)
    throw core::UserError("atlas query: one SQL statement at a time (more after '" +
                          sql.substr(0, static_cast<std::size_t>(tail - sql.c_str())).substr(0, 60) + "')");
  if (only_reads && !sqlite3_stmt_readonly(st.s))
    throw core::UserError("atlas query: only statements that read (SELECT); the atlas is written by `atlas run`");
  const int n = sqlite3_column_count(st.s);
  std::vector<std::string> columns;
  for (int i = 0; i < n; ++i) columns.emplace_back(sqlite3_column_name(st.s, i));
  std::vector<std::optional<std::string>> values(static_cast<std::size_t>(n));
  int rc = 0;
  while ((rc = sqlite3_step(st.s)) == SQLITE_ROW) {
    for (int i = 0; i < n; ++i) {
      const unsigned char* v = sqlite3_column_text(st.s, i);
      values[static_cast<std::size_t>(i)] =
          v ? std::optional<std::string>(reinterpret_cast<const char*>(v)) : std::nullopt;
    }
    row(values);
  }
  check(rc, what);
  return columns;
}

const std::vector<Report>& reports() {
  static const std::vector<Report> all = {
      {"pass-effect",
       "for each count of passes and convention: the games, and how many of them have another period, another "
       "preperiod or other P-positions (x < 64) than the game without passes",
       "SELECT g.passes, g.pass_from_terminal, COUNT(*) AS games, SUM(g.period IS NOT b.period) AS period_changed, "
       "SUM(g.preperiod IS NOT b.preperiod) AS preperiod_changed, SUM(g.zeros IS NOT b.zeros) AS p_positions_changed "
       "FROM games g JOIN games b ON b.base = g.base AND b.passes = 0 "
       "WHERE g.passes > 0 AND g.status = 'ok' AND b.status = 'ok' "
       "GROUP BY g.passes, g.pass_from_terminal ORDER BY g.passes, g.pass_from_terminal"},
      {"longest-periods", "the 20 games with the longest periods",
       "SELECT spec, preperiod, period, proven FROM games WHERE period IS NOT NULL "
       "ORDER BY period DESC, preperiod DESC, spec LIMIT 20"},
      {"unproven", "the games without a proven period, and the games that failed",
       "SELECT spec, status, error, preperiod, period FROM games WHERE status = 'error' OR proven = 0 ORDER BY spec"},
  };
  return all;
}

}  // namespace grundy::atlas
