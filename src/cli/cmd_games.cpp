#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/game_options.hpp"

namespace grundy::cli {

void add_games_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("games", "list game families, their parameters and coordinates");
  cmd->footer("Example: grundy games --format json");
  static OutputOptions output;
  add_output_options(cmd, output, {io::Format::Text, io::Format::Json});
  cmd->callback([] {
    with_output(output, [](std::ostream& out) {
      const io::Format f = output_format(output, {io::Format::Text, io::Format::Json});
      if (f == io::Format::Json) {
        out << games::families_json().dump(1) << "\n";
        return;
      }
      for (const auto& fam : games::families()) {
        out << fam.name << ": " << fam.summary << "\n";
        for (const auto& p : fam.params)
          out << "    -p " << p.name << "=...  " << p.help
              << (!p.default_value.empty() ? " (default " + p.default_value + ")"
                  : p.optional             ? " (optional)"
                                           : " (required)")
              << "\n";
        std::string coords;
        try {
          std::map<std::string, std::string> defaults;
          for (const auto& p : fam.params) defaults[p.name] = p.default_value;
          for (const auto& c : fam.coordinates(games::Params(fam.name, defaults)))
            coords += (coords.empty() ? "" : ",") + c;
        } catch (const runtime::UserError&) {
          coords = "depend on the parameters";
        }
        out << "    coordinates: " << coords << "   example: grundy value " << fam.example << " ...\n";
      }
      out << "transforms (any family): --pass, --passes K, --pass-from-terminal, --forbid EXPR; evaluation: --misere\n";
    });
  });
}

}  // namespace grundy::cli
