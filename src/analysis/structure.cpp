#include "analysis/structure.hpp"

#include <algorithm>

#include "runtime/errors.hpp"
#include "runtime/progress.hpp"

namespace grundy::analysis {

namespace {

bool analysed(const StructureOptions& o, int i) { return std::find(o.skip.begin(), o.skip.end(), i) == o.skip.end(); }

SymmetryResult check_swap(const core::DenseTable& t, int i, int j) {
  SymmetryResult r{i, j, true, {}};
  core::Position p(t.box.arity());
  runtime::StopPoll poll;
  do {
    poll();
    core::Position q = p;
    std::swap(q[i], q[j]);
    if (t.at(p) != t.at(q)) {
      r.holds = false;
      r.counterexample = p;
      return r;
    }
  } while (t.box.next(p));
  return r;
}

LineSummary check_lines(const core::DenseTable& t, int axis) {
  LineSummary s;
  s.axis = axis;
  core::Box bases = t.box;
  bases.set_extent(axis, 1);
  std::vector<core::Value> line;
  core::Position b(t.box.arity());
  do {
    runtime::poll_stop();
    line.clear();
    core::Position p = b;
    // A line stops at the first cell that is not a position (a chocolate bar's edge).
    for (p[axis] = 0; p[axis] < t.box.extent(axis); ++p[axis]) {
      const core::Value v = t.at(p);
      if (v == core::kNoValue) break;
      line.push_back(v);
    }
    ++s.lines;
    const Periodicity per = find_periodicity(std::span<const core::Value>(line));
    if (per.found) {
      ++s.periodic;
      s.max_preperiod = std::max(s.max_preperiod, per.preperiod);
      ++s.kinds[{per.period, per.saltus}];
    } else if (!s.any_aperiodic) {
      s.any_aperiodic = true;
      s.first_aperiodic = b;
    }
  } while (bases.next(b));
  return s;
}

// v is a positive multiple of u (so u's translation already explains it).
bool multiple_of(const core::Position& v, const core::Position& u) {
  std::int64_t k = 0;
  for (int i = 0; i < v.size(); ++i) {
    if (u[i] == 0) {
      if (v[i] != 0) return false;
      continue;
    }
    if (v[i] % u[i] != 0) return false;
    const std::int64_t q = v[i] / u[i];
    if (q <= 0 || (k != 0 && q != k)) return false;
    k = q;
  }
  return k > 0;
}

// w is a sum of found translations (each used any number of times): nothing new.
bool explained(const core::Position& w, const std::vector<TranslationResult>& found) {
  for (const auto& tr : found) {
    if (multiple_of(w, tr.v)) return true;
    core::Position rest = w;
    bool ok = true;
    for (int i = 0; ok && i < w.size(); ++i) ok = (rest[i] -= tr.v[i]) >= 0;
    if (ok && rest.total() > 0 && explained(rest, found)) return true;
  }
  return false;
}

}  // namespace

std::int64_t translation_from(const core::DenseTable& t, const core::Position& v, std::int64_t limit) {
  std::int64_t worst = -1;  // the largest min_i x_i (over i with v_i > 0) of a failing x
  core::Position p(t.box.arity());
  runtime::StopPoll poll;
  do {
    poll();
    core::Position q = p;
    bool inside = true;
    for (int i = 0; inside && i < q.size(); ++i) inside = (q[i] += v[i]) < t.box.extent(i);
    if (!inside || t.at(p) == t.at(q)) continue;
    std::int64_t m = INT64_MAX;
    for (int i = 0; i < v.size(); ++i)
      if (v[i] > 0) m = std::min(m, p[i]);
    worst = std::max(worst, m);
    if (worst + 1 > limit) return -1;
  } while (t.box.next(p));
  return worst + 1;
}

TranslationSupport translation_support(const core::DenseTable& t, const core::Position& v, std::int64_t from) {
  TranslationSupport s;
  const int n = t.box.arity();
  if (t.box.count() == 0) return s;
  std::vector<std::vector<bool>> seen(static_cast<std::size_t>(n));  // x_i values compared, per shifted axis
  for (int i = 0; i < n; ++i)
    if (v[i] > 0) seen[static_cast<std::size_t>(i)].assign(static_cast<std::size_t>(t.box.extent(i)), false);
  core::Position p(n);
  runtime::StopPoll poll;
  do {
    poll();
    core::Position q = p;
    bool compared = true;
    for (int i = 0; compared && i < n; ++i) compared = (q[i] += v[i]) < t.box.extent(i) && (v[i] <= 0 || p[i] >= from);
    if (!compared || t.at(p) == core::kNoValue || t.at(q) == core::kNoValue) continue;
    ++s.pairs;
    for (int i = 0; i < n; ++i)
      if (v[i] > 0) seen[static_cast<std::size_t>(i)][static_cast<std::size_t>(p[i])] = true;
  } while (t.box.next(p));
  s.enough = s.pairs > 0;
  for (int i = 0; i < n; ++i)
    if (v[i] > 0) {
      const auto& axis = seen[static_cast<std::size_t>(i)];
      s.enough = s.enough && std::count(axis.begin(), axis.end(), true) >= 2 * v[i];
    }
  return s;
}

StructureReport analyze_structure(const core::DenseTable& t, const StructureOptions& o) {
  StructureReport r;
  r.box = t.box;
  const int n = t.box.arity();
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (analysed(o, i) && analysed(o, j) && t.box.extent(i) == t.box.extent(j))
        r.symmetries.push_back(check_swap(t, i, j));

  // Translations: every vector with components 0..max_shift (at most a third of the extent, so
  // each is checked on two thirds of the box at least), smallest first, multiples skipped.
  core::Position bound(n);
  std::int64_t smallest = INT64_MAX;
  for (int i = 0; i < n; ++i) {
    bound[i] = analysed(o, i) ? std::min(o.max_shift, t.box.extent(i) / 3) : 0;
    if (analysed(o, i)) smallest = std::min(smallest, t.box.extent(i));
  }
  std::vector<core::Position> vectors;
  core::Box shifts{core::Position(n)};
  for (int i = 0; i < n; ++i) shifts.set_extent(i, bound[i] + 1);
  core::Position v(n);
  if (shifts.count() > 1) {
    while (shifts.next(v)) vectors.push_back(v);
    std::stable_sort(vectors.begin(), vectors.end(), [](const core::Position& a, const core::Position& b) {
      return a.total() < b.total();
    });
  }
  const std::int64_t limit = smallest == INT64_MAX ? 0 : smallest / 4;
  for (const core::Position& w : vectors) {
    if (explained(w, r.translations)) continue;
    const std::int64_t from = translation_from(t, w, limit);
    if (from < 0) continue;
    const TranslationSupport support = translation_support(t, w, from);
    if (support.enough) r.translations.push_back({w, from, support.pairs});
  }

  for (int i = 0; o.lines && i < n; ++i)
    if (analysed(o, i) && t.box.extent(i) >= 2) r.lines.push_back(check_lines(t, i));
  return r;
}

}  // namespace grundy::analysis
