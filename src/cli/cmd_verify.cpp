#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "analysis/verify.hpp"
#include "cli/game_options.hpp"
#include "core/job_queue.hpp"

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
  // The papers are jobs of a queue (core/job_queue.hpp): under mpirun each is checked on a
  // worker rank and rank 0 prints them in order, as one process does. A job's record: its
  // seconds and its claims.
  auto check = [&](std::uint64_t i) {
    analysis::VerifyReport report(chosen[i]->name);
    const auto start = std::chrono::steady_clock::now();
    chosen[i]->run(report);
    nlohmann::json claims = nlohmann::json::array();
    for (const auto& r : report.results())
      claims.push_back({r.paper, r.claim, static_cast<int>(r.status), r.range, r.detail});
    return nlohmann::json{{"seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()},
                          {"claims", claims}}
        .dump();
  };
  auto print = [&](std::uint64_t i, const core::JobResult& job) {
    const analysis::PaperVerifier& v = *chosen[i];
    if (!job.ok) throw core::EngineError("verify " + v.name + ": " + job.text);
    const nlohmann::json record = nlohmann::json::parse(job.text);
    if (f == io::Format::Text)
      out << "== " << v.title << " (" << v.name << ", " << record["seconds"].get<double>() << " s)\n";
    for (const auto& c : record["claims"]) {
      const analysis::ClaimResult r{c[0], c[1], static_cast<analysis::Status>(c[2].get<int>()), c[3], c[4]};
      ++counts[static_cast<int>(r.status)];
      if (f == io::Format::Text) {
        out << fmt_line(r) << "\n";
      } else {
        // The paper by its authors and title; "paper" is the short name `grundy verify` takes.
        all.push_back({{"paper", r.paper},
                       {"title", v.title},
                       {"claim", r.claim},
                       {"status", analysis::to_string(r.status)},
                       {"range", r.range},
                       {"detail", r.detail}});
      }
    }
  };
  core::run_jobs(chosen.size(), check, print);
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
  static double max_seconds = 0;
  auto* cmd = app.add_subcommand("verify", "reproduce the papers' tables and check their claims by computation");
  cmd->add_option("paper", which, "chocolate, fts, knight, subtraction or all")->capture_default_str()->type_name("PAPER");
  add_output_options(cmd, output, {io::Format::Text, io::Format::Json});
  cmd->add_flag("--strict", strict, "an ERRATUM (a mistake of a paper, documented) fails too");
  add_max_seconds_option(cmd, max_seconds);
  cmd->footer(
      "Example: grundy verify chocolate\n"
      "Exit status: 0 when every claim holds or is a documented erratum, 1 when one fails (with --strict,\n"
      "an erratum too).");
  cmd->callback([] { with_output(output, [](std::ostream& out) { run_verify(out, which, output, strict); }); });
}

}  // namespace grundy::cli
