#include "service/discover.hpp"

#include <nlohmann/json.hpp>
#include <ostream>

#include "pipeline/solve.hpp"

namespace grundy::service {

namespace {

// The command that checks a conjecture of `discover` on the box twice as large along every
// coordinate: the same game spec, ready to copy and run.
std::string check_command(const games::GameSpec& spec, const pipeline::Size& size, const std::string& flag,
                          const std::string& expression) {
  std::string sizes;
  for (const std::int64_t e : size.extents) sizes += (sizes.empty() ? "" : "x") + std::to_string(2 * e);
  return "grundy check " + games::spec_text(spec) + " --size " + sizes + " " + flag + " " +
         games::shell_word(expression);
}

}  // namespace

DiscoverResult discover(const Subject& s, const pipeline::Size& size, const runtime::Limits& limits) {
  DiscoverResult r;
  r.game = s.game.name();
  r.names = s.game.coordinate_names();
  r.eval = s.eval;
  const core::Box box = pipeline::size_box(s.game, size);
  r.range = pipeline::box_text(r.names, box);
  const core::DenseTable t =
      pipeline::solve_exact(s.game, box, s.eval, limits.memory, analysis::discover_bytes(box.count()));
  analysis::DiscoverOptions opt;
  opt.skip = pipeline::pass_counters(s.game);
  opt.in_total = pipeline::total_coordinates(s.game);
  r.report = analysis::discover(t, r.names, opt);
  for (const bool exact : {true, false})
    for (const auto* list : {&r.report.grundy, &r.report.ppos})
      for (const auto& c : *list) {
        if (!s.spec || !r.follow_up.empty() || (exact && !c.exceptions.empty())) continue;
        r.follow_up = check_command(*s.spec, size, list == &r.report.grundy ? "--formula" : "--ppos", c.expression);
        r.follow_up_exceptions = !c.exceptions.empty();
      }
  return r;
}

std::string exceptions_text(const analysis::Conjecture& c, bool ppos) {
  std::string s;
  for (const auto& [pos, v] : c.exceptions)
    s += (s.empty() ? "" : ", ") + ("(" + core::to_string(pos) + ")") + " " +
         (ppos ? (v == 0 ? "P" : "N") : "G=" + std::to_string(v));
  return s;
}

void write_discover_json(std::ostream& out, const DiscoverResult& r) {
  auto name = [&](int i) { return r.names[static_cast<std::size_t>(i)]; };
  auto list = [&](const std::vector<analysis::Conjecture>& cs, bool ppos) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& c : cs) {
      nlohmann::json e = nlohmann::json::array();
      for (const auto& [pos, v] : c.exceptions)
        e.push_back({{"position", core::to_string(pos)}, {"value", ppos ? (v == 0 ? "P" : "N") : std::to_string(v)}});
      a.push_back({{"expression", c.expression}, {"complexity", c.complexity}, {"exceptions", e}});
    }
    return a;
  };
  nlohmann::json j = {{"game", r.game},
                      {"box", r.range},
                      {"positions", r.report.positions},
                      {"max_exceptions", r.report.exception_cap},
                      {"status", "conjecture checked on the box, not a proof"}};
  j["grundy"] = list(r.report.grundy, false);
  j["ppos"] = list(r.report.ppos, true);
  j["symmetries"] = nlohmann::json::array();
  for (const auto& s : r.report.structure.symmetries)
    if (s.holds) j["symmetries"].push_back({name(s.i), name(s.j)});
  j["translations"] = nlohmann::json::array();
  for (const auto& tr : r.report.structure.translations)
    j["translations"].push_back({{"shift", std::vector<std::int64_t>(tr.v.coords().begin(), tr.v.coords().end())},
                                 {"from", tr.from},
                                 {"pairs", tr.pairs}});
  j["check"] = r.follow_up.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.follow_up);
  out << j.dump(1) << "\n";
}

}  // namespace grundy::service
