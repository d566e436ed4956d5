#include "service/values.hpp"

#include <algorithm>

#include "core/solve/route.hpp"
#include "io/table_file.hpp"
#include "runtime/errors.hpp"
#include "runtime/memory.hpp"
#include "service/quotient.hpp"

namespace grundy::service {

namespace {

// Heap sizes from which a one-heap subtraction game is answered from its proven period rather
// than by a sweep up to the heap size itself.
constexpr std::int64_t kPeriodFrom = std::int64_t{1} << 24;
constexpr std::int64_t kPeriodSearch = std::int64_t{1} << 28;

}  // namespace

std::optional<std::pair<core::Value, std::string>> PeriodRoute::value(const core::Position& pos) {
  std::int64_t largest = 0;
  for (int i = 0; i < pos.size(); ++i) largest = std::max(largest, pos[i]);
  if (largest < kPeriodFrom) return std::nullopt;
  if (!searched_) {
    searched_ = true;
    seq_ = subtraction_of(s_);
    // A search the memory limit refuses leaves the heap to the ordinary path, which answers
    // it or refuses it with its own estimate.
    if (seq_) try {
        per_ = analysis::subtraction_periodicity(*seq_, kPeriodSearch, memory_limit_);
      } catch (const runtime::TooLarge&) {
        per_ = analysis::Periodicity{};
      }
  }
  if (!seq_ || !per_.found) return std::nullopt;
  const core::Value v = analysis::value_from_period(*seq_, per_, pos[0], pos.size() > 1 ? static_cast<int>(pos[1]) : 0);
  return std::make_pair(v, "from the proven period " + std::to_string(per_.period) + " after preperiod " +
                               std::to_string(per_.preperiod));
}

QuotientRoute::QuotientRoute(const Subject& s, std::uint64_t memory_limit)
    : s_(s), moves_(misere_positions_by_quotient(s)), memory_(memory_limit), pass_counter_(has_pass_counter(s)) {}

std::optional<std::pair<core::Value, std::string>> QuotientRoute::value(const core::Position& pos) {
  if (!moves_) return std::nullopt;
  std::int64_t largest = 0;
  for (int i = 0; i < pos.size() - (pass_counter_ ? 1 : 0); ++i) largest = std::max(largest, pos[i]);
  if (largest >= q_.size) {
    if (largest >= analysis::kLargestHeapBound) return std::nullopt;
    auto learnt =
        route_quotient(s_, *moves_, std::min(std::max(largest + 1, q_.size + q_.size / 2), analysis::kLargestHeapBound),
                       memory_, gave_up_);
    if (!learnt) {
      moves_.reset();  // past what the route may hold: the whole-position solver answers from now on
      return std::nullopt;
    }
    q_ = std::move(*learnt);
  }
  std::vector<std::int64_t> heaps;
  const bool p = quotient_p(q_, pos, pass_counter_, heaps);
  return std::make_pair(core::Value{p ? 0U : 1U}, "from the " + quotient_route(q_));
}

core::Value PositionValues::value(const core::Position& p) {
  if (auto pv = period_.value(p)) {
    route_ = std::move(pv->second);
    return pv->first;
  }
  if (auto pv = quotient_.value(p)) {
    route_ = std::move(pv->second);
    return pv->first;
  }
  const core::Value v = after_quotient(quotient_.gave_up(), [&] { return oracle_.value(p); });
  route_ = oracle_.route();
  return v;
}

Moves moves(PositionValues& values, const core::Position& pos, std::uint64_t max_moves, std::uint64_t memory_limit,
            const std::string& too_many) {
  const core::Game& game = values.subject().game;
  Moves m;
  m.position = pos;
  m.value = values.value(pos);
  std::uint64_t count = 0;
  game.for_each_option(pos, [&](const core::Position&) {
    if (++count > max_moves)
      throw runtime::UserError("position " + game.position_text(pos) + " has more than " + std::to_string(max_moves) +
                               " moves; " + too_many);
  });
  runtime::ensure_fits(core::mul_bytes(count, sizeof(std::pair<core::Position, core::Value>)), memory_limit,
                       "the list of the " + std::to_string(count) + " moves of position " + game.position_text(pos));
  m.options.reserve(count);
  game.for_each_option(pos, [&](const core::Position& opt) { m.options.emplace_back(opt, 0); });
  for (auto& [opt, v] : m.options) v = values.value(opt);
  return m;
}

namespace {

core::SearchTable& search_table_of(PositionValues& values, const std::string& flag) {
  core::SearchTable* t = values.search_table();
  if (t == nullptr)
    throw runtime::UserError(flag + ": " + values.subject().game.name() +
                             (values.eval() == core::Evaluation::MisereOutcome ? " under misere play" : "") +
                             " is not solved by a search, whose table a file keeps; `table --save` keeps tables");
  return *t;
}

}  // namespace

void with_search_files(PositionValues& values, const pipeline::TableFiles& files, const std::function<void()>& each) {
  const std::string& game = values.subject().game.name();
  if (!files.load.empty()) io::load_search_table(files.load, game, search_table_of(values, "--load"));
  if (!files.save.empty()) (void)search_table_of(values, "--save");  // refused before the work, not after
  try {
    each();
  } catch (const runtime::Interrupted& e) {
    if (files.save.empty()) throw;
    io::save_search_table(files.save, game, search_table_of(values, "--save"));
    throw runtime::kept_on_stop(e, "--save " + files.save + " holds the search's table: run again with --load " +
                                       files.save + " to go on from it");
  }
  if (!files.save.empty()) io::save_search_table(files.save, game, search_table_of(values, "--save"));
}

}  // namespace grundy::service
