#include "games/nim_solver.hpp"

namespace grundy::games {

std::uint64_t nim_pass_f_grid_bytes(std::int64_t size) {
  const auto n = static_cast<std::uint64_t>(size);
  if (n > (std::uint64_t{1} << 28)) return UINT64_MAX;  // beyond any memory; keeps n * n from overflowing
  return n * n * sizeof(core::Value) + n * ((2 * n + 2) / 64 + 16) * sizeof(std::uint64_t);
}

PassFGrid nim_pass_f_grid(std::int64_t size) {
  if (size < 1) throw core::UserError("f grid: size " + std::to_string(size) + " must be at least 1");
  PassFGrid g;
  g.size = size;
  const auto n = static_cast<std::uint64_t>(size);
  g.f.resize(n * n);
  auto all = [](const Position&) { return true; };
  auto pass_option = [](std::uint64_t x, std::uint64_t y, std::uint64_t, core::Value, bool) {
    return core::detail::OneValue{(x | y) == 0 ? core::kNoValue : static_cast<core::Value>(x ^ y)};
  };
  core::sweep_lines_2d(n, n, 1, 2 * n + 2, true, all, pass_option, g.f.data());
  return g;
}

}  // namespace grundy::games
