#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <nlohmann/json.hpp>

#include "analysis/discover.hpp"
#include "analysis/formula.hpp"
#include "cli/analysis_common.hpp"
#include "core/solve.hpp"
#include "io/files.hpp"
#include "pipeline/solve.hpp"
#include "pipeline/table_box.hpp"

namespace grundy::cli {

namespace {

std::string value_word(core::Value v, analysis::FormulaKind k) {
  if (k == analysis::FormulaKind::PPositions) return v == 0 ? "P" : "N";
  return std::to_string(v);
}

}  // namespace

bool write_check(std::ostream& out, const Subject& o, io::Format f, const pipeline::Size& size,
                 const std::string& formula, const std::string& ppos) {
  if (formula.empty() == ppos.empty()) throw core::UserError("check: give exactly one of --formula EXPR and --ppos EXPR");
  const bool is_ppos = !ppos.empty();
  const bool misere = o.eval == core::Evaluation::MisereOutcome;
  if (!is_ppos && misere)
    throw core::UserError("--formula with --misere: misere play has outcomes, not Grundy values; use --ppos EXPR");
  const core::Game& game = o.game;
  const auto names = game.coordinate_names();
  const std::string flag = is_ppos ? "--ppos" : "--formula";
  const expr::Program prog = analysis::compile_formula(flag, is_ppos ? ppos : formula, names);
  const core::Box box = pipeline::size_box(game, size);
  const core::Evaluation eval =
      is_ppos ? (misere ? core::Evaluation::MisereOutcome : core::Evaluation::NormalOutcome) : core::Evaluation::Grundy;
  const core::DenseTable t = pipeline::solve_exact(game, box, eval, o.memory_limit);
  const auto kind = is_ppos ? analysis::FormulaKind::PPositions : analysis::FormulaKind::Grundy;
  const analysis::FormulaReport r = analysis::check_formula(t, prog, kind, pipeline::total_coordinates(game), flag);
  const std::string range = pipeline::box_text(names, box);
  if (f == io::Format::Json) {
    nlohmann::json j = {{"game", game.name()}, {"box", range},        {"kind", is_ppos ? "ppos" : "formula"},
                        {"expression", r.source}, {"checked", r.checked}, {"holds", r.holds()},
                        {"mismatches", r.mismatches}};
    j["first"] = nlohmann::json::array();
    for (const auto& m : r.first)
      j["first"].push_back({{"position", core::to_string(m.pos)},
                            {"computed", value_word(m.computed, kind)},
                            {"claimed", is_ppos ? value_word(m.claimed ? 0 : 1, kind) : std::to_string(m.claimed)}});
    out << j.dump() << "\n";
  } else {
    const std::string what = is_ppos ? "P-positions = {" + r.source + "}" : "G = " + r.source;
    if (r.holds()) {
      out << "holds on " << range << " (" << r.checked << " positions) of " << game.name() << ": " << what << "\n";
    } else {
      out << "fails at " << r.mismatches << " of " << r.checked << " positions (" << range << ") of "
                << game.name() << ": " << what << "\n";
      out << "first counterexamples (position: computed, claimed):\n";
      for (const auto& m : r.first)
        out << "  (" << core::to_string(m.pos) << "): " << value_word(m.computed, kind) << ", "
                  << (is_ppos ? value_word(m.claimed ? 0 : 1, kind) : std::to_string(m.claimed)) << "\n";
    }
  }
  return r.holds();
}

namespace {

// The command that checks a conjecture of `discover` on the box twice as large along every
// coordinate: the same game spec, ready to copy and run.
std::string check_command(const games::GameSpec& spec, const pipeline::Size& size, const std::string& flag,
                          const std::string& expression) {
  std::string sizes;
  for (const std::int64_t e : size.extents) sizes += (sizes.empty() ? "" : "x") + std::to_string(2 * e);
  return "grundy check " + games::spec_text(spec) + " --size " + sizes + " " + flag + " " + games::shell_word(expression);
}

}  // namespace

void write_discover(std::ostream& out, const Subject& o, io::Format f, const pipeline::Size& size) {
  const core::Game& game = o.game;
  const auto names = game.coordinate_names();
  const core::Box box = pipeline::size_box(game, size);
  const core::DenseTable t =
      pipeline::solve_exact(game, box, o.eval, o.memory_limit, analysis::discover_bytes(box.count()));
  analysis::DiscoverOptions opt;
  opt.skip = pipeline::pass_counters(game);
  opt.in_total = pipeline::total_coordinates(game);
  const analysis::DiscoverReport r = analysis::discover(t, names, opt);
  const std::string range = pipeline::box_text(names, box);
  auto exceptions_text = [&](const analysis::Conjecture& c, bool ppos) {
    std::string s;
    for (const auto& [pos, v] : c.exceptions)
      s += (s.empty() ? "" : ", ") + ("(" + core::to_string(pos) + ")") + " " +
           (ppos ? (v == 0 ? "P" : "N") : "G=" + std::to_string(v));
    return s;
  };
  auto name = [&](int i) { return names[static_cast<std::size_t>(i)]; };
  // The follow-up: the first conjecture printed without exceptions (else the first printed),
  // checked on the doubled box; none for a game without a spec (a ruleset written in Python).
  std::string follow_up;
  bool follow_up_exceptions = false;
  for (const bool exact : {true, false}) {
    for (const auto* list : {&r.grundy, &r.ppos}) {
      for (const auto& c : *list) {
        if (!o.spec || !follow_up.empty() || (exact && !c.exceptions.empty())) continue;
        follow_up = check_command(*o.spec, size, list == &r.grundy ? "--formula" : "--ppos", c.expression);
        follow_up_exceptions = !c.exceptions.empty();
      }
    }
  }
  if (f == io::Format::Json) {
    auto list = [&](const std::vector<analysis::Conjecture>& cs, bool ppos) {
      nlohmann::json a = nlohmann::json::array();
      for (const auto& c : cs) {
        nlohmann::json e = nlohmann::json::array();
        for (const auto& [pos, v] : c.exceptions)
          e.push_back({{"position", core::to_string(pos)}, {"value", ppos ? (v == 0 ? "P" : "N") : std::to_string(v)}});
        a.push_back({{"expression", c.expression}, {"complexity", c.complexity}, {"exceptions", e}});
      }
      return a;
    };
    nlohmann::json j = {{"game", game.name()},
                        {"box", range},
                        {"positions", r.positions},
                        {"max_exceptions", r.exception_cap},
                        {"status", "conjecture checked on the box, not a proof"}};
    j["grundy"] = list(r.grundy, false);
    j["ppos"] = list(r.ppos, true);
    j["symmetries"] = nlohmann::json::array();
    for (const auto& s : r.structure.symmetries)
      if (s.holds) j["symmetries"].push_back({name(s.i), name(s.j)});
    j["translations"] = nlohmann::json::array();
    for (const auto& tr : r.structure.translations)
      j["translations"].push_back({{"shift", std::vector<std::int64_t>(tr.v.coords().begin(), tr.v.coords().end())},
                                   {"from", tr.from},
                                   {"pairs", tr.pairs}});
    j["check"] = follow_up.empty() ? nlohmann::json(nullptr) : nlohmann::json(follow_up);
    out << j.dump(1) << "\n";
    return;
  }
  // The cap is stated up front: a formula with more exceptions than this was not reported.
  out << "discover " << game.name() << " on " << range << " (" << r.positions
            << " positions; exception lists of at most " << r.exception_cap
            << " positions: 1% of the box, at most 12)\n";
  const std::string none =
      r.exception_cap > 0 ? " (nor with at most " + std::to_string(r.exception_cap) + " exceptions)" : "";
  if (o.eval == core::Evaluation::Grundy) {
    if (r.grundy.empty())
      out << "Grundy value: no formula of the grammar agrees with every position" << none << "\n";
    for (const auto& c : r.grundy) {
      out << "Grundy value: G = " << c.expression;
      if (!c.exceptions.empty()) out << "  except at " << exceptions_text(c, false);
      out << "\n";
    }
  }
  if (r.ppos.empty()) out << "P-positions: no formula of the grammar agrees with every position" << none << "\n";
  for (const auto& c : r.ppos) {
    out << "P-positions: " << c.expression;
    if (!c.exceptions.empty()) out << "  except at " << exceptions_text(c, true);
    out << "\n";
  }
  for (const auto& s : r.structure.symmetries)
    if (s.holds) out << "symmetry: swapping " << name(s.i) << " and " << name(s.j) << " keeps every value\n";
  for (const auto& tr : r.structure.translations) {
    std::string v;
    for (int k = 0; k < tr.v.size(); ++k) v += (k ? "," : "") + std::to_string(tr.v[k]);
    out << "translation: G(position + (" << v << ")) = G(position)"
              << (tr.from > 0 ? " where the shifted coordinates are >= " + std::to_string(tr.from) : "")
              << " (checked on " << tr.pairs << " pairs of positions)\n";
  }
  out << "These are conjectures checked on " << range << ", not proofs.";
  if (!follow_up.empty())
    out << " Check the first on a larger box" << (follow_up_exceptions ? " (its exceptions show as counterexamples)" : "")
              << ":\n  " << follow_up;
  out << "\n";
}

void add_check_command(CLI::App& app) {
  static GameOptions o;
  static std::string size;
  static std::string formula, ppos;
  auto* cmd = app.add_subcommand("check", "compare a closed form with the Grundy values, or a predicate with the P-positions");
  add_game_options(cmd, o, {io::Format::Text, io::Format::Json});
  add_size_option(cmd, size);
  cmd->add_option("--formula", formula, "claimed Grundy value, an expression in the coordinates and total")
      ->type_name("EXPR");
  cmd->add_option("--ppos", ppos, "claimed P-position predicate (non-zero: P)")->type_name("EXPR");
  cmd->footer(
      "Example: grundy check nim -p heaps=3 --size 16 --ppos 'x ^ y ^ z == 0'\n"
      "Variables: the coordinate names and total (their sum, without the pass counter p). The bitwise\n"
      "operators & ^ | bind tighter than the comparisons, as in Python and Rust: x ^ y ^ z == 0 is\n"
      "(x ^ y ^ z) == 0. Prints 'holds on <box>' (exit 0) or the first counterexamples (exit 1).");
  cmd->callback([] {
    const pipeline::Size s = pipeline::parse_size(size, "--size", kMaxSide);
    with_output(o.output, [&](std::ostream& out) {
      if (!write_check(out, subject(o), o.output_format(), s, formula, ppos)) claim_failed();
    });
  });
}

void add_discover_command(CLI::App& app) {
  static GameOptions o;
  static std::string size;
  auto* cmd = app.add_subcommand("discover", "search the simplest formulas that agree with every computed position");
  add_game_options(cmd, o, {io::Format::Text, io::Format::Json});
  add_size_option(cmd, size);
  cmd->footer(
      "Example: grundy discover fts -p piles=3 -p d=3 --size 24\n"
      "Searches, simplest first: G = xor of terms x, x-1, x+1, x/m, x%m (possibly by residue class); P-positions =\n"
      "a nim-sum condition on x_i/m with residue conditions on the coordinates and the total; either with a\n"
      "short exception list; symmetries and translations. Results are conjectures on the box, not proofs;\n"
      "the last line is the `grundy check` command that tries the first on the box twice as large.");
  cmd->callback([] {
    const pipeline::Size s = pipeline::parse_size(size, "--size", std::int64_t{1} << 20);
    with_output(o.output, [&](std::ostream& out) { write_discover(out, subject(o), o.output_format(), s); });
  });
}

}  // namespace grundy::cli
