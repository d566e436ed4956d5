#include "games/subtraction.hpp"

#include <algorithm>
#include <functional>
#include <map>

namespace grundy::games {

Subtraction::Subtraction(std::vector<std::int64_t> set) : set_(std::move(set)) {
  std::sort(set_.begin(), set_.end());
}

std::string Subtraction::name() const {
  std::string s = "subtraction(set=";
  for (std::size_t i = 0; i < set_.size(); ++i) s += (i ? "," : "") + std::to_string(set_[i]);
  return s + ")";
}

std::string Subtraction::check(const Position& pos) const {
  if (pos[0] < 0) return "heap x = " + std::to_string(pos[0]) + " is negative; heaps are >= 0";
  return "";
}

}  // namespace grundy::games

#include "games/registry.hpp"
#include "games/subtraction_solver.hpp"

namespace grundy::games {

Subtraction subtraction_from_params(const Params& p) {
  auto set = p.get_int_list("set", 1, std::int64_t{1} << 40);
  std::sort(set.begin(), set.end());
  if (std::adjacent_find(set.begin(), set.end()) != set.end())
    throw runtime::UserError("-p set=" + p.get("set").substr(0, 60) + ": repeated element " +
                             std::to_string(*std::adjacent_find(set.begin(), set.end())));
  return Subtraction(std::move(set));
}

Family subtraction_family() {
  Family f;
  f.name = "subtraction";
  f.summary = "one heap x; a move removes s stones for some s in the subtraction set";
  f.example = "subtraction -p set=2,12,14";
  f.params = {{"set", "the subtraction set: distinct positive integers, e.g. 1,2,3 or {1,2,3}", ""}};
  f.coordinates = [](const Params&) { return std::vector<std::string>{"x"}; };
  f.make = [](const Params& p, const Transforms& t) { return with_transforms(subtraction_from_params(p), t); };
  f.subtraction = [](const GameSpec& spec) -> std::optional<SubtractionGame> {
    if (!spec.transforms.forbid.empty() || spec.transforms.misere) return std::nullopt;
    return SubtractionGame{subtraction_from_params(params_of(spec)), spec.transforms.passes,
                           spec.transforms.pass_from_terminal};
  };
  // The atlas's subtraction games: every set of 1 .. --sizes moves in 1 .. --max.
  f.atlas = AtlasSweep{
      {{"max", "subtraction: moves from 1 to M", 24, 1, 64}, {"sizes", "subtraction: sets of 1 to K moves", 3, 1, 6}},
      [](const std::map<std::string, std::int64_t>& o) {
        std::vector<std::string> out;
        std::vector<std::int64_t> set;
        std::function<void(std::int64_t, std::int64_t)> grow = [&](std::int64_t from, std::int64_t left) {
          if (left == 0) {
            std::string text;
            for (const std::int64_t m : set) text += (text.empty() ? "" : ",") + std::to_string(m);
            out.push_back("subtraction -p set=" + text);
            return;
          }
          for (std::int64_t m = from; m <= o.at("max"); ++m) {
            set.push_back(m);
            grow(m + 1, left - 1);
            set.pop_back();
          }
        };
        for (std::int64_t k = 1; k <= o.at("sizes"); ++k) grow(1, k);
        return out;
      },
      [](const std::map<std::string, std::int64_t>& o) {
        return "sets of 1.." + std::to_string(o.at("sizes")) + " moves in 1.." + std::to_string(o.at("max"));
      }};
  return f;
}

}  // namespace grundy::games
