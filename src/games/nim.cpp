#include "games/nim.hpp"

#include <algorithm>

#include "runtime/errors.hpp"

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

std::optional<core::ClosedForm> closed_form_of(const Nim& nim, const core::Position& pos, core::Evaluation eval) {
  std::int64_t x = 0, largest = 0;
  for (int i = 0; i < nim.heaps(); ++i) {
    x ^= pos[i];
    largest = std::max(largest, pos[i]);
  }
  switch (eval) {
    case core::Evaluation::Grundy:
      if (x >= static_cast<std::int64_t>(core::kNoValue))
        throw runtime::UserError("G = " + std::to_string(x) + ", the xor of the heaps, is beyond the largest value " +
                                 std::to_string(core::kNoValue - 1) + " grundy stores; its outcome is N");
      return core::ClosedForm{static_cast<core::Value>(x), "closed form: Bouton, the xor of the heaps"};
    case core::Evaluation::NormalOutcome:
      return core::ClosedForm{x != 0 ? 1u : 0u, "closed form: Bouton, P iff the xor of the heaps is 0"};
    case core::Evaluation::MisereOutcome:
      return core::ClosedForm{
          (largest <= 1 ? x == 1 : x == 0) ? 0u : 1u,
          "closed form: Bouton's misere rule, with every heap <= 1 P iff the xor is 1, else iff it is 0"};
  }
  return std::nullopt;
}

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
  f.arity_param = "heaps";
  return f;
}

}  // namespace grundy::games
