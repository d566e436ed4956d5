#include "pipeline/table_slice.hpp"

#include <algorithm>

#include "runtime/errors.hpp"

namespace grundy::pipeline {

SolvedSlice solve_slice(const core::Game& game, const SliceRequest& request, bool copied) {
  TableBox req = make_table_box(game, request.size, request.fixes, request.syntax);
  const std::vector<int> free = table_axes(game, req, request.syntax);
  const int n = game.arity();
  SolvedSlice s;
  s.base = core::Position(n);
  for (int i = 0; i < n; ++i) s.base[i] = std::max<std::int64_t>(req.pinned[i], 0);
  s.row = free[0];
  s.col = free.size() > 1 ? free[1] : -1;
  s.rows = req.box.extent(s.row);
  s.cols = s.col >= 0 ? req.box.extent(s.col) : 1;
  if (request.check_box) request.check_box(req.box);
  const std::uint64_t cells = static_cast<std::uint64_t>(s.rows) * static_cast<std::uint64_t>(s.cols);
  s.table = solve_table(game, req.box, request.eval, request.memory_limit, request.files, copied ? slice_bytes(cells) : 0);
  // A slice with no position of the game (pins no position has, such as y above F) is refused.
  core::Position p = s.base;
  bool any = false;
  for (std::int64_t r = 0; r < s.rows && !any; ++r)
    for (std::int64_t c = 0; c < s.cols && !any; ++c) {
      p[s.row] = r;
      if (s.col >= 0) p[s.col] = c;
      any = s.table.at(p) != core::kNoValue;
    }
  if (!any) {
    std::string pins;
    for (const std::string& f : request.fixes) pins += (pins.empty() ? "" : ", ") + f;
    throw runtime::UserError("no position of " + game.name() + " lies in the table" +
                             (pins.empty() ? std::string() : " with " + request.syntax.name + " " + pins));
  }
  return s;
}

io::Grid table_slice(const core::Game& game, const SliceRequest& request) {
  const SolvedSlice s = solve_slice(game, request, true);
  return io::make_grid(s.table, game.name(), game.coordinate_names(), s.base, s.row, s.col, s.rows, s.cols);
}

}  // namespace grundy::pipeline
