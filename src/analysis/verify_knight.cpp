// `grundy verify knight`: the claims of Katayama and Koyama, "Corner the Knight Game" (paper
// 002), as listed in data/golden/CLAIMS.md section 3, checked on m, n < 2048 (the paper prints
// m <= 15, n <= 11). Known misprints (ERRATA_CANDIDATES.md B1-B3) are reported as ERRATUM lines
// with the printed and the computed values, next to a PASS line for the corrected statement.
#include <functional>
#include <string>
#include <vector>

#include "analysis/golden.hpp"
#include "analysis/verify.hpp"
#include "core/solve/dense_solver.hpp"
#include "games/leaper.hpp"
#include "games/leaper_solver.hpp"

namespace grundy::analysis {

namespace {

using core::Position;
using core::Value;

constexpr std::int64_t kN = 2048;  // gS is computed on m, n < kN
const std::string kRange = "m, n < 2048";

std::string pos(std::int64_t m, std::int64_t n) { return "(" + std::to_string(m) + "," + std::to_string(n) + ")"; }

// [m/2] mod 2, the paper's bracket being the floor.
std::int64_t half_mod2(std::int64_t m) { return (m / 2) % 2; }

// gS on the box [0, kN)^2 by the engine's knight (the rank sweep of leaper_solver).
class Knight {
 public:
  Knight()
      : rules_("knight", games::knight_moves()),
        table_(games::solve_leaper(rules_, core::Box(Position{kN, kN}), core::Evaluation::Grundy)) {}
  const games::Leaper& rules() const { return rules_; }
  std::int64_t g(std::int64_t m, std::int64_t n) const { return table_.at(Position{m, n}); }

 private:
  games::Leaper rules_;
  core::DenseTable table_;
};

// Section 3.1: the rule as printed ("The Rule of Corner the Knight Game", 2) and 3)).
void check_rules(VerifyReport& report, const Knight& k) {
  const std::int64_t printed[4][2] = {{-2, -1}, {-1, -2}, {-2, 1}, {1, -2}};
  Counterexamples moves, drop, terminal;
  for (std::int64_t m = 0; m < 256; ++m)
    for (std::int64_t n = 0; n < 256; ++n) {
      std::vector<Position> paper, engine;
      for (const auto& d : printed)
        if (m + d[0] >= 0 && n + d[1] >= 0) paper.push_back(Position{m + d[0], n + d[1]});
      k.rules().for_each_option(Position{m, n}, [&](const Position& o) {
        engine.push_back(o);
        const std::int64_t fall = m + n - o[0] - o[1];
        if (fall != 1 && fall != 3) drop.add(pos(m, n) + " -> " + pos(o[0], o[1]));
      });
      if (paper != engine) moves.add(pos(m, n));
      const bool corner = m <= 1 && n <= 1;
      if (engine.empty() != corner) terminal.add(pos(m, n) + (corner ? " is a corner with a move" : " has no move"));
    }
  report.expect("Rules: the moves (m-2,n-1), (m-1,n-2), (m-2,n+1), (m+1,n-2) while m, n >= 0", "m, n < 256", moves);
  report.expect("Rules: every move lowers m+n by 1 or 3, so play ends", "m, n < 256", drop);
  report.expect("Rules: the terminal positions are exactly the corners (0,0), (1,0), (0,1), (1,1)", "m, n < 256",
                terminal);

  // gS from the definition, by increasing m+n (options have a smaller m+n), with nothing shared
  // with the engine: the engine's table must agree.
  constexpr std::int64_t kT = 400;
  std::vector<std::vector<std::int64_t>> g(kT + 2, std::vector<std::int64_t>(kT + 2, -1));
  Counterexamples differ;
  for (std::int64_t s = 0; s <= kT; ++s)
    for (std::int64_t m = 0; m <= s; ++m) {
      const std::int64_t n = s - m;
      std::vector<bool> seen(5, false);
      for (const auto& d : printed)
        if (m + d[0] >= 0 && n + d[1] >= 0) seen[static_cast<std::size_t>(g[m + d[0]][n + d[1]])] = true;
      std::int64_t mex = 0;
      while (seen[static_cast<std::size_t>(mex)]) ++mex;
      g[m][n] = mex;
      if (m < kN && n < kN && k.g(m, n) != mex)
        differ.add(pos(m, n) + ": engine " + std::to_string(k.g(m, n)) + ", recursion " + std::to_string(mex));
    }
  report.expect("Rules: gS by increasing m+n from the printed rule equals the engine's table", "m + n <= 400", differ);

  // Theorem 1 of the chocolate paper (Sprague-Grundy), with outcomes from a plain win/loss sweep
  // of the generic solver: P iff gS = 0.
  const auto outcome = core::solve_dense(k.rules(), core::Box(Position{256, 256}), core::Evaluation::NormalOutcome);
  Counterexamples sg;
  for (std::int64_t m = 0; m < 256; ++m)
    for (std::int64_t n = 0; n < 256; ++n)
      if ((outcome.at(Position{m, n}) == 0) != (k.g(m, n) == 0))
        sg.add(pos(m, n) + ": outcome " + (outcome.at(Position{m, n}) == 0 ? "P" : "N") + ", gS " +
               std::to_string(k.g(m, n)));
  report.expect("Sprague-Grundy: P-positions (win/loss recursion) are exactly gS = 0", "m, n < 256", sg);
}

// Section 3.2: both printed grids, cell by cell (rows n, columns m).
void check_table(VerifyReport& report, const Knight& k, const std::string& claim, const std::string& file) {
  const GoldenTable t = load_golden(file);
  Counterexamples wrong;
  std::size_t cells = 0;
  for (std::size_t r = 0; r < t.row_keys.size(); ++r)
    for (std::size_t c = 0; c < t.col_keys.size(); ++c) {
      const std::int64_t n = t.row_keys[r], m = t.col_keys[c];
      const auto printed = t.cells[r][c];
      ++cells;
      if (!printed || *printed != k.g(m, n))
        wrong.add("gS" + pos(m, n) + ": printed " + (printed ? std::to_string(*printed) : "blank") + ", computed " +
                  std::to_string(k.g(m, n)));
    }
  const std::string range = "m = 0.." + std::to_string(t.col_keys.back()) + ", n = 0.." +
                            std::to_string(t.row_keys.back());
  if (wrong.empty())
    report.pass(claim, range, std::to_string(cells) + " cells, all equal");
  else
    report.erratum(claim, range, wrong.summary());
}

// A statement about one row of values, checked for m in [from, kN): `claimed(m)` against
// `actual(m)`; counterexamples read "m = 4: claimed 3, computed 4".
Counterexamples row_check(std::int64_t from, std::int64_t to, const std::function<std::int64_t(std::int64_t)>& claimed,
                          const std::function<std::int64_t(std::int64_t)>& actual) {
  Counterexamples bad;
  for (std::int64_t m = from; m < to; ++m)
    if (claimed(m) != actual(m))
      bad.add("m = " + std::to_string(m) + ": claimed " + std::to_string(claimed(m)) + ", computed " +
              std::to_string(actual(m)));
  return bad;
}

// Section 3.3, Proposition 2.1 and the claims made inside its proof.
void check_proposition21(VerifyReport& report, const Knight& k) {
  const std::string range = "m < 2048";
  auto row = [&k](std::int64_t n) { return [&k, n](std::int64_t m) { return k.g(m, n); }; };
  report.expect("Proposition 2.1, gS(m,0) = [m/2] mod 2", range, row_check(0, kN, half_mod2, row(0)));
  report.expect("Proposition 2.1, gS(m,1) = 2 for m = 2, [m/2] mod 2 otherwise", range,
                row_check(
                    0, kN, [](std::int64_t m) { return m == 2 ? 2 : half_mod2(m); }, row(1)));

  // gS(m,2) as printed: "1 for m = 1, 2 for m = 2, 3 for m = 0 (mod 4) and m >= 4, 2 otherwise"
  // (ERRATA B1); corrected: "1 for m = 0".
  const auto printed2 = [](std::int64_t m) -> std::int64_t { return m == 1 ? 1 : (m % 4 == 0 && m >= 4) ? 3 : 2; };
  const auto corrected2 = [](std::int64_t m) -> std::int64_t { return m == 0 ? 1 : (m % 4 == 0) ? 3 : 2; };
  const Counterexamples bad_printed = row_check(0, kN, printed2, row(2));
  const Counterexamples bad_corrected = row_check(0, kN, corrected2, row(2));
  const std::string claim2 =
      "Proposition 2.1, gS(m,2) as printed: 1 for m = 1, 2 for m = 2, 3 for m = 0 (mod 4), m >= 4, 2 otherwise";
  if (bad_printed.empty())
    report.pass(claim2, range);
  else if (bad_corrected.empty())
    report.erratum(
        claim2, range,
        bad_printed.summary() + "; the cases m = 0 and m = 1 are swapped (Table 1 prints gS(0,2) = 1, gS(1,2) = 2)");
  else
    report.fail(claim2, range, bad_printed.summary());
  report.expect("Proposition 2.1, gS(m,2) corrected: 1 for m = 0, 3 for m = 0 (mod 4), m >= 4, 2 otherwise", range,
                bad_corrected);

  report.expect("Proposition 2.1, gS(m,3) = 1 for m = 0, 1, 3; 4 for m = 4; 2 for m = 2 (mod 4); 3 otherwise", range,
                row_check(
                    0, kN,
                    [](std::int64_t m) -> std::int64_t {
                      return (m == 0 || m == 1 || m == 3) ? 1 : m == 4 ? 4 : m % 4 == 2 ? 2 : 3;
                    },
                    row(3)));
  report.expect("Proposition 2.1, gS(m,4) = gS(m-4,0) for m >= 4", "4 <= m < 2048",
                row_check(
                    4, kN, [&k](std::int64_t m) { return k.g(m - 4, 0); }, row(4)));
  report.expect("Proposition 2.1, gS(m,5) = gS(m-4,1) for m >= 4", "4 <= m < 2048",
                row_check(
                    4, kN, [&k](std::int64_t m) { return k.g(m - 4, 1); }, row(5)));

  // Inside the proof.
  Counterexamples rows01, needs3;
  for (std::int64_t m = 0; m + 4 < kN; ++m) {
    const bool ok =
        k.g(m, 0) == k.g(m, 1) && k.g(m, 0) <= 1 && k.g(m + 4, 0) == k.g(m, 0) && k.g(m + 4, 1) == k.g(m, 1);
    if (m >= 3 && !ok) rows01.add("m = " + std::to_string(m));
    if (m < 3 && !ok)
      needs3.add("m = " + std::to_string(m) + ": gS(m,0) = " + std::to_string(k.g(m, 0)) +
                 ", gS(m,1) = " + std::to_string(k.g(m, 1)));
  }
  report.expect("Proposition 2.1, proof: gS(m,0) = gS(m,1) in {0,1}, with period 4, for m >= 3", "3 <= m < 2044",
                rows01);
  if (!needs3.empty())
    report.pass("Proposition 2.1, proof: needs m >= 3, fails below", "m < 3", needs3.summary());
  else
    report.fail("Proposition 2.1, proof: needs m >= 3, fails below", "m < 3", "no failure below m = 3");

  Counterexamples atleast2, needs4;
  for (std::int64_t m = 0; m < kN; ++m) {
    const bool ok = k.g(m, 2) >= 2 && k.g(m, 3) >= 2;
    if (m >= 4 && !ok) atleast2.add("m = " + std::to_string(m));
    if (m < 4 && !ok)
      needs4.add("m = " + std::to_string(m) + ": gS(m,2) = " + std::to_string(k.g(m, 2)) +
                 ", gS(m,3) = " + std::to_string(k.g(m, 3)));
  }
  report.expect("Proposition 2.1, proof: gS(m,2) >= 2 and gS(m,3) >= 2 for m >= 4", "4 <= m < 2048", atleast2);
  if (!needs4.empty())
    report.pass("Proposition 2.1, proof: needs m >= 4, fails below", "m < 4", needs4.summary());
  else
    report.fail("Proposition 2.1, proof: needs m >= 4, fails below", "m < 4", "no failure below m = 4");

  // "gS(m,2)+gS(m+2,3) = gS(m,3)+gS(m+2,2) = 5", printed with no range (ERRATA B3).
  Counterexamples sum5, sum5_from5;
  for (std::int64_t m = 0; m + 2 < kN; ++m) {
    const std::int64_t a = k.g(m, 2) + k.g(m + 2, 3), b = k.g(m, 3) + k.g(m + 2, 2);
    if (a == 5 && b == 5) continue;
    const std::string what = "m = " + std::to_string(m) + ": gS(m,2)+gS(m+2,3) = " + std::to_string(k.g(m, 2)) + "+" +
                             std::to_string(k.g(m + 2, 3)) + " = " + std::to_string(a) +
                             ", gS(m,3)+gS(m+2,2) = " + std::to_string(k.g(m, 3)) + "+" +
                             std::to_string(k.g(m + 2, 2)) + " = " + std::to_string(b);
    sum5.add(what);
    if (m >= 5) sum5_from5.add(what);
  }
  const std::string claim5 = "Proposition 2.1, proof: gS(m,2)+gS(m+2,3) = gS(m,3)+gS(m+2,2) = 5 (printed for all m)";
  if (sum5.empty())
    report.pass(claim5, "m < 2046");
  else if (sum5_from5.empty())
    report.erratum(claim5, "m < 2046", "printed 5, computed otherwise: " + sum5.summary() + "; holds for m >= 5");
  else
    report.fail(claim5, "m < 2046", sum5.summary());
  report.expect("Proposition 2.1, proof: gS(m,2)+gS(m+2,3) = gS(m,3)+gS(m+2,2) = 5 for m >= 5", "5 <= m < 2046",
                sum5_from5);
}

// Section 3.4, Theorem 2.2. Its four closed formulas are the engine's own
// (games::knight_theorem22, which `value` answers by), checked here against the table.
void check_theorem22(VerifyReport& report, const Knight& k) {
  Counterexamples sym, period, period44;
  for (std::int64_t i = 0; i < kN; ++i)
    for (std::int64_t j = 0; j < kN; ++j) {
      if (k.g(i, j) != k.g(j, i))
        sym.add("gS" + pos(i, j) + " = " + std::to_string(k.g(i, j)) + ", gS" + pos(j, i) + " = " +
                std::to_string(k.g(j, i)));
      if (i + 4 < kN && j + 4 < kN && k.g(i + 4, j + 4) != k.g(i, j))
        period.add("gS" + pos(i + 4, j + 4) + " = " + std::to_string(k.g(i + 4, j + 4)) + ", gS" + pos(i, j) + " = " +
                   std::to_string(k.g(i, j)));
      if (i + 4 < kN && j + 44 < kN && k.g(i + 4, j + 44) != k.g(i, j))
        period44.add("gS" + pos(i + 4, j + 44) + " = " + std::to_string(k.g(i + 4, j + 44)) + ", gS" + pos(i, j) +
                     " = " + std::to_string(k.g(i, j)));
    }
  report.expect("Theorem 2.2, symmetry gS(i,j) = gS(j,i)", "i, j < 2048", sym);
  report.expect("Theorem 2.2, period 4 along the diagonal gS(i+4,j+4) = gS(i,j)", "i, j < 2044", period);
  const std::string claim44 = "Theorem 2.2, period as printed: gS(i+4,j+44) = gS(i,j)";
  if (period44.empty())
    report.pass(claim44, "i < 2044, j < 2004");
  else if (period.empty())
    report.erratum(claim44, "i < 2044, j < 2004",
                   "a typo for j+4 (the proof has j+4), false as printed: " + period44.summary());
  else
    report.fail(claim44, "i < 2044, j < 2004", period44.summary());

  const char* formulas[4] = {
      "Theorem 2.2, gS(m,4n) = [m/2] mod 2, m >= 4n",
      "Theorem 2.2, gS(m,4n+1) = 2 for m = 4n+2, [m/2] mod 2 otherwise, m >= 4n+1",
      "Theorem 2.2, gS(m,4n+2) = 3 for m = 0 (mod 4), 2 otherwise, m >= 4n+2",
      "Theorem 2.2, gS(m,4n+3) = 1 for m = 4n+3, 4 for m = 4n+4, 2 for m = 2 (mod 4), 3 otherwise, m >= 4n+3",
  };
  Counterexamples above[4], below, all, table1;
  for (std::int64_t m = 0; m < kN; ++m)
    for (std::int64_t j = 0; j < kN; ++j) {
      if (games::knight_theorem22(m, j) != k.g(m, j)) {
        const std::string what = "gS" + pos(m, j) + " = " + std::to_string(k.g(m, j)) + ", formula " +
                                 std::to_string(games::knight_theorem22(m, j));
        (m >= j ? above[j % 4] : below).add(what);
      }
      if (games::knight_theorem22(std::max(m, j), std::min(m, j)) != k.g(m, j)) all.add(pos(m, j));
    }
  for (int r = 0; r < 4; ++r) report.expect(formulas[r], "m, n < 2048", above[r]);
  if (!below.empty())
    report.pass("Theorem 2.2, formulas need m >= the second argument: fail below the diagonal",
                "m < second argument < 2048", below.summary());
  else
    report.fail("Theorem 2.2, formulas need m >= the second argument: fail below the diagonal",
                "m < second argument < 2048", "the formulas also hold below the diagonal");
  report.expect("Theorem 2.2, formulas with symmetry give every gS(m,n) [ours]", kRange, all);

  const GoldenTable t = load_golden("knight_table1.tsv");
  for (std::size_t r = 0; r < t.row_keys.size(); ++r)
    for (std::size_t c = 0; c < t.col_keys.size(); ++c) {
      const std::int64_t n = t.row_keys[r], m = t.col_keys[c];
      const std::int64_t f = games::knight_theorem22(std::max(m, n), std::min(m, n));
      if (!t.cells[r][c] || *t.cells[r][c] != f)
        table1.add("gS" + pos(m, n) + ": printed " + (t.cells[r][c] ? std::to_string(*t.cells[r][c]) : "blank") +
                   ", formula " + std::to_string(f));
    }
  report.expect("Theorem 2.2, formulas with symmetry reproduce the printed Table 1", "m <= 15, n <= 11", table1);
}

}  // namespace

void verify_knight(VerifyReport& report) {
  const Knight k;
  check_rules(report, k);
  check_table(report, k, "Table 1", "knight_table1.tsv");
  check_table(report, k, "Table 4", "knight_table4.tsv");
  check_proposition21(report, k);
  check_theorem22(report, k);
}

}  // namespace grundy::analysis
