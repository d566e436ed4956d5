#include "pipeline/table_box.hpp"

#include <algorithm>

#include "core/model/parse.hpp"
#include "runtime/errors.hpp"

namespace grundy::pipeline {

namespace {

std::string pin_usage(const FixSyntax& syntax) {
  return syntax.name + (syntax.name.starts_with("--") ? " c=v" : "=c=v");
}

}  // namespace

Size parse_size(const std::string& text, const std::string& flag, std::int64_t max) {
  Size s;
  std::size_t start = 0;
  while (true) {
    const std::size_t x = text.find('x', start);
    s.extents.push_back(core::parse_int(text.substr(start, x == std::string::npos ? std::string::npos : x - start),
                                        flag, 1, max));
    if (x == std::string::npos) break;
    start = x + 1;
    if (s.extents.size() >= static_cast<std::size_t>(core::kMaxCoords))
      throw runtime::UserError(flag + " = '" + text.substr(0, 60) + "': more extents than any game has coordinates");
  }
  return s;
}

namespace {

// The extent --size gives each coordinate: all the same, or one per coordinate in `takers`
// (those that are not pass counters, or for a table with pins those it shows).
core::Position size_extents(const core::Game& game, const Size& size, const core::Position& pinned) {
  const auto names = game.coordinate_names();
  const auto ranges = game.coordinate_ranges();
  const int n = game.arity();
  std::vector<int> all, shown;
  for (int i = 0; i < n; ++i)
    if (!ranges[static_cast<std::size_t>(i)].pass_counter) {
      all.push_back(i);
      if (pinned[i] < 0) shown.push_back(i);
    }
  core::Position extent(n);
  for (int i = 0; i < n; ++i) extent[i] = size.extents.empty() ? 1 : size.extents[0];
  if (size.extents.size() > 1) {
    const std::vector<int>* takers = size.extents.size() == all.size()     ? &all
                                     : size.extents.size() == shown.size() ? &shown
                                                                             : nullptr;
    if (!takers) {
      std::string list, text;
      for (int i : all) list += (list.empty() ? "" : ", ") + names[static_cast<std::size_t>(i)];
      for (std::int64_t e : size.extents) text += (text.empty() ? "" : "x") + std::to_string(e);
      throw runtime::UserError("--size " + text + ": " + std::to_string(size.extents.size()) + " extents for " +
                               game.name() + "; give one, or one per coordinate (" + list +
                               ") in order; pass counters run over 0..K");
    }
    for (std::size_t k = 0; k < takers->size(); ++k) extent[(*takers)[k]] = size.extents[k];
  }
  for (int i = 0; i < n; ++i) {
    const core::CoordinateRange& r = ranges[static_cast<std::size_t>(i)];
    if (r.pass_counter || r.max < extent[i]) extent[i] = r.max + 1;  // a range of its own: 0..max
  }
  return extent;
}

}  // namespace

core::Box size_box(const core::Game& game, const Size& size) {
  core::Position none(game.arity());
  for (int i = 0; i < game.arity(); ++i) none[i] = -1;
  return core::Box(size_extents(game, size, none));
}

TableBox make_table_box(const core::Game& game, const Size& size, const std::vector<std::string>& fixes,
                        const FixSyntax& syntax) {
  const auto names = game.coordinate_names();
  const auto ranges = game.coordinate_ranges();
  const int n = game.arity();
  core::Position pinned(n);
  for (int i = 0; i < n; ++i) pinned[i] = -1;
  for (const std::string& f : fixes) {
    const auto eq = f.find('=');
    const std::string name = f.substr(0, eq);
    const auto it = std::find(names.begin(), names.end(), name);
    if (eq == std::string::npos || it == names.end()) {
      std::string allowed;
      for (const auto& c : names) allowed += (allowed.empty() ? "" : ", ") + c;
      throw runtime::UserError(syntax.name + " '" + f.substr(0, 40) + "': expected c=v with c one of " + allowed);
    }
    const int i = static_cast<int>(it - names.begin());
    if (pinned[i] >= 0) throw runtime::UserError(syntax.name + " " + name + " given twice; pin each coordinate once");
    const core::CoordinateRange& range = ranges[static_cast<std::size_t>(i)];
    const std::int64_t max = std::min(syntax.max_value, range.max);
    const std::string what = syntax.name + " " + name;
    pinned[i] = range.pass_counter
                    ? core::parse_int(f.substr(eq + 1), what + " (the passes still available)", 0, max)
                    : core::parse_int(f.substr(eq + 1), what, 0, max);
  }
  core::Position extent = size_extents(game, size, pinned);
  for (int i = 0; i < n; ++i)
    if (pinned[i] >= 0) extent[i] = pinned[i] + 1;
  return {core::Box(extent), pinned};
}

std::vector<int> table_axes(const core::Game& game, TableBox& req, const FixSyntax& syntax) {
  const auto names = game.coordinate_names();
  const auto ranges = game.coordinate_ranges();
  const int n = game.arity();
  std::vector<int> free;
  for (int i = 0; i < n; ++i)
    if (req.pinned[i] < 0) free.push_back(i);
  while (free.size() > 2) {
    const auto last_pass = std::find_if(free.rbegin(), free.rend(),
                                        [&](int i) { return ranges[static_cast<std::size_t>(i)].pass_counter; });
    if (last_pass == free.rend()) break;
    const int i = *last_pass;
    req.pinned[i] = req.box.extent(i) - 1;
    free.erase(std::next(last_pass).base());
  }
  if (free.empty() || free.size() > 2) {
    std::string list;
    for (int i : free) list += (list.empty() ? "" : ", ") + names[static_cast<std::size_t>(i)];
    throw runtime::UserError("table shows one or two coordinates; " +
                             (free.empty() ? std::string("every coordinate is pinned") : "free: " + list) +
                             "; pin the others with " + pin_usage(syntax));
  }
  return free;
}

std::vector<int> pass_counters(const core::Game& game) {
  const auto ranges = game.coordinate_ranges();
  std::vector<int> out;
  for (int i = 0; i < game.arity(); ++i)
    if (ranges[static_cast<std::size_t>(i)].pass_counter) out.push_back(i);
  return out;
}

std::vector<bool> total_coordinates(const core::Game& game) {
  const auto ranges = game.coordinate_ranges();
  std::vector<bool> in(ranges.size());
  for (std::size_t i = 0; i < ranges.size(); ++i) in[i] = !ranges[i].pass_counter;
  return in;
}

std::string box_text(const std::vector<std::string>& names, const core::Box& box) {
  std::string s;
  for (int i = 0; i < box.arity();) {
    int j = i;
    std::string group = names[static_cast<std::size_t>(i)];
    while (j + 1 < box.arity() && box.extent(j + 1) == box.extent(i)) group += "," + names[static_cast<std::size_t>(++j)];
    s += (s.empty() ? "" : ", ") + group + " in 0.." + std::to_string(box.extent(i) - 1);
    i = j + 1;
  }
  return s;
}

}  // namespace grundy::pipeline
