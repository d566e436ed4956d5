#pragma once

// The value sequence G(0), G(1), ... of a take-and-break game (games/octal.hpp), by the
// sparse-space method, and its period, proven by the octal periodicity theorem.
//
// Sparse space (Gangolli and Plambeck; Flammenkamp's tables): a bit mask M splits the values
// into a "rare" class, popcount(v & M) even (0 among them), and a "common" class, odd. The rare
// class is closed under xor and rare ^ common is common, so a common value of a split option
// G(a) ^ G(b) needs one rare heap: running over the short list of heap sizes whose value is rare
// finds every common option value of heap n. The smallest common value not among them, c, is
// then G(n) unless a rare value below c is missing too; those are looked for among all splits,
// stopping as soon as every rare value below c has turned up, which in sparse-space games
// happens after a few pairs. The answer is exact for every mask (mask 0 makes every value rare
// and the method the naive one); the mask only decides the speed. It is chosen from the counts
// of the values so far by a Walsh-Hadamard transform (the mask whose even class is the least
// frequent), again each time the sweep doubles. octal_values_naive is the slow twin.
//
// The sweep goes by blocks of consecutive heap sizes. The pairs of a rare heap with a partner
// known before the block are done for the whole block at once, rare heap by rare heap (the
// partners of one rare heap are then consecutive heaps, in cache), by a helper thread one block
// ahead when there are two. The missing rare values are looked for 32 pairs at a time with
// AVX2, or a vector of 64 bytes with AVX-512, where the processor has them.

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/solve/dense_solver.hpp"
#include "core/solve/game.hpp"
#include "core/solve/route.hpp"
#include "games/octal.hpp"
#include "runtime/errors.hpp"
#include "runtime/progress.hpp"

namespace grundy::games {

// G(0 .. n-1) from the definition: every option of every heap (O(n^2), O(n^3) for codes that
// split into three heaps).
std::vector<core::Value> octal_values_naive(const OctalCode& code, std::int64_t n);

// The widest vector instructions OctalSweep may search its missing values with, where the
// processor has them (the widest by default); tests narrow it to check each search against the
// scalar one.
enum class OctalScan { Scalar, Avx2, Avx512 };
void set_octal_scan(OctalScan widest);
// Whether OctalSweep may find the next block's far pairs on a helper thread (on by default,
// with two threads or more; see runtime::solver_threads).
void set_octal_threads(bool on);

// When OctalSweep sweeps by a periodic tail (see find_tail): where it is cheaper (the default),
// never, or wherever a period is seen, costs aside (tests: every tail, and its breaks, against
// the definition).
enum class OctalTail { Never, Auto, Always };
void set_octal_tail(OctalTail when);

class OctalSweep {
 public:
  explicit OctalSweep(OctalCode code);

  // Computes G(x) for every x < n (nothing when they are known). Values are kept in one byte
  // while they fit, else two; a value beyond 65535 is a UserError.
  void extend_to(std::int64_t n);

  const OctalCode& code() const { return code_; }
  std::int64_t size() const { return n_; }
  // Appends G(size()) = v known from elsewhere (a file written by `seq --save`) instead of
  // computing it; the sweep is then the same as if it had computed v.
  void append(core::Value v);
  core::Value at(std::int64_t x) const {
    return wide_ ? v16_[static_cast<std::size_t>(x)] : v8_[static_cast<std::size_t>(x)];
  }
  core::Value max_value() const { return max_value_; }
  int bytes_per_value() const { return wide_ ? 2 : 1; }
  std::uint32_t rare_mask() const { return mask_; }
  // Heap sizes >= 1 whose value is in the rare class, in increasing order.
  const std::vector<std::int64_t>& rare_heaps() const { return rare_; }
  // The period of the tail the sweep goes on by (see find_tail), 0 while there is none.
  std::int64_t tail_period() const { return tail_period_; }

  // Makes extend_to stop at the first heap size it reaches at or after `at`, leaving size()
  // short of what it was asked (the period searches' time budgets); nullopt: never.
  void stop_at(std::optional<std::chrono::steady_clock::time_point> at) { stop_at_ = at; }

  // Bytes a sweep of `code` to n heap sizes holds at most (values widened to two bytes, the rare
  // list, and the pair sets of three-way splits).
  static std::uint64_t bytes(const OctalCode& code, std::int64_t n);

 private:
  template <class T>
  std::int64_t run(std::vector<T>& g, std::int64_t from, std::int64_t to);
  template <class T>
  std::int64_t run_segment(std::vector<T>& g, std::int64_t from, std::int64_t to);
  // G(n) by the definition; nullopt when stop_at's time came during it.
  std::optional<core::Value> naive_one(std::int64_t n);
  std::optional<core::Value> hex_one(std::int64_t n);  // three-way splits by the pair sets; see the .cpp
  bool pair_sets_to(std::int64_t x);                   // P(y) for every y < x; false when stop_at's time came first
  void note(std::int64_t n, core::Value v);            // G(n) = v is stored: counts, rare list, size
  void choose_mask();
  void remask_at(std::int64_t n);        // the mask is chosen again at 1024, 2048, 4096, ... heap sizes
  void find_tail();                      // at the same heap sizes: a periodic tail worth sweeping by
  core::Value tail_one(std::int64_t n);  // G(n) with the pairs inside the tail by their residues
  void widen();                          // one byte a value to two, for the values done
  runtime::UserError too_large(std::int64_t n) const;
  bool past_stop();  // stop_at's time has come
  // Adds `units` of work (an option, a pair, a word of a pair set) to the poll of the stop
  // request (runtime::StopPoll, which throws Interrupted), and at its beat checks stop_at too:
  // true once that time has come.
  bool poll(std::uint64_t units) { return poll_(units) && past_stop(); }
  void set_mask(std::uint32_t mask);

  OctalCode code_;
  std::vector<int> keep_;   // k with digit 2: heap n -> n - k
  std::vector<int> split_;  // k with digit 4: heap n -> two heaps of n - k stones
  std::vector<bool> split_unequal_;
  std::vector<int> split3_;  // k with digit 8: three heaps
  std::vector<bool> split3_unequal_;
  std::int64_t first_fast_;  // heap sizes from here on have no whole-heap move
  bool hex_fast_ = false;    // three-way splits: by hex_one while the values allow
  // P(y) for y < pairs_.size() / (pair_layers_ * pair_words_): pair_layers_ sets of pair_words_
  // words each, the values made by at least 1 (2, 3) splits of y; 3 layers for '!' codes.
  std::vector<std::uint64_t> pairs_;
  std::size_t pair_words_ = 0, pair_layers_ = 1;
  std::int64_t target_ = 0;             // the heap sizes the running extend_to was asked for
  std::vector<std::uint64_t> hex_acc_;  // hex_one's scratch: a set for each value u of a heap a,
  std::vector<core::Value> hex_used_;   // and the values u that have one,
  std::vector<bool> hex_has_;           // as flags
  std::int64_t n_ = 0;
  std::int64_t next_mask_at_ = 1024;
  bool wide_ = false;
  std::vector<std::uint8_t> v8_;
  std::vector<std::uint16_t> v16_;
  std::vector<std::uint64_t> count_;  // count_[v]: heap sizes with value v
  core::Value max_value_ = 0;
  int words_ = 1;  // 64-bit words of the seen-set: every option value is below 64 * words_
  std::uint32_t mask_ = 0;
  std::vector<std::uint64_t> rare_words_;  // bit v set: v is in the rare class
  std::vector<std::int64_t> rare_;
  std::vector<core::Value> naive_opts_;
  // The periodic tail: G(x + p) = G(x) for every x >= tail_from_ with x + p < size() (p =
  // tail_period_, 0 while there is none). The pairs of a split with both heaps in it have the
  // values of one period's pairs, which depend only on the split's size modulo p: tail_sets_
  // holds them as bit sets, words_ words for each residue. A value that breaks the period ends
  // the tail (note).
  std::int64_t tail_from_ = 0, tail_period_ = 0;
  std::vector<std::uint64_t> tail_sets_, tail_opts_;
  std::optional<std::chrono::steady_clock::time_point> stop_at_;
  bool stopped_ = false;  // the last extend_to stopped at stop_at_
  runtime::StopPoll poll_;
};

// The period of a value sequence, and whether the octal periodicity theorem proves it: if
// G(n + p) = G(n) for n0 <= n < k max(n0, 1) + (k - 1) p + t, with t the most stones a move
// removes and k the most heaps a move leaves (1, 2, or 3 for hexadecimal codes), then
// G(n + p) = G(n) for every n >= n0 (Winning Ways ch. 4; Siegel, Combinatorial Game Theory,
// IV.2). By induction on n past that bound: the largest of the k heaps a move on n + p leaves
// has at least (n + p - t) / k >= max(n0, 1) + p stones, so taking p from it gives a move on n
// (a heap of at least one stone, a value repeated by induction), and every move on n pairs
// with one on n + p the same way. Comparing up to that bound reads the values of heap sizes up
// to bound - 1 + p, so a proof needs the sweep to hold `needed` = bound + p of them. Codes
// with '!' have no such proof (pairing a split with one p smaller may make two heaps equal).
struct OctalPeriod {
  bool found = false;
  bool proven = false;
  std::int64_t preperiod = 0;  // n0; the last exceptional value is at n0 - 1
  std::int64_t period = 0;
  std::int64_t bound = 0;    // the theorem's k max(n0, 1) + (k - 1) p + t: n0 <= n < bound are compared
  std::int64_t needed = 0;   // heap sizes the proof reads: bound + p
  std::int64_t checked = 0;  // heap sizes the sweep had; G(n + p) = G(n) was compared for n0 <= n < checked - p
  bool out_of_time = false;  // sweep_until_proven stopped before its limit, at its time budget
};

// The least period of the end of the sweep that repeats at least twice, found by hashing the
// last 64 values and looking for them earlier, with its least preperiod.
OctalPeriod find_octal_period(const OctalSweep& sweep);

// Sweeps heap sizes until the period is proven or `limit` heap sizes are done: doubling from
// `start`, and straight to the size a proof needs once a period is seen. With `seconds` > 0,
// it also stops before a step past `start` that it expects to end after that many seconds
// (from the time and the growth in cost a heap size of the steps before), and within such a
// step once they have passed (out_of_time, the sweep short of the step): the default search of
// `seq`, for games whose sparse space does not help (values and rare heaps growing with n).
// `after_step` runs after every step (seq --save writes its file there). A sweep already past
// `start` (loaded from a file) goes on from where it is.
OctalPeriod sweep_until_proven(OctalSweep& sweep, std::int64_t start, std::int64_t limit, double seconds = 0,
                               const std::function<void()>& after_step = {});

// Heaps from this size on are answered from the proven period when there is one, searched
// within kOctalPeriodSearch heap sizes.
constexpr std::int64_t kOctalPeriodFrom = std::int64_t{1} << 24;
constexpr std::int64_t kOctalPeriodSearch = std::int64_t{1} << 26;
// The default period search of `seq`, and the search of OctalHeapValues for codes that split into
// three heaps, also stop where their next doubling would end after this many seconds (games
// whose sparse space does not help: 0.004 would take minutes; a three-way split costs O(n) a
// heap size: 0.8 to 2^26 would take weeks).
constexpr double kOctalSearchSeconds = 10;

// G(x) for a heap of any size: a heap below kOctalPeriodFrom from the sweep (grown to the
// heap asked, by half again at least, within `memory_limit`), in steps that look for the period
// on the way, so that a heap past the proof's bound is read from the period as soon as it is
// proven (Kayles' heap of 16,777,215 needs 168 heap sizes swept, not 16 million); a larger one from the period
// proven within kOctalPeriodSearch heap sizes, or as many as `memory_limit` allows, or for
// three-way splits as kOctalSearchSeconds allow (searched once, on the first such heap, never
// for codes with '!'; once proven, every heap past the sweep comes from it), else from the sweep
// grown to it. A sweep beyond the limit is refused with its size. What `value` and `moves`
// answer take-and-break positions with.
class OctalHeapValues {
 public:
  OctalHeapValues(OctalCode code, std::uint64_t memory_limit, std::string name);
  core::Value at(std::int64_t x);
  // The period searched as above, on the first call.
  const OctalPeriod& period();
  // Whether an at() since the last call answered from the period.
  bool took_period() { return std::exchange(took_period_, false); }

 private:
  OctalSweep sweep_;
  std::uint64_t limit_;
  std::string name_;
  std::optional<OctalPeriod> period_;
  bool took_period_ = false;
};

// The fast path core::Game takes for take-and-break games in normal play without transforms:
// the value sequence up to the largest heap of the box, then each position's xor.
std::optional<core::SolveRoute> fast_route(const Octal& g, const core::Box& box, core::Evaluation eval);

// Single positions the same way (core::Game::fast_solver): each position the xor of its heaps'
// values from one OctalHeapValues; options of any length.
std::unique_ptr<core::PositionSolver> fast_position_solver(const Octal& g, core::Evaluation eval,
                                                           std::uint64_t memory_limit);

}  // namespace grundy::games
