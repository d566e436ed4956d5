#include "pipeline/table_box.hpp"

#include <algorithm>

#include "core/errors.hpp"
#include "core/parse.hpp"

namespace grundy::pipeline {

namespace {

std::string pin_usage(const FixSyntax& syntax) {
  return syntax.name + (syntax.name.starts_with("--") ? " c=v" : "=c=v");
}

}  // namespace

TableBox make_table_box(const core::Game& game, int passes, std::int64_t size, const std::vector<std::string>& fixes,
                        const FixSyntax& syntax) {
  const auto names = game.coordinate_names();
  const int n = game.arity();
  core::Position extent(n), pinned(n);
  for (int i = 0; i < n; ++i) {
    extent[i] = size;
    pinned[i] = -1;
  }
  if (passes > 0) extent[n - 1] = passes + 1;
  for (const std::string& f : fixes) {
    const auto eq = f.find('=');
    const std::string name = f.substr(0, eq);
    const auto it = std::find(names.begin(), names.end(), name);
    if (eq == std::string::npos || it == names.end()) {
      std::string allowed;
      for (const auto& c : names) allowed += (allowed.empty() ? "" : ", ") + c;
      throw core::UserError(syntax.name + " '" + f.substr(0, 40) + "': expected c=v with c one of " + allowed);
    }
    const int i = static_cast<int>(it - names.begin());
    if (pinned[i] >= 0) throw core::UserError(syntax.name + " " + name + " given twice; pin each coordinate once");
    pinned[i] = core::parse_int(f.substr(eq + 1), syntax.name + " " + name, 0, syntax.max_value);
    extent[i] = pinned[i] + 1;
  }
  return {core::Box(extent), pinned};
}

std::vector<int> table_axes(const core::Game& game, int passes, TableBox& req, const FixSyntax& syntax) {
  const auto names = game.coordinate_names();
  const int n = game.arity();
  std::vector<int> free;
  for (int i = 0; i < n; ++i)
    if (req.pinned[i] < 0) free.push_back(i);
  if (passes > 0 && free.size() > 2 && free.back() == n - 1) {
    req.pinned[n - 1] = req.box.extent(n - 1) - 1;
    free.pop_back();
  }
  if (free.empty() || free.size() > 2) {
    std::string list;
    for (int i : free) list += (list.empty() ? "" : ", ") + names[static_cast<std::size_t>(i)];
    throw core::UserError("table shows one or two coordinates; " +
                          (free.empty() ? std::string("every coordinate is pinned") : "free: " + list) +
                          "; pin the others with " + pin_usage(syntax));
  }
  return free;
}

}  // namespace grundy::pipeline
