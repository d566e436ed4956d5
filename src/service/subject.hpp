#pragma once

// The service floor (src/service/): what every face asks the engine for, as typed requests and
// results. The CLI, the explorer's server, the Python module and the atlas parse their own
// syntax into these requests, run them under the Limits they built from their own flags, and
// format the results (the analyses' JSON writers are here, shared); none of them reaches into
// another face, and none tells a family by its name: what a family can do, its family says
// (games/registry.hpp).
//
// A Subject is the game a request is about, however the face named it.

#include <optional>
#include <string>

#include "core/solve/game.hpp"
#include "games/octal.hpp"
#include "games/registry.hpp"
#include "games/subtraction.hpp"

namespace grundy::service {

struct Subject {
  core::Game game;
  core::Evaluation eval = core::Evaluation::Grundy;  // or MisereOutcome
  // The family, parameters and transforms, when it has them; a game composed in Python (a
  // ruleset written in Python, a sum of games) has none.
  std::optional<games::GameSpec> spec;
};

// The subject a spec names (its parameters and transforms checked), evaluated under misere
// play when the spec says --misere.
Subject subject_of(games::GameSpec spec);

// A position of the game written "3,5,7", checked: a UserError naming the position and what is
// wrong with it. A position of a game with passes may leave out its last pass counter: all
// passes available, the papers' main case.
core::Position position_of(const core::Game& game, const std::string& text);

// The subject's family's own forms (games::Family), when it has a spec and its family has them:
// the one-heap subtraction game it is, and the take-and-break code.
std::optional<games::SubtractionGame> subtraction_of(const Subject& s);
std::optional<games::OctalCode> octal_of(const Subject& s);

}  // namespace grundy::service
