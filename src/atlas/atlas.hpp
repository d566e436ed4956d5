#pragma once

// The atlas: whole families of games swept into an SQLite database, with what grundy
// knows of each game, so that "for which games does this hold?" is a query. A family is a list
// of games named as the CLI names them; each game is one job of dist/job_queue.hpp (under
// mpirun, on a worker rank) whose record rank 0 writes in a transaction of its own, so a
// killed sweep loses at most the games in flight and a rerun goes on where it stopped.
//
// The schema, version 3 (meta.application = 'grundy atlas', meta.schema = '3'):
//   games(spec TEXT PRIMARY KEY   the game as `grundy` takes it, e.g. 'subtraction -p set=1,3 --passes 2'
//         family TEXT             'subtraction', 'octal', 'fts', 'chocolate', 'leaper'
//         base TEXT               the spec without passes (the game a pass is added to)
//         passes INTEGER          passes of the game, 0 without
//         pass_from_terminal INTEGER  1: the pass may be played from a terminal position
//         misere INTEGER          1: misere play (the values are outcomes: 0 P, 1 N)
//         status TEXT             'ok', or 'error' with the error's one line in `error`
//         error TEXT
//         box TEXT                the positions computed, as `grundy` prints boxes: 'x in 0..1023,
//                                 p in 0..2' (one heap: 1024 heap sizes; tables: a side of 64 in
//                                 every coordinate but p); its top layer: p at its largest (every
//                                 pass left, the papers' main case), the whole box without passes
//         digest TEXT             FNV-1a (hex) of the values on the box, in the table's order
//         p_positions INTEGER     P-positions in the top layer
//         p_digest TEXT           FNV-1a (hex) of which they are (1 P, 0 N, in the table's order)
//         value_formula TEXT      the simplest formula for G that `grundy discover` finds on the
//         ppos_formula TEXT       top layer without exceptions, and for the P-positions; NULL: none
//         prefix TEXT             one heap: G(x) with every pass left, x = 0 .. 63, comma-separated
//         zeros TEXT              one heap: those x with G(x) = 0 (the P-positions)
//         preperiod INTEGER, period INTEGER, saltus INTEGER   one heap, normal play: NULL when no
//                                 period was found within `search` heap sizes
//         proven INTEGER          1: the period is proven for every heap size, 0: observed
//         search INTEGER          heap sizes the period search swept at most; NULL: not searched
//         reverse_mex INTEGER     subtraction games in normal play: 1 when the reverse-mex property
//                                 (analysis/reverse_mex.hpp) holds at every position, proven
//                                 through the period; 0 when it fails somewhere; NULL otherwise
//         reverse_mex_from INTEGER  the least x from which it holds at every larger heap size on
//                                 every layer (0: everywhere); NULL when it fails at infinitely
//                                 many, or when there is no period to prove it by
//         ns INTEGER              chocolate bars: 1 when F has the NS property (Definition 8,
//                                 read as analysis/ns_property.hpp does) for x, z < 64, 0 when
//                                 not; NULL otherwise
//         quotient_heaps INTEGER  take-and-break games: the heap bound n (heaps 0..n-1) to which
//                                 their misère quotient (analysis/misere_quotient.hpp) was learnt,
//                                 at most 40, within kQuotientMemory; NULL for other games
//         quotient_20 INTEGER     the order of the misère quotient of heaps 0..19, and of heaps
//         quotient_40 INTEGER     0..39; NULL when not reached
//         quotient_stable INTEGER 1: the quotient of heaps 0..19 is already that of heaps 0..39
//                                 (stabilised, observed), 0: not; NULL when 0..39 was not reached
//         seconds REAL)           what the game took
// with indexes on (base, passes, pass_from_terminal) and on period.

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "games/registry.hpp"
#include "runtime/memory.hpp"

struct sqlite3;

namespace grundy::atlas {

inline constexpr int kSchemaVersion = 3;
inline constexpr std::int64_t kPrefix = 64;    // heap sizes in `prefix` and `zeros`
inline constexpr std::int64_t kDigest = 1024;  // heap sizes in the box of a one-heap game
inline constexpr std::int64_t kSide = 64;      // a table's side in each coordinate (but p)

// Every column of `games` but the seconds: what two sweeps of the same games write alike.
inline constexpr const char* kRecordColumns =
    "spec, family, base, passes, pass_from_terminal, misere, status, error, box, digest, p_positions, p_digest, "
    "value_formula, ppos_formula, prefix, zeros, preperiod, period, saltus, proven, search, reverse_mex, "
    "reverse_mex_from, ns, quotient_heaps, quotient_20, quotient_40, quotient_stable";

// One game of a family.
struct AtlasGame {
  std::string spec, family, base;
  int passes = 0;
  bool pass_from_terminal = false;
  bool misere = false;
};

// What the atlas records of a game (a row of `games`).
struct Record {
  AtlasGame game;
  bool ok = true;
  std::string error;
  std::string box, digest;
  std::int64_t p_positions = 0;
  std::string p_digest;
  std::string value_formula, ppos_formula;  // empty: none
  std::string prefix, zeros;                // empty: not a one-heap game
  std::optional<std::int64_t> preperiod, period, saltus, search;
  bool proven = false;
  std::optional<bool> reverse_mex;
  std::optional<std::int64_t> reverse_mex_from;
  std::optional<bool> ns;
  std::optional<std::int64_t> quotient_heaps, quotient_20, quotient_40;
  std::optional<bool> quotient_stable;
  double seconds = 0;
};

// The record as a job's result text (JSON), and back.
std::string to_text(const Record& r);
Record from_text(const AtlasGame& game, const std::string& text);

// The variants of a game in a family: for each count of passes in `passes`, 0 the game itself,
// K > 0 once as --passes K and once with --pass-from-terminal too; with `misere`, each of them
// again in misere play (--misere after the passes).
std::vector<AtlasGame> variants(const std::string& base, const std::string& family, const std::vector<int>& passes,
                                bool misere);

// The games `atlas run FAMILY` sweeps: the family's base specs for `options`
// (games::AtlasSweep), each with its variants (`passes`, `misere`) unless the family's sweep has
// none, in the family's order, then the variants' order. A family that the atlas does not sweep
// is a UserError.
std::vector<AtlasGame> family_games(const games::Family& family, const std::map<std::string, std::int64_t>& options,
                                    const std::vector<int>& passes, bool misere = false);

// Heap sizes an octal game's period search sweeps by default: the periods of most codes of
// three digits are proven within it; the rest are recorded unproven (raise it with --search).
inline constexpr std::int64_t kOctalSearch = std::int64_t{1} << 14;
// Heap sizes a subtraction game's period search may sweep: far beyond the periods of small sets
// with passes.
inline constexpr std::int64_t kSubtractionSearch = std::int64_t{1} << 20;
// A take-and-break game's misère quotient is learnt on heaps 0..kQuotientHeaps-1 within
// kQuotientMemory: a budget of memory, not of time, so that two sweeps record alike on any
// machine.
inline constexpr std::int64_t kQuotientHeaps = 40;
inline constexpr std::uint64_t kQuotientMemory = std::uint64_t{16} << 20;

// Computes a game's record. Its values on its box (heap sizes 0 .. kDigest - 1 for one heap, a
// side of kSide otherwise): a subtraction or octal game in normal play's from its fast sweep,
// any other game's from the generic solver; the formulas `discover` finds on the box's top
// layer; a one-heap game's period: a subtraction game's proven by analysis/periodicity.hpp
// within kSubtractionSearch, an octal game's by the octal periodicity theorem within `search`
// heap sizes (games/octal_solver.hpp), and its misère quotient; a subtraction game's reverse-mex
// property; a chocolate bar's NS property. Throws a UserError for a game it cannot compute (a bad spec, a box or a
// period search too large for `memory_limit`).
Record compute(const AtlasGame& game, std::int64_t search = kOctalSearch,
               std::uint64_t memory_limit = runtime::default_memory_limit());

// An atlas database file.
class Db {
 public:
  enum class Open { Create, Existing };
  // Opens `path`: Create to write (a new atlas when there is no file or an empty one), Existing
  // to read an atlas, read-only. A file that is not an SQLite database, an SQLite database of
  // something else, or an atlas of another schema is a UserError naming the file, and nothing
  // is written to it. Writing goes through a write-ahead log, folded back into the file when
  // the Db closes: an atlas at rest is one file, readable from a read-only folder.
  explicit Db(const std::string& path, Open mode = Open::Existing);
  ~Db();
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  std::set<std::string> specs() const;  // the games recorded
  // The games recorded without a proven period whose search swept fewer than `search` heap
  // sizes: those a larger search may prove.
  std::set<std::string> unproven_below(std::int64_t search) const;
  // One transaction: in the file, or not at all. `replace`: a record of the same game goes.
  void insert(const Record& r, bool replace = false);
  // Runs one SQL statement that only reads (any other is refused: the atlas is written by
  // `atlas run` alone), calling row(values) for each row, NULL as nullopt; returns the columns.
  using RowFn = std::function<void(const std::vector<std::optional<std::string>>&)>;
  std::vector<std::string> query(const std::string& sql, const RowFn& row) const;
  // The same, with columns(names) called once before the first row (a reader that writes rows
  // as they come needs its header first).
  using ColumnsFn = std::function<void(const std::vector<std::string>&)>;
  void query(const std::string& sql, const RowFn& row, const ColumnsFn& columns) const;
  // The same with `params` bound to the statement's '?'s in order: values never become SQL.
  using Param = std::variant<std::int64_t, std::string>;
  std::vector<std::string> query(const std::string& sql, const std::vector<Param>& params, const RowFn& row) const;

 private:
  std::vector<std::string> run(const std::string& sql, const std::string& what, const RowFn& row,
                               bool only_reads = false, const std::vector<Param>& params = {},
                               const ColumnsFn& columns = {}) const;
  std::vector<std::string> tables() const;
  void claim_writer();
  void exec(const char* sql) const;
  void check(int rc, const std::string& what) const;
  sqlite3* db_ = nullptr;
  std::string path_;
  bool writes_ = false;
};

// The ready-made reports of `atlas report NAME`: their names and SQL.
struct Report {
  std::string name, about, sql;
};
const std::vector<Report>& reports();

}  // namespace grundy::atlas
