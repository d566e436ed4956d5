// Every long loop polls the same stop request (--max-seconds, Ctrl-C, a server request's time
// limit), not only the solvers: the analyses, the period searches, the output phase and the
// table file. With a deadline already passed each phase below must stop with Interrupted
// instead of running to its end.
#include <gtest/gtest.h>

#include <sstream>

#include "analysis/discover.hpp"
#include "analysis/formula.hpp"
#include "analysis/ns_property.hpp"
#include "analysis/periodicity.hpp"
#include "analysis/reverse_mex.hpp"
#include "analysis/structure.hpp"
#include "games/registry.hpp"
#include "games/subtraction_solver.hpp"
#include "io/format.hpp"
#include "io/latex.hpp"
#include "io/table_file.hpp"
#include "runtime/progress.hpp"

using namespace grundy;

namespace {

// A table of 512 x 512 cells (more than one poll interval of 2^16), solved before the deadline.
core::DenseTable nim_table() {
  return games::make_game(games::parse_game_spec("nim -p heaps=2")).solve_dense(core::Box(core::Position{512, 512}));
}

template <class F>
void expect_stops(const std::string& phase, F&& f) {
  const runtime::StopScope passed(0, "deadline passed");
  try {
    f();
    ADD_FAILURE() << phase << " ran to its end past the deadline";
  } catch (const runtime::Interrupted& e) {
    EXPECT_STREQ(e.what(), "deadline passed") << phase;
  }
}

}  // namespace

TEST(Deadline, EveryPhaseAfterTheSolveStopsWhenItPasses) {
  const core::DenseTable t = nim_table();
  const std::vector<std::string> names = {"x", "y"};
  expect_stops("structure", [&] { analysis::analyze_structure(t, {}); });
  expect_stops("discover", [&] { analysis::discover(t, names, {}); });
  expect_stops("check", [&] {
    const expr::Program prog = analysis::compile_formula("--formula", "x + y", names);
    analysis::check_formula(t, prog, analysis::FormulaKind::Grundy, {true, true}, "--formula");
  });
  std::vector<std::int64_t> seq(1 << 20);
  for (std::size_t i = 0; i < seq.size(); ++i) seq[i] = static_cast<std::int64_t>(i % 7919 * (i % 13));
  expect_stops("period search", [&] { analysis::find_periodicity(seq); });
  expect_stops("subtraction period search", [&] {
    games::find_subtraction_period(games::Subtraction({1, 100000}), 0, false, std::int64_t{1} << 40);
  });
  expect_stops("reverse-mex", [&] {
    analysis::reverse_mex(games::Subtraction({2, 4000000, 4000002}), 1, false, 1 << 30);
  });
  std::vector<std::int64_t> bar(std::size_t{2048} * 2048);
  for (std::size_t i = 0; i < bar.size(); ++i) bar[i] = static_cast<std::int64_t>(i / 2048 + i % 2048);
  expect_stops("NS property", [&] { analysis::ns_property_2d(bar, 2048, 2048); });
  const io::Grid grid = io::make_grid(t, "nim", names, core::Position{0, 0}, 0, 1, 512, 512);
  for (io::Format f : {io::Format::Text, io::Format::Csv, io::Format::Json, io::Format::Latex}) {
    expect_stops("output " + std::to_string(static_cast<int>(f)), [&] {
      std::ostringstream out;
      io::write_grid(out, f, grid);
    });
  }
  expect_stops("save", [&] { io::save_table(testing::TempDir() + "/grundy_deadline.gtab", t, "nim(heaps=2)"); });
}
