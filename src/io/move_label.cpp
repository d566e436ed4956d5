#include "io/move_label.hpp"

namespace grundy::io {

std::string move_label(const std::vector<std::string>& names, const core::Position& from, const core::Position& to,
                       bool pass) {
  const int n = from.size();
  if (pass && to[n - 1] == from[n - 1] - 1) {
    bool same = true;
    for (int i = 0; i + 1 < n; ++i) same = same && to[i] == from[i];
    if (same) return "pass";
  }
  std::string s;
  for (int i = 0; i < n; ++i)
    if (to[i] != from[i])
      s += (s.empty() ? "" : ", ") + names[static_cast<std::size_t>(i)] + " " + std::to_string(from[i]) + " -> " +
           std::to_string(to[i]);
  return s;
}

}  // namespace grundy::io
