#include "figures/heatmap.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <ostream>
#include <string>

#include "runtime/errors.hpp"

namespace grundy::figures {

using core::kNoValue;
using core::Value;

namespace {

constexpr Rgb kPColour{0, 0, 0};
constexpr Rgb kNoneColour{225, 225, 225};
constexpr Rgb kNColour{250, 200, 120};
constexpr Rgb kNoteColour{90, 90, 90};
constexpr Rgb kFrameColour{150, 150, 150};
constexpr Rgb kPeriodColour{200, 30, 30};

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

// Sizes in points.
constexpr double kMargin = 10, kTitleSize = 10, kAxisSize = 10, kTickSize = 7, kNoteSize = 7, kLegendSize = 8;
constexpr double kSwatch = 9, kLegendStep = 13;

// The colour of each value: its own colour up to 12 values, else a point on the scale.
struct Palette {
  core::Evaluation eval;
  Value max = 0;
  bool grundy() const { return eval == core::Evaluation::Grundy; }
  bool categorical() const { return !grundy() || max <= kCategorical.size(); }
  Rgb operator()(Value v) const {
    if (v == kNoValue) return kNoneColour;
    if (v == 0) return kPColour;
    if (!grundy()) return kNColour;
    if (categorical()) return kCategorical[v - 1];
    return scale_colour(max <= 1 ? 0.0 : static_cast<double>(v - 1) / static_cast<double>(max - 1));
  }
};

// Labels every `step` cells, the step a round number leaving room for the widest label.
std::int64_t tick_step(std::int64_t cells, double pt_per_cell, double label_pt) {
  for (std::int64_t step = 1;; step *= 10)
    for (std::int64_t m : {1, 2, 5})
      if (static_cast<double>(step * m) * pt_per_cell >= label_pt + 4 || step * m >= cells) return step * m;
}

// The baseline that centres digits of `size` on y.
double centred(double y, double size) { return y + 0.36 * size; }

// The legend, its top left at (x, y): a swatch a value (a colour bar past 12 values, as tall as
// the plot beside it within 60 to 150 points), P first. Returns its width and bottom.
std::pair<double, double> add_legend(Scene& s, double x, double y, const Palette& p, bool has_none, double plot_h) {
  const double bar_h = std::clamp(plot_h, 60.0, 150.0);
  double width = 0;
  auto entry = [&](Rgb c, const std::string& label) {
    s.rects.push_back({x, y, kSwatch, kSwatch, c});
    s.texts.push_back({x + kSwatch + 4, centred(y + kSwatch / 2, kLegendSize), label, kLegendSize});
    width = std::max(width, kSwatch + 4 + text_width(label, kLegendSize));
    y += kLegendStep;
  };
  entry(kPColour, p.grundy() ? "0 = P-position" : "P-position");
  if (!p.grundy()) {
    entry(kNColour, "N-position");
  } else if (p.categorical()) {
    for (Value v = 1; v <= p.max; ++v) entry(p(v), std::to_string(v));
  } else {
    constexpr int kSteps = 64;
    FigImage bar{x, y, kSwatch, bar_h, 1, kSteps, {}};
    for (int i = 0; i < kSteps; ++i)
      bar.pixels.push_back(scale_colour(1.0 - i / (kSteps - 1.0)));  // the largest on top
    s.images.push_back(bar);
    const auto tick = [&](double at, Value v) {
      const std::string t = std::to_string(v);
      s.texts.push_back({x + kSwatch + 4, centred(at, kLegendSize), t, kLegendSize});
      width = std::max(width, kSwatch + 4 + text_width(t, kLegendSize));
    };
    tick(y + 3, p.max);
    tick(y + bar_h / 2, (p.max + 1) / 2);
    tick(y + bar_h - 3, 1);
    y += bar_h + 4;
  }
  if (has_none) entry(kNoneColour, "no position");
  return {width, y};
}

// Notes under the figure, from `y` down; returns the bottom and the widest.
std::pair<double, double> add_notes(Scene& s, double y, const std::vector<std::string>& notes) {
  double width = 0;
  for (const auto& n : notes) {
    y += kNoteSize + 3;
    s.texts.push_back({kMargin, y, n, kNoteSize, Anchor::Left, false, kNoteColour});
    width = std::max(width, text_width(n, kNoteSize));
  }
  return {y, width};
}

void add_frame(Scene& s, double x, double y, double w, double h) {
  s.lines.push_back({x, y, x + w, y, 0.5, kFrameColour});
  s.lines.push_back({x, y + h, x + w, y + h, 0.5, kFrameColour});
  s.lines.push_back({x, y, x, y + h, 0.5, kFrameColour});
  s.lines.push_back({x + w, y, x + w, y + h, 0.5, kFrameColour});
}

std::string fixed_text(const Grid& g) {
  std::string s;
  for (int i = 0; i < g.base.size(); ++i)
    if (i != g.row && i != g.col)
      s += (s.empty() ? "" : ", ") + g.names[static_cast<std::size_t>(i)] + " = " + std::to_string(g.base[i]);
  return s;
}

// A figure's title: the game with its evaluation, and the coordinates pinned.
std::string figure_title(const Grid& g) {
  const std::string fixed = fixed_text(g);
  return io::evaluation_title(g.game, g.eval) + (fixed.empty() ? "" : "  at " + fixed);
}

// The legend's width before it is drawn (the plot's width depends on it).
double legend_width(const Palette& p, bool has_none) {
  Scene scratch;
  return add_legend(scratch, 0, 0, p, has_none, 0).first;
}

std::string range(const std::string& name, std::int64_t count) { return name + " = 0.." + std::to_string(count - 1); }

}  // namespace

std::int64_t heatmap_block(std::int64_t cells, std::int64_t max_blocks) {
  return cells <= max_blocks ? 1 : (cells + max_blocks - 1) / max_blocks;
}

Scene heatmap_scene(const Grid& g, const FigureStyle& style, std::int64_t max_blocks) {
  if (g.col < 0) return strip_scene(strip_of(g), style, max_blocks);
  if (g.rows <= 0 || g.cols <= 0) throw runtime::UserError("figure: the table is empty");
  const std::int64_t k = heatmap_block(std::max(g.rows, g.cols), max_blocks);
  const std::int64_t brows = (g.rows + k - 1) / k, bcols = (g.cols + k - 1) / k;
  std::vector<Value> blocks(static_cast<std::size_t>(brows * bcols), kNoValue);
  Palette pal{g.eval};
  bool has_none = false;
  for (std::int64_t r = 0; r < g.rows; ++r)
    for (std::int64_t c = 0; c < g.cols; ++c) {
      const Value v = g.at(r, c);
      if (v == kNoValue) {
        has_none = true;
        continue;
      }
      pal.max = std::max(pal.max, v);
      Value& b = blocks[static_cast<std::size_t>((r / k) * bcols + c / k)];
      b = std::min(b, v);
    }

  const std::string row_name = g.names[static_cast<std::size_t>(g.row)];
  const std::string col_name = g.names[static_cast<std::size_t>(g.col)];
  const double left =
      kMargin + text_width(row_name, kAxisSize, true) + 6 + text_width(std::to_string(g.rows - 1), kTickSize) + 4;
  const double top = kMargin + kTitleSize + 8 + kAxisSize + 4 + kTickSize + 3;
  const double legend_w = legend_width(pal, has_none);
  double cell = std::min(24.0, 360.0 / static_cast<double>(std::max(brows, bcols)));
  if (style.width > 0) {
    cell = (style.width - left - 14 - legend_w - kMargin) / static_cast<double>(bcols);
    if (cell <= 0)
      throw runtime::UserError("--figure-width " + std::to_string(std::lround(style.width)) +
                               "pt leaves no room for the table: give a larger width");
  }
  const double plot_w = static_cast<double>(bcols) * cell, plot_h = static_cast<double>(brows) * cell;

  Scene s;
  const std::string title = figure_title(g);
  s.title = title;
  s.texts.push_back({kMargin, kMargin + kTitleSize, title, kTitleSize});
  FigImage cells{left, top, plot_w, plot_h, static_cast<int>(bcols), static_cast<int>(brows), {}};
  for (const Value v : blocks) cells.pixels.push_back(pal(v));
  s.images.push_back(std::move(cells));
  add_frame(s, left, top, plot_w, plot_h);
  // Columns: the name above the tick labels; rows: the name left of theirs, half way down.
  s.texts.push_back({left + plot_w / 2, top - 3 - kTickSize - 4, col_name, kAxisSize, Anchor::Centre, true});
  const std::int64_t cstep =
      tick_step(g.cols, cell / static_cast<double>(k), text_width(std::to_string(g.cols - 1), kTickSize));
  for (std::int64_t c = 0; c < g.cols; c += cstep)
    s.texts.push_back(
        {left + (static_cast<double>(c / k) + 0.5) * cell, top - 3, std::to_string(c), kTickSize, Anchor::Centre});
  s.texts.push_back({kMargin, centred(top + plot_h / 2, kAxisSize), row_name, kAxisSize, Anchor::Left, true});
  const std::int64_t rstep = tick_step(g.rows, cell / static_cast<double>(k), 2 * kTickSize);
  for (std::int64_t r = 0; r < g.rows; r += rstep)
    s.texts.push_back({left - 4, centred(top + (static_cast<double>(r / k) + 0.5) * cell, kTickSize), std::to_string(r),
                       kTickSize, Anchor::Right});
  // Values in the cells: where legible (auto), wherever they fit (on), or never (off).
  if (k == 1 && style.labels != Labels::Off && cell >= (style.labels == Labels::On ? 4.0 : 9.0)) {
    const double size = std::min(8.0, cell * 0.6);
    for (std::int64_t r = 0; r < brows; ++r)
      for (std::int64_t c = 0; c < bcols; ++c) {
        const Value v = blocks[static_cast<std::size_t>(r * bcols + c)];
        const std::string t = io::value_text(v, g.eval);
        if (t.empty() || text_width(t, size) + 1.5 > cell) continue;
        s.texts.push_back({left + (static_cast<double>(c) + 0.5) * cell,
                           centred(top + (static_cast<double>(r) + 0.5) * cell, size), t, size, Anchor::Centre, false,
                           dark(pal(v)) ? Rgb{255, 255, 255} : Rgb{0, 0, 0}});
      }
  }
  const auto [lw, legend_bottom] = add_legend(s, left + plot_w + 14, top, pal, has_none, plot_h);
  std::vector<std::string> notes{"rows " + range(row_name, g.rows) + ", columns " + range(col_name, g.cols)};
  if (k > 1)
    notes.push_back("downsampled: each block is " + std::to_string(k) + "x" + std::to_string(k) +
                    " cells, showing its smallest value (P if any)");
  const auto [bottom, notes_w] = add_notes(s, std::max(top + plot_h, legend_bottom) + 6, notes);
  s.width =
      std::max({left + plot_w + 14 + lw + kMargin, 2 * kMargin + text_width(title, kTitleSize), 2 * kMargin + notes_w});
  s.height = bottom + kMargin;
  return s;
}

Strip strip_of(const Grid& g) {
  Strip s;
  s.title = figure_title(g);
  s.axis = g.names[static_cast<std::size_t>(g.row)];
  s.eval = g.eval;
  s.layers.emplace_back();
  for (std::int64_t r = 0; r < g.rows; ++r) s.layers.back().push_back(g.at(r, 0));
  return s;
}

Scene strip_scene(const Strip& sp, const FigureStyle& style, std::int64_t max_blocks) {
  if (sp.layers.empty() || sp.layers[0].empty()) throw runtime::UserError("figure: the sequence is empty");
  const auto n = static_cast<std::int64_t>(sp.layers[0].size());
  const auto layers = static_cast<std::int64_t>(sp.layers.size());
  const std::int64_t k = heatmap_block(n, max_blocks), blocks = (n + k - 1) / k;
  Palette pal{sp.eval};
  bool has_none = false;
  for (const auto& l : sp.layers)
    for (const Value v : l) {
      if (v == kNoValue)
        has_none = true;
      else
        pal.max = std::max(pal.max, v);
    }
  // A bar plot of the values above the strip, for one sequence of Grundy values.
  const bool bars = pal.grundy() && layers == 1;
  const std::string value_axis = "G";
  double label_w = 0;
  if (layers > 1) label_w = text_width(sp.layer_axis + " = " + std::to_string(layers - 1), kTickSize);
  if (bars)
    label_w =
        std::max(label_w, text_width(value_axis, kAxisSize, true) + 6 + text_width(std::to_string(pal.max), kTickSize));
  const double left = kMargin + label_w + 4;
  const double legend_w = legend_width(pal, has_none);
  double plot_w = std::clamp(static_cast<double>(blocks) * 12.0, 360.0, 540.0);
  if (style.width > 0) {
    plot_w = style.width - left - 14 - legend_w - kMargin;
    if (plot_w <= 0)
      throw runtime::UserError("--figure-width " + std::to_string(std::lround(style.width)) +
                               "pt leaves no room for the sequence: give a larger width");
  }
  const double cell = plot_w / static_cast<double>(blocks);
  const auto x_of = [&](std::int64_t i) { return left + static_cast<double>(i) / static_cast<double>(k) * cell; };

  Scene s;
  s.title = sp.title;
  s.texts.push_back({kMargin, kMargin + kTitleSize, sp.title, kTitleSize});
  double y = kMargin + kTitleSize + 8;
  if (sp.period) y += kTickSize + 6;  // the period's label and bracket
  const double plot_top = y;
  if (bars) {
    constexpr double kBarHeight = 100;
    const double scale = pal.max == 0 ? 0 : kBarHeight / static_cast<double>(pal.max);
    for (std::int64_t b = 0; b < blocks; ++b) {
      Value high = kNoValue;
      for (std::int64_t i = b * k; i < std::min(n, (b + 1) * k); ++i) {
        const Value v = sp.layers[0][static_cast<std::size_t>(i)];
        if (v != kNoValue) high = high == kNoValue ? v : std::max(high, v);
      }
      if (high == kNoValue || high == 0) continue;
      const double h = static_cast<double>(high) * scale;
      s.rects.push_back({left + static_cast<double>(b) * cell, y + kBarHeight - h, cell, h, pal(high)});
    }
    s.lines.push_back({left, y + kBarHeight, left + plot_w, y + kBarHeight, 0.5, kFrameColour});
    std::vector<Value> ticks{0};
    if (pal.max / 2 > 0 && pal.max / 2 < pal.max) ticks.push_back(pal.max / 2);
    if (pal.max > 0) ticks.push_back(pal.max);
    for (const Value v : ticks)
      s.texts.push_back({left - 4, centred(y + kBarHeight - static_cast<double>(v) * scale, kTickSize),
                         std::to_string(v), kTickSize, Anchor::Right});
    s.texts.push_back({kMargin, centred(y + kBarHeight / 2, kAxisSize), value_axis, kAxisSize, Anchor::Left, true});
    y += kBarHeight + 4;
  }
  // The strips: each block's smallest value (P if any), a row a layer.
  constexpr double kStripHeight = 16, kStripGap = 3;
  for (std::int64_t l = 0; l < layers; ++l) {
    FigImage row{left, y, plot_w, kStripHeight, static_cast<int>(blocks), 1, {}};
    for (std::int64_t b = 0; b < blocks; ++b) {
      Value low = kNoValue;
      for (std::int64_t i = b * k; i < std::min(n, (b + 1) * k); ++i)
        low = std::min(low, sp.layers[static_cast<std::size_t>(l)][static_cast<std::size_t>(i)]);
      row.pixels.push_back(pal(low));
    }
    s.images.push_back(std::move(row));
    add_frame(s, left, y, plot_w, kStripHeight);
    if (layers > 1)
      s.texts.push_back({left - 4, centred(y + kStripHeight / 2, kTickSize), sp.layer_axis + " = " + std::to_string(l),
                         kTickSize, Anchor::Right});
    y += kStripHeight + kStripGap;
  }
  const double strips_bottom = y - kStripGap;
  // The axis along the strips.
  const std::int64_t step = tick_step(n, cell / static_cast<double>(k), text_width(std::to_string(n - 1), kTickSize));
  for (std::int64_t i = 0; i < n; i += step)
    s.texts.push_back({x_of(i) + cell / static_cast<double>(k) / 2, strips_bottom + 3 + kTickSize, std::to_string(i),
                       kTickSize, Anchor::Centre});
  y = strips_bottom + 3 + kTickSize + 4 + kAxisSize;
  s.texts.push_back({left + plot_w / 2, y, sp.axis, kAxisSize, Anchor::Centre, true});
  std::vector<std::string> notes{range(sp.axis, n) + (layers > 1 ? ", rows " + range(sp.layer_axis, layers) : "")};
  if (k > 1)
    notes.push_back("downsampled: each block is " + std::to_string(k) +
                    " values; the strip shows its smallest (P if any)" + (bars ? ", the bar its largest" : ""));
  // The period: a line where it starts, the first period bracketed and named, the later
  // periods' starts dotted while they are far enough apart to see.
  if (sp.period && sp.period->period > 0 && sp.period->preperiod < n) {
    const auto& p = *sp.period;
    const double x0 = x_of(p.preperiod), x1 = x_of(std::min(n, p.preperiod + p.period));
    s.lines.push_back({x0, plot_top - 4, x0, strips_bottom, 1.0, kPeriodColour, true});
    if (static_cast<double>(p.period) / static_cast<double>(k) * cell >= 6)
      for (std::int64_t at = p.preperiod + p.period; at < n; at += p.period)
        s.lines.push_back({x_of(at), plot_top, x_of(at), strips_bottom, 0.4, kPeriodColour, true});
    s.lines.push_back({x0, plot_top - 4, x1, plot_top - 4, 1.0, kPeriodColour});
    s.lines.push_back({x1, plot_top - 7, x1, plot_top - 1, 1.0, kPeriodColour});
    const std::string label = "period " + std::to_string(p.period) + " from " + sp.axis + " = " +
                              std::to_string(p.preperiod) + (p.proven ? " (proven)" : " (observed)");
    const double w = text_width(label, kTickSize);
    const bool fits_right = x0 + 2 + w <= left + plot_w + 14 + legend_w;
    s.texts.push_back({fits_right ? x0 + 2 : std::max(kMargin, x0 - 2), plot_top - 7, label, kTickSize,
                       fits_right ? Anchor::Left : Anchor::Right, false, kPeriodColour});
    notes.push_back(
        "preperiod " + std::to_string(p.preperiod) + ", period " + std::to_string(p.period) +
        (p.preperiod > 0 ? ", last exceptional value at " + sp.axis + " = " + std::to_string(p.preperiod - 1) : "") +
        (p.proven ? " (proven)" : " (observed, not proven)"));
  }
  const auto [lw, legend_bottom] = add_legend(s, left + plot_w + 14, plot_top, pal, has_none, strips_bottom - plot_top);
  const auto [bottom, notes_w] = add_notes(s, std::max(y, legend_bottom) + 6, notes);
  s.width = std::max(
      {left + plot_w + 14 + lw + kMargin, 2 * kMargin + text_width(sp.title, kTitleSize), 2 * kMargin + notes_w});
  s.height = bottom + kMargin;
  return s;
}


namespace {

SceneFormat scene_format(Format f) {
  switch (f) {
    case Format::Png:
      return SceneFormat::Png;
    case Format::Svg:
      return SceneFormat::Svg;
    case Format::Pdf:
      return SceneFormat::Pdf;
    case Format::Tikz:
      return SceneFormat::Tikz;
    default:
      break;
  }
  throw std::logic_error(std::string("not a figure format: ") + format_name(f));
}

// TikZ draws a rectangle a run of cells, which TeX keeps in memory: fewer blocks.
std::int64_t max_blocks(Format f) { return f == Format::Tikz ? 200 : kMaxBlocks; }

}  // namespace

void write_figure(std::ostream& out, Format format, const Grid& grid, const FigureStyle& style) {
  write_scene(out, scene_format(format), heatmap_scene(grid, style, max_blocks(format)), style.dpi);
}

void write_grid(std::ostream& out, Format format, const Grid& grid, const FigureStyle& style) {
  if (io::is_figure(format))
    write_figure(out, format, grid, style);
  else
    io::write_grid(out, format, grid);
}

void write_figure(std::ostream& out, Format format, const Strip& strip, const FigureStyle& style) {
  write_scene(out, scene_format(format), strip_scene(strip, style, max_blocks(format)), style.dpi);
}

}  // namespace grundy::figures
