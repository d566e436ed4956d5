#include "games/leaper_solver.hpp"

#include <algorithm>
#include <bit>
#include <tuple>
#include <utility>

#include "core/errors.hpp"

namespace grundy::games {

using core::Evaluation;
using core::kNoValue;
using core::Value;

namespace {

// x with a*x = 1 (mod m), for coprime a, m >= 1 (extended Euclid); 0 when m = 1.
std::int64_t inverse_mod(std::int64_t a, std::int64_t m) {
  std::int64_t r0 = m, r1 = a % m, s0 = 0, s1 = 1;
  while (r1 != 0) {
    const std::int64_t q = r0 / r1;
    std::tie(r0, r1) = std::pair{r1, r0 - q * r1};
    std::tie(s0, s1) = std::pair{s1, s0 - q * s1};
  }
  if (r0 != 1 && m != 1) throw core::EngineError("leaper weights are not coprime");
  return ((s0 % m) + m) % m;
}

}  // namespace

core::DenseTable solve_leaper(const Leaper& rules, const core::Box& requested, Evaluation eval) {
  core::DenseTable t;
  t.box = rules.reach_box(requested);
  t.eval = eval;
  t.values.assign(t.box.count(), kNoValue);  // kNoValue until solved; stays so if unreachable
  if (t.values.empty()) return t;
  const std::int64_t e1 = t.box.extent(0), e2 = t.box.extent(1);
  const std::int64_t r1 = requested.extent(0), r2 = requested.extent(1);
  struct Step {
    std::int64_t dm, dn, offset;
  };
  std::vector<Step> steps;
  for (const Move& mv : rules.moves()) steps.push_back({mv.dm, mv.dn, mv.dm * e2 + mv.dn});

  // Rank r = w1*m + w2*n, w1 and w2 coprime: the cells of rank r have m = r * w1^-1 (mod w2),
  // so they are found by stepping m by w2, not by scanning and testing every m.
  const std::int64_t w1 = rules.w1(), w2 = rules.w2();
  const std::int64_t inv = inverse_mod(w1, w2);
  const std::int64_t max_rank = w1 * (e1 - 1) + w2 * (e2 - 1);
  Value* const values = t.values.data();
  for (std::int64_t r = 0; r <= max_rank; ++r) {
    const std::int64_t excess = r - w2 * (e2 - 1);  // n <= e2-1 needs w1*m >= excess
    const std::int64_t m_lo = excess <= 0 ? 0 : (excess + w1 - 1) / w1;
    const std::int64_t m_hi = std::min(e1 - 1, r / w1);
    if (m_lo > m_hi) continue;
    const std::int64_t residue = (r % w2) * inv % w2;
    for (std::int64_t m = m_lo + ((residue - m_lo % w2) % w2 + w2) % w2; m <= m_hi; m += w2) {
      const std::int64_t n = (r - w1 * m) / w2;
      const std::int64_t idx = m * e2 + n;
      std::uint64_t seen = 0;  // bit v: some option has value v (values are <= 64 options)
      bool any = false, escaped = false;
      for (const Step& s : steps) {
        const std::int64_t mm = m + s.dm, nn = n + s.dn;
        if (mm < 0 || nn < 0) continue;  // not a move: it would leave the quarter plane
        if (mm >= e1 || nn >= e2 || values[idx + s.offset] == kNoValue) {
          escaped = true;
          break;
        }
        any = true;
        const Value v = values[idx + s.offset];
        if (v < 64) seen |= std::uint64_t{1} << v;
      }
      if (escaped) {
        if (m < r1 && n < r2)  // the reach box promised every option of the requested box
          throw core::EngineError(rules.name() + ": an option of " + std::to_string(m) + "," + std::to_string(n) +
                                  " lies outside the solved box " + t.box.to_string());
        continue;
      }
      switch (eval) {
        case Evaluation::Grundy:
          values[idx] = static_cast<Value>(std::countr_one(seen));
          break;
        case Evaluation::NormalOutcome:
          values[idx] = (seen & 1) ? 1 : 0;
          break;
        case Evaluation::MisereOutcome:
          values[idx] = !any ? 1 : ((seen & 1) ? 1 : 0);
          break;
      }
    }
  }
  return t;
}

}  // namespace grundy::games
