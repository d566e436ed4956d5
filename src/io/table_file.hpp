#pragma once

// Table files: a solved box saved with --save and reused with --load. Layout (little-endian):
//
//   8 bytes   magic "GRUNDYT2"
//   4 bytes   header length H
//   H bytes   header, JSON: {"game": <Game::name()>, "extent": [...],
//             "evaluation": "grundy" | "normal-outcome" | "misere-outcome",
//             "width": 1 | 2 | 4 (bytes per value), "count": <cells>}
//   count * width bytes   the values in row-major order, last coordinate fastest; the largest
//             value of the width (0xff, 0xffff, 0xffffffff) marks a cell that is not a position,
//             the one below it a cell the solver did not solve (core::kUnsolved: the far corners
//             of a reach box), so a loaded table knows which cells it can answer for
//   8 bytes   FNV-1a 64 of everything before it
//
// Values use the smallest width that holds them. A file is written through io::AtomicFile (an
// exclusive temporary in the target's folder, fsync, rename), so an interrupted run never
// leaves a half-written table under the real name. A file whose magic, header, size or
// checksum does not match, or which holds another game, is rejected with a UserError, never
// read as data. Format 1 files ("GRUNDYT1") did not tell unsolved cells from non-positions and
// are refused with a message saying so.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/dense_solver.hpp"
#include "core/function_ref.hpp"

namespace grundy::io {

void save_table(const std::string& path, const core::DenseTable& table, const std::string& game);

// The values of a table in row-major order, pushed in chunks: values(put) calls put(v, n) for
// each chunk in turn.
using ValueStream = std::function<void(core::FunctionRef<void(const core::Value*, std::size_t)>)>;

// A table file of box `extent` whose `count` values come from `values` (kNoValue and kUnsolved
// as the width's sentinels), `max` the largest other value: a table that no one process holds
// (a band sweep's rows streamed to rank 0) is written as save_table writes a held one, byte for
// byte.
void write_table(const std::string& path, const std::string& game, const std::vector<std::int64_t>& extent,
                 core::Evaluation eval, std::uint64_t count, core::Value max, const ValueStream& values);

// Reads `path` and checks it holds `game` under `eval`, refusing before allocating a table
// larger than `memory_limit`; the caller checks the box it needs (pipeline::solve_table). A
// table of Grundy values also serves normal-play outcomes (P = value 0): asked for those, such
// a file is accepted and returned as it is (its eval says Grundy).
core::DenseTable load_table(const std::string& path, const std::string& game, core::Evaluation eval,
                            std::uint64_t memory_limit);

// A value sequence G(0 .. n-1) of a one-heap game (`seq --save`): a table file of extent {n}
// holding Grundy values, value(x) for every x, the largest of them `max` (the caller knows it).
void save_sequence(const std::string& path, const std::string& game, std::int64_t n, core::Value max,
                   const std::function<core::Value(std::int64_t)>& value);

// Reads such a file of `game` (`seq --load`), checked as load_table checks a table: `start(n)`
// before any value (it allocates, or refuses), then `take(v)` for G(0), G(1), ... in order.
// The checksum is checked after the last value: a caller keeps nothing from a failed load.
void load_sequence(const std::string& path, const std::string& game, const std::function<void(std::int64_t)>& start,
                   const std::function<void(core::Value)>& take);

}  // namespace grundy::io
