#include <iostream>

#include "cli/game_options.hpp"
#include "runtime/progress.hpp"
#include "service/structure.hpp"

namespace grundy::cli {

namespace {

// `grundy structure` as text: each symmetry, translation and direction of lines, with the box it
// was observed on.
void write_structure_text(std::ostream& out, const service::StructureResult& s) {
  const analysis::StructureReport& r = s.report;
  auto name = [&](int i) { return s.names[static_cast<std::size_t>(i)]; };
  out << "structure of " << s.game << ", observed on " << s.range << " (not proofs)\n";
  for (const auto& sym : r.symmetries)
    out << (sym.holds ? "symmetry:     " : "no symmetry:  ") << service::symmetry_text(s.names, sym)
        << (sym.holds ? "  holds on the box" : "  fails at (" + core::to_string(sym.counterexample) + ")") << "\n";
  if (r.translations.empty())
    out << "translation:  none with shifts up to 8 (or a third of the box) confirmed on two full periods of "
           "positions\n";
  for (const auto& tr : r.translations) {
    std::string from;
    if (tr.from > 0)
      for (int k = 0; k < tr.v.size(); ++k)
        if (tr.v[k]) from += (from.empty() ? "  for " : ", ") + name(k) + " >= " + std::to_string(tr.from);
    out << "translation:  " << service::translation_text(s.names, tr) << from
        << "  holds wherever both lie in the box (" << tr.pairs << " pairs of positions)\n";
  }
  for (const auto& l : r.lines) {
    std::string others;
    for (int k = 0; k < s.box.arity(); ++k)
      if (k != l.axis) others += (others.empty() ? "" : ",") + name(k);
    out << "lines along " << name(l.axis) << " (" << (others.empty() ? "one line" : others + " fixed")
        << "): " << l.periodic << " of " << l.lines << " ultimately periodic";
    if (l.periodic > 0) {
      out << " (";
      int shown = 0;
      for (const auto& [k, c] : l.kinds) {
        if (shown++ == 6) {
          out << ", ...";
          break;
        }
        out << (shown > 1 ? ", " : "") << c << " with period " << k.first
            << (k.second ? " saltus " + std::to_string(k.second) : "");
      }
      out << "; preperiods up to " << l.max_preperiod << ")";
    }
    if (l.any_aperiodic) {
      core::Position b = l.first_aperiodic;
      std::string where;
      for (int k = 0; k < b.size(); ++k)
        if (k != l.axis) where += (where.empty() ? "" : ", ") + name(k) + " = " + std::to_string(b[k]);
      out << "; first without two full periods: " << (where.empty() ? "the line" : where);
    }
    out << "\n";
  }
}

}  // namespace

void add_structure_command(CLI::App& app) {
  static GameOptions o;
  static std::string size;
  auto* cmd = app.add_subcommand(
      "structure", "symmetries, translation periods and per-line periodicity of a table, with the range checked");
  add_game_options(cmd, o, {io::Format::Text, io::Format::Json});
  add_size_option(cmd, size);
  cmd->footer("Example: grundy structure nim -p heaps=2 --pass --size 32");
  on_run(cmd, o.limit, [](const runtime::Limits& limits) {
    const pipeline::Size s = pipeline::parse_size(size, "--size", std::int64_t{1} << 20);
    with_output(o.output, [&](std::ostream& out) {
      const service::StructureResult r = service::structure(o.subject(), s, limits);
      if (o.output_format() == io::Format::Json)
        service::write_structure_json(out, r);
      else
        write_structure_text(out, r);
    });
  });
}

}  // namespace grundy::cli
