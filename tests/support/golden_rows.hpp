#pragma once

// The rows of a golden file under data/golden/ (e.g. "octal/solved.tsv"), read from the source
// tree: comment lines (#) and the header left out, each row split at tabs (a trailing tab is an
// empty last cell).

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

inline std::vector<std::vector<std::string>> golden_rows(const std::string& path) {
  std::ifstream in(std::string(GRUNDY_SOURCE_DIR) + "/data/golden/" + path);
  EXPECT_TRUE(in) << path;
  std::vector<std::vector<std::string>> out;
  std::string line;
  bool header = true;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (header) {
      header = false;
      continue;
    }
    std::vector<std::string> cells;
    std::stringstream ss(line);
    for (std::string cell; std::getline(ss, cell, '\t');) cells.push_back(cell);
    if (line.back() == '\t') cells.emplace_back();
    out.push_back(cells);
  }
  return out;
}
