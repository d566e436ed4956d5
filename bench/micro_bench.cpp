// Google Benchmark micro-benchmarks of the kernels: mex, the line sets' mex of a union,
// expression evaluation, misère play by the quotient against the whole-position solver, and the
// search of boards and graphs with each of its techniques removed in turn.
// Run: build/release/grundy_micro_bench (--benchmark_filter=Quotient|Misere|Search for the latter)
#include <benchmark/benchmark.h>

#include <random>

#include "analysis/misere_quotient.hpp"
#include "core/model/mex.hpp"
#include "core/solve/line_solver.hpp"
#include "expr/expr.hpp"
#include "games/registry.hpp"
#include "games/vertex_game.hpp"
#include "pipeline/oracle.hpp"
#include "service/quotient.hpp"

using namespace grundy;

static void BM_MexBuffer(benchmark::State& state) {
  std::mt19937 rng(1);
  std::vector<core::Value> vals(static_cast<std::size_t>(state.range(0)));
  for (auto& v : vals) v = rng() % (vals.size() + 4);
  core::MexBuffer m;
  for (auto _ : state) {
    m.clear();
    for (auto v : vals) m.add(v);
    benchmark::DoNotOptimize(m.mex());
  }
}
BENCHMARK(BM_MexBuffer)->Arg(8)->Arg(64)->Arg(1024);

// The two-heap Nim-with-a-pass table, the line kernel's main job, per cell.
static void BM_LineKernel2D(benchmark::State& state) {
  const core::Game g = games::make_game(games::parse_game_spec("nim -p heaps=2 --pass"));
  const std::int64_t n = state.range(0);
  for (auto _ : state) benchmark::DoNotOptimize(g.solve_dense(core::Box(core::Position{n, n, 2})).values.size());
  state.SetItemsProcessed(state.iterations() * n * n * 2);
}
BENCHMARK(BM_LineKernel2D)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond);

static void BM_ExprEval(benchmark::State& state) {
  const auto p = expr::Program::compile("total % 5 == 0 || x ^ y ^ (z == 7)", {"x", "y", "z", "total"});
  std::int64_t v[4] = {3, 5, 7, 15};
  for (auto _ : state) {
    benchmark::DoNotOptimize(p.eval(v));
    v[0] = (v[0] + 1) & 1023;
  }
}
BENCHMARK(BM_ExprEval);

// The misère quotient of a take-and-break game on heaps 0..size-1, learnt and certified from
// nothing: the quotients of the literature (0.75 is R8, 0.123 has 20 elements, 0.07 has 24, 144,
// 360 and 638 elements on heaps 0..24, 0..26, 0..30 and 0..33), and 0.75 with a pass.
static void BM_Quotient(benchmark::State& state, const char* spec, std::int64_t size) {
  const service::Subject s = service::subject_of(games::parse_game_spec(spec));
  for (auto _ : state) benchmark::DoNotOptimize(service::quotient(s, size, runtime::Limits{}).order());
}
BENCHMARK_CAPTURE(BM_Quotient, octal_0_75_heaps_0_19, "octal -p code=0.75", 20)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Quotient, octal_0_123_heaps_0_19, "octal -p code=0.123", 20)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Quotient, octal_0_07_heaps_0_24, "octal -p code=0.07", 25)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Quotient, octal_0_07_heaps_0_26, "octal -p code=0.07", 27)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Quotient, octal_0_07_heaps_0_30, "octal -p code=0.07", 31)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Quotient, octal_0_07_heaps_0_33, "octal -p code=0.07", 34)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Quotient, octal_0_75_pass_heaps_0_19, "octal -p code=0.75 --pass", 20)
    ->Unit(benchmark::kMillisecond);

// The misère outcome of a position of 1,000 heaps below 20 of 0.75 from its quotient: a product
// per heap.
static void BM_MisereOutcomeByQuotient(benchmark::State& state) {
  const service::Subject s = service::subject_of(games::parse_game_spec("octal -p code=0.75"));
  const analysis::MisereQuotient q = service::quotient(s, 20, runtime::Limits{});
  std::mt19937 rng(1);
  std::vector<std::int64_t> heaps(static_cast<std::size_t>(state.range(0)));
  for (auto& h : heaps) h = static_cast<std::int64_t>(rng() % 20);
  for (auto _ : state) benchmark::DoNotOptimize(q.is_p(heaps));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_MisereOutcomeByQuotient)->Arg(1000)->Unit(benchmark::kMicrosecond);

// The same question for the whole-position solver (the memo solver behind the value oracle,
// from nothing): the most it can hold is 8 heaps (the family's limit) of 15 tokens in all (a
// position of 0.75 can split into as many heaps as it has tokens, and a position holds 15).
static void BM_MisereOutcomeWholePosition(benchmark::State& state) {
  const int k = static_cast<int>(state.range(0));
  const core::Game game = games::make_game(games::parse_game_spec("octal -p code=0.75 -p heaps=" + std::to_string(k)));
  core::Position pos(k);
  for (int i = 0; i < k; ++i) pos[i] = 15 / k + (i < 15 % k ? 1 : 0);
  for (auto _ : state) {
    pipeline::ValueOracle oracle(game, core::Evaluation::MisereOutcome, runtime::default_memory_limit());
    benchmark::DoNotOptimize(oracle.value(pos));
  }
}
BENCHMARK(BM_MisereOutcomeWholePosition)->Arg(2)->Arg(4)->Arg(8)->Unit(benchmark::kMicrosecond);

// The search of a whole board or graph, with the techniques of the first argument (bits: 1
// decomposition, 2 canonical forms, 4 pruning, 8 the table): 15 is the engine's search, each of
// 14, 13, 11 and 7 removes one; the second argument is the threads. Counted: options generated,
// table probes, hits and evictions.
static void BM_Search(benchmark::State& state, const char* family, const char* text) {
  auto graph = std::make_shared<const games::Graph>(std::string(family) == "cram" ? games::parse_board(text)
                                                                                  : games::parse_graph(text));
  const games::VertexGame g(
      graph, std::string(family) == "node-kayles" ? games::VertexRule::Node : games::VertexRule::Arc, family);
  const auto mask = state.range(0);
  const core::SearchTechniques t{(mask & 1) != 0, (mask & 2) != 0, (mask & 4) != 0, (mask & 8) != 0};
  const auto threads = static_cast<int>(state.range(1));
  games::SearchRun run;
  for (auto _ : state) run = games::search_value(g, g.start(), t, std::uint64_t{4} << 30, threads);
  state.counters["value"] = run.value;
  state.counters["nodes"] = static_cast<double>(run.stats.nodes);
  state.counters["probes"] = static_cast<double>(run.stats.lookups);
  state.counters["hits"] = static_cast<double>(run.stats.hits);
  state.counters["evictions"] = static_cast<double>(run.stats.evictions);
}
// Without the table the search is a tree: measured on a board where that still ends.
BENCHMARK_CAPTURE(BM_Search, cram_4x5, "cram", "4x5")->Args({15, 1})->Args({7, 1})->Unit(benchmark::kMillisecond);
// Each of the other techniques removed in turn (no decomposition: about a minute).
BENCHMARK_CAPTURE(BM_Search, cram_4x8, "cram", "4x8")
    ->ArgsProduct({{15, 14, 13, 11}, {1}})
    ->Unit(benchmark::kSecond)
    ->Iterations(1);
BENCHMARK_CAPTURE(BM_Search, node_kayles_5x5, "node-kayles", "grid:5x5")
    ->ArgsProduct({{15, 14, 13, 11}, {1}})
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Search, node_kayles_7x7, "node-kayles", "grid:7x7")
    ->ArgsProduct({{15, 13, 11}, {1}})
    ->Unit(benchmark::kSecond)
    ->Iterations(1);
BENCHMARK_CAPTURE(BM_Search, node_kayles_path_1000, "node-kayles", "path:1000")
    ->Args({15, 1})
    ->Unit(benchmark::kSecond)
    ->Iterations(1);
// The largest board of the set, on one thread and on two (the options of a large component
// shared out, one table): a minute or two each.
BENCHMARK_CAPTURE(BM_Search, cram_5x8, "cram", "5x8")
    ->ArgsProduct({{15}, {1, 2}})
    ->Unit(benchmark::kSecond)
    ->Iterations(1);

BENCHMARK_MAIN();
