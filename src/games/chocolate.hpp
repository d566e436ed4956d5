#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/model/ruleset.hpp"
#include "core/solve/game.hpp"
#include "expr/expr.hpp"

namespace grundy::games {

using core::Box;
using core::Position;

// The function that bounds a chocolate bar's height: F(x,z) of Definitions 5 (ii) and 6 of the
// chocolate paper (variables x and z), or h(z) of the 2-D bar CB_2 (variable z only). Given by
// the user as an expression; it must be monotonically increasing and non-negative. That can
// only be checked on a finite range, so it is checked on every range a solver is about to use
// (`ensure_valid`), and the ranges already checked are remembered (shared between copies).
class BoundFunction {
 public:
  // `param` names the function in messages ("F" or "h"); `two_variables` chooses F(x,z) or h(z).
  // Throws UserError naming -p param if the expression does not compile.
  BoundFunction(std::string param, const std::string& source, bool two_variables);

  const std::string& param() const { return param_; }
  const std::string& source() const { return program_->source(); }
  bool two_variables() const { return two_variables_; }

  // F(x,z) (h(z) ignores x). An evaluation error (overflow, division by zero) is a UserError
  // naming -p F and the point.
  std::int64_t operator()(std::int64_t x, std::int64_t z) const;

  // The first violation of Definition 5 on x < nx, z < nz (only x = 0 for h), in row-major order:
  // a negative value, or F(a) > F(b) for neighbours a <= b. "" when there is none.
  std::string first_violation(std::int64_t nx, std::int64_t nz) const;

  // first_violation as a UserError ("-p F=...: not monotone: F(3,4) = 2 > F(3,5) = 1"); ranges
  // already checked are skipped. Refuses (TooLarge) a range of more than 2^32 points, which no
  // dense solve could hold anyway.
  void ensure_valid(std::int64_t nx, std::int64_t nz) const;

  // "F(3,4)" or "h(4)".
  std::string at_text(std::int64_t x, std::int64_t z) const;

 private:
  struct Checked {
    std::mutex mutex;
    std::vector<std::pair<std::int64_t, std::int64_t>> ranges;  // each [0,nx) x [0,nz) is valid
  };

  std::string param_;
  bool two_variables_;
  std::shared_ptr<const expr::Program> program_;
  std::shared_ptr<Checked> checked_;
};

// The range of x and z checked when a chocolate ruleset is built, before any box is known.
inline constexpr std::int64_t kDefaultCheckedRange = 33;

// The three-dimensional chocolate bar CB(F,x,y,z) of Definitions 6 and 7 of the chocolate paper:
// a position (x,y,z) with y <= F(x,z); bitter cube at the origin, (0,0,0) the only terminal
// position. A move cuts along x, along y or along z:
//   (u, min(F(u,z), y), z) for u < x,   (x, v, z) for v < y,   (x, min(y, F(x,w)), w) for w < z.
// Cutting x or z may lower the height y to the new bound (Examples 2 and 3 of the paper).
class Chocolate {
 public:
  // Throws UserError if F does not compile or is not monotone and non-negative on
  // x, z < kDefaultCheckedRange.
  explicit Chocolate(const std::string& f_source);

  const BoundFunction& f() const { return f_; }
  std::int64_t F(std::int64_t x, std::int64_t z) const { return f_(x, z); }

  int arity() const { return 3; }
  std::vector<std::string> coordinate_names() const { return {"x", "y", "z"}; }
  std::string name() const { return "chocolate(F=" + f_.source() + ")"; }
  std::string check(const Position& pos) const;

  template <class Sink>
  void for_each_option(const Position& pos, Sink&& sink) const {
    const std::int64_t x = pos[0], y = pos[1], z = pos[2];
    for (std::int64_t u = 0; u < x; ++u) sink(Position{u, std::min(F(u, z), y), z});
    for (std::int64_t v = 0; v < y; ++v) sink(Position{x, v, z});
    for (std::int64_t w = 0; w < z; ++w) sink(Position{x, std::min(y, F(x, w)), w});
  }

  // Every move lowers one coordinate and raises none.
  std::int64_t rank(const Position& pos) const { return pos.total(); }
  bool options_precede() const { return true; }
  // The box itself; F is checked (Definition 5) on its x, z range first.
  Box reach_box(const Box& box) const;

 private:
  BoundFunction f_;
};

// The two-dimensional bar CB_2(h,y,z) of Corollary 1: CB(F,0,y,z) with F(x,z) = h(z), positions
// (y,z) with y <= h(z). Moves: (v, z) for v < y, and (min(y, h(w)), w) for w < z.
class Chocolate2 {
 public:
  explicit Chocolate2(const std::string& h_source);

  const BoundFunction& h_function() const { return h_; }
  std::int64_t h(std::int64_t z) const { return h_(0, z); }

  int arity() const { return 2; }
  std::vector<std::string> coordinate_names() const { return {"y", "z"}; }
  std::string name() const { return "chocolate2(h=" + h_.source() + ")"; }
  std::string check(const Position& pos) const;

  template <class Sink>
  void for_each_option(const Position& pos, Sink&& sink) const {
    const std::int64_t y = pos[0], z = pos[1];
    for (std::int64_t v = 0; v < y; ++v) sink(Position{v, z});
    for (std::int64_t w = 0; w < z; ++w) sink(Position{std::min(y, h(w)), w});
  }

  std::int64_t rank(const Position& pos) const { return pos.total(); }
  bool options_precede() const { return true; }
  Box reach_box(const Box& box) const;

 private:
  BoundFunction h_;
};

// The bar at a position as Definition 6 builds it: the height of each column, min(F(u,w), y) + 1
// for u <= x and w <= z (CB(F,x,y,z): heights[u][w]), or min(h(w), y) + 1 for w <= z (CB_2(h,y,z):
// one row, heights[0][w]). Read off the game's own check of positions, so it holds for the game
// with its transforms (a pass counter after the coordinates keeps its value). For `play` and the
// explorer's board; the bar must be small (every column is checked, y + 1 positions at most).
std::vector<std::vector<std::int64_t>> chocolate_heights(const core::Game& game, const Position& pos, bool three_d);

}  // namespace grundy::games
