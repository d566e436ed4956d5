#pragma once

#include <cstdint>
#include <string_view>

namespace grundy::core {

// Outcome classes (Definition 3 of the chocolate paper). Under normal play P <=> Grundy value 0.
// Under misere play (the player who makes the last move loses) outcomes are evaluated directly:
// misere is a way of evaluating a game, not a ruleset.
enum class Outcome : std::uint8_t { P = 0, N = 1, None = 2 };

enum class Play : std::uint8_t { Normal, Misere };

inline std::string_view to_string(Outcome o) { return o == Outcome::P ? "P" : o == Outcome::N ? "N" : "-"; }

}  // namespace grundy::core
