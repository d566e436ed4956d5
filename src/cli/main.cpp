#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>

#include "cli/game_options.hpp"
#include "core/errors.hpp"
#include "core/progress.hpp"

// grundy: Sprague-Grundy values, outcomes and tables of impartial games.
// Exit status: 0 on success, 2 on a bad input (one line on stderr naming it), 3 on an internal
// error of the engine; 130 when stopped by Ctrl-C.
int main(int argc, char** argv) {
  CLI::App app{"grundy: Sprague-Grundy values, P-positions and tables of impartial combinatorial games"};
  app.require_subcommand(1);
  app.footer("Run `grundy COMMAND --help` for a command's options and an example.");
  grundy::cli::add_games_command(app);
  grundy::cli::add_value_commands(app);
  grundy::cli::add_table_command(app);
  grundy::cli::add_ppos_command(app);
  grundy::cli::add_verify_command(app);
  grundy::cli::add_bench_command(app);
  grundy::cli::add_fts_f_command(app);
  grundy::cli::add_ns_command(app);
  grundy::cli::add_reverse_mex_command(app);
  grundy::cli::add_seq_command(app);
  grundy::cli::add_structure_command(app);
  grundy::cli::add_check_command(app);
  grundy::cli::add_discover_command(app);
  grundy::cli::add_play_command(app);
  grundy::cli::add_serve_command(app);
  grundy::core::install_interrupt_handler();
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "grundy: error: " << e.what() << "\n";
    return 2;
  } catch (const grundy::core::Interrupted& e) {
    std::cerr << "grundy: " << e.what() << "\n";
    return grundy::core::detail::g_stop_requested.load() ? 130 : 2;
  } catch (const grundy::core::UserError& e) {
    std::cerr << "grundy: error: " << e.what() << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "grundy: error: out of memory; try a smaller --size or a lower --max-memory\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "grundy: internal error: " << e.what() << "\n";
    return 3;
  }
  return 0;
}
