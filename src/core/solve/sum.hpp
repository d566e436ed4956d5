#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/model/ruleset.hpp"
#include "core/solve/game.hpp"
#include "runtime/errors.hpp"

namespace grundy::core {

// The disjunctive sum G + H: a move is a move in exactly one component. Coordinates are G's
// then H's. Sprague-Grundy gives G(a + b) = G(a) xor G(b), which the generic tests check on
// random sums; wrapped in WithPass it is Definition 11 of the chocolate paper (a shared pass).
template <Ruleset A, Ruleset B>
class Sum {
 public:
  // Components of variable arity (take-and-break games) are refused: coordinates are split
  // between the components by their arities.
  Sum(A a, B b) : a_(std::move(a)), b_(std::move(b)) {
    if (variable_arity(a_) || variable_arity(b_))
      throw runtime::UserError(
          "sum: " + (variable_arity(a_) ? a_.name() : b_.name()) +
          " cannot be a component (a move may change its number of heaps); a take-and-break position "
          "is a sum of heaps already: give them with -p heaps=K");
  }

  const A& first() const { return a_; }
  const B& second() const { return b_; }

  int arity() const { return a_.arity() + b_.arity(); }

  // Component names are kept when they differ (one-heap nim x + chocolate (y, z) reads x,y,z);
  // clashing names get the component number appended (x1, x2).
  std::vector<std::string> coordinate_names() const {
    auto na = a_.coordinate_names();
    auto nb = b_.coordinate_names();
    bool clash = false;
    for (const auto& s : na) clash = clash || std::find(nb.begin(), nb.end(), s) != nb.end();
    std::vector<std::string> out;
    for (const auto& s : na) out.push_back(clash ? s + "1" : s);
    for (const auto& s : nb) out.push_back(clash ? s + "2" : s);
    return out;
  }

  std::vector<CoordinateRange> coordinate_ranges() const {
    auto r = core::coordinate_ranges(a_);
    const auto rb = core::coordinate_ranges(b_);
    r.insert(r.end(), rb.begin(), rb.end());
    return r;
  }

  std::string name() const { return "sum(" + a_.name() + ", " + b_.name() + ")"; }

  std::string check(const Position& pos) const {
    if (pos.size() != arity()) return "expected " + std::to_string(arity()) + " coordinates";
    std::string e = a_.check(pos.slice(0, a_.arity()));
    if (!e.empty()) return "first component: " + e;
    e = b_.check(pos.slice(a_.arity(), b_.arity()));
    if (!e.empty()) return "second component: " + e;
    return "";
  }

  template <class Sink>
  void for_each_option(const Position& pos, Sink&& sink) const {
    const int na = a_.arity(), nb = b_.arity();
    const Position pb = pos.slice(na, nb);
    a_.for_each_option(pos.slice(0, na), [&](const Position& opt) {
      Position o = opt;
      for (int i = 0; i < nb; ++i) o.push_back(pb[i]);
      sink(o);
    });
    b_.for_each_option(pb, [&](const Position& opt) {
      Position o = pos;
      for (int i = 0; i < nb; ++i) o[na + i] = opt[i];
      sink(o);
    });
  }

  std::int64_t rank(const Position& pos) const
    requires RankedRuleset<A> && RankedRuleset<B>
  {
    return a_.rank(pos.slice(0, a_.arity())) + b_.rank(pos.slice(a_.arity(), b_.arity()));
  }
  bool has_rank() const { return core::has_rank(a_) && core::has_rank(b_); }

  bool options_precede() const { return core::options_precede(a_) && core::options_precede(b_); }

  Box reach_box(const Box& box) const {
    const int na = a_.arity(), nb = b_.arity();
    Position e = core::reach_box(a_, Box(box.extents().slice(0, na))).extents();
    Position eb = core::reach_box(b_, Box(box.extents().slice(na, nb))).extents();
    for (int i = 0; i < nb; ++i) e.push_back(eb[i]);
    return Box(e);
  }

 private:
  A a_;
  B b_;
};

// A sum of two games is the pair of them (core::Game::sum_components): the value oracle answers
// its positions by the xor of theirs, each by its own fastest route.
inline std::optional<std::pair<Game, Game>> sum_components_of(const Sum<Game, Game>& s) {
  return std::pair<Game, Game>{s.first(), s.second()};
}

}  // namespace grundy::core
