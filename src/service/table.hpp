#pragma once

// Tables and P-positions of a box, through the one pipeline (src/pipeline/): `table` and `ppos`
// of the CLI, the explorer's /api/table, Python's table(), solve() and ppos().

#include <functional>
#include <string>
#include <vector>

#include "io/format.hpp"
#include "pipeline/ppos.hpp"
#include "pipeline/table_slice.hpp"
#include "runtime/limits.hpp"
#include "service/subject.hpp"

namespace grundy::service {

struct TableRequest {
  pipeline::Size size;
  std::vector<std::string> fixes;  // "c=v"
  pipeline::FixSyntax syntax;      // how the face writes its pins, in its messages
  pipeline::TableFiles files;
  // Called with the box before anything is solved: a face's own bounds (the explorer's cap on
  // cells) refuse there.
  std::function<void(const core::Box&)> check_box;
};

// The slice of the subject's table the request shows, within `limits.memory`.
io::Grid table(const Subject& s, const TableRequest& r, const runtime::Limits& limits);
// The same, left in its solved table (no copy): what the Python module hands to numpy.
pipeline::SolvedSlice table_view(const Subject& s, const TableRequest& r, const runtime::Limits& limits);
// Every cell of the box, grown to nothing but the box.
core::DenseTable solve(const Subject& s, const pipeline::Size& size, const runtime::Limits& limits);

// The P-positions of the request's region (misere ones for a misere subject), by the fastest
// route that fits `limits.memory`.
pipeline::PPositions ppos(const Subject& s, const TableRequest& r, const runtime::Limits& limits);

}  // namespace grundy::service
