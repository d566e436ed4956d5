#include "pipeline/distributed.hpp"

#include <chrono>

#include "core/solve/band_table.hpp"
#include "dist/mpi.hpp"
#include "io/files.hpp"
#include "io/table_file.hpp"
#include "runtime/errors.hpp"
#include "runtime/memory.hpp"
#include "runtime/progress.hpp"

namespace grundy::pipeline {

DistributedTable save_distributed_table(const core::Game& game, const core::Box& box, const runtime::Limits& limits,
                                        const std::string& path, bool parts) {
  const runtime::World& world = limits.world;
  const core::SolveRoute route = game.route(box, core::Evaluation::Grundy);
  if (!route.bands)
    throw runtime::UserError(
        "under mpirun, " + game.name() + " has no distributed sweep (its route: " + route.name +
        "); run it without mpirun. Distributed: the 2-D line sweep (two-heap Nim with passes or a "
        "forbidden set, two-pile FTS, the rook and the queen), the 3-D chocolate sweep and the "
        "leapers' (the knight, the king, leaper), and tables of boards and graphs (cram -p board=mxn)");
  // The box the sweep covers, and the file holds, as one process's: a knight's reach box.
  const core::Box swept = game.reach_box(box);
  const int ranks = world.size;
  const std::uint64_t rank_bytes = route.bands->bytes(world);
  runtime::ensure_fits(rank_bytes, limits.memory,
                       "a rank's share of a table of " + game.name() + " over " + swept.to_string() + " on " +
                           std::to_string(ranks) + " ranks (" + route.name + ")");
  const dist::Exchange exchange;
  // Rank 0 can create the file, before hours of sweeping: else the job ends now.
  if (world.root()) io::AtomicFile probe(path, "--save");
  if (parts) io::AtomicFile probe(io::part_path(path, world.rank, ranks), "--save");
  // Each rank's meter counts its own share, about 1/R of the box (a terminal shows rank 0's).
  runtime::ProgressMeter meter(
      "solving " + swept.to_string() + " on " + std::to_string(ranks) + " ranks",
      (swept.count() + static_cast<std::uint64_t>(ranks) - 1) / static_cast<std::uint64_t>(ranks));
  const auto start = std::chrono::steady_clock::now();
  auto since = [](std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  const core::BandTable t = route.bands->run(world);
  DistributedTable out;
  out.route = route.name;
  out.ranks = ranks;
  out.box = swept;
  out.rank_bytes = rank_bytes;
  std::uint64_t max = 0;
  const_cast<core::ValueArray&>(t.values).with_cells([&](const auto* cells) {
    for (std::size_t i = 0; i < t.values.size(); ++i) {
      const core::Value v = core::ValueArray::decode(cells[i]);
      // Not a chocolate bar's non-positions, nor a knight's unsolved corners of its reach box.
      if (v != core::kNoValue && v != core::kUnsolved) max = std::max<std::uint64_t>(max, v);
    }
  });
  out.max = static_cast<core::Value>(dist::max(world, max));
  out.bytes_sent = dist::sum(world, t.bytes_sent);
  out.sweep_seconds = since(start);
  const auto written = std::chrono::steady_clock::now();
  const core::BandLayout& b = t.layout;
  const std::uint64_t row_cells = b.Y * b.L;
  const std::vector<std::int64_t> extent(swept.extents().coords().begin(), swept.extents().coords().end());
  if (parts) {
    // This rank's rows as they lie in memory (a symmetric table's: y <= x), counted as the
    // whole table holds them (a cell below the diagonal stands for its mirror too).
    std::uint64_t count = 0, zeros = 0;
    b.for_each_local_row([&](std::uint64_t x) { count += b.swept_cells(x); });
    auto mine = [&](core::FunctionRef<void(const core::Value*, std::size_t)> put) {
      std::vector<core::Value> row(row_cells);
      b.for_each_local_row([&](std::uint64_t x) {
        const std::uint64_t n = b.swept_cells(x), at = b.local_row(x) * row_cells;
        for (std::uint64_t i = 0; i < n; ++i) {
          row[i] = t.values[at + i];
          if (row[i] == 0) zeros += b.symmetric && i / b.L < x ? 2 : 1;
        }
        put(row.data(), n);
      });
    };
    const io::TablePart part = io::write_table_part(path, b.r, ranks, out.max, count, mine);
    out.zeros = dist::sum(world, zeros);
    // Rank 0 gathers what the index records of each part, and writes it once every part is in place.
    if (world.root()) {
      std::vector<io::TablePart> all(static_cast<std::size_t>(ranks));
      all[0] = part;
      for (int r = 1; r < ranks; ++r)
        dist::recv(&all[static_cast<std::size_t>(r)], sizeof(io::TablePart), r, dist::kTagPart);
      io::write_table_index(path, game.name(), extent, core::Evaluation::Grundy, out.max, b, all);
    } else {
      dist::send(&part, sizeof part, 0, dist::kTagPart);
    }
    out.parts = ranks;
  } else {
    auto stream = [&](core::FunctionRef<void(const core::Value*, std::size_t)> put) {
      core::for_each_row(t, [&](std::uint64_t, const core::Value* row) {
        put(row, row_cells);
        for (std::uint64_t i = 0; i < row_cells; ++i) out.zeros += row[i] == 0 ? 1 : 0;
      });
    };
    if (world.root()) {
      io::write_table(path, game.name(), extent, core::Evaluation::Grundy, swept.count(), out.max, stream);
    } else {
      stream([](const core::Value*, std::size_t) {});
    }
  }
  out.write_seconds = since(written);
  return out;
}

}  // namespace grundy::pipeline
