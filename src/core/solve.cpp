#include "core/solve.hpp"

#include "core/memory.hpp"
#include "core/progress.hpp"

namespace grundy::core {

DenseTable solve_guarded(const Game& game, const Box& requested, Evaluation eval, std::uint64_t memory_limit) {
  const Box reach = game.reach_box(requested);
  const bool rank_order = !game.options_precede() && game.has_rank();
  ensure_fits(dense_bytes(reach, rank_order), memory_limit,
              "a table of " + game.name() + " over " + reach.to_string() + " positions");
  ProgressMeter meter("solving " + reach.to_string(), reach.count());
  return game.solve_dense(requested, eval);
}

Box box_below(const Position& p) {
  Position e(p.size());
  for (int i = 0; i < p.size(); ++i) e[i] = p[i] + 1;
  return Box(e);
}

}  // namespace grundy::core
