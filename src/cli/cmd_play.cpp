#include <algorithm>
#include <iostream>
#include <sstream>
#include <unistd.h>

#include "cli/game_options.hpp"
#include "core/model/parse.hpp"
#include "core/solve/solve.hpp"
#include "io/move_label.hpp"
#include "runtime/progress.hpp"
#include "service/values.hpp"

namespace grundy::cli {

namespace {

struct Option {
  core::Position pos;
  core::Value value;
};

std::string stones(std::int64_t n) {
  if (n <= 60) return std::string(static_cast<std::size_t>(n), 'o');
  return std::string(28, 'o') + "..." + std::string(28, 'o');
}

// The position as a picture: as its family draws it (games::Family::draw: a chocolate bar, a
// chess piece on its board, oriented as `grundy table` shows the game), else as heaps of
// stones. The pass counter, when there is one, is said in words.
void draw(std::ostream& out, const core::Game& game, const games::Family& family, const std::vector<std::string>& names,
          const core::Position& pos, bool pass) {
  const int n = pos.size() - (pass ? 1 : 0);
  if (!family.draw || !family.draw(out, game, names, pos, n))
    for (int i = 0; i < n; ++i)
      out << "  " << names[static_cast<std::size_t>(i)] << ": " << stones(pos[i]) << " (" << pos[i] << ")\n";
  if (pass) out << "  " << pos[n] << (pos[n] == 1 ? " pass" : " passes") << " left\n";
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

// The option the user typed, or nullptr after saying what was wrong with it.
const Option* read_choice(const std::string& line, const std::vector<Option>& opts, const core::Position& from,
                          const std::vector<std::string>& names, const std::vector<core::CoordinateRange>& ranges,
                          const core::Game& game) {
  if (line == "pass") {
    for (const auto& o : opts)
      if (io::move_label(names, ranges, from, o.pos).starts_with("pass")) return &o;
    std::cout << "no pass is available here\n";
    return nullptr;
  }
  try {
    // A bare number picks an option unless it is a one-heap position; a board's or a graph's
    // position is never a bare number.
    const bool bare = line.find_first_not_of("0123456789") == std::string::npos;
    const bool index = line[0] == '#' || (game.arity() > 1 && line.find(',') == std::string::npos) ||
                       (bare && game.start_position().has_value());
    if (index) {
      const auto i = core::parse_int(line[0] == '#' ? line.substr(1) : line, "move number", 1,
                                     static_cast<std::int64_t>(opts.size()));
      return &opts[static_cast<std::size_t>(i - 1)];
    }
    const core::Position target = game.parse_position(line);
    for (const auto& o : opts)
      if (o.pos == target) return &o;
    std::cout << "(" << game.position_text(target) << ") is not a move from (" << game.position_text(from)
              << "); type a listed number or position\n";
  } catch (const runtime::UserError& e) {
    std::cout << e.what() << "\n";
  }
  return nullptr;
}

std::string verdict(core::Value v, core::Evaluation eval) {
  if (eval == core::Evaluation::Grundy)
    return v == 0 ? "G = 0: a P-position; every move leads to a position with G != 0"
                  : "G = " + std::to_string(v) + " != 0: an N-position; some move leads to a position with G = 0";
  return v == 0 ? "a P-position under misere play; every move leads to an N-position"
                : "an N-position under misere play; some move leads to a P-position";
}

void run_play(const GameOptions& o, const std::string& text, bool hint, bool engine_first,
              const runtime::Limits& limits) {
  const core::Game game = o.game();
  // A board or a graph with no position given starts whole.
  if (text.empty() && !game.start_position()) throw runtime::UserError("position is required");
  const core::Position start = text.empty() ? *game.start_position() : service::position_of(game, text);
  const auto names = game.coordinate_names();
  const auto ranges = game.coordinate_ranges();
  const bool pass = ranges.back().pass_counter;
  const core::Evaluation eval = o.evaluation();
  // Every position the game reaches, valued as `value` values them.
  service::PositionValues ev(o.subject(), limits);
  const games::Family& family = games::find_family(o.family);
  auto label = [&](const core::Position& from, const core::Position& to) {
    return game.move_text(from, to).value_or(io::move_label(names, ranges, from, to));
  };
  std::cout << "Playing " << game.name() << (eval == core::Evaluation::Grundy ? "" : " (misere)")
            << ". Whoever cannot move " << (eval == core::Evaluation::Grundy ? "loses" : "wins (misere play)") << ".\n";
  core::Position pos = start;
  bool user_turn = !engine_first;
  const bool interactive = ::isatty(0) != 0;
  for (;;) {
    std::cout << "\nPosition (" << game.position_text(pos) << "):\n";
    draw(std::cout, game, family, names, pos, pass);
    std::vector<Option> opts;
    game.for_each_option(pos, [&](const core::Position& q) { opts.push_back({q, 0}); });
    for (auto& op : opts) op.value = ev.value(op.pos);
    const core::Value v = ev.value(pos);
    if (opts.empty()) {
      // Normal play: the player who cannot move loses; misere play: wins.
      const bool mover_wins = eval == core::Evaluation::MisereOutcome;
      if (user_turn) std::cout << "You cannot move: " << (mover_wins ? "under misere play you win!" : "I win.") << "\n";
      else std::cout << "I cannot move: " << (mover_wins ? "under misere play I win." : "you win!") << "\n";
      return;
    }
    if (!user_turn) {
      const auto best = std::find_if(opts.begin(), opts.end(), [](const Option& q) { return q.value == 0; });
      const Option& mine = best != opts.end() ? *best
                                              : *std::max_element(opts.begin(), opts.end(), [](const Option& a, const Option& b) {
                                                  return a.value < b.value;
                                                });
      std::cout << "My turn: " << verdict(v, eval) << (v != 0 ? ", so I am winning.\n" : ", so I am losing if you play well.\n");
      std::cout << "I play " << label(pos, mine.pos) << ", to (" << game.position_text(mine.pos)
                << "): " << verdict(mine.value, eval) << ".\n";
      pos = mine.pos;
      user_turn = true;
      continue;
    }
    std::cout << "Your turn: " << verdict(v, eval) << (v != 0 ? ", so you are winning.\n" : ", so you are losing if I play well.\n");
    const std::size_t shown = std::min<std::size_t>(opts.size(), 40);
    for (std::size_t i = 0; i < shown; ++i) {
      std::cout << "  " << i + 1 << ") (" << game.position_text(opts[i].pos) << ")  " << label(pos, opts[i].pos);
      if (hint)
        std::cout << (eval == core::Evaluation::Grundy ? "  G = " + std::to_string(opts[i].value) : "")
                  << (opts[i].value == 0 ? "  <- winning" : "");
      std::cout << "\n";
    }
    if (shown < opts.size()) std::cout << "  ... and " << opts.size() - shown << " more: type the target position\n";
    if (hint) {
      std::string wins;
      for (const auto& op : opts)
        if (op.value == 0) wins += (wins.empty() ? "(" : ", (") + game.position_text(op.pos) + ")";
      std::cout << "Hint: " << (wins.empty() ? "no winning move; every move leads to an N-position" : "winning moves " + wins)
                << "\n";
    }
    const Option* chosen = nullptr;
    while (!chosen) {
      const bool can_pass = std::any_of(opts.begin(), opts.end(), [&](const Option& q) { return io::move_label(names, ranges, pos, q.pos).starts_with("pass"); });
      std::cout << "Your move (a number, a position like " << game.position_text(opts[0].pos)
                << (can_pass ? ", pass" : "") << ", or quit)> " << std::flush;
      std::string line;
      if (!std::getline(std::cin, line)) {
        std::cout << "\nbye\n";
        return;
      }
      line = trim(line);
      if (!interactive) std::cout << line << "\n";  // through a pipe, show what was read
      if (line.empty()) continue;
      if (line == "quit" || line == "q") {
        std::cout << "bye\n";
        return;
      }
      chosen = read_choice(line, opts, pos, names, ranges, game);
    }
    std::cout << "You play " << label(pos, chosen->pos) << ", to (" << game.position_text(chosen->pos) << ").\n";
    pos = chosen->pos;
    user_turn = false;
  }
}

}  // namespace

void add_play_command(CLI::App& app) {
  static GameOptions o;
  static std::string pos;
  static bool hint = false, engine_first = false;
  auto* cmd = app.add_subcommand("play", "play a game against the engine in the terminal (or through a pipe)");
  add_game_options(cmd, o, {});
  cmd->add_option("position", pos,
                  "the starting position, comma-separated, pass counter last (left out: all passes available); "
                  "a board's or a graph's as its family writes it, or left out for the whole board or graph")
      ->type_name("POSITION");
  cmd->add_flag("--hint", hint, "show every option's value and the winning moves");
  cmd->add_flag("--engine-first", engine_first, "the engine moves first");
  cmd->footer(
      "Type a move as the option's number, as the target position (3,5,1), as `pass`, or `quit`.\n"
      "In a one-coordinate game a bare number is the target position; #N picks option N.\n"
      "Example: grundy play nim -p heaps=3 --pass 3,5,7,1 --hint");
  on_run(cmd, o.limit, [](const runtime::Limits& limits) {
    take_arity_from(o, pos);
    run_play(o, pos, hint, engine_first, limits);
  });
}

}  // namespace grundy::cli
