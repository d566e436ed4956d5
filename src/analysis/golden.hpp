#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grundy::analysis {

// A table typed in from a paper (format: data/golden/README.md). The files are compiled into
// the binary, so `grundy verify` needs nothing on disk. A blank cell is std::nullopt.
struct GoldenTable {
  std::string name;
  std::vector<std::string> comments;  // the '#' lines, without the '#'
  std::vector<std::int64_t> row_keys, col_keys;
  std::vector<std::vector<std::optional<std::int64_t>>> cells;

  // The cell at row key r, column key c; nullopt if blank or outside the table.
  std::optional<std::int64_t> at(std::int64_t r, std::int64_t c) const;
};

// The text of data/golden/<name> as compiled in, or an EngineError if there is no such file.
std::string_view golden_text(std::string_view name);

// Parses a golden TSV; a malformed file is an EngineError naming the file and line.
GoldenTable parse_golden(std::string_view name, std::string_view text);

// golden_text + parse_golden.
GoldenTable load_golden(std::string_view name);

}  // namespace grundy::analysis
