#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/solve/dense_solver.hpp"

namespace grundy::io {

// Bfile: an OEIS b-file, "n a(n)" per line, for one-coordinate sequences of Grundy values.
// Png, Svg, Pdf and Tikz are figures, drawn by the figures library (figures/heatmap.hpp).
enum class Format { Text, Csv, Json, Latex, Png, Svg, Pdf, Tikz, Npy, Bfile };

// Whether `format` is a picture (png, svg, pdf, tikz).
bool is_figure(Format format);

// "text", "csv", "json", "latex", "png", "svg", "pdf", "tikz", "npy", "bfile".
const char* format_name(Format f);
const std::vector<Format>& all_formats();

// A format by its name; anything else is a UserError naming --format and every name. Which
// formats a command prints is the command's to check (cli/output.hpp).
Format parse_any_format(std::string_view text);

// A cell's value as printed: the Grundy value, or P / N for outcome evaluations, "" for none.
std::string value_text(core::Value v, core::Evaluation eval);

// One position and its value, for long-form output.
struct Cell {
  core::Position pos;
  core::Value value;
};

// A 2-D slice of a table: coordinate `row` down, coordinate `col` across, the others pinned at
// their values in `base`. Text is an aligned grid like the papers' tables; CSV is long form.
struct Grid {
  std::string game;
  std::vector<std::string> names;
  core::Evaluation eval = core::Evaluation::Grundy;
  core::Position base;
  int row = 0;
  int col = -1;  // -1: a one-coordinate table (a sequence)
  std::int64_t rows = 0, cols = 1;
  std::vector<core::Value> values;  // rows * cols, row-major

  core::Value at(std::int64_t r, std::int64_t c) const { return values[static_cast<std::size_t>(r * cols + c)]; }
  core::Position position(std::int64_t r, std::int64_t c) const;
};

// Cuts the grid out of a solved table.
Grid make_grid(const core::DenseTable& table, std::string game, std::vector<std::string> names,
               const core::Position& base, int row, int col, std::int64_t rows, std::int64_t cols);

// An OEIS b-file: one comment line naming the game, then "n a(n)" for each i < count whose
// term(i) is not empty, streamed. A UserError unless `eval` is Grundy (a b-file holds integers).
void write_bfile(std::ostream& out, const std::string& game, core::Evaluation eval, std::int64_t count,
                 const std::function<std::optional<std::pair<std::int64_t, core::Value>>(std::int64_t)>& term);

// Every Format but the figures (figures::write_grid draws those, and writes the others through
// this); Npy writes bytes (open `out` in binary mode), Latex marks P in bold.
void write_grid(std::ostream& out, Format format, const Grid& grid);

// CSV as a matrix, one line per row (numpy.loadtxt reads it): a '#' line naming the game, the
// coordinates and the legend, then the values; -1 where a cell is not a position, outcomes as
// 0 (P) and 1 (N).
void write_grid_wide_csv(std::ostream& out, const Grid& grid);

// The game as headings and captions name it: its name, and how its values are evaluated when
// they are outcomes ("nim(heaps=2), misere play (P/N)").
std::string evaluation_title(const std::string& game, core::Evaluation eval);

// Long form, streamed: a header naming the coordinates then grundy (and/or outcome), one row
// per cell, written as the cells come (`grundy ppos` lists millions) in constant memory. Call
// finish() once after the last cell (JSON closes its list there). JSON names the route that
// found the cells, the whole list's (`route`) or a cell's own (add's `route`), where given.
class CellWriter {
 public:
  CellWriter(std::ostream& out, Format format, const std::string& game, const std::vector<std::string>& names,
             core::Evaluation eval, const std::string& route = "");
  // `text`: the position as its family writes it (a board's rows), when that is not its
  // coordinates; JSON gives it as "text" beside them.
  void add(const core::Position& pos, core::Value value, const std::string& route = "", const std::string& text = "");
  // The cells of a line: `pos` with coordinate `axis` = 0..count-1 and value value_at(i); a
  // cell holding kNoValue is skipped. CSV writes the other coordinates once per line.
  template <class ValueAt>
  void add_line(core::Position pos, int axis, std::int64_t count, ValueAt value_at) {
    if (format_ != Format::Csv) {
      for (std::int64_t i = 0; i < count; ++i) {
        pos[axis] = i;
        if (const core::Value v = value_at(i); v != core::kNoValue) add(pos, v);
      }
      return;
    }
    std::string before, after;
    csv_affixes(pos, axis, before, after);
    for (std::int64_t i = 0; i < count; ++i)
      if (const core::Value v = value_at(i); v != core::kNoValue) add_csv(before, i, after, v);
  }
  void finish();

 private:
  void csv_affixes(const core::Position& pos, int axis, std::string& before, std::string& after) const;
  void add_csv(const std::string& before, std::int64_t coordinate, const std::string& after, core::Value value);
  void flush_if_full();

  std::ostream& out_;
  Format format_;
  core::Evaluation eval_;
  std::string buf_;
  bool first_ = true;
};

// All of `cells` through a CellWriter.
void write_cells(std::ostream& out, Format format, const std::string& game, const std::vector<std::string>& names,
                 const std::vector<Cell>& cells, core::Evaluation eval);

// Appends the coordinates of `pos`, comma-separated ("3,5,7,1"): the hot path of every writer
// of positions (no temporaries).
void append_position(std::string& buf, const core::Position& pos);

// A string as a JSON string literal (quotes, escapes; bytes that are not UTF-8 replaced).
std::string json_string(const std::string& s);

}  // namespace grundy::io
