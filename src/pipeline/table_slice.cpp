#include "pipeline/table_slice.hpp"

#include <algorithm>

#include "core/errors.hpp"

namespace grundy::pipeline {

io::Grid table_slice(const core::Game& game, const SliceRequest& request) {
  TableBox req = make_table_box(game, request.size, request.fixes, request.syntax);
  const std::vector<int> free = table_axes(game, req, request.syntax);
  const int n = game.arity();
  core::Position base(n);
  for (int i = 0; i < n; ++i) base[i] = std::max<std::int64_t>(req.pinned[i], 0);
  const int row = free[0], col = free.size() > 1 ? free[1] : -1;
  const std::int64_t rows = req.box.extent(row), cols = col >= 0 ? req.box.extent(col) : 1;
  if (request.check_box) request.check_box(req.box);
  const core::DenseTable table =
      solve_table(game, req.box, request.eval, request.memory_limit, request.files,
                  slice_bytes(static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(cols)));
  io::Grid grid = io::make_grid(table, game.name(), game.coordinate_names(), base, row, col, rows, cols);
  if (std::all_of(grid.values.begin(), grid.values.end(), [](core::Value v) { return v == core::kNoValue; })) {
    std::string pins;
    for (const std::string& f : request.fixes) pins += (pins.empty() ? "" : ", ") + f;
    throw core::UserError("no position of " + game.name() + " lies in the table" +
                          (pins.empty() ? std::string() : " with " + request.syntax.name + " " + pins));
  }
  return grid;
}

}  // namespace grundy::pipeline
