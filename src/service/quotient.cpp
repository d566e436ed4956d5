#include "service/quotient.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <ostream>

#include "core/model/parse.hpp"
#include "games/octal.hpp"
#include "runtime/errors.hpp"
#include "runtime/memory.hpp"
#include "runtime/progress.hpp"

namespace grundy::service {

namespace {

constexpr const char* kCovered =
    "the misere quotient covers heap games: take-and-break codes (octal) and subtraction games, under "
    "misere play (--misere may be given or not), with or without shared passes (--pass, --passes, "
    "--pass-from-terminal); not --forbid";

// The subject's heap game as its family gives it: the game is the same in normal and misere play,
// and the passes are the quotient's own, so it is asked for without either.
Subject plain_heap_game(const Subject& s) {
  Subject normal{s.game, core::Evaluation::Grundy, s.spec};
  normal.spec->transforms.misere = false;
  normal.spec->transforms.passes = 0;
  normal.spec->transforms.pass_from_terminal = false;
  return normal;
}

analysis::SharedPasses passes_of(const Subject& s) {
  return {s.spec->transforms.passes, s.spec->transforms.pass_from_terminal};
}

}  // namespace

std::optional<analysis::HeapMoves> heap_game_of(const Subject& s) {
  if (!s.spec || !s.spec->transforms.forbid.empty()) return std::nullopt;
  const Subject normal = plain_heap_game(s);
  if (auto code = octal_of(normal))
    return [code = *code](std::int64_t n, core::FunctionRef<void(const std::int64_t*, int)> sink) {
      games::for_each_heap_move(code, n, [&](const std::int64_t* parts, int count) { sink(parts, count); });
    };
  if (auto sub = subtraction_of(normal))
    return [set = sub->game.set()](std::int64_t n, core::FunctionRef<void(const std::int64_t*, int)> sink) {
      for (std::int64_t m : set) {
        if (m > n) break;
        const std::int64_t left = n - m;
        sink(&left, left > 0 ? 1 : 0);
      }
    };
  return std::nullopt;
}

analysis::HeapMoves heap_moves_of(const Subject& s) {
  if (auto moves = heap_game_of(s)) return std::move(*moves);
  throw runtime::UserError("quotient: " + (s.spec ? s.game.name() + ": " : std::string()) + kCovered);
}

std::optional<analysis::HeapMoves> misere_positions_by_quotient(const Subject& s) {
  if (s.eval != core::Evaluation::MisereOutcome) return std::nullopt;
  auto moves = heap_game_of(s);
  if (!moves || s.game.arity() - (has_pass_counter(s) ? 1 : 0) >= 2) return moves;
  // One heap: a code whose moves leave two heaps or more makes positions of several.
  const auto code = octal_of(plain_heap_game(s));
  if (!code || code->max_parts() < 2) return std::nullopt;
  return moves;
}

bool has_pass_counter(const Subject& s) {
  const auto ranges = s.game.coordinate_ranges();
  return !ranges.empty() && ranges.back().pass_counter;
}

std::optional<analysis::MisereQuotient> route_quotient(const Subject& s, const analysis::HeapMoves& moves,
                                                       std::int64_t size, std::uint64_t memory_limit,
                                                       std::string& why) {
  runtime::Limits limits;
  limits.memory = std::min(memory_limit, kRouteMemory);
  analysis::MisereQuotient q = analysis::misere_quotient(moves, passes_of(s), size, limits);
  if (q.memory_reached) {
    why = "the misere quotient of heaps 0.." + std::to_string(size - 1) + " needs more than " +
          runtime::human_bytes(limits.memory) + " (it holds heaps 0.." + std::to_string(q.size - 1) + ")";
    return std::nullopt;
  }
  if (!q.stopped.empty()) throw runtime::Interrupted(q.stopped + std::string(runtime::kNothingWritten));
  return q;
}

bool quotient_p(const analysis::MisereQuotient& q, const core::Position& pos, bool pass_counter,
                std::vector<std::int64_t>& heaps) {
  const auto coords = pos.coords();
  heaps.assign(coords.begin(), coords.end() - (pass_counter ? 1 : 0));
  return pass_counter ? q.is_p(heaps, static_cast<int>(pos[pos.size() - 1])) : q.is_p(heaps);
}

std::string quotient_route(const analysis::MisereQuotient& q) {
  return "misere quotient of heaps 0.." + std::to_string(q.size - 1) + ", order " + std::to_string(q.order());
}

analysis::MisereQuotient quotient(const Subject& s, std::int64_t size, const runtime::Limits& limits) {
  const analysis::HeapMoves moves = heap_moves_of(s);
  return analysis::misere_quotient(moves, passes_of(s), size, limits);
}

std::string element_text(const analysis::MisereQuotient& q, int x) {
  const auto& w = q.word[static_cast<std::size_t>(x)];
  if (w.empty()) return "0";
  std::string s;
  for (std::int64_t h : w) s += (s.empty() ? "" : "+") + std::to_string(h);
  return s;
}

std::vector<std::vector<std::int64_t>> parse_heap_lists(const std::vector<std::string>& texts, std::int64_t size,
                                                        const std::string& what) {
  std::vector<std::vector<std::int64_t>> out;
  for (const std::string& t : texts) out.push_back(core::parse_int_list(t, what, 0, size - 1));
  return out;
}

void write_quotient_json(std::ostream& out, const std::string& game, const analysis::MisereQuotient& q,
                         const std::vector<std::vector<std::int64_t>>& positions) {
  nlohmann::json j;
  j["game"] = game;
  j["asked"] = q.asked;
  j["size"] = q.size;
  j["complete"] = q.stopped.empty();
  if (!q.stopped.empty()) j["stopped"] = q.stopped;
  j["passes"] = q.passes.count;
  j["pass_from_terminal"] = q.passes.from_terminal;
  j["order"] = q.order();
  j["p_count"] = q.p_count();
  j["same_since"] = q.same_since();
  j["stable"] = q.stable_observed() ? "observed" : "not observed";
  j["orders"] = q.order_at;
  j["heaps"] = q.heap_element;
  const analysis::Presentation p = analysis::presentation_of(q);
  nlohmann::json generators = nlohmann::json::array();
  for (std::size_t g = 0; g < p.generator_heap.size(); ++g)
    generators.push_back({{"name", analysis::Presentation::name(g)}, {"heap", p.generator_heap[g]}});
  j["generators"] = generators;
  nlohmann::json relations = nlohmann::json::array();
  for (const auto& [left, right] : p.relations)
    relations.push_back({analysis::Presentation::word(left), analysis::Presentation::word(right)});
  j["relations"] = relations;
  nlohmann::json pretending = nlohmann::json::array();
  for (int x : q.heap_element) pretending.push_back(p.element(x));
  j["pretending"] = pretending;
  nlohmann::json elements = nlohmann::json::array();
  for (int x = 0; x < q.order(); ++x)
    elements.push_back({{"id", x},
                        {"word", p.element(x)},
                        {"position", q.word[static_cast<std::size_t>(x)]},
                        {"p", static_cast<bool>(q.p_portion[static_cast<std::size_t>(x)])}});
  if (q.passes.count > 0)
    for (int x = 0; x < q.order(); ++x) {
      nlohmann::json left = nlohmann::json::array();
      for (const auto& portion : q.p_portion_left)
        left.push_back(static_cast<bool>(portion[static_cast<std::size_t>(x)]));
      elements[static_cast<std::size_t>(x)]["p_with_passes_left"] = left;
    }
  j["elements"] = elements;
  j["product"] = q.product;
  if (!positions.empty()) {
    nlohmann::json answers = nlohmann::json::array();
    for (const auto& heaps : positions) {
      const bool reached = std::all_of(heaps.begin(), heaps.end(), [&](std::int64_t h) { return h < q.size; });
      nlohmann::json a{{"heaps", heaps}, {"element", nullptr}, {"p", nullptr}};
      if (reached) {
        const int x = q.element_of(heaps);
        a["element"] = p.element(x);
        a["p"] = static_cast<bool>(q.p_portion[static_cast<std::size_t>(x)]);
      }
      answers.push_back(a);
    }
    j["positions"] = answers;
  }
  out << j.dump() << "\n";
}

}  // namespace grundy::service
