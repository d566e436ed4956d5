#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/model/position.hpp"

namespace grundy::core {

// Strict decimal integer in [min, max]: optional sign, digits, nothing else. Throws UserError
// "<what> = '<text>': <reason>; allowed <min>..<max>".
std::int64_t parse_int(std::string_view text, std::string_view what, std::int64_t min, std::int64_t max);

// Comma-separated integers ("2,12,14"), or the same as a set literal ("{2,12,14}", blanks
// allowed around the items, as in the expression language). Empty items, trailing commas, an
// empty set and braces anywhere but around the whole list are errors.
std::vector<std::int64_t> parse_int_list(std::string_view text, std::string_view what, std::int64_t min,
                                         std::int64_t max);

// Two sizes written RxC ("5x9": a board's rows and columns), each in 1..max_rows and
// 1..max_columns; a UserError "<what> = '<text>': expected RxC" or naming the size out of range.
std::pair<std::int64_t, std::int64_t> parse_rxc(std::string_view text, std::string_view what, std::int64_t max_rows,
                                                std::int64_t max_columns);

// A position as the CLI takes it: "3,5,7,1". Coordinates are bounded by 2^62 so that sums of a
// few of them (the FTS total) cannot overflow.
Position parse_position(std::string_view text);

// A memory size, "512M", "16G" or "1048576", in bytes (1 .. 2^50). Throws UserError naming
// --max-memory, the flag every face spells this size with (max_memory= in Python).
std::uint64_t parse_memory_size(std::string_view text);

}  // namespace grundy::core
