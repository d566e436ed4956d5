#include "games/chocolate.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <ostream>

#include "games/chocolate_solver.hpp"
#include "games/registry.hpp"
#include "runtime/errors.hpp"

namespace grundy::games {

using runtime::UserError;

namespace {

std::string flag_text(const std::string& param, const std::string& source) {
  return "-p " + param + "=" + source.substr(0, 80);
}

}  // namespace

BoundFunction::BoundFunction(std::string param, const std::string& source, bool two_variables)
    : param_(std::move(param)), two_variables_(two_variables), checked_(std::make_shared<Checked>()) {
  const std::vector<std::string> vars =
      two_variables_ ? std::vector<std::string>{"x", "z"} : std::vector<std::string>{"z"};
  try {
    program_ = std::make_shared<const expr::Program>(expr::Program::compile(source, vars));
  } catch (const expr::SyntaxError& e) {
    throw UserError(flag_text(param_, source) + ": " + e.what() + " (variables: " +
                    (two_variables_ ? "x, z" : "z") + ")");
  }
}

std::string BoundFunction::at_text(std::int64_t x, std::int64_t z) const {
  return two_variables_ ? param_ + "(" + std::to_string(x) + "," + std::to_string(z) + ")"
                        : param_ + "(" + std::to_string(z) + ")";
}

std::int64_t BoundFunction::operator()(std::int64_t x, std::int64_t z) const {
  try {
    return two_variables_ ? program_->eval({x, z}) : program_->eval({z});
  } catch (const expr::EvalError& e) {
    throw UserError(flag_text(param_, source()) + ": at " + at_text(x, z) + ": " + e.what());
  }
}

// Definition 5: F maps to integers >= 0 and F(u,v) <= F(x,z) when u <= x and v <= z. On a grid
// it is enough to compare each point with its right and upper neighbours.
std::string BoundFunction::first_violation(std::int64_t nx, std::int64_t nz) const {
  if (!two_variables_) nx = std::min<std::int64_t>(nx, 1);
  const std::string flag = flag_text(param_, source());
  std::vector<std::int64_t> prev_row, row;
  for (std::int64_t x = 0; x < nx; ++x) {
    row.resize(static_cast<std::size_t>(nz));
    for (std::int64_t z = 0; z < nz; ++z) {
      const std::int64_t v = (*this)(x, z);
      row[static_cast<std::size_t>(z)] = v;
      if (v < 0)
        return flag + ": " + at_text(x, z) + " = " + std::to_string(v) + " is negative; " + param_ +
               " must take values >= 0 (Definition 5)";
      if (z > 0 && row[static_cast<std::size_t>(z - 1)] > v)
        return flag + ": not monotone: " + at_text(x, z - 1) + " = " + std::to_string(row[static_cast<std::size_t>(z - 1)]) +
               " > " + at_text(x, z) + " = " + std::to_string(v);
      if (x > 0 && prev_row[static_cast<std::size_t>(z)] > v)
        return flag + ": not monotone: " + at_text(x - 1, z) + " = " + std::to_string(prev_row[static_cast<std::size_t>(z)]) +
               " > " + at_text(x, z) + " = " + std::to_string(v);
    }
    std::swap(prev_row, row);
  }
  return "";
}

void BoundFunction::ensure_valid(std::int64_t nx, std::int64_t nz) const {
  if (!two_variables_) nx = std::min<std::int64_t>(nx, 1);
  if (nx <= 0 || nz <= 0) return;
  std::lock_guard<std::mutex> lock(checked_->mutex);
  for (const auto& [cx, cz] : checked_->ranges)
    if (nx <= cx && nz <= cz) return;
  if (nz > (std::int64_t{1} << 32) / nx)
    throw runtime::TooLarge(flag_text(param_, source()) + ": checking " + param_ + " on " + std::to_string(nx) + " x " +
                            std::to_string(nz) + " points is too large (at most 2^32); use a smaller box");
  const std::string why = first_violation(nx, nz);
  if (!why.empty()) throw UserError(why);
  // Monotone on each of several down-closed rectangles means monotone on their union.
  checked_->ranges.emplace_back(nx, nz);
}

Chocolate::Chocolate(const std::string& f_source) : f_("F", f_source, true) {
  f_.ensure_valid(kDefaultCheckedRange, kDefaultCheckedRange);
}

std::string Chocolate::check(const Position& pos) const {
  static const char* names[] = {"x", "y", "z"};
  for (int i = 0; i < 3; ++i)
    if (pos[i] < 0) return std::string(names[i]) + " = " + std::to_string(pos[i]) + " is negative; coordinates are >= 0";
  const std::int64_t bound = F(pos[0], pos[2]);
  if (pos[1] > bound)
    return "y = " + std::to_string(pos[1]) + " exceeds F(x,z) = " + std::to_string(bound) + " at x = " +
           std::to_string(pos[0]) + ", z = " + std::to_string(pos[2]);
  return "";
}

Box Chocolate::reach_box(const Box& box) const {
  f_.ensure_valid(box.extent(0), box.extent(2));
  return box;
}

Chocolate2::Chocolate2(const std::string& h_source) : h_("h", h_source, false) {
  h_.ensure_valid(1, kDefaultCheckedRange);
}

std::string Chocolate2::check(const Position& pos) const {
  static const char* names[] = {"y", "z"};
  for (int i = 0; i < 2; ++i)
    if (pos[i] < 0) return std::string(names[i]) + " = " + std::to_string(pos[i]) + " is negative; coordinates are >= 0";
  const std::int64_t bound = h(pos[1]);
  if (pos[0] > bound)
    return "y = " + std::to_string(pos[0]) + " exceeds h(z) = " + std::to_string(bound) + " at z = " +
           std::to_string(pos[1]);
  return "";
}

Box Chocolate2::reach_box(const Box& box) const {
  h_.ensure_valid(1, box.extent(1));
  return box;
}

namespace {

// A column's height as one character: 1-9, then a-z for 10-35, '+' above.
char height_char(std::int64_t h) {
  if (h <= 9) return static_cast<char>('0' + h);
  if (h <= 35) return static_cast<char>('a' + h - 10);
  return '+';
}

// CB(F,x,y,z) as `play` draws it: seen from above, x + 1 rows, z + 1 columns, each column's
// height written in it, the bitter box '#', oriented as `grundy table` shows the game.
bool draw_bar(std::ostream& out, const core::Game& game, const std::vector<std::string>& names, const Position& pos,
              int n) {
  if (n != 3 || pos[0] > 20 || pos[2] > 30) return false;
  const auto heights = chocolate_heights(game, pos, true);
  out << "  " << std::string(names[0].size() + 3, ' ') << names[2] << " ->\n";
  for (std::int64_t u = 0; u <= pos[0]; ++u) {
    out << "  " << (u == 0 ? names[0] : std::string(names[0].size(), ' ')) << " " << (u % 10) << " ";
    for (std::int64_t w = 0; w <= pos[2]; ++w)
      out << (u == 0 && w == 0 ? '#' : height_char(heights[static_cast<std::size_t>(u)][static_cast<std::size_t>(w)]))
          << ' ';
    out << "\n";
  }
  out << "  (seen from above: each number is a column's height, min(F(x,z), y) + 1, at most " << pos[1] + 1
      << "; # is the column of the bitter box; break along a groove and eat the piece without it)\n";
  return true;
}

// CB_2(h,y,z) as `play` draws it: its staircase seen from the side, z + 1 columns across,
// column w min(h(w), y) + 1 squares high, the bitter square '#'.
bool draw_bar2(std::ostream& out, const core::Game& game, const std::vector<std::string>& names, const Position& pos,
               int n) {
  if (n != 2 || pos[0] > 20 || pos[1] > 40) return false;
  const auto heights = chocolate_heights(game, pos, false)[0];
  const std::int64_t top = *std::max_element(heights.begin(), heights.end());
  for (std::int64_t level = top; level >= 1; --level) {
    out << "  " << (level == top ? names[0] : std::string(names[0].size(), ' ')) << " ";
    for (std::size_t w = 0; w < heights.size(); ++w)
      out << (heights[w] < level ? "  " : level == 1 && w == 0 ? "# " : "o ");
    out << "\n";
  }
  out << "  " << std::string(names[0].size(), ' ') << " " << std::string(2 * heights.size(), '-') << "> " << names[1]
      << "\n  (# is the bitter square; " << names[1] << " = 0.." << pos[1]
      << " across, each column min(h(z), y) + 1 high; break along a groove and eat the piece without it)\n";
  return true;
}

// The atlas's chocolate bars: F = (a*x+b*z)/m in lowest terms, a, b <= --coefficients,
// m <= --divisors.
std::vector<std::string> bars(const std::map<std::string, std::int64_t>& o) {
  std::vector<std::string> out;
  const auto term = [](std::int64_t c, const char* v) {
    return c == 0 ? std::string() : (c == 1 ? "" : std::to_string(c) + "*") + v;
  };
  for (std::int64_t a = 0; a <= o.at("coefficients"); ++a)
    for (std::int64_t b = 0; b <= o.at("coefficients"); ++b)
      for (std::int64_t m = 1; m <= o.at("divisors"); ++m) {
        if (std::gcd(std::gcd(a, b), m) != 1 || (a == 0 && b == 0 && m > 1)) continue;
        std::string f = term(a, "x") + (a && b ? "+" : "") + term(b, "z");
        if (f.empty()) f = "0";
        if (m > 1) f = (a && b ? "(" + f + ")" : f) + "/" + std::to_string(m);
        out.push_back("chocolate -p F=" + f);
      }
  return out;
}

}  // namespace

Family chocolate_family() {
  Family f;
  f.name = "chocolate";
  f.summary = "3-D chocolate bar CB(F,x,y,z), y <= F(x,z) (Definitions 6-7 of Manabe, Miyadera, Suetsugu: Chocolate Games with a Pass)";
  f.example = "chocolate -p F=z/2";
  f.params = {{"F", "F(x,z), an expression in x and z, monotonically increasing and >= 0, e.g. (x+z)/3", ""}};
  f.coordinates = [](const Params&) { return std::vector<std::string>{"x", "y", "z"}; };
  f.make = [](const Params& p, const Transforms& t) { return with_transforms(Chocolate(p.get("F")), t); };
  f.draw = draw_bar;
  f.columns = [](const core::Game& game, const Position& pos) {
    return pos[0] <= 40 && pos[2] <= 40 ? chocolate_heights(game, pos, true) : std::vector<std::vector<std::int64_t>>{};
  };
  f.ns_function = [](const GameSpec& spec) -> std::function<std::int64_t(std::int64_t, std::int64_t)> {
    const BoundFunction fn("F", params_of(spec).get("F"), true);
    return [fn](std::int64_t x, std::int64_t z) { return fn(x, z); };
  };
  f.atlas = AtlasSweep{{{"coefficients", "chocolate: F = (a*x+b*z)/m with a, b = 0 .. C", 3, 1, 16},
                        {"divisors", "chocolate: m = 1 .. M", 4, 1, 16}},
                       bars,
                       [](const std::map<std::string, std::int64_t>& o) {
                         return "F = (a*x+b*z)/m, a, b in 0.." + std::to_string(o.at("coefficients")) + ", m in 1.." +
                                std::to_string(o.at("divisors"));
                       }};
  return f;
}

Family chocolate2_family() {
  Family f;
  f.name = "chocolate2";
  f.summary = "2-D chocolate bar CB_2(h,y,z), y <= h(z) (Corollary 1 of Manabe, Miyadera, Suetsugu: Chocolate Games with a Pass)";
  f.example = "chocolate2 -p h=z/2";
  f.params = {{"h", "h(z), an expression in z, monotonically increasing and >= 0, e.g. z/2", ""}};
  f.coordinates = [](const Params&) { return std::vector<std::string>{"y", "z"}; };
  f.make = [](const Params& p, const Transforms& t) { return with_transforms(Chocolate2(p.get("h")), t); };
  f.draw = draw_bar2;
  f.columns = [](const core::Game& game, const Position& pos) {
    return pos[1] <= 80 ? chocolate_heights(game, pos, false) : std::vector<std::vector<std::int64_t>>{};
  };
  return f;
}

std::vector<std::vector<std::int64_t>> chocolate_heights(const core::Game& game, const Position& pos, bool three_d) {
  const int y = three_d ? 1 : 0, z = three_d ? 2 : 1;
  const std::int64_t rows = three_d ? pos[0] + 1 : 1;
  std::vector<std::vector<std::int64_t>> heights(static_cast<std::size_t>(rows));
  for (std::int64_t u = 0; u < rows; ++u)
    for (std::int64_t w = 0; w <= pos[z]; ++w) {
      Position column = pos;
      if (three_d) column[0] = u;
      column[z] = w;
      // The tallest y' <= y with (u, y', w) a position: F(u, w) capped at y.
      std::int64_t top = pos[y];
      for (column[y] = top; top > 0 && !game.check(column).empty(); column[y] = --top) {
      }
      heights[static_cast<std::size_t>(u)].push_back(top + 1);
    }
  return heights;
}

}  // namespace grundy::games
