#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cli/output.hpp"
#include "core/solve/game.hpp"
#include "games/registry.hpp"
#include "io/format.hpp"
#include "runtime/limits.hpp"
#include "runtime/progress.hpp"
#include "service/subject.hpp"

namespace grundy::analysis {
struct ClaimResult;
}

namespace grundy::cli {

// --max-memory and --max-seconds as a command reads them: the one runtime::Limits it runs under
// (on_run).
struct LimitOptions {
  std::string max_memory;
  double max_seconds = 0;
  runtime::Limits limits() const;
};

// --max-memory (unless `memory` is false) and --max-seconds, each checked as it is read.
void add_limit_options(CLI::App* cmd, LimitOptions& o, bool memory = true);

// A command's callback: its Limits are built once from its options (which, like every
// command's options, outlive the parse) and put in force (a StopScope: the deadline, Ctrl-C)
// for the whole command, output included, and `run` computes with them.
void on_run(CLI::App* cmd, const LimitOptions& limit, std::function<void(const runtime::Limits&)> run);

// The GAME part shared by every command: a family name, -p name=value parameters and the
// transform flags, plus --format/--out, --max-memory and --max-seconds.
struct GameOptions {
  std::string family;
  std::vector<std::string> params;
  // The transform flags as CLI11 stores them (the last occurrence), for the commands that read
  // them directly; valid once spec() has accepted them.
  bool pass = false;
  int passes = 0;
  bool pass_from_terminal = false;
  bool misere = false;
  std::string forbid;
  // Every occurrence of the transform flags, as read: spec() builds from these with
  // games::make_game_spec, the same rule parse_game_spec (sum components, the explorer) uses.
  games::TransformFlags written;
  OutputOptions output;
  std::vector<io::Format> formats;  // what the command prints (add_game_options)
  LimitOptions limit;

  games::GameSpec spec() const;
  core::Game game() const;
  service::Subject subject() const;     // the game, its evaluation and its spec
  core::Evaluation evaluation() const;  // Grundy, or misere outcomes with --misere
  io::Format output_format() const;     // checked against `formats` and --out's extension
};

// The GAME options, plus --format/--out for the `formats` the command prints (none: neither).
void add_game_options(CLI::App* cmd, GameOptions& o,
                      std::vector<io::Format> formats = {io::Format::Text, io::Format::Csv, io::Format::Json},
                      bool wide = false);

// CLI11 option checks that throw a UserError in the house style ("--size = 'abc': not an
// integer; allowed 1..1099511627776") instead of CLI11's "Value abc not in range".
std::function<void(const std::string&)> int_in(std::string what, std::int64_t min, std::int64_t max);

// A file option (--save, --load, --out): an empty path is refused as it is read, not taken as
// "not given".
std::function<void(const std::string&)> file_path(std::string what);

// The largest side --size takes.
inline constexpr std::int64_t kMaxSide = std::int64_t{1} << 40;

// --size N or AxBx... (pipeline::parse_size reads it), required; checked as it is read.
void add_size_option(CLI::App* cmd, std::string& size);

// --max-seconds: a finite decimal number of seconds in 0..1e9, or a UserError.
double parse_seconds(const std::string& text);

// value, moves and play: a position of K coordinates given to a family whose parameter counts
// them (games::Family::arity_param, -p heaps=K), without that parameter and without a pass
// counter that would make the count ambiguous, asks for K of them: `grundy value octal -p
// code=0.77 5,9,13` is three heaps.
void take_arity_from(GameOptions& o, const std::string& position);

// "PASS    Table 2  [x, y < 256]  detail": one line of `grundy verify`.
std::string fmt_line(const analysis::ClaimResult& r);

// Under mpirun every rank runs a collective command: its table is swept by bands on the
// ranks, or its jobs are dealt out to them. A command declares itself collective where it is
// added; any other runs on rank 0 alone, as one process, while the other ranks wait.
void declare_collective(const CLI::App* cmd);
// Whether the command argv names (a command, or one of its subcommands: `atlas run`) was
// declared collective.
bool is_collective(const CLI::App& app, int argc, char** argv);

void add_games_command(CLI::App& app);
void add_value_commands(CLI::App& app);  // value, moves
void add_table_command(CLI::App& app);
void add_ppos_command(CLI::App& app);
void add_verify_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_fts_f_command(CLI::App& app);        // src/cli/cmd_fts_f.cpp
void add_ns_command(CLI::App& app);           // src/cli/cmd_ns.cpp
void add_reverse_mex_command(CLI::App& app);  // src/cli/cmd_reverse_mex.cpp
void add_seq_command(CLI::App& app);          // src/cli/cmd_seq.cpp
void add_structure_command(CLI::App& app);    // src/cli/cmd_structure.cpp
void add_quotient_command(CLI::App& app);     // src/cli/cmd_quotient.cpp
void add_check_command(CLI::App& app);        // src/cli/cmd_check.cpp
void add_discover_command(CLI::App& app);     // src/cli/cmd_check.cpp
void add_play_command(CLI::App& app);         // src/cli/cmd_play.cpp
void add_serve_command(CLI::App& app);        // src/cli/cmd_serve.cpp
void add_atlas_command(CLI::App& app);        // src/cli/cmd_atlas.cpp

}  // namespace grundy::cli
