// grundy atlas run | query | report: a family of games swept into an SQLite atlas
// (src/atlas/atlas.hpp), and questions asked of it.
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "atlas/atlas.hpp"
#include "cli/game_options.hpp"
#include "core/model/parse.hpp"
#include "dist/job_queue.hpp"
#include "dist/mpi.hpp"
#include "runtime/errors.hpp"
#include "runtime/threads.hpp"

namespace grundy::cli {

namespace {

const std::vector<io::Format> kRowFormats = {io::Format::Text, io::Format::Csv, io::Format::Json};

// The rows of a query: text is tab-separated with a header line (NULL empty), CSV the same
// with commas and quotes, JSON a list of objects (NULL null). Each row is written as SQLite
// hands it over: a query may have more rows than memory holds. The header waits for the first
// row (or the end): a query stopped before any row prints nothing.
void write_rows(std::ostream& out, io::Format f, atlas::Db& db, const std::string& sql) {
  const char sep = f == io::Format::Csv ? ',' : '\t';
  auto field = [&](const std::string& v) {
    if (f != io::Format::Csv || v.find_first_of(",\"\n") == std::string::npos) return v;
    std::string q = "\"";
    for (const char c : v) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  };
  std::vector<std::string> columns;
  bool first = true;
  const auto header = [&] {
    if (f == io::Format::Json) return;
    for (std::size_t i = 0; i < columns.size(); ++i) out << (i ? std::string(1, sep) : "") << field(columns[i]);
    out << "\n";
  };
  db.query(
      sql,
      [&](const auto& row) {
        if (first) header();
        if (f == io::Format::Json) {
          nlohmann::json o = nlohmann::json::object();
          for (std::size_t i = 0; i < columns.size(); ++i) o[columns[i]] = row[i] ? nlohmann::json(*row[i]) : nullptr;
          // As dump(1) of the whole array writes it: each object one level in.
          std::string indented = " ";
          for (const char c : o.dump(1)) indented += c == '\n' ? std::string("\n ") : std::string(1, c);
          out << (first ? "[\n" : ",\n") << indented;
        } else {
          for (std::size_t i = 0; i < row.size(); ++i)
            out << (i ? std::string(1, sep) : "") << field(row[i].value_or(""));
          out << "\n";
        }
        first = false;
      },
      [&](const std::vector<std::string>& names) { columns = names; });
  if (first) header();
  if (f == io::Format::Json) out << (first ? "[]\n" : "\n]\n");
}

// What `atlas query` and `atlas report` print: the rows of `sql` on the atlas `path`.
void print_rows(const OutputOptions& output, const std::string& path, const std::string& sql) {
  const io::Format f = output_format(output, kRowFormats);
  atlas::Db db(path);
  with_output(output, [&](std::ostream& out) { write_rows(out, f, db, sql); });
}

struct RunOptions {
  std::string family, db;
  // The options the families' sweeps read (games::AtlasSweep), by flag without its dashes.
  std::map<std::string, std::int64_t> family_options;
  int threads = 0;
  std::int64_t search = atlas::kOctalSearch;
  std::string passes = "0,1,2";
  bool misere = false, redo = false;
  LimitOptions limit;
};

// The families `atlas run` sweeps, as the registry lists them.
std::string atlas_families() {
  std::string names;
  for (const auto& f : games::families())
    if (f.atlas) names += (names.empty() ? "" : ", ") + f.name;
  return names;
}

// Collective under mpirun: rank 0 keeps the database, reads which games it holds and hands the
// others out as jobs; every rank must agree on that list, so rank 0 sends it round.
void run_atlas(std::ostream& out, const RunOptions& o, const runtime::Limits& limits) {
  std::vector<atlas::AtlasGame> all;
  std::string what;
  std::vector<int> passes;
  for (const std::int64_t k : core::parse_int_list(o.passes, "--passes", 0, 64)) passes.push_back(static_cast<int>(k));
  const games::Family* family = nullptr;
  for (const auto& f : games::families())
    if (f.atlas && f.name == o.family) family = &f;
  if (!family) throw runtime::UserError("atlas run '" + o.family.substr(0, 40) + "': allowed " + atlas_families());
  all = atlas::family_games(*family, o.family_options, passes, o.misere);
  what = family->atlas->describe(o.family_options);
  if (family->atlas->variants) what += ", passes " + o.passes + (o.misere ? ", normal and misere play" : "");
  if (family->octal) what += ", periods searched to " + std::to_string(o.search);
  // What one game's computation may hold; each thread computes one game at a time.
  const std::uint64_t memory = limits.memory;
  const runtime::World& world = limits.world;
  std::optional<atlas::Db> db;
  std::vector<std::uint64_t> todo;
  if (world.root()) {
    db.emplace(o.db, atlas::Db::Open::Create);
    std::set<std::string> have = db->specs();
    if (o.redo)
      for (const std::string& spec : db->unproven_below(o.search)) have.erase(spec);
    for (std::uint64_t i = 0; i < all.size(); ++i)
      if (!have.count(all[i].spec)) todo.push_back(i);
  }
  dist::broadcast(world, todo);
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t errors = 0;
  // A stop keeps every game recorded before it: say so.
  try {
    dist::run_jobs(
        world, todo.size(),
        [&](std::uint64_t i) { return atlas::to_text(atlas::compute(all[todo[i]], o.search, memory)); },
        [&](std::uint64_t i, const dist::JobResult& r) {
          const atlas::AtlasGame& game = all[todo[i]];
          atlas::Record record;
          if (r.ok) {
            record = atlas::from_text(game, r.text);
          } else {
            record.game = game;
            record.ok = false;
            record.error = r.text;
            ++errors;
          }
          db->insert(record, o.redo);
        },
        o.threads > 0 ? o.threads : runtime::solver_threads());
  } catch (const runtime::Interrupted& e) {
    throw runtime::kept_on_stop(
        e, "no --out file was written; the games swept before it are in --db " + o.db + "; a rerun goes on");
  }
  if (!world.root()) return;
  out << o.db << ": " << all.size() << " games of " << o.family << " (" << what << "): " << todo.size() << " swept in "
      << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << " s, "
      << all.size() - todo.size() << " already there; " << errors << " failed\n";
}

}  // namespace

void add_atlas_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("atlas", "sweep whole families of games into an SQLite atlas, and query it");
  cmd->require_subcommand(1);
  cmd->footer(
      "The schema: src/atlas/atlas.hpp. Examples:\n"
      "  grundy atlas run subtraction --max 24 --sizes 3 --passes 0,1,2 --db atlas.sqlite\n"
      "  grundy atlas run octal --digits 3 --db atlas.sqlite\n"
      "  grundy atlas run fts --piles 3 --d-max 64 --passes 0,1 --db atlas.sqlite\n"
      "  grundy atlas run chocolate --coefficients 3 --divisors 4 --passes 0,1 --db atlas.sqlite\n"
      "  grundy atlas run leaper --max 6 --passes 0,1 --db atlas.sqlite\n"
      "  grundy atlas query --db atlas.sqlite 'SELECT spec, period FROM games WHERE passes = 0 AND period > 20'\n"
      "  grundy atlas report pass-effect --db atlas.sqlite");

  static RunOptions run;
  // Each option the families' sweeps read, once, its help gathered from every family that reads
  // it ("subtraction: ...; leaper: ..."); every family that reads one gives it the same default.
  struct Declared {
    std::string help;
    std::int64_t min, max;
  };
  std::map<std::string, Declared> declared;
  std::vector<std::string> order;
  for (const auto& f : games::families()) {
    if (!f.atlas) continue;
    for (const games::AtlasOption& a : f.atlas->options) {
      auto [it, fresh] = declared.emplace(a.flag, Declared{a.help, a.min, a.max});
      if (fresh) {
        order.push_back(a.flag);
        run.family_options[a.flag] = a.default_value;
        continue;
      }
      it->second.help += "; " + a.help;
      it->second.min = std::min(it->second.min, a.min);
      it->second.max = std::max(it->second.max, a.max);
    }
  }
  static OutputOptions run_output;
  auto* r = cmd->add_subcommand("run", "sweep a family into the atlas; a rerun goes on where the last one stopped");
  declare_collective(r);
  r->add_option("family", run.family, "the family: " + atlas_families())->required()->type_name("FAMILY");
  r->add_option("--db", run.db, "the atlas file (made if missing)")
      ->required()
      ->type_name("FILE")
      ->each(file_path("--db"));
  for (const std::string& flag : order) {
    const Declared& d = declared.at(flag);
    r->add_option("--" + flag, run.family_options.at(flag), d.help)
        ->capture_default_str()
        ->check(CLI::Range(d.min, d.max))
        ->type_name("N");
  }
  r->add_option("--passes", run.passes,
                "every family but octal: counts of passes (0: none); each K > 0 with and without --pass-from-terminal")
      ->capture_default_str()
      ->type_name("LIST");
  r->add_flag("--misere", run.misere, "every family but octal: every game in misere play too");
  r->add_option("--search", run.search, "octal: heap sizes a period search sweeps, at most")
      ->capture_default_str()
      ->check(CLI::Range(std::int64_t{1024}, std::int64_t{1} << 30))
      ->type_name("N");
  r->add_flag("--redo-unproven", run.redo,
              "sweep again the games recorded without a proven period whose search was smaller than --search");
  r->add_option("--threads", run.threads, "games computed at once outside mpirun (default: every core)")
      ->check(CLI::Range(1, 1024))
      ->type_name("N");
  add_limit_options(r, run.limit);
  add_output_options(r, run_output, {io::Format::Text});
  on_run(r, run.limit, [](const runtime::Limits& limits) {
    with_output(run_output, [&](std::ostream& out) { run_atlas(out, run, limits); });
  });

  static std::string query_db, sql;
  static OutputOptions query_output;
  static LimitOptions query_limit, report_limit;
  auto* q = cmd->add_subcommand("query", "print the rows of one SQL statement that reads the atlas");
  q->add_option("sql", sql, "the statement, e.g. 'SELECT spec, period FROM games'")->required()->type_name("SQL");
  q->add_option("--db", query_db, "the atlas file")->required()->type_name("FILE");
  add_output_options(q, query_output, kRowFormats);
  add_limit_options(q, query_limit, false);
  on_run(q, query_limit, [](const runtime::Limits&) { print_rows(query_output, query_db, sql); });

  static std::string report_db, report_name;
  static OutputOptions report_output;
  std::string names;
  for (const auto& rep : atlas::reports()) names += (names.empty() ? "" : ", ") + rep.name;
  auto* p = cmd->add_subcommand("report", "a ready-made question: " + names);
  p->add_option("name", report_name, names)->required()->type_name("NAME");
  p->add_option("--db", report_db, "the atlas file")->required()->type_name("FILE");
  add_output_options(p, report_output, kRowFormats);
  add_limit_options(p, report_limit, false);
  on_run(p, report_limit, [names](const runtime::Limits&) {
    const atlas::Report* chosen = nullptr;
    for (const auto& rep : atlas::reports())
      if (rep.name == report_name) chosen = &rep;
    if (!chosen) throw runtime::UserError("atlas report '" + report_name.substr(0, 40) + "': allowed " + names);
    print_rows(report_output, report_db, chosen->sql);
  });
}

}  // namespace grundy::cli
