#include "pipeline/distributed.hpp"

#include <chrono>

#include "core/band_table.hpp"
#include "core/errors.hpp"
#include "core/memory.hpp"
#include "core/mpi.hpp"
#include "core/progress.hpp"
#include "io/files.hpp"
#include "io/table_file.hpp"

namespace grundy::pipeline {

DistributedTable save_distributed_table(const core::Game& game, const core::Box& box, std::uint64_t memory_limit,
                                        const std::string& path) {
  const core::SolveRoute route = game.route(box, core::Evaluation::Grundy);
  if (!route.bands || game.reach_box(box) != box)
    throw core::UserError("under mpirun, " + game.name() + " has no distributed sweep (its route: " + route.name +
                          "); run it without mpirun. Distributed: the 2-D line sweep (two-heap Nim with passes or a "
                          "forbidden set, the rook and the queen)");
  const int ranks = core::mpi::size();
  core::ensure_fits(route.bands->bytes, memory_limit,
                    "a rank's share of a table of " + game.name() + " over " + box.to_string() + " on " +
                        std::to_string(ranks) + " ranks (" + route.name + ")");
  const core::mpi::Exchange exchange;
  // Rank 0 can create the file, before hours of sweeping: else the job ends now.
  if (core::mpi::root()) io::AtomicFile probe(path, "--save");
  core::ProgressMeter meter("solving " + box.to_string() + " on " + std::to_string(ranks) + " ranks", box.count());
  const auto start = std::chrono::steady_clock::now();
  auto since = [](std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  const core::BandTable t = route.bands->run();
  DistributedTable out;
  out.route = route.name;
  out.ranks = ranks;
  out.cells = box.count();
  out.rank_bytes = route.bands->bytes;
  std::uint64_t max = 0;
  const_cast<core::ValueArray&>(t.values).with_cells([&](const auto* cells) {
    for (std::size_t i = 0; i < t.values.size(); ++i)
      max = std::max<std::uint64_t>(max, core::ValueArray::decode(cells[i]));
  });
  out.max = static_cast<core::Value>(core::mpi::max(max));
  out.bytes_sent = core::mpi::sum(t.bytes_sent);
  out.sweep_seconds = since(start);
  const auto written = std::chrono::steady_clock::now();
  const std::uint64_t row_cells = t.layout.Y * t.layout.L;
  const std::vector<std::int64_t> extent(box.extents().coords().begin(), box.extents().coords().end());
  auto stream = [&](core::FunctionRef<void(const core::Value*, std::size_t)> put) {
    core::for_each_row(t, [&](std::uint64_t, const core::Value* row) {
      put(row, row_cells);
      for (std::uint64_t i = 0; i < row_cells; ++i) out.zeros += row[i] == 0 ? 1 : 0;
    });
  };
  if (core::mpi::root()) {
    io::write_table(path, game.name(), extent, core::Evaluation::Grundy, out.cells, out.max, stream);
  } else {
    stream([](const core::Value*, std::size_t) {});
  }
  out.write_seconds = since(written);
  return out;
}

}  // namespace grundy::pipeline
