// The 2-D line sweep (core/line_solver.hpp) on boxes large enough for its two-thread pipeline
// and its symmetric half-sweep, against the generic dense solver: every thread count and both
// sweep shapes must give the same table, cell by cell.
#include <gtest/gtest.h>

#include "core/line_solver.hpp"
#include "games/registry.hpp"

using namespace grundy;
using core::Box;
using core::Position;

namespace {

void expect_same(const core::DenseTable& fast, const core::DenseTable& slow, const std::string& label) {
  ASSERT_EQ(fast.values.size(), slow.values.size()) << label;
  for (std::uint64_t i = 0; i < slow.values.size(); ++i)
    ASSERT_EQ(fast.values[i], slow.values[i]) << label << " at " << core::to_string(slow.box.at(i));
}

}  // namespace

TEST(LineSweep2D, NimWithPassesEveryThreadCountAndShape) {
  const std::int64_t n = 160;  // > 2 blocks of 64 columns: the pipeline runs
  for (const char* spec : {"nim -p heaps=2 --pass", "nim -p heaps=2 --passes 2 --pass-from-terminal"}) {
    const core::Game g = games::make_game(games::parse_game_spec(spec));
    const int passes = std::string(spec).find("passes 2") != std::string::npos ? 2 : 1;
    const Box box(Position{n, n, passes + 1});
    const core::DenseTable slow = g.solve_dense_generic(box);
    auto all = [](const Position&) { return true; };
    const core::LineGame<decltype(all)> lg{2, passes, passes == 2, all, true};
    for (int threads : {1, 2, 3})
      for (bool symmetric : {false, true})
        expect_same(core::solve_line_game_2d(lg, box, symmetric, threads), slow,
                    std::string(spec) + " threads " + std::to_string(threads) + (symmetric ? " symmetric" : ""));
  }
}

TEST(LineSweep2D, ForbiddenCellsAndRectangularBoxes) {
  // An asymmetric forbidden set on a rectangle: only the full sweep applies.
  const core::Game g =
      games::make_game(games::parse_game_spec("nim -p heaps=2 --forbid 'x * y % 7 == 3 || x == 2 * y' --pass"));
  const Box box(Position{140, 200, 2});
  const core::DenseTable slow = g.solve_dense_generic(box);
  auto allowed = [](const Position& p) { return !(p[0] * p[1] % 7 == 3 || p[0] == 2 * p[1]); };
  const core::LineGame<decltype(allowed)> lg{2, 1, false, allowed};
  for (int threads : {1, 2, 3})
    expect_same(core::solve_line_game_2d(lg, box, false, threads), slow, "threads " + std::to_string(threads));
  // A symmetric sweep is only defined on a square.
  std::vector<core::Value> out(140 * 200);
  auto none = [](std::uint64_t, std::uint64_t, std::uint64_t, core::Value, bool) { return core::detail::OneValue{}; };
  EXPECT_THROW(core::sweep_lines_2d(140, 200, 1, 400, true, allowed, none, out.data(), 1), core::EngineError);
}
