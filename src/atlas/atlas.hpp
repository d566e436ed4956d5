#pragma once

// The atlas (issue 19): whole families of games swept into an SQLite database, with what grundy
// knows of each game, so that "for which games does this hold?" is a query. A family is a list
// of games named as the CLI names them; each game is one job of core/job_queue.hpp (under
// mpirun, on a worker rank) whose record rank 0 writes in a transaction of its own, so a
// killed sweep loses at most the games in flight and a rerun goes on where it stopped.
//
// The schema, version 1 (meta.application = 'grundy atlas', meta.schema = '1'):
//   games(spec TEXT PRIMARY KEY   the game as `grundy` takes it, e.g. 'subtraction -p set=1,3 --passes 2'
//         family TEXT             'subtraction' or 'octal'
//         base TEXT               the spec without passes (the game a pass is added to)
//         passes INTEGER          passes of the game, 0 without
//         pass_from_terminal INTEGER  1: the pass may be played from a terminal position
//         status TEXT             'ok', or 'error' with the error's one line in `error`
//         error TEXT
//         preperiod INTEGER, period INTEGER, saltus INTEGER   NULL when no period was found
//         proven INTEGER          1: the period is proven for every heap size, 0: observed
//         prefix TEXT             G(x) with every pass left, x = 0 .. 63, comma-separated
//         zeros TEXT              those x with G(x) = 0 (the P-positions), comma-separated
//         digest TEXT             FNV-1a (hex) of G(x, p) for x < 1024 and every p, in x-major order
//         seconds REAL)           what the game took
// with indexes on (base, passes, pass_from_terminal) and on period.

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

struct sqlite3;

namespace grundy::atlas {

inline constexpr int kSchemaVersion = 1;
inline constexpr std::int64_t kPrefix = 64;    // heap sizes in `prefix` and `zeros`
inline constexpr std::int64_t kDigest = 1024;  // heap sizes in `digest`

// One game of a family.
struct AtlasGame {
  std::string spec, family, base;
  int passes = 0;
  bool pass_from_terminal = false;
};

// What the atlas records of a game (a row of `games`).
struct Record {
  AtlasGame game;
  bool ok = true;
  std::string error;
  std::optional<std::int64_t> preperiod, period, saltus;
  bool proven = false;
  std::string prefix, zeros, digest;
  double seconds = 0;
};

// The record as a job's result text (JSON), and back.
std::string to_text(const Record& r);
Record from_text(const AtlasGame& game, const std::string& text);

// The subtraction games whose sets are every set of 1 .. `sizes` distinct moves in 1 .. `max`,
// each with every count of passes in `passes` (0: none; K > 0: once as --passes K, once with
// --pass-from-terminal too), in order of set size, then set, then passes.
std::vector<AtlasGame> subtraction_family(int max, int sizes, const std::vector<int>& passes);

// The take-and-break games of the octal codes with 1 .. `digits` digits after "0.", the last
// not 0 (a code ending in 0 is a shorter one): 0.1 .. 0.7, 0.01 .. 0.77, ...
std::vector<AtlasGame> octal_family(int digits);

// Heap sizes an octal game's period search sweeps by default: the periods of most codes of
// three digits are proven within it; the rest are recorded unproven (raise it with --search).
inline constexpr std::int64_t kOctalSearch = std::int64_t{1} << 14;

// Computes a game's record: its value sequence, and its period: a subtraction game's proven by
// analysis/periodicity.hpp, an octal game's by the octal periodicity theorem within `search`
// heap sizes (games/octal_solver.hpp). Throws a UserError for a game it cannot sweep.
Record compute(const AtlasGame& game, std::int64_t search = kOctalSearch);

// An atlas database file.
class Db {
 public:
  enum class Open { Create, Existing };
  // Opens `path`; Create makes a new atlas there when there is no file or an empty one. A file
  // that is not an SQLite database, an SQLite database of something else, or an atlas of
  // another schema is a UserError naming the file, and nothing is written to it.
  explicit Db(const std::string& path, Open mode = Open::Existing);
  ~Db();
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  std::set<std::string> specs() const;  // the games recorded
  void insert(const Record& r);         // one transaction: in the file, or not at all
  // Runs one SQL statement that only reads (any other is refused: the atlas is written by
  // `atlas run` alone), calling row(values) for each row, NULL as nullopt; returns the columns.
  using RowFn = std::function<void(const std::vector<std::optional<std::string>>&)>;
  std::vector<std::string> query(const std::string& sql, const RowFn& row) const;

 private:
  std::vector<std::string> run(const std::string& sql, const std::string& what, const RowFn& row,
                               bool only_reads = false) const;
  std::vector<std::string> tables() const;
  void exec(const char* sql) const;
  void check(int rc, const std::string& what) const;
  sqlite3* db_ = nullptr;
  std::string path_;
};

// The ready-made reports of `atlas report NAME`: their names and SQL.
struct Report {
  std::string name, about, sql;
};
const std::vector<Report>& reports();

}  // namespace grundy::atlas
