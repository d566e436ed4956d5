#include "pipeline/oracle.hpp"

#include <algorithm>

#include "core/solve/route.hpp"
#include "core/solve/solve.hpp"
#include "runtime/memory.hpp"

namespace grundy::pipeline {

std::optional<core::ClosedForm> closed_value(const core::Game& game, const core::Position& p, core::Evaluation eval) {
  if (auto c = game.closed_form(p, eval)) return c;
  // A closed form of the P-positions alone still answers those: G = 0.
  if (eval == core::Evaluation::Grundy)
    if (auto c = game.closed_form(p, core::Evaluation::NormalOutcome); c && c->value == 0)
      return core::ClosedForm{0, c->source + ", so G = 0"};
  return std::nullopt;
}

ValueOracle::ValueOracle(core::Game game, core::Evaluation eval, std::uint64_t memory_limit)
    : game_(std::move(game)), eval_(eval), limit_(memory_limit) {
  if (eval_ != core::Evaluation::MisereOutcome)
    if (auto parts = game_.sum_components()) {
      parts_[0] = std::make_unique<ValueOracle>(parts->first, core::Evaluation::Grundy, limit_);
      parts_[1] = std::make_unique<ValueOracle>(parts->second, core::Evaluation::Grundy, limit_);
      parts_[0]->owner_ = parts_[1]->owner_ = this;
      return;
    }
  if ((fast_ = game_.fast_solver(eval, limit_))) return;
  if (!game_.options_precede() && !game_.has_rank())
    memo_ = game_.make_solver(eval, std::max<std::uint64_t>(limit_ / core::kMemoBytesPerPosition, 1));
}

core::Value ValueOracle::value(const core::Position& p) {
  if (auto c = closed_value(game_, p, eval_)) {
    route_ = std::move(c->source);
    return c->value;
  }
  if (parts_[0]) {
    const int na = parts_[0]->game_.arity();
    const core::Value a = parts_[0]->value(p.slice(0, na)), b = parts_[1]->value(p.slice(na, p.size() - na));
    const core::Value v = a ^ b;
    route_ = "Sprague-Grundy: " + std::to_string(a) + " xor " + std::to_string(b) + ", " + parts_[0]->game_.name() +
             " by " + parts_[0]->route() + ", " + parts_[1]->game_.name() + " by " + parts_[1]->route();
    return eval_ == core::Evaluation::Grundy || v == 0 ? v : 1;
  }
  if (fast_) {
    const core::Value v = fast_->value(p);
    route_ = fast_->route();
    return v;
  }
  if (memo_) {
    route_ = "memo solver";
    return memo_->value(p);
  }
  route_ = table_route_;
  if (table_.box.arity() == p.size() && table_.solved(p)) return table_.at(p);
  // Grow the box to hold p: every coordinate that must grow grows by half again at least (the
  // box below p holds everything p reaches; the solver adds the reach box).
  core::Position e = core::box_below(p).extents();
  if (table_.box.arity() == p.size()) {
    const auto ranges = game_.coordinate_ranges();
    for (int i = 0; i < p.size(); ++i) {
      const std::int64_t old = table_.box.extent(i);
      if (e[i] > old) e[i] = std::max(e[i], old + old / 2);
      e[i] = std::max(e[i], old);
      if (ranges[static_cast<std::size_t>(i)].max < e[i]) e[i] = ranges[static_cast<std::size_t>(i)].max + 1;
    }
    // A growth the memory limit refuses may still fit as the bare box below p.
    try {
      runtime::ensure_fits(core::add_bytes(game_.route(core::Box(e), eval_).bytes, held_elsewhere()), limit_, "");
    } catch (const runtime::TooLarge&) {
      e = core::box_below(p).extents();
    }
  }
  table_ = core::DenseTable();  // the old table goes before the new one is allocated
  table_ = core::solve_guarded(game_, core::Box(e), eval_, limit_, held_elsewhere());
  table_route_ = route_ =
      "table of " + runtime::with_commas(table_.box.count()) + " positions, " + game_.route(table_.box, eval_).name;
  return table_.at(p);
}

std::uint64_t ValueOracle::held() const {
  std::uint64_t bytes = core::ValueArray::bytes(table_.values.size(), table_.values.width());
  for (const auto& part : parts_)
    if (part) bytes = core::add_bytes(bytes, part->held());
  return bytes;
}

std::uint64_t ValueOracle::held_elsewhere() const {
  if (!owner_) return 0;
  const ValueOracle* other = owner_->parts_[0].get() == this ? owner_->parts_[1].get() : owner_->parts_[0].get();
  return core::add_bytes(owner_->held_elsewhere(), other->held());
}

}  // namespace grundy::pipeline
