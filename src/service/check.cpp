#include "service/check.hpp"

#include <nlohmann/json.hpp>
#include <ostream>

#include "pipeline/solve.hpp"

namespace grundy::service {

CheckResult check(const Subject& s, const pipeline::Size& size, const std::string& formula, const std::string& ppos,
                  const runtime::Limits& limits) {
  if (formula.empty() == ppos.empty())
    throw runtime::UserError("check: give exactly one of --formula EXPR and --ppos EXPR");
  CheckResult r;
  r.ppos = !ppos.empty();
  const bool misere = s.eval == core::Evaluation::MisereOutcome;
  if (!r.ppos && misere)
    throw runtime::UserError("--formula with --misere: misere play has outcomes, not Grundy values; use --ppos EXPR");
  const auto names = s.game.coordinate_names();
  const std::string flag = r.ppos ? "--ppos" : "--formula";
  const expr::Program prog = analysis::compile_formula(flag, r.ppos ? ppos : formula, names);
  const core::Box box = pipeline::size_box(s.game, size);
  const core::Evaluation eval =
      r.ppos ? (misere ? core::Evaluation::MisereOutcome : core::Evaluation::NormalOutcome) : core::Evaluation::Grundy;
  const core::DenseTable t = pipeline::solve_exact(s.game, box, eval, limits.memory);
  const auto kind = r.ppos ? analysis::FormulaKind::PPositions : analysis::FormulaKind::Grundy;
  r.report = analysis::check_formula(t, prog, kind, pipeline::total_coordinates(s.game), flag);
  r.game = s.game.name();
  r.range = pipeline::box_text(names, box);
  return r;
}

std::string value_word(core::Value v, bool ppos) {
  if (ppos) return v == 0 ? "P" : "N";
  return std::to_string(v);
}

std::string claimed_word(const analysis::FormulaMismatch& m, bool ppos) {
  return ppos ? value_word(m.claimed ? 0 : 1, true) : std::to_string(m.claimed);
}

void write_check_json(std::ostream& out, const CheckResult& r) {
  nlohmann::json j = {{"game", r.game},
                      {"box", r.range},
                      {"kind", r.ppos ? "ppos" : "formula"},
                      {"expression", r.report.source},
                      {"checked", r.report.checked},
                      {"holds", r.holds()},
                      {"mismatches", r.report.mismatches}};
  j["first"] = nlohmann::json::array();
  for (const auto& m : r.report.first)
    j["first"].push_back({{"position", core::to_string(m.pos)},
                          {"computed", value_word(m.computed, r.ppos)},
                          {"claimed", claimed_word(m, r.ppos)}});
  out << j.dump() << "\n";
}

}  // namespace grundy::service
