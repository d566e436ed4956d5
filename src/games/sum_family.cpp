#include "core/solve/sum.hpp"

#include "games/registry.hpp"

namespace grundy::games {

// The disjunctive sum of any two games, each given as a GAME spec string; with --pass the pass
// is shared by the sum (Definition 11 of the chocolate paper), so Theorem 4 can be checked on a
// sum of any two families: sum -p 'a=nim -p heaps=1' -p 'b=chocolate2 -p h=z/2' --pass.
Family sum_family() {
  Family f;
  f.name = "sum";
  f.summary = "disjunctive sum of two games a + b; --pass gives them one shared pass";
  f.example = "sum -p 'a=nim -p heaps=1' -p 'b=subtraction -p set=1,2'";
  f.params = {{"a", "first component, a GAME spec such as 'nim -p heaps=1'", ""},
              {"b", "second component, a GAME spec", ""}};
  f.coordinates = [](const Params& p) {
    return core::Sum<core::Game, core::Game>(make_game(parse_game_spec(p.get("a"))),
                                             make_game(parse_game_spec(p.get("b"))))
        .coordinate_names();
  };
  f.make = [](const Params& p, const Transforms& t) {
    core::Sum<core::Game, core::Game> sum(make_game(parse_game_spec(p.get("a"))),
                                          make_game(parse_game_spec(p.get("b"))));
    if (sum.arity() + (t.passes > 0 ? 1 : 0) > core::kMaxCoords)
      throw runtime::UserError("sum: more than " + std::to_string(core::kMaxCoords) + " coordinates in all");
    return with_transforms(std::move(sum), t);
  };
  return f;
}

}  // namespace grundy::games
