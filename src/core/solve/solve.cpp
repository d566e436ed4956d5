#include "core/solve/solve.hpp"

#include "runtime/memory.hpp"
#include "runtime/progress.hpp"

namespace grundy::core {

DenseTable solve_guarded(const Game& game, const Box& requested, Evaluation eval, std::uint64_t memory_limit,
                         std::uint64_t after) {
  const Box reach = game.reach_box(requested);
  const SolveRoute route = game.route(requested, eval);
  runtime::ensure_fits(add_bytes(route.bytes, after), memory_limit,
                       "a table of " + game.name() + " over " + reach.to_string() + " positions (" + route.name + ")");
  runtime::ProgressMeter meter("solving " + reach.to_string(), reach.count());
  return route.run();
}

Box box_below(const Position& p) {
  Position e(p.size());
  for (int i = 0; i < p.size(); ++i) e[i] = p[i] + 1;
  return Box(e);
}

}  // namespace grundy::core
