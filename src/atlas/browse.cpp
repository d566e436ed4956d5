#include "atlas/browse.hpp"

#include <algorithm>

#include "runtime/errors.hpp"

namespace grundy::atlas {

namespace {

using Param = Db::Param;

// A column name from the file as an SQL identifier.
std::string identifier(const std::string& name) {
  std::string out = "\"";
  for (const char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string list_of(const std::vector<BrowseColumn>& columns) {
  std::string out;
  for (const auto& c : columns) out += (out.empty() ? "" : ", ") + c.name;
  return out;
}

std::string shown(const std::string& text) { return text.size() > 40 ? text.substr(0, 40) + "..." : text; }

void in_range(std::int64_t v, const char* what, std::int64_t min, std::int64_t max) {
  if (v < min || v > max)
    throw runtime::UserError(std::string(what) + " = '" + std::to_string(v) + "': out of range; allowed " +
                             std::to_string(min) + ".." + std::to_string(max));
}

// The WHERE clause of a query's filters, its values as parameters; each column it names must
// be one of the file's.
struct Where {
  const std::vector<BrowseColumn>& columns;
  std::string sql;
  std::vector<Param> params;

  std::string column(const std::string& name, const std::string& what) const {
    const bool known =
        std::any_of(columns.begin(), columns.end(), [&](const BrowseColumn& c) { return c.name == name; });
    if (!known) throw runtime::UserError(what + ": this atlas has no such column; its columns: " + list_of(columns));
    return identifier(name);
  }

  void add(const std::string& condition) { sql += (sql.empty() ? " WHERE " : " AND ") + condition; }

  void equal(const std::string& name, const Param& value) {
    add(column(name, name) + " = ?");
    params.push_back(value);
  }
};

}  // namespace

std::vector<BrowseColumn> columns(const Db& db) {
  std::vector<BrowseColumn> out;
  db.query("SELECT name, type FROM pragma_table_info('games') ORDER BY cid", [&](const auto& row) {
    out.push_back({row[0].value_or(""), row[1].value_or("")});
  });
  return out;
}

std::vector<std::pair<std::string, std::int64_t>> families(const Db& db) {
  std::vector<std::pair<std::string, std::int64_t>> out;
  db.query("SELECT family, COUNT(*) FROM games GROUP BY family ORDER BY family",
           [&](const auto& row) { out.emplace_back(row[0].value_or(""), std::stoll(row[1].value_or("0"))); });
  return out;
}

BrowsePage browse(const Db& db, const BrowseQuery& q) {
  BrowsePage page;
  page.columns = columns(db);
  in_range(q.limit, "limit", 1, kMaxBrowseRows);
  in_range(q.offset, "offset", 0, kMaxBrowseOffset);
  page.limit = q.limit;
  page.offset = q.offset;

  Where where{page.columns, "", {}};
  if (q.family) {
    // Named against the families the file holds: a misspelt one is told, not an empty page.
    const auto known = families(db);
    if (std::none_of(known.begin(), known.end(), [&](const auto& f) { return f.first == *q.family; })) {
      std::string list;
      for (const auto& f : known) list += (list.empty() ? "" : ", ") + f.first;
      throw runtime::UserError("family = '" + shown(*q.family) + "': not in this atlas; " +
                               (list.empty() ? std::string("it holds no games") : "it holds: " + list));
    }
    where.equal("family", *q.family);
  }
  if (q.passes) {
    in_range(*q.passes, "passes", 0, kMaxBrowseOffset);
    where.equal("passes", *q.passes);
  }
  if (q.pass_from_terminal) where.equal("pass_from_terminal", std::int64_t{*q.pass_from_terminal ? 1 : 0});
  if (q.proven) where.equal("proven", std::int64_t{*q.proven ? 1 : 0});
  if (q.misere) where.equal("misere", std::int64_t{*q.misere ? 1 : 0});
  if (q.status) {
    if (*q.status != "ok" && *q.status != "error")
      throw runtime::UserError("status = '" + shown(*q.status) + "': allowed ok, error");
    where.equal("status", *q.status);
  }
  if (!q.spec.empty()) {
    if (q.spec.size() > kMaxBrowseSpecFilter)
      throw runtime::UserError("spec: " + std::to_string(q.spec.size()) + " characters; at most " +
                               std::to_string(kMaxBrowseSpecFilter));
    if (std::any_of(q.spec.begin(), q.spec.end(),
                    [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
      throw runtime::UserError("spec: control characters are not part of any game's spec");
    // instr, not LIKE: the text is matched as typed, '%' and '_' included, and case matters as
    // in the CLI's specs.
    where.add("instr(" + where.column("spec", "spec") + ", ?) > 0");
    where.params.emplace_back(q.spec);
  }
  if (q.period_min) {
    in_range(*q.period_min, "period_min", 0, kMaxBrowseOffset);
    where.add(where.column("period", "period_min") + " >= ?");
    where.params.emplace_back(*q.period_min);
  }
  if (q.period_max) {
    in_range(*q.period_max, "period_max", 0, kMaxBrowseOffset);
    if (q.period_min && *q.period_min > *q.period_max)
      throw runtime::UserError("period_min = " + std::to_string(*q.period_min) +
                               " is above period_max = " + std::to_string(*q.period_max));
    where.add(where.column("period", "period_max") + " <= ?");
    where.params.emplace_back(*q.period_max);
  }
  if (q.reverse_mex) {
    const std::string c = where.column("reverse_mex", "reverse_mex");
    if (*q.reverse_mex == ReverseMex::NotExamined) {
      where.add(c + " IS NULL");
    } else {
      where.add(c + " = ?");
      where.params.emplace_back(std::int64_t{*q.reverse_mex == ReverseMex::Holds ? 1 : 0});
    }
  }
  if (q.formula) where.add(where.column("ppos_formula", "formula") + (*q.formula ? " IS NOT NULL" : " IS NULL"));

  // Games without a value in the sort column (no period found, reverse-mex not examined) come
  // last either way; the spec, unique, breaks ties, so pages neither overlap nor skip a game.
  const std::string sort = where.column(q.sort, "sort = '" + shown(q.sort) + "'");
  std::string order = " ORDER BY " + sort + " IS NULL, " + sort + (q.descending ? " DESC" : " ASC");
  if (q.sort != "spec") order += ", " + where.column("spec", "spec") + " ASC";

  db.query("SELECT COUNT(*) FROM games" + where.sql, where.params,
           [&](const auto& row) { page.total = std::stoll(row[0].value_or("0")); });
  std::string select;
  for (const auto& c : page.columns) select += (select.empty() ? "" : ", ") + identifier(c.name);
  std::vector<Param> params = where.params;
  params.emplace_back(q.limit);
  params.emplace_back(q.offset);
  db.query("SELECT " + select + " FROM games" + where.sql + order + " LIMIT ? OFFSET ?", params,
           [&](const auto& row) { page.rows.push_back(row); });
  return page;
}

}  // namespace grundy::atlas
