#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "analysis/periodicity.hpp"
#include "cli/game_options.hpp"
#include "figures/heatmap.hpp"
#include "io/latex.hpp"
#include "io/npy.hpp"
#include "io/table_file.hpp"
#include "pipeline/distributed.hpp"
#include "pipeline/ppos.hpp"
#include "pipeline/solve.hpp"
#include "pipeline/table_slice.hpp"
#include "runtime/progress.hpp"
#include "service/table.hpp"

namespace grundy::cli {

namespace {

const pipeline::FixSyntax kFixFlag{"--fix", std::int64_t{1} << 40};
const std::vector<io::Format> kTableFormats = {io::Format::Text, io::Format::Csv,  io::Format::Json, io::Format::Latex,
                                               io::Format::Png,  io::Format::Svg,  io::Format::Pdf,  io::Format::Tikz,
                                               io::Format::Npy,  io::Format::Bfile};
const std::vector<io::Format> kPposFormats = {io::Format::Text, io::Format::Csv, io::Format::Json, io::Format::Npy};

// What table and ppos share: the box (--size, --fix) and the table files.
struct BoxOptions {
  std::string size;
  std::vector<std::string> fixes;
  pipeline::TableFiles files;
};

void add_box_options(CLI::App* cmd, BoxOptions& b) {
  add_size_option(cmd, b.size);
  cmd->add_option("--fix", b.fixes, "pin coordinate c at value v (repeatable)")
      ->type_name("c=v")
      ->allow_extra_args(false);
  cmd->add_option("--save", b.files.save, "also write the solved table to FILE (binary table file)")
      ->type_name("FILE")
      ->each(file_path("--save"));
  cmd->add_option("--load", b.files.load, "read the solved table from FILE instead of computing it")
      ->type_name("FILE")
      ->each(file_path("--load"));
}

// What `table --save` prints when it saves a whole box rather than showing a table: where the
// values went and what they are, and whether the ranks of an MPI job swept it.
void write_saved_summary(std::ostream& out, io::Format f, const std::string& game, const std::string& file,
                         const pipeline::DistributedTable& t, bool distributed) {
  if (f == io::Format::Json) {
    out << nlohmann::json{{"game", game},
                          {"box", t.box.to_string()},
                          {"file", file},
                          {"cells", t.box.count()},
                          {"zeros", t.zeros},
                          {"max", t.max},
                          {"route", t.route},
                          {"ranks", t.ranks},
                          {"rank_bytes", t.rank_bytes},
                          {"bytes_sent", t.bytes_sent},
                          {"sweep_seconds", t.sweep_seconds},
                          {"write_seconds", t.write_seconds},
                          {"parts", t.parts}}
               .dump()
        << "\n";
    return;
  }
  out << game << " over " << t.box.to_string() << ": " << t.box.count() << " values up to " << t.max << ", " << t.zeros
      << " of them 0, written to " << file
      << (t.parts > 0 ? " and its " + std::to_string(t.parts) + " parts" : std::string()) << " (" << t.route << " on "
      << t.ranks << (distributed ? " ranks" : " process") << "; estimate " << (distributed ? "per rank " : "")
      << (t.rank_bytes >> 20) << " MiB; "
      << (distributed ? "sets sent between ranks " + std::to_string(t.bytes_sent >> 20) + " MiB; " : std::string())
      << "swept in " << fmt::format("{:.2f}", t.sweep_seconds) << " s, written in "
      << fmt::format("{:.2f}", t.write_seconds) << " s)\n";
}

// Under mpirun: the ranks sweep the whole box by bands and rank 0 writes it to the --save file
// (pipeline/distributed.hpp), or each rank its part (--parts), then says what it wrote. Tables,
// figures and P-positions are drawn from that file afterwards, by one process (--load).
void run_table_distributed(const GameOptions& o, const BoxOptions& b, bool parts, const runtime::Limits& limits) {
  const io::Format f = o.output_format();
  if (b.files.save.empty() || !b.files.load.empty() || !b.fixes.empty() || o.misere ||
      (f != io::Format::Text && f != io::Format::Json))
    throw runtime::UserError(
        "under mpirun, table sweeps the Grundy values of the whole box into --save FILE and prints a summary (text "
        "or json; no --load, --fix or --misere); print or draw the table afterwards with `grundy table --load FILE`");
  const core::Game game = o.game();
  const pipeline::TableBox req =
      pipeline::make_table_box(game, pipeline::parse_size(b.size, "--size", kMaxSide), {}, kFixFlag);
  const pipeline::DistributedTable t = pipeline::save_distributed_table(game, req.box, limits, b.files.save, parts);
  with_output(o.output, [&](std::ostream& out) { write_saved_summary(out, f, game.name(), b.files.save, t, true); });
}

// One process, a box with more free coordinates than a table shows, no pins: the whole box
// solved into --save FILE with the summary the ranks of an MPI job print for the same command,
// so that `table --save` means one thing with and without mpirun.
void run_table_whole_box(const GameOptions& o, const BoxOptions& b, const runtime::Limits& limits) {
  const io::Format f = o.output_format();
  if (f != io::Format::Text && f != io::Format::Json)
    throw runtime::UserError(
        "table --save of a box with more than two free coordinates saves the whole box and prints a summary (text "
        "or json); print or draw slices of it afterwards with `grundy table --load FILE --fix c=v`");
  const core::Game game = o.game();
  const core::Box box = pipeline::size_box(game, pipeline::parse_size(b.size, "--size", kMaxSide));
  const auto start = std::chrono::steady_clock::now();
  const auto since = [](std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  const core::SolveRoute route = game.route(box, o.evaluation());
  const core::DenseTable table = pipeline::solve_table(game, box, o.evaluation(), limits.memory, {});
  pipeline::DistributedTable t;
  t.route = route.name;
  t.box = table.box;
  t.rank_bytes = route.bytes;
  t.sweep_seconds = since(start);
  const auto written = std::chrono::steady_clock::now();
  runtime::StopPoll poll;
  for (const core::Value v : table.values) {
    poll();
    if (v == core::kNoValue || v == core::kUnsolved) continue;
    t.zeros += v == 0;
    t.max = std::max(t.max, v);
  }
  io::save_table(b.files.save, table, game.name());
  t.write_seconds = since(written);
  with_output(o.output, [&](std::ostream& out) { write_saved_summary(out, f, game.name(), b.files.save, t, false); });
}

// More coordinates free than a table shows, once the pass counters are pinned at K.
bool more_than_a_table(const core::Game& game) {
  const auto ranges = game.coordinate_ranges();
  return std::count_if(ranges.begin(), ranges.end(), [](const core::CoordinateRange& r) { return !r.pass_counter; }) >
         2;
}

void run_table(const GameOptions& o, const BoxOptions& b, const std::string& mark_p, bool parts,
               const runtime::Limits& limits) {
  if (limits.world.distributed) return run_table_distributed(o, b, parts, limits);
  if (parts)
    throw runtime::UserError(
        "--parts: a table is saved in parts by the ranks of an MPI job (mpirun -np R grundy table "
        "... --save FILE --parts); one process writes one file");
  const core::Game game = o.game();
  if (!b.files.save.empty() && b.files.load.empty() && b.fixes.empty() && more_than_a_table(game))
    return run_table_whole_box(o, b, limits);
  const io::Format f = o.output_format();
  const io::LatexMark mark = io::parse_latex_mark(mark_p);
  const io::Grid grid = service::table(
      o.subject(), {pipeline::parse_size(b.size, "--size", kMaxSide), b.fixes, kFixFlag, b.files, {}}, limits);
  OutputSink sink(o.output);
  std::ostream& out = sink.stream();
  if (f == io::Format::Latex) {
    io::write_latex(out, grid, mark);
  } else if (f == io::Format::Csv && o.output.wide) {
    io::write_grid_wide_csv(out, grid);
  } else if (io::is_figure(f) && grid.col < 0) {
    // A sequence: its strip shows the period observed in it (seq proves periods).
    figures::Strip strip = figures::strip_of(grid);
    const analysis::Periodicity per = analysis::find_periodicity(strip.layers[0]);
    if (per.found && per.saltus == 0) strip.period = figures::Strip::Period{per.preperiod, per.period, false};
    figures::write_figure(out, f, strip, o.output.figure);
  } else {
    figures::write_grid(out, f, grid, o.output.figure);
  }
  sink.finish();
}

void run_ppos(const GameOptions& o, const BoxOptions& b, bool count_only, const runtime::Limits& limits) {
  const core::Game game = o.game();
  const io::Format f = o.output_format();
  const core::Evaluation eval = o.misere ? core::Evaluation::MisereOutcome : core::Evaluation::NormalOutcome;
  // Under mpirun every rank may solve the same table (a route without bands): rank 0 alone
  // writes its --save file, as it alone prints.
  pipeline::TableFiles files = b.files;
  if (limits.world.silent()) files.save.clear();
  const pipeline::PPositions ps = service::ppos(
      o.subject(), {pipeline::parse_size(b.size, "--size", kMaxSide), b.fixes, kFixFlag, files, {}}, limits);
  OutputSink sink(o.output);
  std::ostream& out = sink.stream();
  // Streamed: a box holds up to billions of P-positions. The text heading and the npy header
  // count them first.
  std::string pins;
  for (const std::string& fix : b.fixes) pins += ", " + fix;
  auto heading = [&] {
    out << ps.count() << " P-positions" << (o.misere ? " under misere play" : "") << " of " << game.name()
        << " in the box " << ps.box.to_string() << pins << "  (by the " << ps.route << ")\n";
  };
  if (count_only) {
    if (f == io::Format::Json)
      out << nlohmann::json{{"game", game.name()},
                            {"box", ps.box.to_string()},
                            {"count", ps.count()},
                            {"route", ps.route}}
                 .dump()
          << "\n";
    else
      heading();
  } else if (f == io::Format::Text) {
    heading();
    std::string buf;
    ps.for_each([&](const core::Position& p) {
      buf += '(';
      io::append_position(buf, p);
      buf += ")\n";
      if (buf.size() >= (1u << 16)) {
        out << buf;
        buf.clear();
      }
    });
    out << buf;
  } else if (f == io::Format::Npy) {
    std::int64_t max = 0;
    for (int i = 0; i < ps.box.arity(); ++i) max = std::max(max, ps.box.extent(i) - 1);
    io::write_npy_positions(out, ps.count(), ps.box.arity(), max, [&](const auto& visit) { ps.for_each(visit); });
  } else {
    io::CellWriter w(out, f, game.name(), game.coordinate_names(), eval, ps.route);
    ps.for_each([&](const core::Position& p) { w.add(p, 0); });
    w.finish();
  }
  sink.finish();
}

}  // namespace

void add_table_command(CLI::App& app) {
  static GameOptions o;
  static BoxOptions b;
  static std::string mark_p = "bold";
  static bool parts = false;
  auto* cmd = app.add_subcommand("table", "2-D table of values (pin extra coordinates with --fix)");
  declare_collective(cmd);
  add_game_options(cmd, o, kTableFormats, true);
  add_box_options(cmd, b);
  cmd->add_option("--mark-p", mark_p, "latex: P-positions bold, shade or none")->capture_default_str()->type_name("STYLE");
  cmd->add_flag("--parts", parts,
                "under mpirun: each rank writes its rows to FILE.part-K-of-R at once, and FILE indexes them "
                "(--load reads it)");
  cmd->footer(
      "Example: grundy table nim -p heaps=2 --pass --size 13   (Table 2 of Manabe, Miyadera, Suetsugu: Chocolate Games "
      "with a Pass)\n"
      "Example: grundy table nim -p heaps=2 --size 64 --out nim.png   (the format follows the extension)\n"
      "Example: grundy table nim -p heaps=2 --pass --size 13 --out t2.pdf --figure-width 8cm --labels on   (a paper's "
      "figure)\n"
      "Example: grundy table nim -p heaps=3 --size 64x256 --fix z=5 --format csv --wide   (a matrix)");
  on_run(cmd, o.limit, [](const runtime::Limits& limits) { run_table(o, b, mark_p, parts, limits); });
}

void add_ppos_command(CLI::App& app) {
  static GameOptions o;
  static BoxOptions b;
  static bool count_only = false;
  auto* cmd = app.add_subcommand("ppos", "the P-positions of a box, one per line");
  declare_collective(cmd);
  add_game_options(cmd, o, kPposFormats);
  add_box_options(cmd, b);
  cmd->add_flag("--count", count_only, "print only how many there are (text: the heading line; json: {\"count\": N})");
  cmd->footer(
      "Example: grundy ppos nim -p heaps=3 --pass --size 8\n"
      "Example: grundy ppos nim -p heaps=3 --pass --size 16384 --fix p=1 --out p.npy   (unique completion: seconds)\n"
      "--load also takes a table of Grundy values (its P-positions are the cells of value 0).\n"
      "Under mpirun the f grid of three-heap Nim with a pass is swept by the ranks, and rank 0 lists.");
  on_run(cmd, o.limit, [](const runtime::Limits& limits) { run_ppos(o, b, count_only, limits); });
}

}  // namespace grundy::cli
