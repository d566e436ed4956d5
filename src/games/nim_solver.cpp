#include "games/nim_solver.hpp"

#include <memory>

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

std::optional<core::PPosRoute> fast_ppos_route(const transforms::WithPass<Nim>& g, const core::Box& box,
                                               const core::Position& pinned, core::Evaluation eval) {
  if (g.base().arity() != 3 || g.passes() != 1 || g.from_terminal() || eval == core::Evaluation::MisereOutcome)
    return std::nullopt;
  if (pinned[0] >= 0 || pinned[1] >= 0 || pinned[2] >= 0 || box.arity() != 4) return std::nullopt;
  const std::int64_t X = box.extent(0), Y = box.extent(1), Z = box.extent(2);
  const std::int64_t n = std::max(X, Y);
  if (n < 1 || Z < 1) return std::nullopt;
  const bool layer0 = pinned[3] != 1 && box.extent(3) >= 1, layer1 = pinned[3] != 0 && box.extent(3) >= 2;
  core::PPosRoute r;
  r.name = "f grid (unique completion)";
  r.bytes = nim_pass_f_grid_bytes(n);
  r.run = [X, Y, Z, n, layer0, layer1, grid = std::make_shared<std::optional<PassFGrid>>()](
              const std::function<void(const Position&)>& visit) {
    if (layer1 && !*grid) *grid = nim_pass_f_grid(n);
    core::StopPoll poll;
    Position p(4);
    for (std::int64_t x = 0; x < X; ++x)
      for (std::int64_t y = 0; y < Y; ++y) {
        poll();
        // (x, y, z, p) in index order: by z, then p.
        const std::int64_t z0 = x ^ y, z1 = layer1 ? (*grid)->at(x, y) : Z;
        p[0] = x;
        p[1] = y;
        auto emit = [&](std::int64_t z, std::int64_t layer) {
          p[2] = z;
          p[3] = layer;
          visit(p);
        };
        const bool has0 = layer0 && z0 < Z, has1 = layer1 && z1 < Z;
        if (has0 && has1 && z1 < z0) {
          emit(z1, 1);
          emit(z0, 0);
        } else {
          if (has0) emit(z0, 0);
          if (has1) emit(z1, 1);
        }
      }
  };
  return r;
}

}  // namespace grundy::games
