#include "io/format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <ostream>

#include "core/errors.hpp"
#include "io/heatmap.hpp"
#include "io/latex.hpp"

namespace grundy::io {

using core::Evaluation;
using core::kNoValue;
using core::Value;

Format parse_format(std::string_view text) {
  if (text == "text") return Format::Text;
  if (text == "csv") return Format::Csv;
  if (text == "json") return Format::Json;
  throw core::UserError("--format = '" + std::string(text.substr(0, 40)) + "': allowed text, csv, json");
}

Format parse_table_format(std::string_view text) {
  if (text == "latex") return Format::Latex;
  if (text == "png") return Format::Png;
  if (text == "svg") return Format::Svg;
  if (text == "text" || text == "csv" || text == "json") return parse_format(text);
  throw core::UserError("--format = '" + std::string(text.substr(0, 40)) + "': allowed text, csv, json, latex, png, svg");
}

std::string value_text(Value v, Evaluation eval) {
  if (v == kNoValue) return "";
  if (eval == Evaluation::Grundy) return std::to_string(v);
  return v == 0 ? "P" : "N";
}

namespace {

std::string outcome_text(Value v, Evaluation) {
  if (v == kNoValue) return "";
  return v == 0 ? "P" : "N";
}

const char* eval_name(Evaluation eval) {
  switch (eval) {
    case Evaluation::Grundy: return "grundy";
    case Evaluation::NormalOutcome: return "normal-outcome";
    case Evaluation::MisereOutcome: return "misere-outcome";
  }
  return "";
}

nlohmann::json json_value(Value v, Evaluation eval) {
  if (v == kNoValue) return nullptr;
  if (eval == Evaluation::Grundy) return v;
  return v == 0 ? "P" : "N";
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

void write_grid(std::ostream& out, Format format, const Grid& g) {
  if (format == Format::Latex) {
    write_latex(out, g, LatexMark::Bold);
    return;
  }
  if (format == Format::Svg) {
    write_heatmap_svg(out, g);
    return;
  }
  if (format == Format::Png) {
    const std::vector<std::uint8_t> png = heatmap_png(g);
    out.write(reinterpret_cast<const char*>(png.data()), static_cast<std::streamsize>(png.size()));
    return;
  }
  if (format == Format::Csv) {
    std::vector<Cell> cells;
    for (std::int64_t r = 0; r < g.rows; ++r)
      for (std::int64_t c = 0; c < g.cols; ++c)
        if (g.at(r, c) != kNoValue) cells.push_back({g.position(r, c), g.at(r, c)});
    write_cells(out, format, g.game, g.names, cells, g.eval);
    return;
  }
  if (format == Format::Json) {
    nlohmann::json j;
    j["game"] = g.game;
    j["coordinates"] = g.names;
    j["evaluation"] = eval_name(g.eval);
    j["rows"] = g.names[static_cast<std::size_t>(g.row)];
    j["cols"] = g.col >= 0 ? nlohmann::json(g.names[static_cast<std::size_t>(g.col)]) : nlohmann::json(nullptr);
    nlohmann::json fixed = nlohmann::json::object();
    for (int i = 0; i < g.base.size(); ++i)
      if (i != g.row && i != g.col) fixed[g.names[static_cast<std::size_t>(i)]] = g.base[i];
    j["fixed"] = fixed;
    nlohmann::json rows = nlohmann::json::array();
    for (std::int64_t r = 0; r < g.rows; ++r) {
      nlohmann::json row = nlohmann::json::array();
      for (std::int64_t c = 0; c < g.cols; ++c) row.push_back(json_value(g.at(r, c), g.eval));
      rows.push_back(std::move(row));
    }
    j["values"] = std::move(rows);
    out << j.dump() << "\n";
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
  out << g.game << (fixed.empty() ? "" : " at " + fixed) << "\n";
  out << fmt::format("{:>{}}", corner, left);
  if (g.col >= 0)
    for (std::int64_t c = 0; c < g.cols; ++c) out << fmt::format(" {:>{}}", c, width);
  else
    out << fmt::format(" {:>{}}", g.eval == Evaluation::Grundy ? "G" : "o", width);
  out << "\n";
  for (std::int64_t r = 0; r < g.rows; ++r) {
    out << fmt::format("{:>{}}", r, left);
    for (std::int64_t c = 0; c < g.cols; ++c) out << fmt::format(" {:>{}}", value_text(g.at(r, c), g.eval), width);
    out << "\n";
  }
}

void write_cells(std::ostream& out, Format format, const std::string& game, const std::vector<std::string>& names,
                 const std::vector<Cell>& cells, Evaluation eval) {
  if (format == Format::Latex || format == Format::Png || format == Format::Svg)
    throw core::UserError("--format latex, png and svg draw 2-D tables (grundy table); a list of positions is text, csv or json");
  if (format == Format::Json) {
    nlohmann::json j;
    j["game"] = game;
    j["coordinates"] = names;
    j["evaluation"] = eval_name(eval);
    nlohmann::json list = nlohmann::json::array();
    for (const Cell& c : cells) {
      nlohmann::json e;
      e["position"] = std::vector<std::int64_t>(c.pos.coords().begin(), c.pos.coords().end());
      if (eval == Evaluation::Grundy) e["grundy"] = c.value;
      e["outcome"] = outcome_text(c.value, eval);
      list.push_back(std::move(e));
    }
    j["positions"] = std::move(list);
    out << j.dump() << "\n";
    return;
  }
  if (format == Format::Csv) {
    for (const auto& n : names) out << n << ",";
    out << "grundy,outcome\n";
    for (const Cell& c : cells) {
      for (int i = 0; i < c.pos.size(); ++i) out << c.pos[i] << ",";
      out << (eval == Evaluation::Grundy ? std::to_string(c.value) : "") << "," << outcome_text(c.value, eval) << "\n";
    }
    return;
  }
  for (const Cell& c : cells) {
    out << "(" << core::to_string(c.pos) << ")";
    if (eval == Evaluation::Grundy) out << "  " << c.value;
    out << "  " << outcome_text(c.value, eval) << "\n";
  }
}

}  // namespace grundy::io
