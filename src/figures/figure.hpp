#pragma once

// One drawing for every picture format. A figure is laid out once as a Scene (rectangles,
// images of cells, lines and text, in points, y down) and then rendered: by Cairo to PNG, SVG
// and PDF, with the same font (DejaVu Sans, measured by Cairo, so the layout is the same in all
// three), or written as TikZ commands a LaTeX document draws itself. The heatmaps and strips
// of io/heatmap.hpp are scenes.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace grundy::figures {

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  bool operator==(const Rgb&) const = default;
};

enum class Anchor { Left, Centre, Right };

struct FigText {
  double x = 0, y = 0;  // the anchor point on the baseline
  std::string text;
  double size = 9;  // font size in points
  Anchor anchor = Anchor::Left;
  bool italic = false;  // coordinate names, as the papers set them
  Rgb colour{0, 0, 0};
};

struct FigRect {
  double x = 0, y = 0, w = 0, h = 0;
  Rgb colour;
};

struct FigLine {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  double width = 0.75;
  Rgb colour{0, 0, 0};
  bool dashed = false;
};

// A grid of cols x rows colours drawn over a rectangle, each cell a sharp-edged block (the
// cells of a table): one image in the PNG; rectangles, runs of a colour merged, in the SVG, the
// PDF and TikZ (up to 40,000 cells: viewers smooth images as they scale them).
struct FigImage {
  double x = 0, y = 0, w = 0, h = 0;
  int cols = 0, rows = 0;
  std::vector<Rgb> pixels;  // row-major
};

struct Scene {
  std::string title;             // the SVG's <title> and the PDF's title (the PNG has none)
  double width = 0, height = 0;  // points
  std::vector<FigImage> images;  // drawn first, then rectangles, lines, text
  std::vector<FigRect> rects;
  std::vector<FigLine> lines;
  std::vector<FigText> texts;
};

// The width of `text` in points at `size`, in the figure font.
double text_width(const std::string& text, double size, bool italic = false);

enum class Labels { Auto, On, Off };

// How a figure is drawn: --dpi, --figure-width and --labels.
struct FigureStyle {
  double dpi = 150;              // PNG pixels per inch
  double width = 0;              // the whole figure's width in points; 0: from the table's shape
  Labels labels = Labels::Auto;  // values written in the cells (auto: where they are legible)
};

enum class SceneFormat { Png, Svg, Pdf, Tikz };

// Writes the scene; a PNG has dpi / 72 pixels a point (PNG and PDF are bytes: open `out` in
// binary mode). A PNG larger than Cairo draws (32767 pixels a side, 2^28 in all) is a UserError.
void write_scene(std::ostream& out, SceneFormat format, const Scene& scene, double dpi);

}  // namespace grundy::figures
