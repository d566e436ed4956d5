#pragma once

// The misère quotient of a heap game (analysis/misere_quotient.hpp): a take-and-break code
// (octal, hexadecimal, with "!") or a subtraction game, with or without shared passes, without
// --forbid; its family says which heap game it is (service::octal_of, service::subtraction_of).
// `quotient` of the CLI takes this route.

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "analysis/misere_quotient.hpp"
#include "runtime/errors.hpp"
#include "runtime/limits.hpp"
#include "service/subject.hpp"

namespace grundy::service {

// The moves of one heap of the subject's heap game, or nothing for a game the quotient does not
// cover; heap_moves_of says what it covers in a UserError instead.
std::optional<analysis::HeapMoves> heap_game_of(const Subject& s);
analysis::HeapMoves heap_moves_of(const Subject& s);

// The misère positions the quotient answers for `value`, `moves`, `play` and `ppos`: those of a
// heap game of two heaps or more, or of one heap that moves split (a heap that never splits stays
// one, and the solvers sweep it to sizes no quotient reaches); the heap moves when it does. The
// quotient they take is held to kRouteMemory; past it (0.3122 has an infinite one), the
// whole-position solvers answer.
std::optional<analysis::HeapMoves> misere_positions_by_quotient(const Subject& s);
constexpr std::uint64_t kRouteMemory = std::uint64_t{64} << 20;
// The quotient those routes answer from: heaps 0..size-1 (size at most
// analysis::kLargestHeapBound) within kRouteMemory and `memory_limit`, or nothing when it needs
// more, with `why` saying so ("the misere quotient of heaps 0..40 needs more than 64 MiB"); a
// deadline or a cancel stops the question with runtime::Interrupted, as on any route.
std::optional<analysis::MisereQuotient> route_quotient(const Subject& s, const analysis::HeapMoves& moves,
                                                       std::int64_t size, std::uint64_t memory_limit, std::string& why);
// What `solve`, the whole-position route that answers once the quotient gave up (`why`, empty
// when it did not), returns; when it refuses too, its one line says why the quotient did not
// answer either.
template <class Solve>
auto after_quotient(const std::string& why, Solve&& solve) {
  if (why.empty()) return solve();
  try {
    return solve();
  } catch (const runtime::TooLarge& e) {
    throw runtime::TooLarge(std::string(e.what()) + "; " + why);
  } catch (const runtime::UserError& e) {
    throw runtime::UserError(std::string(e.what()) + "; " + why);
  }
}
// Whether the last coordinate of the subject's positions counts the passes left.
bool has_pass_counter(const Subject& s);
// Whether `pos`, a position of such a game (its heaps, then the passes left when pass_counter),
// is a misère P-position by `q`; its heaps go through `heaps`, a buffer kept from one position to
// the next. Every heap below q.size.
bool quotient_p(const analysis::MisereQuotient& q, const core::Position& pos, bool pass_counter,
                std::vector<std::int64_t>& heaps);
// How those routes name themselves: "misere quotient of heaps 0..19, order 8".
std::string quotient_route(const analysis::MisereQuotient& q);

// The quotient of heaps 0..size-1, or as far as `limits` let it go (the result says so).
analysis::MisereQuotient quotient(const Subject& s, std::int64_t size, const runtime::Limits& limits);

// A position of the quotient's element x: "0" for the empty position, "2+2+3" otherwise.
std::string element_text(const analysis::MisereQuotient& q, int x);

// Positions of any number of heaps, each "3,5,7" (a heap list, every heap below `size`), as the
// faces take them; a UserError naming `what` and the bound otherwise.
std::vector<std::vector<std::int64_t>> parse_heap_lists(const std::vector<std::string>& texts, std::int64_t size,
                                                        const std::string& what);

// The JSON of `quotient --format json`: game, asked, size, complete, stopped, passes,
// pass_from_terminal, order, p_count, same_since, stable ("observed" or "not observed"), orders
// (the order at each heap bound), heaps (heap -> element id), generators (name, heap), relations
// ([left, right] words), pretending (heap -> element word), elements (each with its id, word, a
// position, whether it is P and, with passes, p_with_passes_left: that with 0, 1, ... passes
// left), product (the table of ids); with `positions`, positions: each one's heaps, element (a
// word) and whether it is P with every pass to be made (null for both when a stop left one of its
// heaps beyond the quotient).
void write_quotient_json(std::ostream& out, const std::string& game, const analysis::MisereQuotient& q,
                         const std::vector<std::vector<std::int64_t>>& positions = {});

}  // namespace grundy::service
