// A ruleset of one's own, solved by the installed grundy library as the built-in families are:
// Wythoff's game, given a pass by the same transform as `--pass`, solved by the CLI's pipeline.
// It checks itself against the classic result (the P-positions are the Beatty pairs) and
// exits 1 on a mismatch.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "core/model/ruleset.hpp"
#include "games/registry.hpp"
#include "pipeline/oracle.hpp"
#include "pipeline/solve.hpp"
#include "runtime/memory.hpp"

namespace {

namespace core = grundy::core;
namespace runtime = grundy::runtime;
using core::Position;

// Two-heap Nim where a move may also take the same number of stones from both heaps: Wythoff's
// game. What the Ruleset concept requires (src/core/model/ruleset.hpp), plus a rank and the
// order of options: every option is lexicographically smaller, so the dense solver sweeps a
// box in index order instead of recursing.
class Wythoff {
 public:
  int arity() const { return 2; }
  std::vector<std::string> coordinate_names() const { return {"x", "y"}; }
  std::string name() const { return "wythoff"; }

  std::string check(const Position& pos) const {
    for (int i = 0; i < 2; ++i)
      if (pos[i] < 0) return "heap " + coordinate_names()[i] + " = " + std::to_string(pos[i]) + " is negative";
    return "";
  }

  template <class Sink>
  void for_each_option(const Position& pos, Sink&& sink) const {
    const std::int64_t x = pos[0], y = pos[1];
    for (std::int64_t k = 1; k <= x; ++k) sink(Position{x - k, y});
    for (std::int64_t k = 1; k <= y; ++k) sink(Position{x, y - k});
    for (std::int64_t k = 1; k <= std::min(x, y); ++k) sink(Position{x - k, y - k});
  }

  std::int64_t rank(const Position& pos) const { return pos[0] + pos[1]; }
  bool options_precede() const { return true; }
};
static_assert(core::Ruleset<Wythoff>);

// The k-th P-position of Wythoff's game with x <= y (Wythoff 1907): the Beatty pair
// (floor(k*phi), floor(k*phi^2)); exact in doubles for the small k used here.
std::pair<std::int64_t, std::int64_t> beatty_pair(std::int64_t k) {
  const double phi = std::numbers::phi;
  return {static_cast<std::int64_t>(std::floor(k * phi)), static_cast<std::int64_t>(std::floor(k * phi * phi))};
}

bool fail(const std::string& what) {
  std::cout << "MISMATCH: " << what << "\n";
  return false;
}

}  // namespace

int main() {
  // Positions (x, y, p), p = 1 while the pass is still available, as with `grundy ... --pass`.
  grundy::games::Transforms transforms;
  transforms.passes = 1;
  const core::Game game = grundy::games::with_transforms(Wythoff{}, transforms);
  const std::uint64_t limit = runtime::default_memory_limit();
  const std::int64_t n = 40;
  const core::DenseTable table =
      grundy::pipeline::solve_exact(game, core::Box(Position{n, n, 2}), core::Evaluation::Grundy, limit);
  bool ok = true;

  std::cout << game.name() << ": G(x, y, p) for x, y < 8\n";
  for (std::int64_t p : {1, 0}) {
    std::cout << "p = " << p << (p == 1 ? " (pass available)" : " (pass used: Wythoff's game)") << "\n";
    for (std::int64_t x = 0; x < 8; ++x) {
      for (std::int64_t y = 0; y < 8; ++y) std::cout << (y ? " " : "") << table.at(Position{x, y, p});
      std::cout << "\n";
    }
  }

  // The P-positions of the layer without the pass, against the Beatty pairs.
  std::vector<std::pair<std::int64_t, std::int64_t>> found, expected;
  for (std::int64_t x = 0; x < n; ++x)
    for (std::int64_t y = x; y < n; ++y)
      if (table.at(Position{x, y, 0}) == 0) found.emplace_back(x, y);
  for (std::int64_t k = 0; beatty_pair(k).second < n; ++k) expected.push_back(beatty_pair(k));
  std::cout << "P-positions with p = 0, x <= y < " << n << ":";
  for (auto [x, y] : found) std::cout << " (" << x << "," << y << ")";
  std::cout << "\n";
  if (found != expected) ok = fail("the P-positions are not the Beatty pairs (floor(k*phi), floor(k*phi^2))");

  // Beyond the table, one position at a time (`grundy value`): a Beatty pair is a P-position,
  // one stone more on y is not.
  grundy::pipeline::ValueOracle oracle(game, core::Evaluation::Grundy, limit);
  for (std::int64_t k = 40; k < 45; ++k) {
    const auto [a, b] = beatty_pair(k);
    if (oracle.value(Position{a, b, 0}) != 0 || oracle.value(Position{a, b + 1, 0}) == 0)
      ok = fail("value oracle at the Beatty pair k = " + std::to_string(k));
  }
  std::cout << "value oracle: G(floor(k*phi), floor(k*phi^2), 0) = 0 for k = 40..44\n";

  // The memo solver, which needs neither rank nor order, agrees with the dense sweep.
  const auto memo = game.make_solver();
  Position pos(3);
  do {
    if (memo->value(pos) != table.at(pos)) ok = fail("memo solver at (" + core::to_string(pos) + ")");
  } while (table.box.next(pos));
  std::cout << "memo solver = dense table on " << table.box.to_string() << "\n";

  std::cout << (ok ? "ok\n" : "FAILED\n");
  return ok ? 0 : 1;
}
