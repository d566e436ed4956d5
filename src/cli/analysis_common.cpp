#include "cli/analysis_common.hpp"

#include <algorithm>
#include <map>

#include "core/memory.hpp"

namespace grundy::cli {

namespace {

// Heap sizes from which a one-heap subtraction game is answered from its proven period rather
// than by a sweep up to the heap size itself.
constexpr std::int64_t kPeriodFrom = std::int64_t{1} << 24;
constexpr std::int64_t kPeriodSearch = std::int64_t{1} << 28;

}  // namespace

Subject subject(const GameOptions& o) {
  games::GameSpec spec = o.spec();
  core::Game game = games::make_game(spec);
  return {std::move(game), o.evaluation(), o.memory_limit(), std::move(spec)};
}

std::optional<analysis::SubtractionSeq> subtraction_seq(const Subject& s) {
  if (!s.spec || s.spec->family != "subtraction" || !s.spec->transforms.forbid.empty() || s.spec->transforms.misere)
    return std::nullopt;
  std::map<std::string, std::string> values(s.spec->params.begin(), s.spec->params.end());
  return analysis::SubtractionSeq{games::subtraction_from_params(games::Params("subtraction", std::move(values))),
                                  s.spec->transforms.passes, s.spec->transforms.pass_from_terminal};
}

std::optional<games::OctalCode> octal_seq(const Subject& s) {
  if (!s.spec || s.spec->family != "octal" || s.spec->transforms.passes > 0 || !s.spec->transforms.forbid.empty() ||
      s.spec->transforms.misere || s.eval != core::Evaluation::Grundy)
    return std::nullopt;
  for (const auto& [name, value] : s.spec->params)
    if (name == "code") return games::parse_octal_code(value);
  return std::nullopt;
}

std::optional<std::pair<core::Value, std::string>> PeriodRoute::value(const core::Position& pos) {
  std::int64_t largest = 0;
  for (int i = 0; i < pos.size(); ++i) largest = std::max(largest, pos[i]);
  if (largest < kPeriodFrom) return std::nullopt;
  if (!searched_) {
    searched_ = true;
    seq_ = subtraction_seq(s_);
    // A search the memory limit refuses leaves the heap to the ordinary path, which answers
    // it or refuses it with its own estimate.
    if (seq_) try {
        per_ = analysis::subtraction_periodicity(*seq_, kPeriodSearch, s_.memory_limit);
      } catch (const core::TooLarge&) {
        per_ = analysis::Periodicity{};
      }
  }
  if (!seq_ || !per_.found) return std::nullopt;
  const core::Value v = analysis::value_from_period(*seq_, per_, pos[0], pos.size() > 1 ? static_cast<int>(pos[1]) : 0);
  return std::make_pair(v, "from the proven period " + std::to_string(per_.period) + " after preperiod " +
                               std::to_string(per_.preperiod));
}

core::Value PositionValues::value(const core::Position& p) {
  if (auto pv = period_.value(p)) {
    route_ = std::move(pv->second);
    return pv->first;
  }
  const core::Value v = oracle_.value(p);
  route_ = oracle_.route();
  return v;
}

std::string seq_status(const analysis::Periodicity& p) { return !p.found ? "none" : p.proven ? "proven" : "observed"; }

}  // namespace grundy::cli
