// grundy atlas run | query | report (issue 19): a family of games swept into an SQLite atlas
// (src/atlas/atlas.hpp), and questions asked of it.
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "atlas/atlas.hpp"
#include "cli/game_options.hpp"
#include "core/errors.hpp"
#include "core/job_queue.hpp"
#include "core/mpi.hpp"
#include "core/parse.hpp"
#include "core/threads.hpp"

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
  int max = 24, sizes = 3, threads = 0, digits = 3, piles = 3, d_max = 64, coefficients = 3, divisors = 4;
  std::int64_t search = atlas::kOctalSearch;
  std::string passes = "0,1,2";
  bool misere = false, redo = false;
  std::string max_memory;
  double max_seconds = 0;
};

// Collective under mpirun: rank 0 keeps the database, reads which games it holds and hands the
// others out as jobs; every rank must agree on that list, so rank 0 sends it round.
void run_atlas(std::ostream& out, const RunOptions& o) {
  std::vector<atlas::AtlasGame> all;
  std::string what;
  std::vector<int> passes;
  for (const std::int64_t k : core::parse_int_list(o.passes, "--passes", 0, 64)) passes.push_back(static_cast<int>(k));
  const std::string variants = "passes " + o.passes + (o.misere ? ", normal and misere play" : "");
  if (o.family == "subtraction") {
    all = atlas::subtraction_family(o.max, o.sizes, passes, o.misere);
    what = "sets of 1.." + std::to_string(o.sizes) + " moves in 1.." + std::to_string(o.max) + ", " + variants;
  } else if (o.family == "octal") {
    all = atlas::octal_family(o.digits);
    what = "codes of 1.." + std::to_string(o.digits) + " digits, periods searched to " + std::to_string(o.search);
  } else if (o.family == "fts") {
    all = atlas::fts_family(o.piles, o.d_max, passes, o.misere);
    what = std::to_string(o.piles) + " piles, d = 2.." + std::to_string(o.d_max) + ", " + variants;
  } else if (o.family == "chocolate") {
    all = atlas::chocolate_family(o.coefficients, o.divisors, passes, o.misere);
    what = "F = (a*x+b*z)/m, a, b in 0.." + std::to_string(o.coefficients) + ", m in 1.." + std::to_string(o.divisors) +
           ", " + variants;
  } else if (o.family == "leaper") {
    all = atlas::leaper_family(o.max, passes, o.misere);
    what = "(a,b)-leapers, 1 <= a < b <= " + std::to_string(o.max) + ", " + variants;
  } else {
    throw core::UserError("atlas run '" + o.family.substr(0, 40) +
                          "': allowed subtraction, octal, fts, chocolate, leaper");
  }
  // What one game's computation may hold; each thread computes one game at a time.
  const std::uint64_t memory =
      o.max_memory.empty() ? core::default_memory_limit() : core::parse_memory_size(o.max_memory);
  std::optional<atlas::Db> db;
  std::vector<std::uint64_t> todo;
  if (core::mpi::root()) {
    db.emplace(o.db, atlas::Db::Open::Create);
    std::set<std::string> have = db->specs();
    if (o.redo)
      for (const std::string& spec : db->unproven_below(o.search)) have.erase(spec);
    for (std::uint64_t i = 0; i < all.size(); ++i)
      if (!have.count(all[i].spec)) todo.push_back(i);
  }
  core::mpi::broadcast(todo);
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t errors = 0;
  // A stop keeps every game recorded before it: say so.
  try {
    core::run_jobs(
        todo.size(), [&](std::uint64_t i) { return atlas::to_text(atlas::compute(all[todo[i]], o.search, memory)); },
        [&](std::uint64_t i, const core::JobResult& r) {
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
        o.threads > 0 ? o.threads : core::solver_threads());
  } catch (const core::Interrupted& e) {
    throw core::kept_on_stop(
        e, "no --out file was written; the games swept before it are in --db " + o.db + "; a rerun goes on");
  }
  if (!core::mpi::root()) return;
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
  static OutputOptions run_output;
  auto* r = cmd->add_subcommand("run", "sweep a family into the atlas; a rerun goes on where the last one stopped");
  r->add_option("family", run.family, "the family: subtraction, octal, fts, chocolate or leaper")
      ->required()
      ->type_name("FAMILY");
  r->add_option("--db", run.db, "the atlas file (made if missing)")
      ->required()
      ->type_name("FILE")
      ->each(file_path("--db"));
  r->add_option("--max", run.max, "subtraction: moves from 1 to M; leaper: the (a,b)-leapers with b <= M")
      ->capture_default_str()
      ->check(CLI::Range(1, 64))
      ->type_name("M");
  r->add_option("--sizes", run.sizes, "subtraction: sets of 1 to K moves")
      ->capture_default_str()
      ->check(CLI::Range(1, 6))
      ->type_name("K");
  r->add_option("--passes", run.passes,
                "every family but octal: counts of passes (0: none); each K > 0 with and without --pass-from-terminal")
      ->capture_default_str()
      ->type_name("LIST");
  r->add_flag("--misere", run.misere, "every family but octal: every game in misere play too");
  r->add_option("--piles", run.piles, "fts: piles")->capture_default_str()->check(CLI::Range(1, 3))->type_name("N");
  r->add_option("--d-max", run.d_max, "fts: d = 2 .. D (the multiples of d are forbidden totals)")
      ->capture_default_str()
      ->check(CLI::Range(2, 1024))
      ->type_name("D");
  r->add_option("--coefficients", run.coefficients, "chocolate: F = (a*x+b*z)/m with a, b = 0 .. C")
      ->capture_default_str()
      ->check(CLI::Range(1, 16))
      ->type_name("C");
  r->add_option("--divisors", run.divisors, "chocolate: m = 1 .. M")
      ->capture_default_str()
      ->check(CLI::Range(1, 16))
      ->type_name("M");
  r->add_option("--digits", run.digits, "octal: codes of 1 to D digits after 0.")
      ->capture_default_str()
      ->check(CLI::Range(1, 4))
      ->type_name("D");
  r->add_option("--search", run.search, "octal: heap sizes a period search sweeps, at most")
      ->capture_default_str()
      ->check(CLI::Range(std::int64_t{1024}, std::int64_t{1} << 30))
      ->type_name("N");
  r->add_flag("--redo-unproven", run.redo,
              "sweep again the games recorded without a proven period whose search was smaller than --search");
  r->add_option("--threads", run.threads, "games computed at once outside mpirun (default: every core)")
      ->check(CLI::Range(1, 1024))
      ->type_name("N");
  add_max_memory_option(r, run.max_memory);
  add_max_seconds_option(r, run.max_seconds);
  add_output_options(r, run_output, {io::Format::Text});
  r->callback([] { with_output(run_output, [](std::ostream& out) { run_atlas(out, run); }); });

  static std::string query_db, sql;
  static OutputOptions query_output;
  static double query_seconds = 0, report_seconds = 0;
  auto* q = cmd->add_subcommand("query", "print the rows of one SQL statement that reads the atlas");
  q->add_option("sql", sql, "the statement, e.g. 'SELECT spec, period FROM games'")->required()->type_name("SQL");
  q->add_option("--db", query_db, "the atlas file")->required()->type_name("FILE");
  add_output_options(q, query_output, kRowFormats);
  add_max_seconds_option(q, query_seconds);
  q->callback([] { print_rows(query_output, query_db, sql); });

  static std::string report_db, report_name;
  static OutputOptions report_output;
  std::string names;
  for (const auto& rep : atlas::reports()) names += (names.empty() ? "" : ", ") + rep.name;
  auto* p = cmd->add_subcommand("report", "a ready-made question: " + names);
  p->add_option("name", report_name, names)->required()->type_name("NAME");
  p->add_option("--db", report_db, "the atlas file")->required()->type_name("FILE");
  add_output_options(p, report_output, kRowFormats);
  add_max_seconds_option(p, report_seconds);
  p->callback([names] {
    const atlas::Report* chosen = nullptr;
    for (const auto& rep : atlas::reports())
      if (rep.name == report_name) chosen = &rep;
    if (!chosen) throw core::UserError("atlas report '" + report_name.substr(0, 40) + "': allowed " + names);
    print_rows(report_output, report_db, chosen->sql);
  });
}

}  // namespace grundy::cli
