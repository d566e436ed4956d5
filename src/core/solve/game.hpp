#pragma once

#include <concepts>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/model/function_ref.hpp"
#include "core/model/parse.hpp"
#include "core/model/ruleset.hpp"
#include "core/solve/dense_solver.hpp"
#include "core/solve/memo_solver.hpp"
#include "core/solve/route.hpp"

namespace grundy::core {

class SearchTable;  // core/solve/state_search.hpp

// Answers value queries on one game, keeping what it learned between queries.
class PositionSolver {
 public:
  virtual ~PositionSolver() = default;
  virtual Value value(const Position& p) = 0;
  // Which route answered the last value(), when the output should say ("from the proven period
  // 12 after preperiod 71"); empty otherwise.
  virtual std::string route() const { return {}; }
  // The transposition table of a search (core::StateSearch), which a long run saves and a later
  // one loads to go on from; none for a solver without one.
  virtual SearchTable* search_table() { return nullptr; }
};

// A position's value (or outcome, 0 = P) read off a proven closed form, and the theorem's name
// as the output cites it ("closed form: Bouton, the xor of the heaps").
struct ClosedForm {
  Value value = 0;
  std::string source;
};

// The runtime face of a ruleset: the CLI, the server and the generic tests pick a family and its
// transforms by name at run time, so they hold a Game. Game::of instantiates the solvers on the
// concrete ruleset type, so the inner loops stay monomorphic; only crossing this interface is
// virtual. A Game is itself a Ruleset, so runtime sums (Sum<Game, Game>) compose too.
class Game {
 public:
  class Concept {
   public:
    virtual ~Concept() = default;
    virtual int arity() const = 0;
    virtual std::vector<std::string> coordinate_names() const = 0;
    virtual std::vector<CoordinateRange> coordinate_ranges() const = 0;
    virtual std::string name() const = 0;
    virtual std::string check(const Position&) const = 0;
    virtual void for_each_option(const Position&, FunctionRef<void(const Position&)>) const = 0;
    virtual bool has_rank() const = 0;
    virtual bool variable_arity() const = 0;
    virtual std::int64_t rank(const Position&) const = 0;
    virtual bool options_precede() const = 0;
    virtual Box reach_box(const Box&) const = 0;
    virtual SolveRoute route(const Box&, Evaluation) const = 0;
    virtual std::optional<PPosRoute> ppos_route(const Box&, const Position&, Evaluation) const = 0;
    virtual DenseTable solve_dense_generic(const Box&, Evaluation) const = 0;
    virtual std::unique_ptr<PositionSolver> make_solver(Evaluation, std::uint64_t max_positions) const = 0;
    virtual std::unique_ptr<PositionSolver> fast_solver(Evaluation, std::uint64_t memory_limit) const = 0;
    virtual std::optional<ClosedForm> closed_form(const Position&, Evaluation) const = 0;
    virtual std::optional<std::pair<Game, Game>> sum_components() const = 0;
    virtual std::optional<Position> start_position() const = 0;
    virtual std::string position_text(const Position&) const = 0;
    virtual Position parse_position(const std::string&) const = 0;
    virtual std::optional<std::string> move_text(const Position&, const Position&) const = 0;
  };

  // A game of a ruleset; a Game given is itself, not a wrapper that would hide its family's hooks.
  template <Ruleset R>
  static Game of(R rules) {
    if constexpr (std::is_same_v<R, Game>)
      return rules;
    else
      return Game(std::make_shared<const Model<R>>(std::move(rules)));
  }

  int arity() const { return impl_->arity(); }
  std::vector<std::string> coordinate_names() const { return impl_->coordinate_names(); }
  std::vector<CoordinateRange> coordinate_ranges() const { return impl_->coordinate_ranges(); }
  std::string name() const { return impl_->name(); }
  std::string check(const Position& p) const {
    if (p.size() != arity())
      return "expected " + std::to_string(arity()) + " coordinates, got " + std::to_string(p.size());
    return impl_->check(p);
  }
  template <class Sink>
  void for_each_option(const Position& p, Sink&& sink) const {
    impl_->for_each_option(p, FunctionRef<void(const Position&)>(sink));
  }
  bool has_rank() const { return impl_->has_rank(); }
  // Options may have another number of coordinates than the position (core/model/ruleset.hpp).
  bool variable_arity() const { return impl_->variable_arity(); }
  // check() for a position reached by moves: of any length when the game has variable arity.
  std::string check_reached(const Position& p) const { return variable_arity() ? impl_->check(p) : check(p); }
  std::int64_t rank(const Position& p) const { return impl_->rank(p); }
  bool options_precede() const { return impl_->options_precede(); }
  Box reach_box(const Box& b) const { return impl_->reach_box(b); }

  // How every cell of the box (grown to its reach box) is solved by the fastest solver the
  // ruleset allows, and what that costs in memory; the route lives no longer than this Game.
  SolveRoute route(const Box& b, Evaluation e = Evaluation::Grundy) const { return impl_->route(b, e); }
  // A route to the P-positions of a region (`box` with the coordinates `pinned` >= 0 held)
  // that needs no table of every cell, when the family has one (fast_ppos_route by
  // argument-dependent lookup); else nothing, and the caller scans a solved table.
  std::optional<PPosRoute> ppos_route(const Box& box, const Position& pinned, Evaluation e) const {
    return impl_->ppos_route(box, pinned, e);
  }
  // Every cell of the box by that route (memory unchecked: see core::solve_guarded).
  DenseTable solve_dense(const Box& b, Evaluation e = Evaluation::Grundy) const { return impl_->route(b, e).run(); }
  // The generic sweep only, the slow twin that fast paths are tested against.
  DenseTable solve_dense_generic(const Box& b, Evaluation e = Evaluation::Grundy) const {
    return impl_->solve_dense_generic(b, e);
  }
  // The memo solver, memoising at most `max_positions` positions (a TooLarge error beyond).
  std::unique_ptr<PositionSolver> make_solver(Evaluation e = Evaluation::Grundy,
                                              std::uint64_t max_positions = std::uint64_t{1} << 26) const {
    return impl_->make_solver(e, max_positions);
  }
  // A family's own solver of single positions, when it has one (fast_position_solver by
  // argument-dependent lookup, which may decline), e.g. a take-and-break game's value sequence
  // and the xor of the heaps, for positions whose options have more heaps than they do; it
  // keeps within `memory_limit` or says TooLarge. Else nothing.
  std::unique_ptr<PositionSolver> fast_solver(Evaluation e, std::uint64_t memory_limit) const {
    return impl_->fast_solver(e, memory_limit);
  }
  // The position's value by a proven closed form of the family (closed_form_of by
  // argument-dependent lookup: Nim, the rook, the queen's outcomes, the knight, the king), when
  // there is one for this position and evaluation; no table, no memory. Its slow twin: the
  // table, in the tests.
  std::optional<ClosedForm> closed_form(const Position& p, Evaluation e) const { return impl_->closed_form(p, e); }
  // The two components when the game is a disjunctive sum and nothing more (sum_components_of
  // by argument-dependent lookup: core::Sum of two Games; not under a pass or a forbidden set,
  // which act on the whole sum), so that a position's Grundy value is the xor of theirs.
  std::optional<std::pair<Game, Game>> sum_components() const { return impl_->sum_components(); }
  // Where a game played on a board or a graph starts (start_position_of by argument-dependent
  // lookup: the empty board, the whole graph), so that a face asked for no position solves it;
  // nothing for games whose positions are heaps.
  std::optional<Position> start_position() const { return impl_->start_position(); }
  // A position as the user reads and writes it: "3,5,7" for heaps; a board's rows or a graph's
  // free vertices where the family says so (position_text_of and parse_position_of by
  // argument-dependent lookup). parse_position checks what it reads (a UserError line).
  std::string position_text(const Position& p) const { return impl_->position_text(p); }
  Position parse_position(const std::string& text) const { return impl_->parse_position(text); }
  // The move from one position to an option as the family names it ("takes (1,1) (1,2)";
  // move_text_of by argument-dependent lookup); nothing where io::move_label's "which coordinate
  // changed" says it.
  std::optional<std::string> move_text(const Position& from, const Position& to) const {
    return impl_->move_text(from, to);
  }

 private:
  template <Ruleset R>
  class Model final : public Concept {
   public:
    explicit Model(R r) : r_(std::move(r)) {}
    int arity() const override { return r_.arity(); }
    std::vector<std::string> coordinate_names() const override { return r_.coordinate_names(); }
    std::vector<CoordinateRange> coordinate_ranges() const override { return core::coordinate_ranges(r_); }
    std::string name() const override { return r_.name(); }
    std::string check(const Position& p) const override { return r_.check(p); }
    void for_each_option(const Position& p, FunctionRef<void(const Position&)> sink) const override {
      r_.for_each_option(p, sink);
    }
    bool has_rank() const override { return core::has_rank(r_); }
    bool variable_arity() const override { return core::variable_arity(r_); }
    std::int64_t rank(const Position& p) const override {
      if constexpr (RankedRuleset<R>)
        return r_.rank(p);
      else
        throw runtime::EngineError(r_.name() + " has no rank");
    }
    bool options_precede() const override { return core::options_precede(r_); }
    Box reach_box(const Box& b) const override { return core::reach_box(r_, b); }
    // A family's fast path, when it has one: a route member taking the requested box (same
    // contract as core::solve_dense), or a fast_route(const R&, const Box& reach, Evaluation) ->
    // std::optional<SolveRoute> found by argument-dependent lookup, which may decline; else the
    // generic sweep. Every fast path is tested against solve_dense_generic
    // (tests/games/registry_test.cpp), every estimate against the run's allocations.
    SolveRoute route(const Box& b, Evaluation e) const override {
      SolveRoute r = [&] {
        if constexpr (requires {
                        { r_.route(b, e) } -> std::same_as<SolveRoute>;
                      }) {
          return r_.route(b, e);
        } else {
          if constexpr (requires { fast_route(r_, b, e); }) {
            if (auto fast = fast_route(r_, core::reach_box(r_, b), e)) return std::move(*fast);
          }
          return generic_route(r_, b, e);
        }
      }();
      r.bytes = add_bytes(r.bytes, kRouteOverheadBytes);
      return r;
    }
    std::optional<PPosRoute> ppos_route(const Box& b, const Position& pinned, Evaluation e) const override {
      if constexpr (requires { fast_ppos_route(r_, b, pinned, e); }) {
        return fast_ppos_route(r_, b, pinned, e);
      } else {
        return std::nullopt;
      }
    }
    DenseTable solve_dense_generic(const Box& b, Evaluation e) const override { return core::solve_dense(r_, b, e); }
    std::unique_ptr<PositionSolver> make_solver(Evaluation e, std::uint64_t max_positions) const override {
      // Owns a copy of the (small) ruleset, so the solver may outlive this Game.
      struct Memo final : PositionSolver {
        Memo(const R& r, Evaluation e, std::uint64_t cap) : rules(r), solver(rules, e, cap) {}
        Value value(const Position& p) override { return solver.value(p); }
        R rules;
        MemoSolver<R> solver;
      };
      return std::make_unique<Memo>(r_, e, max_positions);
    }
    std::unique_ptr<PositionSolver> fast_solver(Evaluation e, std::uint64_t memory_limit) const override {
      if constexpr (requires { fast_position_solver(r_, e, memory_limit); }) {
        return fast_position_solver(r_, e, memory_limit);
      } else {
        return nullptr;
      }
    }
    std::optional<ClosedForm> closed_form(const Position& p, Evaluation e) const override {
      if constexpr (requires { closed_form_of(r_, p, e); }) {
        return closed_form_of(r_, p, e);
      } else {
        return std::nullopt;
      }
    }
    std::optional<std::pair<Game, Game>> sum_components() const override {
      if constexpr (requires { sum_components_of(r_); }) {
        return sum_components_of(r_);
      } else {
        return std::nullopt;
      }
    }
    std::optional<Position> start_position() const override {
      if constexpr (requires { start_position_of(r_); }) {
        return start_position_of(r_);
      } else {
        return std::nullopt;
      }
    }
    std::string position_text(const Position& p) const override {
      if constexpr (requires { position_text_of(r_, p); }) {
        return position_text_of(r_, p);
      } else {
        return to_string(p);
      }
    }
    std::optional<std::string> move_text(const Position& from, const Position& to) const override {
      if constexpr (requires { move_text_of(r_, from, to); }) {
        return move_text_of(r_, from, to);
      } else {
        return std::nullopt;
      }
    }
    Position parse_position(const std::string& text) const override {
      if constexpr (requires { parse_position_of(r_, text); }) {
        return parse_position_of(r_, text);
      } else {
        return core::parse_position(text);
      }
    }

   private:
    R r_;
  };

  explicit Game(std::shared_ptr<const Concept> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<const Concept> impl_;
};

}  // namespace grundy::core
