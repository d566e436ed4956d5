#pragma once

// Chess pieces on the quarter plane, coordinates (m, n) with m, n >= 0, moving towards the corner
// (0, 0): the knight of Katayama and Koyama's "Corner the Knight Game" (paper 002), and the
// classics it is modelled on, Isaacs' Corner the Queen (Wythoff's Nim), the rook (two-heap Nim)
// and the king. A piece either leaps (one fixed displacement per move: knight, king, any
// user-given leaper) or slides (any number of steps along one direction: queen, rook).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/model/ruleset.hpp"
#include "core/solve/dense_solver.hpp"
#include "core/solve/game.hpp"
#include "core/solve/route.hpp"

namespace grundy::games {

using core::Box;
using core::Position;

// One displacement (dm, dn): from (m, n) to (m + dm, n + dn).
struct Move {
  std::int64_t dm = 0, dn = 0;
  friend bool operator==(const Move&, const Move&) = default;
};

// "-2:1", the syntax of `-p moves=...`.
std::string to_string(const Move& mv);

// A non-negative rational num/den (den > 0), or +infinity when den == 0.
struct Ratio {
  std::int64_t num = 0, den = 1;
  bool infinite() const { return den == 0; }
};

// Whether every play of a leaper ends, decided exactly from its move list.
//
// Play from every position ends iff there are integer weights w1, w2 >= 1 with
// w1*dm + w2*dn <= -1 for every move: then rank = w1*m + w2*n >= 0 drops by at least 1 each
// move. Conversely (Gordan's theorem on the moves and -e1, -e2) if no such weights exist, some
// non-negative integer combination of moves, not all zero, has both components >= 0; repeating
// those moves as a cycle from a far enough position never leaves the quarter plane, so play
// need not end. In two dimensions the combination uses at most two moves:
//   * one move with dm >= 0 and dn >= 0 (including (0, 0)) can be repeated forever;
//   * otherwise each move bounds t = w2/w1: dn < 0 gives t > dm/|dn|, dn > 0 gives t < -dm/dn
//     (dn = 0 needs dm < 0, which every t satisfies). If the largest lower bound, from move a,
//     is >= the smallest upper bound, from move b, then dn_b times a plus |dn_a| times b nets
//     (dn_b*dm_a + |dn_a|*dm_b, 0), whose first component is >= 0 exactly then.
// Otherwise t is taken as the simplest rational strictly between the bounds (1 for the knight,
// whose bounds are 1/2 and 2) and w1/w2 its denominator/numerator.
struct Termination {
  bool terminates = false;
  std::int64_t w1 = 0, w2 = 0;  // when it terminates: the rank weights
  // The closed range [t_lo, t_hi] of t = w2/w1 for which w1*m + w2*n never increases along a
  // move; its ends give the tightest bounds of this kind on each coordinate (reach_box).
  Ratio t_lo, t_hi;
  // When it does not: times_a copies of moves[a] and times_b of moves[b] (times_b = 0 for a
  // single move) net a displacement with both components >= 0, repeatable forever.
  std::size_t a = 0, b = 0;
  std::int64_t times_a = 0, times_b = 0;
  std::string reason;  // one line for the user, e.g. "1 x 1:-1 + 1 x -1:1 = (0,0) ..."
};

Termination check_termination(const std::vector<Move>& moves);

// A leaper: from (m, n) a move goes to (m + dm, n + dn) for one of its displacements, allowed
// iff both coordinates stay >= 0. The knight (paper 002, "The Rule of Corner the Knight Game")
// has (m-2, n-1), (m-1, n-2), (m-2, n+1), (m+1, n-2); its terminal positions are exactly the
// corners (0,0), (1,0), (0,1), (1,1), and m+n drops by 1 or 3 every move.
class Leaper {
 public:
  // At most kMaxMoves moves; they must terminate (check_termination): the families check both
  // for users, here a violation is an EngineError.
  static constexpr std::size_t kMaxMoves = 64;
  Leaper(std::string label, std::vector<Move> moves);

  const std::vector<Move>& moves() const { return moves_; }
  std::int64_t w1() const { return term_.w1; }
  std::int64_t w2() const { return term_.w2; }

  int arity() const { return 2; }
  std::vector<std::string> coordinate_names() const { return {"m", "n"}; }
  std::string name() const { return label_; }
  std::string check(const Position& pos) const;

  template <class Sink>
  void for_each_option(const Position& pos, Sink&& sink) const {
    for (const Move& mv : moves_) {
      const std::int64_t m = pos[0] + mv.dm, n = pos[1] + mv.dn;
      if (m >= 0 && n >= 0) sink(Position{m, n});
    }
  }

  std::int64_t rank(const Position& pos) const { return term_.w1 * pos[0] + term_.w2 * pos[1]; }
  // True iff no move increases a coordinate (the king): options are then lexicographically
  // smaller. False for the knight, whose (m+1, n-2) is lexicographically larger.
  bool options_precede() const { return precede_; }
  // The moves are the knight's or the king's (in any order): closed_form_of answers by formula.
  enum class Kind { Other, Knight, King };
  Kind kind() const { return kind_; }
  // From [0,N1) x [0,N2), w1*m + w2*n never increases for any (w1, w2) = (1, t) with t in
  // [t_lo, t_hi], so m <= N1-1 + t_lo*(N2-1) and n <= N2-1 + (N1-1)/t_hi. (For the knight:
  // m <= N1-1 + (N2-1)/2, which (N1-1, N2-1) reaches by repeating (m+1, n-2).)
  Box reach_box(const Box& box) const;

  // The fast sweep: same contract and same result as core::solve_dense (tested against it),
  // without sorting or hashing (leaper_solver.cpp), with its memory.
  core::SolveRoute route(const Box& requested, core::Evaluation eval) const;

 private:
  std::string label_;
  std::vector<Move> moves_;
  Termination term_;
  bool precede_ = false;
  Kind kind_ = Kind::Other;
};

// A slider: a move goes any number k >= 1 of steps along one of its directions, to
// (m + k*dm, n + k*dn), while both coordinates stay >= 0. Every direction has dm, dn <= 0 and is
// not (0, 0), so the sum m + n drops and options are lexicographically smaller. The queen of
// Corner the Queen (Wythoff's Nim) slides left, down and diagonally down-left; the rook left and
// down (two-heap Nim).
class Slider {
 public:
  Slider(std::string label, std::vector<Move> directions);

  const std::vector<Move>& directions() const { return dirs_; }

  int arity() const { return 2; }
  std::vector<std::string> coordinate_names() const { return {"m", "n"}; }
  std::string name() const { return label_; }
  std::string check(const Position& pos) const;

  template <class Sink>
  void for_each_option(const Position& pos, Sink&& sink) const {
    for (const Move& d : dirs_) {
      Position o = pos;
      while (true) {
        o[0] += d.dm;
        o[1] += d.dn;
        if (o[0] < 0 || o[1] < 0) break;
        sink(o);
      }
    }
  }

  std::int64_t rank(const Position& pos) const { return pos[0] + pos[1]; }
  bool options_precede() const { return true; }

  // The directions are the two axes (the rook), or the two axes and the diagonal (the queen):
  // then the slider is a line game, swept by core/solve/line_solver.hpp (leaper_solver.hpp).
  enum class Lines { None, Axes, AxesAndDiagonal };
  Lines lines() const { return lines_; }

 private:
  std::string label_;
  std::vector<Move> dirs_;
  Lines lines_ = Lines::None;
};

// The rook's values by Bouton's theorem (it is two-heap Nim: games::Nim's closed form), and
// the queen's normal outcomes by Wythoff's (1907): (m, n) is a P-position iff, with a <= b its
// coordinates and k = b - a, a = floor(k * phi), phi the golden ratio. No other slider, and not
// the queen's Grundy values or misere play, for which no closed form is known.
std::optional<core::ClosedForm> closed_form_of(const Slider& s, const Position& pos, core::Evaluation eval);

// Theorem 2.2 of the knight paper (Katayama, Koyama): gS(m, j) for m >= j, j = 4q + r:
//   r = 0: [m/2] mod 2;  r = 1: 2 for m = 4q + 2, else [m/2] mod 2;  r = 2: 3 for m = 0 (mod 4),
//   else 2;  r = 3: 1 for m = 4q + 3, 4 for m = 4q + 4, 2 for m = 2 (mod 4), else 3;
// and gS(m, n) = gS(n, m). `grundy verify knight` checks it against the table.
std::int64_t knight_theorem22(std::int64_t m, std::int64_t j);

// The king (one step left, down or diagonally down-left): G(m, n) = 0 if m and n are even, 2 if
// both are odd; with exactly one odd, 3 if the odd one is the smaller, else 1. By induction on
// m + n, the options being (m-1, n), (m, n-1), (m-1, n-1) where they exist:
//   both even: every option has an odd coordinate, so none is 0, and G = 0;
//   both odd: (m-1, n-1) is 0; no option is 2; (m-1, n) is 1 if n >= m, else (m, n-1) is 1
//     (as m > n means m >= n - 1); so G = 2;
//   m even, n odd: (m, n-1) is 0, (m-1, n) is 2, (m-1, n-1) (odd, even) is 3 if m < n, else 1
//     (m = 0: only (0, n-1)), so G = 1 if m < n, else 3; m odd, n even likewise.
std::int64_t king_value(std::int64_t m, std::int64_t n);

// The knight's values by Theorem 2.2 and the king's by king_value, for a leaper whose moves are
// the knight's or the king's (in any order): Grundy values and normal outcomes; misere play has
// no closed form here.
std::optional<core::ClosedForm> closed_form_of(const Leaper& l, const Position& pos, core::Evaluation eval);

// The moves of the paper's knight, in the order of its rule 2): (m-2, n-1), (m-1, n-2),
// (m-2, n+1), (m+1, n-2).
std::vector<Move> knight_moves();
// The king's steps, one left, down or diagonally down-left; also the queen's directions.
std::vector<Move> king_moves();

// "-2:1,-2:-1" -> moves; a UserError naming -p <param> (moves, or dirs for a rider's
// directions), the item and what is allowed.
std::vector<Move> parse_moves(const std::string& text, const std::string& param = "moves");

}  // namespace grundy::games
