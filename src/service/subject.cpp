#include "service/subject.hpp"

#include "core/model/parse.hpp"

namespace grundy::service {

Subject subject_of(games::GameSpec spec) {
  core::Game game = games::make_game(spec);
  const core::Evaluation eval = spec.transforms.misere ? core::Evaluation::MisereOutcome : core::Evaluation::Grundy;
  return {std::move(game), eval, std::move(spec)};
}

std::optional<games::SubtractionGame> subtraction_of(const Subject& s) {
  if (!s.spec) return std::nullopt;
  const games::Family& f = games::find_family(s.spec->family);
  return f.subtraction ? f.subtraction(*s.spec) : std::nullopt;
}

std::optional<games::OctalCode> octal_of(const Subject& s) {
  if (!s.spec || s.eval != core::Evaluation::Grundy) return std::nullopt;
  const games::Family& f = games::find_family(s.spec->family);
  return f.octal ? f.octal(*s.spec) : std::nullopt;
}

core::Position position_of(const core::Game& game, const std::string& text) {
  core::Position p = game.parse_position(text);
  // Without its pass counter a position has every pass still available, the papers' main case.
  const auto ranges = game.coordinate_ranges();
  if (p.size() + 1 == game.arity() && ranges.back().pass_counter) p.push_back(ranges.back().max);
  const std::string why = game.check(p);
  if (!why.empty()) {
    std::string names;
    for (const auto& n : game.coordinate_names()) names += (names.empty() ? "" : ",") + n;
    throw runtime::UserError("position " + text.substr(0, 60) + " is not a position of " + game.name() + ": " + why +
                             " (coordinates: " + names + ")");
  }
  return p;
}

}  // namespace grundy::service
