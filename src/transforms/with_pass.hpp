#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "core/model/ruleset.hpp"

namespace grundy::transforms {

using core::Box;
using core::Position;

// A ruleset with k shared passes (Definition 10 of the chocolate paper, and the one-time pass of
// the subtraction paper). The position gains a last coordinate p = passes still available. A pass
// takes p to p-1 and changes nothing else. As all the seed papers define it, a pass is not
// allowed from a terminal position of the underlying game (one with no other move), unless
// `from_terminal` is set. Wrapping a sum gives Definition 11's sum with a shared pass.
template <core::Ruleset R>
class WithPass {
 public:
  explicit WithPass(R base, int passes = 1, bool from_terminal = false)
      : base_(std::move(base)), passes_(passes), from_terminal_(from_terminal) {}

  const R& base() const { return base_; }
  int passes() const { return passes_; }
  bool from_terminal() const { return from_terminal_; }

  int arity() const { return base_.arity() + 1; }

  // p, the papers' name; when the wrapped game has a p already (a sum whose component has a
  // pass of its own), the first of p2, p3, ... it does not have: every coordinate keeps a name
  // of its own, so --fix and formulas name one.
  std::vector<std::string> coordinate_names() const {
    auto names = base_.coordinate_names();
    std::string p = "p";
    for (int k = 2; std::find(names.begin(), names.end(), p) != names.end(); ++k) p = "p" + std::to_string(k);
    names.push_back(p);
    return names;
  }

  std::vector<core::CoordinateRange> coordinate_ranges() const {
    auto r = core::coordinate_ranges(base_);
    r.push_back({passes_, true});
    return r;
  }

  std::string name() const {
    std::string s = base_.name() + " + " + (passes_ == 1 ? std::string("pass") : std::to_string(passes_) + " passes");
    return from_terminal_ ? s + " (also from terminal positions)" : s;
  }

  std::string check(const Position& pos) const {
    if (core::variable_arity(base_) ? pos.size() < 1 : pos.size() != arity())
      return "expected " + std::to_string(arity()) + " coordinates";
    const std::int64_t p = pos[pos.size() - 1];
    if (p < 0 || p > passes_)
      return "p = " + std::to_string(p) + " is not a pass count; allowed 0.." + std::to_string(passes_) +
             " (passes still available)";
    return base_.check(pos.slice(0, pos.size() - 1));
  }

  template <class Sink>
  void for_each_option(const Position& pos, Sink&& sink) const {
    const int last = pos.size() - 1;
    const std::int64_t p = pos[last];
    bool any = false;
    base_.for_each_option(pos.slice(0, last), [&](const Position& opt) {
      any = true;
      Position o = opt;
      o.push_back(p);
      sink(o);
    });
    if (p > 0 && (any || from_terminal_)) {
      Position o = pos;
      o[last] = p - 1;
      sink(o);
    }
  }

  // Every move lowers the base rank, or keeps it and lowers p.
  std::int64_t rank(const Position& pos) const
    requires core::RankedRuleset<R>
  {
    const int last = pos.size() - 1;
    return base_.rank(pos.slice(0, last)) * (passes_ + 1) + pos[last];
  }
  bool has_rank() const { return core::has_rank(base_); }
  bool variable_arity() const { return core::variable_arity(base_); }

  bool options_precede() const { return core::options_precede(base_); }

  Box reach_box(const Box& box) const {
    const int last = box.arity() - 1;
    Position base_extent = box.extents().slice(0, last);
    Position e = core::reach_box(base_, Box(base_extent)).extents();
    e.push_back(std::min<std::int64_t>(box.extent(last), passes_ + 1));
    return Box(e);
  }

 private:
  R base_;
  int passes_;
  bool from_terminal_;
};

}  // namespace grundy::transforms
