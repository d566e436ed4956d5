#include "io/heatmap.hpp"

#include <gtest/gtest.h>
#include <png.h>

#include <regex>
#include <sstream>

#include "games/registry.hpp"
#include "io/latex.hpp"

using namespace grundy;

namespace {

// Two-heap Nim over 0..n-1: its P-positions are exactly the diagonal x = y (Bouton).
io::Grid nim_grid(int n) {
  const core::Game g = games::make_game(games::parse_game_spec("nim -p heaps=2"));
  const core::DenseTable t = g.solve_dense(core::Box(core::Position{n, n}));
  return io::make_grid(t, g.name(), g.coordinate_names(), core::Position{0, 0}, 0, 1, n, n);
}

int count(const std::string& s, const std::string& needle) {
  int k = 0;
  for (auto at = s.find(needle); at != std::string::npos; at = s.find(needle, at + 1)) ++k;
  return k;
}

struct Decoded {
  png_uint_32 width = 0, height = 0;
  std::vector<std::uint8_t> rgb;
};

// Reads PNG bytes back with libpng's simplified API, independently of how they were written.
Decoded decode(const std::vector<std::uint8_t>& bytes) {
  png_image img{};
  img.version = PNG_IMAGE_VERSION;
  EXPECT_NE(png_image_begin_read_from_memory(&img, bytes.data(), bytes.size()), 0);
  img.format = PNG_FORMAT_RGB;
  Decoded d;
  d.width = img.width;
  d.height = img.height;
  d.rgb.resize(PNG_IMAGE_SIZE(img));
  EXPECT_NE(png_image_finish_read(&img, nullptr, d.rgb.data(), 0, nullptr), 0);
  return d;
}

}  // namespace

TEST(Heatmap, BlockSide) {
  EXPECT_EQ(io::heatmap_block(13, 1024), 1);
  EXPECT_EQ(io::heatmap_block(1024, 1024), 1);
  EXPECT_EQ(io::heatmap_block(1025, 1024), 2);
  EXPECT_EQ(io::heatmap_block(4096, 1024), 4);
}

TEST(Heatmap, SvgMarksTheDiagonalOfNimAsP) {
  std::ostringstream out;
  io::write_heatmap_svg(out, nim_grid(13));
  const std::string svg = out.str();
  EXPECT_EQ(svg.rfind("<svg ", 0), 0u);
  // 13 P cells (none adjacent along a row, so none merged) plus the legend's swatch.
  EXPECT_EQ(count(svg, "fill=\"#000000\"/>"), 13 + 1) << svg.substr(0, 400);
  EXPECT_NE(svg.find(">0 = P-position</text>"), std::string::npos);
  EXPECT_NE(svg.find(">x</text>"), std::string::npos);
  EXPECT_NE(svg.find(">y</text>"), std::string::npos);
  EXPECT_EQ(svg.find("downsampled"), std::string::npos);
}

TEST(Heatmap, SvgSaysWhenItDownsamples) {
  std::ostringstream out;
  io::write_heatmap_svg(out, nim_grid(300));
  EXPECT_NE(out.str().find("downsampled: each block is 2x2 cells"), std::string::npos);
  // Min-downsampling keeps the P diagonal: every diagonal block holds a P cell, 150 of them.
  EXPECT_GE(count(out.str(), "fill=\"#000000\"/>"), 150);
}

TEST(Heatmap, PngDecodesWithTheSceneOfTheSvg) {
  const io::Grid grid = nim_grid(13);
  const Decoded d = decode(io::heatmap_png(grid));
  std::ostringstream svg;
  io::write_heatmap_svg(svg, grid);  // same layout at this size
  std::smatch m;
  const std::string s = svg.str();
  ASSERT_TRUE(std::regex_search(s, m, std::regex("width=\"(\\d+)\" height=\"(\\d+)\"")));
  EXPECT_EQ(d.width, std::stoul(m[1]));
  EXPECT_EQ(d.height, std::stoul(m[2]));
  // The first black swatch row of the SVG is cell (0,0), a P-position: its centre pixel is black
  // in the PNG too, and cell (0,1) (G = 1) is not.
  ASSERT_TRUE(std::regex_search(s, m, std::regex("<rect x=\"(\\d+)\" y=\"(\\d+)\" width=\"(\\d+)\" height=\"(\\d+)\" fill=\"#000000\"")));
  const int x = std::stoi(m[1]), y = std::stoi(m[2]), w = std::stoi(m[3]);
  auto px = [&](int px_x, int px_y) {
    const std::size_t i = (static_cast<std::size_t>(px_y) * d.width + static_cast<std::size_t>(px_x)) * 3;
    return std::array<int, 3>{d.rgb[i], d.rgb[i + 1], d.rgb[i + 2]};
  };
  EXPECT_EQ(px(x + 2, y + 2), (std::array<int, 3>{0, 0, 0}));
  EXPECT_NE(px(x + w + 2, y + 2), (std::array<int, 3>{0, 0, 0}));
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
  EXPECT_THROW(io::parse_latex_mark("italic"), core::UserError);
}
