#include "service/structure.hpp"

#include <nlohmann/json.hpp>
#include <ostream>

#include "pipeline/solve.hpp"

namespace grundy::service {

StructureResult structure(const Subject& s, const pipeline::Size& size, const runtime::Limits& limits) {
  StructureResult r;
  r.game = s.game.name();
  r.names = s.game.coordinate_names();
  r.box = pipeline::size_box(s.game, size);
  r.range = pipeline::box_text(r.names, r.box);
  const core::DenseTable t = pipeline::solve_exact(s.game, r.box, s.eval, limits.memory);
  analysis::StructureOptions so;
  so.skip = pipeline::pass_counters(s.game);
  r.report = analysis::analyze_structure(t, so);
  return r;
}

std::string symmetry_text(const std::vector<std::string>& names, const analysis::SymmetryResult& s) {
  std::vector<std::string> a = names;
  std::swap(a[static_cast<std::size_t>(s.i)], a[static_cast<std::size_t>(s.j)]);
  std::string l, rr;
  for (std::size_t k = 0; k < names.size(); ++k) {
    l += (k ? "," : "") + names[k];
    rr += (k ? "," : "") + a[k];
  }
  return "G(" + l + ") = G(" + rr + ")";
}

std::string translation_text(const std::vector<std::string>& names, const analysis::TranslationResult& t) {
  std::string l, rr;
  for (int k = 0; k < t.v.size(); ++k) {
    const std::string& name = names[static_cast<std::size_t>(k)];
    l += (k ? "," : "") + name + (t.v[k] ? "+" + std::to_string(t.v[k]) : "");
    rr += (k ? "," : "") + name;
  }
  return "G(" + l + ") = G(" + rr + ")";
}

void write_structure_json(std::ostream& out, const StructureResult& r) {
  auto name = [&](int i) { return r.names[static_cast<std::size_t>(i)]; };
  nlohmann::json j;
  j["game"] = r.game;
  j["box"] = r.range;
  j["symmetries"] = nlohmann::json::array();
  for (const auto& s : r.report.symmetries) {
    nlohmann::json js = {{"swap", {name(s.i), name(s.j)}}, {"holds", s.holds}};
    if (!s.holds) js["counterexample"] = core::to_string(s.counterexample);
    j["symmetries"].push_back(js);
  }
  j["translations"] = nlohmann::json::array();
  for (const auto& tr : r.report.translations)
    j["translations"].push_back({{"shift", std::vector<std::int64_t>(tr.v.coords().begin(), tr.v.coords().end())},
                                 {"from", tr.from},
                                 {"pairs", tr.pairs},
                                 {"text", translation_text(r.names, tr)}});
  j["lines"] = nlohmann::json::array();
  for (const auto& l : r.report.lines) {
    nlohmann::json kinds = nlohmann::json::array();
    for (const auto& [k, c] : l.kinds) kinds.push_back({{"period", k.first}, {"saltus", k.second}, {"lines", c}});
    j["lines"].push_back({{"along", name(l.axis)},
                          {"lines", l.lines},
                          {"periodic", l.periodic},
                          {"max_preperiod", l.max_preperiod},
                          {"kinds", kinds}});
  }
  out << j.dump(1) << "\n";
}

}  // namespace grundy::service
