#include "games/subtraction.hpp"


#include <algorithm>

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
    throw core::UserError("-p set=" + p.get("set").substr(0, 60) + ": repeated element " +
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
  return f;
}

}  // namespace grundy::games
