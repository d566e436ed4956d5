#include "games/nim_solver.hpp"

#include <memory>


namespace grundy::games {

std::uint64_t nim_pass_f_grid_bytes(std::int64_t size) {
  const auto n = static_cast<std::uint64_t>(size);
  if (n > (std::uint64_t{1} << 28)) return UINT64_MAX;  // beyond any memory; keeps n * n from overflowing
  return n * n * sizeof(core::Value) + n * ((2 * n + 2) / 64 + 16) * sizeof(std::uint64_t);
}

namespace {

// f(x, y)'s pass option: the value of (x, y, z, 0) in plain Nim, x ^ y (none at (0, 0)).
constexpr auto kPassOption = [](std::uint64_t x, std::uint64_t y, std::uint64_t, core::Value, bool) {
  return core::detail::OneValue{(x | y) == 0 ? core::kNoValue : static_cast<core::Value>(x ^ y)};
};

}  // namespace

PassFGrid nim_pass_f_grid(std::int64_t size) {
  if (size < 1) throw runtime::UserError("f grid: size " + std::to_string(size) + " must be at least 1");
  PassFGrid g;
  g.size = size;
  const auto n = static_cast<std::uint64_t>(size);
  g.f.resize(n * n);
  auto all = [](const Position&) { return true; };
  core::sweep_lines_2d(n, n, 1, 2 * n + 2, true, all, kPassOption, g.f.data());
  return g;
}

core::BandTable nim_pass_f_grid_bands(const runtime::World& world, std::int64_t size) {
  if (size < 1) throw runtime::UserError("f grid: size " + std::to_string(size) + " must be at least 1");
  const auto n = static_cast<std::uint64_t>(size);
  auto all = [](const Position&) { return true; };
  return core::sweep_lines_2d_bands(world, n, n, 1, 2 * n + 2, true, all, kPassOption,
                                    core::ValueArray::width_for(2 * n + 2));
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
  // In a distributed world the grid is swept by bands, each rank holding its rows, and its rows
  // stream to rank 0, which lists the positions; the other ranks' visit is never called.
  r.bytes = [n](const runtime::World& world) {
    const auto un = static_cast<std::uint64_t>(n);
    return world.distributed ? core::line_game_band_bytes(
                                   core::BandLayout::make(un, un, 1, true, world.size, world.rank), 2 * un + 2, false)
                             : nim_pass_f_grid_bytes(n);
  };
  r.run = [X, Y, Z, n, layer0, layer1, grid = std::make_shared<std::optional<PassFGrid>>(),
           parts = std::make_shared<std::optional<core::BandTable>>()](
              const runtime::World& world, const std::function<void(const Position&)>& visit) {
    const bool bands = world.distributed;
    runtime::StopPoll poll;
    Position p(4);
    // Row x of the region, f(x, y) = f(y) on the layer with the pass.
    auto row = [&](std::int64_t x, auto f) {
      for (std::int64_t y = 0; y < Y; ++y) {
        poll();
        // (x, y, z, p) in index order: by z, then p.
        const std::int64_t z0 = x ^ y, z1 = layer1 ? static_cast<std::int64_t>(f(y)) : Z;
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
    auto none = [](std::int64_t) { return core::Value{0}; };
    if (bands && layer1) {
      if (!*parts) *parts = nim_pass_f_grid_bands(world, n);
      core::for_each_row(**parts, [&](std::uint64_t x, const core::Value* f) {
        if (static_cast<std::int64_t>(x) < X) row(static_cast<std::int64_t>(x), [f](std::int64_t y) { return f[y]; });
      });
      return;
    }
    if (world.silent()) return;
    if (layer1 && !*grid) *grid = nim_pass_f_grid(n);
    for (std::int64_t x = 0; x < X; ++x) {
      if (layer1)
        row(x, [&](std::int64_t y) { return (*grid)->at(x, y); });
      else
        row(x, none);
    }
  };
  return r;
}

}  // namespace grundy::games
