#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace grundy::atlas {
class Db;
}

namespace grundy::server {

// One answer of the JSON API: an HTTP status, a content type and a body. Bad input is 400 with
// {"error": "..."}, the same one-line message the CLI prints.
struct ApiResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::string filename;  // set: served as a download (Content-Disposition)
};

using Query = std::map<std::string, std::string>;

// What one request may cost. The explorer computes at most kMaxServedCells cells, counting every
// position the solver must reach (a leaper's table grows beyond the box it shows), lists at most
// kMaxServedMoves moves, and reads GAME specs of at most kMaxGameSpecLength characters (each
// character of a spec can add an option to every position: a subtraction set, a --forbid
// expression). Larger work is for the CLI.
inline constexpr std::uint64_t kMaxServedCells = std::uint64_t{1} << 22;
inline constexpr std::uint64_t kMaxServedMoves = std::uint64_t{1} << 16;
// The memory a request may hold where no box bounds it beforehand: the moves of a game without
// an order of its moves (a take-and-break game's value sequence, or the memo solver's
// positions), which the request's time limit bounds too.
inline constexpr std::uint64_t kMaxServedBytes = std::uint64_t{256} << 20;
inline constexpr std::size_t kMaxGameSpecLength = 1000;
// The API takes GET requests only; a request body longer than this is refused with 413.
inline constexpr std::size_t kMaxRequestBody = 64 * 1024;

// GET /api/games (no parameters)
ApiResponse api_games(const Query& q = {});
// game=SPEC&size=N[&fix=c=v,...][&misere=1][&format=json|csv|latex|png|svg|pdf|tikz][&download=1][&job=ID]
ApiResponse api_table(const Query& q);
// game=SPEC&position=3,5,1[&misere=1]
ApiResponse api_moves(const Query& q);
// The analyses of the CLI: kind=seq, structure, check (with formula= or ppos=) or discover, as
// `grundy KIND ... --format json` prints them, called through the same functions
// (cli/analysis_common.hpp); seq searches its period up to `search` heap sizes (default 4096).
ApiResponse api_analysis(const Query& q);

// One page of the atlas the server was started with (`grundy serve --atlas FILE`; null: none,
// answered 404 saying how to give one), as atlas/browse.hpp pages it:
// [family=NAME][&passes=K][&pass_from_terminal=0|1][&proven=0|1][&misere=0|1][&status=ok|error][&spec=TEXT]
// [&period_min=N][&period_max=N][&reverse_mex=1|0|none][&formula=1|0][&sort=COLUMN][&order=asc|desc]
// [&limit=N][&offset=N]; an empty value is no filter (what an empty form field sends). Answers
// {"columns", "types", "rows" (INTEGER and REAL columns as numbers, NULL as null), "total",
// "offset", "limit", "sort", "order", "families": [{"name", "games"}]}.
ApiResponse api_atlas(const atlas::Db* db, const Query& q);

// {"error": message} with the status: how every refusal of the API and the server reads.
ApiResponse api_error(int status, const std::string& message);

}  // namespace grundy::server
