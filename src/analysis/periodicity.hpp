#pragma once

// Ultimate (arithmetic) periodicity of sequences of Grundy values, in CGSuite's terms
// Periodicity(period, preperiod, saltus): a(n + period) = a(n) + saltus for every n >= preperiod.
//
// For a general sequence this is only ever observed on the computed range. For one-heap
// subtraction games (with or without passes) it is proven: for x >= max(S) every move exists
// and the pass is legal, so the values at x are a fixed function of the values at
// x - max(S) .. x - 1 (all layers); once max(S) consecutive heap sizes repeat after `period`,
// everything after them repeats too (games::find_subtraction_period does the constant-memory
// search and finds the least start and period).

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/model/position.hpp"
#include "games/subtraction.hpp"
#include "games/subtraction_solver.hpp"
#include "runtime/memory.hpp"

namespace grundy::analysis {

struct Periodicity {
  bool found = false;
  std::int64_t preperiod = 0;
  std::int64_t period = 0;
  std::int64_t saltus = 0;
  bool proven = false;         // by the subtraction-game criterion, for every n
  std::int64_t observed = 0;   // the relation was checked on n in [preperiod, observed - period)
};

// The periodicity explaining a[0 .. n) with the least preperiod + period (ties: the least
// period), among periods up to n / 2 whose relation holds on at least one full period after the
// preperiod (n - preperiod >= 2 * period) with a saltus >= 0 (values are >= 0, so a negative
// saltus cannot go on). Not found when no period qualifies. Observed only.
Periodicity find_periodicity(std::span<const std::int64_t> a);
Periodicity find_periodicity(std::span<const core::Value> a);

// The obviously-correct twin: tries every (period, preperiod) pair in the same order.
Periodicity find_periodicity_naive(std::span<const std::int64_t> a);

// "period 4 after preperiod 0" / "period 1, saltus 1" / "no period with 2 full repetitions".
std::string describe(const Periodicity& p);

// A one-heap subtraction game with K passes, as `seq` and `value` see it.
using SubtractionSeq = games::SubtractionGame;

// The proven period of a subtraction game, searched up to `limit` heap sizes (all layers
// together; saltus 0). Not found: found = false, observed = the heap sizes searched.
Periodicity subtraction_periodicity(const SubtractionSeq& s, std::int64_t limit,
                                    std::uint64_t memory_limit = runtime::default_memory_limit());

// G(x, layer) for any x >= 0 from a proven period: the sweep runs only to preperiod + period.
core::Value value_from_period(const SubtractionSeq& s, const Periodicity& per, std::int64_t x, int layer);

}  // namespace grundy::analysis
