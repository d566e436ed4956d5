#include "cli/game_options.hpp"

namespace grundy::cli {

// Placeholder until the command lands.
void add_fts_f_command(CLI::App&) {}

}  // namespace grundy::cli
