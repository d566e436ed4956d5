#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/model/ruleset.hpp"
#include "expr/expr.hpp"

namespace grundy::games {

using core::Position;

class Params;

// Forbidden-Total-Size Nim (Oginuma and Shinoda, Section 2.2): n piles, a move takes any
// positive number of stones from one pile (a Nim move), but a move is forbidden when the total
// left, |x|, lies in the fixed set S. The player with no legal move loses. As the paper says,
// a game may start in X_S = {x : |x| in S} even though no position of X_S arises during play,
// so every tuple of non-negative piles is a position; only moving into X_S is barred.
//
// S is either the multiples of d, 0 included (d-FTS Nim, d >= 2), tested as `total % d == 0`
// with no expression evaluation, or an integer expression in `total` (and the pile names),
// forbidden where it is non-zero: `total in {0,1}` is the S = {0,1} game of Section 5. S = {}
// (the expression `0`) is normal Nim, S = {0} (`total == 0`) is misere Nim (Section 1).
class FtsNim {
 public:
  // d-FTS Nim. Callers check 1 <= piles <= 15 and d >= 1 (the registry allows d >= 2).
  static FtsNim multiples_of(int piles, std::int64_t d);
  // S given by an expression over the pile names and `total`; a syntax error is a UserError
  // naming -p S.
  static FtsNim with_set(int piles, const std::string& s_expression);

  int piles() const { return piles_; }
  // d of d-FTS Nim, or 0 when S is an expression.
  std::int64_t d() const { return d_; }
  // The expression of S, or "" for d-FTS Nim.
  std::string s_source() const { return program_ ? program_->source() : std::string(); }
  // True when S is an expression that reads a pile by name, not only `total`; when false,
  // membership depends on the total alone and forbidden_total() may be used.
  bool s_uses_piles() const { return uses_piles_; }

  int arity() const { return piles_; }
  std::vector<std::string> coordinate_names() const;
  std::string name() const;
  std::string check(const Position& pos) const;

  // |pos| in S: a move into `pos` is illegal (pos lies in X_S).
  bool forbidden(const Position& pos) const {
    if (d_ > 0) return pos.total() % d_ == 0;
    return eval_s(pos, pos.total());
  }
  // Total t in S, for a set that depends on the total alone (!s_uses_piles()).
  bool forbidden_total(std::int64_t t) const;

  // The Nim moves x_i -> v < x_i whose result is not in X_S. For d-FTS the residue of the
  // resulting total mod d is stepped along, so no division or expression runs per option.
  template <class Sink>
  void for_each_option(const Position& pos, Sink&& sink) const {
    const std::int64_t t = pos.total();
    Position o = pos;
    for (int i = 0; i < piles_; ++i) {
      const std::int64_t rest = t - pos[i];  // total with pile i emptied
      if (d_ > 0) {
        std::int64_t r = rest % d_;  // (rest + v) mod d for v = 0
        for (std::int64_t v = 0; v < pos[i]; ++v) {
          if (r != 0) {
            o[i] = v;
            sink(o);
          }
          if (++r == d_) r = 0;
        }
      } else {
        for (std::int64_t v = 0; v < pos[i]; ++v) {
          o[i] = v;
          if (!eval_s(o, rest + v)) sink(o);
        }
      }
      o[i] = pos[i];
    }
  }

  std::int64_t rank(const Position& pos) const { return pos.total(); }
  bool options_precede() const { return true; }

 private:
  FtsNim(int piles, std::int64_t d) : piles_(piles), d_(d) {}
  bool eval_s(const Position& pos, std::int64_t total) const;

  int piles_;
  std::int64_t d_;  // 0: S is program_
  std::shared_ptr<const expr::Program> program_;
  bool uses_piles_ = false;
};

// The FtsNim that `-p piles=n` and exactly one of `-p d=...` / `-p S=...` name; shared by the
// `fts` family and the `fts-f` command. Throws UserError for a missing, doubled or bad parameter.
FtsNim fts_from_params(const Params& params);

}  // namespace grundy::games
