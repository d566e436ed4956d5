#pragma once

// The figures of tables and sequences, laid out as io/figure.hpp scenes. A 2-D grid is a
// heatmap: one colour a value (a colour bar past 12 values), P-positions black, the rows and
// columns named after their coordinates, in lower case as the papers write them. A sequence
// (a game of one coordinate, or several pass layers of one) is a strip along n, under a bar
// plot of its values, with the preperiod and the period marked when they are known. Tables
// wider than the drawing are downsampled into blocks of k x k cells showing the smallest
// value of the block (so a block holding a P-position shows as P), and the figure says so.

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "figures/figure.hpp"
#include "io/format.hpp"

namespace grundy::figures {

using io::Format;
using io::Grid;

// A sequence and what is known of its period.
struct Strip {
  std::string title;       // the game, with its transforms and evaluation
  std::string axis = "n";  // the coordinate along the strip
  std::string layer_axis;  // the coordinate of the layers ("p"), when there are several
  core::Evaluation eval = core::Evaluation::Grundy;
  std::vector<std::vector<core::Value>> layers;  // each as long as the others
  struct Period {
    std::int64_t preperiod = 0, period = 0;
    bool proven = false;
  };
  std::optional<Period> period;
};

// The block side k used for a table whose longer side is `cells`, drawn at most `max_blocks`
// blocks wide.
std::int64_t heatmap_block(std::int64_t cells, std::int64_t max_blocks);

// Cells (or blocks of them) along a figure's longer side: PNG, SVG and PDF (TikZ: 200).
constexpr std::int64_t kMaxBlocks = 720;

Scene heatmap_scene(const Grid& grid, const FigureStyle& style, std::int64_t max_blocks = kMaxBlocks);
Scene strip_scene(const Strip& strip, const FigureStyle& style, std::int64_t max_blocks = kMaxBlocks);

// A grid of one coordinate as a strip (its period unknown).
Strip strip_of(const Grid& grid);

// A figure in a picture format (io::is_figure): a 2-D grid as a heatmap, one of one coordinate
// as a strip.
void write_figure(std::ostream& out, Format format, const Grid& grid, const FigureStyle& style = {});
void write_figure(std::ostream& out, Format format, const Strip& strip, const FigureStyle& style = {});

// A grid in any format: a figure drawn in `style`, any other written by io::write_grid. What the
// faces that offer figures (the CLI, the explorer) print tables with.
void write_grid(std::ostream& out, Format format, const Grid& grid, const FigureStyle& style = {});

}  // namespace grundy::figures
