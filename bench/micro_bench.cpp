// Google Benchmark micro-benchmarks of the kernels: mex, the line sets' mex of a union, and
// expression evaluation. Run: build/release/grundy_micro_bench
#include <benchmark/benchmark.h>

#include <random>

#include "core/model/mex.hpp"
#include "core/solve/line_solver.hpp"
#include "expr/expr.hpp"
#include "games/registry.hpp"

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

BENCHMARK_MAIN();
