// The figures: heatmaps and strips as scenes (what they draw), and the PNG, SVG and PDF that
// Cairo renders of one scene compared as pictures.
#include "figures/heatmap.hpp"

#include <gtest/gtest.h>
#include <png.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "games/registry.hpp"
#include "io/latex.hpp"

using namespace grundy;

namespace {

// Two-heap Nim over 0..n-1: its P-positions are exactly the diagonal x = y (Bouton). With a
// pass, the slice at p = 1.
io::Grid nim_grid(int n, const std::string& spec = "nim -p heaps=2") {
  const core::Game g = games::make_game(games::parse_game_spec(spec));
  const bool pass = g.coordinate_names().size() == 3;
  const core::DenseTable t = g.solve_dense(core::Box(pass ? core::Position{n, n, 2} : core::Position{n, n}));
  return io::make_grid(t, g.name(), g.coordinate_names(), pass ? core::Position{0, 0, 1} : core::Position{0, 0}, 0, 1,
                       n, n);
}

bool has_text(const figures::Scene& s, const std::string& text, bool italic = false) {
  return std::any_of(s.texts.begin(), s.texts.end(),
                     [&](const figures::FigText& t) { return t.text == text && t.italic == italic; });
}

struct Decoded {
  png_uint_32 width = 0, height = 0;
  std::vector<std::uint8_t> rgb;
  int at(png_uint_32 x, png_uint_32 y, int channel) const {
    return rgb[(static_cast<std::size_t>(y) * width + x) * 3 + static_cast<std::size_t>(channel)];
  }
};

// Reads a PNG file back with libpng's simplified API, independently of how it was written.
Decoded decode(const std::string& path) {
  png_image img{};
  img.version = PNG_IMAGE_VERSION;
  EXPECT_NE(png_image_begin_read_from_file(&img, path.c_str()), 0) << path;
  img.format = PNG_FORMAT_RGB;
  Decoded d;
  d.width = img.width;
  d.height = img.height;
  d.rgb.resize(PNG_IMAGE_SIZE(img));
  EXPECT_NE(png_image_finish_read(&img, nullptr, d.rgb.data(), 0, nullptr), 0) << path;
  return d;
}

struct Difference {
  double mean = 0;       // of |a - b| over channels, 0..255
  double far_share = 0;  // the share of pixels with a channel differing by more than 32
};

// The two pictures compared at a quarter of their resolution (each pixel the mean of 4 x 4):
// the programs antialias glyph edges each their own way, which a picture of the table is not
// about.
Difference compare(const Decoded& a, const Decoded& b) {
  EXPECT_LE(std::abs(static_cast<long>(a.width) - static_cast<long>(b.width)), 1);
  EXPECT_LE(std::abs(static_cast<long>(a.height) - static_cast<long>(b.height)), 1);
  constexpr png_uint_32 k = 4;
  const png_uint_32 w = std::min(a.width, b.width) / k, h = std::min(a.height, b.height) / k;
  double sum = 0, far = 0;
  for (png_uint_32 y = 0; y < h; ++y)
    for (png_uint_32 x = 0; x < w; ++x) {
      double most = 0;
      for (int c = 0; c < 3; ++c) {
        double d = 0;
        for (png_uint_32 i = 0; i < k; ++i)
          for (png_uint_32 j = 0; j < k; ++j) d += a.at(k * x + i, k * y + j, c) - b.at(k * x + i, k * y + j, c);
        d = std::abs(d) / (k * k);
        sum += d;
        most = std::max(most, d);
      }
      far += most > 32;
    }
  const double pixels = static_cast<double>(w) * h;
  return {sum / (3 * pixels), far / pixels};
}

std::string temp(const std::string& name) { return testing::TempDir() + "/grundy_figure_" + name; }

void write_file(const std::string& path, io::Format f, const io::Grid& g, const figures::FigureStyle& style) {
  std::ofstream out(path, std::ios::binary);
  figures::write_figure(out, f, g, style);
}

}  // namespace

TEST(Heatmap, BlockSide) {
  EXPECT_EQ(figures::heatmap_block(13, 1024), 1);
  EXPECT_EQ(figures::heatmap_block(1024, 1024), 1);
  EXPECT_EQ(figures::heatmap_block(1025, 1024), 2);
  EXPECT_EQ(figures::heatmap_block(4096, 1024), 4);
}

TEST(Heatmap, NimsDiagonalIsBlackAndTheAxesAreNamedInLowerCase) {
  const figures::Scene s = figures::heatmap_scene(nim_grid(8), {});
  ASSERT_EQ(s.images.size(), 1u);
  const figures::FigImage& cells = s.images[0];
  ASSERT_EQ(cells.cols, 8);
  ASSERT_EQ(cells.rows, 8);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c)
      EXPECT_EQ(cells.pixels[static_cast<std::size_t>(r * 8 + c)] == figures::Rgb{}, r == c) << r << "," << c;
  EXPECT_EQ(s.title, "nim(heaps=2)");
  EXPECT_TRUE(has_text(s, "x", true));
  EXPECT_TRUE(has_text(s, "y", true));
  EXPECT_TRUE(has_text(s, "0 = P-position"));
  EXPECT_TRUE(has_text(s, "7"));  // 8 values: one swatch each, no colour bar
  EXPECT_FALSE(has_text(s, "downsampled", false));
}

TEST(Heatmap, ManyValuesGetAColourBarAndLargeTablesAreDownsampledByTheirSmallestValue) {
  const figures::Scene s = figures::heatmap_scene(nim_grid(1500), {});
  ASSERT_EQ(s.images.size(), 2u);  // the cells and the colour bar
  const figures::FigImage& cells = s.images[0];
  EXPECT_EQ(cells.cols, 500);  // 1500 cells in blocks of 3
  for (int b = 0; b < 500; ++b) EXPECT_EQ(cells.pixels[static_cast<std::size_t>(b * 500 + b)], figures::Rgb{}) << b;
  EXPECT_NE(cells.pixels[1], figures::Rgb{});
  EXPECT_TRUE(has_text(s, "downsampled: each block is 3x3 cells, showing its smallest value (P if any)"));
  EXPECT_TRUE(has_text(s, "2047"));  // the bar's top: the largest value, 1499 ^ 548
  EXPECT_FALSE(has_text(s, "12"));
}

TEST(Heatmap, TitlesNameTheTransformsAndLabelsFollowTheOption) {
  io::Grid g = nim_grid(6, "nim -p heaps=2 --pass");
  EXPECT_EQ(figures::heatmap_scene(g, {}).title, "nim(heaps=2) + pass  at p = 1");
  const auto cell_labels = [&](figures::Labels l) {
    figures::FigureStyle style;
    style.labels = l;
    const figures::Scene s = figures::heatmap_scene(nim_grid(13), style);
    const figures::FigImage& c = s.images[0];
    return std::count_if(s.texts.begin(), s.texts.end(), [&](const figures::FigText& t) {
      return t.x > c.x && t.x < c.x + c.w && t.y > c.y && t.y < c.y + c.h;  // in the table
    });
  };
  EXPECT_EQ(cell_labels(figures::Labels::Auto), 169);
  EXPECT_EQ(cell_labels(figures::Labels::Off), 0);
  const core::Game misere = games::make_game(games::parse_game_spec("nim -p heaps=2"));
  const core::DenseTable t = misere.solve_dense(core::Box(core::Position{4, 4}), core::Evaluation::MisereOutcome);
  g = io::make_grid(t, misere.name(), misere.coordinate_names(), core::Position{0, 0}, 0, 1, 4, 4);
  EXPECT_EQ(figures::heatmap_scene(g, {}).title, "nim(heaps=2), misere play (P/N)");
}

TEST(Heatmap, FigureWidthIsTheWholeFigures) {
  figures::FigureStyle style;
  style.width = 12 * 72 / 2.54;  // 12 cm
  const figures::Scene s = figures::heatmap_scene(nim_grid(40), style);
  EXPECT_NEAR(s.width, style.width, 1e-6);
  style.width = 40;
  EXPECT_THROW(figures::heatmap_scene(nim_grid(40), style), runtime::UserError);
}

TEST(Strip, KaylesPeriodIsMarkedWhereItStarts) {
  figures::Strip strip;
  strip.title = "octal(code=0.77)";
  strip.axis = "x";
  // Kayles: G(0..11) = 0 1 2 3 1 4 3 2 1 4 2 6, then on.
  strip.layers = {{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7}};
  strip.period = figures::Strip::Period{4, 12, false};
  const figures::Scene s = figures::strip_scene(strip, {});
  EXPECT_TRUE(has_text(s, "x", true));
  EXPECT_TRUE(has_text(s, "G", true));
  EXPECT_TRUE(has_text(s, "period 12 from x = 4 (observed)"));
  EXPECT_TRUE(has_text(s, "preperiod 4, period 12, last exceptional value at x = 3 (observed, not proven)"));
  ASSERT_EQ(s.images.size(), 1u);  // the strip (7 values: swatches, no bar)
  EXPECT_EQ(s.images[0].cols, 24);
  EXPECT_EQ(s.images[0].rows, 1);
  EXPECT_EQ(s.images[0].pixels[0], figures::Rgb{});
  // The period's start: a dashed line at x = 4, a quarter of the strip in.
  const figures::FigImage& row = s.images[0];
  const double x4 = row.x + row.w * 4 / 24;
  EXPECT_TRUE(std::any_of(s.lines.begin(), s.lines.end(), [&](const figures::FigLine& l) {
    return l.dashed && std::abs(l.x0 - x4) < 1e-9 && std::abs(l.x1 - x4) < 1e-9;
  }));
  // A bar a value but the P-position's (height 0): 23 of 24.
  EXPECT_EQ(s.rects.size() - 8, 23u);  // less the legend's 8 swatches
}

TEST(Strip, PassLayersAreRowsAndAGridOfOneCoordinateIsAStrip) {
  figures::Strip strip;
  strip.title = "t";
  strip.layer_axis = "p";
  strip.layers = {{0, 1, 0, 1}, {1, 0, 2, 0}};
  const figures::Scene s = figures::strip_scene(strip, {});
  EXPECT_EQ(s.images.size(), 2u);
  EXPECT_TRUE(has_text(s, "p = 1"));
  EXPECT_FALSE(has_text(s, "G", true));  // no bars for several layers
  const core::Game g = games::make_game(games::parse_game_spec("subtraction -p set=1,2"));
  const core::DenseTable t = g.solve_dense(core::Box(core::Position{10}));
  const io::Grid grid = io::make_grid(t, g.name(), g.coordinate_names(), core::Position{0}, 0, -1, 10, 1);
  const figures::Scene one = figures::heatmap_scene(grid, {});
  ASSERT_EQ(one.images.size(), 1u);
  EXPECT_EQ(one.images[0].rows, 1);
  EXPECT_EQ(one.images[0].cols, 10);
}

// The test: the PNG, and the SVG and the PDF rasterised by other programs (librsvg's
// rsvg-convert and poppler's pdftoppm), show the same picture at low resolution (72 dpi, then
// compared at 18); a different table drawn the same way does not pass the same bounds.
TEST(Figure, PngSvgAndPdfShowTheSamePicture) {
  figures::FigureStyle style;
  style.dpi = 72;
  const io::Grid table2 = nim_grid(13, "nim -p heaps=2 --pass");
  for (const auto& [name, grid] : {std::pair<std::string, io::Grid>{"t2", table2}, {"n300", nim_grid(300)}}) {
    SCOPED_TRACE(name);
    write_file(temp(name + ".png"), io::Format::Png, grid, style);
    write_file(temp(name + ".svg"), io::Format::Svg, grid, style);
    write_file(temp(name + ".pdf"), io::Format::Pdf, grid, style);
    ASSERT_EQ(
        std::system(
            ("rsvg-convert --dpi-x 72 --dpi-y 72 -o " + temp(name + "-svg.png") + " " + temp(name + ".svg")).c_str()),
        0)
        << "rsvg-convert (Debian: librsvg2-bin)";
    ASSERT_EQ(
        std::system(("pdftoppm -r 72 -png -singlefile " + temp(name + ".pdf") + " " + temp(name + "-pdf")).c_str()), 0)
        << "pdftoppm (Debian: poppler-utils)";
    const Decoded png = decode(temp(name + ".png"));
    for (const std::string& other : {name + "-svg.png", name + "-pdf.png"}) {
      const Difference d = compare(png, decode(temp(other)));
      EXPECT_LT(d.mean, 3.0) << other;        // measured: 0.9 (SVG) and 1.5 (PDF)
      EXPECT_LT(d.far_share, 0.02) << other;  // measured: 0 and up to 0.009
    }
  }
  // The control: Nim without the pass, same size, same layout, other colours.
  write_file(temp("control.png"), io::Format::Png, nim_grid(13), style);
  const Difference d = compare(decode(temp("t2.png")), decode(temp("control.png")));
  EXPECT_GT(d.far_share, 0.2);  // measured: 0.45
}

TEST(Figure, TikzDrawsTheSceneInLatex) {
  figures::Scene s;
  s.title = "a_b";
  s.width = 100;
  s.height = 50;
  s.rects.push_back({10, 10, 20, 5, {255, 0, 0}});
  s.texts.push_back({10, 40, "x_1 & 50% {ok}", 9, figures::Anchor::Left, true});
  s.images.push_back({0, 0, 30, 10, 3, 1, {{0, 0, 0}, {0, 0, 0}, {1, 2, 3}}});
  std::ostringstream out;
  figures::write_scene(out, figures::SceneFormat::Tikz, s, 72);
  const std::string t = out.str();
  EXPECT_EQ(t.rfind("% a_b; 100pt x 50pt; needs \\usepackage{tikz}\n\\begin{tikzpicture}[x=1pt, y=-1pt]\n", 0), 0u)
      << t;
  EXPECT_NE(t.find("{x\\_1 \\& 50\\% \\{ok\\}}"), std::string::npos) << t;
  EXPECT_NE(t.find("\\itshape"), std::string::npos);
  // The image's two black cells are one run: two rectangles for it, one for the red one.
  std::size_t fills = 0;
  for (auto at = t.find("\\fill["); at != std::string::npos; at = t.find("\\fill[", at + 1)) ++fills;
  EXPECT_EQ(fills, 3u);
  EXPECT_NE(t.find("(0.00,0.00) rectangle (20.00,10.00)"), std::string::npos) << t;
  EXPECT_NE(t.find("\\definecolor{"), std::string::npos);
  EXPECT_EQ(t.substr(t.size() - 18), "\\end{tikzpicture}\n");
}

TEST(Latex, MarksPositions) {
  io::Grid g = nim_grid(2);
  std::ostringstream bold, shade, none;
  io::write_latex(bold, g, io::LatexMark::Bold);
  EXPECT_EQ(bold.str(),
            "% nim(heaps=2); P-positions in bold\n"
            "\\begin{tabular}{r|rr}\n"
            "$x\\backslash y$ & 0 & 1 \\\\\n\\hline\n"
            "0 & \\textbf{0} & 1 \\\\\n"
            "1 & 1 & \\textbf{0} \\\\\n"
            "\\end{tabular}\n");
  io::write_latex(shade, g, io::LatexMark::Shade);
  EXPECT_NE(shade.str().find("0 & \\cellcolor[gray]{0.8}0 & 1 \\\\"), std::string::npos) << shade.str();
  EXPECT_NE(shade.str().find("\\usepackage[table]{xcolor}"), std::string::npos);
  io::write_latex(none, g, io::LatexMark::None);
  EXPECT_EQ(none.str().find("textbf"), std::string::npos);
  EXPECT_THROW(io::parse_latex_mark("italic"), runtime::UserError);
}
