#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "cli/output.hpp"
#include "games/registry.hpp"
#include "io/format.hpp"

namespace grundy::analysis {
struct ClaimResult;
}

namespace grundy::cli {

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
  std::string max_memory;
  double max_seconds = 0;

  games::GameSpec spec() const;
  core::Game game() const;
  core::Evaluation evaluation() const;  // Grundy, or misere outcomes with --misere
  io::Format output_format() const;  // checked against `formats` and --out's extension
  std::uint64_t memory_limit() const;
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

// --max-memory SIZE, checked as it is read.
void add_max_memory_option(CLI::App* cmd, std::string& max_memory);

// --max-seconds: a finite decimal number of seconds in 0..1e9, or a UserError.
double parse_seconds(const std::string& text);

// --max-seconds SECONDS, checked as it is read, which sets the deadline every long loop polls:
// every command that computes takes it.
void add_max_seconds_option(CLI::App* cmd, double& max_seconds);

// value, moves and play: a position of K coordinates given to a family whose parameter counts
// them (games::Family::arity_param, -p heaps=K), without that parameter and without a pass
// counter that would make the count ambiguous, asks for K of them: `grundy value octal -p
// code=0.77 5,9,13` is three heaps.
void take_arity_from(GameOptions& o, const std::string& position);

// Position of the game, or a UserError naming the position and what is wrong with it. A
// position of a game with passes may leave out its last pass counter: all passes available.
core::Position checked_position(const core::Game& game, const std::string& text);

// "PASS    Table 2  [x, y < 256]  detail": one line of `grundy verify`.
std::string fmt_line(const analysis::ClaimResult& r);

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
void add_structure_command(CLI::App& app);    // src/cli/cmd_seq.cpp
void add_check_command(CLI::App& app);        // src/cli/cmd_check.cpp
void add_discover_command(CLI::App& app);     // src/cli/cmd_check.cpp
void add_play_command(CLI::App& app);         // src/cli/cmd_play.cpp
void add_serve_command(CLI::App& app);        // src/cli/cmd_serve.cpp
void add_atlas_command(CLI::App& app);        // src/cli/cmd_atlas.cpp

}  // namespace grundy::cli
