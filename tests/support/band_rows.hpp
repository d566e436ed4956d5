#pragma once

// GRUNDY_BAND_ROWS for one scope (core/solve/band_table.hpp: the rows, or planes, of a band): many
// small bands, so a band sweep in one process hands its sets from band to band many times.

#include <cstdlib>
#include <string>

class BandRows {
 public:
  explicit BandRows(int rows) { ::setenv("GRUNDY_BAND_ROWS", std::to_string(rows).c_str(), 1); }
  ~BandRows() { ::unsetenv("GRUNDY_BAND_ROWS"); }
  BandRows(const BandRows&) = delete;
  BandRows& operator=(const BandRows&) = delete;
};
