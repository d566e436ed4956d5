#include "pipeline/ppos.hpp"

#include <memory>

#include "runtime/memory.hpp"
#include "runtime/progress.hpp"

namespace grundy::pipeline {

std::uint64_t PPositions::count() const {
  std::uint64_t n = 0;
  for_each([&](const core::Position&) { ++n; });
  return n;
}

PPositions p_positions(const core::Game& game, const PPosRequest& request) {
  const TableBox req = make_table_box(game, request.size, request.fixes, request.syntax);
  PPositions out;
  out.box = req.box;
  out.pinned = req.pinned;
  const bool files = !request.files.save.empty() || !request.files.load.empty();
  if (!files) {
    if (auto fast = game.ppos_route(req.box, req.pinned, request.eval)) {
      runtime::ensure_fits(
          fast->bytes(request.world), request.memory_limit,
          "the P-positions of " + game.name() + " over " + req.box.to_string() + " (" + fast->name + ")");
      out.route = fast->name;
      out.each_ = [run = std::move(fast->run), world = request.world](const PPositions::Visit& visit) {
        run(world, visit);
      };
      return out;
    }
  }
  // The table route: a pinned coordinate's box runs over 0..pin (every position reachable from
  // the pinned ones), but only the pin's value is listed.
  auto table = std::make_shared<const core::DenseTable>(
      solve_table(game, req.box, request.eval, request.memory_limit, request.files));
  out.route = "table";
  out.each_ = [table, box = req.box, pinned = req.pinned](const PPositions::Visit& visit) {
    for_each_in_region(box, pinned, [&](const core::Position& p) {
      if (table->at(p) == 0) visit(p);
    });
  };
  return out;
}

void for_each_in_region(const core::Box& box, const core::Position& pinned, const PPositions::Visit& visit) {
  core::Box region = box;
  for (int i = 0; i < box.arity(); ++i)
    if (pinned[i] >= 0) region.set_extent(i, 1);
  runtime::StopPoll poll;
  core::Position q(box.arity()), p(box.arity());
  do {
    poll();
    for (int i = 0; i < box.arity(); ++i) p[i] = pinned[i] >= 0 ? pinned[i] : q[i];
    visit(p);
  } while (region.next(q));
}

}  // namespace grundy::pipeline
