#include <iostream>

#include "cli/game_options.hpp"
#include "figures/heatmap.hpp"
#include "io/npy.hpp"
#include "runtime/progress.hpp"
#include "service/seq.hpp"

namespace grundy::cli {

namespace {

// `grundy seq` in format f (figures drawn in `style`).
void write_seq(std::ostream& out, const service::Subject& o, io::Format f, std::int64_t size, std::int64_t search,
               const pipeline::TableFiles& files, const figures::FigureStyle& style, const runtime::Limits& limits) {
  const core::Game& game = o.game;
  const service::SeqResult r = service::seq(o, size, search, files, limits);
  const auto& per = r.period;
  const bool grundy = o.eval == core::Evaluation::Grundy;
  if (f == io::Format::Json) {
    service::write_seq_json(out, game.name(), size, r);
    return;
  }
  if (io::is_figure(f)) {  // a strip along x, a row a pass layer, the period marked
    figures::Strip strip;
    strip.title = io::evaluation_title(game.name(), o.eval);
    const auto names = game.coordinate_names();
    strip.axis = names[0];
    strip.layer_axis = names.size() > 1 ? names[1] : "p";
    strip.eval = o.eval;
    strip.layers = r.layers;
    if (per.found && per.saltus == 0) strip.period = figures::Strip::Period{per.preperiod, per.period, per.proven};
    figures::write_figure(out, f, strip, style);
    return;
  }
  if (f == io::Format::Bfile) {  // OEIS: n a(n) per line
    if (r.layers.size() > 1)
      throw runtime::UserError("--format bfile writes one sequence; this game has " + std::to_string(r.layers.size()) +
                               " pass layers (use csv or json)");
    io::write_bfile(out, game.name(), o.eval, size, [&](std::int64_t x) {
      return std::optional(std::make_pair(x, r.layers[0][static_cast<std::size_t>(x)]));
    });
    return;
  }
  if (f == io::Format::Npy) {  // one heap: a vector of N values; with passes: (K + 1) x N, row p
    const auto n = static_cast<std::uint64_t>(size);
    io::write_npy_values(out, r.layers.size() > 1 ? static_cast<std::int64_t>(r.layers.size()) : size,
                         r.layers.size() > 1 ? size : -1, o.eval,
                         [&](std::uint64_t i) { return r.layers[i / n][i % n]; });
    return;
  }
  if (f == io::Format::Csv) {
    out << "x" << (r.layers.size() > 1 ? ",p" : "") << (grundy ? ",grundy" : ",outcome") << "\n";
    runtime::StopPoll poll;
    for (std::int64_t x = 0; x < size; ++x)
      for (std::size_t p = 0; p < r.layers.size(); ++p) {
        poll();
        out << x;
        if (r.layers.size() > 1) out << "," << p;
        out << "," << io::value_text(r.layers[p][static_cast<std::size_t>(x)], o.eval) << "\n";
      }
    return;
  }
  out << game.name() << ": " << (grundy ? "G" : "outcome") << " for x = 0.." << size - 1 << "\n";
  for (std::size_t p = 0; p < r.layers.size(); ++p) {
    out << (r.layers.size() > 1 ? "p = " + std::to_string(p) + ": " : std::string());
    runtime::StopPoll poll;
    for (std::size_t x = 0; x < r.layers[p].size(); ++x) {
      poll();
      out << (x ? " " : "") << io::value_text(r.layers[p][x], o.eval);
    }
    out << "\n";
  }
  if (per.found)
    out << (per.proven ? "proven" : "observed") << ": preperiod " << per.preperiod << ", period " << per.period
        << ", saltus " << per.saltus << "\n";
  else
    out << "no period\n";
  out << "  " << r.why << "\n";
}

}  // namespace

void add_seq_command(CLI::App& app) {
  static GameOptions o;
  static std::int64_t size = 0, search = 0;  // 0: the game's default
  static pipeline::TableFiles files;
  auto* cmd = app.add_subcommand("seq", "the value sequence of a one-heap game, with its preperiod, period and saltus");
  add_game_options(cmd, o,
                   {io::Format::Text, io::Format::Csv, io::Format::Json, io::Format::Npy, io::Format::Bfile,
                    io::Format::Png, io::Format::Svg, io::Format::Pdf, io::Format::Tikz});
  cmd->add_option("--size", size, "show x = 0..N-1, N from 1 to 2^30")
      ->type_name("N")
      ->required()
      ->each(int_in("--size", 1, std::int64_t{1} << 30));
  cmd->add_option("--search", search,
                  "subtraction and take-and-break (octal) games: search the proven period up to this heap size, from "
                  "1 to 2^40 (default 2^24; for octal games 2^20, whose sweep costs microseconds a heap size, and at "
                  "most about 10 s of it)")
      ->type_name("N")
      ->each(int_in("--search", 1, std::int64_t{1} << 40));
  cmd->add_option("--save", files.save,
                  "take-and-break games: also write every value swept to FILE (a table file), after each step of "
                  "the search, so an interrupted run keeps the last")
      ->type_name("FILE")
      ->each(file_path("--save"));
  cmd->add_option("--load", files.load,
                  "take-and-break games: start from the values in FILE (written by --save) and sweep on from there")
      ->type_name("FILE")
      ->each(file_path("--load"));
  cmd->footer(
      "Example: grundy seq subtraction -p set=2,12,14 --pass --size 100\n"
      "Subtraction games (with or without passes) get a proven period: once max(S) consecutive heap sizes\n"
      "repeat, everything after them does. Take-and-break games (octal) get one by the octal periodicity\n"
      "theorem: grundy seq octal -p code=0.137 --size 100 proves period 34 after preperiod 52.\n"
      "Other one-heap games get the period observed up to N.\n"
      "Example: grundy seq octal -p code=0.77 --size 120 --out kayles.pdf   (a strip with the period marked)");
  on_run(cmd, o.limit, [](const runtime::Limits& limits) {
    with_output(o.output, [&](std::ostream& out) {
      write_seq(out, o.subject(), o.output_format(), size, search, files, o.output.figure, limits);
    });
  });
}

}  // namespace grundy::cli
