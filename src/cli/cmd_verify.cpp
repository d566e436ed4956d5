#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "analysis/verify.hpp"
#include "cli/game_options.hpp"

namespace grundy::cli {

namespace {

void run_verify(const std::string& which, const std::string& format) {
  const io::Format f = io::parse_format(format);
  if (f == io::Format::Csv) throw core::UserError("--format = 'csv': verify prints text or json");
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
    if (f == io::Format::Text) std::cout << "== " << v->title << " (" << v->name << ", " << secs << " s)\n";
    for (const auto& r : report.results()) {
      ++counts[static_cast<int>(r.status)];
      if (f == io::Format::Text) {
        std::cout << fmt_line(r) << "\n";
      } else {
        all.push_back({{"paper", r.paper}, {"claim", r.claim}, {"status", analysis::to_string(r.status)},
                       {"range", r.range}, {"detail", r.detail}});
      }
    }
  }
  if (f == io::Format::Json) {
    std::cout << all.dump(1) << "\n";
    return;
  }
  std::cout << "Claims: " << counts[0] + counts[1] + counts[2] << "  PASS " << counts[0] << "  FAIL " << counts[1]
            << "  ERRATUM " << counts[2] << "\n";
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
  static std::string which = "all", format = "text";
  auto* cmd = app.add_subcommand("verify", "reproduce the papers' tables and check their claims by computation");
  cmd->add_option("paper", which, "chocolate | fts | knight | subtraction | all")->capture_default_str();
  cmd->add_option("--format", format, "text | json")->capture_default_str();
  cmd->footer("Example: grundy verify chocolate\nExit status 0 when the checks ran, whatever they found.");
  cmd->callback([] { run_verify(which, format); });
}

}  // namespace grundy::cli
