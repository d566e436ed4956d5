#include "io/format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <nlohmann/json.hpp>
#include <ostream>

#include "io/latex.hpp"
#include "io/npy.hpp"
#include "runtime/errors.hpp"
#include "runtime/progress.hpp"

namespace grundy::io {

using core::Evaluation;
using core::kNoValue;
using core::Value;

namespace {

// Appends n in decimal: the hot path of the CSV and JSON writers (no temporaries).
void append_int(std::string& buf, std::int64_t n) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
  buf.append(digits, static_cast<std::size_t>(end - digits));
}

const char* outcome_letter(Value v) { return v == 0 ? "P" : "N"; }

}  // namespace

const char* format_name(Format f) {
  switch (f) {
    case Format::Text: return "text";
    case Format::Csv: return "csv";
    case Format::Json: return "json";
    case Format::Latex: return "latex";
    case Format::Png: return "png";
    case Format::Svg: return "svg";
    case Format::Pdf:
      return "pdf";
    case Format::Tikz:
      return "tikz";
    case Format::Npy: return "npy";
    case Format::Bfile: return "bfile";
  }
  return "";
}

const std::vector<Format>& all_formats() {
  static const std::vector<Format> all = {Format::Text, Format::Csv, Format::Json, Format::Latex, Format::Png,
                                          Format::Svg,  Format::Pdf, Format::Tikz, Format::Npy,   Format::Bfile};
  return all;
}

Format parse_any_format(std::string_view text) {
  std::string names;
  for (Format f : all_formats()) {
    if (text == format_name(f)) return f;
    names += (names.empty() ? "" : ", ") + std::string(format_name(f));
  }
  throw runtime::UserError("--format = '" + std::string(text.substr(0, 40)) + "': allowed " + names);
}

std::string value_text(Value v, Evaluation eval) {
  if (v == kNoValue) return "";
  if (eval == Evaluation::Grundy) return std::to_string(v);
  return v == 0 ? "P" : "N";
}

namespace {

const char* eval_name(Evaluation eval) {
  switch (eval) {
    case Evaluation::Grundy: return "grundy";
    case Evaluation::NormalOutcome: return "normal-outcome";
    case Evaluation::MisereOutcome: return "misere-outcome";
  }
  return "";
}

}  // namespace

core::Position Grid::position(std::int64_t r, std::int64_t c) const {
  core::Position p = base;
  p[row] = r;
  if (col >= 0) p[col] = c;
  return p;
}

Grid make_grid(const core::DenseTable& table, std::string game, std::vector<std::string> names,
               const core::Position& base, int row, int col, std::int64_t rows, std::int64_t cols) {
  Grid g;
  g.game = std::move(game);
  g.names = std::move(names);
  g.eval = table.eval;
  g.base = base;
  g.row = row;
  g.col = col;
  g.rows = rows;
  g.cols = col >= 0 ? cols : 1;
  g.values.reserve(static_cast<std::size_t>(g.rows * g.cols));
  for (std::int64_t r = 0; r < g.rows; ++r)
    for (std::int64_t c = 0; c < g.cols; ++c) g.values.push_back(table.at(g.position(r, c)));
  return g;
}

void write_bfile(std::ostream& out, const std::string& game, Evaluation eval, std::int64_t count,
                 const std::function<std::optional<std::pair<std::int64_t, Value>>(std::int64_t)>& term) {
  if (eval != Evaluation::Grundy)
    throw runtime::UserError("--format bfile writes Grundy values (an OEIS b-file holds integers), not outcomes");
  std::string buf = "# Grundy values of " + game + ", computed by grundy\n";
  for (std::int64_t i = 0; i < count; ++i) {
    const auto t = term(i);
    if (!t) continue;
    append_int(buf, t->first);
    buf += ' ';
    append_int(buf, t->second);
    buf += '\n';
    if (buf.size() >= (1u << 16)) {
      out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
      buf.clear();
      runtime::poll_stop();
    }
  }
  out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
}

bool is_figure(Format f) { return f == Format::Png || f == Format::Svg || f == Format::Pdf || f == Format::Tikz; }

void write_grid(std::ostream& out, Format format, const Grid& g) {
  if (format == Format::Latex) {
    write_latex(out, g, LatexMark::Bold);
    return;
  }
  if (is_figure(format))
    throw runtime::EngineError(std::string(format_name(format)) + " is a figure: figures::write_grid draws it");
  if (format == Format::Npy) {
    write_npy_grid(out, g);
    return;
  }
  if (format == Format::Bfile) {
    if (g.col >= 0)
      throw runtime::UserError(
          "--format bfile writes a sequence, n a(n) per line: give a game of one coordinate "
          "(or pin all but one with --fix)");
    write_bfile(out, g.game, g.eval, g.rows, [&](std::int64_t r) -> std::optional<std::pair<std::int64_t, Value>> {
      if (g.at(r, 0) == kNoValue) return std::nullopt;
      return std::make_pair(g.position(r, 0)[g.row], g.at(r, 0));
    });
    return;
  }
  if (format == Format::Csv) {
    CellWriter w(out, format, g.game, g.names, g.eval);
    for (std::int64_t r = 0; r < g.rows; ++r) {
      if (g.col < 0) {
        if (g.at(r, 0) != kNoValue) w.add(g.position(r, 0), g.at(r, 0));
        continue;
      }
      w.add_line(g.position(r, 0), g.col, g.cols, [&](std::int64_t c) { return g.at(r, c); });
    }
    w.finish();
    return;
  }
  if (format == Format::Json) {
    // Written as it goes, with the keys in the order nlohmann's objects sort them: the values
    // of a large table are never held as a tree of JSON nodes.
    std::string buf = "{\"cols\":";
    buf += g.col >= 0 ? json_string(g.names[static_cast<std::size_t>(g.col)]) : "null";
    buf += ",\"coordinates\":[";
    for (std::size_t i = 0; i < g.names.size(); ++i) buf += (i ? "," : "") + json_string(g.names[i]);
    buf += std::string("],\"evaluation\":\"") + eval_name(g.eval) + "\",\"fixed\":{";
    bool any = false;
    for (int i = 0; i < g.base.size(); ++i)
      if (i != g.row && i != g.col) {
        buf += (any ? "," : "") + json_string(g.names[static_cast<std::size_t>(i)]) + ":" + std::to_string(g.base[i]);
        any = true;
      }
    buf += "},\"game\":" + json_string(g.game) + ",\"rows\":" + json_string(g.names[static_cast<std::size_t>(g.row)]) +
           ",\"values\":[";
    for (std::int64_t r = 0; r < g.rows; ++r) {
      buf += r ? ",[" : "[";
      for (std::int64_t c = 0; c < g.cols; ++c) {
        if (c) buf += ',';
        const Value v = g.at(r, c);
        if (v == kNoValue)
          buf += "null";
        else if (g.eval == Evaluation::Grundy)
          append_int(buf, v);
        else
          buf += v == 0 ? "\"P\"" : "\"N\"";
      }
      buf += ']';
      if (buf.size() >= (1u << 16)) {
        out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
        buf.clear();
        runtime::poll_stop();
      }
    }
    buf += "]}\n";
    out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
    return;
  }
  // Text: an aligned grid, the row coordinate down the left, the column coordinate across.
  std::size_t width = 1;
  for (Value v : g.values) width = std::max(width, value_text(v, g.eval).size());
  width = std::max(width, std::to_string(std::max<std::int64_t>(g.cols - 1, 0)).size());
  const std::string corner =
      g.names[static_cast<std::size_t>(g.row)] + (g.col >= 0 ? "\\" + g.names[static_cast<std::size_t>(g.col)] : "");
  const std::size_t left = std::max(corner.size(), std::to_string(g.rows - 1).size());
  std::string fixed;
  for (int i = 0; i < g.base.size(); ++i)
    if (i != g.row && i != g.col) fixed += fmt::format("{}{} = {}", fixed.empty() ? "" : ", ", g.names[static_cast<std::size_t>(i)], g.base[i]);
  out << evaluation_title(g.game, g.eval) << (fixed.empty() ? "" : " at " + fixed) << "\n";
  out << fmt::format("{:>{}}", corner, left);
  if (g.col >= 0)
    for (std::int64_t c = 0; c < g.cols; ++c) out << fmt::format(" {:>{}}", c, width);
  else
    out << fmt::format(" {:>{}}", g.eval == Evaluation::Grundy ? "G" : "o", width);
  out << "\n";
  for (std::int64_t r = 0; r < g.rows; ++r) {
    if ((r & 63) == 63) runtime::poll_stop();
    out << fmt::format("{:>{}}", r, left);
    for (std::int64_t c = 0; c < g.cols; ++c) out << fmt::format(" {:>{}}", value_text(g.at(r, c), g.eval), width);
    out << "\n";
  }
}

std::string evaluation_title(const std::string& game, Evaluation eval) {
  switch (eval) {
    case Evaluation::Grundy: return game;
    case Evaluation::NormalOutcome: return game + ", outcomes (P/N)";
    case Evaluation::MisereOutcome: return game + ", misere play (P/N)";
  }
  return game;
}

void write_grid_wide_csv(std::ostream& out, const Grid& g) {
  std::string buf = "# " + evaluation_title(g.game, g.eval) + "; rows " + g.names[static_cast<std::size_t>(g.row)] +
                    " = 0.." + std::to_string(g.rows - 1);
  if (g.col >= 0) buf += ", columns " + g.names[static_cast<std::size_t>(g.col)] + " = 0.." + std::to_string(g.cols - 1);
  for (int i = 0; i < g.base.size(); ++i)
    if (i != g.row && i != g.col) buf += ", " + g.names[static_cast<std::size_t>(i)] + " = " + std::to_string(g.base[i]);
  buf += std::string("; ") + (g.eval == Evaluation::Grundy ? "Grundy values" : "0 = P, 1 = N") +
         ", -1 = not a position\n";
  for (std::int64_t r = 0; r < g.rows; ++r) {
    for (std::int64_t c = 0; c < g.cols; ++c) {
      const Value v = g.at(r, c);
      if (c) buf += ',';
      if (v == kNoValue)
        buf += "-1";
      else
        fmt::format_to(std::back_inserter(buf), "{}", g.eval == Evaluation::Grundy ? v : (v == 0 ? 0u : 1u));
    }
    buf += '\n';
    if (buf.size() >= (1u << 16)) {
      out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
      buf.clear();
      runtime::poll_stop();
    }
  }
  out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
}

std::string json_string(const std::string& s) {
  return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

CellWriter::CellWriter(std::ostream& out, Format format, const std::string& game, const std::vector<std::string>& names,
                       Evaluation eval, const std::string& route)
    : out_(out), format_(format), eval_(eval) {
  if (format == Format::Latex || is_figure(format) || format == Format::Bfile)
    throw runtime::UserError(
        "--format latex, png, svg, pdf, tikz and bfile write tables and sequences (grundy table, "
        "grundy seq); a list of positions is text, csv or json");
  if (format == Format::Json) {
    buf_ = "{\"coordinates\":[";
    for (std::size_t i = 0; i < names.size(); ++i) buf_ += (i ? "," : "") + json_string(names[i]);
    buf_ += std::string("],\"evaluation\":\"") + eval_name(eval) + "\",\"game\":" + json_string(game);
    if (!route.empty()) buf_ += ",\"route\":" + json_string(route);
    buf_ += ",\"positions\":[";
  } else if (format == Format::Csv) {
    for (const auto& n : names) buf_ += n + ",";
    buf_ += eval == Evaluation::Grundy ? "grundy,outcome\n" : "outcome\n";  // no column left empty
  }
}

void append_position(std::string& buf, const core::Position& pos) {
  // Built on the stack and appended once: one copy per position, not one per piece.
  char line[core::kMaxCoords * 21];
  char* w = line;
  for (int i = 0; i < pos.size(); ++i) {
    if (i) *w++ = ',';
    w = std::to_chars(w, line + sizeof line, pos[i]).ptr;
  }
  buf.append(line, static_cast<std::size_t>(w - line));
}

void CellWriter::add(const core::Position& pos, Value value, const std::string& route, const std::string& text) {
  auto coords = [&] { append_position(buf_, pos); };
  if (format_ == Format::Json) {
    buf_ += first_ ? "{" : ",{";
    if (eval_ == Evaluation::Grundy) {
      buf_ += "\"grundy\":";
      append_int(buf_, value);
      buf_ += ',';
    }
    buf_ += "\"outcome\":\"";
    buf_ += outcome_letter(value);
    buf_ += "\",\"position\":[";
    coords();
    buf_ += ']';
    if (!text.empty()) buf_ += ",\"text\":" + json_string(text);
    if (!route.empty()) buf_ += ",\"route\":" + json_string(route);
    buf_ += '}';
  } else if (format_ == Format::Csv) {
    coords();
    if (eval_ == Evaluation::Grundy) {
      buf_ += ',';
      append_int(buf_, value);
    }
    buf_ += ',';
    buf_ += outcome_letter(value);
    buf_ += '\n';
  } else {
    buf_ += '(';
    coords();
    buf_ += ')';
    if (eval_ == Evaluation::Grundy) {
      buf_ += "  ";
      append_int(buf_, value);
    }
    buf_ += "  ";
    buf_ += outcome_letter(value);
    buf_ += '\n';
  }
  first_ = false;
  flush_if_full();
}

void CellWriter::csv_affixes(const core::Position& pos, int axis, std::string& before, std::string& after) const {
  for (int i = 0; i < pos.size(); ++i) {
    if (i < axis) {
      append_int(before, pos[i]);
      before += ',';
    } else if (i > axis) {
      after += ',';
      append_int(after, pos[i]);
    }
  }
}

void CellWriter::add_csv(const std::string& before, std::int64_t coordinate, const std::string& after, Value value) {
  buf_ += before;
  append_int(buf_, coordinate);
  buf_ += after;
  if (eval_ == Evaluation::Grundy) {
    buf_ += ',';
    append_int(buf_, value);
  }
  buf_ += value == 0 ? ",P\n" : ",N\n";
  first_ = false;
  flush_if_full();
}

void CellWriter::flush_if_full() {
  if (buf_.size() < (1u << 16)) return;
  out_.write(buf_.data(), static_cast<std::streamsize>(buf_.size()));
  buf_.clear();
  runtime::poll_stop();
}

void CellWriter::finish() {
  if (format_ == Format::Json) buf_ += "]}\n";
  out_.write(buf_.data(), static_cast<std::streamsize>(buf_.size()));
  buf_.clear();
}

void write_cells(std::ostream& out, Format format, const std::string& game, const std::vector<std::string>& names,
                 const std::vector<Cell>& cells, Evaluation eval) {
  CellWriter w(out, format, game, names, eval);
  for (const Cell& c : cells) w.add(c.pos, c.value);
  w.finish();
}

}  // namespace grundy::io
