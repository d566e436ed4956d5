// The catalog of Oginuma and Shinoda, "Forbidden-Total-Size Nim" (data/golden/CLAIMS.md,
// section 2): every claim checked from the game's definition (FtsNim: Nim moves, moves into a
// total in S barred, start positions in X_S allowed) on boxes well beyond the paper's.
//
// The P-sets come from the outcome sweep of games/fts_solver.hpp (tested cell by cell against
// the generic dense solver) and, for Theorem 2.1, from the generic solver on plain Nim. f(x,y)
// is read off the game's P-set (fts_f_from_game) wherever a claim is about f; the recursion
// (4.3) is itself a claim, checked against that, and then gives f on larger grids.
#include <algorithm>
#include <map>
#include <string>

#include "analysis/golden.hpp"
#include "analysis/verify.hpp"
#include "core/solve/dense_solver.hpp"
#include "games/fts.hpp"
#include "games/fts_solver.hpp"
#include "games/nim.hpp"

namespace grundy::analysis {

namespace {

using core::Box;
using core::Position;
using games::FtsNim;

std::string str(const Position& p) { return "(" + core::to_string(p) + ")"; }
std::string num(std::int64_t v) { return std::to_string(v); }

// Adds a counterexample, building its text only while it will be shown: the checks below may
// meet tens of thousands of them (the "needs d >= 3" lines), and most claims check millions
// of cells.
template <class Text>
void add(Counterexamples& bad, Text&& text) {
  bad.add(bad.count() < Counterexamples::kShown ? text() : std::string());
}

Box cube(int n, std::int64_t side) {
  Position e(n);
  for (int i = 0; i < n; ++i) e[i] = side;
  return Box(e);
}

// Box sides for n-pile sweeps: well beyond the paper's examples, within a few seconds in all.
std::int64_t side_for(int piles) {
  switch (piles) {
    case 2:
      return 1024;
    case 3:
      return 128;
    case 4:
      return 32;
    default:
      return 16;
  }
}
std::string range_for(int piles) { return num(piles) + " piles, x_i < " + num(side_for(piles)); }

std::int64_t nim_sum(const Position& p) {
  std::int64_t s = 0;
  for (int i = 0; i < p.size(); ++i) s ^= p[i];
  return s;
}

// floor(x_1/m) xor ... xor floor(x_n/m): zero iff x is in B_m.
std::int64_t quotient_nim_sum(const Position& p, std::int64_t m) {
  std::int64_t s = 0;
  for (int i = 0; i < p.size(); ++i) s ^= p[i] / m;
  return s;
}

// P_M of Theorem 2.1: the P-positions of misere Nim.
bool in_pm(const Position& p) {
  bool big = false, small_odd = true;
  for (int i = 0; i < p.size(); ++i) big = big || p[i] >= 2;
  small_odd = !big && p.total() % 2 == 1;
  return (big && nim_sum(p) == 0) || small_odd;
}

// A claimed split of the P-positions: P_0 (the claimed P-positions in X_S) and P_1 (outside).
struct Split {
  bool p0 = false, p1 = false;
};

// Compares the game's P_0 and P_1 on a box with a claimed split. A cell is wrong when the game's
// P_0 membership (P and in X_S) or P_1 membership (P and not in X_S) differs from the claim.
template <class Claim>
void compare_split(const FtsNim& rules, const Box& box, Counterexamples& bad, Claim&& claim) {
  games::sweep_fts_outcomes(rules, box, [&](const Position& p, bool is_p, bool in_s) {
    const Split c = claim(p);
    if ((is_p && in_s) != c.p0 || (is_p && !in_s) != c.p1)
      add(bad, [&] {
        return rules.name() + " " + str(p) + ": " + (is_p ? "P" : "N") + (in_s ? " in X_S" : "") +
               " in the game, claimed " +
               (c.p0   ? "P_0"
                : c.p1 ? "P_1"
                       : "N");
      });
  });
}

// Compares the game's P-set on a box with a claimed set, whatever X_S.
template <class Claim>
void compare_pset(const FtsNim& rules, const Box& box, Counterexamples& bad, Claim&& claim) {
  games::sweep_fts_outcomes(rules, box, [&](const Position& p, bool is_p, bool) {
    const bool c = claim(p);
    if (c != is_p)
      add(bad, [&] {
        return rules.name() + " " + str(p) + ": " + (is_p ? "P" : "N") + " in the game, claimed " + (c ? "P" : "N");
      });
  });
}

// "Theorem X needs C": the claim checked outside its condition must fail somewhere; finding no
// counterexample there would mean the condition is not needed, reported as a FAIL of ours.
void expect_failure(VerifyReport& report, const std::string& claim, const std::string& range,
                    const Counterexamples& bad) {
  if (bad.empty())
    report.fail(claim, range, "no counterexample found: the condition did not matter on this range");
  else
    report.pass(claim, range, "fails as expected: " + bad.summary());
}

// ---- Section 2: definitions, Theorem 2.1, two piles --------------------------------------

void terminal_positions(VerifyReport& report) {
  Counterexamples bad;
  const std::int64_t sides[] = {0, 0, 64, 24, 10, 7};
  for (std::int64_t d = 2; d <= 12; ++d)
    for (int n = 2; n <= 5; ++n) {
      const FtsNim g = FtsNim::multiples_of(n, d);
      const Box box = cube(n, sides[n]);
      Position p(n);
      do {
        if (g.forbidden(p)) continue;  // X_d: start-only, not a position that occurs in play
        bool moves = false;
        g.for_each_option(p, [&](const Position&) { moves = true; });
        bool small = true;
        for (int i = 0; i < n; ++i) small = small && p[i] <= 1;
        const bool claimed = small && p.total() % d == 1;
        if (claimed == moves)
          add(bad, [&] {
            return g.name() + " " + str(p) + (moves ? ": has a move, claimed terminal" : ": terminal, not claimed");
          });
      } while (box.next(p));
    }
  report.expect("Section 2.2 (terminal positions of d-FTS outside X_d: x_i <= 1, |x| = 1 mod d)",
                "d = 2..12; 2 piles x_i < 64, 3 < 24, 4 < 10, 5 < 7", bad,
                "the all-zero start position, in X_d, is terminal too");
}

void theorem_2_1(VerifyReport& report) {
  // P_N and P_M as the P-sets of normal and misere Nim, by the generic solver on plain Nim.
  const std::int64_t sides[] = {0, 0, 64, 24, 12, 8};
  Counterexamples bad_n, bad_m;
  for (int n = 2; n <= 5; ++n) {
    const games::Nim nim(n);
    const Box box = cube(n, sides[n]);
    const auto normal = core::solve_dense(nim, box, core::Evaluation::NormalOutcome);
    const auto misere = core::solve_dense(nim, box, core::Evaluation::MisereOutcome);
    Position p(n);
    do {
      if ((normal.at(p) == 0) != (nim_sum(p) == 0)) add(bad_n, [&] { return "normal Nim " + str(p); });
      if ((misere.at(p) == 0) != in_pm(p)) add(bad_m, [&] { return "misere Nim " + str(p); });
    } while (box.next(p));
  }
  const std::string range = "generic solver on Nim: 2 piles x_i < 64, 3 < 24, 4 < 12, 5 < 8";
  report.expect("Theorem 2.1 (P_N: normal Nim, nim-sum 0)", range, bad_n);
  report.expect("Theorem 2.1 (P_M: misere Nim)", range, bad_m);

  // (N1), (N2): the nim-sum facts used in every proof.
  Counterexamples bad_n12;
  for (int n = 2; n <= 4; ++n) {
    const games::Nim nim(n);
    const Box box = cube(n, n == 2 ? 128 : n == 3 ? 32 : 12);
    Position p(n);
    do {
      bool to_zero = false;
      nim.for_each_option(p, [&](const Position& o) { to_zero = to_zero || nim_sum(o) == 0; });
      if (nim_sum(p) == 0 && to_zero) add(bad_n12, [&] { return "(N1) " + str(p); });
      if (nim_sum(p) != 0 && !to_zero) add(bad_n12, [&] { return "(N2) " + str(p); });
    } while (box.next(p));
  }
  report.expect("Theorem 2.1 (N1), (N2)", "2 piles x_i < 128, 3 < 32, 4 < 12", bad_n12);

  // Section 1: FTS with S = {} is normal Nim, with S = {0} misere Nim (x != 0).
  Counterexamples bad_empty, bad_zero;
  std::string range_fts;
  for (int n = 2; n <= 5; ++n) {
    range_fts += (n == 2 ? "" : "; ") + range_for(n);
    compare_pset(FtsNim::with_set(n, "0"), cube(n, side_for(n)), bad_empty,
                 [](const Position& p) { return nim_sum(p) == 0; });
    compare_pset(FtsNim::with_set(n, "total == 0"), cube(n, side_for(n)), bad_zero,
                 [](const Position& p) { return p.total() == 0 || in_pm(p); });
  }
  report.expect("Section 1 (FTS with S = {} is normal Nim: P-set = P_N)", range_fts, bad_empty);
  report.expect("Section 1 (FTS with S = {0} is misere Nim: P-set = P_M for |x| > 0)", range_fts, bad_zero,
                "x = 0 differs as expected: P in FTS (no move; a start-only P_0 position), N in misere Nim");
}

// D_d = {x : 2x = 0 mod d}; P_0, P_{1,0}, P_{1,1} of Theorem 2.3.
Split theorem_2_3_split(const Position& p, std::int64_t d) {
  auto in_d = [d](std::int64_t v) { return v >= 0 && (2 * v) % d == 0; };
  const std::int64_t x = p[0], y = p[1];
  Split s;
  s.p0 = x == y && in_d(x);
  const bool p10 = x == y && !in_d(x) && !in_d(x - 1);
  const bool p11 = (y == x + 1 && in_d(x)) || (x == y + 1 && in_d(y));
  s.p1 = p10 || p11;
  return s;
}

void theorem_2_3(VerifyReport& report) {
  const Box box = cube(2, 1024);
  Counterexamples bad;
  for (std::int64_t d = 3; d <= 12; ++d)
    compare_split(FtsNim::multiples_of(2, d), box, bad, [d](const Position& p) { return theorem_2_3_split(p, d); });
  report.expect("Theorem 2.3 (two piles, d >= 3: P_0, P_{1,0}, P_{1,1})", "d = 3..12, x, y < 1024", bad,
                "includes the worked example d = 3");
  Counterexamples fails;
  compare_split(FtsNim::multiples_of(2, 2), box, fails, [](const Position& p) { return theorem_2_3_split(p, 2); });
  expect_failure(report, "Theorem 2.3 needs d >= 3: fails for d = 2", "d = 2, x, y < 1024", fails);

  // The d = 2 pattern stated before Theorem 2.3: P_0 = {(2j,2j)}, P_1 = {(2j,2j+1),(2j+1,2j)}.
  Counterexamples bad2;
  compare_split(FtsNim::multiples_of(2, 2), box, bad2, [](const Position& p) {
    const std::int64_t x = p[0], y = p[1];
    return Split{x == y && x % 2 == 0, (x % 2 == 0 && y == x + 1) || (y % 2 == 0 && x == y + 1)};
  });
  report.expect("Section 2.3 (d = 2, two piles: P_0 = {(2j,2j)}, P_1 = {(2j,2j+1),(2j+1,2j)})", "x, y < 1024", bad2);
}

// ---- Section 3: n piles, d = 2, 3, 4 --------------------------------------------------

void theorems_3(VerifyReport& report) {
  auto all = [](const Position& p, auto pred) {
    for (int i = 0; i < p.size(); ++i)
      if (!pred(p[i])) return false;
    return true;
  };
  for (int n = 2; n <= 5; ++n) {
    Counterexamples bad;
    compare_split(FtsNim::multiples_of(n, 2), cube(n, side_for(n)), bad, [&](const Position& p) {
      const bool b2 = quotient_nim_sum(p, 2) == 0;
      return Split{b2 && p.total() % 2 == 0 && all(p, [](std::int64_t v) { return v % 2 == 0; }),
                   b2 && p.total() % 2 == 1};
    });
    report.expect("Theorem 3.1 (d = 2, " + num(n) + " piles)", range_for(n), bad);
  }
  for (int n = 2; n <= 5; ++n) {
    Counterexamples bad;
    compare_split(FtsNim::multiples_of(n, 3), cube(n, side_for(n)), bad, [&](const Position& p) {
      const bool b3 = quotient_nim_sum(p, 3) == 0;
      return Split{b3 && p.total() % 3 == 0 && all(p, [](std::int64_t v) { return v % 3 != 2; }),
                   b3 && p.total() % 3 == 1};
    });
    report.expect("Theorem 3.2 (d = 3, " + num(n) + " piles)", range_for(n), bad);
  }
  for (int n = 2; n <= 5; ++n) {
    Counterexamples bad;
    compare_split(FtsNim::multiples_of(n, 4), cube(n, side_for(n)), bad, [&](const Position& p) {
      const bool b2 = quotient_nim_sum(p, 2) == 0;
      const bool even = all(p, [](std::int64_t v) { return v % 2 == 0; });
      if (b2 && even && p.total() % 4 != 0)
        add(bad, [&] { return "remark: " + str(p) + " in B_2, all even, |x| != 0 mod 4"; });
      return Split{b2 && p.total() % 4 == 0 && even, b2 && p.total() % 4 != 0 && p.total() % 2 == 1};
    });
    report.expect("Theorem 3.3 (d = 4, " + num(n) + " piles)", range_for(n), bad,
                  n == 2 ? "with the remark: x in B_2, all x_i even => |x| = 0 mod 4" : "");
  }
}

// ---- Section 4: three piles, d >= 5 ---------------------------------------------------

// The side of the x, y grid on which f is read off the game for each d, and the z range.
std::int64_t f_side(std::int64_t d) { return d == 2 || d == 3 || d == 5 ? 256 : 128; }
std::int64_t z_side(std::int64_t n, std::int64_t d) { return 2 * n + d + 4; }

void claim_542(VerifyReport& report) {
  const FtsNim g = FtsNim::multiples_of(3, 5);
  const auto generic = core::solve_dense(g, Box(Position{6, 5, 3}), core::Evaluation::NormalOutcome);
  const bool p = generic.at(Position{5, 4, 2}) == 0 && games::solve_fts_outcomes(g, cube(3, 6)).is_p(Position{5, 4, 2});
  const std::int64_t q = quotient_nim_sum(Position{5, 4, 2}, 5);
  if (p && q != 0)
    report.pass("Section 4.1 ((5,4,2) is P in 5-FTS, yet floor(5/5) xor floor(4/5) xor floor(2/5) = 1)",
                "generic and fast solvers", "P, quotient nim-sum " + num(q));
  else
    report.fail("Section 4.1 ((5,4,2) is P in 5-FTS, yet floor(5/5) xor floor(4/5) xor floor(2/5) = 1)",
                "generic and fast solvers", std::string(p ? "P" : "N") + ", quotient nim-sum " + num(q));
}

void section_4(VerifyReport& report, const std::map<std::int64_t, games::FtsFFromGame>& game_f) {
  // Theorem 4.1: exactly one z per (x,y) with (x,y,z) in P_1.
  Counterexamples bad41;
  std::int64_t worst = 0;
  for (const auto& [d, gf] : game_f)
    for (std::int64_t x = 0; x < gf.size; ++x)
      for (std::int64_t y = 0; y < gf.size; ++y) {
        if (gf.count_at(x, y) != 1)
          add(bad41, [&] {
            return "d = " + num(d) + " (" + num(x) + "," + num(y) + "): " + num(gf.count_at(x, y)) + " z < " +
                   num(gf.z_limit);
          });
        worst = std::max(worst, gf.at(x, y) - x - y);
      }
  report.expect("Theorem 4.1 (three piles: a unique z with (x,y,z) in P_1)",
                "d = 2..12, x, y < 128 (256 for d = 2, 3, 5), z < 2N + d + 4", bad41,
                "max f(x,y) - x - y = " + num(worst));

  {
    const auto t = games::solve_fts_outcomes(FtsNim::multiples_of(3, 5), cube(3, 7));
    const bool both = t.is_p(Position{5, 0, 5}) && t.is_p(Position{5, 0, 6});
    if (both)
      report.pass("Section 4.1 ((5,0,5) and (5,0,6) are both P in 5-FTS)", "fast solver",
                  "(5,0,5) is in X_5, a P_0 position");
    else
      report.fail("Section 4.1 ((5,0,5) and (5,0,6) are both P in 5-FTS)", "fast solver", "not both P");
  }

  // (4.1), (4.2): lost in conversion; the reconstruction of CLAIMS.md / ERRATA B6.
  for (std::int64_t d : {2, 3}) {
    const auto& gf = game_f.at(d);
    Counterexamples bad;
    for (std::int64_t x = 0; x < gf.size; ++x)
      for (std::int64_t y = 0; y < gf.size; ++y) {
        const std::int64_t eps = d == 2 ? 1 - (x + y) % 2 : ((1 - x - y) % 3 + 3) % 3;
        const std::int64_t claimed = d * ((x / d) ^ (y / d)) + eps;
        if (gf.at(x, y) != claimed)
          add(bad,
              [&] { return "(" + num(x) + "," + num(y) + "): f = " + num(gf.at(x, y)) + ", formula " + num(claimed); });
      }
    const std::string claim =
        d == 2
            ? "Formula (4.1) (d = 2, as reconstructed: f = 2(q_x xor q_y) + eps, q = floor(./2), eps = 1 - (x+y) mod 2)"
            : "Formula (4.2) (d = 3, as reconstructed: f = 3(q_x xor q_y) + eps, q = floor(./3), eps = (1-x-y) mod 3)";
    report.expect(claim, "x, y < " + num(gf.size) + ", f read off the game", bad,
                  "q_x, q_y, eps lost in conversion (ERRATA B6); reconstructed from Theorems 3.1/3.2");
  }

  // (4.3): the mex recursion equals f of the game.
  Counterexamples bad43;
  for (const auto& [d, gf] : game_f) {
    const auto rec = games::fts_f_grid(FtsNim::multiples_of(3, d), gf.size);
    for (std::int64_t x = 0; x < gf.size; ++x)
      for (std::int64_t y = 0; y < gf.size; ++y)
        if (rec.at(x, y) != gf.at(x, y))
          add(bad43, [&] {
            return "d = " + num(d) + " (" + num(x) + "," + num(y) + "): game " + num(gf.at(x, y)) + ", (4.3) " +
                   num(rec.at(x, y));
          });
  }
  report.expect("Recursion (4.3) (f = mex of row, column and {kd - (x+y)})",
                "d = 2..12, x, y < 128 (256 for d = 2, 3, 5), vs f read off the game", bad43);

  // The printed d = 5 table.
  {
    const GoldenTable gold = load_golden("fts_d5_f.tsv");
    const auto& gf = game_f.at(5);
    Counterexamples wrong;
    for (std::size_t r = 0; r < gold.row_keys.size(); ++r)
      for (std::size_t c = 0; c < gold.col_keys.size(); ++c) {
        const std::int64_t x = gold.row_keys[r], y = gold.col_keys[c];
        if (gf.at(x, y) != *gold.cells[r][c])
          add(wrong, [&] {
            return "f(" + num(x) + "," + num(y) + "): printed " + num(*gold.cells[r][c]) + ", computed " +
                   num(gf.at(x, y));
          });
      }
    if (wrong.empty())
      report.pass("Table f(x,y), d = 5 (Section 4.1)", "x, y = 0..9, cell by cell",
                  "100 cells equal f read off the game");
    else
      report.erratum("Table f(x,y), d = 5 (Section 4.1)", "x, y = 0..9, cell by cell", wrong.summary());
  }
}

void proposition_4_3(VerifyReport& report) {
  constexpr std::int64_t kN = 512;
  Counterexamples bad1, bad2, bad3, bad_sym;
  for (std::int64_t d = 2; d <= 12; ++d) {
    const auto f = games::fts_f_grid(FtsNim::multiples_of(3, d), kN);
    for (std::int64_t x = 0; x < kN; ++x)
      for (std::int64_t y = 0; y < kN; ++y) {
        const std::int64_t v = f.at(x, y);
        auto at = [&] { return "d = " + num(d) + " f(" + num(x) + "," + num(y) + ") = " + num(v); };
        if (v > x + y + 1) add(bad1, at);
        if (v < std::abs(x - y) - 1) add(bad2, at);
        if (v == x + y + 1 && (2 * (x + y)) % d != 0) add(bad3, at);
        if (f.at(y, x) != v || (v < kN && f.at(x, v) != y)) add(bad_sym, at);
      }
  }
  const std::string range = "d = 2..12, x, y < 512 (f by (4.3), checked against the game above)";
  report.expect("Proposition 4.3 (i) (f(x,y) <= x + y + 1)", range, bad1);
  report.expect("Proposition 4.3 (ii) (f(x,y) >= |x - y| - 1)", range, bad2);
  report.expect("Proposition 4.3 (iii) (f(x,y) = x + y + 1 => 2(x+y) = 0 mod d)", range, bad3);
  report.expect("Section 4.1 (pile symmetry: f(x,y) = f(y,x) and f(x, f(x,y)) = y)", range, bad_sym);
}

// Theorem 4.4's claimed split for d = 2^k, m = 2^(k-1): x_i = m q_i + eps_i, in B_m when the
// q_i have nim-sum 0; P_1 also needs (eps_1, eps_2, eps_3) in P_M (three-pile misere Nim).
Split theorem_4_4_split(const Position& p, std::int64_t k) {
  const std::int64_t d = std::int64_t{1} << k, m = d / 2;
  const std::int64_t x = p[0], y = p[1], z = p[2];
  if (((x / m) ^ (y / m) ^ (z / m)) != 0) return {};
  const std::int64_t a = x % m, b = y % m, c = z % m, total = x + y + z;
  const bool pm = (a >= 2 || b >= 2 || c >= 2) ? (a ^ b ^ c) == 0 : (a + b + c) % 2 == 1;
  return Split{total % d == 0 && a == 0 && b == 0 && c == 0, total % d != 0 && pm};
}

void theorem_4_4(VerifyReport& report) {
  for (std::int64_t k = 2; k <= 6; ++k) {
    const std::int64_t side = k <= 4 ? 128 : 256;
    Counterexamples bad;
    compare_split(FtsNim::multiples_of(3, std::int64_t{1} << k), cube(3, side), bad,
                  [k](const Position& p) { return theorem_4_4_split(p, k); });
    report.expect("Theorem 4.4 (three piles, k = " + num(k) + ", d = " + num(std::int64_t{1} << k) + ")",
                  "x_i < " + num(side), bad, k == 2 ? "the case the text says Theorem 3.3 covers" : "");
  }
  Counterexamples fails;
  compare_split(FtsNim::multiples_of(3, 2), cube(3, 128), fails,
                [](const Position& p) { return theorem_4_4_split(p, 1); });
  expect_failure(report, "Theorem 4.4 needs k >= 2: fails for k = 1 (d = 2)", "x_i < 128", fails);

  // The two unnumbered facts of the proof.
  Counterexamples bad_pm, bad_even;
  for (std::int64_t m = 1; m <= 64; m *= 2) {
    const Box box = cube(3, m);
    Position e(3);
    do {
      if (in_pm(e) && (e.total() < 1 || e.total() > 2 * m - 1))
        add(bad_pm, [&] { return "m = " + num(m) + " " + str(e); });
    } while (box.next(e));
  }
  const Box qbox = cube(3, 128);
  Position q(3);
  do {
    if (nim_sum(q) == 0 && q.total() % 2 != 0) add(bad_even, [&] { return str(q); });
  } while (qbox.next(q));
  report.expect("Theorem 4.4 proof (P_M triples with piles < m have total in [1, 2m-1])", "m = 1, 2, 4, ..., 64",
                bad_pm);
  report.expect("Theorem 4.4 proof (q_1 xor q_2 xor q_3 = 0 => q_1 + q_2 + q_3 even)", "q_i < 128", bad_even);
}

// ---- Section 5: general S -------------------------------------------------------------

void section_5(VerifyReport& report) {
  Counterexamples bad_odd;
  for (const char* s : {"total == 1", "total == 3", "total in {1,3,5}", "total % 2 == 1"})
    for (int n = 2; n <= 4; ++n)
      compare_pset(FtsNim::with_set(n, s),
                   cube(n, n == 2   ? 256
                           : n == 3 ? 64
                                    : 16),
                   bad_odd, [](const Position& p) { return nim_sum(p) == 0; });
  report.expect("Section 5 (S of odd totals only: the P-set of normal Nim)",
                "S = {1}, {3}, {1,3,5}, all odd; 2 piles x_i < 256, 3 < 64, 4 < 16; every start position", bad_odd);

  const FtsNim s01_2 = FtsNim::with_set(2, "total in {0,1}");
  Counterexamples bad51;
  compare_split(s01_2, cube(2, 1024), bad51, [](const Position& p) {
    const std::int64_t x = p[0], y = p[1];
    const bool p0 = x + y <= 1;   // (0,0), (0,1), (1,0)
    const bool p10 = x + y == 2;  // (0,2), (1,1), (2,0)
    const bool p11 = x == y && x >= 3;
    return Split{p0, p10 || p11};
  });
  report.expect("Theorem 5.1 (S = {0,1}, two piles: P_0, P_{1,0}, P_{1,1})", "x, y < 1024", bad51);

  const FtsNim s01 = FtsNim::with_set(3, "total in {0,1}");
  constexpr std::int64_t kN = 256;
  const auto gf = games::fts_f_from_game(s01, kN, 2 * kN + 8);
  Counterexamples bad52;
  for (std::int64_t x = 0; x < kN; ++x)
    for (std::int64_t y = 0; y < kN; ++y)
      if (gf.count_at(x, y) != 1)
        add(bad52, [&] { return "(" + num(x) + "," + num(y) + "): " + num(gf.count_at(x, y)) + " z"; });
  report.expect("Theorem 5.2 (S = {0,1}, three piles: a unique z with (x,y,z) P, x+y+z not in S)",
                "x, y < 256, z < 520", bad52);

  // The printed recursion: no forbidden-total term, the three cells with x + y < 2 set by hand.
  Counterexamples bad53;
  {
    std::vector<std::int64_t> f(static_cast<std::size_t>(kN * kN));
    auto at = [&](std::int64_t x, std::int64_t y) -> std::int64_t& { return f[static_cast<std::size_t>(x * kN + y)]; };
    for (std::int64_t x = 0; x < kN; ++x)
      for (std::int64_t y = 0; y < kN; ++y) {
        if (x + y < 2) {
          at(x, y) = x + y == 0 ? 2 : 1;
          continue;
        }
        std::vector<char> used(static_cast<std::size_t>(2 * kN + 4), 0);
        for (std::int64_t x2 = 0; x2 < x; ++x2) used[static_cast<std::size_t>(at(x2, y))] = 1;
        for (std::int64_t y2 = 0; y2 < y; ++y2) used[static_cast<std::size_t>(at(x, y2))] = 1;
        std::int64_t v = 0;
        while (used[static_cast<std::size_t>(v)]) ++v;
        at(x, y) = v;
      }
    for (std::int64_t x = 0; x < kN; ++x)
      for (std::int64_t y = 0; y < kN; ++y)
        if (at(x, y) != gf.at(x, y))
          add(bad53, [&] {
            return "(" + num(x) + "," + num(y) + "): game " + num(gf.at(x, y)) + ", recursion " + num(at(x, y));
          });
  }
  report.expect(
      "Theorem 5.3 (S = {0,1}: f = mex of row and column for x + y >= 2; f(0,0) = 2, f(1,0) = f(0,1) = 1)",
      "x, y < 256, vs f read off the game", bad53,
      "the printed mex omits the forbidden-total term; the text sets the cells x + y < 2 by hand (ERRATA B7)");

  {
    const GoldenTable gold = load_golden("fts_s01_f.tsv");
    Counterexamples wrong;
    for (std::size_t r = 0; r < gold.row_keys.size(); ++r)
      for (std::size_t c = 0; c < gold.col_keys.size(); ++c) {
        const std::int64_t x = gold.row_keys[r], y = gold.col_keys[c];
        if (gf.at(x, y) != *gold.cells[r][c])
          add(wrong, [&] {
            return "f(" + num(x) + "," + num(y) + "): printed " + num(*gold.cells[r][c]) + ", computed " +
                   num(gf.at(x, y));
          });
      }
    if (wrong.empty())
      report.pass("Table f(x,y), S = {0,1} (Section 5)", "x, y = 0..9, cell by cell",
                  "100 cells equal f read off the game");
    else
      report.erratum("Table f(x,y), S = {0,1} (Section 5)", "x, y = 0..9, cell by cell", wrong.summary());
  }

  // Proposition 5.4 on a larger grid by the recursion (checked against the game just above).
  constexpr std::int64_t kBig = 512;
  const auto f = games::fts_f_grid(s01, kBig);
  Counterexamples bad54, outside;
  for (std::int64_t x = 0; x < kBig; ++x)
    for (std::int64_t y = 0; y < kBig; ++y) {
      const std::int64_t v = f.at(x, y);
      const bool holds = std::abs(x - y) <= v && v <= x + y;
      auto at = [&] { return "f(" + num(x) + "," + num(y) + ") = " + num(v); };
      if (x + y >= 3 && !holds) add(bad54, at);
      if (x + y < 3 && !holds) add(outside, at);
    }
  report.expect("Proposition 5.4 (x + y >= 3 => |x - y| <= f(x,y) <= x + y)",
                "x, y < 512 (f by the recursion, checked against the game for x, y < 256)", bad54);
  expect_failure(report, "Proposition 5.4 needs x + y >= 3: fails for x + y <= 2", "x + y <= 2", outside);
}

}  // namespace

void verify_fts(VerifyReport& report) {
  terminal_positions(report);
  theorem_2_1(report);
  theorem_2_3(report);
  theorems_3(report);
  claim_542(report);
  std::map<std::int64_t, games::FtsFFromGame> game_f;
  for (std::int64_t d = 2; d <= 12; ++d)
    game_f.emplace(d, games::fts_f_from_game(FtsNim::multiples_of(3, d), f_side(d), z_side(f_side(d), d)));
  section_4(report, game_f);
  proposition_4_3(report);
  theorem_4_4(report);
  section_5(report);
}

}  // namespace grundy::analysis
