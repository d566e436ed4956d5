#pragma once

#include <iosfwd>
#include <string_view>

#include "io/format.hpp"

namespace grundy::io {

// How P-positions stand out in a LaTeX table: bold, shaded grey (needs \usepackage[table]{xcolor}),
// or not at all.
enum class LatexMark { Bold, Shade, None };

// "bold" | "shade" | "none"; anything else is a UserError naming --mark-p.
LatexMark parse_latex_mark(std::string_view text);

// A tabular like the papers' tables: the row coordinate down the left, the column coordinate
// across the top, a rule under the header and right of the row labels. Pasteable as is.
void write_latex(std::ostream& out, const Grid& grid, LatexMark mark);

}  // namespace grundy::io
