#include "analysis/periodicity.hpp"

#include <limits>

#include "runtime/errors.hpp"
#include "runtime/progress.hpp"

namespace grundy::analysis {

namespace {

// Evidence asked of an observed period: two full periods, and the periodic part at least half of
// the range (a short tail always looks periodic).
bool enough(std::int64_t n, std::int64_t pre, std::int64_t p) { return n - pre >= 2 * p && 2 * (n - pre) >= n; }

// A negative saltus is never a periodicity of Grundy values: a(n + k * period) = a(n) + k *
// saltus would go below zero, so an infinite sequence of values >= 0 cannot have one, and a
// line that decreases regularly on a finite box is not ultimately periodic: such candidates
// are refused.
template <class T>
Periodicity find_impl(std::span<const T> a) {
  Periodicity best;
  const auto n = static_cast<std::int64_t>(a.size());
  auto at = [&](std::int64_t i) { return static_cast<std::int64_t>(a[static_cast<std::size_t>(i)]); };
  std::int64_t best_key = std::numeric_limits<std::int64_t>::max();
  // A candidate p can only win while p < best preperiod + period, so a short true period ends
  // the search early; for a wrong p the backward walk stops at its first mismatch.
  for (std::int64_t p = 1; 2 * p <= n && p < best_key; ++p) {
    if ((p & 1023) == 0) runtime::poll_stop();
    const std::int64_t s = at(n - 1) - at(n - 1 - p);
    if (s < 0) continue;  // the saltus of p is fixed by the last period: no preperiod helps
    std::int64_t i = n - 1 - p;
    while (i >= 0 && at(i + p) - at(i) == s) --i;
    const std::int64_t pre = i + 1;
    if (!enough(n, pre, p) || pre + p >= best_key) continue;
    best_key = pre + p;
    best.found = true;
    best.preperiod = pre;
    best.period = p;
    best.saltus = s;
  }
  best.observed = n;
  return best;
}

}  // namespace

Periodicity find_periodicity(std::span<const std::int64_t> a) { return find_impl(a); }
Periodicity find_periodicity(std::span<const core::Value> a) { return find_impl(a); }

Periodicity find_periodicity_naive(std::span<const std::int64_t> a) {
  Periodicity best;
  const auto n = static_cast<std::int64_t>(a.size());
  std::int64_t best_key = std::numeric_limits<std::int64_t>::max();
  for (std::int64_t p = 1; 2 * p <= n; ++p) {
    for (std::int64_t pre = 0; enough(n, pre, p); ++pre) {
      const std::int64_t s = a[static_cast<std::size_t>(pre + p)] - a[static_cast<std::size_t>(pre)];
      bool ok = true;
      for (std::int64_t i = pre; ok && i + p < n; ++i)
        ok = a[static_cast<std::size_t>(i + p)] - a[static_cast<std::size_t>(i)] == s;
      if (!ok) continue;
      if (s >= 0 && pre + p < best_key) {
        best_key = pre + p;
        best.found = true;
        best.preperiod = pre;
        best.period = p;
        best.saltus = s;
      }
      break;  // the least preperiod for this p
    }
  }
  best.observed = n;
  return best;
}

std::string describe(const Periodicity& p) {
  if (!p.found) return "no period with two full repetitions";
  std::string s = "period " + std::to_string(p.period);
  if (p.preperiod > 0) s += " after preperiod " + std::to_string(p.preperiod);
  if (p.saltus != 0) s += ", saltus " + std::to_string(p.saltus);
  return s;
}

Periodicity subtraction_periodicity(const SubtractionSeq& s, std::int64_t limit, std::uint64_t memory_limit) {
  const games::SubtractionPeriod sp =
      games::find_subtraction_period(s.game, s.passes, s.pass_from_terminal, limit, memory_limit);
  Periodicity p;
  p.found = sp.found;
  p.proven = sp.found;
  p.preperiod = sp.start;
  p.period = sp.period;
  p.saltus = 0;
  p.observed = sp.searched;
  return p;
}

core::Value value_from_period(const SubtractionSeq& s, const Periodicity& per, std::int64_t x, int layer) {
  if (!per.found || !per.proven || per.saltus != 0)
    throw runtime::EngineError("value_from_period needs a proven period with saltus 0");
  if (x < 0) throw runtime::EngineError("value_from_period: negative heap size");
  if (layer < 0 || layer > s.passes) throw runtime::EngineError("value_from_period: layer outside 0..K");
  const std::int64_t target = x < per.preperiod ? x : per.preperiod + (x - per.preperiod) % per.period;
  games::SubtractionSweep sweep(s.game, s.passes, s.pass_from_terminal, 0, target + 1);
  for (std::int64_t i = 0; i < target; ++i) sweep.step();
  return sweep.step()[static_cast<std::size_t>(layer)];
}

}  // namespace grundy::analysis
