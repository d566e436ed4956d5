#pragma once

// The values (or outcomes) of single positions, one after another: what `value`, `moves` and
// `play` answer, the explorer's moves and Python's value(), values() and moves(). One route for
// all of them: a huge one-heap subtraction heap from its proven period, the misère outcome of a
// position of several heaps from the game's misère quotient, anything else by the value
// oracle's fastest route (a closed form, the family's own solver, a table of the box below the
// positions asked, or the memo solver).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analysis/misere_quotient.hpp"
#include "analysis/periodicity.hpp"
#include "pipeline/oracle.hpp"
#include "pipeline/solve.hpp"
#include "runtime/limits.hpp"
#include "service/subject.hpp"

namespace grundy::service {

// G(x, p) of a subtraction game with a huge heap from the proven period (nothing below 2^24 heap
// sizes, or if no period is proven within 2^28 heap sizes; the ordinary path then answers or
// refuses). The period is searched once, however many positions are asked. Take-and-break
// games answer huge heaps by their own position solver (games::OctalHeapValues), which says so.
class PeriodRoute {
 public:
  PeriodRoute(const Subject& s, std::uint64_t memory_limit) : s_(s), memory_limit_(memory_limit) {}

  // The value, and a note saying where it came from ("from the proven period 4 after ...").
  std::optional<std::pair<core::Value, std::string>> value(const core::Position& pos);

 private:
  const Subject& s_;
  std::uint64_t memory_limit_;
  bool searched_ = false;
  std::optional<analysis::SubtractionSeq> seq_;
  analysis::Periodicity per_;
};

// The misère outcome of a position the quotient answers (service::misere_positions_by_quotient)
// from the quotient: whether the product of its heaps' elements lies in the P-portion of the
// passes left. The quotient is learnt up to the largest heap asked (by half again at least, so a
// stream of questions costs a few) within kRouteMemory; a game whose quotient needs more is left
// to the whole-position solver from then on, and gave_up() says why.
class QuotientRoute {
 public:
  QuotientRoute(const Subject& s, std::uint64_t memory_limit);

  // The outcome (0: P, 1: N), and a note saying where it came from ("from the misere quotient
  // of heaps 0..19, order 8").
  std::optional<std::pair<core::Value, std::string>> value(const core::Position& pos);
  const std::string& gave_up() const { return gave_up_; }

 private:
  const Subject& s_;
  std::optional<analysis::HeapMoves> moves_;  // none: the route does not apply, or gave up
  std::string gave_up_;
  std::uint64_t memory_;
  bool pass_counter_ = false;  // the position's last coordinate is the passes left
  analysis::MisereQuotient q_;
};

class PositionValues {
 public:
  // Within `limits.memory`; the stops of `limits` are the caller's to put in force (StopScope).
  PositionValues(Subject s, const runtime::Limits& limits)
      : subject_(std::move(s)),
        period_(subject_, limits.memory),
        quotient_(subject_, limits.memory),
        oracle_(subject_.game, subject_.eval, limits.memory) {}
  PositionValues(const PositionValues&) = delete;
  PositionValues& operator=(const PositionValues&) = delete;

  core::Value value(const core::Position& p);
  // Which route answered the last value(), when the output should say ("from the proven period
  // 12 after preperiod 71", "table of 4,194,304 positions, line sweep"); may be empty.
  const std::string& route() const { return route_; }
  const Subject& subject() const { return subject_; }
  core::Evaluation eval() const { return subject_.eval; }
  // The transposition table of the family's search (boards, graphs), or none.
  core::SearchTable* search_table() { return oracle_.search_table(); }

 private:
  Subject subject_;
  PeriodRoute period_;
  QuotientRoute quotient_;
  pipeline::ValueOracle oracle_;
  std::string route_;
};

// The values of positions with a search's table kept in a file between runs (`value --load`,
// `value --save`): loaded before the first value; saved after the last, and when a stop (a
// deadline, Ctrl-C) ends the run half-way, whose Interrupted then says where the table is kept,
// so that the next run goes on from it. For games solved by a search (boards and graphs in
// normal play): any other is a UserError.
void with_search_files(PositionValues& values, const pipeline::TableFiles& files, const std::function<void()>& each);

// A position, its value, and every option with its value (0: a winning move), in the order the
// ruleset gives them.
struct Moves {
  core::Position position;
  core::Value value = 0;
  std::vector<std::pair<core::Position, core::Value>> options;
};

// The moves of `pos`: its value first (a refusal for memory comes before the options are
// listed), then its options, counted before they are kept: more than `max_moves` (a huge
// take-and-break heap has millions) is a UserError saying so and `too_many` (how the face
// says what to do instead), and the list is memory-guarded within `memory_limit`.
Moves moves(PositionValues& values, const core::Position& pos, std::uint64_t max_moves, std::uint64_t memory_limit,
            const std::string& too_many);

}  // namespace grundy::service
