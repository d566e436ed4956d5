#include "pipeline/solve.hpp"

#include <optional>

#include "core/solve/route.hpp"
#include "core/solve/solve.hpp"
#include "io/table_file.hpp"
#include "runtime/errors.hpp"
#include "runtime/progress.hpp"

namespace grundy::pipeline {

namespace {

// The first cell of `box` that `table` cannot answer for, if any: outside its box or unsolved.
std::optional<core::Position> first_missing(const core::DenseTable& table, const core::Box& box) {
  if (table.box.arity() != box.arity()) return core::Position(box.arity());
  core::Position p(box.arity());
  std::uint64_t k = 0;
  do {
    if (!table.solved(p)) return p;
    if ((++k & 0xfffff) == 0) runtime::poll_stop();
  } while (box.next(p));
  return std::nullopt;
}

}  // namespace

core::DenseTable solve_exact(const core::Game& game, const core::Box& box, core::Evaluation eval,
                             std::uint64_t memory_limit, std::uint64_t after) {
  const std::uint64_t copy = game.reach_box(box) == box ? 0 : core::mul_bytes(box.count(), sizeof(core::Value));
  return core::crop(core::solve_guarded(game, box, eval, memory_limit, core::add_bytes(after, copy)), box);
}

std::uint64_t slice_bytes(std::uint64_t cells) {
  return core::add_bytes(core::mul_bytes(cells, sizeof(core::Value)), std::uint64_t{1} << 20);
}

core::DenseTable solve_table(const core::Game& game, const core::Box& box, core::Evaluation eval,
                             std::uint64_t memory_limit, const TableFiles& files, std::uint64_t after) {
  core::DenseTable table;
  if (files.load.empty()) {
    table = core::solve_guarded(game, box, eval, memory_limit, after);
  } else {
    table = io::load_table(files.load, game.name(), eval, memory_limit > after ? memory_limit - after : 0);
    if (const auto missing = first_missing(table, box))
      throw runtime::UserError("--load " + files.load + ": its table " + table.box.to_string() +
                               " does not hold every cell of the requested box " + box.to_string() + " (first: (" +
                               core::to_string(*missing) + ")); compute it with a larger --size and --save");
  }
  if (!files.save.empty()) io::save_table(files.save, table, game.name());
  return table;
}

}  // namespace grundy::pipeline
