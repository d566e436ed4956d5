#include "service/verify.hpp"

#include <chrono>
#include <nlohmann/json.hpp>
#include <ostream>

#include "dist/job_queue.hpp"
#include "runtime/errors.hpp"

namespace grundy::service {

void verify(const std::string& which, const runtime::Limits& limits,
            const std::function<void(const PaperResult&)>& each) {
  std::vector<const analysis::PaperVerifier*> chosen;
  std::string known;
  for (const auto& v : analysis::paper_verifiers()) {
    known += v.name + ", ";
    if (which == "all" || which == v.name) chosen.push_back(&v);
  }
  if (chosen.empty()) throw runtime::UserError("verify '" + which.substr(0, 40) + "': allowed " + known + "all");
  // A job's record: its seconds and its claims, as text (what a worker rank sends back).
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
  auto deliver = [&](std::uint64_t i, const dist::JobResult& job) {
    const analysis::PaperVerifier& v = *chosen[i];
    if (!job.ok) throw runtime::EngineError("verify " + v.name + ": " + job.text);
    const nlohmann::json record = nlohmann::json::parse(job.text);
    PaperResult p{v.name, v.title, record["seconds"].get<double>(), {}};
    for (const auto& c : record["claims"])
      p.claims.push_back({c[0], c[1], static_cast<analysis::Status>(c[2].get<int>()), c[3], c[4]});
    each(p);
  };
  dist::run_jobs(limits.world, chosen.size(), check, deliver);
}

void write_verify_json(std::ostream& out, const std::vector<PaperResult>& papers) {
  nlohmann::json all = nlohmann::json::array();
  for (const PaperResult& p : papers)
    for (const analysis::ClaimResult& r : p.claims)
      // The paper by its authors and title; "paper" is the short name `grundy verify` takes.
      all.push_back({{"paper", r.paper},
                     {"title", p.title},
                     {"claim", r.claim},
                     {"status", analysis::to_string(r.status)},
                     {"range", r.range},
                     {"detail", r.detail}});
  out << all.dump(1) << "\n";
}

}  // namespace grundy::service
