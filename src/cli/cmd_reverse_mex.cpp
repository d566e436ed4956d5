#include <iostream>
#include <nlohmann/json.hpp>

#include "analysis/reverse_mex.hpp"
#include "cli/game_options.hpp"
#include "games/subtraction.hpp"
#include "runtime/memory.hpp"
#include "runtime/progress.hpp"
#include "service/subject.hpp"

namespace grundy::cli {

namespace {

// The reverse-mex property of the subtraction paper is about one-heap subtraction games (with
// passes): the game its family says it is (games::Family::subtraction); anything else is
// refused with a line saying what is allowed.
games::SubtractionGame subtraction_of(const GameOptions& o) {
  const games::Family& family = games::find_family(o.family);
  if (!family.subtraction) {
    std::string which;
    for (const auto& f : games::families())
      if (f.subtraction) which += (which.empty() ? "" : ", ") + f.name;
    throw runtime::UserError("reverse-mex: game '" + o.family.substr(0, 40) + "': only the " + which +
                             " family is supported (e.g. " +
                             games::find_family(which.substr(0, which.find(','))).example + ")");
  }
  if (!o.forbid.empty())
    throw runtime::UserError(
        "reverse-mex: --forbid is not supported; allowed: --pass, --passes K, --pass-from-terminal");
  if (o.misere) throw runtime::UserError("reverse-mex: --misere is not supported; the property is about Grundy values");
  const std::optional<games::SubtractionGame> g = service::subtraction_of(o.subject());
  if (!g) throw runtime::EngineError("reverse-mex: " + o.family + " has no subtraction game for this spec");
  return *g;
}

nlohmann::json runs_json(const std::vector<analysis::IntRun>& runs) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto& r : runs) a.push_back({r.first, r.last});
  return a;
}

void run_reverse_mex(std::ostream& out, const GameOptions& o, std::int64_t size, const runtime::Limits& limits) {
  const games::SubtractionGame g = subtraction_of(o);
  const games::Subtraction& game = g.game;
  const io::Format f = o.output_format();
  const int passes = g.passes;
  runtime::ensure_fits(4 * games::SubtractionSweep::memory_bytes(game, passes), limits.memory,
                       "the reverse-mex sweep of " + game.name());
  const analysis::ReverseMexReport rep = analysis::reverse_mex(game, passes, g.pass_from_terminal, size);
  const std::string definition = analysis::reverse_mex_definition(passes, g.pass_from_terminal);
  const auto& vp = rep.values_period;

  if (f == io::Format::Json) {
    nlohmann::json j;
    j["game"] = rep.game;
    j["set"] = rep.set;
    j["passes"] = passes;
    j["pass_from_terminal"] = g.pass_from_terminal;
    j["size"] = size;
    j["definition"] = "successors of a position are the positions having it as an option; " + definition;
    j["values_period"] = {{"found", vp.found}, {"start", vp.start}, {"period", vp.period}, {"searched", vp.searched}};
    j["checked_directly"] = rep.checked_directly;
    j["holds"] = rep.holds();
    j["failures"] = rep.failures();
    j["layers"] = nlohmann::json::array();
    for (const auto& l : rep.layers) {
      nlohmann::json jl = {{"p", l.p},           {"checked", l.checked},      {"failures", l.failures},
                           {"holds", l.holds()}, {"runs", runs_json(l.runs)}, {"truncated", l.truncated}};
      if (l.periodic_from >= 0) {
        jl["periodic_from"] = l.periodic_from;
        jl["period"] = l.period;
        jl["residues"] = runs_json(l.residues);
      }
      jl["examples"] = nlohmann::json::array();
      for (const auto& e : l.examples) {
        nlohmann::json succ = nlohmann::json::array();
        for (const auto& [pos, v] : e.successors) succ.push_back({{"position", core::to_string(pos)}, {"grundy", v}});
        jl["examples"].push_back({{"position", core::to_string(e.position)},
                                  {"grundy", e.value},
                                  {"successor_mex", e.successor_mex},
                                  {"successors", succ}});
      }
      j["layers"].push_back(jl);
    }
    out << j.dump(1) << "\n";
    if (!rep.holds()) claim_failed();
    return;
  }

  out << "reverse-mex property of " << rep.game << ", x = 0.." << size - 1 << "\n";
  out << "  successors of a position are the positions having it as an option: " << definition << "\n";
  if (vp.found)
    out << "  values: periodic from x = " << vp.start << " with period " << vp.period
              << " (proven: " << game.max_move() << " = max(S) consecutive heap sizes repeat)\n";
  else
    out << "  values: no period found within x < " << vp.searched << "; every x checked one by one\n";
  for (const auto& l : rep.layers) {
    out << (passes > 0 ? "p = " + std::to_string(l.p) : std::string("G")) << ": "
              << analysis::describe_failures(l) << "\n";
    for (const auto& e : l.examples) out << "  " << analysis::describe(e) << "\n";
  }
  out << (rep.holds() ? "holds at every position checked" : "fails at " + std::to_string(rep.failures()) + " positions")
      << "\n";
  if (!rep.holds()) claim_failed();
}

}  // namespace

void add_reverse_mex_command(CLI::App& app) {
  static GameOptions o;
  static std::int64_t size = 0;
  auto* cmd = app.add_subcommand(
      "reverse-mex", "check G(q) = mex{G(r) : r has q as an option} (subtraction games, with or without a pass)");
  add_game_options(cmd, o, {io::Format::Text, io::Format::Json});
  cmd->add_option("--size", size, "check x = 0..N-1 (every pass layer), N from 1 to 2^62")
      ->type_name("N")
      ->required()
      ->each(int_in("--size", 1, std::int64_t{1} << 62));
  cmd->footer(
      "Example: grundy reverse-mex subtraction -p set=2,12,14 --pass --size 1000\n"
      "The property of Larsson, Manabe, Miyadera: A Subtraction Nim with a Pass: without a pass G(x) = mex{G(x+s) : s in S}; with K passes the\n"
      "successors of (x,p) are (x+s,p) and, if the pass from (x,p+1) is legal, (x,p+1). Failures are listed,\n"
      "and from the point where the values are periodic on, given as residue classes (proven for every x).\n"
      "Exit status: 0 when the property holds at every position checked, 1 when it fails somewhere.");
  on_run(cmd, o.limit, [](const runtime::Limits& limits) {
    with_output(o.output, [&](std::ostream& out) { run_reverse_mex(out, o, size, limits); });
  });
}

}  // namespace grundy::cli
