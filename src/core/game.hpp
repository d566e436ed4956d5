#pragma once

#include <concepts>
#include <memory>
#include <string>
#include <vector>

#include "core/dense_solver.hpp"
#include "core/function_ref.hpp"
#include "core/memo_solver.hpp"
#include "core/ruleset.hpp"

namespace grundy::core {

// Answers value queries on one game, keeping what it learned between queries.
class PositionSolver {
 public:
  virtual ~PositionSolver() = default;
  virtual Value value(const Position& p) = 0;
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
    virtual std::int64_t rank(const Position&) const = 0;
    virtual bool options_precede() const = 0;
    virtual Box reach_box(const Box&) const = 0;
    virtual DenseTable solve_dense(const Box&, Evaluation) const = 0;
    virtual DenseTable solve_dense_generic(const Box&, Evaluation) const = 0;
    virtual std::unique_ptr<PositionSolver> make_solver(Evaluation) const = 0;
  };

  template <Ruleset R>
  static Game of(R rules) {
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
  std::int64_t rank(const Position& p) const { return impl_->rank(p); }
  bool options_precede() const { return impl_->options_precede(); }
  Box reach_box(const Box& b) const { return impl_->reach_box(b); }

  // Every cell of the box (grown to its reach box), by the fastest solver the ruleset allows.
  DenseTable solve_dense(const Box& b, Evaluation e = Evaluation::Grundy) const { return impl_->solve_dense(b, e); }
  // The generic sweep only, the slow twin that fast paths are tested against.
  DenseTable solve_dense_generic(const Box& b, Evaluation e = Evaluation::Grundy) const {
    return impl_->solve_dense_generic(b, e);
  }
  std::unique_ptr<PositionSolver> make_solver(Evaluation e = Evaluation::Grundy) const {
    return impl_->make_solver(e);
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
    std::int64_t rank(const Position& p) const override {
      if constexpr (RankedRuleset<R>)
        return r_.rank(p);
      else
        throw EngineError(r_.name() + " has no rank");
    }
    bool options_precede() const override { return core::options_precede(r_); }
    Box reach_box(const Box& b) const override { return core::reach_box(r_, b); }
    // A family's fast path, when it has one: its own sweep (a solve_dense member, same contract
    // as core::solve_dense), or a fast_solve(const R&, const Box&, Evaluation) ->
    // std::optional<DenseTable> found by argument-dependent lookup; else the generic sweep.
    // Every fast path is tested against solve_dense_generic (tests/games/registry_test.cpp).
    DenseTable solve_dense(const Box& b, Evaluation e) const override {
      if constexpr (requires { { r_.solve_dense(b, e) } -> std::same_as<DenseTable>; }) {
        return r_.solve_dense(b, e);
      } else {
        if constexpr (requires { fast_solve(r_, b, e); }) {
          if (auto t = fast_solve(r_, core::reach_box(r_, b), e)) return std::move(*t);
        }
        return core::solve_dense(r_, b, e);
      }
    }
    DenseTable solve_dense_generic(const Box& b, Evaluation e) const override { return core::solve_dense(r_, b, e); }
    std::unique_ptr<PositionSolver> make_solver(Evaluation e) const override {
      // Owns a copy of the (small) ruleset, so the solver may outlive this Game.
      struct Memo final : PositionSolver {
        Memo(const R& r, Evaluation e) : rules(r), solver(rules, e) {}
        Value value(const Position& p) override { return solver.value(p); }
        R rules;
        MemoSolver<R> solver;
      };
      return std::make_unique<Memo>(r_, e);
    }

   private:
    R r_;
  };

  explicit Game(std::shared_ptr<const Concept> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<const Concept> impl_;
};

}  // namespace grundy::core
