// The 2-D line sweep (core/solve/line_solver.hpp) on boxes large enough for its two-thread pipeline
// and its symmetric half-sweep, against the generic dense solver: every thread count and both
// sweep shapes must give the same table, cell by cell.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/solve/line_solver.hpp"
#include "games/leaper_solver.hpp"
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
  EXPECT_THROW(core::sweep_lines_2d(140, 200, 1, 400, true, allowed, none, out.data(), 1), runtime::EngineError);
}

// The queen (Wythoff's Nim) adds a third line through each cell, its diagonal, and the rook is
// two-heap Nim: through the game's own route (the line sweep) against the generic sweep, with
// passes and forbidden cells, on boxes where the pipeline runs, by halves and whole.
TEST(LineSweep2D, QueenAndRookWithEveryTransformAgainstTheGenericSweep) {
  struct Case {
    const char* spec;
    Position extents;
  };
  const Case cases[] = {
      {"queen", {150, 150}},
      {"queen", {140, 200}},
      {"rook", {150, 150}},
      {"queen --pass", {140, 140, 2}},
      {"queen --passes 2 --pass-from-terminal", {130, 130, 3}},
      {"rook --passes 2", {130, 150, 3}},
      {"queen --forbid 'm * n % 7 == 3 || m == 2 * n'", {140, 200}},
      {"queen --forbid 'total % 5 == 1' --pass", {140, 140, 2}},
      {"rook --forbid 'm == n + 3' --pass", {140, 130, 2}},
      {"rider -p dirs=-1:-1,0:-1,-1:0", {140, 140}},  // the queen's directions, in any order
      {"rider -p dirs=0:-1,-1:0 --pass", {130, 140, 2}},
  };
  for (const Case& c : cases) {
    const core::Game g = games::make_game(games::parse_game_spec(c.spec));
    const Box box(c.extents);
    const core::SolveRoute route = g.route(box);
    EXPECT_NE(route.name.find("line sweep"), std::string::npos) << c.spec << ": " << route.name;
    expect_same(route.run(), g.solve_dense_generic(box), c.spec);
  }
  // The sweep itself, every thread count and both shapes, on the queen with a pass.
  const core::Game g = games::make_game(games::parse_game_spec("queen --pass"));
  const Box box(Position{160, 160, 2});
  const core::DenseTable slow = g.solve_dense_generic(box);
  auto all = [](const Position&) { return true; };
  const core::LineGame<decltype(all)> lg{2, 1, false, all, true, true};
  for (int threads : {1, 2, 3})
    for (bool symmetric : {false, true})
      expect_same(core::solve_line_game_2d(lg, box, symmetric, threads), slow,
                  "queen --pass threads " + std::to_string(threads) + (symmetric ? " symmetric" : ""));
}

// Outcomes: the rook's through its own outcome sweep, the queen's normal outcomes read off its
// Grundy values; misere play of the queen stays on the generic sweep.
TEST(LineSweep2D, QueenAndRookOutcomes) {
  for (const char* spec : {"queen", "queen --pass", "rook", "rook --pass"})
    for (core::Evaluation e : {core::Evaluation::NormalOutcome, core::Evaluation::MisereOutcome}) {
      const core::Game g = games::make_game(games::parse_game_spec(spec));
      const Box box(std::string(spec).find("pass") != std::string::npos ? Position{90, 90, 2} : Position{90, 90});
      const core::SolveRoute route = g.route(box, e);
      const bool generic = std::string(spec).starts_with("queen") && e == core::Evaluation::MisereOutcome;
      EXPECT_EQ(route.name.find("line sweep") == std::string::npos, generic) << spec << ": " << route.name;
      expect_same(route.run(), g.solve_dense_generic(box, e), spec);
    }
}

// Wythoff's P-positions are (floor(k phi), floor(k phi^2)) and their mirrors (Wythoff 1907),
// checked on a box the generic sweep would take minutes on; G(m, n) = m xor n for the rook.
TEST(LineSweep2D, WythoffPPositionsAndRookValuesOnALargeBox) {
  const std::int64_t n = 1500;
  const core::DenseTable queen = games::make_game(games::parse_game_spec("queen")).solve_dense(Box(Position{n, n}));
  std::vector<std::uint8_t> p(static_cast<std::size_t>(n * n), 0);
  const long double phi = (1 + std::sqrt(5.0L)) / 2;
  for (std::int64_t k = 0;; ++k) {
    const auto a = static_cast<std::int64_t>(std::floor(k * phi)), b = a + k;
    if (a >= n) break;
    if (b < n) p[static_cast<std::size_t>(a * n + b)] = p[static_cast<std::size_t>(b * n + a)] = 1;
  }
  for (std::int64_t i = 0; i < n * n; ++i)
    ASSERT_EQ(queen.values[static_cast<std::size_t>(i)] == 0, p[static_cast<std::size_t>(i)] == 1)
        << "at " << i / n << "," << i % n;
  const core::DenseTable rook = games::make_game(games::parse_game_spec("rook")).solve_dense(Box(Position{n, 700}));
  for (std::int64_t i = 0; i < n * 700; ++i)
    ASSERT_EQ(rook.values[static_cast<std::size_t>(i)], static_cast<core::Value>((i / 700) ^ (i % 700)));
}

// Other direction sets (Wythoff's variants) take the rider line sweep: against the generic
// sweep on rectangles, Grundy values and normal outcomes, with steps longer than one (the line
// numbering: first cells with x < a, then y < b), longer than the box, directions along one
// axis only, passes (one and two, from terminal cells or not) and forbidden cells; misere play
// stays generic.
TEST(LineSweep2D, OtherRidersByTheirLinesAgainstTheGenericSweep) {
  struct Case {
    const char* spec;
    Position extents;
  };
  const Case cases[] = {
      {"rider -p dirs=-1:0,0:-1,-1:-1,-1:-2,-2:-1", {60, 60}},  // the queen with the knight's diagonals
      {"rider -p dirs=-1:-2,-2:-1", {70, 45}},
      {"rider -p dirs=-1:0,-2:-3,0:-2", {33, 80}},
      {"rider -p dirs=-3:0,0:-5,-3:-5,-1:-1", {41, 29}},
      {"rider -p dirs=-50:-1,0:-1", {20, 30}},
      {"rider -p dirs=0:-2,0:-3", {5, 90}},
      {"rider -p dirs=-2:0", {40, 3}},
      {"rider -p dirs=-1:-2,-2:-1,-1:0 --pass", {40, 50, 2}},
      {"rider -p dirs=-1:-2,-2:-1 --passes 2 --pass-from-terminal", {30, 35, 3}},
      {"rider -p dirs=-1:-1,-2:0 --forbid 'm * n % 7 == 3 || m == 2 * n'", {45, 40}},
      {"rider -p dirs=-1:-2,0:-1 --forbid 'total % 5 == 1' --pass", {40, 40, 2}},
  };
  for (const Case& c : cases) {
    const core::Game g = games::make_game(games::parse_game_spec(c.spec));
    const Box box(c.extents);
    for (core::Evaluation e : {core::Evaluation::Grundy, core::Evaluation::NormalOutcome}) {
      const core::SolveRoute r = g.route(box, e);
      EXPECT_EQ(r.name, "rider line sweep") << c.spec;
      expect_same(r.run(), g.solve_dense_generic(box, e),
                  std::string(c.spec) + " eval " + std::to_string(static_cast<int>(e)));
    }
    EXPECT_EQ(g.route(box, core::Evaluation::MisereOutcome).name.find("rider"), std::string::npos) << c.spec;
  }
}

// The rider sweep's rows in a pipeline of one to three threads, on boxes where it runs (two
// blocks of 64 columns or more), plain and with a pass and forbidden cells.
TEST(LineSweep2D, RiderSweepEveryThreadCount) {
  const games::Slider rider("rider", games::parse_moves("-1:-2,-2:-1,-1:0,0:-3", "dirs"));
  const core::Game plain = games::make_game(games::parse_game_spec("rider -p dirs=-1:-2,-2:-1,-1:0,0:-3"));
  const core::Game passed =
      games::make_game(games::parse_game_spec("rider -p dirs=-1:-2,-2:-1,-1:0,0:-3 --forbid 'm % 3 == n % 4' --pass"));
  const Box box(Position{150, 200}), layered(Position{130, 140, 2});
  const core::DenseTable slow = plain.solve_dense_generic(box), slow_passed = passed.solve_dense_generic(layered);
  auto allowed = [](const Position& p) { return p[0] % 3 != p[1] % 4; };
  for (int threads : {1, 2, 3}) {
    expect_same(games::solve_rider(rider, box, core::Evaluation::Grundy, 0, false, {}, threads), slow,
                "threads " + std::to_string(threads));
    expect_same(games::solve_rider(rider, layered, core::Evaluation::Grundy, 1, false, allowed, threads), slow_passed,
                "with a pass, threads " + std::to_string(threads));
  }
}

// Direction sets closed under swapping m and n, on square boxes without forbidden cells: the
// rider sweep does the cells n <= m, starts the lines that come from the upper triangle with
// their cells' mirror images, and mirrors the rest; against the generic sweep, with passes, and
// on one to three threads (the started lines read mirror cells other rows wrote).
TEST(LineSweep2D, SymmetricRidersByHalvesAgainstTheGenericSweep) {
  const char* const specs[] = {"rider -p dirs=-1:-2,-2:-1",           "rider -p dirs=-1:0,0:-1,-1:-1,-1:-2,-2:-1",
                               "rider -p dirs=-1:-3,-3:-1,-2:0,0:-2", "rider -p dirs=-5:-1,-1:-5,-1:-1",
                               "rider -p dirs=-1:-2,-2:-1 --pass",    "rider -p dirs=-1:-3,-3:-1,0:-1,-1:0 --passes 2"};
  for (const char* spec : specs) {
    const core::Game g = games::make_game(games::parse_game_spec(spec));
    const bool passes = std::string(spec).find("--pass") != std::string::npos;
    const Box box = passes ? Box(Position{37, 37, 3}) : Box(Position{61, 61});
    const core::SolveRoute r = g.route(box);
    EXPECT_EQ(r.name, "rider line sweep") << spec;
    expect_same(r.run(), g.solve_dense_generic(box), spec);
  }
  const games::Slider rider("rider", games::parse_moves("-1:-2,-2:-1,-1:0,0:-1,-3:-1,-1:-3", "dirs"));
  const core::Game plain = games::make_game(games::parse_game_spec("rider -p dirs=-1:-2,-2:-1,-1:0,0:-1,-3:-1,-1:-3"));
  const Box box(Position{190, 190});
  const core::DenseTable slow = plain.solve_dense_generic(box);
  for (int threads : {1, 2, 3})
    expect_same(games::solve_rider(rider, box, core::Evaluation::Grundy, 0, false, {}, threads), slow,
                "threads " + std::to_string(threads));
}

// Twenty direction sets drawn at random (steps up to 3 along each axis, one to four directions,
// half of them closed under swapping m and n), each plain, with a pass, and with a forbidden
// set, on a square and a flat box: the rider sweep against the generic sweep.
TEST(LineSweep2D, TwentyRandomRidersAgainstTheGenericSweep) {
  std::mt19937 rng(20261204);
  std::uniform_int_distribution<int> step(0, 3), count(1, 4);
  for (int set = 0; set < 20; ++set) {
    std::vector<std::pair<int, int>> dirs;
    const int n = count(rng);
    while (static_cast<int>(dirs.size()) < n) {
      const int a = step(rng), b = step(rng);
      if (a == 0 && b == 0) continue;
      for (const auto& d :
           set % 2 == 0 ? std::vector<std::pair<int, int>>{{a, b}, {b, a}} : std::vector<std::pair<int, int>>{{a, b}})
        if (std::find(dirs.begin(), dirs.end(), d) == dirs.end()) dirs.push_back(d);
    }
    std::string list;
    for (const auto& [a, b] : dirs) list += (list.empty() ? "" : ",") + std::to_string(-a) + ":" + std::to_string(-b);
    const std::string base = "rider -p dirs=" + list;
    const std::pair<std::string, Position> cases[] = {{base, {40, 40}},
                                                      {base, {25, 53}},
                                                      {base + " --pass", {30, 30, 2}},
                                                      {base + " --forbid '(m + 2 * n) % 7 == 3'", {40, 40}},
                                                      {base + " --forbid 'm == n + 1' --pass", {28, 31, 2}}};
    for (const auto& [spec, extents] : cases) {
      const core::Game g = games::make_game(games::parse_game_spec(spec));
      const Box box(extents);
      const core::SolveRoute r = g.route(box);
      if (r.name != "rider line sweep") continue;  // the rook's and the queen's directions: their own sweep
      expect_same(r.run(), g.solve_dense_generic(box), spec);
    }
  }
}
