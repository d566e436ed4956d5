#pragma once

// Browsing an atlas: one page of its games at a time, filtered and sorted, for the
// explorer's atlas page (GET /api/atlas). The SQL is built here from the columns the file
// really has, so a request names columns only from that list, and its values reach SQLite
// only as bound parameters.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "atlas/atlas.hpp"

namespace grundy::atlas {

inline constexpr std::int64_t kMaxBrowseRows = 500;       // per page
inline constexpr std::size_t kMaxBrowseSpecFilter = 200;  // characters of the spec substring
inline constexpr std::int64_t kMaxBrowseOffset = std::int64_t{1} << 40;

// What the reverse_mex column says of a game.
enum class ReverseMex { Holds, Fails, NotExamined };

// The filters of a page (each unset one matches every game), its order and its window. The
// names of the errors browse() throws are those of the API's parameters.
struct BrowseQuery {
  std::optional<std::string> family;  // equal to
  std::optional<std::int64_t> passes;
  std::optional<bool> pass_from_terminal, proven;
  std::optional<bool> misere;
  std::optional<std::string> status;  // 'ok' or 'error'
  std::string spec;                   // a substring of the spec, as typed: '%' and '_' are no wildcards
  // The period within [period_min, period_max]; a game without a period matches no range.
  std::optional<std::int64_t> period_min, period_max;
  std::optional<ReverseMex> reverse_mex;
  // A formula for the P-positions was found (1) or not (0): the column ppos_formula.
  std::optional<bool> formula;
  std::string sort = "spec";  // a column of `games`; games without a value come last
  bool descending = false;
  std::int64_t limit = 50, offset = 0;
};

// A column of `games` and its declared type (INTEGER, REAL, TEXT), as the file has it.
struct BrowseColumn {
  std::string name, type;
};

// One page: every column of `games`, the rows of the window (NULL as nullopt), and how many
// games match the filters in all.
struct BrowsePage {
  std::vector<BrowseColumn> columns;
  std::vector<std::vector<std::optional<std::string>>> rows;
  std::int64_t total = 0, offset = 0, limit = 0;
};

// The columns of `games` in the file, in their order.
std::vector<BrowseColumn> columns(const Db& db);

// The families in the file and their counts of games, by name.
std::vector<std::pair<std::string, std::int64_t>> families(const Db& db);

// The page `q` asks for. A filter or sort naming a column the file lacks, or a value out of
// range, is a UserError naming the parameter.
BrowsePage browse(const Db& db, const BrowseQuery& q);

}  // namespace grundy::atlas
