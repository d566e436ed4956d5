#pragma once

// The atlas families the tests sweep, by the options `atlas run` takes: each asks the family
// in the registry for its games, as the command does.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "atlas/atlas.hpp"
#include "games/registry.hpp"

namespace atlas_families {

inline std::vector<grundy::atlas::AtlasGame> games_of(const std::string& family,
                                                      const std::map<std::string, std::int64_t>& options,
                                                      const std::vector<int>& passes = {0}, bool misere = false) {
  return grundy::atlas::family_games(grundy::games::find_family(family), options, passes, misere);
}

// Every set of 1 .. `sizes` distinct moves in 1 .. `max`, each with its variants.
inline std::vector<grundy::atlas::AtlasGame> subtraction(int max, int sizes, const std::vector<int>& passes,
                                                         bool misere = false) {
  return games_of("subtraction", {{"max", max}, {"sizes", sizes}}, passes, misere);
}

// The octal codes of 1 .. `digits` digits after "0.", the last not 0.
inline std::vector<grundy::atlas::AtlasGame> octal(int digits) { return games_of("octal", {{"digits", digits}}); }

inline std::vector<grundy::atlas::AtlasGame> fts(int piles, int d_max, const std::vector<int>& passes,
                                                 bool misere = false) {
  return games_of("fts", {{"piles", piles}, {"d-max", d_max}}, passes, misere);
}

inline std::vector<grundy::atlas::AtlasGame> chocolate(int coefficients, int divisors, const std::vector<int>& passes,
                                                       bool misere = false) {
  return games_of("chocolate", {{"coefficients", coefficients}, {"divisors", divisors}}, passes, misere);
}

inline std::vector<grundy::atlas::AtlasGame> leaper(int max, const std::vector<int>& passes, bool misere = false) {
  return games_of("leaper", {{"max", max}}, passes, misere);
}

}  // namespace atlas_families
