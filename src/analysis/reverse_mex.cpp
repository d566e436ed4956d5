#include "analysis/reverse_mex.hpp"

#include <algorithm>
#include <bit>

#include "core/model/mex.hpp"
#include "runtime/errors.hpp"
#include "runtime/progress.hpp"

namespace grundy::analysis {

namespace {

// Periods longer than this (in bits, all layers together) are not used to compress the failures;
// the range is then swept one by one.
constexpr std::int64_t kMaxPatternBits = std::int64_t{1} << 28;

// How many x in [lo, hi) have x mod q == r (lo >= 0, 0 <= r < q).
std::int64_t count_congruent(std::int64_t lo, std::int64_t hi, std::int64_t r, std::int64_t q) {
  if (hi <= lo) return 0;
  auto below = [&](std::int64_t n) { return n <= r ? 0 : (n - r - 1) / q + 1; };  // x in [0, n)
  return below(hi) - below(lo);
}

bool in_runs(const std::vector<IntRun>& runs, std::int64_t x) {
  auto it = std::upper_bound(runs.begin(), runs.end(), x, [](std::int64_t v, const IntRun& r) { return v < r.first; });
  return it != runs.begin() && std::prev(it)->last >= x;
}

// Appends x to sorted runs, merging with the last run when adjacent.
void add_to_runs(std::vector<IntRun>& runs, std::int64_t x, std::size_t cap, bool& truncated) {
  if (!runs.empty() && runs.back().last + 1 == x) {
    runs.back().last = x;
  } else if (runs.size() < cap) {
    runs.push_back({x, x});
  } else {
    truncated = true;
  }
}

// Per-layer bookkeeping while sweeping.
struct LayerWork {
  ReverseMexLayer out;
  std::vector<bool> pattern;  // failures on [A, A + lambda)
  std::int64_t direct_failures = 0;
};

}  // namespace

bool ReverseMexLayer::predicts_failure(std::int64_t x) const {
  if (periodic_from >= 0 && x >= periodic_from) {
    const std::int64_t r = x % period;
    return std::any_of(residues.begin(), residues.end(),
                       [&](const IntRun& run) { return run.first <= r && r <= run.last; });
  }
  return in_runs(runs, x);
}

bool ReverseMexReport::holds() const {
  return std::all_of(layers.begin(), layers.end(), [](const ReverseMexLayer& l) { return l.holds(); });
}

std::int64_t ReverseMexReport::failures() const {
  std::int64_t n = 0;
  for (const auto& l : layers) n += l.failures;
  return n;
}

ReverseMexReport reverse_mex(const games::Subtraction& game, int passes, bool pass_from_terminal, std::int64_t size,
                             const ReverseMexOptions& options) {
  if (size < 0 || size > (std::int64_t{1} << 62))
    throw runtime::UserError("--size " + std::to_string(size) + ": allowed 0..2^62");
  const std::int64_t m = game.max_move(), min_move = game.set().front();
  const int layers = passes + 1;
  ReverseMexReport rep;
  rep.game = game.name();
  if (passes > 0)
    rep.game += std::string(" + ") + (passes == 1 ? "pass" : std::to_string(passes) + " passes") +
                (pass_from_terminal ? " (also from terminal positions)" : "");
  rep.set = game.set();
  rep.passes = passes;
  rep.pass_from_terminal = pass_from_terminal;
  rep.size = size;

  // 1. The period of the values, searched no further than the range itself needs. From
  // A = max(start, min S) on, the property at x (which reads G(x .. x + max S) and whether the
  // pass at x is legal) repeats with the same period.
  rep.values_period = games::find_subtraction_period(game, passes, pass_from_terminal, size + m);
  const auto& vp = rep.values_period;
  const bool periodic =
      vp.found && vp.period * layers <= kMaxPatternBits && std::max(vp.start, min_move) + vp.period <= size;
  const std::int64_t pattern_from = periodic ? std::max(vp.start, min_move) : -1;
  const std::int64_t lambda = periodic ? vp.period : 0;
  const std::int64_t explicit_end = periodic ? pattern_from + lambda : size;  // one by one below this

  std::vector<LayerWork> work(static_cast<std::size_t>(layers));
  for (int p = 0; p < layers; ++p) {
    work[static_cast<std::size_t>(p)].out.p = p;
    work[static_cast<std::size_t>(p)].out.checked = size;
    if (periodic) work[static_cast<std::size_t>(p)].pattern.assign(static_cast<std::size_t>(lambda), false);
  }

  // 2. The stream: when heap size y is computed, the property is checked at x = y - max(S),
  // whose successors all lie in the sweep's window.
  games::SubtractionSweep sweep(game, passes, pass_from_terminal);
  const bool small = game.set().size() + 1 < 64;
  core::MexBuffer mex;
  auto successor_mex = [&](std::int64_t x, int p) -> core::Value {
    const bool pass_in = p < passes && (x >= min_move || pass_from_terminal);
    if (small) {
      std::uint64_t seen = 0;
      for (std::int64_t s : game.set()) seen |= std::uint64_t{1} << sweep.at(x + s, p);
      if (pass_in) seen |= std::uint64_t{1} << sweep.at(x, p + 1);
      return static_cast<core::Value>(std::countr_one(seen));
    }
    mex.clear();
    for (std::int64_t s : game.set()) mex.add(sweep.at(x + s, p));
    if (pass_in) mex.add(sweep.at(x, p + 1));
    return mex.mex();
  };
  auto position = [&](std::int64_t x, int p) {
    core::Position pos{x};
    if (passes > 0) pos.push_back(p);
    return pos;
  };
  auto example = [&](std::int64_t x, int p, core::Value mx) {
    ReverseMexFailure f;
    f.x = x;
    f.p = p;
    f.position = position(x, p);
    f.value = sweep.at(x, p);
    f.successor_mex = mx;
    for (std::int64_t s : game.set()) f.successors.emplace_back(position(x + s, p), sweep.at(x + s, p));
    if (p < passes && (x >= min_move || pass_from_terminal))
      f.successors.emplace_back(position(x, p + 1), sweep.at(x, p + 1));
    return f;
  };

  std::int64_t y = 0;
  runtime::StopPoll poll;
  const auto per_heap = static_cast<std::uint64_t>(layers) * (game.set().size() + 1);
  for (; y < explicit_end + m; ++y) {
    poll(per_heap);
    sweep.step();
    const std::int64_t x = y - m;
    if (x < 0) continue;
    for (int p = 0; p < layers; ++p) {
      LayerWork& w = work[static_cast<std::size_t>(p)];
      const core::Value mx = successor_mex(x, p);
      if (mx == sweep.at(x, p)) continue;
      ++w.direct_failures;
      add_to_runs(w.out.runs, x, options.max_runs, w.out.truncated);
      if (w.out.examples.size() < options.max_examples) w.out.examples.push_back(example(x, p, mx));
      if (periodic && x >= pattern_from) w.pattern[static_cast<std::size_t>(x - pattern_from)] = true;
    }
  }
  rep.checked_directly = explicit_end;

  // 3. Compress each layer: the least period q of the failure pattern (a divisor of lambda), and
  // the first x0 from which the failures repeat with period q.
  for (LayerWork& w : work) {
    ReverseMexLayer& out = w.out;
    if (!periodic) {
      out.failures = w.direct_failures;
      continue;
    }
    const auto& pat = w.pattern;
    std::int64_t q = lambda;
    for (std::int64_t d = 1; d < lambda; ++d) {
      if (lambda % d != 0) continue;
      bool ok = true;
      for (std::int64_t i = 0; ok && i < lambda; ++i)
        ok = pat[static_cast<std::size_t>(i)] == pat[static_cast<std::size_t>((i + d) % lambda)];
      if (ok) {
        q = d;
        break;
      }
    }
    auto fails = [&](std::int64_t x) {
      return x >= pattern_from ? static_cast<bool>(pat[static_cast<std::size_t>((x - pattern_from) % lambda)])
                               : in_runs(out.runs, x);
    };
    std::int64_t x0 = pattern_from;
    if (!out.truncated)
      while (x0 > 0 && fails(x0 - 1) == fails(x0 - 1 + q)) --x0;
    std::vector<std::int64_t> residues;
    for (std::int64_t i = 0; i < q; ++i)
      if (fails(x0 + i)) residues.push_back((x0 + i) % q);
    std::sort(residues.begin(), residues.end());
    for (std::int64_t r : residues) {
      bool unused = false;
      add_to_runs(out.residues, r, SIZE_MAX, unused);
    }
    std::erase_if(out.runs, [&](const IntRun& r) { return r.first >= x0; });
    if (!out.runs.empty() && out.runs.back().last >= x0) out.runs.back().last = x0 - 1;
    out.periodic_from = x0;
    out.period = q;
    // Exact count in [0, size): the ones seen one by one below explicit_end, then whole residue
    // classes of the lambda-periodic pattern.
    std::int64_t beyond = 0;
    for (std::int64_t i = 0; i < lambda; ++i)
      if (pat[static_cast<std::size_t>(i)])
        beyond += count_congruent(explicit_end, size, (pattern_from + i) % lambda, lambda);
    out.failures = w.direct_failures + beyond;
  }

  // 4. Optionally sweep the rest of the range too, and hold it to the description.
  if (options.sweep_all && periodic) {
    std::vector<std::int64_t> seen(static_cast<std::size_t>(layers), 0);
    for (; y < size + m; ++y) {
      sweep.step();
      const std::int64_t x = y - m;
      for (int p = 0; p < layers; ++p) {
        const bool fail = successor_mex(x, p) != sweep.at(x, p);
        const ReverseMexLayer& out = work[static_cast<std::size_t>(p)].out;
        if (fail != out.predicts_failure(x))
          throw runtime::EngineError("reverse-mex of " + rep.game + ": the sweep at " +
                                     core::to_string(position(x, p)) + " disagrees with the periodic description");
        seen[static_cast<std::size_t>(p)] += fail;
      }
    }
    for (int p = 0; p < layers; ++p) {
      const LayerWork& w = work[static_cast<std::size_t>(p)];
      if (w.direct_failures + seen[static_cast<std::size_t>(p)] != w.out.failures)
        throw runtime::EngineError("reverse-mex of " + rep.game + ": failure count disagrees with the sweep");
    }
    rep.checked_directly = size;
  }
  rep.swept = sweep.next_x();

  for (int p = layers - 1; p >= 0; --p) rep.layers.push_back(std::move(work[static_cast<std::size_t>(p)].out));
  return rep;
}

std::string reverse_mex_definition(int passes, bool pass_from_terminal) {
  if (passes == 0) return "G(x) = mex{ G(x+s) : s in S }";
  std::string s =
      "G(x,p) = mex({ G(x+s,p) : s in S } U { G(x,p+1) if p < " + std::to_string(passes) +
      (pass_from_terminal ? " }) (the pass from (x,p+1) is always legal)"
                          : " and x >= min(S) }) (the pass from (x,p+1) is legal only if x is not terminal)");
  return s;
}

std::string runs_text(const std::vector<IntRun>& runs, std::size_t max_shown) {
  std::string s;
  for (std::size_t i = 0; i < runs.size() && i < max_shown; ++i) {
    s += (i ? ", " : "") + std::to_string(runs[i].first);
    if (runs[i].last > runs[i].first) s += ".." + std::to_string(runs[i].last);
  }
  if (runs.size() > max_shown) s += ", ... (" + std::to_string(runs.size() - max_shown) + " more runs)";
  return s;
}

std::string describe_failures(const ReverseMexLayer& l) {
  std::string s;
  if (l.holds()) {
    s = "holds at all " + std::to_string(l.checked) + " x";
  } else {
    s = "fails at " + std::to_string(l.failures) + " of " + std::to_string(l.checked) + " x:";
    if (!l.runs.empty()) s += " x = " + runs_text(l.runs) + (l.truncated ? " (list truncated)" : "") + ";";
  }
  if (l.periodic_from >= 0) {
    if (l.residues.empty()) {
      s += l.holds() ? " (and for every x, proven)"
                     : " none from x = " + std::to_string(l.periodic_from) + " on (proven)";
    } else {
      const bool one = l.residues.size() == 1 && l.residues[0].first == l.residues[0].last;
      s += " x mod " + std::to_string(l.period) + (one ? " = " : " in {") + runs_text(l.residues, SIZE_MAX) +
           (one ? "" : "}") + " for every x >= " + std::to_string(l.periodic_from) + " (proven)";
    }
  }
  if (!s.empty() && s.back() == ';') s.pop_back();
  return s;
}

std::string describe(const ReverseMexFailure& f) {
  std::string s = "G(" + core::to_string(f.position) + ") = " + std::to_string(f.value) + " but its successors ";
  std::string vals;
  for (std::size_t i = 0; i < f.successors.size(); ++i) {
    s += (i ? ", (" : "(") + core::to_string(f.successors[i].first) + ")";
    vals += (i ? ", " : "") + std::to_string(f.successors[i].second);
  }
  return s + " have " + vals + ": mex " + std::to_string(f.successor_mex);
}

}  // namespace grundy::analysis
