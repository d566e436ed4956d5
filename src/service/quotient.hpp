#pragma once

// The misère quotient of a heap game (analysis/misere_quotient.hpp): a take-and-break code
// (octal, hexadecimal, with "!") or a subtraction game, with or without shared passes, without
// --forbid; its family says which heap game it is (service::octal_of, service::subtraction_of).
// `quotient` of the CLI takes this route.

#include <cstdint>
#include <iosfwd>
#include <string>

#include "analysis/misere_quotient.hpp"
#include "runtime/limits.hpp"
#include "service/subject.hpp"

namespace grundy::service {

// The moves of one heap of the subject's heap game; a UserError naming the games the quotient
// covers for any other game.
analysis::HeapMoves heap_moves_of(const Subject& s);

// The quotient of heaps 0..size-1, or as far as `limits` let it go (the result says so).
analysis::MisereQuotient quotient(const Subject& s, std::int64_t size, const runtime::Limits& limits);

// A position of the quotient's element x: "0" for the empty position, "2+2+3" otherwise.
std::string element_text(const analysis::MisereQuotient& q, int x);

// The JSON of `quotient --format json`: game, asked, size, complete, stopped, passes,
// pass_from_terminal, order, p_count,
// same_since, stable ("observed" or "not observed"), orders (the order at each heap bound), heaps
// (heap -> element id), generators (name, heap), relations ([left, right] words), pretending
// (heap -> element word), elements (each with its id, word, a position, whether it is P and,
// with passes, p_with_passes_left: that with 0, 1, ... passes left), product (the table of ids).
void write_quotient_json(std::ostream& out, const std::string& game, const analysis::MisereQuotient& q);

}  // namespace grundy::service
