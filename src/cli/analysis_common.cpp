#include "cli/analysis_common.hpp"

#include <map>

namespace grundy::cli {

std::optional<analysis::SubtractionSeq> subtraction_seq(const GameOptions& o) {
  if (o.family != "subtraction" || !o.forbid.empty() || o.misere) return std::nullopt;
  const games::GameSpec spec = o.spec();
  (void)games::make_game(spec);  // every parameter and transform checked as for any command
  std::map<std::string, std::string> values(spec.params.begin(), spec.params.end());
  analysis::SubtractionSeq s{games::subtraction_from_params(games::Params("subtraction", std::move(values))),
                             spec.transforms.passes, spec.transforms.pass_from_terminal};
  return s;
}

}  // namespace grundy::cli
