#include "io/heatmap.hpp"

#include <png.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <ostream>
#include <string>

#include "core/errors.hpp"

namespace grundy::io {

using core::kNoValue;
using core::Value;

namespace {

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
};

constexpr Rgb kPColour{0, 0, 0};
constexpr Rgb kNoneColour{225, 225, 225};
constexpr Rgb kNColour{250, 200, 120};

// Distinct colours for small tables (Tableau 10 and two lighter ones): values 1..12.
constexpr std::array<Rgb, 12> kCategorical{{{31, 119, 180}, {255, 127, 14}, {44, 160, 44}, {214, 39, 40},
                                             {148, 103, 189}, {140, 86, 75}, {227, 119, 194}, {127, 127, 127},
                                             {188, 189, 34}, {23, 190, 207}, {174, 199, 232}, {255, 187, 120}}};
// A diverging blue-yellow-red scale for larger values; none of it is near black, which is P.
constexpr std::array<Rgb, 9> kScale{{{49, 54, 149}, {69, 117, 180}, {116, 173, 209}, {171, 217, 233},
                                      {254, 224, 144}, {253, 174, 97}, {244, 109, 67}, {215, 48, 39}, {165, 0, 38}}};

Rgb scale_colour(double t) {
  t = std::clamp(t, 0.0, 1.0) * static_cast<double>(kScale.size() - 1);
  const auto i = std::min(static_cast<std::size_t>(t), kScale.size() - 2);
  const double f = t - static_cast<double>(i);
  auto mix = [f](std::uint8_t a, std::uint8_t b) {
    return static_cast<std::uint8_t>(std::lround(a + (b - a) * f));
  };
  return {mix(kScale[i].r, kScale[i + 1].r), mix(kScale[i].g, kScale[i + 1].g), mix(kScale[i].b, kScale[i + 1].b)};
}

bool dark(Rgb c) { return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b < 128; }

std::string hex(Rgb c) {
  static const char* digits = "0123456789abcdef";
  std::string s = "#";
  for (std::uint8_t v : {c.r, c.g, c.b}) {
    s += digits[v >> 4];
    s += digits[v & 15];
  }
  return s;
}

// 5x7 glyphs, one byte per column, bit 0 the top row (the classic LCD font). Letters are drawn
// in capitals; anything without a glyph is drawn as '?'.
const std::array<std::uint8_t, 5>& glyph(char ch) {
  static const std::array<std::array<std::uint8_t, 5>, 36> alnum{{
      {0x3E, 0x51, 0x49, 0x45, 0x3E}, {0x00, 0x42, 0x7F, 0x40, 0x00}, {0x42, 0x61, 0x51, 0x49, 0x46},
      {0x21, 0x41, 0x45, 0x4B, 0x31}, {0x18, 0x14, 0x12, 0x7F, 0x10}, {0x27, 0x45, 0x45, 0x45, 0x39},
      {0x3C, 0x4A, 0x49, 0x49, 0x30}, {0x01, 0x71, 0x09, 0x05, 0x03}, {0x36, 0x49, 0x49, 0x49, 0x36},
      {0x06, 0x49, 0x49, 0x29, 0x1E}, {0x7E, 0x11, 0x11, 0x11, 0x7E}, {0x7F, 0x49, 0x49, 0x49, 0x36},
      {0x3E, 0x41, 0x41, 0x41, 0x22}, {0x7F, 0x41, 0x41, 0x22, 0x1C}, {0x7F, 0x49, 0x49, 0x49, 0x41},
      {0x7F, 0x09, 0x09, 0x09, 0x01}, {0x3E, 0x41, 0x49, 0x49, 0x7A}, {0x7F, 0x08, 0x08, 0x08, 0x7F},
      {0x00, 0x41, 0x7F, 0x41, 0x00}, {0x20, 0x40, 0x41, 0x3F, 0x01}, {0x7F, 0x08, 0x14, 0x22, 0x41},
      {0x7F, 0x40, 0x40, 0x40, 0x40}, {0x7F, 0x02, 0x0C, 0x02, 0x7F}, {0x7F, 0x04, 0x08, 0x10, 0x7F},
      {0x3E, 0x41, 0x41, 0x41, 0x3E}, {0x7F, 0x09, 0x09, 0x09, 0x06}, {0x3E, 0x41, 0x51, 0x21, 0x5E},
      {0x7F, 0x09, 0x19, 0x29, 0x46}, {0x46, 0x49, 0x49, 0x49, 0x31}, {0x01, 0x01, 0x7F, 0x01, 0x01},
      {0x3F, 0x40, 0x40, 0x40, 0x3F}, {0x1F, 0x20, 0x40, 0x20, 0x1F}, {0x3F, 0x40, 0x38, 0x40, 0x3F},
      {0x63, 0x14, 0x08, 0x14, 0x63}, {0x07, 0x08, 0x70, 0x08, 0x07}, {0x61, 0x51, 0x49, 0x45, 0x43},
  }};
  static const std::string punct = " =,.:-()/<>+_\\'[]*%{}";
  static const std::array<std::array<std::uint8_t, 5>, 22> marks{{
      {0x00, 0x00, 0x00, 0x00, 0x00}, {0x14, 0x14, 0x14, 0x14, 0x14}, {0x00, 0x50, 0x30, 0x00, 0x00},
      {0x00, 0x60, 0x60, 0x00, 0x00}, {0x00, 0x36, 0x36, 0x00, 0x00}, {0x08, 0x08, 0x08, 0x08, 0x08},
      {0x00, 0x1C, 0x22, 0x41, 0x00}, {0x00, 0x41, 0x22, 0x1C, 0x00}, {0x20, 0x10, 0x08, 0x04, 0x02},
      {0x08, 0x14, 0x22, 0x41, 0x00}, {0x00, 0x41, 0x22, 0x14, 0x08}, {0x08, 0x08, 0x3E, 0x08, 0x08},
      {0x40, 0x40, 0x40, 0x40, 0x40}, {0x02, 0x04, 0x08, 0x10, 0x20}, {0x00, 0x00, 0x07, 0x00, 0x00},
      {0x00, 0x7F, 0x41, 0x41, 0x00}, {0x00, 0x41, 0x41, 0x7F, 0x00}, {0x14, 0x08, 0x3E, 0x08, 0x14},
      {0x23, 0x13, 0x08, 0x64, 0x62}, {0x00, 0x08, 0x36, 0x41, 0x00}, {0x00, 0x41, 0x36, 0x08, 0x00},
      {0x02, 0x01, 0x51, 0x09, 0x06},
  }};
  if (ch >= '0' && ch <= '9') return alnum[static_cast<std::size_t>(ch - '0')];
  if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
  if (ch >= 'A' && ch <= 'Z') return alnum[static_cast<std::size_t>(10 + ch - 'A')];
  const auto at = punct.find(ch);
  return marks[at == std::string::npos ? marks.size() - 1 : at];
}

// Text metrics shared by the PNG (bitmap font at scale 2) and the SVG (16 px monospace).
constexpr int kGlyphW = 12, kGlyphH = 16;
int text_width(const std::string& s) { return static_cast<int>(s.size()) * kGlyphW; }

struct TextItem {
  int x, y;  // top-left
  std::string text;
  int scale = 2;
  Rgb colour{0, 0, 0};
};

struct RectItem {
  int x, y, w, h;
  Rgb colour;
};

// Everything a heatmap draws, in pixels, computed once for both output formats.
struct Scene {
  int width = 0, height = 0;
  std::vector<RectItem> rects;
  std::vector<TextItem> texts;
};

std::string fixed_text(const Grid& g) {
  std::string s;
  for (int i = 0; i < g.base.size(); ++i)
    if (i != g.row && i != g.col) s += (s.empty() ? "" : ", ") + g.names[static_cast<std::size_t>(i)] + " = " + std::to_string(g.base[i]);
  return s;
}

// Labels every `step` cells, the step a round number leaving room for the widest label.
std::int64_t tick_step(std::int64_t cells, double px_per_cell, int label_px) {
  for (std::int64_t step = 1;; step *= 10)
    for (std::int64_t m : {1, 2, 5})
      if (static_cast<double>(step * m) * px_per_cell >= label_px + 8 || step * m >= cells) return step * m;
}

Scene make_scene(const Grid& g, std::int64_t max_blocks, int plot_px) {
  if (g.rows <= 0 || g.cols <= 0) throw core::UserError("heatmap: the table is empty");
  const bool grundy = g.eval == core::Evaluation::Grundy;
  const std::int64_t k = heatmap_block(std::max(g.rows, g.cols), max_blocks);
  const std::int64_t brows = (g.rows + k - 1) / k, bcols = (g.cols + k - 1) / k;
  std::vector<Value> blocks(static_cast<std::size_t>(brows * bcols), kNoValue);
  Value maxv = 0;
  bool has_none = false;
  for (std::int64_t r = 0; r < g.rows; ++r)
    for (std::int64_t c = 0; c < g.cols; ++c) {
      const Value v = g.at(r, c);
      if (v == kNoValue) {
        has_none = true;
        continue;
      }
      maxv = std::max(maxv, v);
      Value& b = blocks[static_cast<std::size_t>((r / k) * bcols + c / k)];
      b = std::min(b, v);
    }
  const bool categorical = !grundy || maxv <= kCategorical.size();
  auto colour = [&](Value v) -> Rgb {
    if (v == kNoValue) return kNoneColour;
    if (v == 0) return kPColour;
    if (!grundy) return kNColour;
    if (categorical) return kCategorical[v - 1];
    return scale_colour(maxv <= 1 ? 0.0 : static_cast<double>(v - 1) / static_cast<double>(maxv - 1));
  };

  const int cell = static_cast<int>(std::clamp<std::int64_t>(plot_px / std::max(brows, bcols), 1, 40));
  const int cell_w = g.col < 0 ? std::max(cell, 24) : cell, cell_h = cell;
  const std::string row_name = g.names[static_cast<std::size_t>(g.row)];
  const std::string col_name = g.col >= 0 ? g.names[static_cast<std::size_t>(g.col)] : (grundy ? "G" : "outcome");
  const int row_label_w = text_width(std::to_string(g.rows - 1));
  const int left = 16 + text_width(row_name) + 12 + row_label_w + 8;
  const int title_y = 10;
  const int top = title_y + kGlyphH + 12 + kGlyphH + 6 + kGlyphH + 6;
  const int plot_w = static_cast<int>(bcols) * cell_w, plot_h = static_cast<int>(brows) * cell_h;

  Scene s;
  std::string title = evaluation_title(g.game, g.eval) + (fixed_text(g).empty() ? "" : "  at " + fixed_text(g));
  s.texts.push_back({16, title_y, title});
  // Column axis: its name centred above the tick labels.
  s.texts.push_back({left + plot_w / 2 - text_width(col_name) / 2, title_y + kGlyphH + 12, col_name});
  if (g.col >= 0) {
    const std::int64_t step = tick_step(g.cols, static_cast<double>(cell_w) / static_cast<double>(k),
                                        text_width(std::to_string(g.cols - 1)));
    for (std::int64_t c = 0; c < g.cols; c += step) {
      const std::string t = std::to_string(c);
      const int cx = left + static_cast<int>(c / k) * cell_w + cell_w / 2;
      s.texts.push_back({cx - text_width(t) / 2, top - kGlyphH - 6, t});
    }
  }
  // Row axis: its name left of the tick labels, half way down.
  s.texts.push_back({16, top + plot_h / 2 - kGlyphH / 2, row_name});
  {
    const std::int64_t step = tick_step(g.rows, static_cast<double>(cell_h) / static_cast<double>(k), kGlyphH);
    for (std::int64_t r = 0; r < g.rows; r += step) {
      const std::string t = std::to_string(r);
      const int cy = top + static_cast<int>(r / k) * cell_h + cell_h / 2;
      s.texts.push_back({left - 8 - text_width(t), cy - kGlyphH / 2 + 1, t});
    }
  }
  // The cells, runs of one colour along a row merged into one rectangle.
  for (std::int64_t r = 0; r < brows; ++r) {
    std::int64_t c = 0;
    while (c < bcols) {
      const Rgb col = colour(blocks[static_cast<std::size_t>(r * bcols + c)]);
      std::int64_t e = c + 1;
      while (e < bcols) {
        const Rgb next = colour(blocks[static_cast<std::size_t>(r * bcols + e)]);
        if (next.r != col.r || next.g != col.g || next.b != col.b) break;
        ++e;
      }
      s.rects.push_back({left + static_cast<int>(c) * cell_w, top + static_cast<int>(r) * cell_h,
                         static_cast<int>(e - c) * cell_w, cell_h, col});
      c = e;
    }
  }
  // Values written in the cells when they are large enough to read (5x7 glyphs at scale 1).
  if (k == 1)
    for (std::int64_t r = 0; r < brows; ++r)
      for (std::int64_t c = 0; c < bcols; ++c) {
        const Value v = blocks[static_cast<std::size_t>(r * bcols + c)];
        const std::string t = value_text(v, g.eval);
        const int tw = static_cast<int>(t.size()) * 6 - 1;
        if (t.empty() || cell_h < 14 || cell_w < tw + 4) continue;
        const Rgb bg = colour(v);
        s.texts.push_back({left + static_cast<int>(c) * cell_w + (cell_w - tw) / 2,
                           top + static_cast<int>(r) * cell_h + (cell_h - 7) / 2, t, 1,
                           dark(bg) ? Rgb{255, 255, 255} : Rgb{0, 0, 0}});
      }
  // Legend, right of the plot.
  const int lx = left + plot_w + 24;
  int ly = top;
  int legend_w = 0;
  auto entry = [&](Rgb c, const std::string& label) {
    s.rects.push_back({lx, ly, 18, 18, c});
    s.texts.push_back({lx + 26, ly + 1, label});
    legend_w = std::max(legend_w, 26 + text_width(label));
    ly += 26;
  };
  entry(kPColour, grundy ? "0 = P-position" : "P-position");
  if (!grundy) {
    entry(kNColour, "N-position");
  } else if (categorical) {
    for (Value v = 1; v <= maxv; ++v) entry(colour(v), std::to_string(v));
  } else {
    const int bar_h = 256;
    for (int i = 0; i < bar_h; ++i)
      s.rects.push_back({lx, ly + i, 18, 1, scale_colour(static_cast<double>(i) / (bar_h - 1))});
    s.texts.push_back({lx + 26, ly, "1"});
    s.texts.push_back({lx + 26, ly + bar_h / 2 - kGlyphH / 2, std::to_string((maxv + 1) / 2)});
    s.texts.push_back({lx + 26, ly + bar_h - kGlyphH, std::to_string(maxv)});
    legend_w = std::max(legend_w, 26 + text_width(std::to_string(maxv)));
    ly += bar_h + 8;
  }
  if (has_none) entry(kNoneColour, "no position");
  // Notes under the plot: what the axes run over, and any downsampling.
  int ny = std::max(top + plot_h, ly) + 12;
  std::vector<std::string> notes;
  notes.push_back("rows " + row_name + " = 0.." + std::to_string(g.rows - 1) +
                  (g.col >= 0 ? ", columns " + col_name + " = 0.." + std::to_string(g.cols - 1) : ""));
  if (k > 1)
    notes.push_back("downsampled: each block is " + std::to_string(k) + "x" + std::to_string(k) +
                    " cells, showing its smallest value (P if any)");
  int notes_w = 0;
  for (const auto& n : notes) {
    s.texts.push_back({16, ny, n});
    notes_w = std::max(notes_w, 16 + text_width(n));
    ny += kGlyphH + 6;
  }
  s.width = std::max({lx + legend_w + 16, notes_w + 16, 16 + text_width(title) + 16});
  s.height = ny + 8;
  return s;
}

// The scene rasterised: white background, rectangles, then the bitmap font.
struct Raster {
  int w, h;
  std::vector<std::uint8_t> rgb;
  Raster(int width, int height) : w(width), h(height), rgb(static_cast<std::size_t>(width) * height * 3, 255) {}
  void fill(int x0, int y0, int rw, int rh, Rgb c) {
    for (int y = std::max(y0, 0); y < std::min(y0 + rh, h); ++y)
      for (int x = std::max(x0, 0); x < std::min(x0 + rw, w); ++x) {
        std::uint8_t* p = &rgb[(static_cast<std::size_t>(y) * w + x) * 3];
        p[0] = c.r;
        p[1] = c.g;
        p[2] = c.b;
      }
  }
  void text(const TextItem& t) {
    int x = t.x;
    for (char ch : t.text) {
      const auto& cols = glyph(ch);
      for (int cx = 0; cx < 5; ++cx)
        for (int cy = 0; cy < 7; ++cy)
          if (cols[static_cast<std::size_t>(cx)] >> cy & 1) fill(x + cx * t.scale, t.y + cy * t.scale, t.scale, t.scale, t.colour);
      x += 6 * t.scale;
    }
  }
};

void png_append(png_structp png, png_bytep data, png_size_t length) {
  auto* out = static_cast<std::vector<std::uint8_t>*>(png_get_io_ptr(png));
  out->insert(out->end(), data, data + length);
}

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

}  // namespace

std::int64_t heatmap_block(std::int64_t cells, std::int64_t max_blocks) {
  return cells <= max_blocks ? 1 : (cells + max_blocks - 1) / max_blocks;
}

std::vector<std::uint8_t> heatmap_png(const Grid& grid) {
  const Scene s = make_scene(grid, 1024, 1024);
  Raster img(s.width, s.height);
  for (const auto& r : s.rects) img.fill(r.x, r.y, r.w, r.h, r.colour);
  for (const auto& t : s.texts) img.text(t);

  std::vector<std::uint8_t> out;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  if (!png || !info) {
    png_destroy_write_struct(&png, nullptr);
    throw std::runtime_error("libpng: cannot create a write structure");
  }
  // libpng reports errors by longjmp; nothing with a destructor is created past this point.
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    throw std::runtime_error("libpng: encoding failed");
  }
  png_set_write_fn(png, &out, png_append, nullptr);
  png_set_IHDR(png, info, static_cast<png_uint_32>(img.w), static_cast<png_uint_32>(img.h), 8, PNG_COLOR_TYPE_RGB,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  for (int y = 0; y < img.h; ++y) png_write_row(png, &img.rgb[static_cast<std::size_t>(y) * img.w * 3]);
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return out;
}

void write_heatmap_svg(std::ostream& out, const Grid& grid) {
  const Scene s = make_scene(grid, 256, 768);
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << s.width << "\" height=\"" << s.height
      << "\" viewBox=\"0 0 " << s.width << " " << s.height << "\" shape-rendering=\"crispEdges\">\n";
  out << "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  for (const auto& r : s.rects)
    out << "<rect x=\"" << r.x << "\" y=\"" << r.y << "\" width=\"" << r.w << "\" height=\"" << r.h << "\" fill=\""
        << hex(r.colour) << "\"/>\n";
  for (const auto& t : s.texts) {
    const int size = t.scale == 1 ? 10 : 16;
    out << "<text x=\"" << t.x << "\" y=\"" << t.y + (t.scale == 1 ? 8 : 13) << "\" font-family=\"monospace\" font-size=\""
        << size << "\" fill=\"" << hex(t.colour) << "\">" << xml_escape(t.text) << "</text>\n";
  }
  out << "</svg>\n";
}

}  // namespace grundy::io
