#pragma once

// Misère quotients of heap games (Plambeck, "Taming the wild in impartial combinatorial games",
// INTEGERS 5 (2005); Plambeck and Siegel, "Misère quotients for impartial games", JCTA 115
// (2008)). A position of a heap game is a multiset of heaps; two positions G and H are
// indistinguishable when G + X and H + X have the same misère outcome for every position X of
// the game restricted to heaps 0..N-1. The classes form a commutative monoid (the quotient;
// finite for most games, not for all: 0.3122 on heaps 0..7) with a P-portion: the misère
// outcome of any position, of any number of heaps, is whether the product of its heaps'
// elements lies in the P-portion.
//
// How it is computed, and why the answer is exact. Heap bound by heap bound, the quotient of
// heaps 0..n is sought first without solving positions: heap n as an element of the quotient of
// heaps 0..n-1 (Siegel's conservative extension), then that quotient times a cyclic monoid for
// heap n, its outcomes read off one position of each element and divided by indistinguishability,
// with heaps of the positions it predicts wrongly made generators of their own until it predicts
// them rightly (Plambeck and Siegel's construction). Failing that, the quotient is learnt as the
// minimal automaton of the set of misère P-positions, read heap by heap, with membership queries
// (Angluin's L*, with Rivest and Schapire's counterexamples), each query a whole-position misère
// solve with memo (the quotient of heaps 0..n-1 answers every query on heaps below n at once). A candidate is accepted
// only when it is certified: its transitions commute (so every position has one element), and a search over every pair
// (element of a position, set of elements of its options) the game can reach shows that the
// candidate's P-portion obeys the misère rule everywhere (a position is P exactly when it has
// options and none of them is P); the positions of heaps below n are not searched again when the
// candidate predicts them as the certified quotient of those heaps does. By induction on
// positions the candidate then predicts every outcome, and since its elements are told apart by
// actual outcomes it is the quotient itself.

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/model/function_ref.hpp"
#include "runtime/limits.hpp"

namespace grundy::analysis {

// The moves of one heap n >= 1, each as the heaps it leaves (sizes >= 1, any count), passed to
// sink(parts, count).
using HeapMoves = std::function<void(std::int64_t n, core::FunctionRef<void(const std::int64_t*, int)> sink)>;

// Passes shared by the whole position, as the transform --pass makes them (WithPass): `count`
// of them, each leaving the heaps as they are; one may be made from a position with a heap move
// only, unless `from_terminal`. A position is then its heaps and the passes left, and two heap
// positions are indistinguishable when they are so with every count of passes left: the quotient
// has one P-portion for each count.
struct SharedPasses {
  int count = 0;
  bool from_terminal = false;
};

// The largest heap bound a quotient takes (its positions hold their heaps in 16 bits).
inline constexpr std::int64_t kLargestHeapBound = 65535;

struct MisereQuotient {
  SharedPasses passes;          // the game's passes; none for the game itself
  std::int64_t asked = 0;       // the heap bound asked: heaps 0..asked-1
  std::int64_t size = 0;        // the heap bound reached: heaps 0..size-1 (== asked unless stopped)
  std::string stopped;          // why it stopped before the bound asked; empty when it did not
  bool memory_reached = false;  // the stop was the memory limit's, not a deadline's or a cancel's
  // product[x][y]; element 0 is the identity, the class of the empty position.
  std::vector<std::vector<int>> product;
  // Whether the positions of element x are P (misère) with every pass still to be made, and
  // p_portion_left[p] the same with p passes left (p_portion_left.back() is p_portion).
  std::vector<bool> p_portion;
  std::vector<std::vector<bool>> p_portion_left;
  std::vector<int> heap_element;                // the pretending function: heap n -> its element
  std::vector<std::vector<std::int64_t>> word;  // a small position of each element, heaps increasing
  std::vector<int> order_at;                    // order_at[n]: the order of the quotient of heaps 0..n

  int order() const { return static_cast<int>(product.size()); }
  int p_count() const;
  // The heap bound from which the quotient stays the same: the least n with the quotient of heaps
  // 0..n the same monoid as that of heaps 0..size-1 (its order stops growing there, and a
  // quotient of heaps 0..n with the order of that of 0..n-1 is the same monoid).
  std::int64_t same_since() const;
  // Whether it was seen to stabilise: complete, and the quotient of heaps 0..m-1 is the same
  // monoid for m = N and some m <= N/2 (observed, not proven: a larger heap may still add to it).
  bool stable_observed() const { return stopped.empty() && 2 * (same_since() + 1) <= size; }
  // The element of a position of heaps below `size` (any order, zeros allowed).
  int element_of(const std::vector<std::int64_t>& heaps) const;
  // Its misère outcome with every pass still to be made, or with `passes_left`: whether it is a
  // P-position.
  bool is_p(const std::vector<std::int64_t>& heaps) const { return p_portion[element_of(heaps)]; }
  bool is_p(const std::vector<std::int64_t>& heaps, int passes_left) const {
    return p_portion_left[static_cast<std::size_t>(passes_left)][static_cast<std::size_t>(element_of(heaps))];
  }
};

// A presentation of a quotient, in Plambeck and Siegel's notation. The generators a, b, c, ...
// are heaps, smallest first: those whose elements the earlier ones do not produce, less any the
// others produce. Each element's normal form is its least product of generators under the
// degree-lexicographic order (fewest factors, then most of the earlier generators): an exponent
// for each generator. The relations rewrite every product that is not a normal form, though each
// of its proper divisors is, to its element's normal form; products rewritten so reach the normal
// form of their element (the order is compatible with products), so these relations present the
// quotient. Those implied by the relations before them are then left out.
struct Presentation {
  using Monomial = std::vector<int>;                     // an exponent for each generator
  std::vector<std::int64_t> generator_heap;              // generator i is the element of this heap
  std::vector<Monomial> normal_form;                     // normal_form[x]: element x's
  std::vector<std::pair<Monomial, Monomial>> relations;  // left = right, right a normal form

  // "a", ..., "z", then "g27", "g28", ...
  static std::string name(std::size_t generator);
  // "1" for the identity, "ab^2c" otherwise; with latex, "ab^{2}c".
  static std::string word(const Monomial& m, bool latex = false);
  std::string element(int x, bool latex = false) const { return word(normal_form[static_cast<std::size_t>(x)], latex); }
};

Presentation presentation_of(const MisereQuotient& q);

// The quotient of the game, with its shared passes, restricted to heaps 0..size-1 (size >= 1). A
// stop of `limits` (the deadline, a cancel) or its memory reached ends the computation with the
// quotient of the last heap bound completed, `stopped` saying why.
MisereQuotient misere_quotient(const HeapMoves& moves, SharedPasses passes, std::int64_t size,
                               const runtime::Limits& limits);

}  // namespace grundy::analysis
