#include "figures/figure.hpp"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "runtime/errors.hpp"

#if defined(__SANITIZE_ADDRESS__)
// Fontconfig, which Cairo asks for the figure font, keeps a few patterns it never frees (a few
// hundred bytes a process, with or without cairo_debug_reset_static_data): LeakSanitizer would
// fail every run of the sanitizer build that draws text. Only those are let through, quietly.
extern "C" const char* __lsan_default_suppressions() { return "leak:libfontconfig.so\n"; }
extern "C" const char* __lsan_default_options() { return "print_suppressions=0"; }
#endif

namespace grundy::figures {

namespace {

constexpr const char* kFontFamily = "DejaVu Sans";
constexpr double kMaxPngPixels = 1 << 28;

// Unhinted metrics: a text is as wide on the PNG's pixel grid as in the SVG and the PDF.
void set_font(cairo_t* cr, double size, bool italic) {
  cairo_select_font_face(cr, kFontFamily, italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                         CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
  cairo_font_options_t* options = cairo_font_options_create();
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  cairo_set_font_options(cr, options);
  cairo_font_options_destroy(options);
}

struct Context {
  cairo_surface_t* surface;
  cairo_t* cr;
  explicit Context(cairo_surface_t* s) : surface(s), cr(cairo_create(s)) {}
  ~Context() {
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
  }
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;
};

void set_colour(cairo_t* cr, Rgb c) { cairo_set_source_rgb(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0); }

// The runs of one colour along each row of an image, as rectangles in the image's place.
template <class Run>
void for_each_run(const FigImage& im, Run&& run) {
  const double cw = im.w / im.cols, ch = im.h / im.rows;
  const auto at = [&](int r, int c) {
    return im.pixels[static_cast<std::size_t>(r) * static_cast<std::size_t>(im.cols) + static_cast<std::size_t>(c)];
  };
  for (int r = 0; r < im.rows; ++r)
    for (int c = 0; c < im.cols;) {
      int e = c + 1;
      while (e < im.cols && at(r, e) == at(r, c)) ++e;
      run(at(r, c), im.x + c * cw, im.y + r * ch, (e - c) * cw, ch);
      c = e;
    }
}

// Images up to this many cells are drawn as rectangles on vector surfaces: SVG and PDF viewers
// smooth an image as they scale it (rsvg and browsers do), which blurs the cells together.
constexpr long kVectorCells = 40000;

void draw_image(cairo_t* cr, const FigImage& im, bool raster) {
  if (!raster && static_cast<long>(im.cols) * im.rows <= kVectorCells) {
    // Each rectangle reaches a little into the next, which is drawn after it: no seam of
    // background shows between two cells where a viewer antialiases their shared edge.
    const double overlap = 0.02 * std::min(im.w / im.cols, im.h / im.rows);
    for_each_run(im, [&](Rgb c, double x, double y, double w, double h) {
      set_colour(cr, c);
      cairo_rectangle(cr, x, y, w + overlap, h + overlap);
      cairo_fill(cr);
    });
    return;
  }
  cairo_surface_t* cells = cairo_image_surface_create(CAIRO_FORMAT_RGB24, im.cols, im.rows);
  cairo_surface_flush(cells);
  unsigned char* data = cairo_image_surface_get_data(cells);
  const int stride = cairo_image_surface_get_stride(cells);
  for (int r = 0; r < im.rows; ++r) {
    auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(r) * stride);
    for (int c = 0; c < im.cols; ++c) {
      const Rgb p =
          im.pixels[static_cast<std::size_t>(r) * static_cast<std::size_t>(im.cols) + static_cast<std::size_t>(c)];
      row[c] = std::uint32_t{p.r} << 16 | std::uint32_t{p.g} << 8 | p.b;
    }
  }
  cairo_surface_mark_dirty(cells);
  cairo_save(cr);
  cairo_translate(cr, im.x, im.y);
  cairo_scale(cr, im.w / im.cols, im.h / im.rows);
  cairo_set_source_surface(cr, cells, 0, 0);
  cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
  cairo_rectangle(cr, 0, 0, im.cols, im.rows);
  cairo_fill(cr);
  cairo_restore(cr);
  cairo_surface_destroy(cells);
}

void draw(cairo_t* cr, const Scene& s, bool raster) {
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  for (const FigImage& im : s.images) draw_image(cr, im, raster);
  for (const FigRect& r : s.rects) {
    set_colour(cr, r.colour);
    cairo_rectangle(cr, r.x, r.y, r.w, r.h);
    cairo_fill(cr);
  }
  for (const FigLine& l : s.lines) {
    set_colour(cr, l.colour);
    cairo_set_line_width(cr, l.width);
    const double dash[] = {3.0, 2.0};
    cairo_set_dash(cr, dash, l.dashed ? 2 : 0, 0);
    cairo_move_to(cr, l.x0, l.y0);
    cairo_line_to(cr, l.x1, l.y1);
    cairo_stroke(cr);
  }
  for (const FigText& t : s.texts) {
    set_font(cr, t.size, t.italic);
    set_colour(cr, t.colour);
    cairo_text_extents_t e;
    cairo_text_extents(cr, t.text.c_str(), &e);
    const double x = t.anchor == Anchor::Left     ? t.x
                     : t.anchor == Anchor::Centre ? t.x - e.x_advance / 2
                                                  : t.x - e.x_advance;
    cairo_move_to(cr, x, t.y);
    cairo_show_text(cr, t.text.c_str());
  }
}

cairo_status_t to_stream(void* closure, const unsigned char* data, unsigned int length) {
  auto* out = static_cast<std::ostream*>(closure);
  out->write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(length));
  return *out ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

void check(cairo_status_t status, const char* what) {
  if (status == CAIRO_STATUS_WRITE_ERROR) throw runtime::UserError("writing the figure failed (is the disk full?)");
  if (status != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error(std::string("cairo: ") + what + ": " + cairo_status_to_string(status));
}

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

std::string tikz_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '\\':
        out += "\\textbackslash{}";
        break;
      case '{':
      case '}':
      case '$':
      case '&':
      case '#':
      case '_':
      case '%':
        out += '\\';
        out += c;
        break;
      case '^':
        out += "\\textasciicircum{}";
        break;
      case '~':
        out += "\\textasciitilde{}";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// TikZ in the scene's own coordinates (points, y down), colours defined once each.
void write_tikz(std::ostream& out, const Scene& s) {
  std::map<std::uint32_t, std::string> names;
  std::string body;
  const auto colour = [&](Rgb c) -> const std::string& {
    const std::uint32_t key = std::uint32_t{c.r} << 16 | std::uint32_t{c.g} << 8 | c.b;
    auto [it, fresh] = names.try_emplace(key, "");
    if (fresh) it->second = fmt::format("grundy{}", names.size() - 1);
    return it->second;
  };
  const auto num = [](double v) { return fmt::format("{:.2f}", v); };
  for (const FigImage& im : s.images)
    for_each_run(im, [&](Rgb c, double x, double y, double w, double h) {
      body += "\\fill[" + colour(c) + "] (" + num(x) + "," + num(y) + ") rectangle (" + num(x + w) + "," + num(y + h) +
              ");\n";
    });
  for (const FigRect& r : s.rects)
    body += "\\fill[" + colour(r.colour) + "] (" + num(r.x) + "," + num(r.y) + ") rectangle (" + num(r.x + r.w) + "," +
            num(r.y + r.h) + ");\n";
  for (const FigLine& l : s.lines)
    body += "\\draw[" + colour(l.colour) + ", line width=" + num(l.width) + "pt" + (l.dashed ? ", dashed" : "") +
            "] (" + num(l.x0) + "," + num(l.y0) + ") -- (" + num(l.x1) + "," + num(l.y1) + ");\n";
  for (const FigText& t : s.texts) {
    const char* anchor = t.anchor == Anchor::Left ? "base west" : t.anchor == Anchor::Centre ? "base" : "base east";
    body += std::string("\\node[anchor=") + anchor + ", inner sep=0pt, text=" + colour(t.colour) +
            ", font=\\fontsize{" + num(t.size) + "}{" + num(t.size * 1.2) + "}\\selectfont\\sffamily" +
            (t.italic ? "\\itshape" : "") + "] at (" + num(t.x) + "," + num(t.y) + ") {" + tikz_escape(t.text) + "};\n";
  }
  out << "% " << s.title << (s.title.empty() ? "" : "; ") << fmt::format("{:.0f}pt x {:.0f}pt", s.width, s.height)
      << "; needs \\usepackage{tikz}\n";
  out << "\\begin{tikzpicture}[x=1pt, y=-1pt]\n";
  for (const auto& [key, name] : names)
    out << "\\definecolor{" << name << "}{RGB}{" << (key >> 16) << "," << (key >> 8 & 255) << "," << (key & 255)
        << "}\n";
  out << "\\useasboundingbox (0,0) rectangle (" << num(s.width) << "," << num(s.height) << ");\n";
  out << body << "\\end{tikzpicture}\n";
}

}  // namespace

double text_width(const std::string& text, double size, bool italic) {
  thread_local Context measure(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1));
  set_font(measure.cr, size, italic);
  cairo_text_extents_t e;
  cairo_text_extents(measure.cr, text.c_str(), &e);
  return e.x_advance;
}

void write_scene(std::ostream& out, SceneFormat format, const Scene& s, double dpi) {
  switch (format) {
    case SceneFormat::Tikz:
      write_tikz(out, s);
      return;
    case SceneFormat::Png: {
      const double scale = dpi / 72.0, w = std::ceil(s.width * scale), h = std::ceil(s.height * scale);
      // Cairo draws images up to 32767 pixels a side; the image is held whole, 4 bytes a pixel.
      if (w > 32767 || h > 32767 || w * h > kMaxPngPixels)
        throw runtime::UserError(fmt::format(
            "--dpi {:g}: the PNG would be {:.0f} x {:.0f} pixels; at most 32767 a side and {} in all (1 GiB to draw "
            "it): lower --dpi or --figure-width",
            dpi, w, h, kMaxPngPixels));
      Context c(cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(w), static_cast<int>(h)));
      check(cairo_surface_status(c.surface), "image surface");
      cairo_scale(c.cr, scale, scale);
      draw(c.cr, s, true);
      check(cairo_status(c.cr), "drawing");
      check(cairo_surface_write_to_png_stream(c.surface, to_stream, &out), "PNG");
      return;
    }
    case SceneFormat::Svg: {
      std::ostringstream svg;
      {
        Context c(cairo_svg_surface_create_for_stream(to_stream, &svg, s.width, s.height));
        check(cairo_surface_status(c.surface), "SVG surface");
        cairo_svg_surface_set_document_unit(c.surface, CAIRO_SVG_UNIT_PT);
        draw(c.cr, s, false);
        check(cairo_status(c.cr), "drawing");
        cairo_surface_finish(c.surface);
        check(cairo_surface_status(c.surface), "SVG");
      }
      // Cairo draws text as glyph outlines; the title is the document's accessible name.
      std::string text = svg.str();
      const auto open = text.find("<svg");
      const auto end = open == std::string::npos ? open : text.find('>', open);
      if (end != std::string::npos && !s.title.empty())
        text.insert(end + 1, "\n<title>" + xml_escape(s.title) + "</title>");
      out << text;
      return;
    }
    case SceneFormat::Pdf: {
      Context c(cairo_pdf_surface_create_for_stream(to_stream, &out, s.width, s.height));
      check(cairo_surface_status(c.surface), "PDF surface");
      if (!s.title.empty()) cairo_pdf_surface_set_metadata(c.surface, CAIRO_PDF_METADATA_TITLE, s.title.c_str());
      cairo_pdf_surface_set_metadata(c.surface, CAIRO_PDF_METADATA_CREATOR, "grundy");
      draw(c.cr, s, false);
      check(cairo_status(c.cr), "drawing");
      cairo_surface_finish(c.surface);
      check(cairo_surface_status(c.surface), "PDF");
      return;
    }
  }
}

}  // namespace grundy::figures
