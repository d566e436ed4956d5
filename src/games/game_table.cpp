#include "games/game_table.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <numeric>

#include "core/solve/band_table.hpp"
#include "core/solve/route.hpp"
#include "runtime/errors.hpp"
#include "runtime/progress.hpp"
#include "runtime/threads.hpp"

namespace grundy::games {

std::optional<SizePattern> size_pattern(const std::string& text) {
  const std::size_t sizes = text.rfind(':') == std::string::npos ? 0 : text.rfind(':') + 1;
  SizePattern p{text, {}};
  for (std::size_t at = sizes; at <= text.size();) {
    const std::size_t end = std::min(text.find('x', at), text.size());
    const std::string part = text.substr(at, end - at);
    if (part == "m" || part == "n") {
      if (std::find(p.letters.begin(), p.letters.end(), part) != p.letters.end())
        throw runtime::UserError("'" + text + "': the size " + part + " is written twice; use m and n for two sizes");
      p.letters.push_back(part);
    }
    at = end + 1;
  }
  if (p.letters.empty()) return std::nullopt;
  return p;
}

std::string SizePattern::at(const core::Position& p) const {
  std::string out = text.substr(0, text.rfind(':') == std::string::npos ? 0 : text.rfind(':') + 1);
  const std::size_t sizes = out.size();
  for (std::size_t at = sizes; at <= text.size();) {
    const std::size_t end = std::min(text.find('x', at), text.size());
    const std::string part = text.substr(at, end - at);
    const auto letter = std::find(letters.begin(), letters.end(), part);
    out += letter == letters.end() ? part : std::to_string(p[static_cast<int>(letter - letters.begin())]);
    if (end < text.size()) out += 'x';
    at = end + 1;
  }
  return out;
}

std::string GameTable::check(const core::Position& p) const {
  for (int i = 0; i < p.size(); ++i)
    if (p[i] < 0) return s_->coordinates[static_cast<std::size_t>(i)] + " = " + std::to_string(p[i]) + " is negative";
  try {
    (void)s_->member(p);
  } catch (const runtime::UserError& e) {
    return e.what();
  }
  return "";
}

void GameTable::refuse_options(const core::Position& p) const {
  std::string sizes;
  for (int i = 0; i < p.size(); ++i)
    sizes += (i ? ", " : "") + s_->coordinates[static_cast<std::size_t>(i)] + " = " + std::to_string(p[i]);
  throw runtime::UserError(s_->name + " is a table of games, one per size (" + sizes +
                           "), not one game: its cells have no moves between them; give one game's size to see "
                           "its moves or analyse it");
}

core::Value GameTable::value(const core::Position& p, core::Evaluation e, std::uint64_t memory_limit) const {
  for (int i = 0; i < p.size(); ++i)
    if (p[i] < 0) throw runtime::UserError(s_->name + " at " + core::to_string(p) + ": " + check(p));
  const std::optional<core::Game> g = s_->member(p);
  // The empty game: no moves, a P-position, won by the player to move under misere play.
  if (!g) return e == core::Evaluation::MisereOutcome ? 1 : 0;
  const std::optional<core::Position> start = g->start_position();
  if (!start) throw runtime::EngineError(g->name() + " has no start to value a table's cell from");
  std::unique_ptr<core::PositionSolver> solver = g->fast_solver(e, memory_limit);
  if (!solver) solver = g->make_solver(e, std::max<std::uint64_t>(memory_limit / core::kMemoBytesPerPosition, 1));
  return solver->value(*start);
}

core::SolveRoute GameTable::route(const core::Box& b, core::Evaluation e) const {
  core::SolveRoute r;
  r.name = "a search per cell";
  r.bytes = core::add_bytes(core::mul_bytes(b.count(), sizeof(core::Value)), kSearchBytes);
  // The largest cell is refused here, before anything is searched, when it is no game of the
  // family (a board of more squares than a position holds).
  if (b.count() > 0) {
    core::Position corner = b.extents();
    for (int i = 0; i < corner.size(); ++i) corner[i] -= 1;
    if (const std::string why = check(corner); !why.empty())
      throw runtime::UserError(s_->name + ", the box " + b.to_string() + ": its largest cell: " + why);
  }
  const GameTable table = *this;
  r.run = [table, b, e] {
    core::DenseTable t;
    t.box = b;
    t.eval = e;
    t.values.reset(b.count(), 4);
    std::vector<core::Position> cells;
    if (b.count() > 0) {
      core::Position p(b.arity());
      do cells.push_back(p);
      while (b.next(p));
    }
    table.solve_cells(cells, e, [&](std::size_t i, core::Value v) { t.values.set(b.index(cells[i]), v); });
    return t;
  };
  // Under mpirun (`table --save`): rows dealt out one at a time, row x to rank x mod R, each
  // rank searching its own cells; the cells need nothing from each other.
  if (b.arity() <= 2) {
    auto layout = [b](const runtime::World& w) {
      core::BandLayout l = core::BandLayout::make(static_cast<std::uint64_t>(b.extent(0)),
                                                  b.arity() == 2 ? static_cast<std::uint64_t>(b.extent(1)) : 1, 1,
                                                  false, w.size, w.rank);
      l.B = 1;
      return l;
    };
    r.bands = core::BandRun{
        [layout](const runtime::World& w) {
          const core::BandLayout l = layout(w);
          return core::add_bytes(core::mul_bytes(l.local_rows() * l.Y, sizeof(core::Value)), kSearchBytes);
        },
        [table, b, e, layout](const runtime::World& w) {
          core::BandTable t;
          t.layout = layout(w);
          t.values.reset(t.layout.local_rows() * t.layout.Y, 4);
          std::vector<core::Position> cells;
          t.layout.for_each_local_row([&](std::uint64_t x) {
            for (std::uint64_t y = 0; y < t.layout.Y; ++y)
              cells.push_back(b.arity() == 2
                                  ? core::Position{static_cast<std::int64_t>(x), static_cast<std::int64_t>(y)}
                                  : core::Position{static_cast<std::int64_t>(x)});
          });
          table.solve_cells(cells, e, [&](std::size_t i, core::Value v) {
            const core::Position& p = cells[i];
            t.values.set(t.layout.local_row(static_cast<std::uint64_t>(p[0])) * t.layout.Y +
                             (p.size() == 2 ? static_cast<std::uint64_t>(p[1]) : 0),
                         v);
          });
          return t;
        }};
  }
  return r;
}

void GameTable::solve_cells(const std::vector<core::Position>& cells, core::Evaluation e,
                            const std::function<void(std::size_t, core::Value)>& put) const {
  // The largest first, so that the last cells to finish are the quick ones.
  auto area = [](const core::Position& p) {
    std::int64_t a = 1;
    for (int i = 0; i < p.size(); ++i) a *= std::max<std::int64_t>(p[i], 1);
    return a;
  };
  std::vector<std::size_t> order(cells.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return area(cells[x]) > area(cells[y]); });
  const int threads = runtime::solver_threads();
  // Many cells: a thread a cell, each search on one thread; few: the cells in turn, each
  // search on every thread.
  const bool per_cell = cells.size() >= 2 * static_cast<std::size_t>(threads);
  const int workers = per_cell ? threads : 1;
  std::mutex m;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  runtime::detail::run_on_threads(workers, failed, [&](int) {
    runtime::StopScope::State scope = runtime::StopScope::inherited();
    if (per_cell) scope.threads = 1;
    const runtime::StopScope one(scope);
    for (std::size_t k; !failed.load(std::memory_order_relaxed) && (k = next.fetch_add(1)) < order.size();) {
      const std::size_t i = order[k];
      const core::Value v = check(cells[i]).empty()
                                ? value(cells[i], e, kSearchBytes / static_cast<std::uint64_t>(workers))
                                : core::kNoValue;
      const std::lock_guard<std::mutex> lock(m);
      put(i, v);
    }
  });
}

std::unique_ptr<core::PositionSolver> fast_position_solver(const GameTable& t, core::Evaluation eval,
                                                           std::uint64_t memory_limit) {
  struct Solver final : core::PositionSolver {
    Solver(GameTable t, core::Evaluation e, std::uint64_t m) : table(std::move(t)), eval(e), memory(m) {}
    core::Value value(const core::Position& p) override { return table.value(p, eval, memory); }
    std::string route() const override { return "a search from the game's start"; }
    GameTable table;
    core::Evaluation eval;
    std::uint64_t memory;
  };
  return std::make_unique<Solver>(t, eval, memory_limit);
}

std::optional<core::Game> game_table_of(const std::string& family, const std::string& param, const std::string& text,
                                        const Transforms& t, std::function<core::Game(const std::string&)> game) {
  std::optional<SizePattern> pattern = size_pattern(text);
  if (!pattern) return std::nullopt;
  const std::string name = family + "(" + param + "=" + text + ")";
  if (t.passes > 0 || !t.forbid.empty())
    throw runtime::UserError(std::string(t.passes > 0 ? "--pass" : "--forbid") + ": " + name +
                             " is a table of games, one per size; a transform acts on one game: give its size");
  GameTableSpec spec;
  spec.name = name;
  spec.coordinates = pattern->letters;
  spec.member = [pattern = *pattern, game = std::move(game)](const core::Position& p) -> std::optional<core::Game> {
    for (int i = 0; i < p.size(); ++i)
      if (p[i] == 0) return std::nullopt;
    return game(pattern.at(p));
  };
  return core::Game::of(GameTable(std::move(spec)));
}

}  // namespace grundy::games
