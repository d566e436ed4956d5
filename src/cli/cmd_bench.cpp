// `grundy bench`: a fixed list of jobs covering every family and transform, Stockfish-style.
// It prints, last, the positions computed, a signature (a hash of every value computed), the
// time and the rate. The signature changes only when behaviour changes; tests/cli/bench_test.cpp
// holds it to bench/signature.txt.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli/game_options.hpp"
#include "core/memory.hpp"
#include "core/solve.hpp"

namespace grundy::cli {

namespace {

struct BenchJob {
  std::string spec;                  // a GAME spec
  std::vector<std::int64_t> extent;  // the box
  core::Evaluation eval;
};

// The default jobs run in a few seconds; --long adds the figures of issue 4's table.
std::vector<BenchJob> bench_jobs(bool long_run) {
  using E = core::Evaluation;
  std::vector<BenchJob> jobs = {
      {"nim -p heaps=3", {96, 96, 96}, E::Grundy},
      {"nim -p heaps=2 --pass", {1024, 1024, 2}, E::Grundy},
      {"nim -p heaps=3 --pass", {48, 48, 48, 2}, E::Grundy},
      {"nim -p heaps=3 --passes 2", {24, 24, 24, 3}, E::Grundy},
      {"nim -p heaps=3 --forbid 'total % 5 == 0'", {64, 64, 64}, E::NormalOutcome},
      {"nim -p heaps=2 --forbid 'total in {0,1}' --pass", {512, 512, 2}, E::Grundy},
      {"nim -p heaps=4", {20, 20, 20, 20}, E::MisereOutcome},
      {"subtraction -p set=2,12,14 --pass", {200000, 2}, E::Grundy},
      {"subtraction -p set=1,3,4 --pass-from-terminal --pass", {100000, 2}, E::MisereOutcome},
      {"sum -p 'a=subtraction -p set=1,2' -p 'b=nim -p heaps=1' --pass", {256, 256, 2}, E::Grundy},
      {"fts -p piles=3 -p d=5", {128, 128, 128}, E::NormalOutcome},
      {"fts -p piles=2 -p 'S=total in {0,1}'", {256, 256}, E::Grundy},
      {"chocolate -p F=z/2 --pass", {64, 64, 64, 2}, E::Grundy},
      {"chocolate -p F=(x+z)/3", {48, 48, 48}, E::Grundy},
      {"chocolate2 -p h=z/2 --pass", {512, 512, 2}, E::Grundy},
      {"knight", {1024, 1024}, E::Grundy},
      {"queen", {512, 512}, E::Grundy},
      {"king --pass", {256, 256, 2}, E::Grundy},
      {"leaper -p moves=-3:1,1:-3,-2:-2", {512, 512}, E::Grundy},
  };
  if (long_run) {
    jobs.push_back({"nim -p heaps=2 --pass", {4096, 4096, 2}, E::Grundy});
    jobs.push_back({"nim -p heaps=2 --pass", {32768, 32768, 2}, E::Grundy});
    jobs.push_back({"knight", {8192, 8192}, E::Grundy});
    jobs.push_back({"chocolate -p F=z/2 --pass", {512, 256, 512, 2}, E::Grundy});
    jobs.push_back({"fts -p piles=3 -p d=5", {4096, 4096, 4096}, E::NormalOutcome});
    jobs.push_back({"subtraction -p set=2,12,14 --pass", {100000000, 2}, E::Grundy});
  }
  return jobs;
}

// "GAME BOX", e.g. "knight 1024x1024": what --filter matches.
std::string job_label(const BenchJob& j) {
  std::string box;
  for (auto e : j.extent) box += (box.empty() ? "" : "x") + std::to_string(e);
  return j.spec + " " + box;
}

// FNV-1a over 32-bit words: stable across machines and runs.
struct Signature {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  void add(std::uint64_t v) {
    for (int i = 0; i < 4; ++i) {
      h ^= (v >> (8 * i)) & 0xff;
      h *= 0x100000001b3ULL;
    }
  }
};

void run_bench(bool long_run, const std::string& filter) {
  Signature sig;
  std::uint64_t positions = 0;
  double total_ms = 0;
  std::vector<BenchJob> jobs = bench_jobs(long_run);
  if (!filter.empty()) {
    std::erase_if(jobs, [&](const BenchJob& j) { return job_label(j).find(filter) == std::string::npos; });
    if (jobs.empty()) throw core::UserError("--filter '" + filter + "': no bench job's game or box contains it");
  }
  for (const BenchJob& job : jobs) {
    const core::Game game = games::make_game(games::parse_game_spec(job.spec));
    core::Position e;
    for (auto v : job.extent) e.push_back(v);
    const auto start = std::chrono::steady_clock::now();
    const core::DenseTable t = core::solve_guarded(game, core::Box(e), job.eval, core::default_memory_limit());
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    Signature job_sig;
    for (core::Value v : t.values) job_sig.add(v);
    sig.add(job_sig.h);
    sig.add(job_sig.h >> 32);
    positions += t.values.size();
    total_ms += ms;
    std::printf("%-62s %-16s %12llu positions %9.1f ms %7.2f ns/pos\n", job.spec.c_str(), t.box.to_string().c_str(),
                static_cast<unsigned long long>(t.values.size()), ms, ms * 1e6 / static_cast<double>(t.values.size()));
  }
  std::printf("\nPositions: %llu\nSignature: %016llx\nTime (ms): %.0f\nPositions/s: %.0f\n",
              static_cast<unsigned long long>(positions), static_cast<unsigned long long>(sig.h), total_ms,
              static_cast<double>(positions) / (total_ms / 1000));
}

}  // namespace

void add_bench_command(CLI::App& app) {
  static bool long_run = false;
  static std::string filter;
  auto* cmd = app.add_subcommand("bench", "run the fixed benchmark jobs; prints a signature of every value computed");
  cmd->add_flag("--long", long_run, "add the large jobs of the performance table (minutes, several GiB)");
  cmd->add_option("--filter", filter, "only the jobs whose game spec or box (e.g. 4096x4096x2) contains TEXT");
  cmd->footer("Example: grundy bench");
  cmd->callback([] { run_bench(long_run, filter); });
}

}  // namespace grundy::cli
