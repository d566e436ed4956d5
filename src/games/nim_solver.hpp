#pragma once

// Fast paths for Nim and its transforms: Nim, Nim with a forbidden set (FTS Nim in general
// form) and either with k passes are line games (src/core/line_solver.hpp). Found by
// argument-dependent lookup from core::Game, which tries fast_solve before the generic solver.

#include <optional>

#include "core/line_solver.hpp"
#include "games/nim.hpp"
#include "transforms/forbid.hpp"
#include "transforms/with_pass.hpp"

namespace grundy::games {

inline std::optional<core::DenseTable> fast_solve(const Nim& nim, const core::Box& box, core::Evaluation eval) {
  auto all = [](const core::Position&) { return true; };
  return core::solve_line_game(core::LineGame<decltype(all)>{nim.arity(), 0, false, all, true}, box, eval);
}

inline std::optional<core::DenseTable> fast_solve(const transforms::Forbid<Nim>& g, const core::Box& box,
                                                  core::Evaluation eval) {
  auto allowed = [&g](const core::Position& p) { return !g.forbidden(p); };
  return core::solve_line_game(core::LineGame<decltype(allowed)>{g.arity(), 0, false, allowed}, box, eval);
}

inline std::optional<core::DenseTable> fast_solve(const transforms::WithPass<Nim>& g, const core::Box& box,
                                                  core::Evaluation eval) {
  auto all = [](const core::Position&) { return true; };
  return core::solve_line_game(
      core::LineGame<decltype(all)>{g.base().arity(), g.passes(), g.from_terminal(), all, true}, box, eval);
}

inline std::optional<core::DenseTable> fast_solve(const transforms::WithPass<transforms::Forbid<Nim>>& g,
                                                  const core::Box& box, core::Evaluation eval) {
  const auto& f = g.base();
  auto allowed = [&f](const core::Position& p) { return !f.forbidden(p); };
  return core::solve_line_game(core::LineGame<decltype(allowed)>{f.arity(), g.passes(), g.from_terminal(), allowed},
                               box, eval);
}

}  // namespace grundy::games
