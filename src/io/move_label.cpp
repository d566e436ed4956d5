#include "io/move_label.hpp"

namespace grundy::io {

std::string move_label(const std::vector<std::string>& names, const std::vector<core::CoordinateRange>& ranges,
                       const core::Position& from, const core::Position& to) {
  const int n = from.size();
  int changed = -1, count = 0;
  for (int i = 0; i < n; ++i)
    if (to[i] != from[i]) {
      changed = i;
      ++count;
    }
  if (count == 1 && ranges[static_cast<std::size_t>(changed)].pass_counter && to[changed] == from[changed] - 1) {
    const std::string& name = names[static_cast<std::size_t>(changed)];
    return name == "p" ? "pass" : "pass " + name;
  }
  std::string s;
  for (int i = 0; i < n; ++i)
    if (to[i] != from[i])
      s += (s.empty() ? "" : ", ") + names[static_cast<std::size_t>(i)] + " " + std::to_string(from[i]) + " -> " +
           std::to_string(to[i]);
  return s;
}

}  // namespace grundy::io
