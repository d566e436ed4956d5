#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/game_options.hpp"
#include "runtime/memory.hpp"
#include "runtime/progress.hpp"
#include "service/values.hpp"

namespace grundy::cli {

namespace {

std::string outcome_word(core::Value v) { return v == 0 ? "P" : "N"; }

// A position as its family writes it (a board's rows, a graph's vertices), for JSON beside its
// coordinates; empty for a game that writes its positions as their coordinates.
std::string own_text(const core::Game& game, const core::Position& p) {
  std::string text = game.position_text(p);
  return text == core::to_string(p) ? "" : text;
}

// The position argument of value and moves: one position, or `-` / --stdin for one per line of
// standard input, each checked as it is read.
struct PositionArg {
  std::string text;
  bool given = false;  // the positional was there (even empty)
  bool from_stdin = false;
};

template <class Answer>
void for_each_position(const core::Game& game, const PositionArg& arg, Answer&& answer) {
  if (!arg.from_stdin && arg.text != "-") {
    // A board or a graph with nothing said is the game from its start.
    if (!arg.given && game.start_position()) {
      answer(*game.start_position());
      return;
    }
    if (!arg.given) throw runtime::UserError("position is required (or --stdin to read one per line)");
    answer(service::position_of(game, arg.text));
    return;
  }
  if (arg.given && arg.text != "-") throw runtime::UserError("give a position or --stdin, not both");
  std::string line;
  for (std::uint64_t n = 1; std::getline(std::cin, line); ++n) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    try {
      answer(service::position_of(game, line));
    } catch (const runtime::UserError& e) {
      throw runtime::UserError("standard input line " + std::to_string(n) + ": " + e.what());
    }
  }
}

void run_value(std::ostream& out, const GameOptions& o, const PositionArg& arg, const pipeline::TableFiles& files,
               const runtime::Limits& limits) {
  service::PositionValues values(o.subject(), limits);
  const core::Game game = o.game();
  const io::Format f = o.output_format();
  std::optional<io::CellWriter> cells;
  if (f != io::Format::Text) cells.emplace(out, f, game.name(), game.coordinate_names(), o.evaluation());
  service::with_search_files(values, files, [&] {
    for_each_position(game, arg, [&](const core::Position& pos) {
      const core::Value v = values.value(pos);
      const std::string note = values.route().empty() ? "" : "  (" + values.route() + ")";
      if (cells) {
        cells->add(pos, v, values.route(), own_text(game, pos));
      } else if (values.eval() == core::Evaluation::Grundy) {
        out << "G(" << game.position_text(pos) << ") = " << v << "  (" << outcome_word(v) << "-position)  in "
            << game.name() << note << "\n";
      } else {
        out << "(" << game.position_text(pos) << ") is a " << outcome_word(v) << "-position under misere play  in "
            << game.name() << note << "\n";
      }
    });
  });
  if (cells) cells->finish();
}

constexpr std::size_t kMaxMoves = std::size_t{1} << 23;

void run_moves(std::ostream& out, const GameOptions& o, const PositionArg& arg, const runtime::Limits& limits) {
  const core::Game game = o.game();
  const io::Format f = o.output_format();
  service::PositionValues oracle(o.subject(), limits);
  const bool grundy = oracle.eval() == core::Evaluation::Grundy;
  const auto names = game.coordinate_names();
  const bool many = arg.from_stdin || arg.text == "-";
  // One position: its options as cells (CSV, JSON), as before. Many: each option with the
  // position it is a move from (CSV: from_x,..,x,..; JSON: one object per position).
  std::optional<io::CellWriter> cells;
  bool first = true;
  if (!many && f != io::Format::Text) cells.emplace(out, f, game.name(), names, oracle.eval());
  if (many && f == io::Format::Csv) {
    for (const auto& n : names) out << "from_" << n << ",";
    for (const auto& n : names) out << n << ",";
    out << (grundy ? "grundy,outcome\n" : "outcome\n");
  }
  if (many && f == io::Format::Json)
    out << "{\"coordinates\":" << nlohmann::json(names).dump() << ",\"game\":" << io::json_string(game.name())
        << ",\"positions\":[";
  for_each_position(game, arg, [&](const core::Position& pos) {
    const service::Moves listed =
        service::moves(oracle, pos, kMaxMoves, limits.memory, "moves lists every one (ask `value` for its value)");
    const core::Value v = listed.value;
    const auto& opts = listed.options;
    if (cells) {
      for (const auto& [opt, value] : opts) cells->add(opt, value, "", own_text(game, opt));
      return;
    }
    if (f == io::Format::Csv) {
      for (const auto& [opt, value] : opts) {
        out << game.position_text(pos) << "," << game.position_text(opt) << ",";
        if (grundy) out << value << ",";
        out << outcome_word(value) << "\n";
      }
      return;
    }
    if (f == io::Format::Json) {
      nlohmann::json j;
      j["position"] = std::vector<std::int64_t>(pos.coords().begin(), pos.coords().end());
      if (const std::string text = own_text(game, pos); !text.empty()) j["text"] = text;
      if (grundy) j["grundy"] = v;
      j["outcome"] = outcome_word(v);
      j["moves"] = nlohmann::json::array();
      for (const auto& [opt, value] : opts) {
        nlohmann::json m = {{"position", std::vector<std::int64_t>(opt.coords().begin(), opt.coords().end())},
                            {"outcome", outcome_word(value)},
                            {"winning", value == 0}};
        if (const std::string text = own_text(game, opt); !text.empty()) m["text"] = text;
        if (grundy) m["grundy"] = value;
        j["moves"].push_back(std::move(m));
      }
      out << (first ? "" : ",") << j.dump();
      first = false;
      return;
    }
    std::size_t winning = 0;
    for (const auto& [opt, value] : opts) winning += value == 0;
    out << "(" << game.position_text(pos) << ") in " << game.name() << ": ";
    if (grundy) out << "G = " << v << ", ";
    out << outcome_word(v) << "-position" << (grundy ? "" : " (misere)") << ", " << opts.size() << " moves, " << winning
        << " winning\n";
    for (const auto& [opt, value] : opts) {
      out << "  (" << game.position_text(opt) << ")";
      if (grundy) out << "  G = " << value;
      out << "  " << outcome_word(value) << (value == 0 ? "  <- winning move" : "") << "\n";
    }
  });
  if (cells) cells->finish();
  if (many && f == io::Format::Json) out << "]}\n";
}

constexpr const char* kPositionHelp =
    "coordinates, comma-separated, pass counter last (left out: all passes available); - reads one per line";

}  // namespace

void add_value_commands(CLI::App& app) {
  static GameOptions vo, mo;
  static PositionArg va, ma;
  static pipeline::TableFiles vfiles;
  auto* value = app.add_subcommand("value", "Grundy value and outcome class of one position, or of many");
  add_game_options(value, vo);
  auto* vpos = value->add_option("position", va.text, kPositionHelp)->type_name("POSITION");
  value->add_flag("--stdin", va.from_stdin, "read positions from standard input, one per line; one answer each");
  value
      ->add_option("--save", vfiles.save,
                   "boards and graphs: write the search's table to FILE at the end, or when a limit or Ctrl-C "
                   "stops it, to go on from with --load")
      ->type_name("FILE")
      ->each(file_path("--save"));
  value->add_option("--load", vfiles.load, "boards and graphs: start the search from the table in FILE (--save's)")
      ->type_name("FILE")
      ->each(file_path("--load"));
  value->footer(
      "Example: grundy value nim -p heaps=3 --pass 3,5,7,1\n"
      "Example: printf '3,5,7\\n1,2,3\\n' | grundy value nim -p heaps=3 --stdin --format csv\n"
      "Example: grundy value cram -p board=5x9 --max-seconds 600 --save cram5x9.tt  (later: --load cram5x9.tt)");
  on_run(value, vo.limit, [vpos](const runtime::Limits& limits) {
    va.given = vpos->count() > 0;
    if (!va.from_stdin) take_arity_from(vo, va.text);
    with_output(vo.output, [&](std::ostream& out) { run_value(out, vo, va, vfiles, limits); });
  });

  auto* moves = app.add_subcommand("moves", "every option of a position with its value; winning moves marked");
  add_game_options(moves, mo);
  auto* mpos = moves->add_option("position", ma.text, kPositionHelp)->type_name("POSITION");
  moves->add_flag("--stdin", ma.from_stdin, "read positions from standard input, one per line");
  moves->footer("Example: grundy moves subtraction -p set=2,12,14 --pass 20,1");
  on_run(moves, mo.limit, [mpos](const runtime::Limits& limits) {
    ma.given = mpos->count() > 0;
    if (!ma.from_stdin) take_arity_from(mo, ma.text);
    with_output(mo.output, [&](std::ostream& out) { run_moves(out, mo, ma, limits); });
  });
}

}  // namespace grundy::cli
