#include "atlas/atlas.hpp"

#include <signal.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <span>

#include "analysis/discover.hpp"
#include "analysis/ns_property.hpp"
#include "analysis/periodicity.hpp"
#include "analysis/reverse_mex.hpp"
#include "games/chocolate.hpp"
#include "games/octal.hpp"
#include "games/octal_solver.hpp"
#include "games/registry.hpp"
#include "games/subtraction.hpp"
#include "games/subtraction_solver.hpp"
#include "pipeline/solve.hpp"
#include "pipeline/table_box.hpp"
#include "runtime/errors.hpp"
#include "runtime/fnv.hpp"
#include "runtime/memory.hpp"
#include "runtime/progress.hpp"
#include "service/quotient.hpp"
#include "service/seq.hpp"
#include "service/subject.hpp"

namespace grundy::atlas {

namespace {

std::string join(const std::vector<std::int64_t>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s;
}

}  // namespace

std::string to_text(const Record& r) {
  nlohmann::json j{{"ok", r.ok},
                   {"error", r.error},
                   {"box", r.box},
                   {"digest", r.digest},
                   {"p_positions", r.p_positions},
                   {"p_digest", r.p_digest},
                   {"value_formula", r.value_formula},
                   {"ppos_formula", r.ppos_formula},
                   {"prefix", r.prefix},
                   {"zeros", r.zeros},
                   {"proven", r.proven},
                   {"seconds", r.seconds}};
  if (r.period) j["period"] = {*r.preperiod, *r.period, *r.saltus};
  if (r.search) j["search"] = *r.search;
  if (r.reverse_mex) j["reverse_mex"] = *r.reverse_mex;
  if (r.reverse_mex_from) j["reverse_mex_from"] = *r.reverse_mex_from;
  if (r.ns) j["ns"] = *r.ns;
  if (r.quotient_heaps) j["quotient_heaps"] = *r.quotient_heaps;
  if (r.quotient_20) j["quotient_20"] = *r.quotient_20;
  if (r.quotient_40) j["quotient_40"] = *r.quotient_40;
  if (r.quotient_stable) j["quotient_stable"] = *r.quotient_stable;
  return j.dump();
}

Record from_text(const AtlasGame& game, const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text);
  Record r;
  r.game = game;
  r.ok = j.at("ok");
  r.error = j.at("error");
  r.box = j.at("box");
  r.digest = j.at("digest");
  r.p_positions = j.at("p_positions");
  r.p_digest = j.at("p_digest");
  r.value_formula = j.at("value_formula");
  r.ppos_formula = j.at("ppos_formula");
  r.prefix = j.at("prefix");
  r.zeros = j.at("zeros");
  r.proven = j.at("proven");
  r.seconds = j.at("seconds");
  if (j.contains("period")) {
    r.preperiod = j["period"][0].get<std::int64_t>();
    r.period = j["period"][1].get<std::int64_t>();
    r.saltus = j["period"][2].get<std::int64_t>();
  }
  if (j.contains("search")) r.search = j["search"].get<std::int64_t>();
  if (j.contains("reverse_mex")) r.reverse_mex = j["reverse_mex"].get<bool>();
  if (j.contains("reverse_mex_from")) r.reverse_mex_from = j["reverse_mex_from"].get<std::int64_t>();
  if (j.contains("ns")) r.ns = j["ns"].get<bool>();
  if (j.contains("quotient_heaps")) r.quotient_heaps = j["quotient_heaps"].get<std::int64_t>();
  if (j.contains("quotient_20")) r.quotient_20 = j["quotient_20"].get<std::int64_t>();
  if (j.contains("quotient_40")) r.quotient_40 = j["quotient_40"].get<std::int64_t>();
  if (j.contains("quotient_stable")) r.quotient_stable = j["quotient_stable"].get<bool>();
  return r;
}

std::vector<AtlasGame> variants(const std::string& base, const std::string& family, const std::vector<int>& passes,
                                bool misere) {
  std::vector<AtlasGame> out;
  for (const bool m : {false, true}) {
    if (m && !misere) break;
    const std::string tail = m ? " --misere" : "";
    for (const int k : passes) {
      if (k == 0) {
        out.push_back({base + tail, family, base + tail, 0, false, m});
        continue;
      }
      const std::string with = base + " --passes " + std::to_string(k);
      out.push_back({with + tail, family, base + tail, k, false, m});
      out.push_back({with + " --pass-from-terminal" + tail, family, base + tail, k, true, m});
    }
  }
  return out;
}

std::vector<AtlasGame> family_games(const games::Family& family, const std::map<std::string, std::int64_t>& options,
                                    const std::vector<int>& passes, bool misere) {
  if (!family.atlas) throw runtime::UserError("atlas run '" + family.name + "': not a family the atlas sweeps");
  std::vector<AtlasGame> out;
  for (const std::string& base : family.atlas->bases(options)) {
    if (!family.atlas->variants) {
      out.push_back({base, family.name, base, 0, false, false});
      continue;
    }
    for (auto& g : variants(base, family.name, passes, misere)) out.push_back(std::move(g));
  }
  return out;
}

namespace {

std::string hex(std::uint64_t h) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
  return text;
}

// A one-heap game's table on its box from a fast sweep's values value(x, p), p = passes left.
core::DenseTable one_heap_table(const core::Box& box, core::Evaluation eval,
                                const std::function<core::Value(std::int64_t, int)>& value) {
  core::DenseTable t;
  t.box = box;
  t.eval = eval;
  t.values.assign(static_cast<std::size_t>(box.count()), 0);
  const int layers = box.arity() == 1 ? 1 : static_cast<int>(box.extent(1));
  for (std::int64_t x = 0; x < box.extent(0); ++x)
    for (int p = 0; p < layers; ++p) t.values.set(static_cast<std::size_t>(x * layers + p), value(x, p));
  return t;
}

// What a record says of the values on a game's table: the box and digest of all of it; and of
// its top layer (every pass left, the papers' main case): the P-positions, the formulas
// `discover` finds, and for a one-heap game the prefix and zeros.
void describe_table(Record& r, const core::Game& game, const core::DenseTable& t) {
  const auto names = game.coordinate_names();
  const std::vector<int> counters = pipeline::pass_counters(game);
  const std::vector<bool> in_total = pipeline::total_coordinates(game);
  r.box = pipeline::box_text(names, t.box);
  // The top layer as a table of its own, over the coordinates that are not pass counters.
  core::DenseTable top;
  top.eval = t.eval;
  std::vector<int> kept;
  std::vector<std::string> kept_names;
  analysis::DiscoverOptions opt;
  opt.max_results = 1;
  core::Position extents;
  for (int i = 0; i < t.box.arity(); ++i) {
    if (std::find(counters.begin(), counters.end(), i) != counters.end()) continue;
    kept.push_back(i);
    kept_names.push_back(names[static_cast<std::size_t>(i)]);
    opt.in_total.push_back(in_total[static_cast<std::size_t>(i)]);
    extents.push_back(t.box.extent(i));
  }
  top.box = core::Box(extents);
  top.values.assign(static_cast<std::size_t>(top.box.count()), 0);
  runtime::Fnv digest, p_digest;
  r.p_positions = 0;
  core::Position pos(t.box.arity());  // cell i, in index order
  std::size_t j = 0;                  // its index in the top layer
  for (std::size_t i = 0; i < t.values.size(); ++i, t.box.next(pos)) {
    digest.add_u32(t.values[i]);
    bool on_top = true;
    for (const int c : counters) on_top = on_top && pos[c] == t.box.extent(c) - 1;
    if (!on_top) continue;
    top.values.set(j++, t.values[i]);
    p_digest.add_u32(t.values[i] == 0 ? 1 : 0);
    if (t.values[i] == 0) ++r.p_positions;
  }
  r.digest = hex(digest.h);
  r.p_digest = hex(p_digest.h);
  if (top.box.arity() == 1) {
    std::vector<std::int64_t> prefix, zeros;
    for (std::int64_t x = 0; x < std::min(kPrefix, top.box.extent(0)); ++x) {
      prefix.push_back(top.values[static_cast<std::size_t>(x)]);
      if (prefix.back() == 0) zeros.push_back(x);
    }
    r.prefix = join(prefix);
    r.zeros = join(zeros);
  }
  const analysis::DiscoverReport found = analysis::discover(top, kept_names, opt);
  // Only formulas without exceptions: a formula with a list of exceptions is a description of
  // this box, and the next box may need a longer list.
  for (const auto& c : found.grundy)
    if (c.exceptions.empty() && r.value_formula.empty()) r.value_formula = c.expression;
  for (const auto& c : found.ppos)
    if (c.exceptions.empty() && r.ppos_formula.empty()) r.ppos_formula = c.expression;
}

// The reverse-mex property of a subtraction game on every layer: where it holds from (0:
// everywhere), checked one by one up to past the period and proven beyond it by the period
// (analysis/reverse_mex.hpp); nothing when it fails at infinitely many heap sizes, or when no
// period was found to prove it by.
std::optional<std::int64_t> reverse_mex_from(const analysis::SubtractionSeq& s, const analysis::Periodicity& p,
                                             bool& fails) {
  const std::int64_t size = std::max(kDigest, (p.found ? p.preperiod + p.period : 0) + s.game.max_move() + 1);
  const analysis::ReverseMexReport rep = analysis::reverse_mex(s.game, s.passes, s.pass_from_terminal, size);
  std::int64_t from = 0;
  bool proven = true;
  fails = false;
  for (const auto& layer : rep.layers) {
    fails = fails || layer.failures > 0 || !layer.residues.empty();
    if (!layer.residues.empty() || layer.truncated) return std::nullopt;
    if (!layer.runs.empty()) from = std::max(from, layer.runs.back().last + 1);
    proven = proven && layer.periodic_from >= 0;
  }
  return proven ? std::optional<std::int64_t>(from) : std::nullopt;
}

void set_period(Record& r, std::int64_t preperiod, std::int64_t period, std::int64_t saltus, bool proven) {
  r.preperiod = preperiod;
  r.period = period;
  r.saltus = saltus;
  r.proven = proven;
}

// Whether a chocolate bar's F has the NS property for x, z < kSide.
bool ns_on_the_box(const std::function<std::int64_t(std::int64_t, std::int64_t)>& fn) {
  std::vector<std::int64_t> values;
  for (std::int64_t x = 0; x < kSide; ++x)
    for (std::int64_t z = 0; z < kSide; ++z) values.push_back(fn(x, z));
  return analysis::ns_property_2d(values, kSide, kSide).holds();
}

// A take-and-break game's misère quotient on heaps 0..kQuotientHeaps-1, as far as kQuotientMemory
// takes it; a deadline or a cancel stops the sweep, as everywhere else.
void describe_quotient(Record& r, const service::Subject& subject) {
  runtime::Limits limits;
  limits.memory = kQuotientMemory;
  const analysis::MisereQuotient q = service::quotient(subject, kQuotientHeaps, limits);
  if (!q.stopped.empty() && !q.memory_reached)
    throw runtime::Interrupted(q.stopped + std::string(runtime::kNothingWritten));
  r.quotient_heaps = q.size;
  if (q.size >= 20) r.quotient_20 = q.order_at[19];
  if (q.size >= 40) {
    r.quotient_40 = q.order_at[39];
    r.quotient_stable = q.stable_observed();
  }
}

}  // namespace

Record compute(const AtlasGame& game, std::int64_t search, std::uint64_t memory_limit) {
  const auto start = std::chrono::steady_clock::now();
  const service::Subject subject = service::subject_of(games::parse_game_spec(game.spec, games::SpecOf::WholeGame));
  const core::Game& g = subject.game;
  const games::Family& family = games::find_family(subject.spec->family);
  const int counters = static_cast<int>(pipeline::pass_counters(g).size());
  const bool one_heap = g.arity() - counters == 1;
  const core::Box box = pipeline::size_box(g, {{one_heap ? kDigest : kSide}});
  runtime::Limits limits;
  limits.memory = memory_limit;
  Record r;
  r.game = game;
  const auto subtraction = service::subtraction_of(subject);
  if (one_heap && (subtraction || service::octal_of(subject))) {
    // The family's own sequence and its proven period, as `seq` computes them: a subtraction
    // game's period searched within kSubtractionSearch, a take-and-break game's within `search`.
    const std::int64_t limit = subtraction ? kSubtractionSearch : std::max(search, kDigest);
    const service::SeqResult s = service::seq(subject, kDigest, limit, {}, limits);
    describe_table(r, g, one_heap_table(box, subject.eval, [&](std::int64_t x, int p) {
                     return s.layers[static_cast<std::size_t>(p)][static_cast<std::size_t>(x)];
                   }));
    if (s.period.found) set_period(r, s.period.preperiod, s.period.period, s.period.saltus, s.period.proven);
    r.search = limit;
    if (subtraction) {
      bool fails = false;
      r.reverse_mex_from = reverse_mex_from(*subtraction, s.period, fails);
      if (fails || r.reverse_mex_from) r.reverse_mex = !fails;
    } else {
      describe_quotient(r, subject);
    }
  } else {
    if (family.ns_function) r.ns = ns_on_the_box(family.ns_function(*subject.spec));
    describe_table(r, g,
                   pipeline::solve_exact(g, box, subject.eval, memory_limit, analysis::discover_bytes(box.count())));
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
  misere INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('ok', 'error')),
  error TEXT,
  box TEXT,
  digest TEXT,
  p_positions INTEGER,
  p_digest TEXT,
  value_formula TEXT,
  ppos_formula TEXT,
  prefix TEXT,
  zeros TEXT,
  preperiod INTEGER,
  period INTEGER,
  saltus INTEGER,
  proven INTEGER NOT NULL,
  search INTEGER,
  reverse_mex INTEGER,
  reverse_mex_from INTEGER,
  ns INTEGER,
  quotient_heaps INTEGER,
  quotient_20 INTEGER,
  quotient_40 INTEGER,
  quotient_stable INTEGER,
  seconds REAL NOT NULL
);
CREATE INDEX games_by_base ON games (base, passes, pass_from_terminal);
CREATE INDEX games_by_period ON games (period);
INSERT INTO meta VALUES ('application', 'grundy atlas'), ('schema', '3');
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
  throw runtime::UserError("--db " + path_ + ": " + what + ": " + message);
}

void Db::exec(const char* sql) const {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string message = error ? error : "unknown error";
    sqlite3_free(error);
    throw runtime::UserError("--db " + path_ + ": " + message);
  }
}

std::vector<std::string> Db::tables() const {
  std::vector<std::string> names;
  run("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", "not an atlas, left as it was",
      [&](const auto& row) { names.push_back(*row[0]); });
  return names;
}

Db::Db(const std::string& path, Open mode) : path_(path), writes_(mode == Open::Create) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw runtime::UserError("--db " + path + ": is a folder, not a file");
  if (mode == Open::Existing && !std::filesystem::exists(path, ec))
    throw runtime::UserError("--db " + path + ": no such atlas (`grundy atlas run` makes one)");
  const int flags = mode == Open::Create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY;
  const int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
  try {
    check(rc, "cannot open it");
    sqlite3_busy_timeout(db_, 10000);
    // A query may run long inside one step (a join of the whole table with itself): SQLite asks
    // this every few thousand instructions, and stops with SQLITE_INTERRUPT on Ctrl-C or the
    // deadline; run() then raises the engine's Interrupted.
    sqlite3_progress_handler(
        db_, 10000, [](void*) { return runtime::stop_due() ? 1 : 0; }, nullptr);
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
      throw runtime::UserError("--db " + path + ": an SQLite database but not a grundy atlas (" +
                               (list.empty() ? std::string("no tables") : "its tables: " + list) +
                               "); it was left as it was");
    }
    if (schema != std::to_string(kSchemaVersion))
      throw runtime::UserError("--db " + path + ": an atlas of schema " + schema + "; this grundy reads schema " +
                               std::to_string(kSchemaVersion) + "; it was left as it was");
    // A write-ahead log, synced at checkpoints: a commit is a write to the log, not an fsync
    // (11620 games took 32 s, mostly in fsync, and 3 s so). A killed process loses nothing
    // committed; a power cut may lose the last commits, never the file's consistency.
    if (writes_) {
      exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL");
      claim_writer();
    }
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

namespace {

// "host:pid" of this process: who is writing an atlas.
std::string this_writer() {
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  return std::string(host) + ":" + std::to_string(getpid());
}

// Whether the writer `who` (this_writer() of some process) may still be running: on this host,
// whether its process exists; on another, it may.
bool may_be_running(const std::string& who) {
  const std::string mine = this_writer();
  const auto colon = who.rfind(':'), my_colon = mine.rfind(':');
  if (colon == std::string::npos || who.substr(0, colon) != mine.substr(0, my_colon)) return true;
  const long pid = std::strtol(who.c_str() + colon + 1, nullptr, 10);
  return pid > 0 && (kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM);
}

}  // namespace

// Two runs writing one atlas would both sweep the games it lacks and record them twice: the
// second is refused up front. A run that died without releasing its claim (killed) is seen to
// be gone, and its claim is taken over.
void Db::claim_writer() {
  exec("BEGIN IMMEDIATE");
  try {
    std::string other;
    query("SELECT value FROM meta WHERE key = 'writer'", [&](const auto& row) { other = row[0].value_or(""); });
    if (!other.empty() && other != this_writer() && may_be_running(other))
      throw runtime::UserError("--db " + path_ + ": another `grundy atlas run` (process " + other +
                               ") is writing this atlas; run one at a time, or wait for it to end");
    run("INSERT OR REPLACE INTO meta VALUES ('writer', ?)", "cannot claim it", [](const auto&) {}, false,
        {this_writer()});
    exec("COMMIT");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

Db::~Db() {
  if (writes_) {
    // The claim goes; then the log is folded into the file (waiting, within the busy timeout, for
    // readers in the middle of a read), so that the file alone holds every game even when a
    // reader still has it open; and back to a rollback journal, which only works when no other
    // connection is open (it fails quietly then: the file is whole either way).
    const std::string release = "DELETE FROM meta WHERE key = 'writer' AND value = '" + this_writer() + "'";
    sqlite3_exec(db_, release.c_str(), nullptr, nullptr, nullptr);
    sqlite3_exec(db_, "PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr);
    sqlite3_exec(db_, "PRAGMA journal_mode = DELETE", nullptr, nullptr, nullptr);
  }
  sqlite3_close(db_);
}

std::set<std::string> Db::specs() const {
  std::set<std::string> out;
  query("SELECT spec FROM games", [&](const auto& row) { out.insert(*row[0]); });
  return out;
}

std::set<std::string> Db::unproven_below(std::int64_t search) const {
  std::set<std::string> out;
  query("SELECT spec FROM games WHERE status = 'ok' AND proven = 0 AND search < ?", {search},
        [&](const auto& row) { out.insert(*row[0]); });
  return out;
}

void Db::insert(const Record& r, bool replace) {
  Statement st;
  const std::string sql =
      std::string(replace ? "INSERT OR REPLACE" : "INSERT") +
      " INTO games (spec, family, base, passes, pass_from_terminal, misere, status, error, "
      "box, digest, p_positions, p_digest, value_formula, ppos_formula, prefix, zeros, preperiod, period, "
      "saltus, proven, search, reverse_mex, reverse_mex_from, ns, quotient_heaps, quotient_20, quotient_40, "
      "quotient_stable, seconds) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  check(sqlite3_prepare_v2(db_, sql.c_str(), -1, &st.s, nullptr), "cannot record " + r.game.spec);
  int i = 0;
  // Each bound in column order; an empty text or an absent number is NULL.
  auto text = [&](const std::string& v) {
    if (v.empty())
      sqlite3_bind_null(st.s, ++i);
    else
      sqlite3_bind_text(st.s, ++i, v.c_str(), -1, SQLITE_TRANSIENT);
  };
  auto number = [&](const std::optional<std::int64_t>& v) {
    if (v)
      sqlite3_bind_int64(st.s, ++i, *v);
    else
      sqlite3_bind_null(st.s, ++i);
  };
  text(r.game.spec);
  text(r.game.family);
  text(r.game.base);
  number(r.game.passes);
  number(r.game.pass_from_terminal ? 1 : 0);
  number(r.game.misere ? 1 : 0);
  text(r.ok ? "ok" : "error");
  text(r.ok ? "" : r.error);
  text(r.box);
  text(r.digest);
  number(r.ok ? std::optional<std::int64_t>(r.p_positions) : std::nullopt);
  text(r.p_digest);
  text(r.value_formula);
  text(r.ppos_formula);
  text(r.prefix);
  text(r.zeros);
  number(r.preperiod);
  number(r.period);
  number(r.saltus);
  number(r.proven ? 1 : 0);
  number(r.search);
  number(r.reverse_mex ? std::optional<std::int64_t>(*r.reverse_mex ? 1 : 0) : std::nullopt);
  number(r.reverse_mex_from);
  number(r.ns ? std::optional<std::int64_t>(*r.ns ? 1 : 0) : std::nullopt);
  number(r.quotient_heaps);
  number(r.quotient_20);
  number(r.quotient_40);
  number(r.quotient_stable ? std::optional<std::int64_t>(*r.quotient_stable ? 1 : 0) : std::nullopt);
  sqlite3_bind_double(st.s, ++i, r.seconds);
  // One statement outside BEGIN .. COMMIT is a transaction of its own (SQLite's autocommit).
  check(sqlite3_step(st.s), "cannot record " + r.game.spec);
}

std::vector<std::string> Db::query(const std::string& sql, const RowFn& row) const {
  return run(sql, "in the query", row, true);
}

std::vector<std::string> Db::query(const std::string& sql, const std::vector<Param>& params, const RowFn& row) const {
  return run(sql, "in the query", row, true, params);
}

void Db::query(const std::string& sql, const RowFn& row, const ColumnsFn& columns) const {
  run(sql, "in the query", row, true, {}, columns);
}

std::vector<std::string> Db::run(const std::string& sql, const std::string& what, const RowFn& row, bool only_reads,
                                 const std::vector<Param>& params, const ColumnsFn& on_columns) const {
  Statement st;
  const char* tail = nullptr;
  check(sqlite3_prepare_v2(db_, sql.c_str(), static_cast<int>(sql.size()), &st.s, &tail), what);
  if (st.s == nullptr) throw runtime::UserError("atlas query: no SQL statement in '" + sql.substr(0, 60) + "'");
  if (tail != nullptr && std::string_view(tail).find_first_not_of(" \t\r\n;") != std::string_view::npos)
    throw runtime::UserError("atlas query: one SQL statement at a time (more after '" +
                             sql.substr(0, static_cast<std::size_t>(tail - sql.c_str())).substr(0, 60) + "')");
  if (only_reads && !sqlite3_stmt_readonly(st.s))
    throw runtime::UserError("atlas query: only statements that read (SELECT); the atlas is written by `atlas run`");
  if (static_cast<int>(params.size()) != sqlite3_bind_parameter_count(st.s))
    throw runtime::EngineError("atlas query: " + std::to_string(params.size()) + " parameters for " +
                               std::to_string(sqlite3_bind_parameter_count(st.s)) + " placeholders");
  for (std::size_t i = 0; i < params.size(); ++i) {
    const int at = static_cast<int>(i) + 1;
    if (const auto* n = std::get_if<std::int64_t>(&params[i]))
      check(sqlite3_bind_int64(st.s, at, *n), what);
    else
      check(sqlite3_bind_text(st.s, at, std::get<std::string>(params[i]).c_str(), -1, SQLITE_TRANSIENT), what);
  }
  const int n = sqlite3_column_count(st.s);
  std::vector<std::string> columns;
  for (int i = 0; i < n; ++i) columns.emplace_back(sqlite3_column_name(st.s, i));
  if (on_columns) on_columns(columns);
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
  if (rc == SQLITE_INTERRUPT) runtime::poll_stop();
  check(rc, what);
  return columns;
}

const std::vector<Report>& reports() {
  static const std::vector<Report> all = {
      {"pass-effect",
       "for each family, play, count of passes and convention: the games, how many of them have another "
       "period, preperiod, P-positions (on the box) or P-position formula than the game without passes, and "
       "of those whose reverse-mex property holds without passes, how many keep it",
       "SELECT g.family, g.misere, g.passes, g.pass_from_terminal, COUNT(*) AS games, "
       "SUM(g.period IS NOT b.period) AS period_changed, SUM(g.preperiod IS NOT b.preperiod) AS preperiod_changed, "
       "SUM(g.p_digest IS NOT b.p_digest) AS p_positions_changed, "
       "SUM(g.ppos_formula IS NOT b.ppos_formula) AS ppos_formula_changed, "
       "SUM(b.reverse_mex = 1) AS reverse_mex_before, SUM(b.reverse_mex = 1 AND g.reverse_mex = 1) AS "
       "reverse_mex_kept, "
       "SUM(b.reverse_mex_from IS NOT NULL) AS eventually_before, "
       "SUM(b.reverse_mex_from IS NOT NULL AND g.reverse_mex_from IS NOT NULL) AS eventually_kept "
       "FROM games g JOIN games b ON b.base = g.base AND b.passes = 0 "
       "WHERE g.passes > 0 AND g.status = 'ok' AND b.status = 'ok' "
       "GROUP BY g.family, g.misere, g.passes, g.pass_from_terminal "
       "ORDER BY g.family, g.misere, g.passes, g.pass_from_terminal"},
      {"longest-periods", "the 20 games with the longest periods",
       "SELECT spec, preperiod, period, proven FROM games WHERE period IS NOT NULL "
       "ORDER BY period DESC, preperiod DESC, spec LIMIT 20"},
      {"quotients",
       "the take-and-break games by the order of their misère quotient on heaps 0..39 (smallest first), then "
       "those whose quotient outgrew the memory before heap 39 (how far it got)",
       "SELECT spec, quotient_heaps, quotient_20, quotient_40, quotient_stable FROM games "
       "WHERE quotient_heaps IS NOT NULL ORDER BY quotient_40 IS NULL, quotient_40, quotient_heaps DESC, spec"},
      {"unproven", "the one-heap games whose period search proved no period, and the games that failed",
       "SELECT spec, status, error, preperiod, period, search FROM games "
       "WHERE status = 'error' OR (proven = 0 AND search IS NOT NULL) ORDER BY spec"},
  };
  return all;
}

}  // namespace grundy::atlas
