#pragma once

// The reverse-mex property of a subtraction game, with or without passes (the subtraction
// paper's abstract: "G(x) = mex{G(x+s_1), G(x+s_2), G(x+s_3)}, where the mex is taken over
// successors rather than predecessors").
//
// Definition used here. The successors of a position q are the positions that have q as an
// option (from which q is reached in one move). The property holds at q when
//   G(q) = mex{ G(r) : r a successor of q }.
// For the subtraction game with S and K passes, positions (x, p) with p passes left:
//   successors(x, p) = { (x + s, p) : s in S }
//                    U { (x, p + 1) }  if p < K and the pass from (x, p + 1) is legal, i.e.
//                                      x >= min(S) (x not terminal) or passes from terminal
//                                      positions are allowed.
// Without a pass this is the abstract's formula. With the one-time pass (K = 1) it reads
//   G(x, 1) = mex{ G(x + s, 1) : s in S }                     (pass still available)
//   G(x, 0) = mex({ G(x + s, 0) : s in S } U { G(x, 1) })      (pass used; G(x, 1) only if the
//                                                               pass from (x, 1) is legal)
// Every position has successors (x + s is always a position), so the property is defined at
// every (x, p).

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/model/position.hpp"
#include "games/subtraction.hpp"
#include "games/subtraction_solver.hpp"

namespace grundy::analysis {

// first..last, both included.
struct IntRun {
  std::int64_t first = 0;
  std::int64_t last = 0;
  friend bool operator==(const IntRun&, const IntRun&) = default;
};

// One position where the property fails, with what its successors hold.
struct ReverseMexFailure {
  std::int64_t x = 0;
  int p = 0;
  core::Position position;                                         // (x) without a pass, else (x, p)
  core::Value value = 0;                                           // G(x, p)
  core::Value successor_mex = 0;                                   // mex over the successors
  std::vector<std::pair<core::Position, core::Value>> successors;  // (x', p') and G(x', p')
};

// Where the property fails on one pass layer p, for x in [0, size):
//   * every failing x below `periodic_from` is listed in `runs`;
//   * from `periodic_from` on (when >= 0), x fails iff x mod `period` lies in `residues`
//     (empty residues: the property holds for every x >= periodic_from). This part is proven
//     for every x >= periodic_from, not only inside the range: the values of G are periodic from
//     some point (games::find_subtraction_period), and the property at x depends only on
//     G(x .. x + max(S)).
struct ReverseMexLayer {
  int p = 0;
  std::int64_t checked = 0;   // positions x in [0, size)
  std::int64_t failures = 0;  // exact count of failing x in [0, size)
  std::vector<IntRun> runs;
  bool truncated = false;  // runs cut after kMaxRuns (the count stays exact)
  std::int64_t periodic_from = -1;
  std::int64_t period = 0;
  std::vector<IntRun> residues;             // sub-ranges of 0 .. period-1
  std::vector<ReverseMexFailure> examples;  // the first few failures

  bool holds() const { return failures == 0; }
  // Does the description above say that x fails? (Within [0, size) or beyond, where proven.)
  bool predicts_failure(std::int64_t x) const;
};

struct ReverseMexOptions {
  // Sweep every x in [0, size) directly, even where the periodicity already decides it, and
  // check the sweep against the periodic description (an EngineError if they ever disagree).
  bool sweep_all = false;
  std::size_t max_runs = 10000;  // per layer
  std::size_t max_examples = 5;  // per layer
};

struct ReverseMexReport {
  std::string game;  // e.g. "subtraction(set=2,12,14) + pass"
  std::vector<std::int64_t> set;
  int passes = 0;
  bool pass_from_terminal = false;
  std::int64_t size = 0;
  games::SubtractionPeriod values_period;  // of G itself (every layer)
  std::int64_t swept = 0;                  // heap sizes whose values were computed
  std::int64_t checked_directly = 0;       // x in [0, checked_directly) checked one by one
  std::vector<ReverseMexLayer> layers;     // p = K down to 0

  bool holds() const;
  std::int64_t failures() const;
};

// The property on x in [0, size) (every pass layer), by the fast sweep: the values are computed
// up to size + max(S), or only until their period is established, and checked in a stream, so
// memory stays constant however large `size` is.
ReverseMexReport reverse_mex(const games::Subtraction& game, int passes, bool pass_from_terminal, std::int64_t size,
                             const ReverseMexOptions& options = {});

// The definition above as one line for this game, for reports: "G(x,p) = mex{...}".
std::string reverse_mex_definition(int passes, bool pass_from_terminal);

// "x = 14..15, 18..19" / "x mod 3 = 2 for x >= 2" / "holds for every x >= 46": one layer in words.
std::string describe_failures(const ReverseMexLayer& layer);

// "G(14,1) = 4 but its successors (16,1), (26,1), (28,1) have 0, 0, 1: mex 2".
std::string describe(const ReverseMexFailure& f);

// "3, 5..7" for runs.
std::string runs_text(const std::vector<IntRun>& runs, std::size_t max_shown = 20);

}  // namespace grundy::analysis
