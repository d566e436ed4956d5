#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <system_error>
#include <thread>

#include "cli/game_options.hpp"
#include "dist/mpi.hpp"
#include "io/files.hpp"
#include "runtime/errors.hpp"
#include "runtime/progress.hpp"

namespace {

constexpr const char* kOutOfMemory = "out of memory; try a smaller --size or a lower --max-memory";

// Every error is one line on stderr, whatever the user typed: a newline or another control
// character inside an echoed argument (a family name, a path, an expression) is shown as '?',
// and an echo of a huge argument is cut.
//
// Under mpirun an error outside the ranks' exchanges happens alike on every rank (a bad flag, a
// refused size): rank 0 reports it, the others keep theirs for end_job. One inside an exchange
// may be this rank's own: it says which rank.
std::string g_deferred_error;

void print_error(const char* prefix, const std::string& message) {
  namespace mpi = grundy::dist;
  const grundy::runtime::World world = mpi::world();
  const bool many = world.distributed && world.size > 1;
  std::string line = message.size() > 1000 ? message.substr(0, 1000) + "..." : message;
  for (char& c : line)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  if (many && (mpi::exchange_broken() || !world.root())) line = "rank " + std::to_string(world.rank) + ": " + line;
  if (many && !mpi::exchange_broken() && !world.root()) {
    g_deferred_error = prefix + line;
    return;
  }
  std::cerr << prefix << line << "\n";
}

// CLI11 says "A subcommand is required" both when none is given and when the word is not a
// command (of grundy, or of a command with commands of its own, `atlas`); say which, and list
// the commands.
std::string command_error(const CLI::App& app, int argc, char** argv, const std::string& cli11_message) {
  const CLI::App* at = &app;  // the last command parsed
  int word = 1;               // argv index of the word after it
  while (!at->get_subcommands().empty()) {
    at = at->get_subcommands().front();
    ++word;
  }
  std::string known;
  for (const CLI::App* sub : at->get_subcommands([](const CLI::App*) { return true; }))
    known += (known.empty() ? "" : ", ") + sub->get_name();
  if (known.empty()) return cli11_message;
  const bool top = at == &app;
  const std::string command = top ? "command" : "subcommand", of = top ? "" : at->get_name() + ": ";
  if (argc <= word) return of + "a " + command + " is required; allowed: " + known;
  const std::string first = argv[word];
  if (first.empty() || first[0] != '-')
    return of + "unknown " + command + " '" + first.substr(0, 40) + "'; allowed: " + known;
  const std::string said =
      cli11_message == "A subcommand is required" ? first.substr(0, 40) + ": not an option here" : cli11_message;
  return of + said + "; a " + command + " comes first, one of: " + known;
}

// Whether this rank's exit status is its share of the command's: not on the ranks that wait
// while rank 0 runs a command with no distributed form (mpi::Solo).
bool g_status_counts = true;

// An error under mpirun that the ranks do not all share: the other ranks may be waiting for
// this one's messages, so the whole job ends (MPI_Abort) with this status. Rank 0 has said what
// went wrong; another rank whose error was not inside an exchange most likely shares it with
// rank 0, which ends the job in a moment: it waits for that, and speaks only if it is still
// running.
[[noreturn]] void end_job(int status) {
  namespace mpi = grundy::dist;
  if (!mpi::world().root() && !mpi::exchange_broken() && !g_deferred_error.empty()) {
    std::this_thread::sleep_for(std::chrono::seconds(5));
    std::cerr << g_deferred_error << "\n";
  }
  mpi::abort(status);
}

int run(int argc, char** argv) {
  CLI::App app{"grundy: Sprague-Grundy values, P-positions and tables of impartial combinatorial games", "grundy"};
  app.set_version_flag("--version", "grundy " GRUNDY_VERSION, "print the version and exit");
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
  grundy::cli::add_quotient_command(app);
  grundy::cli::add_check_command(app);
  grundy::cli::add_discover_command(app);
  grundy::cli::add_play_command(app);
  grundy::cli::add_serve_command(app);
  grundy::cli::add_atlas_command(app);
  grundy::runtime::install_interrupt_handler();
  // Under mpirun, a command that is not collective runs on rank 0 alone, as one process
  // (mpi::Solo); the other ranks wait for it in MPI_Finalize instead of doing its work again.
  namespace mpi = grundy::dist;
  const grundy::runtime::World world = mpi::world();
  const bool alone = world.distributed && world.size > 1 && !grundy::cli::is_collective(app, argc, argv);
  if (alone && !world.root()) {
    g_status_counts = false;
    return 0;
  }
  std::optional<mpi::Solo> solo;
  if (alone) solo.emplace();
  try {
    app.parse(argc, argv);
    grundy::io::flush_stdout();
    return grundy::cli::claim_status();
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    const bool no_command = app.get_subcommands().empty() || std::string(e.what()) == "A subcommand is required";
    print_error("grundy: error: ", no_command ? command_error(app, argc, argv, e.what()) : e.what());
    return 2;
  } catch (const grundy::runtime::Interrupted& e) {
    print_error("grundy: ", e.what());
    return grundy::runtime::detail::g_stop_requested.load() ? 130 : 2;
  } catch (const grundy::runtime::UserError& e) {
    print_error("grundy: error: ", e.what());
    return 2;
  } catch (const std::bad_alloc&) {
    print_error("grundy: error: ", kOutOfMemory);
    return 2;
  } catch (const std::system_error& e) {
    // A thread that could not be started: out of memory for its stack, or of threads.
    if (e.code() == std::errc::resource_unavailable_try_again) {
      print_error("grundy: error: ", "out of memory or threads (could not start a thread); try a smaller --size");
      return 2;
    }
    print_error("grundy: internal error: ", e.what());
    return 3;
  } catch (const std::exception& e) {
    print_error("grundy: internal error: ", e.what());
    return 3;
  }
  return 0;
}

}  // namespace

// grundy: Sprague-Grundy values, outcomes and tables of impartial games.
// Exit status: 0 on success, 2 on a bad input (one line on stderr naming it), 3 on an internal
// error of the engine; 130 when stopped by Ctrl-C.
int main(int argc, char** argv) {
  namespace mpi = grundy::dist;
  mpi::init(&argc, &argv);  // under mpirun only
  int status = 2;
  try {
    status = run(argc, argv);
  } catch (const std::bad_alloc&) {  // while the commands are set up: memory is that short
    print_error("grundy: error: ", kOutOfMemory);
  }
  // Under mpirun, a refusal every rank reached alike (a bad flag, a box too large) ends the job
  // as one process would: rank 0's one line and the status, without MPI_Abort's report. An
  // error inside an exchange, or one the ranks do not share, ends the whole job at once.
  if (const grundy::runtime::World world = mpi::world(); world.distributed && world.size > 1) {
    const bool failed = status >= 2;
    if (failed && mpi::exchange_broken()) end_job(status);
    if (!mpi::end_alike(status, g_status_counts, failed ? 5.0 : 1e9) && failed) end_job(status);
  }
  mpi::finalize();
  return status;
}
