// The memory guard's slow twin: for every registered family, with every transform and
// evaluation, and boxes from tiny to large enough for the threaded sweeps, the route's estimate
// (core::SolveRoute::bytes, what --max-memory is checked against) is at least what the run
// really allocates at its peak, measured by counting every operator new of this test binary
// and every block the huge-page allocator maps. And not wildly more: an estimate far above the
// truth refuses work that fits.
#include "core/solve/route.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "games/registry.hpp"
#include "runtime/huge_pages.hpp"

namespace {

// Live and peak bytes of operator new, each block prefixed with its size.
std::atomic<std::uint64_t> g_live{0}, g_peak{0};
constexpr std::size_t kHeader = 16;

void* counted_new(std::size_t n) {
  void* raw = std::malloc(n + kHeader);
  if (!raw) throw std::bad_alloc();
  *static_cast<std::size_t*>(raw) = n;
  const std::uint64_t now = g_live.fetch_add(n) + n;
  std::uint64_t p = g_peak.load();
  while (now > p && !g_peak.compare_exchange_weak(p, now)) {
  }
  return static_cast<char*>(raw) + kHeader;
}

void counted_delete(void* ptr) noexcept {
  if (!ptr) return;
  void* raw = static_cast<char*>(ptr) - kHeader;
  g_live.fetch_sub(*static_cast<std::size_t*>(raw));
  std::free(raw);
}

}  // namespace

void* operator new(std::size_t n) { return counted_new(n); }
void* operator new[](std::size_t n) { return counted_new(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return counted_new(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return operator new(n, std::nothrow); }
void operator delete(void* p) noexcept { counted_delete(p); }
void operator delete[](void* p) noexcept { counted_delete(p); }
void operator delete(void* p, std::size_t) noexcept { counted_delete(p); }
void operator delete[](void* p, std::size_t) noexcept { counted_delete(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { counted_delete(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { counted_delete(p); }

using namespace grundy;

namespace {

// The peak bytes allocated while `f` runs, above what was live when it started.
template <class F>
std::uint64_t peak_during(F&& f) {
  const std::uint64_t heap0 = g_live.load(), mapped0 = runtime::MappedBytes::live.load();
  g_peak.store(heap0);
  runtime::MappedBytes::reset_peak();
  f();
  return (g_peak.load() - heap0) + (runtime::MappedBytes::peak.load() - mapped0);
}

struct Variant {
  std::string spec;
  std::vector<std::int64_t> sides;  // box sides to try (every free coordinate)
};

core::Box box_for(const core::Game& g, std::int64_t side) {
  const auto ranges = g.coordinate_ranges();
  core::Position e(g.arity());
  for (int i = 0; i < g.arity(); ++i) {
    const std::int64_t max = ranges[static_cast<std::size_t>(i)].max;
    e[i] = max < side ? max + 1 : side;
  }
  return core::Box(e);
}

}  // namespace

TEST(SolveRoute, EstimatesCoverWhatEveryRouteAllocates) {
  const std::vector<Variant> variants = {
      {"nim -p heaps=1", {1, 50, 5000}},
      {"nim -p heaps=2", {1, 7, 300, 700}},
      {"nim -p heaps=2 --pass", {2, 300, 600}},
      {"nim -p heaps=2 --passes 3 --pass-from-terminal", {5, 200}},
      {"nim -p heaps=3", {1, 5, 40, 90}},
      {"nim -p heaps=3 --pass", {4, 40}},
      {"nim -p heaps=4", {3, 14}},
      {"nim -p heaps=2 --forbid 'total % 3 == 0'", {8, 300}},
      {"nim -p heaps=3 --forbid 'total % 3 == 0' --pass", {8, 30}},
      {"fts -p piles=3 -p d=5", {6, 60}},
      {"fts -p piles=2 -p d=4", {6, 400}},
      {"subtraction -p set=2,12,14", {3, 100, 100000}},
      {"subtraction -p set=1,5 --passes 2", {3, 50000}},
      {"chocolate -p F=z/2", {2, 20, 60}},
      {"chocolate -p F=x+z --pass", {2, 30}},
      {"chocolate2 -p h=z/2 --pass", {2, 40, 400}},
      {"knight", {1, 3, 100, 1500}},
      {"leaper -p moves=-3:1,1:-3,-2:-2", {4, 300}},
      {"queen", {3, 40}},
      {"rider -p dirs=-1:-2,-2:-1,-1:0", {3, 40, 300}},
      {"rider -p dirs=-1:-2,-2:-1 --passes 2 --forbid 'm == n + 1'", {3, 40}},
      {"rook", {3, 40}},
      {"king --pass", {3, 60}},
      {"sum -p 'a=nim -p heaps=1' -p 'b=chocolate2 -p h=z' --pass", {3, 30}},
      {"sum -p 'a=knight' -p 'b=nim -p heaps=1 --pass'", {3, 12}},
  };
  int runs = 0;
  for (const auto& v : variants) {
    const core::Game g = games::make_game(games::parse_game_spec(v.spec));
    for (core::Evaluation e :
         {core::Evaluation::Grundy, core::Evaluation::NormalOutcome, core::Evaluation::MisereOutcome})
      for (std::int64_t side : v.sides) {
        const core::Box box = box_for(g, side);
        if (e == core::Evaluation::MisereOutcome && box.count() > 300000) continue;  // the generic route: slow
        const core::SolveRoute route = g.route(box, e);
        const std::string label = v.spec + " over " + box.to_string() + " (" + route.name + ", eval " +
                                  std::to_string(static_cast<int>(e)) + ")";
        core::DenseTable t;
        const std::uint64_t used = peak_during([&] { t = route.run(); });
        EXPECT_LE(used, route.bytes) << label << ": estimate " << route.bytes << ", allocated " << used;
        EXPECT_LE(route.bytes, 8 * used + (std::uint64_t{4} << 20))
            << label << ": estimate " << route.bytes << " far above the " << used << " allocated";
        ++runs;
      }
  }
  EXPECT_GT(runs, 100);
}

// The same for the band sweeps (core/solve/band_sweep.hpp; the chocolate bars' by planes) in a world
// of one rank: the estimate each rank's memory guard checks covers the sweep and the stream of its
// rows to rank 0 (tests/mpi: the same on several ranks, where the outbox adds a band's sets).
TEST(SolveRoute, BandEstimatesCoverTheBandSweep) {
  int runs = 0;
  auto check = [&](const core::SolveRoute& route, const std::string& label) {
    const std::uint64_t used = peak_during([&] {
      const core::BandTable t = route.bands->run(runtime::World{});
      core::for_each_row(t, [](std::uint64_t, const core::Value*) {});
    });
    EXPECT_LE(used, route.bands->bytes(runtime::World{}))
        << label << ": estimate " << route.bands->bytes(runtime::World{}) << ", allocated " << used;
    EXPECT_LE(route.bands->bytes(runtime::World{}), 8 * used + (std::uint64_t{4} << 20))
        << label << ": estimate " << route.bands->bytes(runtime::World{}) << " far above the " << used << " allocated";
    ++runs;
  };
  for (const std::string spec : {"nim -p heaps=2", "nim -p heaps=2 --pass", "nim -p heaps=2 --forbid 'total % 3 == 0'",
                                 "queen", "queen --pass", "fts -p piles=2 -p d=4"}) {
    const core::Game g = games::make_game(games::parse_game_spec(spec));
    for (std::int64_t side : {2, 300, 700}) {
      const core::Box box = box_for(g, side);
      const core::SolveRoute route = g.route(box, core::Evaluation::Grundy);
      ASSERT_TRUE(route.bands.has_value()) << spec;
      const std::string label = spec + " over " + box.to_string();
      check(route, label);
    }
  }
  // The chocolate sweep by bands of planes, small and with blocks of rows (2000 columns z).
  for (const std::string spec : {"chocolate -p F=(x+z)/3", "chocolate --pass -p F=(x+z)/60"}) {
    const core::Game g = games::make_game(games::parse_game_spec(spec));
    for (const core::Position& e :
         {core::Position{2, 2, 2}, core::Position{40, 30, 2000}, core::Position{60, 60, 60}}) {
      core::Position ext = e;
      if (g.arity() == 4) ext.push_back(2);
      const core::Box box(ext);
      const core::SolveRoute route = g.route(box, core::Evaluation::Grundy);
      ASSERT_TRUE(route.bands.has_value()) << spec;
      const std::string label = spec + " over " + box.to_string();
      check(route, label);
    }
  }
  // The leapers' band sweep over a reach box larger than the requested one.
  for (const std::string spec : {"knight", "king", "leaper -p moves=1:-3,-1:2"}) {
    const core::Game g = games::make_game(games::parse_game_spec(spec));
    for (std::int64_t side : {2, 300, 700}) {
      const core::Box box = box_for(g, side);
      const core::SolveRoute route = g.route(box, core::Evaluation::Grundy);
      ASSERT_TRUE(route.bands.has_value()) << spec;
      check(route, spec + " over " + box.to_string());
    }
  }
  EXPECT_EQ(runs, 33);
}
