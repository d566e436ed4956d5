#pragma once

// What the analysis commands (seq, structure, check, discover) and `value` share, and what the
// Python module (python/) calls to give the same answers: the Subject an analysis runs on, the
// one-heap subtraction game behind it when there is one (so its period can be proven), and
// each analysis written as the CLI prints it. Their boxes come from the pipeline
// (pipeline/table_box.hpp).

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "analysis/periodicity.hpp"
#include "cli/game_options.hpp"
#include "games/octal.hpp"
#include "pipeline/oracle.hpp"
#include "pipeline/solve.hpp"
#include "pipeline/table_box.hpp"

namespace grundy::cli {

// A game to analyse, however it was named: the CLI's GAME options, or a grundy.Game of the
// Python module, which has no spec when its ruleset was written in Python.
struct Subject {
  core::Game game;
  core::Evaluation eval = core::Evaluation::Grundy;  // or MisereOutcome
  std::uint64_t memory_limit = 0;
  std::optional<games::GameSpec> spec;  // the family, parameters and transforms, when it has them
};

// The Subject of a command's GAME options (parameters and transforms checked).
Subject subject(const GameOptions& o);

// The subtraction ruleset with its passes, when the game is `subtraction` without --forbid or
// --misere; nothing otherwise.
std::optional<analysis::SubtractionSeq> subtraction_seq(const Subject& s);

// The code of a take-and-break game (`octal`) in normal play without transforms, whose values
// are the xor of its heaps' values; nothing otherwise.
std::optional<games::OctalCode> octal_seq(const Subject& s);

// G(x, p) of a subtraction game with a huge heap from the proven period (nothing below 2^24 heap
// sizes, or if no period is proven within 2^28 heap sizes; the ordinary path then answers or
// refuses). The period is searched once, however many positions are asked. Take-and-break
// games answer huge heaps by their own position solver (games::OctalHeapValues), which says so.
class PeriodRoute {
 public:
  explicit PeriodRoute(const Subject& s) : s_(s) {}

  // The value, and a note saying where it came from ("from the proven period 4 after ...").
  std::optional<std::pair<core::Value, std::string>> value(const core::Position& pos);

 private:
  const Subject& s_;
  bool searched_ = false;
  std::optional<analysis::SubtractionSeq> seq_;
  analysis::Periodicity per_;
};

// The values (or outcomes) of single positions, one after another, as `value`, `moves` and
// `play` answer them, and the explorer's and Python's moves: a huge subtraction heap from its
// proven period (PeriodRoute), anything else by the value oracle's fastest route.
class PositionValues {
 public:
  explicit PositionValues(Subject s)
      : subject_(std::move(s)), period_(subject_), oracle_(subject_.game, subject_.eval, subject_.memory_limit) {}
  PositionValues(const PositionValues&) = delete;
  PositionValues& operator=(const PositionValues&) = delete;

  core::Value value(const core::Position& p);
  // Which route answered the last value(), when the output should say ("from the proven period
  // 12 after preperiod 71", "table of 4,194,304 positions, line sweep"); may be empty.
  const std::string& route() const { return route_; }
  core::Evaluation eval() const { return subject_.eval; }

 private:
  Subject subject_;
  PeriodRoute period_;
  pipeline::ValueOracle oracle_;
  std::string route_;
};

// The value sequence of a one-heap game (one coordinate, plus p with a pass), with its
// periodicity: proven for subtraction games, observed otherwise.
struct SeqResult {
  std::vector<std::vector<core::Value>> layers;  // layers[p][x]
  analysis::Periodicity period;                  // of all layers together
  std::string why;                               // the proof, or how far it was observed
  std::int64_t checked_up_to = 0;                // the largest heap size the sweep computed and read
};
// `search`: how far the period is searched (the sweep may run past `size` that far); 0 for the
// game's default, default_seq_search.
// `files`: take-and-break games only: --load resumes the sweep from a sequence file, --save
// writes every value swept (after each step of the period search, so an interrupted run keeps
// the last one).
SeqResult compute_seq(const Subject& s, std::int64_t size, std::int64_t search, const pipeline::TableFiles& files = {});
// 2^24 heap sizes; 2^20 for take-and-break games, whose sweep costs microseconds a heap size
// (2^24 would keep an unsolved game's seq busy for minutes).
std::int64_t default_seq_search(const Subject& s);
// "proven", "observed" or "none".
std::string seq_status(const analysis::Periodicity& p);

// `grundy seq` in format f, as the CLI prints it (figures drawn in `style`); `search` and
// `files` as for compute_seq.
void write_seq(std::ostream& out, const Subject& s, io::Format f, std::int64_t size, std::int64_t search,
               const pipeline::TableFiles& files = {}, const io::FigureStyle& style = {});

// `grundy structure`, `check` and `discover` in format f (Text or Json), as the CLI prints them.
// write_check returns whether the claim holds on the box.
void write_structure(std::ostream& out, const Subject& s, io::Format f, const pipeline::Size& size);
bool write_check(std::ostream& out, const Subject& s, io::Format f, const pipeline::Size& size,
                 const std::string& formula, const std::string& ppos);
void write_discover(std::ostream& out, const Subject& s, io::Format f, const pipeline::Size& size);

}  // namespace grundy::cli
