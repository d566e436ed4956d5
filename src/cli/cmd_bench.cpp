// `grundy bench`: a fixed list of jobs covering every family and transform, Stockfish-style.
// It prints, last, the positions computed, a signature (a hash of every value computed), the
// time and the rate. The signature changes only when behaviour changes; tests/cli/bench_test.cpp
// holds it to bench/signature.txt.
//
// --memo (implied by --long) also runs each job at a smaller size twice in the same process,
// by its fast path and by the generic memoised solver (core::MemoSolver, what a hand-written
// script does), checks that they agree position by position and prints the ratio of times.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli/game_options.hpp"
#include "core/solve/solve.hpp"
#include "games/fts_solver.hpp"
#include "games/nim_solver.hpp"
#include "games/octal_solver.hpp"
#include "games/subtraction_solver.hpp"
#include "runtime/fnv.hpp"
#include "runtime/memory.hpp"

namespace grundy::cli {

namespace {

// Table: every cell of the box, by solve_guarded. The f jobs: the P-positions of a
// three-coordinate game with every coordinate below extent[0], by unique completion on an
// N x N grid (three-heap Nim with a pass at p = 1; three-pile FTS Nim outside S). Stream: a
// one-heap subtraction game with a pass (set 2,12,14) swept in constant memory, every value
// hashed and none kept. OctalProof: a take-and-break game's sequence swept until the octal
// periodicity theorem proves its period (within extent[0] heap sizes), every value hashed.
enum class JobKind { Table, NimPassF, FtsF, Stream, OctalProof };

struct BenchJob {
  std::string spec;                  // a GAME spec
  std::vector<std::int64_t> extent;  // the box (f jobs: {N})
  core::Evaluation eval;
  std::vector<std::int64_t> memo_extent;  // the --memo comparison's box
  JobKind kind = JobKind::Table;
};

// The default jobs run in a few seconds; --long adds the large boxes the
// throughput targets are set on.
std::vector<BenchJob> bench_jobs(bool long_run) {
  using E = core::Evaluation;
  std::vector<BenchJob> jobs = {
      {"nim -p heaps=3", {96, 96, 96}, E::Grundy, {24, 24, 24}},
      {"nim -p heaps=2 --pass", {1024, 1024, 2}, E::Grundy, {128, 128, 2}},
      {"nim -p heaps=3 --pass", {48, 48, 48, 2}, E::Grundy, {16, 16, 16, 2}},
      {"nim -p heaps=3 --passes 2", {24, 24, 24, 3}, E::Grundy, {12, 12, 12, 3}},
      {"nim -p heaps=3 --forbid 'total % 5 == 0'", {64, 64, 64}, E::NormalOutcome, {20, 20, 20}},
      {"nim -p heaps=2 --forbid 'total in {0,1}' --pass", {512, 512, 2}, E::Grundy, {96, 96, 2}},
      {"nim -p heaps=4", {20, 20, 20, 20}, E::MisereOutcome, {8, 8, 8, 8}},
      {"subtraction -p set=2,12,14 --pass", {200000, 2}, E::Grundy, {20000, 2}},
      {"subtraction -p set=1,3,4 --pass-from-terminal --pass", {100000, 2}, E::MisereOutcome, {20000, 2}},
      {"sum -p 'a=subtraction -p set=1,2' -p 'b=nim -p heaps=1' --pass", {256, 256, 2}, E::Grundy, {64, 64, 2}},
      {"fts -p piles=3 -p d=5", {128, 128, 128}, E::NormalOutcome, {20, 20, 20}},
      {"fts -p piles=2 -p 'S=total in {0,1}'", {256, 256}, E::Grundy, {96, 96}},
      {"chocolate -p F=z/2 --pass", {64, 64, 64, 2}, E::Grundy, {16, 16, 16, 2}},
      {"chocolate -p F=(x+z)/3", {48, 48, 48}, E::Grundy, {16, 16, 16}},
      {"chocolate2 -p h=z/2 --pass", {512, 512, 2}, E::Grundy, {96, 96, 2}},
      {"knight", {1024, 1024}, E::Grundy, {256, 256}},
      {"queen", {512, 512}, E::Grundy, {64, 64}},
      {"king --pass", {256, 256, 2}, E::Grundy, {96, 96, 2}},
      {"leaper -p moves=-3:1,1:-3,-2:-2", {512, 512}, E::Grundy, {128, 128}},
  };
  if (long_run) {
    jobs.push_back({"nim -p heaps=2 --pass", {4096, 4096, 2}, E::Grundy, {192, 192, 2}});
    jobs.push_back({"nim -p heaps=2 --pass", {32768, 32768, 2}, E::Grundy, {192, 192, 2}});
    jobs.push_back({"knight", {8192, 8192}, E::Grundy, {1024, 1024}});
    // Wythoff's Nim and the rook by the line sweep, the queen with its diagonals.
    jobs.push_back({"queen", {2048, 2048}, E::Grundy, {128, 128}});
    jobs.push_back({"queen", {16384, 16384}, E::Grundy, {128, 128}});
    jobs.push_back({"rook", {2048, 2048}, E::Grundy, {128, 128}});
    // A Wythoff variant, the queen with the knight's diagonals: the rider line sweep.
    jobs.push_back({"rider -p dirs=-1:0,0:-1,-1:-1,-1:-2,-2:-1", {2048, 2048}, E::Grundy, {128, 128}});
    jobs.push_back({"chocolate -p F=z/2 --pass", {512, 256, 512, 2}, E::Grundy, {32, 16, 32, 2}});
    // The target: 1024^3 (x, z < 1024, y <= z / 2: 1.07 G positions with the pass) in 20 s
    // and 2.5 GB, which two bytes a position make room for.
    jobs.push_back({"chocolate -p F=z/2 --pass", {1024, 512, 1024, 2}, E::Grundy, {32, 16, 32, 2}});
    jobs.push_back({"nim -p heaps=3 --pass", {16384}, E::NormalOutcome, {32}, JobKind::NimPassF});
    jobs.push_back({"fts -p piles=3 -p d=5", {4096}, E::NormalOutcome, {32}, JobKind::FtsF});
    jobs.push_back({"subtraction -p set=2,12,14 --pass", {1000000000, 2}, E::Grundy, {100000, 2}, JobKind::Stream});
    // Take-and-break sequences by the sparse-space sweep: Grundy's game and 0.6
    // (Officers), the two unsolved games the records are set on. Their memo twin stops at heap
    // 16, where positions stay within 15 heaps.
    jobs.push_back({"octal -p code=4!.0", {std::int64_t{1} << 21}, E::Grundy, {16}});
    jobs.push_back({"octal -p code=0.6", {std::int64_t{1} << 21}, E::Grundy, {16}});
    // Codes without a sparse space: Kayles by the interleaved search for missing values,
    // Dawson's chess by its periodic tail; both linear in the heap sizes.
    jobs.push_back({"octal -p code=0.77", {std::int64_t{1} << 22}, E::Grundy, {16}});
    jobs.push_back({"octal -p code=0.137", {std::int64_t{1} << 22}, E::Grundy, {16}});
    // The long proven periods of the literature: 0.354 (preperiod 10,061,916, period 1,180) and
    // 0.1777 (preperiod 160,949,018, period 60,620,715; the proof compares n < 2 n0 + p + t =
    // 382,518,755, which reads the values of 443,139,470 heap sizes).
    jobs.push_back({"octal -p code=0.354", {std::int64_t{1} << 25}, E::Grundy, {16}, JobKind::OctalProof});
    jobs.push_back({"octal -p code=0.1777", {450000000}, E::Grundy, {16}, JobKind::OctalProof});
  }
  return jobs;
}

// "GAME BOX", e.g. "knight 1024x1024": what --filter matches.
std::string job_label(const BenchJob& j) {
  std::string box;
  for (auto e : j.extent) box += (box.empty() ? "" : "x") + std::to_string(e);
  if (j.kind == JobKind::NimPassF || j.kind == JobKind::FtsF) box = "P-positions<" + box;
  if (j.kind == JobKind::Stream) box = "stream " + box;
  if (j.kind == JobKind::OctalProof) box = "proof<" + box;
  return j.spec + " " + box;
}

// The signature: FNV-1a over 32-bit words.
using Signature = runtime::Fnv;

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// One job's answer: every value computed (the f grid for f jobs), and how many P-positions
// the f grid stands for.
struct JobResult {
  core::ValueArray values;
  core::Box box;  // Table jobs: the box solved (the requested one grown to its reach box)
  std::uint64_t p_positions = 0;
  std::uint64_t streamed = 0, stream_hash = 0;  // Stream, OctalProof: positions and a hash of their values
  std::string note;                             // OctalProof: the period proven
};

JobResult run_job(const BenchJob& job, const std::vector<std::int64_t>& extent) {
  JobResult r;
  const std::int64_t n = extent[0];
  switch (job.kind) {
    case JobKind::Table: {
      const core::Game game = games::make_game(games::parse_game_spec(job.spec));
      core::Position e;
      for (auto v : extent) e.push_back(v);
      core::DenseTable t = core::solve_guarded(game, core::Box(e), job.eval, runtime::default_memory_limit());
      r.values = std::move(t.values);
      r.box = t.box;
      return r;
    }
    case JobKind::NimPassF: {
      runtime::ensure_fits(games::nim_pass_f_grid_bytes(n), runtime::default_memory_limit(),
                           "the f grid of " + job.spec);
      r.values = core::ValueArray::adopt(std::move(games::nim_pass_f_grid(n).f));
      break;
    }
    case JobKind::Stream: {
      // Two layers per heap size hashed together: one multiply per step keeps the hash off
      // the critical path of the sweep.
      std::uint64_t h = 0;
      games::sweep_subtraction(games::Subtraction({2, 12, 14}), static_cast<int>(extent[1]) - 1, false, n,
                               [&](std::int64_t x, std::span<const core::Value> v) {
                                 h = (h ^ (v[0] | static_cast<std::uint64_t>(v[1]) << 32)) * 0x100000001b3ULL;
                                 if ((x & 0xfffff) == 0xfffff) runtime::tick(0x100000);
                               });
      r.streamed = static_cast<std::uint64_t>(n) * 2;
      r.stream_hash = h;
      return r;
    }
    case JobKind::OctalProof: {
      std::string code;
      for (const auto& [name, value] : games::parse_game_spec(job.spec).params)
        if (name == "code") code = value;
      games::OctalSweep sweep(games::parse_octal_code(code));
      runtime::ensure_fits(games::OctalSweep::bytes(sweep.code(), n), runtime::default_memory_limit(),
                           "the proof of " + job.spec);
      const games::OctalPeriod p = games::sweep_until_proven(sweep, std::int64_t{1} << 16, n);
      if (!p.proven)
        throw runtime::EngineError("bench: no period of " + job.spec + " proven within " + std::to_string(n) +
                                   " heaps");
      Signature h;
      for (std::int64_t x = 0; x < sweep.size(); ++x) h.add_u32(sweep.at(x));
      h.add_u32(static_cast<std::uint32_t>(p.preperiod));
      h.add_u32(static_cast<std::uint32_t>(p.period));
      r.streamed = static_cast<std::uint64_t>(sweep.size());
      r.stream_hash = h.h;
      r.note = "  preperiod " + std::to_string(p.preperiod) + ", period " + std::to_string(p.period) + " proven";
      return r;
    }
    case JobKind::FtsF: {
      const games::FtsNim rules = games::FtsNim::multiples_of(3, 5);
      runtime::ensure_fits(games::fts_f_grid_bytes(rules, n), runtime::default_memory_limit(),
                           "the f grid of " + job.spec);
      r.values = core::ValueArray::adopt(std::move(games::fts_f_grid(rules, n).f));
      break;
    }
  }
  for (core::Value f : r.values) r.p_positions += f < static_cast<core::Value>(n) ? 1 : 0;
  return r;
}

// The job at memo_extent by its fast path and by the memo solver: times and agreement.
void compare_with_memo(BenchJob job) {
  if (job.kind == JobKind::Stream || job.kind == JobKind::OctalProof)
    job.kind = JobKind::Table;  // the memo solver needs the values
  const auto& ext = job.memo_extent;
  auto start = std::chrono::steady_clock::now();
  const JobResult fast = run_job(job, ext);
  const double fast_ms = ms_since(start);
  start = std::chrono::steady_clock::now();
  std::uint64_t positions = 0, disagree = 0;
  auto report = [&](const std::string& size, double memo_ms) {
    std::printf("  memo %-55s %-16s %9.1f ms  fast %9.3f ms  ratio %8.0fx  %s\n", job.spec.c_str(), size.c_str(),
                memo_ms, fast_ms, memo_ms / fast_ms, disagree == 0 ? "agree" : "DISAGREE");
  };
  if (job.kind == JobKind::Table) {
    const core::Game game = games::make_game(games::parse_game_spec(job.spec));
    core::Position e;
    for (auto v : ext) e.push_back(v);
    const core::Box box(e);
    // Cells that are not positions of the game (a chocolate bar's y above F(x, z)) are skipped.
    const auto memo = game.make_solver(job.eval);
    std::vector<core::Value> got;
    got.reserve(box.count());
    core::Position p(box.arity());
    do got.push_back(game.check(p).empty() ? memo->value(p) : core::kNoValue);
    while (box.next(p));
    const double memo_ms = ms_since(start);
    std::uint64_t i = 0;
    p = core::Position(box.arity());
    do {
      const core::Value v = got[i++];
      positions += v != core::kNoValue ? 1 : 0;
      disagree += v != core::kNoValue && v != fast.values[fast.box.index(p)] ? 1 : 0;
    } while (box.next(p));
    report(box.to_string(), memo_ms);
  } else {
    // The same question, every P-position with all coordinates below n, asked of the memo
    // solver position by position (the pass layer p = 1 for Nim; outside S for FTS).
    const std::int64_t n = ext[0];
    const bool nim = job.kind == JobKind::NimPassF;
    const core::Game game = games::make_game(games::parse_game_spec(job.spec));
    const games::FtsNim fts = games::FtsNim::multiples_of(3, 5);
    const auto memo = game.make_solver(job.eval);
    std::vector<std::uint8_t> p_found;
    for (std::int64_t x = 0; x < n; ++x)
      for (std::int64_t y = 0; y < n; ++y)
        for (std::int64_t z = 0; z < n; ++z) {
          const core::Position pos = nim ? core::Position{x, y, z, 1} : core::Position{x, y, z};
          p_found.push_back(memo->value(pos) == 0 && (nim || !fts.forbidden(pos)) ? 1 : 0);
        }
    const double memo_ms = ms_since(start);
    positions = p_found.size();
    for (std::int64_t x = 0; x < n; ++x)
      for (std::int64_t y = 0; y < n; ++y)
        for (std::int64_t z = 0; z < n; ++z)
          disagree += (p_found[static_cast<std::size_t>((x * n + y) * n + z)] != 0) !=
                              (fast.values[static_cast<std::size_t>(x * n + y)] == static_cast<core::Value>(z))
                          ? 1
                          : 0;
    report("P<" + std::to_string(n), memo_ms);
  }
  if (disagree != 0)
    throw runtime::EngineError("bench: the fast path and the memo solver disagree on " + std::to_string(disagree) +
                               " of " + std::to_string(positions) + " positions of " + job.spec);
}

void run_bench(bool long_run, bool memo, const std::string& filter) {
  Signature sig;
  std::uint64_t positions = 0;
  double total_ms = 0;
  std::vector<BenchJob> jobs = bench_jobs(long_run);
  if (!filter.empty()) {
    std::erase_if(jobs, [&](const BenchJob& j) { return job_label(j).find(filter) == std::string::npos; });
    if (jobs.empty()) throw runtime::UserError("--filter '" + filter + "': no bench job's game or box contains it");
  }
  for (const BenchJob& job : jobs) {
    const auto start = std::chrono::steady_clock::now();
    const JobResult r = run_job(job, job.extent);
    const double ms = ms_since(start);
    Signature job_sig;
    for (core::Value v : r.values) job_sig.add_u32(v);
    const bool streamed = job.kind == JobKind::Stream || job.kind == JobKind::OctalProof;
    if (streamed) job_sig.h = r.stream_hash;
    sig.add_u32(static_cast<std::uint32_t>(job_sig.h));
    sig.add_u32(static_cast<std::uint32_t>(job_sig.h >> 32));
    const std::uint64_t count = streamed ? r.streamed : r.values.size();
    positions += count;
    total_ms += ms;
    std::string box = job_label(job).substr(job.spec.size() + 1);
    if (job.kind == JobKind::NimPassF || job.kind == JobKind::FtsF) box += " (" + std::to_string(r.p_positions) + " P)";
    const bool f_job = job.kind == JobKind::NimPassF || job.kind == JobKind::FtsF;
    std::printf("%-62s %-16s %12llu %s %9.1f ms %7.2f ns/pos%s\n", job.spec.c_str(), box.c_str(),
                static_cast<unsigned long long>(count), f_job ? "f cells  " : "positions", ms,
                ms * 1e6 / static_cast<double>(count), r.note.c_str());
    std::fflush(stdout);
    if (memo || long_run) compare_with_memo(job);
  }
  std::printf("\nPositions: %llu\nSignature: %016llx\nTime (ms): %.0f\nPositions/s: %.0f\n",
              static_cast<unsigned long long>(positions), static_cast<unsigned long long>(sig.h), total_ms,
              static_cast<double>(positions) / (total_ms / 1000));
}

}  // namespace

void add_bench_command(CLI::App& app) {
  static bool long_run = false, memo = false;
  static std::string filter;
  auto* cmd = app.add_subcommand("bench", "run the fixed benchmark jobs; prints a signature of every value computed");
  cmd->add_flag("--long", long_run,
                "add the large jobs of the performance table (minutes, several GiB); implies --memo");
  cmd->add_flag("--memo", memo,
                "also time each job against the generic memo solver at a smaller size, and check they agree");
  cmd->add_option("--filter", filter, "only the jobs whose game spec or box (e.g. 4096x4096x2) contains PART")
      ->type_name("PART");
  cmd->footer("Example: grundy bench");
  cmd->callback([] { run_bench(long_run, memo, filter); });
}

}  // namespace grundy::cli
