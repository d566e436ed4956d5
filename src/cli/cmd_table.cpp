#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>

#include "cli/game_options.hpp"
#include "pipeline/table_box.hpp"
#include "core/parse.hpp"
#include "core/solve.hpp"
#include "io/latex.hpp"
#include "io/table_file.hpp"

namespace grundy::cli {

namespace {

const pipeline::FixSyntax kFixFlag{"--fix", std::int64_t{1} << 40};

// The pass counter's K for the table box: 1 for --pass, K for --passes K, 0 without a pass.
int table_passes(const GameOptions& o) { return o.pass ? 1 : o.passes; }

struct FileOptions {
  std::string save, load;
};

// Solves the box, or reads it from --load (after checking the file covers it); saves with --save.
core::DenseTable solve_or_load(const core::Game& game, const core::Box& box, core::Evaluation eval,
                               const GameOptions& o, const FileOptions& files) {
  core::DenseTable table;
  if (files.load.empty()) {
    table = core::solve_guarded(game, box, eval, o.memory_limit());
  } else {
    table = io::load_table(files.load, game.name(), eval);
    bool covers = table.box.arity() == box.arity();
    for (int i = 0; covers && i < box.arity(); ++i) covers = table.box.extent(i) >= box.extent(i);
    if (!covers)
      throw core::UserError("--load " + files.load + ": its box " + table.box.to_string() + " does not cover the requested " +
                            box.to_string());
  }
  if (!files.save.empty()) io::save_table(files.save, table, game.name());
  return table;
}

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
  std::ofstream file(draw.out, std::ios::binary);
  if (!file) throw core::UserError("--out " + draw.out + ": cannot open for writing: " + std::strerror(errno));
  write(file);
  file.close();
  if (!file) throw core::UserError("--out " + draw.out + ": write failed: " + std::strerror(errno));
}

void run_table(const GameOptions& o, std::int64_t size, const std::vector<std::string>& fixes, const FileOptions& files,
               const DrawOptions& draw) {
  const core::Game game = o.game();
  const io::Format f = io::parse_table_format(o.format);
  io::parse_latex_mark(draw.mark_p);
  pipeline::TableBox req = pipeline::make_table_box(game, table_passes(o), size, fixes, kFixFlag);
  const std::vector<int> free = pipeline::table_axes(game, table_passes(o), req, kFixFlag);
  const auto names = game.coordinate_names();
  const int n = game.arity();
  core::Position base(n);
  for (int i = 0; i < n; ++i) base[i] = std::max<std::int64_t>(req.pinned[i], 0);
  const core::DenseTable table = solve_or_load(game, req.box, o.evaluation(), o, files);
  const int row = free[0], col = free.size() > 1 ? free[1] : -1;
  const io::Grid grid = io::make_grid(table, game.name(), names, base, row, col, req.box.extent(row),
                                      col >= 0 ? req.box.extent(col) : 1);
  write_table(grid, f, draw);
}

void run_ppos(const GameOptions& o, std::int64_t size, const FileOptions& files) {
  const core::Game game = o.game();
  const io::Format f = o.output_format();
  const pipeline::TableBox req = pipeline::make_table_box(game, table_passes(o), size, {}, kFixFlag);
  const core::Evaluation eval = o.misere ? core::Evaluation::MisereOutcome : core::Evaluation::NormalOutcome;
  const core::DenseTable table = solve_or_load(game, req.box, eval, o, files);
  std::vector<io::Cell> cells;
  core::Position p(req.box.arity());
  do {
    if (table.at(p) == 0) cells.push_back({p, 0});
  } while (req.box.next(p));
  if (f == io::Format::Text) {
    std::cout << cells.size() << " P-positions" << (o.misere ? " under misere play" : "") << " of " << game.name()
              << " in the box " << req.box.to_string() << "\n";
    for (const auto& c : cells) std::cout << "(" << core::to_string(c.pos) << ")\n";
    return;
  }
  io::write_cells(std::cout, f, game.name(), game.coordinate_names(), cells, eval);
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
  static FileOptions files;
  cmd->add_option("--save", files.save, "also write the solved box to FILE (binary table file)");
  cmd->add_option("--load", files.load, "read the solved box from FILE instead of computing it");
  cmd->get_option("--format")->description("text | csv | json | latex | png | svg (png, svg need --out)");
  static DrawOptions draw;
  cmd->add_option("--out", draw.out, "write to FILE instead of standard output (required for png, svg)");
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
  static FileOptions files;
  cmd->add_option("--save", files.save, "also write the solved box to FILE (binary table file)");
  cmd->add_option("--load", files.load, "read the solved box from FILE instead of computing it");
  cmd->footer("Example: grundy ppos nim -p heaps=3 --pass --size 8");
  cmd->callback([] { run_ppos(o, size, files); });
}

}  // namespace grundy::cli
