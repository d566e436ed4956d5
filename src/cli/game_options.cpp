#include "cli/game_options.hpp"

#include <algorithm>
#include <set>

#include "core/model/parse.hpp"
#include "dist/mpi.hpp"
#include "pipeline/table_box.hpp"
#include "runtime/memory.hpp"
#include "runtime/progress.hpp"

namespace grundy::cli {

games::GameSpec GameOptions::spec() const { return games::make_game_spec(family, params, written); }

core::Game GameOptions::game() const { return games::make_game(spec()); }

core::Evaluation GameOptions::evaluation() const {
  return misere ? core::Evaluation::MisereOutcome : core::Evaluation::Grundy;
}

io::Format GameOptions::output_format() const { return cli::output_format(output, formats); }

service::Subject GameOptions::subject() const { return {game(), evaluation(), spec()}; }

namespace {
std::set<const CLI::App*>& collective_commands() {
  static std::set<const CLI::App*> commands;
  return commands;
}
}  // namespace

void declare_collective(const CLI::App* cmd) { collective_commands().insert(cmd); }

bool is_collective(const CLI::App& app, int argc, char** argv) {
  const CLI::App* at = &app;
  for (int word = 1; word < argc; ++word) {
    const CLI::App* next = nullptr;
    for (const CLI::App* sub : at->get_subcommands([](const CLI::App*) { return true; }))
      if (sub->get_name() == argv[word]) next = sub;
    if (!next) return false;
    if (collective_commands().count(next)) return true;
    at = next;
  }
  return false;
}

runtime::Limits LimitOptions::limits() const {
  runtime::Limits l;
  l.memory = max_memory.empty() ? runtime::default_memory_limit() : core::parse_memory_size(max_memory);
  l.seconds = max_seconds;
  l.stop_message = "stopped by --max-seconds before the command finished" + std::string(runtime::kNothingWritten);
  // Under mpirun the MPI job's world (a command that is not collective runs in a world of one,
  // dist::Solo); else a world of one.
  l.world = dist::world();
  return l;
}

void on_run(CLI::App* cmd, const LimitOptions& limit, std::function<void(const runtime::Limits&)> run) {
  cmd->callback([&limit, run = std::move(run)] {
    const runtime::Limits limits = limit.limits();
    const runtime::StopScope stop(limits);
    run(limits);
  });
}

void add_game_options(CLI::App* cmd, GameOptions& o, std::vector<io::Format> formats, bool wide) {
  cmd->add_option("game", o.family, "game family (see `grundy games`)")->required()->type_name("GAME");
  cmd->add_option("-p,--param", o.params, "family parameter name=value (repeatable)")
      ->allow_extra_args(false)
      ->type_name("name=value");
  // Each flag records every occurrence in o.written; the values are checked as read, by the
  // checks parse_game_spec uses. A flag takes no value: `--pass=false` would leave o.pass false
  // with a pass recorded (CLI11 hands a bare flag to each() as "true").
  games::TransformFlags& w = o.written;
  auto bare = [](const char* flag, int& count) {
    return [flag, &count](const std::string& v) {
      if (v != "true")
        throw runtime::UserError(std::string(flag) + "=" + v.substr(0, 40) + ": " + flag +
                                 " takes no value; give it or leave it out");
      ++count;
    };
  };
  cmd->add_flag("--pass", o.pass, "one shared pass (not from terminal positions); adds coordinate p")
      ->each(bare("--pass", w.pass));
  cmd->add_option("--passes", o.passes, "K shared passes, K from 1 to 64; adds coordinate p")
      ->type_name("K")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
      ->each([&w](const std::string& v) {
        (void)games::parse_passes(v);
        w.passes.push_back(v);
      });
  cmd->add_flag("--pass-from-terminal", o.pass_from_terminal, "the pass may also be used from a terminal position")
      ->each(bare("--pass-from-terminal", w.pass_from_terminal));
  cmd->add_flag("--misere", o.misere, "evaluate outcomes under misere play (the last player to move loses)")
      ->each(bare("--misere", w.misere));
  cmd->add_option("--forbid", o.forbid, "moves into positions where EXPR is non-zero are illegal")
      ->type_name("EXPR")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
      ->each([&w](const std::string& v) {
        games::check_forbid(v);
        w.forbid.push_back(v);
      });
  if (!formats.empty()) add_output_options(cmd, o.output, formats, wide);
  o.formats = std::move(formats);
  add_limit_options(cmd, o.limit);
}

void add_limit_options(CLI::App* cmd, LimitOptions& o, bool memory) {
  // Checked as they are read, so that an empty or malformed value is refused, not taken as "none".
  if (memory)
    cmd->add_option("--max-memory", o.max_memory, "memory limit, e.g. 512M or 16G (default 75% of physical memory)")
        ->type_name("SIZE")
        ->each([](const std::string& v) { (void)core::parse_memory_size(v); });
  cmd->add_option("--max-seconds", o.max_seconds, "stop cleanly after this many seconds, from 0 (no limit) to 10^9")
      ->type_name("SECONDS")
      ->each([](const std::string& v) { (void)parse_seconds(v); });
}

std::function<void(const std::string&)> int_in(std::string what, std::int64_t min, std::int64_t max) {
  return [what = std::move(what), min, max](const std::string& v) { (void)core::parse_int(v, what, min, max); };
}

std::function<void(const std::string&)> file_path(std::string what) {
  return [what = std::move(what)](const std::string& v) {
    if (v.empty()) throw runtime::UserError(what + ": empty file name; give a path");
  };
}

void add_size_option(CLI::App* cmd, std::string& size) {
  cmd->add_option("--size", size,
                  "N: every coordinate over 0..N-1; AxB..: one extent per coordinate (pass counters run over "
                  "0..K); each from 1 to 2^40")
      ->type_name("N|AxB")
      ->required()
      ->each([](const std::string& v) { (void)pipeline::parse_size(v, "--size", kMaxSide); });
}

double parse_seconds(const std::string& text) {
  const std::string what = "--max-seconds = '" + text.substr(0, 40) + "': ";
  std::size_t used = 0;
  const double v = leading_number(text, used);
  if (used == 0) throw runtime::UserError(what + "not a number; allowed 0..1000000000 (seconds, 0 = no limit)");
  if (used != text.size() || text.find_first_of("xXpPnNiI") != std::string::npos)
    throw runtime::UserError(what + "not a decimal number; allowed 0..1000000000 (seconds, 0 = no limit)");
  if (!(v >= 0 && v <= 1e9))
    throw runtime::UserError(what + "out of range; allowed 0..1000000000 (seconds, 0 = no limit)");
  return v;
}

void take_arity_from(GameOptions& o, const std::string& position) {
  if (position.empty() || position == "-" || o.written.pass > 0 || !o.written.passes.empty()) return;
  const games::Family& f = games::find_family(o.family);
  if (f.arity_param.empty()) return;
  for (const std::string& kv : o.params)
    if (kv.substr(0, kv.find('=')) == f.arity_param) return;
  const std::string param = f.arity_param + "=" + std::to_string(std::count(position.begin(), position.end(), ',') + 1);
  (void)o.game();  // the parameters as given: their own faults first, in their own words
  o.params.push_back(param);
  try {
    (void)o.game();
  } catch (const runtime::UserError& e) {
    throw runtime::UserError("position " + position.substr(0, 60) + " taken as -p " + param + ": " + e.what());
  }
}

}  // namespace grundy::cli
