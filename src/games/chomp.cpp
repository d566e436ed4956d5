#include "games/chomp.hpp"

#include "core/model/parse.hpp"
#include "games/registry.hpp"

namespace grundy::games {

std::vector<std::string> Chomp::coordinate_names() const {
  if (rows_ <= 3) {
    std::vector<std::string> abc{"a", "b", "c"};
    abc.resize(static_cast<std::size_t>(rows_));
    return abc;
  }
  std::vector<std::string> names;
  for (int i = 1; i <= rows_; ++i) names.push_back("r" + std::to_string(i));
  return names;
}

std::string Chomp::name() const {
  if (columns_) return "chomp(board=" + std::to_string(rows_) + "x" + std::to_string(*columns_) + ")";
  return "chomp(rows=" + std::to_string(rows_) + ")";
}

std::string Chomp::check(const core::Position& p) const {
  const auto names = coordinate_names();
  if (p[0] < 1)
    return "row " + names[0] + " = " + std::to_string(p[0]) + ": the poisoned square is always there, so it is >= 1";
  for (int i = 0; i < rows_; ++i) {
    if (p[i] < 0) return "row " + names[static_cast<std::size_t>(i)] + " = " + std::to_string(p[i]) + " is negative";
    if (columns_ && p[i] > *columns_)
      return "row " + names[static_cast<std::size_t>(i)] + " = " + std::to_string(p[i]) + " is longer than the bar's " +
             std::to_string(*columns_) + " columns";
    if (i > 0 && p[i] > p[i - 1])
      return "row " + names[static_cast<std::size_t>(i)] + " = " + std::to_string(p[i]) + " is longer than row " +
             names[static_cast<std::size_t>(i - 1)] + " = " + std::to_string(p[i - 1]) + "; rows do not grow upwards";
  }
  return "";
}

std::vector<core::CoordinateRange> Chomp::coordinate_ranges() const {
  core::CoordinateRange r;
  if (columns_) r.max = *columns_;
  return std::vector<core::CoordinateRange>(static_cast<std::size_t>(rows_), r);
}

std::optional<core::Position> start_position_of(const Chomp& g) {
  if (!g.columns()) return std::nullopt;
  core::Position p(g.arity());
  for (int i = 0; i < g.arity(); ++i) p[i] = *g.columns();
  return p;
}

Family chomp_family() {
  Family f;
  f.name = "chomp";
  f.summary = "Chomp: eat a square and all squares above and right of it; the poisoned corner loses";
  f.example = "chomp -p rows=3";
  f.params = {{"rows", "number of rows, 1..15 (3: positions a >= b >= c)", "3"},
              {"board", "RxC: the R x C bar (sets rows = R, rows at most C long); value solves it whole", "", true}};
  auto shape = [](const Params& p) -> std::pair<int, std::optional<std::int64_t>> {
    if (!p.has("board")) return {static_cast<int>(p.get_int("rows", 1, 15)), std::nullopt};
    const std::string& b = p.get("board");
    const auto [rows, c] = core::parse_rxc(b, "-p board", 15, 1000000);
    const auto r = static_cast<int>(rows);
    if (p.get("rows") != "3" && p.get_int("rows", 1, 15) != r)
      throw runtime::UserError("-p rows = " + p.get("rows") + " and -p board = " + b + " disagree; give one");
    return {r, c};
  };
  f.coordinates = [shape](const Params& p) { return Chomp(shape(p).first, shape(p).second).coordinate_names(); };
  f.starts = true;  // with -p board=RxC
  // The bar as the explorer draws it: its rows top first (row 1, with the poisoned square, last),
  // as wide as the longest row or the bar.
  f.grid = [](const core::Game& g, const Position& pos) {
    std::vector<std::string> rows;
    if (pos.size() != g.arity() || pos[0] > 60) return rows;
    const auto width = static_cast<std::size_t>(pos[0]);
    for (int i = pos.size() - 1; i >= 0; --i) {
      std::string row(width, '#');
      for (std::int64_t c = 0; c < pos[i]; ++c) row[static_cast<std::size_t>(c)] = '.';
      if (i == 0) row[0] = '*';
      rows.push_back(row);
    }
    return rows;
  };
  f.make = [shape](const Params& p, const Transforms& t) {
    const auto [rows, cols] = shape(p);
    return with_transforms(Chomp(rows, cols), t);
  };
  return f;
}

}  // namespace grundy::games
