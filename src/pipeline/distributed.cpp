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
                                        const std::string& path, bool parts) {
  const core::SolveRoute route = game.route(box, core::Evaluation::Grundy);
  if (!route.bands)
    throw core::UserError("under mpirun, " + game.name() + " has no distributed sweep (its route: " + route.name +
                          "); run it without mpirun. Distributed: the 2-D line sweep (two-heap Nim with passes or a "
                          "forbidden set, two-pile FTS, the rook and the queen), the 3-D chocolate sweep and the "
                          "leapers' (the knight, the king, leaper)");
  // The box the sweep covers, and the file holds, as one process's: a knight's reach box.
  const core::Box swept = game.reach_box(box);
  const int ranks = core::mpi::size();
  core::ensure_fits(route.bands->bytes, memory_limit,
                    "a rank's share of a table of " + game.name() + " over " + swept.to_string() + " on " +
                        std::to_string(ranks) + " ranks (" + route.name + ")");
  const core::mpi::Exchange exchange;
  // Rank 0 can create the file, before hours of sweeping: else the job ends now.
  if (core::mpi::root()) io::AtomicFile probe(path, "--save");
  if (parts) io::AtomicFile probe(io::part_path(path, core::mpi::rank(), ranks), "--save");
  // Each rank's meter counts its own share, about 1/R of the box (a terminal shows rank 0's).
  core::ProgressMeter meter(
      "solving " + swept.to_string() + " on " + std::to_string(ranks) + " ranks",
      (swept.count() + static_cast<std::uint64_t>(ranks) - 1) / static_cast<std::uint64_t>(ranks));
  const auto start = std::chrono::steady_clock::now();
  auto since = [](std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  const core::BandTable t = route.bands->run();
  DistributedTable out;
  out.route = route.name;
  out.ranks = ranks;
  out.box = swept;
  out.rank_bytes = route.bands->bytes;
  std::uint64_t max = 0;
  const_cast<core::ValueArray&>(t.values).with_cells([&](const auto* cells) {
    for (std::size_t i = 0; i < t.values.size(); ++i) {
      const core::Value v = core::ValueArray::decode(cells[i]);
      // Not a chocolate bar's non-positions, nor a knight's unsolved corners of its reach box.
      if (v != core::kNoValue && v != core::kUnsolved) max = std::max<std::uint64_t>(max, v);
    }
  });
  out.max = static_cast<core::Value>(core::mpi::max(max));
  out.bytes_sent = core::mpi::sum(t.bytes_sent);
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
    out.zeros = core::mpi::sum(zeros);
    // Rank 0 gathers what the index records of each part, and writes it once every part is in place.
    if (core::mpi::root()) {
      std::vector<io::TablePart> all(static_cast<std::size_t>(ranks));
      all[0] = part;
      for (int r = 1; r < ranks; ++r)
        core::mpi::recv(&all[static_cast<std::size_t>(r)], sizeof(io::TablePart), r, core::mpi::kTagPart);
      io::write_table_index(path, game.name(), extent, core::Evaluation::Grundy, out.max, b, all);
    } else {
      core::mpi::send(&part, sizeof part, 0, core::mpi::kTagPart);
    }
    out.parts = ranks;
  } else {
    auto stream = [&](core::FunctionRef<void(const core::Value*, std::size_t)> put) {
      core::for_each_row(t, [&](std::uint64_t, const core::Value* row) {
        put(row, row_cells);
        for (std::uint64_t i = 0; i < row_cells; ++i) out.zeros += row[i] == 0 ? 1 : 0;
      });
    };
    if (core::mpi::root()) {
      io::write_table(path, game.name(), extent, core::Evaluation::Grundy, swept.count(), out.max, stream);
    } else {
      stream([](const core::Value*, std::size_t) {});
    }
  }
  out.write_seconds = since(written);
  return out;
}

}  // namespace grundy::pipeline
