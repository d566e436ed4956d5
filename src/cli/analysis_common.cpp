#include "cli/analysis_common.hpp"

#include <map>

namespace grundy::cli {

core::Box size_box(const core::Game& game, const GameOptions& o, std::int64_t size) {
  core::Position extent(game.arity());
  for (int i = 0; i < game.arity(); ++i) extent[i] = size;
  const int p = pass_coordinate(game, o);
  if (p >= 0) extent[p] = (o.pass ? 1 : o.passes) + 1;
  return core::Box(extent);
}

int pass_coordinate(const core::Game& game, const GameOptions& o) {
  return o.pass || o.passes > 0 ? game.arity() - 1 : -1;
}

std::vector<bool> total_coordinates(const core::Game& game, const GameOptions& o) {
  std::vector<bool> in(static_cast<std::size_t>(game.arity()), true);
  const int p = pass_coordinate(game, o);
  if (p >= 0) in[static_cast<std::size_t>(p)] = false;
  return in;
}

std::string box_text(const std::vector<std::string>& names, const core::Box& box) {
  std::string s;
  for (int i = 0; i < box.arity();) {
    int j = i;
    std::string group = names[static_cast<std::size_t>(i)];
    while (j + 1 < box.arity() && box.extent(j + 1) == box.extent(i)) group += "," + names[static_cast<std::size_t>(++j)];
    s += (s.empty() ? "" : ", ") + group + " in 0.." + std::to_string(box.extent(i) - 1);
    i = j + 1;
  }
  return s;
}

std::optional<analysis::SubtractionSeq> subtraction_seq(const GameOptions& o) {
  if (o.family != "subtraction" || !o.forbid.empty() || o.misere) return std::nullopt;
  const games::GameSpec spec = o.spec();
  (void)games::make_game(spec);  // every parameter and transform checked as for any command
  std::map<std::string, std::string> values(spec.params.begin(), spec.params.end());
  analysis::SubtractionSeq s{games::subtraction_from_params(games::Params("subtraction", std::move(values))),
                             spec.transforms.passes, spec.transforms.pass_from_terminal};
  return s;
}

}  // namespace grundy::cli
