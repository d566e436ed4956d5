#include "games/nim.hpp"

#include <gtest/gtest.h>

#include "core/solve/dense_solver.hpp"
#include "games/nim_solver.hpp"
#include "games/registry.hpp"
#include "games/subtraction.hpp"
#include "pipeline/oracle.hpp"

using namespace grundy;
using core::Box;
using core::Position;

TEST(Nim, CoordinateNamesFollowThePapers) {
  EXPECT_EQ(games::heap_names(2), (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(games::heap_names(3), (std::vector<std::string>{"x", "y", "z"}));
  EXPECT_EQ(games::heap_names(4), (std::vector<std::string>{"x1", "x2", "x3", "x4"}));
}

TEST(Nim, OptionsOfAPosition) {
  games::Nim nim(2);
  std::vector<std::string> opts;
  nim.for_each_option(Position{2, 1}, [&](const Position& p) { opts.push_back(core::to_string(p)); });
  EXPECT_EQ(opts, (std::vector<std::string>{"0,1", "1,1", "2,0"}));
}

// Golden (classic): Bouton's theorem, G = x1 xor ... xor xn, on four heaps.
TEST(Nim, BoutonXorOnFourHeaps) {
  games::Nim nim(4);
  const auto t = core::solve_dense(nim, Box(Position{9, 9, 9, 9}));
  Position p(4);
  do EXPECT_EQ(t.at(p), static_cast<unsigned>(p[0] ^ p[1] ^ p[2] ^ p[3]));
  while (t.box.next(p));
}

TEST(Nim, NegativeHeapIsRejected) {
  games::Nim nim(2);
  EXPECT_NE(nim.check(Position{1, -1}).find("negative"), std::string::npos);
  EXPECT_EQ(nim.check(Position{1, 1}), "");
}

// Golden (classic): subtraction {1,2,3} has period 4, G(x) = x mod 4.
// Unique completion for three-heap Nim with a pass: on every line (x, y, .) of the layer p = 1
// the dense solver finds exactly one P-position, at z = f(x, y). 140 > 128 columns, so the
// f sweep's two-thread pipeline runs; z reaches past every f (f(x, y) <= x + y + 1).
TEST(NimPassFGrid, IsTheOnlyPPositionOnEachLineOfThePassLayer) {
  const std::int64_t n = 140, z_side = 2 * n + 1;
  const auto f = games::nim_pass_f_grid(n);
  const core::Game g = games::make_game(games::parse_game_spec("nim -p heaps=3 --pass"));
  const core::DenseTable t = g.solve_dense(Box(Position{n, n, z_side, 2}));
  EXPECT_EQ(f.at(0, 0), 0);
  for (std::int64_t x = 0; x < n; ++x)
    for (std::int64_t y = 0; y < n; ++y) {
      ASSERT_LE(f.at(x, y), x + y + 1);
      ASSERT_EQ(f.at(x, y), f.at(y, x));
      for (std::int64_t z = 0; z < z_side; ++z)
        ASSERT_EQ(t.at(Position{x, y, z, 1}) == 0, z == f.at(x, y)) << x << "," << y << "," << z;
    }
}

TEST(Subtraction, OneTwoThreeHasPeriodFour) {
  games::Subtraction s({1, 2, 3});
  const auto t = core::solve_dense(s, Box(Position{1000}));
  for (int x = 0; x < 1000; ++x) EXPECT_EQ(t.at(Position{x}), static_cast<unsigned>(x % 4));
}

TEST(Subtraction, OptionsAreSortedAndBounded) {
  games::Subtraction s({14, 2, 12});
  std::vector<std::int64_t> opts;
  s.for_each_option(Position{13}, [&](const Position& p) { opts.push_back(p[0]); });
  EXPECT_EQ(opts, (std::vector<std::int64_t>{11, 1}));
}

// The closed forms `value` answers by (core::Game::closed_form), against the table of the
// same game (their slow twin), position by position: Nim on one to four heaps and the rook,
// Grundy values and both outcomes (misere play: Bouton's rule for heaps all <= 1); the queen's
// normal outcomes (Wythoff); the knight's values and normal outcomes (Theorem 2.2 of the knight
// paper, whatever the order of its moves) and the king's (its parity rule). Transforms have
// none: a pass makes another game.
TEST(ClosedForm, AgreesWithTheTableOnEveryPosition) {
  // Which evaluations have a closed form: G, normal outcomes, misere outcomes.
  struct Case {
    const char* spec;
    Position extents;
    bool grundy, normal, misere;
  };
  const Case cases[] = {{"nim -p heaps=1", {40}, true, true, true},
                        {"nim -p heaps=2", {40, 40}, true, true, true},
                        {"nim -p heaps=3", {12, 12, 12}, true, true, true},
                        {"nim -p heaps=4", {6, 6, 6, 6}, true, true, true},
                        {"rook", {40, 30}, true, true, true},
                        {"queen", {120, 120}, false, true, false},
                        {"knight", {150, 150}, true, true, false},
                        {"leaper -p moves=1:-2,-2:1,-1:-2,-2:-1", {60, 60}, true, true, false},
                        {"king", {80, 90}, true, true, false},
                        {"leaper -p moves=-1:-1,0:-1,-1:0", {40, 40}, true, true, false}};
  for (const Case& c : cases) {
    const core::Game g = games::make_game(games::parse_game_spec(c.spec));
    const Box box(c.extents);
    for (const auto& [e, has] :
         {std::pair{core::Evaluation::Grundy, c.grundy}, std::pair{core::Evaluation::NormalOutcome, c.normal},
          std::pair{core::Evaluation::MisereOutcome, c.misere}}) {
      const core::DenseTable t = g.solve_dense_generic(box, e);
      Position p(box.arity());
      for (int i = 0; i < p.size(); ++i) p[i] = 0;
      do {
        const auto cf = g.closed_form(p, e);
        ASSERT_EQ(cf.has_value(), has) << c.spec << " at " << core::to_string(p);
        if (cf) {
          ASSERT_EQ(cf->value, t.at(p)) << c.spec << " " << static_cast<int>(e) << " at " << core::to_string(p);
        }
      } while (box.next(p));
    }
  }
  for (const char* spec : {"nim -p heaps=2 --pass", "rook --pass", "nim -p heaps=2 --forbid 'x == 1'", "king --pass",
                           "knight --pass", "leaper -p moves=-1:-1,0:-1,-1:0,-2:-1"})
    EXPECT_FALSE(games::make_game(games::parse_game_spec(spec)).closed_form(Position{3, 4, 1}, {})) << spec;
}

// Far beyond any table: Wythoff's P-positions (floor(k phi), floor(k phi) + k) at Fibonacci k,
// where floor(F_n phi) = F_(n+1) - 1 for even n and F_(n+1) for odd n (Binet: F_n phi - F_(n+1)
// = -psi^n, psi = -1/phi); the neighbours are N-positions. And Bouton's xor on heaps of 2^40.
TEST(ClosedForm, WythoffAtFibonacciNumbersNear2To38) {
  const core::Game queen = games::make_game(games::parse_game_spec("queen"));
  std::int64_t f[60] = {0, 1};
  for (int i = 2; i < 60; ++i) f[i] = f[i - 1] + f[i - 2];
  for (int n = 50; n <= 57; ++n) {
    const std::int64_t a = n % 2 == 0 ? f[n + 1] - 1 : f[n + 1], b = a + f[n];
    auto outcome = [&](std::int64_t m, std::int64_t k) {
      return queen.closed_form(Position{m, k}, core::Evaluation::NormalOutcome)->value;
    };
    EXPECT_EQ(outcome(a, b), 0u) << "F_" << n;
    EXPECT_EQ(outcome(b, a), 0u) << "F_" << n;
    EXPECT_EQ(outcome(a + 1, b), 1u) << "F_" << n;
    EXPECT_EQ(outcome(a - 1, b), 1u) << "F_" << n;
    EXPECT_EQ(outcome(a, b + 1), 1u) << "F_" << n;
  }
  const core::Game nim = games::make_game(games::parse_game_spec("nim -p heaps=3"));
  const std::int64_t big = std::int64_t{1} << 40;
  EXPECT_EQ(nim.closed_form(Position{big + 5, big + 3, 6}, core::Evaluation::Grundy)->value, 0u);
  EXPECT_THROW(nim.closed_form(Position{big, 1, 0}, core::Evaluation::Grundy), runtime::UserError);
}

// `value`'s oracle mixes the routes: for the queen, Wythoff's P-positions by the closed form and
// the rest by a table. Every answer must be the table's.
TEST(ClosedForm, TheOracleMixesClosedFormAndTableConsistently) {
  const core::Game queen = games::make_game(games::parse_game_spec("queen"));
  const core::DenseTable t = queen.solve_dense_generic(Box(Position{70, 70}));
  pipeline::ValueOracle oracle(queen, core::Evaluation::Grundy, std::uint64_t{1} << 30);
  for (std::int64_t m = 69; m >= 0; --m)
    for (std::int64_t n = 0; n < 70; ++n) {
      ASSERT_EQ(oracle.value(Position{m, n}), t.at(Position{m, n})) << m << "," << n;
      EXPECT_EQ(oracle.route().starts_with("closed form: Wythoff"), t.at(Position{m, n}) == 0) << m << "," << n;
    }
}
