// libFuzzer target: positions as the CLI takes them ("3,5,7,1"), checked against several games,
// and the integer lists of parameters ("2,12,14"). The first byte picks the game. Every input
// must parse or throw UserError, and a parsed position must be accepted or refused by
// Game::check with a reason; small legal positions are also solved (value and options).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "core/model/parse.hpp"
#include "core/solve/solve.hpp"
#include "games/registry.hpp"
#include "runtime/errors.hpp"

namespace {

const std::vector<grundy::core::Game>& games_under_test() {
  using grundy::games::parse_game_spec;
  static const std::vector<grundy::core::Game> list = [] {
    std::vector<grundy::core::Game> g;
    for (const char* spec : {"nim -p heaps=3", "nim -p heaps=2 --pass", "subtraction -p set=2,12,14 --passes 2",
                             "fts -p d=5", "fts -p piles=2 -p 'S=total in {0,1}'", "nim -p heaps=3 --forbid 'x > y'",
                             "sum -p 'a=nim -p heaps=1' -p 'b=subtraction -p set=1,2' --pass"})
      g.push_back(grundy::games::make_game(parse_game_spec(spec)));
    return g;
  }();
  return list;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace core = grundy::core;
  namespace runtime = grundy::runtime;
  if (size == 0) return 0;
  const auto& games = games_under_test();
  const core::Game& game = games[data[0] % games.size()];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    (void)core::parse_int_list(text, "-p set", 1, std::int64_t{1} << 40);
  } catch (const runtime::UserError&) {
  }
  core::Position pos;
  try {
    pos = core::parse_position(text);
  } catch (const runtime::UserError&) {
    return 0;
  }
  if (pos.size() != game.arity()) return 0;  // the CLI refuses these before Game::check
  if (!game.check(pos).empty()) return 0;
  std::int64_t cells = 1;
  for (int i = 0; i < pos.size(); ++i) cells *= pos[i] < 16 ? pos[i] + 1 : 1 << 20;
  if (cells > 4096) return 0;
  try {
    const core::DenseTable t = core::solve_guarded(game, core::box_below(pos), core::Evaluation::Grundy, 1 << 26);
    const core::Value v = t.at(pos);
    bool option_with_same_value = false;
    game.for_each_option(pos, [&](const core::Position& o) { option_with_same_value |= t.at(o) == v; });
    if (option_with_same_value) std::abort();  // G is the mex of the options' values
  } catch (const runtime::UserError&) {
  }
  return 0;
}
