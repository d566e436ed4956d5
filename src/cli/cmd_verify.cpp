#include <iostream>

#include "cli/game_options.hpp"
#include "runtime/progress.hpp"
#include "service/verify.hpp"

namespace grundy::cli {

namespace {

void run_verify(std::ostream& out, const std::string& which, const runtime::Limits& limits, const OutputOptions& output,
                bool strict) {
  const io::Format f = output_format(output, {io::Format::Text, io::Format::Json});
  std::vector<service::PaperResult> papers;
  int counts[3] = {0, 0, 0};
  service::verify(which, limits, [&](const service::PaperResult& p) {
    for (const auto& r : p.claims) ++counts[static_cast<int>(r.status)];
    if (f == io::Format::Json) {
      papers.push_back(p);
      return;
    }
    out << "== " << p.title << " (" << p.name << ", " << p.seconds << " s)\n";
    for (const auto& r : p.claims) out << fmt_line(r) << "\n";
  });
  if (f == io::Format::Json)
    service::write_verify_json(out, papers);
  else
    out << "Claims: " << counts[0] + counts[1] + counts[2] << "  PASS " << counts[0] << "  FAIL " << counts[1]
        << "  ERRATUM " << counts[2] << "\n";
  // A FAIL is a claim the engine contradicts; an ERRATUM is a documented mistake of a paper,
  // an expected outcome unless --strict.
  if (counts[1] > 0 || (strict && counts[2] > 0)) claim_failed();
}

}  // namespace

std::string fmt_line(const analysis::ClaimResult& r) {
  std::string s = std::string(analysis::to_string(r.status));
  s.resize(8, ' ');
  s += r.claim + "  [" + r.range + "]";
  if (!r.detail.empty()) s += "  " + r.detail;
  return s;
}

void add_verify_command(CLI::App& app) {
  static std::string which = "all";
  static OutputOptions output;
  static bool strict = false;
  static LimitOptions limit;
  auto* cmd = app.add_subcommand("verify", "reproduce the papers' tables and check their claims by computation");
  declare_collective(cmd);
  cmd->add_option("paper", which, "chocolate, fts, knight, subtraction or all")->capture_default_str()->type_name("PAPER");
  add_output_options(cmd, output, {io::Format::Text, io::Format::Json});
  cmd->add_flag("--strict", strict, "an ERRATUM (a mistake of a paper, documented) fails too");
  add_limit_options(cmd, limit, false);
  cmd->footer(
      "Example: grundy verify chocolate\n"
      "Exit status: 0 when every claim holds or is a documented erratum, 1 when one fails (with --strict,\n"
      "an erratum too).");
  on_run(cmd, limit, [](const runtime::Limits& limits) {
    with_output(output, [&](std::ostream& out) { run_verify(out, which, limits, output, strict); });
  });
}

}  // namespace grundy::cli
