// pipeline::p_positions: every route lists exactly the zeros of the generic dense solver's table
// over the region, in index order. The f grid of three-heap Nim with a pass is the fast route
// under test; the table scan is its slow twin (and the route of every other request).
#include "pipeline/ppos.hpp"

#include <gtest/gtest.h>

#include <tuple>
#include <vector>

#include "games/registry.hpp"
#include "runtime/errors.hpp"

using namespace grundy;

namespace {

const pipeline::FixSyntax kFix{"--fix", std::int64_t{1} << 40};

core::Game game_of(const std::string& spec) { return games::make_game(games::parse_game_spec(spec)); }

std::vector<core::Position> listed(const pipeline::PPositions& p) {
  std::vector<core::Position> out;
  p.for_each([&](const core::Position& q) { out.push_back(q); });
  return out;
}

// The slow twin: the generic dense solver over the region's box, its zeros in index order,
// pinned coordinates equal to their pins.
std::vector<core::Position> generic_ppos(const core::Game& g, const pipeline::PPositions& p, core::Evaluation eval) {
  const core::DenseTable t = g.solve_dense_generic(p.box, eval);
  std::vector<core::Position> out;
  for (std::uint64_t i = 0; i < p.box.count(); ++i) {
    const core::Position q = p.box.at(i);
    bool in_region = true;
    for (int c = 0; c < q.size(); ++c) in_region = in_region && (p.pinned[c] < 0 || q[c] == p.pinned[c]);
    if (in_region && t.solved(q) && t.at(q) == 0) out.push_back(q);
  }
  return out;
}

pipeline::PPosRequest request(std::vector<std::int64_t> extents, std::vector<std::string> fixes,
                              core::Evaluation eval = core::Evaluation::NormalOutcome) {
  pipeline::PPosRequest r;
  r.size.extents = std::move(extents);
  r.fixes = std::move(fixes);
  r.syntax = kFix;
  r.eval = eval;
  r.memory_limit = std::uint64_t{1} << 32;
  return r;
}

}  // namespace

TEST(PPositions, FGridAgreesWithTheGenericPSet) {
  const core::Game g = game_of("nim -p heaps=3 --pass");
  for (const std::vector<std::string>& fixes : {std::vector<std::string>{"p=0"}, std::vector<std::string>{}}) {
    const pipeline::PPositions p = pipeline::p_positions(g, request({20}, fixes));
    EXPECT_EQ(p.route, "f grid (unique completion)");
    EXPECT_EQ(listed(p), generic_ppos(g, p, core::Evaluation::NormalOutcome));
  }
  // Square, rectangular and flat boxes; 140 > 128 columns starts the f sweep's two threads. The
  // layer p = 0 (plain Nim) and both layers together go through the grid too.
  for (const auto& extents :
       std::vector<std::vector<std::int64_t>>{{12}, {140, 140, 6}, {7, 30, 19}, {33, 5, 64}, {31, 40, 40}}) {
    const pipeline::PPositions p = pipeline::p_positions(g, request(extents, {"p=1"}));
    EXPECT_EQ(p.route, "f grid (unique completion)") << extents.size();
    const auto fast = listed(p);
    EXPECT_EQ(fast, generic_ppos(g, p, core::Evaluation::NormalOutcome)) << extents[0];
    EXPECT_EQ(p.count(), fast.size());
  }
}

// Three-pile FTS Nim: the f grid gives the P-position outside X_S of each line, the gaps of
// its row and column sets those inside X_S; both against the generic outcome solver.
TEST(PPositions, FtsFGridAgreesWithTheGenericPSetInsideAndOutsideXs) {
  for (const std::string spec : {"fts -p piles=3 -p d=5", "fts -p piles=3 -p d=2", "fts -p piles=3 -p 'S=total in {0,1}'",
                                 "fts -p piles=3 -p 'S=total % 7 == 3 || total == 11'"}) {
    const core::Game g = game_of(spec);
    for (const auto& extents : std::vector<std::vector<std::int64_t>>{{24}, {140, 140, 9}, {9, 31, 70}, {70, 12, 5}}) {
      const pipeline::PPositions p = pipeline::p_positions(g, request(extents, {}));
      EXPECT_EQ(p.route, "f grid (unique completion)") << spec;
      EXPECT_EQ(listed(p), generic_ppos(g, p, core::Evaluation::NormalOutcome)) << spec << " " << extents[0];
    }
  }
}

TEST(PPositions, EveryOtherRequestScansTheTableAndAgrees) {
  for (const auto& [spec, fixes, eval] :
       std::vector<std::tuple<std::string, std::vector<std::string>, core::Evaluation>>{
           {"nim -p heaps=3 --pass", {"p=1"}, core::Evaluation::MisereOutcome},
           {"nim -p heaps=3 --passes 2", {"p=1"}, core::Evaluation::NormalOutcome},
           {"fts -p piles=3 -p d=5", {"z=7"}, core::Evaluation::NormalOutcome},
           {"fts -p piles=3 -p 'S=x == 2 * y'", {}, core::Evaluation::NormalOutcome},
           {"fts -p piles=4 -p d=3", {}, core::Evaluation::NormalOutcome},
           {"subtraction -p set=2,12,14 --pass", {}, core::Evaluation::NormalOutcome}}) {
    const core::Game g = game_of(spec);
    const pipeline::PPositions p = pipeline::p_positions(g, request({20}, fixes, eval));
    EXPECT_EQ(p.route, "table") << spec;
    EXPECT_EQ(listed(p), generic_ppos(g, p, eval)) << spec;
  }
}
