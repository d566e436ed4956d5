#include "io/latex.hpp"

#include <cctype>
#include <ostream>
#include <string>

#include "runtime/errors.hpp"
#include "runtime/progress.hpp"

namespace grundy::io {

LatexMark parse_latex_mark(std::string_view text) {
  if (text == "bold") return LatexMark::Bold;
  if (text == "shade") return LatexMark::Shade;
  if (text == "none") return LatexMark::None;
  throw runtime::UserError("--mark-p = '" + std::string(text.substr(0, 40)) + "': allowed bold, shade, none");
}

namespace {

// Coordinate names are identifiers (x, y, x12, p); underscores and the like are escaped anyway.
std::string tex_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '_' || c == '&' || c == '%' || c == '#' || c == '$' || c == '{' || c == '}') out += '\\';
    out += c;
  }
  return out;
}

std::string math_name(const std::string& name) {
  // x12 -> x_{12}, as the papers write heap indices.
  std::size_t i = name.size();
  while (i > 0 && std::isdigit(static_cast<unsigned char>(name[i - 1]))) --i;
  if (i > 0 && i < name.size()) return tex_escape(name.substr(0, i)) + "_{" + name.substr(i) + "}";
  return tex_escape(name);
}

}  // namespace

void write_latex(std::ostream& out, const Grid& g, LatexMark mark) {
  const std::string row = math_name(g.names[static_cast<std::size_t>(g.row)]);
  std::string fixed;
  for (int i = 0; i < g.base.size(); ++i)
    if (i != g.row && i != g.col)
      fixed += (fixed.empty() ? "" : ", ") + math_name(g.names[static_cast<std::size_t>(i)]) + " = " + std::to_string(g.base[i]);
  out << "% " << evaluation_title(g.game, g.eval) << (fixed.empty() ? "" : ", $" + fixed + "$") << "; P-positions "
      << (mark == LatexMark::Bold ? "in bold" : mark == LatexMark::Shade ? "shaded" : "not marked") << "\n";
  if (mark == LatexMark::Shade) out << "% needs \\usepackage[table]{xcolor}\n";
  out << "\\begin{tabular}{r|" << std::string(static_cast<std::size_t>(g.cols), 'r') << "}\n";
  if (g.col >= 0) {
    out << "$" << row << "\\backslash " << math_name(g.names[static_cast<std::size_t>(g.col)]) << "$";
    for (std::int64_t c = 0; c < g.cols; ++c) out << " & " << c;
  } else {
    out << "$" << row << "$ & " << (g.eval == core::Evaluation::Grundy ? "$\\mathcal{G}$" : "outcome");
  }
  out << " \\\\\n\\hline\n";
  for (std::int64_t r = 0; r < g.rows; ++r) {
    if ((r & 63) == 63) runtime::poll_stop();
    out << r;
    for (std::int64_t c = 0; c < g.cols; ++c) {
      const core::Value v = g.at(r, c);
      const std::string t = value_text(v, g.eval);
      out << " & ";
      if (v != 0 || mark == LatexMark::None) out << t;
      else if (mark == LatexMark::Bold) out << "\\textbf{" << t << "}";
      else out << "\\cellcolor[gray]{0.8}" << t;
    }
    out << " \\\\\n";
  }
  out << "\\end{tabular}\n";
}

}  // namespace grundy::io
