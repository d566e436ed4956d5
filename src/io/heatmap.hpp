#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "io/format.hpp"

namespace grundy::io {

// A heatmap of a 2-D grid (or a 1-D sequence drawn as one column): one colour per value with a
// legend, P-positions black, the axes named after the coordinates. Grids wider than the
// drawing are downsampled into blocks of k x k cells showing the smallest value of the block
// (so a block holding a P-position shows as P), and the image says so.

// The block side k used for a grid whose longer side is `cells`, for a drawing at most
// `max_blocks` blocks wide.
std::int64_t heatmap_block(std::int64_t cells, std::int64_t max_blocks);

// PNG bytes (libpng, 8-bit RGB).
std::vector<std::uint8_t> heatmap_png(const Grid& grid);

// A standalone SVG document.
void write_heatmap_svg(std::ostream& out, const Grid& grid);

}  // namespace grundy::io
