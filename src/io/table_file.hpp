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
//
// A table swept by bands on MPI ranks (core/solve/band_table.hpp) may be saved in parts, each rank
// writing its own rows at once (`mpirun ... grundy table ... --save FILE --parts`):
//
//   FILE.part-K-of-R  magic "GRUNDYTQ", header length, header {"index": <FILE's name>, "part": K,
//             "of": R, "width": w, "count": <cells>}, the cells of rank K's rows (bands K, K + R,
//             K + 2R, ... of B rows x; each row's y = 0 .. Y - 1, a symmetric table's y = 0 .. x
//             only; each y's cells of the later coordinates), FNV-1a 64 of everything before it
//   FILE      the index: magic "GRUNDYTP", header length, the table's header plus "bands":
//             {"rows": B, "symmetric": ...} and "parts": [{"file", "bytes", "checksum"}, ...]
//             in rank order, FNV-1a 64
//
// The parts lie in the index's folder. The index is written last, once every part is in place,
// and names each part's checksum: --load reads an index as it reads a table file, and refuses a
// missing part, a part of another run, or a part given in place of its index.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/model/function_ref.hpp"
#include "core/solve/band_table.hpp"
#include "core/solve/dense_solver.hpp"
#include "core/solve/state_search.hpp"

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

// The name of part `part` of `parts` of a table saved in parts at `path`.
std::string part_path(const std::string& path, int part, int parts);

// What an index records of a part: its size and checksum.
struct TablePart {
  std::uint64_t bytes = 0, checksum = 0;
};

// Writes part `part` of `parts` of the table to be indexed at `path`: `count` values, the
// largest `max` (of the whole table: every part has the table's width).
TablePart write_table_part(const std::string& path, int part, int parts, core::Value max, std::uint64_t count,
                           const ValueStream& values);

// Writes the index of a table saved in parts by bands of `layout` (its rows and symmetry).
void write_table_index(const std::string& path, const std::string& game, const std::vector<std::int64_t>& extent,
                       core::Evaluation eval, core::Value max, const core::BandLayout& layout,
                       const std::vector<TablePart>& parts);

// Reads `path` (a table file or the index of one saved in parts) and checks it holds `game` under `eval`, refusing
// before allocating a table larger than `memory_limit`; the caller checks the box it needs (pipeline::solve_table). A
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

// A search's transposition table (core::SearchTable), saved by `value --save` so that a long run
// that stops (a deadline, Ctrl-C) goes on with `value --load`: magic "GRUNDYS1", header length,
// header {"game": <Game::name()>, "entries": n}, n entries of 32 bytes (the key's two words,
// the data word, the work: 64-bit little-endian each), FNV-1a 64 of everything before it.
// Written through AtomicFile and checked on reading as table files are; a file of another game
// is refused, and a table of values given in its place, and the reverse.
void save_search_table(const std::string& path, const std::string& game, const core::SearchTable& table);
// The entries read into `table` (which keeps them as it keeps its own: growing to its limit, then
// replacing the cheapest); their count. Nothing is put in the table unless the whole file checks.
std::uint64_t load_search_table(const std::string& path, const std::string& game, core::SearchTable& table);

}  // namespace grundy::io
