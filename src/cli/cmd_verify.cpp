#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "analysis/verify.hpp"
#include "cli/game_options.hpp"

namespace grundy::cli {

namespace {

void run_verify(std::ostream& out, const std::string& which, const OutputOptions& output, bool strict) {
  const io::Format f = output_format(output, {io::Format::Text, io::Format::Json});
  std::vector<const analysis::PaperVerifier*> chosen;
  std::string known;
  for (const auto& v : analysis::paper_verifiers()) {
    known += v.name + ", ";
    if (which == "all" || which == v.name) chosen.push_back(&v);
  }
  if (chosen.empty())
    throw core::UserError("verify '" + which.substr(0, 40) + "': allowed " + known + "all");
  nlohmann::json all = nlohmann::json::array();
  int counts[3] = {0, 0, 0};
  for (const auto* v : chosen) {
    analysis::VerifyReport report(v->name);
    const auto start = std::chrono::steady_clock::now();
    v->run(report);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (f == io::Format::Text) out << "== " << v->title << " (" << v->name << ", " << secs << " s)\n";
    for (const auto& r : report.results()) {
      ++counts[static_cast<int>(r.status)];
      if (f == io::Format::Text) {
        out << fmt_line(r) << "\n";
      } else {
        // The paper by its authors and title; "paper" is the short name `grundy verify` takes.
        all.push_back({{"paper", r.paper}, {"title", v->title}, {"claim", r.claim},
                       {"status", analysis::to_string(r.status)}, {"range", r.range}, {"detail", r.detail}});
      }
    }
  }
  if (f == io::Format::Json)
    out << all.dump(1) << "\n";
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
  auto* cmd = app.add_subcommand("verify", "reproduce the papers' tables and check their claims by computation");
  cmd->add_option("paper", which, "chocolate, fts, knight, subtraction or all")->capture_default_str()->type_name("PAPER");
  add_output_options(cmd, output, {io::Format::Text, io::Format::Json});
  cmd->add_flag("--strict", strict, "an ERRATUM (a mistake of a paper, documented) fails too");
  cmd->footer(
      "Example: grundy verify chocolate\n"
      "Exit status: 0 when every claim holds or is a documented erratum, 1 when one fails (with --strict,\n"
      "an erratum too).");
  cmd->callback([] { with_output(output, [](std::ostream& out) { run_verify(out, which, output, strict); }); });
}

}  // namespace grundy::cli
