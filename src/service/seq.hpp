#pragma once

// The value sequence of a one-heap game (one coordinate, plus p with a pass), with its
// periodicity. The route and the proof are the family's (service::subtraction_of,
// service::octal_of): a subtraction game's sweep and its period proven once max(S) heap sizes
// repeat; a take-and-break game's sparse-space sweep and its period proven by the octal
// periodicity theorem; any other game's table, with the period observed on it. `seq` of the
// CLI, the explorer's kind=seq, Python's seq() and the atlas all take this one route.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "analysis/periodicity.hpp"
#include "pipeline/solve.hpp"
#include "runtime/limits.hpp"
#include "service/subject.hpp"

namespace grundy::service {

struct SeqResult {
  std::vector<std::vector<core::Value>> layers;  // layers[p][x], x < the size asked
  analysis::Periodicity period;                  // of all layers together
  std::string why;                               // the proof, or how far it was observed
  std::int64_t checked_up_to = 0;                // the largest heap size the sweep computed and read
};

// `search`: how far the period is searched (the sweep may run past `size` that far); 0 for the
// game's default, default_seq_search. `files`: take-and-break games only: --load resumes the
// sweep from a sequence file, --save writes every value swept (after each step of the period
// search, so an interrupted run keeps the last one, and says so). Within `limits.memory`.
SeqResult seq(const Subject& s, std::int64_t size, std::int64_t search, const pipeline::TableFiles& files,
              const runtime::Limits& limits);
// 2^24 heap sizes; 2^20 for take-and-break games, whose sweep costs microseconds a heap size
// (2^24 would keep an unsolved game's seq busy for minutes).
std::int64_t default_seq_search(const Subject& s);
// "proven", "observed" or "none".
std::string seq_status(const analysis::Periodicity& p);

// The JSON of `seq --format json`: game, size, status, preperiod, period, saltus,
// checked_up_to, values (a list, or one a pass layer), why; the values streamed.
void write_seq_json(std::ostream& out, const std::string& game, std::int64_t size, const SeqResult& r);

}  // namespace grundy::service
