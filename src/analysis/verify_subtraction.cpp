// Paper 003: Larsson, Manabe, Miyadera, "A Subtraction Nim with a Pass" (CLAIMS.md section 4).
//
// The seed text is the abstract and the start of Theorem 2: parts (i)-(iii) are printed, the rest
// is cut off. Lines say "[printed]" for what the seed prints and "[ours]" for our completion and
// readings. Values come from the fast sweep (games/subtraction_solver.hpp), which the tests hold
// equal to the generic dense solver; the Sprague-Grundy line below also re-checks it here.

#include <algorithm>

#include "analysis/reverse_mex.hpp"
#include "analysis/verify.hpp"
#include "core/solve/dense_solver.hpp"
#include "games/subtraction.hpp"
#include "games/subtraction_solver.hpp"
#include "transforms/with_pass.hpp"

namespace grundy::analysis {

namespace {

using games::Subtraction;
using games::SubtractionSweep;

constexpr int kNFirst = 3, kNLast = 20;   // the paper's n >= 3, well past the n = 3..10 asked for
constexpr std::int64_t kFar = 1'000'000;  // heap sizes checked one by one for every n

const std::string kRange = "n = 3..20, x < 10^6";

Subtraction paper_set(int n) { return Subtraction({2, 4 * std::int64_t{n}, 4 * std::int64_t{n} + 2}); }

std::string pos_text(std::int64_t x) { return std::to_string(x); }

// Theorem 2 with p = 8n: write x = pk + r, 0 <= r < 8n. Parts (i)-(iii) as printed, (iv) our
// completion: the first half of a period is 0,0,1,1 repeated, the second 2,2,3,3.
//   (i)   r = 4m + t,      t in {0,1}: G = 0      (ii)  r = 4m + t,      t in {2,3}: G = 1
//   (iii) r = 4n + 4m + t, t in {0,1}: G = 2      (iv)  r = 4n + 4m + t, t in {2,3}: G = 3
struct Part {
  int index;       // 1..4
  unsigned value;  // the claimed G
};
Part theorem2_part(int n, std::int64_t x) {
  const std::int64_t r = x % (8 * std::int64_t{n});
  const bool second = r >= 4 * std::int64_t{n};
  const bool high = r % 4 >= 2;
  return {(second ? 3 : 1) + (high ? 1 : 0), static_cast<unsigned>((second ? 2 : 0) + (high ? 1 : 0))};
}

// Theorem 2 (i)-(iv) and the period 8n for one n, on x < far: counterexamples per part.
struct Theorem2Check {
  Counterexamples part[5];  // 1..4
  Counterexamples period;
};
void check_theorem2(int n, std::int64_t far, Theorem2Check& out) {
  const std::int64_t p = 8 * std::int64_t{n};
  std::vector<core::Value> first(static_cast<std::size_t>(p));
  SubtractionSweep sweep(paper_set(n));
  for (std::int64_t x = 0; x < far; ++x) {
    const core::Value g = sweep.step()[0];
    const Part part = theorem2_part(n, x);
    if (g != part.value)
      out.part[part.index].add("n = " + std::to_string(n) + ", x = " + pos_text(x) + ": G = " + std::to_string(g) +
                               ", claimed " + std::to_string(part.value));
    if (x < p)
      first[static_cast<std::size_t>(x)] = g;
    else if (g != first[static_cast<std::size_t>(x % p)])
      out.period.add("n = " + std::to_string(n) + ": G(" + pos_text(x) + ") = " + std::to_string(g) + " but G(" +
                     pos_text(x % p) + ") = " + std::to_string(first[static_cast<std::size_t>(x % p)]));
  }
}

// The eight positions (x, 1) where the reverse-mex property of the pass game fails for n >= 3.
std::vector<std::int64_t> pass_failures_expected(int n) {
  const std::int64_t a = 4 * std::int64_t{n};
  return {a + 2, a + 3, a + 6, a + 7, 2 * a + 6, 2 * a + 7, 3 * a + 8, 3 * a + 9};
}

std::vector<std::int64_t> listed(const ReverseMexLayer& l) {
  std::vector<std::int64_t> xs;
  for (const IntRun& r : l.runs)
    for (std::int64_t x = r.first; x <= r.last && xs.size() < 64; ++x) xs.push_back(x);
  return xs;
}

const ReverseMexLayer& layer(const ReverseMexReport& rep, int p) {
  for (const auto& l : rep.layers)
    if (l.p == p) return l;
  return rep.layers.front();
}

std::string n_text(int n) { return "n = " + std::to_string(n); }

void check_definition(VerifyReport& report) {
  Counterexamples bad;
  for (int n = kNFirst; n <= kNLast; ++n) {
    transforms::WithPass<Subtraction> game(paper_set(n));
    for (std::int64_t x = 0; x < 8 * n; ++x) {
      for (std::int64_t p = 0; p <= 1; ++p) {
        int moves = 0;
        bool pass = false;
        game.for_each_option(core::Position{x, p}, [&](const core::Position& o) {
          ++moves;
          pass = pass || (o[0] == x && o[1] == p - 1);
        });
        if ((moves == 0) != (x < 2) || pass != (p == 1 && x >= 2))
          bad.add(n_text(n) + ", (" + pos_text(x) + "," + std::to_string(p) + "): " + std::to_string(moves) + " moves" +
                  (pass ? " including the pass" : ""));
      }
    }
  }
  report.expect(
      "Definition 1 and the one-time pass: terminal positions are x = 0, 1 (for every p); pass only from x >= 2",
      "n = 3..20, x < 8n", bad);
}

void check_theorem2_lines(VerifyReport& report) {
  Theorem2Check all;
  for (int n = kNFirst; n <= kNLast; ++n) check_theorem2(n, kFar, all);
  report.expect("Theorem 2 (i) [printed]: G(pk + 4m + t) = 0 for t = 0,1, m <= n-1, p = 8n", kRange, all.part[1]);
  report.expect("Theorem 2 (ii) [printed]: G(pk + 4m + t) = 1 for t = 2,3", kRange, all.part[2]);
  report.expect("Theorem 2 (iii) [printed]: G(pk + 4n + 4m + t) = 2 for t = 0,1", kRange, all.part[3]);
  report.expect(
      "Theorem 2 (iv) [ours, not printed: the seed text stops after (iii)]: G(pk + 4n + 4m + t) = 3 for t = 2,3",
      kRange, all.part[4],
      "hand: x = 4n+4m+2 has options 4n+4m, 4m+2, 4m with values 2, 1, 0 by (iii), (ii), (i), so G = 3");

  // The period: checked one by one above, and proven for every x by the window criterion.
  Counterexamples period = all.period;
  for (int n = kNFirst; n <= kNLast; ++n) {
    const auto per = games::find_subtraction_period(paper_set(n), 0, false, 1'000'000);
    if (!per.found || per.start != 0 || per.period != 8 * n)
      period.add(n_text(n) + ": least period " + std::to_string(per.period) + " from x = " + std::to_string(per.start) +
                 (per.found ? "" : " (none found)"));
  }
  report.expect("Theorem 2 [printed, the pk terms]: G(x + 8n) = G(x) for every x", "n = 3..20, every x", period,
                "checked one by one for x < 10^6; proven for every x: G repeats on the first max(S) = 4n+2 heap sizes "
                "after 8n, and from there on each value is a function of the previous max(S) values; 8n is the least "
                "period and there is no preperiod");

  // Outside the paper's n >= 3: the statement itself says "n in N".
  Theorem2Check small;
  for (int n = 1; n <= 2; ++n) check_theorem2(n, kFar, small);
  Counterexamples any;
  for (int i = 1; i <= 4; ++i)
    if (!small.part[i].empty())
      any.add("(" + std::string(i == 1 ? "i" : i == 2 ? "ii" : i == 3 ? "iii" : "iv") + ") " + small.part[i].summary());
  if (!small.period.empty()) any.add("period: " + small.period.summary());
  if (any.empty())
    report.pass("Theorem 2 outside n >= 3 (n = 1, 2): (i)-(iv) and period 8n", "n = 1, 2, x < 10^6",
                "hold for n = 1, 2 as well (the statement says n in N): n >= 3 is not needed here; it matters for the "
                "pass game, see below");
  else
    report.pass("Theorem 2 needs n >= 3: fails for n = 1, 2", "n = 1, 2, x < 10^6", any.summary());
}

ReverseMexReport rm(int n, int passes, bool from_terminal) {
  ReverseMexOptions opt;
  opt.sweep_all = true;
  return reverse_mex(paper_set(n), passes, from_terminal, kFar, opt);
}

void check_reverse_mex_lines(VerifyReport& report) {
  // Without a pass.
  {
    Counterexamples bad;
    for (int n = kNFirst; n <= kNLast; ++n) {
      const auto rep = rm(n, 0, false);
      if (!rep.holds() || rep.layers[0].periodic_from != 0)
        bad.add(n_text(n) + ": " + describe_failures(rep.layers[0]));
    }
    report.expect("Abstract [printed]: reverse-mex property G(x) = mex{G(x+2), G(x+4n), G(x+4n+2)}",
                  kRange + " and every x", bad,
                  "checked one by one for x < 10^6; proven for every x (the values are periodic from 0)");
  }

  // With the one-time pass, the paper's convention (no pass from the terminal x = 0, 1).
  std::vector<ReverseMexReport> pass_reports;
  for (int n = kNFirst; n <= kNLast; ++n) pass_reports.push_back(rm(n, 1, false));
  {
    Counterexamples bad;
    for (std::size_t i = 0; i < pass_reports.size(); ++i) {
      const auto& l = layer(pass_reports[i], 0);
      if (!l.holds() || l.periodic_from < 0)
        bad.add(n_text(kNFirst + static_cast<int>(i)) + ": " + describe_failures(l));
    }
    report.expect(
        "Abstract, main result [printed in words; formula ours], layer p = 0 (pass used): "
        "G(x,0) = mex({G(x+s,0) : s in S} U {G(x,1) if x >= 2})",
        kRange + " and every x", bad,
        "successors of (x,0) are (x+s,0) and (x,1); checked one by one for x < 10^6, proven beyond");
  }
  {
    // Expected (found by us, see ERRATA_CANDIDATES.md B9): exactly eight failures on p = 1 for every
    // n >= 3, none from x = 12n+10 on. Anything else is reported as FAIL, so a change shows.
    Counterexamples unexpected;
    std::string first_example;
    for (std::size_t i = 0; i < pass_reports.size(); ++i) {
      const int n = kNFirst + static_cast<int>(i);
      const auto& l = layer(pass_reports[i], 1);
      if (first_example.empty() && !l.examples.empty()) first_example = describe(l.examples.front());
      const bool as_found = listed(l) == pass_failures_expected(n) && l.failures == 8 &&
                            l.periodic_from == 12 * n + 10 && l.residues.empty();
      if (!as_found) unexpected.add(n_text(n) + ": " + describe_failures(l));
    }
    const std::string claim =
        "Abstract, main result [printed in words; formula ours], layer p = 1 (pass available): "
        "G(x,1) = mex{G(x+2,1), G(x+4n,1), G(x+4n+2,1)}";
    if (!unexpected.empty()) {
      report.fail(claim, kRange + " and every x", unexpected.summary());
    } else {
      report.erratum(claim, kRange + " and every x",
                     "printed: holds with the pass (unavailable from terminal positions); computed: fails at exactly 8 "
                     "positions for every n = 3..20, x = 4n+2, 4n+3, 4n+6, 4n+7, 8n+6, 8n+7, 12n+8, 12n+9, and holds "
                     "at every other x (proven from x = 12n+10 on). Hand check: G(0,1) = 0, G(2,1) = 2, G(4n,1) = 1 "
                     "and G(4n+2,0) = 3 give G(4n+2,1) = mex{1,2,0,3} = 4, while a mex over three successors is at "
                     "most 3. First: " +
                         first_example);
    }
  }

  // n >= 3 matters for the pass game.
  {
    std::string detail;
    for (int n = 1; n <= 2; ++n) {
      const auto plain = rm(n, 0, false);
      const auto pass = rm(n, 1, false);
      const auto& l = layer(pass, 1);
      const auto per = games::find_subtraction_period(paper_set(n), 1, false, 1'000'000);
      detail += (n == 1 ? "" : "; ") + n_text(n) + ": without a pass " +
                (plain.holds() ? std::string("holds") : "fails at " + std::to_string(plain.failures())) +
                ", with the pass p = 1 " + describe_failures(l) +
                ", pass game periodic from x = " + std::to_string(per.start) +
                " (12n+10 = " + std::to_string(12 * n + 10) + ")";
    }
    report.pass("The paper's n >= 3 matters for the pass game (n = 1, 2 break the n >= 3 pattern)",
                "n = 1, 2, x < 10^6", detail);
  }

  // The other pass convention, for comparison (not the paper's).
  {
    Counterexamples bad;
    for (int n = kNFirst; n <= kNLast; ++n) {
      const auto rep = rm(n, 1, true);
      for (const auto& l : rep.layers)
        if (!l.holds() || l.periodic_from != 0)
          bad.add(n_text(n) + ", p = " + std::to_string(l.p) + ": " + describe_failures(l));
      SubtractionSweep plain(paper_set(n)), pass(paper_set(n), 1, true);
      for (std::int64_t x = 0; x < 64 * n; ++x) {
        const core::Value g = plain.step()[0], g1 = pass.step()[1];
        if (g1 != (g ^ 1u))
          bad.add(n_text(n) + ": G(" + pos_text(x) + ",1) = " + std::to_string(g1) + ", G(" + pos_text(x) +
                  ") xor 1 = " + std::to_string(g ^ 1u));
      }
    }
    report.expect(
        "[ours] Pass also from terminal positions (not the paper's convention): reverse-mex holds at every (x,p)",
        kRange + " and every x", bad,
        "holds on both layers, proven for every x; here G(x,1) = G(x) xor 1 (checked for x < 64n): the pass "
        "is then a heap of size 1 added to the game, which is why this convention is the easy one");
  }
}

// CLAIMS.md section 0: G = 0 exactly at the P-positions, by an independent win/loss recursion on
// the generic solver; the fast sweep must give the same values.
void check_sprague_grundy(VerifyReport& report) {
  Counterexamples bad;
  for (int n = kNFirst; n <= 10; ++n) {
    for (bool from_terminal : {false, true}) {
      const transforms::WithPass<Subtraction> game(paper_set(n), 1, from_terminal);
      const core::Box box(core::Position{20 * 8 * n, 2});
      const auto g = core::solve_dense(game, box);
      const auto o = core::solve_dense(game, box, core::Evaluation::NormalOutcome);
      SubtractionSweep sweep(paper_set(n), 1, from_terminal);
      for (std::int64_t x = 0; x < 20 * 8 * n; ++x) {
        const auto fast = sweep.step();
        for (int p = 0; p <= 1; ++p) {
          const core::Position pos{x, p};
          const std::string where =
              n_text(n) + (from_terminal ? " (pass from terminal)" : "") + ", (" + core::to_string(pos) + ")";
          if ((g.at(pos) == 0) != (o.at(pos) == 0))
            bad.add(where + ": G = " + std::to_string(g.at(pos)) + " but outcome disagrees");
          if (fast[static_cast<std::size_t>(p)] != g.at(pos))
            bad.add(where + ": fast sweep " + std::to_string(fast[static_cast<std::size_t>(p)]) + ", generic " +
                    std::to_string(g.at(pos)));
        }
      }
    }
  }
  report.expect("Sprague-Grundy: G(x,p) = 0 iff (x,p) is a P-position, both pass conventions",
                "n = 3..10, x < 20*8n, p = 0, 1", bad, "generic solver; the fast sweep agrees cell by cell");
}

void check_pass_values(VerifyReport& report) {
  // The abstract: "the introduction of a pass move does not complicate the game". Our reading,
  // measured: the pass game settles into the same period 8n after a short preperiod.
  Counterexamples bad;
  for (int n = kNFirst; n <= kNLast; ++n) {
    const auto per = games::find_subtraction_period(paper_set(n), 1, false, 1'000'000);
    if (!per.found || per.period != 8 * n || per.start != 12 * n + 10)
      bad.add(n_text(n) + ": period " + std::to_string(per.period) + " from x = " + std::to_string(per.start));
  }
  report.expect(
      "[ours] Abstract 'the pass does not complicate the game': G(x,1) has period 8n from x = 12n+10 on",
      "n = 3..20, every x", bad,
      "measured and proven by the window criterion; not periodic from 0 (e.g. n = 3: G(0,1) = 0, G(24,1) = 3)");
}

}  // namespace

void verify_subtraction(VerifyReport& report) {
  check_definition(report);
  check_theorem2_lines(report);
  check_reverse_mex_lines(report);
  check_pass_values(report);
  check_sprague_grundy(report);
}

}  // namespace grundy::analysis
