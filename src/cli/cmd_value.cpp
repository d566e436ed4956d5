#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/analysis_common.hpp"
#include "cli/game_options.hpp"
#include "core/memory.hpp"
#include "core/route.hpp"
#include "core/solve.hpp"

namespace grundy::cli {

namespace {

// Values of a position and of its options. Where the game's moves have a known order, the box
// below the position is swept densely (memory-guarded); otherwise the memo solver answers.
class Evaluator {
 public:
  Evaluator(const core::Game& game, const core::Position& pos, core::Evaluation eval, std::uint64_t limit)
      : eval_(eval) {
    if (game.options_precede() || game.has_rank())
      table_ = core::solve_guarded(game, core::box_below(pos), eval, limit);
    else
      memo_ = game.make_solver(eval, std::max<std::uint64_t>(limit / core::kMemoBytesPerPosition, 1));
  }
  core::Value value(const core::Position& p) { return memo_ ? memo_->value(p) : table_.at(p); }
  core::Evaluation eval() const { return eval_; }

 private:
  core::Evaluation eval_;
  core::DenseTable table_;
  std::unique_ptr<core::PositionSolver> memo_;
};

std::string outcome_word(core::Value v) { return v == 0 ? "P" : "N"; }

// Heap sizes from which a one-heap subtraction game is answered from its proven period rather
// than by a sweep up to the heap size itself.
constexpr std::int64_t kPeriodFrom = std::int64_t{1} << 24;
constexpr std::int64_t kPeriodSearch = std::int64_t{1} << 28;

// G(x, p) of a subtraction game with a huge heap, from the proven period (nothing if no period
// turns up within kPeriodSearch heap sizes: the ordinary path then answers or refuses).
std::optional<std::pair<core::Value, std::string>> value_from_period(const GameOptions& o, const core::Position& pos) {
  if (pos[0] < kPeriodFrom) return std::nullopt;
  const auto s = subtraction_seq(o);
  if (!s) return std::nullopt;
  const analysis::Periodicity per = analysis::subtraction_periodicity(*s, kPeriodSearch);
  if (!per.found) return std::nullopt;
  const core::Value v = analysis::value_from_period(*s, per, pos[0], pos.size() > 1 ? static_cast<int>(pos[1]) : 0);
  return std::make_pair(v, "(from the proven period " + std::to_string(per.period) + " after preperiod " +
                               std::to_string(per.preperiod) + ")");
}

void run_value(const GameOptions& o, const std::string& text) {
  const core::Game game = o.game();
  const core::Position pos = checked_position(game, text);
  const io::Format f = o.output_format();
  if (const auto pv = value_from_period(o, pos)) {
    const core::Value v = pv->first;
    if (f == io::Format::Text)
      std::cout << "G(" << core::to_string(pos) << ") = " << v << "  (" << outcome_word(v) << "-position)  in "
                << game.name() << "  " << pv->second << "\n";
    else
      io::write_cells(std::cout, f, game.name(), game.coordinate_names(), {{pos, v}}, core::Evaluation::Grundy);
    return;
  }
  Evaluator ev(game, pos, o.evaluation(), o.memory_limit());
  const core::Value v = ev.value(pos);
  if (f == io::Format::Text) {
    if (ev.eval() == core::Evaluation::Grundy)
      std::cout << "G(" << core::to_string(pos) << ") = " << v << "  (" << outcome_word(v) << "-position)  in "
                << game.name() << "\n";
    else
      std::cout << "(" << core::to_string(pos) << ") is a " << outcome_word(v) << "-position under misere play  in "
                << game.name() << "\n";
    return;
  }
  io::write_cells(std::cout, f, game.name(), game.coordinate_names(), {{pos, v}}, ev.eval());
}

void run_moves(const GameOptions& o, const std::string& text) {
  const core::Game game = o.game();
  const core::Position pos = checked_position(game, text);
  const io::Format f = o.output_format();
  Evaluator ev(game, pos, o.evaluation(), o.memory_limit());
  std::vector<io::Cell> cells;
  game.for_each_option(pos, [&](const core::Position& opt) { cells.push_back({opt, 0}); });
  for (auto& c : cells) c.value = ev.value(c.pos);
  const core::Value v = ev.value(pos);
  if (f != io::Format::Text) {
    io::write_cells(std::cout, f, game.name(), game.coordinate_names(), cells, ev.eval());
    return;
  }
  std::size_t winning = 0;
  for (const auto& c : cells) winning += c.value == 0;
  std::cout << "(" << core::to_string(pos) << ") in " << game.name() << ": ";
  if (ev.eval() == core::Evaluation::Grundy) std::cout << "G = " << v << ", ";
  std::cout << outcome_word(v) << "-position" << (ev.eval() == core::Evaluation::MisereOutcome ? " (misere)" : "")
            << ", " << cells.size() << " moves, " << winning << " winning\n";
  for (const auto& c : cells) {
    std::cout << "  (" << core::to_string(c.pos) << ")";
    if (ev.eval() == core::Evaluation::Grundy) std::cout << "  G = " << c.value;
    std::cout << "  " << outcome_word(c.value) << (c.value == 0 ? "  <- winning move" : "") << "\n";
  }
}

}  // namespace

void add_value_commands(CLI::App& app) {
  static GameOptions vo, mo;
  static std::string vpos, mpos;
  auto* value = app.add_subcommand("value", "Grundy value and outcome class of one position");
  add_game_options(value, vo);
  value->add_option("position", vpos, "coordinates, comma-separated, pass counter last")->required();
  value->footer("Example: grundy value nim -p heaps=3 --pass 3,5,7,1");
  value->callback([] { run_value(vo, vpos); });

  auto* moves = app.add_subcommand("moves", "every option of a position with its value; winning moves marked");
  add_game_options(moves, mo);
  moves->add_option("position", mpos, "coordinates, comma-separated, pass counter last")->required();
  moves->footer("Example: grundy moves subtraction -p set=2,12,14 --pass 20,1");
  moves->callback([] { run_moves(mo, mpos); });
}

}  // namespace grundy::cli
