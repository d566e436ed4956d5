#include "analysis/formula.hpp"

#include "runtime/errors.hpp"
#include "runtime/progress.hpp"

namespace grundy::analysis {

std::vector<std::string> formula_variables(const std::vector<std::string>& names) {
  std::vector<std::string> v = names;
  v.push_back("total");
  return v;
}

expr::Program compile_formula(const std::string& flag, const std::string& source,
                              const std::vector<std::string>& names) {
  try {
    return expr::Program::compile(source, formula_variables(names));
  } catch (const expr::SyntaxError& e) {
    std::string allowed;
    for (const auto& n : formula_variables(names)) allowed += (allowed.empty() ? "" : ", ") + n;
    throw runtime::UserError(flag + " '" + source.substr(0, 80) + "': " + e.what() + " (variables: " + allowed + ")");
  }
}

FormulaReport check_formula(const core::DenseTable& t, const expr::Program& program, FormulaKind kind,
                            const std::vector<bool>& in_total, const std::string& flag, std::size_t max_examples) {
  FormulaReport r;
  r.kind = kind;
  r.source = program.source();
  r.box = t.box;
  const int n = t.box.arity();
  if (t.box.count() == 0) return r;
  std::vector<std::int64_t> vars(static_cast<std::size_t>(n + 1));
  core::Position p(n);
  runtime::StopPoll poll;
  do {
    poll();
    const core::Value v = t.values[t.box.index(p)];
    if (v == core::kNoValue) continue;
    std::int64_t total = 0;
    for (int i = 0; i < n; ++i) {
      vars[static_cast<std::size_t>(i)] = p[i];
      if (in_total[static_cast<std::size_t>(i)]) total += p[i];
    }
    vars[static_cast<std::size_t>(n)] = total;
    std::int64_t claimed = 0;
    try {
      claimed = program.eval(vars);
    } catch (const expr::EvalError& e) {
      throw runtime::UserError(flag + " '" + program.source().substr(0, 80) + "' at (" + core::to_string(p) +
                               "): " + e.what());
    }
    ++r.checked;
    bool ok;
    core::Value computed = v;
    if (kind == FormulaKind::PPositions) {
      computed = v == 0 ? 0 : 1;
      claimed = claimed != 0 ? 1 : 0;
      ok = (computed == 0) == (claimed == 1);
    } else {
      ok = claimed == static_cast<std::int64_t>(v);
    }
    if (ok) continue;
    ++r.mismatches;
    if (r.first.size() < max_examples) r.first.push_back({p, computed, claimed});
  } while (t.box.next(p));
  return r;
}

}  // namespace grundy::analysis
