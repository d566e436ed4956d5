// pipeline::ValueOracle on disjunctive sums: the xor of the components' values (Sprague-Grundy),
// each by its own route, against the generic sweep of the whole sum; misere play and a shared
// pass, where the theorem does not apply, keep to the sum's own table; a component's table
// counts the other's against the memory limit.
#include "pipeline/oracle.hpp"

#include <gtest/gtest.h>

#include <string>

#include "core/solve/value_array.hpp"
#include "games/registry.hpp"
#include "runtime/errors.hpp"

using namespace grundy;
using core::Box;
using core::Evaluation;
using core::Position;

namespace {

core::Game game_of(const std::string& spec) { return games::make_game(games::parse_game_spec(spec)); }

// Every position of the box, asked of the oracle, against the generic sweep of the whole game;
// whether the oracle answered by the components (route "Sprague-Grundy: ...") must be `by_parts`.
void expect_table(const std::string& spec, const Box& box, Evaluation eval, bool by_parts) {
  const core::Game g = game_of(spec);
  const core::DenseTable t = g.solve_dense_generic(box, eval);
  pipeline::ValueOracle oracle(g, eval, std::uint64_t{1} << 30);
  for (std::uint64_t i = 0; i < box.count(); ++i) {
    const Position p = box.at(i);
    if (!g.check(p).empty()) continue;  // not a position (a chocolate bar above its bound)
    ASSERT_EQ(oracle.value(p), t.at(p)) << spec << " at " << core::to_string(p);
    ASSERT_EQ(oracle.route().starts_with("Sprague-Grundy: "), by_parts) << spec << ": " << oracle.route();
  }
}

}  // namespace

TEST(SumOracle, TheXorOfTheComponentsAgainstTheWholeSum) {
  for (const Evaluation eval : {Evaluation::Grundy, Evaluation::NormalOutcome}) {
    expect_table("sum -p a=knight -p b=queen", Box(Position{9, 7, 8, 6}), eval, true);
    expect_table("sum -p 'a=nim -p heaps=1' -p 'b=subtraction -p set=2,3,7'", Box(Position{12, 30}), eval, true);
    expect_table("sum -p 'a=chocolate2 -p h=z/2' -p 'b=rook'", Box(Position{5, 11, 6, 7}), eval, true);
    // A component that is a sum itself, with a forbidden set of its own.
    expect_table("sum -p 'a=sum -p a=king -p \"b=nim -p heaps=1 --forbid x==3\"' -p 'b=subtraction -p set=1,4'",
                 Box(Position{6, 5, 9, 10}), eval, true);
  }
}

TEST(SumOracle, MiserePlayAndASharedPassKeepToTheWholeSum) {
  expect_table("sum -p a=knight -p b=queen", Box(Position{6, 5, 6, 5}), Evaluation::MisereOutcome, false);
  expect_table("sum -p a=knight -p b=queen --pass", Box(Position{6, 5, 6, 5, 2}), Evaluation::Grundy, false);
  expect_table("sum -p 'a=nim -p heaps=1' -p 'b=rook' --forbid 'total==5'", Box(Position{6, 5, 6}), Evaluation::Grundy,
               false);
}

// Queen + queen at (200, 200, 200, 200): the first component keeps its 201^2 table, so the
// second's needs its own estimate plus those bytes, exactly.
TEST(SumOracle, AComponentsTableCountsTheOtherOnes) {
  const core::Game sum = game_of("sum -p a=queen -p b=queen"), queen = game_of("queen");
  const Box box(Position{201, 201});
  const core::DenseTable first = queen.solve_dense(box);
  const std::uint64_t held = core::ValueArray::bytes(first.values.size(), first.values.width());
  const std::uint64_t need = queen.route(box).bytes + held;
  const Position p{200, 200, 200, 200};
  pipeline::ValueOracle enough(sum, Evaluation::Grundy, need);
  EXPECT_EQ(enough.value(p), 0U);  // a position plus its mirror image
  pipeline::ValueOracle short_by_one(sum, Evaluation::Grundy, need - 1);
  EXPECT_THROW(short_by_one.value(p), runtime::TooLarge);
}
