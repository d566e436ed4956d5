#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/model/ruleset.hpp"
#include "expr/expr.hpp"
#include "runtime/errors.hpp"

namespace grundy::transforms {

using core::Box;
using core::Position;

// Moves into positions that satisfy a predicate are illegal: the Forbidden-Total-Size rule of
// the FTS paper in general form (`total % 5 == 0` is 5-FTS Nim). The predicate is an integer
// expression over the coordinate names and `total`, true when non-zero. A forbidden position
// may still be a starting position; only moving into one is barred.
template <core::Ruleset R>
class Forbid {
 public:
  Forbid(R base, const std::string& predicate) : base_(std::move(base)) {
    auto vars = base_.coordinate_names();
    vars.push_back("total");
    try {
      program_ = std::make_shared<const expr::Program>(expr::Program::compile(predicate, vars));
    } catch (const expr::SyntaxError& e) {
      throw runtime::UserError("--forbid " + shown(predicate) + ": " + e.what());
    }
    uses_total_ = program_->uses(vars.size() - 1);
  }

  const R& base() const { return base_; }
  const std::string& predicate() const { return program_->source(); }

  int arity() const { return base_.arity(); }
  std::vector<std::string> coordinate_names() const { return base_.coordinate_names(); }
  std::vector<core::CoordinateRange> coordinate_ranges() const { return core::coordinate_ranges(base_); }
  std::string name() const { return base_.name() + " forbidding " + program_->source(); }
  std::string check(const Position& pos) const { return base_.check(pos); }

  // True when moving into `pos` is illegal. A game of variable arity (take-and-break: a move may
  // leave more or fewer heaps) names its first arity() coordinates, missing ones read as 0;
  // total counts them all.
  bool forbidden(const Position& pos) const {
    std::int64_t vars[core::kMaxCoords + 1];
    const int n = base_.arity();
    for (int i = 0; i < n; ++i) vars[i] = i < pos.size() ? pos[i] : 0;
    vars[n] = uses_total_ ? pos.total() : 0;
    try {
      return program_->eval({vars, static_cast<std::size_t>(n + 1)}) != 0;
    } catch (const expr::EvalError& e) {
      throw runtime::UserError("--forbid " + shown(program_->source()) + " at " + core::to_string(pos) + ": " +
                               e.what());
    }
  }

  // The expression as error messages echo it: quoted, and cut after 60 characters (an
  // expression may be 4096 long; the column in the message locates the fault).
  static std::string shown(const std::string& source) {
    return "'" + source.substr(0, 60) + (source.size() > 60 ? "...'" : "'");
  }

  template <class Sink>
  void for_each_option(const Position& pos, Sink&& sink) const {
    base_.for_each_option(pos, [&](const Position& opt) {
      if (!forbidden(opt)) sink(opt);
    });
  }

  std::int64_t rank(const Position& pos) const
    requires core::RankedRuleset<R>
  {
    return base_.rank(pos);
  }
  bool has_rank() const { return core::has_rank(base_); }
  bool variable_arity() const { return core::variable_arity(base_); }
  bool options_precede() const { return core::options_precede(base_); }
  Box reach_box(const Box& box) const { return core::reach_box(base_, box); }

 private:
  R base_;
  std::shared_ptr<const expr::Program> program_;
  bool uses_total_ = false;
};

}  // namespace grundy::transforms
