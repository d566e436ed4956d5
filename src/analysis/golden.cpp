#include "analysis/golden.hpp"

#include <charconv>

#include "analysis/golden_files.hpp"
#include "runtime/errors.hpp"

namespace grundy::analysis {

std::optional<std::int64_t> GoldenTable::at(std::int64_t r, std::int64_t c) const {
  for (std::size_t i = 0; i < row_keys.size(); ++i) {
    if (row_keys[i] != r) continue;
    for (std::size_t j = 0; j < col_keys.size(); ++j)
      if (col_keys[j] == c) return cells[i][j];
  }
  return std::nullopt;
}

std::string_view golden_text(std::string_view name) {
  for (const auto& f : kGoldenFiles)
    if (f.name == name) return f.text;
  throw runtime::EngineError("no golden file named " + std::string(name) + " is compiled in");
}

namespace {

std::vector<std::string_view> split(std::string_view line, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t pos = line.find(sep, start);
    out.push_back(line.substr(start, pos == std::string_view::npos ? std::string_view::npos : pos - start));
    if (pos == std::string_view::npos) return out;
    start = pos + 1;
  }
}

std::int64_t number(std::string_view s, std::string_view file, int line) {
  std::int64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size())
    throw runtime::EngineError(std::string(file) + ":" + std::to_string(line) + ": '" + std::string(s) +
                               "' is not an integer");
  return v;
}

}  // namespace

GoldenTable parse_golden(std::string_view name, std::string_view text) {
  GoldenTable t;
  t.name = std::string(name);
  bool header = true;
  int line_no = 0;
  for (std::string_view line : split(text, '\n')) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;
    if (line[0] == '#') {
      t.comments.emplace_back(line.substr(1));
      continue;
    }
    const auto fields = split(line, '\t');
    if (header) {
      for (std::size_t i = 1; i < fields.size(); ++i) t.col_keys.push_back(number(fields[i], name, line_no));
      header = false;
      continue;
    }
    if (fields.size() != t.col_keys.size() + 1)
      throw runtime::EngineError(std::string(name) + ":" + std::to_string(line_no) + ": expected " +
                                 std::to_string(t.col_keys.size() + 1) + " fields");
    t.row_keys.push_back(number(fields[0], name, line_no));
    std::vector<std::optional<std::int64_t>> row;
    for (std::size_t i = 1; i < fields.size(); ++i)
      row.push_back(fields[i].empty() ? std::nullopt : std::optional<std::int64_t>(number(fields[i], name, line_no)));
    t.cells.push_back(std::move(row));
  }
  return t;
}

GoldenTable load_golden(std::string_view name) { return parse_golden(name, golden_text(name)); }

}  // namespace grundy::analysis
