#include "games/subtraction_solver.hpp"

#include <algorithm>

#include "runtime/errors.hpp"
#include "runtime/memory.hpp"
#include "runtime/progress.hpp"

namespace grundy::games {

namespace {

// The heap sizes a ring holds: max(S) + 1, or every heap asked for when there are fewer.
std::uint64_t ring_heaps(const Subtraction& game, std::int64_t heaps) {
  return std::bit_ceil(static_cast<std::uint64_t>(std::min(game.max_move() + 1, std::max<std::int64_t>(heaps, 1))));
}

}  // namespace

std::uint64_t SubtractionSweep::memory_bytes(const Subtraction& game, int passes, std::int64_t heaps) {
  return ring_heaps(game, heaps) * static_cast<std::uint64_t>(passes + 1) * sizeof(core::Value);
}

SubtractionSweep::SubtractionSweep(const Subtraction& game, int passes, bool pass_from_terminal,
                                   std::uint64_t memory_limit, std::int64_t heaps)
    : set_(game.set()), passes_(passes), from_terminal_(pass_from_terminal), heaps_(heaps) {
  if (set_.empty() || set_.front() <= 0)
    throw runtime::EngineError(game.name() + ": the subtraction set must be positive");
  if (passes < 0 || passes > 64) throw runtime::UserError("--passes " + std::to_string(passes) + ": allowed 0..64");
  runtime::ensure_fits(memory_bytes(game, passes, heaps), memory_limit ? memory_limit : runtime::default_memory_limit(),
                       "a sweep of " + game.name() + " (a ring of max(S) + 1 heap sizes)");
  small_ = set_.size() + 1 < 64;
  mask_ = static_cast<std::size_t>(ring_heaps(game, heaps) - 1);
  ring_.assign((mask_ + 1) * static_cast<std::size_t>(passes + 1), 0);
}

void subtraction_values(const Subtraction& game, int passes, bool pass_from_terminal, int layer,
                        std::span<core::Value> out) {
  if (layer < 0 || layer > passes)
    throw runtime::EngineError("subtraction_values: layer " + std::to_string(layer) + " outside 0.." +
                               std::to_string(passes));
  SubtractionSweep sweep(game, passes, pass_from_terminal, 0, static_cast<std::int64_t>(out.size()));
  for (core::Value& v : out) v = sweep.step()[static_cast<std::size_t>(layer)];
}

SubtractionPeriod find_subtraction_period(const Subtraction& game, int passes, bool pass_from_terminal,
                                          std::int64_t limit, std::uint64_t memory_limit) {
  SubtractionPeriod r;
  const std::int64_t m = game.max_move();
  if (m >= limit) {  // not even one window of max(S) heap sizes and its successor fit in the limit
    r.searched = std::max<std::int64_t>(limit, 0);
    return r;
  }
  const auto width = static_cast<std::size_t>(m) * static_cast<std::size_t>(passes + 1);
  runtime::ensure_fits(core::add_bytes(core::mul_bytes(3, SubtractionSweep::memory_bytes(game, passes)),
                                       core::mul_bytes(width, sizeof(core::Value))),
                       memory_limit, "the period search of " + game.name());
  SubtractionSweep hare(game, passes, pass_from_terminal);
  const int layers = hare.layers();

  // A rolling hash of the window of the last m heap sizes (each heap size's layers first folded
  // into one word). Equal hashes are confirmed element by element, so collisions cost time only.
  constexpr std::uint64_t kBase = 0x100000001b3ULL;
  std::uint64_t base_pow_m = 1;
  for (std::int64_t i = 0; i < m; ++i) base_pow_m *= kBase;
  auto code = [&](std::int64_t x) {
    std::uint64_t c = 0;
    for (int p = 0; p < layers; ++p) c = c * 0x9e3779b97f4a7c15ULL + hare.at(x, p) + 1;
    return c;
  };
  std::uint64_t hash = 0;
  runtime::StopPoll poll;
  auto advance = [&] {
    poll();
    hare.step();
    const std::int64_t x = hare.next_x() - 1;
    hash = hash * kBase + code(x);
    if (x >= m) hash -= code(x - m) * base_pow_m;
  };
  std::vector<core::Value> saved(width);
  std::uint64_t saved_hash = 0;
  auto save = [&] {
    const std::int64_t first = hare.next_x() - m;
    for (std::int64_t i = 0; i < m; ++i)
      for (int p = 0; p < layers; ++p) saved[static_cast<std::size_t>(i * layers + p)] = hare.at(first + i, p);
    saved_hash = hash;
  };
  auto same_as_saved = [&] {
    if (hash != saved_hash) return false;
    const std::int64_t first = hare.next_x() - m;
    for (std::int64_t i = 0; i < m; ++i)
      for (int p = 0; p < layers; ++p)
        if (saved[static_cast<std::size_t>(i * layers + p)] != hare.at(first + i, p)) return false;
    return true;
  };

  // Brent: the state after heap size x - 1 is the window x - m .. x - 1; from x = m on it
  // evolves by a fixed map. The tortoise (saved) jumps to the hare at powers of two.
  for (std::int64_t x = 0; x < m; ++x) advance();
  if (hare.next_x() >= limit) {
    r.searched = hare.next_x();
    return r;
  }
  save();
  advance();
  std::int64_t power = 1, lambda = 1;
  while (!same_as_saved()) {
    if (hare.next_x() >= limit) {
      r.searched = hare.next_x();
      return r;
    }
    if (power == lambda) {
      save();
      power *= 2;
      lambda = 0;
    }
    advance();
    ++lambda;
  }
  r.searched = hare.next_x();
  r.period = lambda;

  // The least start: the first run of m consecutive heap sizes y with G(y) = G(y + period) (every
  // layer) proves the repetition from its first element on, and any mismatch before it rules out
  // an earlier start.
  SubtractionSweep lead(game, passes, pass_from_terminal), trail(game, passes, pass_from_terminal);
  for (std::int64_t i = 0; i < lambda; ++i) lead.step();
  std::int64_t run_start = 0;
  for (std::int64_t y = 0;; ++y) {
    poll();
    const auto a = trail.step();
    const auto b = lead.step();
    if (!std::equal(a.begin(), a.end(), b.begin())) run_start = y + 1;
    if (y - run_start + 1 >= m) break;
    if (y > r.searched)
      throw runtime::EngineError(game.name() + ": period " + std::to_string(lambda) + " found but its start was not");
  }
  r.start = run_start;
  r.found = true;
  return r;
}

}  // namespace grundy::games
