#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/game_options.hpp"

namespace grundy::cli {

void add_games_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("games", "list game families, their parameters and coordinates");
  cmd->footer("Example: grundy games --format json");
  static std::string format = "text";
  cmd->add_option("--format", format, "text | json")->capture_default_str();
  cmd->callback([] {
    const io::Format f = io::parse_format(format);
    if (f == io::Format::Csv) throw core::UserError("--format = 'csv': games prints text or json");
    if (f == io::Format::Json) {
      nlohmann::json list = nlohmann::json::array();
      for (const auto& fam : games::families()) {
        nlohmann::json j;
        j["name"] = fam.name;
        j["summary"] = fam.summary;
        j["example"] = fam.example;
        for (const auto& p : fam.params) j["params"].push_back({{"name", p.name}, {"help", p.help}, {"default", p.default_value}, {"optional", p.optional}});
        list.push_back(j);
      }
      std::cout << list.dump(1) << "\n";
      return;
    }
    for (const auto& fam : games::families()) {
      std::cout << fam.name << ": " << fam.summary << "\n";
      for (const auto& p : fam.params)
        std::cout << "    -p " << p.name << "=...  " << p.help
                  << (!p.default_value.empty() ? " (default " + p.default_value + ")"
                      : p.optional             ? " (optional)"
                                               : " (required)")
                  << "\n";
      std::string coords;
      try {
        std::map<std::string, std::string> defaults;
        for (const auto& p : fam.params) defaults[p.name] = p.default_value;
        for (const auto& c : fam.coordinates(games::Params(fam.name, defaults))) coords += (coords.empty() ? "" : ",") + c;
      } catch (const core::UserError&) {
        coords = "depend on the parameters";
      }
      std::cout << "    coordinates: " << coords << "   example: grundy value " << fam.example << " ...\n";
    }
    std::cout << "transforms (any family): --pass, --passes K, --pass-from-terminal, --forbid EXPR; evaluation: --misere\n";
  });
}

}  // namespace grundy::cli
