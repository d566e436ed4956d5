#pragma once

// The pipeline of `grundy ppos` (and any front end listing P-positions): game -> region (size,
// pins) -> the fastest route to its P-positions: unique completion's f grid where the family
// has one (three-heap Nim with a pass: an N x N grid instead of an N^3 x 2 table), else a solved
// table (computed, memory-guarded, or a table file of outcomes or of Grundy values) scanned for
// its zeros. Either way the positions come in index order and can be listed more than once
// (a count first, then the positions).

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/solve/game.hpp"
#include "pipeline/solve.hpp"
#include "pipeline/table_box.hpp"
#include "runtime/world.hpp"

namespace grundy::pipeline {

struct PPosRequest {
  Size size;
  std::vector<std::string> fixes;  // "c=v"
  FixSyntax syntax;
  core::Evaluation eval = core::Evaluation::NormalOutcome;  // or MisereOutcome
  std::uint64_t memory_limit = 0;
  TableFiles files;  // --load may hold outcomes or Grundy values (P = value 0)
  // The processes that list them: in a distributed world a route may sweep its grid by bands,
  // one per rank, and rank 0 lists the positions (the others' visit is never called).
  runtime::World world;
};

class PPositions {
 public:
  using Visit = std::function<void(const core::Position&)>;

  core::Box box;          // the region: pinned coordinates run over 0..pin, only pin counts
  core::Position pinned;  // -1 where free
  std::string route;      // "f grid (unique completion)", "table"

  // Calls visit once per P-position of the region, in index order.
  void for_each(const Visit& visit) const { each_(visit); }
  std::uint64_t count() const;

  // The P-positions a route above the pipeline lists (the misère quotient of service::ppos),
  // `each` calling its visit once per P-position of the region, in index order.
  static PPositions listed(core::Box box, core::Position pinned, std::string route,
                           std::function<void(const Visit&)> each) {
    PPositions out;
    out.box = std::move(box);
    out.pinned = std::move(pinned);
    out.route = std::move(route);
    out.each_ = std::move(each);
    return out;
  }

 private:
  friend PPositions p_positions(const core::Game& game, const PPosRequest& request);
  std::function<void(const Visit&)> each_;
};

// Calls visit with every position of the region of `box` with its pins (-1 where free; a pinned
// coordinate takes its pin's value only), in index order, polling the stops as it goes.
void for_each_in_region(const core::Box& box, const core::Position& pinned, const PPositions::Visit& visit);

// The P-positions of the request's region by the fastest route that fits the memory limit;
// with --save or --load the table route (the file holds a table).
PPositions p_positions(const core::Game& game, const PPosRequest& request);

}  // namespace grundy::pipeline
