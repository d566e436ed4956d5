#include "analysis/misere_quotient.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "games/registry.hpp"
#include "pipeline/oracle.hpp"
#include "service/quotient.hpp"
#include "service/subject.hpp"
#include "service/table.hpp"
#include "service/values.hpp"

namespace {

using grundy::analysis::MisereQuotient;
using grundy::analysis::Presentation;
namespace service = grundy::service;
namespace games = grundy::games;

service::Subject heap_game(const std::string& family, const std::string& param, const std::string& value,
                           bool misere = false, int heaps = 1, grundy::analysis::SharedPasses passes = {}) {
  games::GameSpec spec{family, {{param, value}}, {}};
  if (family == "octal") spec.params.emplace_back("heaps", std::to_string(heaps));
  spec.transforms.misere = misere;
  spec.transforms.passes = passes.count;
  spec.transforms.pass_from_terminal = passes.from_terminal;
  return service::subject_of(spec);
}

MisereQuotient quotient_of(const std::string& family, const std::string& param, const std::string& value,
                           std::int64_t size) {
  return service::quotient(heap_game(family, param, value), size, grundy::runtime::Limits{});
}

// Whether q is the monoid of a presentation from the literature: some choice of elements for the
// generators satisfies every relation ("x^2 = 1", "abz = b": one letter a generator, "^k" a
// power, "1" the identity), produces the whole quotient, and maps the words of the stated
// P-portion onto q's P-portion exactly. With the order the source states, the presented monoid
// is then q itself (a monoid of that order mapped onto one of that order).
bool is_presented_by(const MisereQuotient& q, const std::string& letters, const std::vector<std::string>& relations,
                     const std::vector<std::string>& p_portion) {
  const std::size_t k = letters.size();
  auto times = [&](int x, int y) { return q.product[static_cast<std::size_t>(x)][static_cast<std::size_t>(y)]; };
  auto value = [&](const std::vector<int>& image, const std::string& word) {
    int x = 0;
    for (std::size_t i = 0; i < word.size(); ++i) {
      if (word[i] == '1' || word[i] == ' ') continue;
      const int g = image[letters.find(word[i])];
      int power = 1;
      if (i + 2 < word.size() && word[i + 1] == '^') {
        power = word[i + 2] - '0';
        i += 2;
      }
      for (int e = 0; e < power; ++e) x = times(x, g);
    }
    return x;
  };
  std::set<int> p;
  for (int x = 0; x < q.order(); ++x)
    if (q.p_portion[static_cast<std::size_t>(x)]) p.insert(x);
  std::vector<int> image(k, 0);
  std::function<bool(std::size_t)> choose = [&](std::size_t g) {
    if (g < k) {
      for (image[g] = 0; image[g] < q.order(); ++image[g])
        if (choose(g + 1)) return true;
      return false;
    }
    for (const std::string& r : relations) {
      const auto eq = r.find('=');
      if (value(image, r.substr(0, eq)) != value(image, r.substr(eq + 1))) return false;
    }
    std::set<int> mapped;
    for (const std::string& w : p_portion) mapped.insert(value(image, w));
    if (mapped != p) return false;
    std::set<int> reached{0};
    for (bool grew = true; grew;) {
      grew = false;
      for (int x : std::set<int>(reached))
        for (int y : image) grew |= reached.insert(times(x, y)).second;
    }
    return static_cast<int>(reached.size()) == q.order();
  };
  return choose(0);
}

// 0.75 is the smallest wild quotient, R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, of order
// 8 with P-portion {a, b^2} (Plambeck, "Taming the wild in impartial combinatorial games",
// INTEGERS 5 (2005) G05; Plambeck and Siegel, JCTA 115 (2008); order 8 has one quotient only,
// Siegel, "The structure and classification of misère quotients", arXiv math/0703070). The
// presentation grundy writes is the papers' own, relation for relation.
TEST(MisereQuotient, OctalSevenFiveIsREight) {
  const MisereQuotient q = quotient_of("octal", "code", "0.75", 12);
  ASSERT_TRUE(q.stopped.empty());
  ASSERT_EQ(q.order(), 8);
  EXPECT_TRUE(is_presented_by(q, "abc", {"a^2=1", "b^3=b", "bc=ab", "c^2=b^2"}, {"a", "b^2"}));
  const Presentation p = grundy::analysis::presentation_of(q);
  std::vector<std::string> relations;
  for (const auto& [left, right] : p.relations)
    relations.push_back(Presentation::word(left) + " = " + Presentation::word(right));
  EXPECT_EQ(relations, (std::vector<std::string>{"a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2"}));
}

// 0.123's quotient has 20 elements: <x, z, a, b | x^2 = a^2 = 1, z^4 = z^2, b^4 = b^2, abz = b,
// b^3x = b^2, z^3a = z^2>, P-portion {x, xa, b^2, z^2, zb} (Plambeck, "Taming the wild", INTEGERS 5
// (2005) G05, as quoted by later notes; its pretending function has preperiod 5 and period 5).
TEST(MisereQuotient, OctalOneTwoThreeIsTheTwentyElementQuotientOfTamingTheWild) {
  const MisereQuotient q = quotient_of("octal", "code", "0.123", 16);
  ASSERT_TRUE(q.stopped.empty());
  ASSERT_EQ(q.order(), 20);
  EXPECT_TRUE(is_presented_by(q, "xzab", {"x^2=1", "a^2=1", "z^4=z^2", "b^4=b^2", "abz=b", "b^3x=b^2", "z^3a=z^2"},
                              {"x", "xa", "b^2", "z^2", "zb"}));
  EXPECT_LE(q.same_since(), 10);
}

// Dawson's Kayles (0.07) has quotients of orders 24, 144, 176, 360, 520, 552, 638 at heap bounds
// 24, 26, 29, 30, 31, 32, 33 (heaps up to the bound) that Plambeck and Siegel report (as quoted in
// later notes; the order 360 is also in Siegel's notes of 2007).
TEST(MisereQuotient, DawsonsKaylesHasTheOrdersReportedUpToHeapThirtyThree) {
  const MisereQuotient q = quotient_of("octal", "code", "0.07", 34);
  ASSERT_TRUE(q.stopped.empty());
  const std::vector<std::pair<std::size_t, int>> reported = {{24, 24},  {26, 144}, {29, 176}, {30, 360},
                                                             {31, 520}, {32, 552}, {33, 638}};
  for (const auto& [bound, order] : reported) EXPECT_EQ(q.order_at[bound], order) << "heaps 0.." << bound;
}

// The presentation grundy writes presents the quotient: its relations hold, each element's normal
// form is a product giving it, the normal forms are distinct, and the generators are heaps none
// of the others produce.
TEST(MisereQuotient, ThePresentationHoldsAndItsNormalFormsNameEveryElementOnce) {
  for (const char* code : {"0.07", "0.77", "0.123", "0.6", "0.4!", "0.f"}) {
    SCOPED_TRACE(code);
    const MisereQuotient q = quotient_of("octal", "code", code, 12);
    const Presentation p = grundy::analysis::presentation_of(q);
    auto element = [&](const Presentation::Monomial& m) {
      int x = 0;
      for (std::size_t g = 0; g < m.size(); ++g)
        for (int e = 0; e < m[g]; ++e)
          x = q.product[static_cast<std::size_t>(x)]
                       [static_cast<std::size_t>(q.heap_element[static_cast<std::size_t>(p.generator_heap[g])])];
      return x;
    };
    std::set<Presentation::Monomial> forms;
    for (int x = 0; x < q.order(); ++x) {
      EXPECT_EQ(element(p.normal_form[static_cast<std::size_t>(x)]), x);
      forms.insert(p.normal_form[static_cast<std::size_t>(x)]);
    }
    EXPECT_EQ(static_cast<int>(forms.size()), q.order());
    for (const auto& [left, right] : p.relations) EXPECT_EQ(element(left), element(right)) << Presentation::word(left);
    for (std::size_t g = 0; g < p.generator_heap.size(); ++g) {
      std::set<int> reached{0};
      for (bool grew = true; grew;) {
        grew = false;
        for (int x : std::set<int>(reached))
          for (std::size_t f = 0; f < p.generator_heap.size(); ++f)
            if (f != g)
              grew |= reached
                          .insert(q.product[static_cast<std::size_t>(x)][static_cast<std::size_t>(
                              q.heap_element[static_cast<std::size_t>(p.generator_heap[f])])])
                          .second;
      }
      EXPECT_FALSE(reached.contains(q.heap_element[static_cast<std::size_t>(p.generator_heap[g])]))
          << Presentation::name(g);
    }
  }
}

// Misère Nim on heaps 0..3 is the tame quotient T2 = <a, b | a^2 = 1, b^3 = b> with P-portion
// {a, b^2} (Plambeck and Siegel, JCTA 115 (2008); the table T2 of Siegel's MisereSolver,
// BipartiteMonoid.java): a is heap 1, b heap 2, heap 3 is ab.
TEST(MisereQuotient, NimOnHeapsUpToThreeIsTheTameQuotientT2) {
  const MisereQuotient q = quotient_of("subtraction", "set", "1,2,3", 4);
  ASSERT_TRUE(q.stopped.empty());
  EXPECT_EQ(q.order(), 6);
  EXPECT_EQ(q.p_count(), 2);
  const int a = q.heap_element[1], b = q.heap_element[2];
  auto mul = [&](int x, int y) { return q.product[static_cast<std::size_t>(x)][static_cast<std::size_t>(y)]; };
  EXPECT_EQ(mul(a, a), 0);
  EXPECT_EQ(mul(mul(b, b), b), b);
  EXPECT_NE(mul(b, b), 0);
  EXPECT_EQ(q.heap_element[3], mul(a, b));
  EXPECT_TRUE(q.p_portion[static_cast<std::size_t>(a)]);
  EXPECT_TRUE(q.p_portion[static_cast<std::size_t>(mul(b, b))]);
  // Heaps 0..1: T1 = <a | a^2 = 1>, P-portion {a}.
  EXPECT_EQ(q.order_at[1], 2);
  EXPECT_TRUE(is_presented_by(q, "ab", {"a^2=1", "b^3=b"}, {"a", "b^2"}));
}

// The quotient of misère Nim is (A x {1}) u (A0 x {0}) in A x B, A the nimbers under xor, A0 = {0, 1},
// B the two-element semilattice (Plambeck and Siegel): on heaps 0..n, n >= 2, its order is 2 + 2^k
// with 2^k the least power of two above n.
TEST(MisereQuotient, NimOrdersFollowTheNimberCount) {
  std::string set;
  for (int s = 1; s <= 16; ++s) set += (s > 1 ? "," : "") + std::to_string(s);
  const MisereQuotient q = quotient_of("subtraction", "set", set, 17);
  ASSERT_TRUE(q.stopped.empty());
  const std::vector<int> expected{1, 2, 6, 6, 10, 10, 10, 10, 18, 18, 18, 18, 18, 18, 18, 18, 34};
  EXPECT_EQ(q.order_at, expected);
}

// Dawson's chess (0.137) is Dawson's Kayles (0.07) with every heap one smaller (Winning Ways,
// ch. 4): the same games, so the same quotients, heap bound n of one being n + 1 of the other.
TEST(MisereQuotient, DawsonsChessIsDawsonsKaylesOneHeapDown) {
  const MisereQuotient chess = quotient_of("octal", "code", "0.137", 16);
  const MisereQuotient kayles = quotient_of("octal", "code", "0.07", 17);
  ASSERT_TRUE(chess.stopped.empty() && kayles.stopped.empty());
  for (std::size_t n = 0; n < chess.order_at.size(); ++n) EXPECT_EQ(chess.order_at[n], kayles.order_at[n + 1]) << n;
  EXPECT_EQ(chess.p_count(), kayles.p_count());
  for (int a = 0; a < 16; ++a)
    for (int b = 0; b <= a; ++b)
      for (int c = 0; c <= b; ++c)
        EXPECT_EQ(chess.is_p({a, b, c}), kayles.is_p({a + 1, b + 1, c + 1})) << a << "," << b << "," << c;
}

// Every misère quotient of impartial games but the trivial one (no heap has a move) has even
// order (Plambeck and Siegel), and the quotient predicts the misère outcome of every position:
// the whole-position solver, another route of the engine, agrees on every position of up to
// four heaps below the bound that it can hold (a position of at most 15 heaps all along).
TEST(MisereQuotient, AgreesWithTheWholePositionSolverOnThirtyTakeAndBreakCodes) {
  const std::vector<std::string> codes{
      "0.03",  "0.07", "0.13", "0.15", "0.17",  "0.31",  "0.33",  "0.34", "0.35", "0.37", "0.51",  "0.52",  "0.53",
      "0.54",  "0.56", "0.57", "0.6",  "0.71",  "0.72",  "0.73",  "0.75", "0.76", "0.77", "0.137", "0.144", "0.156",
      "0.165", "0.4",  "0.26", "0.16", "0.104", "0.106", "0.172", "0.4!", "0.f",  "0.0f", "0.c",   "0.8"};
  const int bound = 10;
  for (const std::string& code : codes) {
    SCOPED_TRACE("code " + code);
    const MisereQuotient q = quotient_of("octal", "code", code, bound);
    ASSERT_TRUE(q.stopped.empty());
    for (int o : q.order_at) EXPECT_TRUE(o == 1 || o % 2 == 0) << "an odd order " << o;
    const service::Subject whole = heap_game("octal", "code", code, true, 4);
    grundy::pipeline::ValueOracle solver(whole.game, whole.eval, grundy::runtime::Limits{}.memory);
    int compared = 0, positions = 0;
    for (int a = 0; a < bound; ++a)
      for (int b = 0; b <= a; ++b)
        for (int c = 0; c <= b; ++c)
          for (int d = 0; d <= c; ++d) {
            ++positions;
            bool p = false;
            try {
              p = solver.value(grundy::core::Position{a, b, c, d}) == 0;
            } catch (const grundy::runtime::UserError&) {  // a move would leave more than 15 heaps
              continue;
            }
            ++compared;
            ASSERT_EQ(q.is_p({a, b, c, d}), p) << "position " << a << "," << b << "," << c << "," << d;
          }
    EXPECT_GE(compared * 4, positions * 3) << compared << " of " << positions << " positions compared";
  }
}

// With shared passes (--pass, --passes 2, --pass-from-terminal) a position is its heaps and the
// passes left; the quotient's P-portion for each count of passes left agrees with the
// whole-position solver of the game with the pass transform on every position of up to three
// heaps below the bound.
TEST(MisereQuotient, WithPassesAgreesWithTheWholePositionSolverOfThePassTransform) {
  const std::vector<std::string> codes{"0.07", "0.137", "0.17", "0.31", "0.34",  "0.52", "0.53",
                                       "0.6",  "0.71",  "0.75", "0.77", "0.123", "0.4!", "0.f"};
  const std::vector<grundy::analysis::SharedPasses> kinds{{1, false}, {1, true}, {2, false}};
  const int bound = 9;
  for (const std::string& code : codes)
    for (const auto& passes : kinds) {
      SCOPED_TRACE("code " + code + " passes " + std::to_string(passes.count) +
                   (passes.from_terminal ? " from terminal" : ""));
      const MisereQuotient q = service::quotient(heap_game("octal", "code", code, false, 1, passes), bound, {});
      ASSERT_TRUE(q.stopped.empty());
      ASSERT_EQ(q.p_portion_left.size(), static_cast<std::size_t>(passes.count) + 1);
      EXPECT_EQ(q.p_portion, q.p_portion_left.back());
      const service::Subject whole = heap_game("octal", "code", code, true, 3, passes);
      grundy::pipeline::ValueOracle solver(whole.game, whole.eval, grundy::runtime::Limits{}.memory);
      for (int a = 0; a < bound; ++a)
        for (int b = 0; b <= a; ++b)
          for (int c = 0; c <= b; ++c)
            for (int left = 0; left <= passes.count; ++left) {
              bool p = false;
              try {
                p = solver.value(grundy::core::Position{a, b, c, left}) == 0;
              } catch (const grundy::runtime::UserError&) {  // a move would leave more than 15 heaps
                continue;
              }
              ASSERT_EQ(q.is_p({a, b, c}, left), p) << "position " << a << "," << b << "," << c << " p=" << left;
            }
    }
}

// A pass that may be made from terminal positions too plays as a heap of Nim of one token that
// only it takes: with a pass left, G is G + *1 without one. In these games a heap h plays as *1
// (its one move empties it), so the quotient is the game's own, its P-portion with the pass that
// of G + h.
TEST(MisereQuotient, APassFromTerminalPositionsPlaysAsAHeapOfNimOfOne) {
  for (const auto& [code, star_one] :
       std::vector<std::pair<std::string, int>>{{"0.75", 1}, {"0.07", 2}, {"0.123", 1}}) {
    SCOPED_TRACE(code);
    const MisereQuotient with = service::quotient(heap_game("octal", "code", code, false, 1, {1, true}), 12, {});
    const MisereQuotient game = service::quotient(heap_game("octal", "code", code), 12, {});
    ASSERT_TRUE(with.stopped.empty() && game.stopped.empty());
    EXPECT_EQ(with.order_at, game.order_at);
    for (int a = 0; a < 12; ++a)
      for (int b = 0; b <= a; ++b) {
        EXPECT_EQ(with.is_p({a, b}, 1), game.is_p({a, b, star_one})) << a << "," << b;
        EXPECT_EQ(with.is_p({a, b}, 0), game.is_p({a, b})) << a << "," << b;
      }
  }
}

// `value`, `moves` and `play` answer a misère position of several heaps from the quotient, and
// say so; the whole-position solver, their route before, agrees on every position of three heaps
// below 12 it can hold, with and without a pass.
TEST(MisereQuotient, PositionsOfSeveralHeapsAreAnsweredFromTheQuotient) {
  for (const char* code : {"0.75", "0.07", "0.4!"})
    for (int passes = 0; passes <= 1; ++passes) {
      SCOPED_TRACE(std::string(code) + (passes ? " with a pass" : ""));
      const service::Subject s = heap_game("octal", "code", code, true, 3, {passes, false});
      service::PositionValues values(s, grundy::runtime::Limits{});
      grundy::pipeline::ValueOracle solver(s.game, s.eval, grundy::runtime::Limits{}.memory);
      for (int a = 0; a < 12; ++a)
        for (int b = 0; b <= a; ++b)
          for (int c = 0; c <= b; ++c) {
            const grundy::core::Position pos =
                passes ? grundy::core::Position{a, b, c, 1} : grundy::core::Position{a, b, c};
            const grundy::core::Value v = values.value(pos);
            ASSERT_NE(values.route().find("from the misere quotient of heaps 0.."), std::string::npos)
                << values.route();
            try {
              ASSERT_EQ(v, solver.value(pos)) << a << "," << b << "," << c;
            } catch (const grundy::runtime::UserError&) {  // a move would leave more than 15 heaps
            }
          }
    }
  // One heap that moves split is a position of several heaps after a move: the quotient answers it,
  // where the whole-position solver would need more than 15 heaps.
  const service::Subject one_heap = heap_game("octal", "code", "0.75", true, 1);
  service::PositionValues split(one_heap, grundy::runtime::Limits{});
  grundy::pipeline::ValueOracle whole(one_heap.game, one_heap.eval, grundy::runtime::Limits{}.memory);
  for (int heap = 0; heap <= 14; ++heap) {
    ASSERT_EQ(split.value(grundy::core::Position{heap}), whole.value(grundy::core::Position{heap})) << heap;
    ASSERT_NE(split.route().find("from the misere quotient"), std::string::npos) << split.route();
  }
  split.value(grundy::core::Position{40});
  EXPECT_NE(split.route().find("from the misere quotient of heaps 0..40, order 8"), std::string::npos) << split.route();
  // Normal play has Sprague-Grundy, and a heap that never splits its sweep: neither takes this route.
  service::PositionValues normal(heap_game("octal", "code", "0.75", false, 3), grundy::runtime::Limits{});
  normal.value(grundy::core::Position{5, 7, 9});
  EXPECT_EQ(normal.route().find("quotient"), std::string::npos) << normal.route();
  service::PositionValues one(heap_game("subtraction", "set", "1,2,3", true), grundy::runtime::Limits{});
  one.value(grundy::core::Position{40});
  EXPECT_EQ(one.route().find("quotient"), std::string::npos) << one.route();
}

// `ppos` of a misère game of several heaps lists its P-positions from the quotient: the same list,
// in the same order, as the table the whole-position route solves (where it can hold the moves).
TEST(MisereQuotient, PPositionsOfSeveralHeapsAreListedFromTheQuotient) {
  for (const char* code : {"0.75", "0.07", "0.123"})
    for (int passes = 0; passes <= 1; ++passes) {
      SCOPED_TRACE(std::string(code) + (passes ? " with a pass" : ""));
      const service::Subject s = heap_game("octal", "code", code, true, 2, {passes, false});
      const grundy::pipeline::FixSyntax syntax{"--fix", 1000};
      const service::TableRequest request{grundy::pipeline::Size{{12}}, {}, syntax, {}, {}};
      const grundy::pipeline::PPositions listed = service::ppos(s, request, grundy::runtime::Limits{});
      EXPECT_NE(listed.route.find("misere quotient of heaps 0..11"), std::string::npos) << listed.route;
      const grundy::pipeline::PPositions table = grundy::pipeline::p_positions(
          s.game, {request.size, {}, syntax, s.eval, grundy::runtime::Limits{}.memory, {}, {}});
      EXPECT_EQ(table.route, "table");
      std::vector<grundy::core::Position> a, b;
      listed.for_each([&](const grundy::core::Position& p) { a.push_back(p); });
      table.for_each([&](const grundy::core::Position& p) { b.push_back(p); });
      EXPECT_EQ(a, b);
      EXPECT_FALSE(a.empty());
    }
}

// A game whose quotient needs more than the route may hold (0.3122 on heaps 0..8 has an infinite
// one) is answered by the whole-position solver, which the route then names.
TEST(MisereQuotient, AQuotientPastTheRoutesMemoryLeavesThePositionToTheWholePositionSolver) {
  const service::Subject s = heap_game("octal", "code", "0.3122", true, 2);
  service::PositionValues values(s, grundy::runtime::Limits{});
  grundy::pipeline::ValueOracle solver(s.game, s.eval, grundy::runtime::Limits{}.memory);
  EXPECT_EQ(values.value(grundy::core::Position{9, 3}), solver.value(grundy::core::Position{9, 3}));
  EXPECT_EQ(values.route().find("quotient"), std::string::npos) << values.route();
}

TEST(MisereQuotient, AnInfiniteQuotientStopsAtTheMemoryLimitWithTheLastBoundReached) {
  // 0.3122 on heaps 0..7 has no finite quotient (Weimerskirch, "An algorithm for computing
  // indistinguishability quotients in misère impartial combinatorial games", Games of No
  // Chance 4): the computation can only stop, keeping heaps 0..6.
  grundy::runtime::Limits limits;
  limits.memory = std::uint64_t{64} << 20;
  const MisereQuotient q = service::quotient(heap_game("octal", "code", "0.3122"), 8, limits);
  EXPECT_FALSE(q.stopped.empty());
  EXPECT_EQ(q.asked, 8);
  EXPECT_EQ(q.size, 7);
  EXPECT_EQ(q.order_at.size(), 7u);
  EXPECT_EQ(static_cast<int>(q.heap_element.size()), 7);
}

TEST(MisereQuotient, ItsOwnRulesRefuseWhatItDoesNotCover) {
  games::GameSpec forbid{"subtraction", {{"set", "1,2"}}, {}};
  forbid.transforms.forbid = {"x == 3"};
  EXPECT_THROW(service::quotient(service::subject_of(forbid), 10, {}), grundy::runtime::UserError);
  games::GameSpec nim{"nim", {{"heaps", "2"}}, {}};
  EXPECT_THROW(service::quotient(service::subject_of(nim), 10, {}), grundy::runtime::UserError);
}

}  // namespace
