#include <iostream>

#include "cli/game_options.hpp"
#include "runtime/progress.hpp"
#include "service/check.hpp"
#include "service/discover.hpp"

namespace grundy::cli {

namespace {

// `grundy check` as text: "holds on <box>", or the first counterexamples.
void write_check_text(std::ostream& out, const service::CheckResult& c) {
  const analysis::FormulaReport& r = c.report;
  const std::string what = c.ppos ? "P-positions = {" + r.source + "}" : "G = " + r.source;
  if (r.holds()) {
    out << "holds on " << c.range << " (" << r.checked << " positions) of " << c.game << ": " << what << "\n";
    return;
  }
  out << "fails at " << r.mismatches << " of " << r.checked << " positions (" << c.range << ") of " << c.game << ": "
      << what << "\n";
  out << "first counterexamples (position: computed, claimed):\n";
  for (const auto& m : r.first)
    out << "  (" << core::to_string(m.pos) << "): " << service::value_word(m.computed, c.ppos) << ", "
        << service::claimed_word(m, c.ppos) << "\n";
}

// `grundy discover` as text: the conjectures, the cap on exception lists stated up front (a
// formula with more exceptions than this was not reported), and the command that checks the
// first on a larger box.
void write_discover_text(std::ostream& out, const service::DiscoverResult& d) {
  const analysis::DiscoverReport& r = d.report;
  auto name = [&](int i) { return d.names[static_cast<std::size_t>(i)]; };
  out << "discover " << d.game << " on " << d.range << " (" << r.positions << " positions; exception lists of at most "
      << r.exception_cap << " positions: 1% of the box, at most 12)\n";
  const std::string none =
      r.exception_cap > 0 ? " (nor with at most " + std::to_string(r.exception_cap) + " exceptions)" : "";
  if (d.eval == core::Evaluation::Grundy) {
    if (r.grundy.empty()) out << "Grundy value: no formula of the grammar agrees with every position" << none << "\n";
    for (const auto& c : r.grundy) {
      out << "Grundy value: G = " << c.expression;
      if (!c.exceptions.empty()) out << "  except at " << service::exceptions_text(c, false);
      out << "\n";
    }
  }
  if (r.ppos.empty()) out << "P-positions: no formula of the grammar agrees with every position" << none << "\n";
  for (const auto& c : r.ppos) {
    out << "P-positions: " << c.expression;
    if (!c.exceptions.empty()) out << "  except at " << service::exceptions_text(c, true);
    out << "\n";
  }
  for (const auto& s : r.structure.symmetries)
    if (s.holds) out << "symmetry: swapping " << name(s.i) << " and " << name(s.j) << " keeps every value\n";
  for (const auto& tr : r.structure.translations) {
    std::string v;
    for (int k = 0; k < tr.v.size(); ++k) v += (k ? "," : "") + std::to_string(tr.v[k]);
    out << "translation: G(position + (" << v << ")) = G(position)"
        << (tr.from > 0 ? " where the shifted coordinates are >= " + std::to_string(tr.from) : "") << " (checked on "
        << tr.pairs << " pairs of positions)\n";
  }
  out << "These are conjectures checked on " << d.range << ", not proofs.";
  if (!d.follow_up.empty())
    out << " Check the first on a larger box"
        << (d.follow_up_exceptions ? " (its exceptions show as counterexamples)" : "") << ":\n  " << d.follow_up;
  out << "\n";
}

}  // namespace

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
  on_run(cmd, o.limit, [](const runtime::Limits& limits) {
    const pipeline::Size s = pipeline::parse_size(size, "--size", kMaxSide);
    with_output(o.output, [&](std::ostream& out) {
      const service::CheckResult r = service::check(o.subject(), s, formula, ppos, limits);
      if (o.output_format() == io::Format::Json)
        service::write_check_json(out, r);
      else
        write_check_text(out, r);
      if (!r.holds()) claim_failed();
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
  on_run(cmd, o.limit, [](const runtime::Limits& limits) {
    const pipeline::Size s = pipeline::parse_size(size, "--size", std::int64_t{1} << 20);
    with_output(o.output, [&](std::ostream& out) {
      const service::DiscoverResult r = service::discover(o.subject(), s, limits);
      if (o.output_format() == io::Format::Json)
        service::write_discover_json(out, r);
      else
        write_discover_text(out, r);
    });
  });
}

}  // namespace grundy::cli
