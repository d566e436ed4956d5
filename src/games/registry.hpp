#pragma once

#include <nlohmann/json.hpp>

// The one list of game families that the CLI, the server and the tests loop over.
//
// To add a family:
//   1. write src/games/<family>.hpp (+ .cpp): a Ruleset (see src/core/model/ruleset.hpp) with its
//      parameters as typed members, and a `Family <family>_family()` that parses them;
//   2. add one line to the list in src/games/registry.cpp;
//   3. add a golden row (a published table or a classic result) under data/golden/ and its test
//      in tests/golden/.
// Nothing else needs editing: transforms, solvers, CLI commands and the generic tests pick the
// family up from this list.

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/solve/game.hpp"
#include "games/octal.hpp"
#include "games/subtraction.hpp"
#include "runtime/errors.hpp"
#include "transforms/forbid.hpp"
#include "transforms/with_pass.hpp"

namespace grundy::games {

struct ParamSpec {
  std::string name;
  std::string help;
  std::string default_value;  // empty: the parameter is required, unless `optional`
  bool optional = false;      // may be left out (e.g. one of several alternatives)
};

// The parameters given with -p name=value, validated and read through typed accessors that
// throw a UserError naming the parameter, the value and what is allowed.
class Params {
 public:
  Params(std::string family, std::map<std::string, std::string> values)
      : family_(std::move(family)), values_(std::move(values)) {}

  const std::string& get(const std::string& name) const;
  std::int64_t get_int(const std::string& name, std::int64_t min, std::int64_t max) const;
  std::vector<std::int64_t> get_int_list(const std::string& name, std::int64_t min, std::int64_t max) const;
  bool has(const std::string& name) const { return values_.count(name) != 0; }

 private:
  std::string family_;
  std::map<std::string, std::string> values_;
};

// Transforms and evaluation asked for on the command line (--pass, --forbid, --misere ...).
struct Transforms {
  int passes = 0;                   // --pass is 1, --passes K is K
  bool pass_from_terminal = false;  // --pass-from-terminal
  std::string forbid;               // --forbid EXPR
  bool misere = false;              // --misere: evaluate outcomes under misere play
};

// A game as the user names it: a family, its parameters and its transforms.
struct GameSpec {
  std::string family;
  std::vector<std::pair<std::string, std::string>> params;  // in the order given
  Transforms transforms;
};

// The transform flags of a GAME spec as written, every occurrence kept, before anything is
// checked. The two readers of GAME specs, the CLI's options (cli::GameOptions::spec) and
// parse_game_spec (the `sum` family's components, the explorer's game=), each record what
// they read here and build the GameSpec with make_game_spec, so that a combination one of
// them refuses the other refuses too, with the same message.
struct TransformFlags {
  int pass = 0;                     // times --pass was given
  std::vector<std::string> passes;  // the K of each --passes K, as written
  int pass_from_terminal = 0;       // times --pass-from-terminal was given
  std::vector<std::string> forbid;  // the EXPR of each --forbid EXPR
  int misere = 0;                   // times --misere was given
};

// K of --passes K: 1..64, or a UserError "--passes = '0': out of range; allowed 1..64".
int parse_passes(const std::string& text);

// EXPR of --forbid EXPR: a UserError if it is blank (it would otherwise forbid nothing).
void check_forbid(const std::string& text);

// The one place that decides which transform sets are valid. In this order, so that both
// readers name the same fault first: every --passes value, every --forbid value, the -p
// name=value pairs, then each flag at most once, not --pass with --passes, and
// --pass-from-terminal only with a pass.
GameSpec make_game_spec(const std::string& family, const std::vector<std::string>& params, const TransformFlags& flags);

// One option of `grundy atlas run` a family reads (--max, --sizes, --digits ...): its flag, what
// it means for the family, its default and range.
struct AtlasOption {
  std::string flag;
  std::string help;
  std::int64_t default_value = 0, min = 0, max = 0;
};

// How `grundy atlas run FAMILY` enumerates the family's games: the options it reads, the base
// specs (without transforms) for their values, in the atlas's order, and what they are in
// words. With `variants`, each base is swept with every count of --passes (both conventions)
// and in misere play with --misere; without (take-and-break games, whose sweep is normal play
// without transforms), as it is.
struct AtlasSweep {
  std::vector<AtlasOption> options;
  std::function<std::vector<std::string>(const std::map<std::string, std::int64_t>&)> bases;
  std::function<std::string(const std::map<std::string, std::int64_t>&)> describe;
  bool variants = true;
};

struct Family {
  std::string name;
  std::string summary;
  std::string example;  // a GAME spec that works, e.g. "nim -p heaps=3"
  std::vector<ParamSpec> params;
  // Coordinates of a position (before transforms), as a function of the parameters.
  std::function<std::vector<std::string>(const Params&)> coordinates;
  std::function<core::Game(const Params&, const Transforms&)> make;
  // The parameter that counts a position's coordinates (-p heaps=K), when a position given
  // without it says how many (a take-and-break position is its list of heaps); empty: none.
  std::string arity_param;

  // What the family can do besides being solved, declared here and asked for by every face,
  // none of which tells a family by its name (CGSuite's HeapRuleset: each ruleset says which
  // periodicity checker applies to it). Each may be left empty.
  //
  // The one-heap subtraction game a spec is, with its passes: its fast sweep, its period
  // proven once max(S) heap sizes repeat (seq, value of a huge heap), the reverse-mex check.
  // Nothing for a spec it does not cover (a --forbid, misere play).
  std::function<std::optional<SubtractionGame>(const GameSpec&)> subtraction;
  // The take-and-break code a spec is, in normal play without transforms: its value sequence by
  // the sparse space, its period proven by the octal periodicity theorem, seq --save/--load.
  std::function<std::optional<OctalCode>(const GameSpec&)> octal;
  // How `play` draws a position of `n` coordinates (names[0 .. n)) of the game; false when it
  // does not (too large for the terminal): play then shows heaps of stones.
  std::function<bool(std::ostream&, const core::Game&, const std::vector<std::string>& names, const core::Position&,
                     int n)>
      draw;
  // The game is played from a start the family knows (the empty board, the whole graph, the
  // whole bar; core::Game::start_position), which the explorer offers to play from, rather than
  // from a cell of a table.
  bool starts = false;
  // The board the explorer draws for a position as rows of squares, top row first: `.` a square
  // in play, `#` one gone, `*` a marked one (Chomp's poisoned square); empty when there is none.
  std::function<std::vector<std::string>(const core::Game&, const core::Position&)> grid;
  // The board the explorer draws for a position: a chocolate bar's columns as Definition 6
  // builds them; empty when the bar is too large to draw.
  std::function<std::vector<std::vector<std::int64_t>>(const core::Game&, const core::Position&)> columns;
  // F(x, z) of a chocolate bar, whose NS property (Definition 8) the atlas records.
  std::function<std::function<std::int64_t(std::int64_t, std::int64_t)>(const GameSpec&)> ns_function;
  // How `grundy atlas run FAMILY` sweeps the family; no value: not an atlas family.
  std::optional<AtlasSweep> atlas;
};

const std::vector<Family>& families();

// The families as `grundy games --format json` and the explorer's /api/games list them: name,
// summary, example, and each parameter's name, help, default and whether it may be left out.
nlohmann::json families_json();

// The family called `name`, or a UserError listing the known ones.
const Family& find_family(std::string_view name);

// Builds the game a spec names: parameters checked and defaulted, transforms applied.
core::Game make_game(const GameSpec& spec);

// The parameters of a spec, checked (each known to its family, none twice) and defaulted, as
// make_game reads them: what a family's capabilities read.
Params params_of(const GameSpec& spec);

// Parses a GAME spec written as one string ("nim -p heaps=1 --pass"), as the `sum` family's
// components are given. Quotes ('...' or "...") group words. --misere, an evaluation of the
// whole game, is refused in a component and read in a whole game (the Python module's specs).
enum class SpecOf { Component, WholeGame };
GameSpec parse_game_spec(std::string_view text, SpecOf of = SpecOf::Component);

// The spec as words a POSIX shell and parse_game_spec read back: "nim -p heaps=2 --pass",
// "subtraction -p set=1,2 --forbid 'x == 3'" (what `discover` prints in its follow-up command
// and the Python module in a game's repr).
std::string spec_text(const GameSpec& spec);
// The transform flags alone, each with a leading space: " --pass --forbid 'x == 3'".
std::string transforms_text(const Transforms& t);

// A word as a POSIX shell reads it back: bare when no shell treats any of its characters
// specially, else in single quotes (a quote inside written '\'').
std::string shell_word(const std::string& w);

// Wraps a ruleset in the transforms asked for: WithPass<Forbid<R>>, WithPass<R>, Forbid<R> or R.

template <core::Ruleset R>
core::Game with_transforms(R base, const Transforms& t) {
  if (t.passes < 0 || t.passes > 64)
    throw runtime::UserError("--passes " + std::to_string(t.passes) + ": allowed 0..64");
  if (t.pass_from_terminal && t.passes == 0)
    throw runtime::UserError("--pass-from-terminal needs --pass or --passes K");
  if (!t.forbid.empty()) {
    transforms::Forbid<R> f(std::move(base), t.forbid);
    if (t.passes > 0) return core::Game::of(transforms::WithPass<transforms::Forbid<R>>(std::move(f), t.passes, t.pass_from_terminal));
    return core::Game::of(std::move(f));
  }
  if (t.passes > 0) return core::Game::of(transforms::WithPass<R>(std::move(base), t.passes, t.pass_from_terminal));
  return core::Game::of(std::move(base));
}


// Family definitions, one per header in src/games/.
Family nim_family();
Family fts_family();
Family subtraction_family();
Family sum_family();
Family chocolate_family();
Family chocolate2_family();
Family knight_family();  // src/games/leaper.cpp
Family queen_family();   // src/games/leaper.cpp
Family rook_family();    // src/games/leaper.cpp
Family king_family();    // src/games/leaper.cpp
Family leaper_family();  // src/games/leaper.cpp
Family rider_family();   // src/games/leaper.cpp
Family octal_family();   // src/games/octal.cpp
Family chomp_family();   // src/games/chomp.cpp
Family cram_family();    // src/games/vertex_game.cpp
Family node_kayles_family();  // src/games/vertex_game.cpp
Family arc_kayles_family();   // src/games/vertex_game.cpp

}  // namespace grundy::games

