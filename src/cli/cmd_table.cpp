#include <iostream>

#include "cli/game_options.hpp"
#include "core/parse.hpp"
#include "core/progress.hpp"
#include "io/files.hpp"
#include "io/latex.hpp"
#include "pipeline/solve.hpp"
#include "pipeline/table_box.hpp"
#include "pipeline/table_slice.hpp"

namespace grundy::cli {

namespace {

const pipeline::FixSyntax kFixFlag{"--fix", std::int64_t{1} << 40};

// Where `table` writes: standard output, or --out FILE (required for the image formats).
struct DrawOptions {
  std::string out;
  std::string mark_p = "bold";
};

void write_table(const io::Grid& grid, io::Format f, const DrawOptions& draw) {
  const io::LatexMark mark = io::parse_latex_mark(draw.mark_p);
  if (draw.out.empty() && (f == io::Format::Png || f == io::Format::Svg))
    throw core::UserError(std::string("--format ") + (f == io::Format::Png ? "png" : "svg") + " draws an image: give --out FILE");
  auto write = [&](std::ostream& out) {
    if (f == io::Format::Latex)
      io::write_latex(out, grid, mark);
    else
      io::write_grid(out, f, grid);
  };
  if (draw.out.empty()) {
    write(std::cout);
    return;
  }
  io::AtomicFile file(draw.out, "--out");
  write(file.stream());
  file.commit();
}

void run_table(const GameOptions& o, std::int64_t size, const std::vector<std::string>& fixes, const pipeline::TableFiles& files,
               const DrawOptions& draw) {
  const core::Game game = o.game();
  const io::Format f = io::parse_table_format(o.format);
  io::parse_latex_mark(draw.mark_p);
  const io::Grid grid =
      pipeline::table_slice(game, {size, fixes, kFixFlag, o.evaluation(), o.memory_limit(), files, {}});
  write_table(grid, f, draw);
}

void run_ppos(const GameOptions& o, std::int64_t size, const pipeline::TableFiles& files) {
  const core::Game game = o.game();
  const io::Format f = o.output_format();
  const pipeline::TableBox req = pipeline::make_table_box(game, size, {}, kFixFlag);
  const core::Evaluation eval = o.misere ? core::Evaluation::MisereOutcome : core::Evaluation::NormalOutcome;
  const core::DenseTable table = pipeline::solve_table(game, req.box, eval, o.memory_limit(), files);
  // Streamed: a box holds up to billions of P-positions. The text heading counts them first.
  auto each_p = [&](auto&& visit) {
    core::Position p(req.box.arity());
    std::uint64_t k = 0;
    do {
      if (table.at(p) == 0) visit(p);
      if ((++k & 0xfffff) == 0) core::poll_stop();
    } while (req.box.next(p));
  };
  if (f == io::Format::Text) {
    std::uint64_t count = 0;
    each_p([&](const core::Position&) { ++count; });
    std::cout << count << " P-positions" << (o.misere ? " under misere play" : "") << " of " << game.name()
              << " in the box " << req.box.to_string() << "\n";
    std::string buf;
    each_p([&](const core::Position& p) {
      buf += "(" + core::to_string(p) + ")\n";
      if (buf.size() >= (1u << 16)) {
        std::cout << buf;
        buf.clear();
      }
    });
    std::cout << buf;
    return;
  }
  io::CellWriter w(std::cout, f, game.name(), game.coordinate_names(), eval);
  each_p([&](const core::Position& p) { w.add(p, 0); });
  w.finish();
}

}  // namespace

void add_table_command(CLI::App& app) {
  static GameOptions o;
  static std::int64_t size = 0;
  static std::vector<std::string> fixes;
  auto* cmd = app.add_subcommand("table", "2-D table of values (pin extra coordinates with --fix)");
  add_game_options(cmd, o);
  cmd->add_option("--size", size, "every coordinate runs over 0..N-1")->required()->each(int_in("--size", 1, std::int64_t{1} << 40));
  cmd->add_option("--fix", fixes, "pin coordinate c at value v (repeatable)")->allow_extra_args(false);
  static pipeline::TableFiles files;
  cmd->add_option("--save", files.save, "also write the solved box to FILE (binary table file)")->each(file_path("--save"));
  cmd->add_option("--load", files.load, "read the solved box from FILE instead of computing it")->each(file_path("--load"));
  cmd->get_option("--format")->description("text | csv | json | latex | png | svg (png, svg need --out)");
  static DrawOptions draw;
  cmd->add_option("--out", draw.out, "write to FILE instead of standard output (required for png, svg)")
      ->each(file_path("--out"));
  cmd->add_option("--mark-p", draw.mark_p, "latex: P-positions bold | shade | none")->capture_default_str();
  cmd->footer("Example: grundy table nim -p heaps=2 --pass --size 13   (Table 2 of the chocolate paper)\n"
              "Example: grundy table nim -p heaps=2 --size 64 --format png --out nim.png   (--format latex|png|svg too)");
  cmd->callback([] { run_table(o, size, fixes, files, draw); });
}

void add_ppos_command(CLI::App& app) {
  static GameOptions o;
  static std::int64_t size = 0;
  auto* cmd = app.add_subcommand("ppos", "the P-positions in the box 0..N-1 of every coordinate");
  add_game_options(cmd, o);
  cmd->add_option("--size", size, "every coordinate runs over 0..N-1")->required()->each(int_in("--size", 1, std::int64_t{1} << 40));
  static pipeline::TableFiles files;
  cmd->add_option("--save", files.save, "also write the solved box to FILE (binary table file)")->each(file_path("--save"));
  cmd->add_option("--load", files.load, "read the solved box from FILE instead of computing it")->each(file_path("--load"));
  cmd->footer("Example: grundy ppos nim -p heaps=3 --pass --size 8");
  cmd->callback([] { run_ppos(o, size, files); });
}

}  // namespace grundy::cli
