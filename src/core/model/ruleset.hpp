#pragma once

// The Ruleset concept: what a game family must provide for the solvers.
//
// Required (CGSuite's ImpartialGame needs only its options; everything else is derived):
//   int arity() const                          number of coordinates of a position
//   std::vector<std::string> coordinate_names() const   in the papers' order (x, y, z, p ...)
//   std::string name() const                   e.g. "nim(heaps=3)", used in headers and files
//   std::string check(const Position&) const   "" if the position belongs to the game, else one
//                                              line saying which coordinate is wrong and why
//   void for_each_option(const Position&, F&& sink) const
//                                              calls sink(const Position&) once per option; the
//                                              sink is a template parameter so enumeration never
//                                              allocates (CGSuite's Traversal)
//
// Optional capabilities that let solvers choose faster strategies:
//   std::int64_t rank(const Position&) const   strictly decreases along every move; the dense
//                                              solver sweeps a box in rank order with it
//   bool options_precede() const               every option is lexicographically smaller than its
//                                              position (so has a smaller row-major index in any
//                                              box): a box is then swept straight in index order
//   Box reach_box(const Box&) const            a box holding every position reachable from the
//                                              given one (default: the box itself, for games
//                                              whose moves only decrease coordinates)
//   bool variable_arity() const                options may have more or fewer coordinates than
//                                              the position (take-and-break games: a move
//                                              leaves 0 to 3 heaps in place of one). Such games
//                                              are never swept as a box (no rank, no order of
//                                              options): the memo solver or a fast route solves
//                                              them, and a sum refuses them as components
//   std::vector<CoordinateRange> coordinate_ranges() const
//                                              per coordinate, the largest value any position
//                                              may hold and whether it counts passes (default:
//                                              unbounded, not a pass counter); boxes are cut to
//                                              these ranges, so no cell is asked for that the
//                                              game cannot hold

#include <concepts>
#include <cstdint>
#include <string>
#include <vector>

#include "core/model/box.hpp"
#include "core/model/position.hpp"

namespace grundy::core {

namespace detail {
inline void concept_probe_sink(const Position&) {}
}  // namespace detail

inline constexpr std::int64_t kUnbounded = INT64_MAX;

// The values one coordinate takes: 0..max. A pass counter (the p of WithPass, one per pass
// transform, so a sum whose components have passes of their own has several) runs over 0..K,
// the passes still available; formulas leave it out of `total`, tables pin it at K by default.
struct CoordinateRange {
  std::int64_t max = kUnbounded;
  bool pass_counter = false;

  friend bool operator==(const CoordinateRange&, const CoordinateRange&) = default;
};

template <class R>
concept Ruleset = requires(const R& r, const Position& p) {
  { r.arity() } -> std::convertible_to<int>;
  { r.coordinate_names() } -> std::convertible_to<std::vector<std::string>>;
  { r.name() } -> std::convertible_to<std::string>;
  { r.check(p) } -> std::convertible_to<std::string>;
  r.for_each_option(p, detail::concept_probe_sink);
};

template <class R>
concept RankedRuleset = Ruleset<R> && requires(const R& r, const Position& p) {
  { r.rank(p) } -> std::convertible_to<std::int64_t>;
};

template <class R>
bool options_precede(const R& r) {
  if constexpr (requires { r.options_precede(); })
    return r.options_precede();
  else
    return false;
}

template <class R>
Box reach_box(const R& r, const Box& box) {
  if constexpr (requires { r.reach_box(box); })
    return r.reach_box(box);
  else
    return box;
}

template <class R>
std::vector<CoordinateRange> coordinate_ranges(const R& r) {
  if constexpr (requires { r.coordinate_ranges(); })
    return r.coordinate_ranges();
  else
    return std::vector<CoordinateRange>(static_cast<std::size_t>(r.arity()));
}

template <class R>
bool variable_arity(const R& r) {
  if constexpr (requires { r.variable_arity(); })
    return r.variable_arity();
  else
    return false;
}

template <class R>
bool has_rank(const R& r) {
  if constexpr (requires { r.has_rank(); })
    return r.has_rank();
  else
    return RankedRuleset<R>;
}

}  // namespace grundy::core
