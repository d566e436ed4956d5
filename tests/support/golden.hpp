#pragma once

#include <cstdint>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

// A table typed in from a paper (tests/golden/README.md gives the format). Cells are optional:
// a blank cell is a position the paper does not print.
struct GoldenTable {
  std::vector<std::int64_t> row_keys, col_keys;
  std::vector<std::vector<std::optional<std::int64_t>>> cells;
};

inline std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t tab = line.find('\t', start);
    out.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
    if (tab == std::string::npos) return out;
    start = tab + 1;
  }
}

inline GoldenTable load_golden(const std::string& name) {
  const std::string path = std::string(GRUNDY_SOURCE_DIR) + "/tests/golden/" + name;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  GoldenTable t;
  std::string line;
  bool header = true;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    auto fields = split_tabs(line);
    if (header) {
      for (std::size_t i = 1; i < fields.size(); ++i) t.col_keys.push_back(std::stoll(fields[i]));
      header = false;
      continue;
    }
    if (fields.size() != t.col_keys.size() + 1) throw std::runtime_error(path + ": ragged row " + fields[0]);
    t.row_keys.push_back(std::stoll(fields[0]));
    std::vector<std::optional<std::int64_t>> row;
    for (std::size_t i = 1; i < fields.size(); ++i)
      row.push_back(fields[i].empty() ? std::nullopt : std::optional<std::int64_t>(std::stoll(fields[i])));
    t.cells.push_back(std::move(row));
  }
  return t;
}
