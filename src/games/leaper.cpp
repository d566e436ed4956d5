#include "games/leaper.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/model/parse.hpp"
#include "games/leaper_solver.hpp"
#include "games/nim_solver.hpp"
#include "runtime/errors.hpp"

namespace grundy::games {

using runtime::EngineError;
using runtime::UserError;

namespace {

// Coordinates beyond 2^40 are refused so that w1*m + w2*n (weights <= ~2000) cannot overflow.
constexpr std::int64_t kMaxCoordinate = std::int64_t{1} << 40;
constexpr std::int64_t kMaxComponent = 1000;

std::string check_square(const Position& pos) {
  const char* names[] = {"m", "n"};
  for (int i = 0; i < 2; ++i) {
    if (pos[i] < 0) return std::string(names[i]) + " = " + std::to_string(pos[i]) + " is negative; allowed 0..2^40";
    if (pos[i] > kMaxCoordinate)
      return std::string(names[i]) + " = " + std::to_string(pos[i]) + " is too large; allowed 0..2^40";
  }
  return "";
}

// a < b for finite ratios (den > 0), exactly: the terms are <= 1000-ish (move components are at
// most kMaxComponent, and the continued-fraction steps below never grow them), so no overflow.
bool less(const Ratio& a, const Ratio& b) { return a.num * b.den < b.num * a.den; }

// The simplest rational strictly between x and y (0 <= x < y, y possibly infinite): the
// smallest denominator, then the smallest numerator; the continued-fraction (Stern-Brocot)
// recursion. If an integer lies strictly inside, it is floor(x) + 1; otherwise both ends lie in
// [f, f+1] and the answer is f + 1/z with z the simplest rational between 1/(y-f) and 1/(x-f).
Ratio simplest_between(const Ratio& x, const Ratio& y) {
  const std::int64_t f = x.num / x.den;  // x >= 0
  if (y.infinite() || less(Ratio{f + 1, 1}, y)) return {f + 1, 1};
  const Ratio xr{x.num - f * x.den, x.den}, yr{y.num - f * y.den, y.den};  // 0 <= xr < yr <= 1
  const Ratio z = simplest_between(Ratio{yr.den, yr.num}, xr.num == 0 ? Ratio{1, 0} : Ratio{xr.den, xr.num});
  return {f * z.num + z.den, z.num};
}

std::string moves_text(const std::vector<Move>& moves) {
  std::string s;
  for (const Move& mv : moves) s += (s.empty() ? "" : ",") + to_string(mv);
  return s;
}

}  // namespace

std::string to_string(const Move& mv) { return std::to_string(mv.dm) + ":" + std::to_string(mv.dn); }

Termination check_termination(const std::vector<Move>& moves) {
  Termination r;
  // A single move with both components >= 0 (the zero move included) repeats forever.
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (moves[i].dm >= 0 && moves[i].dn >= 0) {
      r.a = i;
      r.times_a = 1;
      r.reason = "the move " + to_string(moves[i]) + " lowers neither m nor n, so it can be repeated forever";
      return r;
    }
  // Bounds on t = w2/w1 > 0: dn < 0 gives t > dm/|dn|; dn > 0 gives t < -dm/dn (> 0 here).
  Ratio lo{0, 1}, hi{1, 0};
  std::size_t lo_move = moves.size(), hi_move = moves.size();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move& mv = moves[i];
    if (mv.dn < 0 && mv.dm > 0 && less(lo, Ratio{mv.dm, -mv.dn})) {
      lo = {mv.dm, -mv.dn};
      lo_move = i;
    }
    if (mv.dn > 0 && (hi.infinite() || less(Ratio{-mv.dm, mv.dn}, hi))) {
      hi = {-mv.dm, mv.dn};
      hi_move = i;
    }
  }
  if (!hi.infinite() && !less(lo, hi)) {
    // hi > 0 (the single-move case is gone), so lo > 0 and came from a move.
    if (lo_move == moves.size()) throw EngineError("check_termination: bound without a move");
    const Move& a = moves[lo_move];
    const Move& b = moves[hi_move];
    const std::int64_t g = std::gcd(b.dn, -a.dn);
    r.a = lo_move;
    r.b = hi_move;
    r.times_a = b.dn / g;
    r.times_b = -a.dn / g;
    const std::int64_t net = r.times_a * a.dm + r.times_b * b.dm;
    r.reason = std::to_string(r.times_a) + " x " + to_string(a) + " and " + std::to_string(r.times_b) + " x " +
               to_string(b) + " net (" + std::to_string(net) +
               ",0), so these moves can be repeated forever from a far enough position";
    return r;
  }
  const Ratio t = simplest_between(lo, hi);
  r.terminates = true;
  r.w1 = t.den;
  r.w2 = t.num;
  r.t_lo = lo;
  r.t_hi = hi;
  for (const Move& mv : moves)
    if (r.w1 * mv.dm + r.w2 * mv.dn > -1)
      throw EngineError("check_termination: weights " + std::to_string(r.w1) + "," + std::to_string(r.w2) +
                        " do not lower the rank along " + to_string(mv));
  return r;
}

std::vector<Move> knight_moves() { return {{-2, -1}, {-1, -2}, {-2, 1}, {1, -2}}; }
std::vector<Move> king_moves() { return {{-1, 0}, {0, -1}, {-1, -1}}; }

std::int64_t knight_theorem22(std::int64_t m, std::int64_t j) {
  const std::int64_t q = j / 4, half_mod2 = (m / 2) % 2;
  switch (j % 4) {
    case 0:
      return half_mod2;
    case 1:
      return m == 4 * q + 2 ? 2 : half_mod2;
    case 2:
      return m % 4 == 0 ? 3 : 2;
    default:
      return m == 4 * q + 3 ? 1 : m == 4 * q + 4 ? 4 : m % 4 == 2 ? 2 : 3;
  }
}

std::int64_t king_value(std::int64_t m, std::int64_t n) {
  const bool m_odd = m % 2 == 1, n_odd = n % 2 == 1;
  if (m_odd == n_odd) return m_odd ? 2 : 0;
  return (m_odd ? m < n : n < m) ? 3 : 1;
}

std::optional<core::ClosedForm> closed_form_of(const Leaper& l, const Position& pos, core::Evaluation eval) {
  if (eval == core::Evaluation::MisereOutcome || l.kind() == Leaper::Kind::Other) return std::nullopt;
  core::ClosedForm c;
  if (l.kind() == Leaper::Kind::Knight)
    c = {static_cast<core::Value>(knight_theorem22(std::max(pos[0], pos[1]), std::min(pos[0], pos[1]))),
         "closed form: Theorem 2.2 of the knight paper"};
  else
    c = {static_cast<core::Value>(king_value(pos[0], pos[1])), "closed form: the king's parity rule"};
  if (eval == core::Evaluation::NormalOutcome) c = {c.value != 0 ? 1u : 0u, c.source + ", P iff G = 0"};
  return c;
}

std::vector<Move> parse_moves(const std::string& text, const std::string& param) {
  // "moves" (a leaper's displacements) or "dirs" (a rider's directions): the same syntax.
  const bool dirs = param == "dirs";
  const std::string flag = "-p " + param, one = dirs ? "direction" : "move";
  std::vector<Move> moves;
  if (text.empty())
    throw UserError(
        flag + " is empty; expected " +
        (dirs ? "directions dm:dn, e.g. -1:0,0:-1,-1:-1" : "displacements dm:dn, e.g. -2:1,-2:-1,1:-2,-1:-2"));
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const std::string what = flag + " item " + std::to_string(moves.size() + 1);
    const std::size_t colon = item.find(':');
    if (colon == std::string::npos)
      throw UserError(what + " = '" + item.substr(0, 40) + "': expected dm:dn, e.g. " + (dirs ? "-1:-1" : "-2:1"));
    Move mv{core::parse_int(item.substr(0, colon), what + " dm", -kMaxComponent, kMaxComponent),
            core::parse_int(item.substr(colon + 1), what + " dn", -kMaxComponent, kMaxComponent)};
    if (std::find(moves.begin(), moves.end(), mv) != moves.end())
      throw UserError(flag + ": the " + one + " " + to_string(mv) + " is given twice");
    moves.push_back(mv);
    if (moves.size() > Leaper::kMaxMoves)
      throw UserError(flag + ": more than " + std::to_string(Leaper::kMaxMoves) + " " + one + "s");
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return moves;
}

Leaper::Leaper(std::string label, std::vector<Move> moves)
    : label_(std::move(label)), moves_(std::move(moves)), term_(check_termination(moves_)) {
  if (moves_.empty() || moves_.size() > kMaxMoves)
    throw EngineError(label_ + ": a leaper needs 1.." + std::to_string(kMaxMoves) + " moves");
  if (!term_.terminates) throw EngineError(label_ + ": play need not end: " + term_.reason);
  precede_ = std::all_of(moves_.begin(), moves_.end(), [](const Move& mv) { return mv.dm <= 0 && mv.dn <= 0; });
  auto same_moves = [this](const std::vector<Move>& set) {
    return moves_.size() == set.size() && std::all_of(moves_.begin(), moves_.end(), [&](const Move& mv) {
             return std::find(set.begin(), set.end(), mv) != set.end();
           });
  };
  if (same_moves(knight_moves())) kind_ = Kind::Knight;
  if (same_moves(king_moves())) kind_ = Kind::King;
}

std::string Leaper::check(const Position& pos) const { return check_square(pos); }

Box Leaper::reach_box(const Box& box) const {
  const std::int64_t n1 = box.extent(0), n2 = box.extent(1);
  if (n1 <= 0 || n2 <= 0) return box;
  // m <= n1-1 + t_lo*(n2-1) and n <= n2-1 + (n1-1)/t_hi, with t_lo = p/q, t_hi = p'/q' (q' = 0: infinite).
  const std::int64_t extra_m = term_.t_lo.num * (n2 - 1) / term_.t_lo.den;
  const std::int64_t extra_n = term_.t_hi.infinite() ? 0 : term_.t_hi.den * (n1 - 1) / term_.t_hi.num;
  return Box(Position{n1 + extra_m, n2 + extra_n});
}

core::SolveRoute Leaper::route(const Box& requested, core::Evaluation eval) const {
  core::SolveRoute r;
  r.name = "leaper rank sweep";
  r.bytes = leaper_bytes(*this, requested);
  r.run = [this, requested, eval] { return solve_leaper(*this, requested, eval); };
  if (eval == core::Evaluation::Grundy)
    r.bands = core::BandRun{
        [this, requested](const runtime::World& world) {
          return leaper_band_bytes(*this, leaper_band_layout(*this, requested, world.size, world.rank));
        },
        [this, requested](const runtime::World& world) { return solve_leaper_bands(world, *this, requested); }};
  return r;
}

Slider::Slider(std::string label, std::vector<Move> directions)
    : label_(std::move(label)), dirs_(std::move(directions)) {
  for (const Move& d : dirs_)
    if (d.dm > 0 || d.dn > 0 || (d.dm == 0 && d.dn == 0))
      throw EngineError(label_ + ": slider direction " + to_string(d) + " must lower m or n and raise neither");
  auto has = [this](Move d) { return std::find(dirs_.begin(), dirs_.end(), d) != dirs_.end(); };
  if (has({-1, 0}) && has({0, -1})) {
    if (dirs_.size() == 2) lines_ = Lines::Axes;
    if (dirs_.size() == 3 && has({-1, -1})) lines_ = Lines::AxesAndDiagonal;
  }
}

std::string Slider::check(const Position& pos) const { return check_square(pos); }

std::optional<core::ClosedForm> closed_form_of(const Slider& s, const Position& pos, core::Evaluation eval) {
  if (s.lines() == Slider::Lines::Axes) return closed_form_of(Nim(2), pos, eval);
  if (s.lines() != Slider::Lines::AxesAndDiagonal || eval != core::Evaluation::NormalOutcome) return std::nullopt;
  // floor(k * phi) = floor((k + k sqrt 5) / 2) = (k + floor(sqrt(5 k^2))) / 2, exactly: 5 k^2
  // is no square for k > 0. Coordinates are at most 2^40, so 5 k^2 < 2^83 fits 128 bits.
  const std::int64_t a = std::min(pos[0], pos[1]), k = std::max(pos[0], pos[1]) - a;
  __extension__ typedef unsigned __int128 U128;
  const U128 n = U128{5} * static_cast<U128>(k) * static_cast<U128>(k);
  auto r = static_cast<U128>(std::sqrt(static_cast<long double>(n)));
  while (r * r > n) --r;
  while ((r + 1) * (r + 1) <= n) ++r;
  const bool p = static_cast<U128>(a) == (static_cast<U128>(k) + r) / 2;
  return core::ClosedForm{p ? 0u : 1u, "closed form: Wythoff, P iff min = floor(phi * (max - min))"};
}

}  // namespace grundy::games

#include "games/registry.hpp"

namespace grundy::games {

namespace {

const std::vector<std::string> kSquare = {"m", "n"};

Family chess_family(std::string name, std::string summary, std::function<core::Game(const Transforms&)> make) {
  Family f;
  f.name = name;
  f.summary = std::move(summary);
  f.example = name;
  f.coordinates = [](const Params&) { return kSquare; };
  f.make = [make = std::move(make)](const Params&, const Transforms& t) { return make(t); };
  return f;
}

// A chess piece on a small board as `play` draws it, oriented as `grundy table` shows the game:
// the piece's letter at its square, the corner squares it is driven to marked '.' (the
// knight's four, or the origin).
bool draw_board(std::ostream& out, char piece, bool knight_corner, const std::vector<std::string>& names,
                const Position& pos, int n) {
  if (n != 2 || pos[0] > 30 || pos[1] > 30) return false;
  const std::int64_t side = std::max<std::int64_t>({pos[0], pos[1], 5}) + 3;
  const std::string pad(names[0].size(), ' ');
  out << "  " << pad << "   ";
  for (std::int64_t c = 0; c < side; ++c) out << ' ' << (c % 10);
  out << "  " << names[1] << " ->\n";
  for (std::int64_t r = 0; r < side; ++r) {
    out << "  " << (r == 0 ? names[0] : pad) << (r < 10 ? "  " : " ") << r;
    for (std::int64_t c = 0; c < side; ++c) {
      const bool here = r == pos[0] && c == pos[1];
      const bool corner = knight_corner ? (r <= 1 && c <= 1) : (r == 0 && c == 0);
      out << ' ' << (here ? piece : corner ? '.' : '-');
    }
    out << "\n";
  }
  out << "  (" << piece << " at " << names[0] << " = " << pos[0] << ", " << names[1] << " = " << pos[1] << "; "
      << names[0] << " down, " << names[1] << " across, as grundy table shows it; '.' the corner it is driven to)\n";
  return true;
}

// The drawing of a family whose piece is `piece`.
auto drawn_as(char piece, bool knight_corner = false) {
  return [piece, knight_corner](std::ostream& out, const core::Game&, const std::vector<std::string>& names,
                                const Position& pos,
                                int n) { return draw_board(out, piece, knight_corner, names, pos, n); };
}

}  // namespace

Family knight_family() {
  Family f = chess_family(
      "knight",
      "Corner the Knight (Katayama, Koyama: Corner the Knight Game): the knight at (m,n) moves to (m-2,n-1), "
      "(m-1,n-2), (m-2,n+1) or (m+1,n-2) if both coordinates stay >= 0; the corners (0,0),(1,0),(0,1),(1,1) are "
      "terminal",
      [](const Transforms& t) { return with_transforms(Leaper("knight", knight_moves()), t); });
  f.draw = drawn_as('N', true);
  return f;
}

Family queen_family() {
  Family f = chess_family(
      "queen",
      "Corner the Queen (Isaacs) = Wythoff's Nim: the queen at (m,n) moves any number of squares left, down or "
      "diagonally down-left; (0,0) is terminal; P-positions (floor(k*phi), floor(k*phi^2)) and mirrors",
      [](const Transforms& t) { return with_transforms(Slider("queen", king_moves()), t); });
  f.draw = drawn_as('Q');
  return f;
}

Family rook_family() {
  Family f =
      chess_family("rook", "the rook at (m,n) moves any number of squares left or down: two-heap Nim, G = m xor n",
                   [](const Transforms& t) {
                     return with_transforms(Slider("rook", {{-1, 0}, {0, -1}}), t);
                   });
  f.draw = drawn_as('R');
  return f;
}

Family king_family() {
  Family f = chess_family("king",
                          "the king at (m,n) moves one square left, down or diagonally down-left; (0,0) is terminal; "
                          "P-positions: m and n both even",
                          [](const Transforms& t) { return with_transforms(Leaper("king", king_moves()), t); });
  f.draw = drawn_as('K');
  return f;
}

Family rider_family() {
  Family f;
  f.name = "rider";
  f.summary =
      "a rider at (m,n) slides any number k >= 1 of steps along one of the given directions dm:dn, to "
      "(m+k*dm, n+k*dn) while both stay >= 0; each direction lowers m or n and raises neither (Wythoff's variants; "
      "-1:0,0:-1,-1:-1 is the queen, -1:0,0:-1 the rook)";
  f.example = "rider -p dirs=-1:0,0:-1,-1:-2,-2:-1";
  f.params = {{"dirs",
               "directions dm:dn, comma-separated, dm, dn <= 0 and not both 0, |dm|,|dn| <= 1000, at most 64; e.g. "
               "-1:0,0:-1,-1:-1 is the queen",
               ""}};
  f.coordinates = [](const Params&) { return kSquare; };
  f.make = [](const Params& p, const Transforms& t) {
    std::vector<Move> dirs = parse_moves(p.get("dirs"), "dirs");
    for (const Move& d : dirs)
      if (d.dm > 0 || d.dn > 0 || (d.dm == 0 && d.dn == 0))
        throw UserError("-p dirs: the direction " + to_string(d) +
                        (d.dm == 0 && d.dn == 0 ? " does not move" : " raises a coordinate, so play need not end") +
                        "; allowed: dm, dn <= 0, not both 0");
    std::string label = "rider(dirs=" + moves_text(dirs) + ")";
    return with_transforms(Slider(std::move(label), std::move(dirs)), t);
  };
  f.draw = drawn_as('W');
  return f;
}

Family leaper_family() {
  Family f;
  f.name = "leaper";
  f.summary =
      "a leaper at (m,n) with the given displacements: (m+dm, n+dn), allowed iff both stay >= 0; refused unless "
      "every play ends (weights w1,w2 >= 1 with w1*dm + w2*dn <= -1 for every move)";
  f.example = "leaper -p moves=-2:1,-2:-1,1:-2,-1:-2";
  f.params = {{"moves",
               "displacements dm:dn, comma-separated, |dm|,|dn| <= 1000, at most 64; e.g. "
               "-2:1,-2:-1,1:-2,-1:-2 is the knight",
               ""}};
  f.coordinates = [](const Params&) { return kSquare; };
  f.make = [](const Params& p, const Transforms& t) {
    std::vector<Move> moves = parse_moves(p.get("moves"));
    const Termination term = check_termination(moves);
    if (!term.terminates)
      throw UserError("-p moves=" + p.get("moves").substr(0, 60) + ": play need not end: " + term.reason +
                      "; allowed: moves with weights w1,w2 >= 1 making w1*dm + w2*dn <= -1 for every move");
    const std::string label = "leaper(moves=" + moves_text(moves) + ")";
    return with_transforms(Leaper(label, std::move(moves)), t);
  };
  f.draw = drawn_as('L');
  // The atlas's leapers: the (a,b)-leapers that move as the knight does, 1 <= a < b <= --max.
  f.atlas = AtlasSweep{{{"max", "leaper: the (a,b)-leapers with b <= M", 24, 1, 64}},
                       [](const std::map<std::string, std::int64_t>& o) {
                         std::vector<std::string> out;
                         for (std::int64_t b = 2; b <= o.at("max"); ++b)
                           for (std::int64_t a = 1; a < b; ++a) {
                             const std::string sa = std::to_string(a), sb = std::to_string(b);
                             out.push_back("leaper -p moves=-" + sb + ":-" + sa + ",-" + sa + ":-" + sb + ",-" + sb +
                                           ":" + sa + "," + sa + ":-" + sb);
                           }
                         return out;
                       },
                       [](const std::map<std::string, std::int64_t>& o) {
                         return "(a,b)-leapers, 1 <= a < b <= " + std::to_string(o.at("max"));
                       }};
  return f;
}

}  // namespace grundy::games
