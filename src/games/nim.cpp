#include "games/nim.hpp"

namespace grundy::games {

std::vector<std::string> heap_names(int heaps) {
  if (heaps <= 3) {
    std::vector<std::string> xyz = {"x", "y", "z"};
    return {xyz.begin(), xyz.begin() + heaps};
  }
  std::vector<std::string> names;
  for (int i = 1; i <= heaps; ++i) names.push_back("x" + std::to_string(i));
  return names;
}

std::string Nim::check(const Position& pos) const {
  const auto names = coordinate_names();
  for (int i = 0; i < heaps_; ++i)
    if (pos[i] < 0) return "heap " + names[i] + " = " + std::to_string(pos[i]) + " is negative; heaps are >= 0";
  return "";
}

}  // namespace grundy::games

#include "games/nim_solver.hpp"
#include "games/registry.hpp"

namespace grundy::games {

Family nim_family() {
  Family f;
  f.name = "nim";
  f.summary = "Nim: take any number of stones from one heap; G = xor of the heaps";
  f.example = "nim -p heaps=3";
  f.params = {{"heaps", "number of heaps, 1..15", "3"}};
  f.coordinates = [](const Params& p) { return heap_names(static_cast<int>(p.get_int("heaps", 1, 15))); };
  f.make = [](const Params& p, const Transforms& t) {
    return with_transforms(Nim(static_cast<int>(p.get_int("heaps", 1, 15))), t);
  };
  return f;
}

}  // namespace grundy::games
