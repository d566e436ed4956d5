#pragma once

#include <map>
#include <string>

namespace httplib {
class Server;
}

namespace grundy::cli {

// One answer of the JSON API: an HTTP status, a content type and a body. Bad input is 400 with
// {"error": "..."}, the same one-line message the CLI prints.
struct ApiResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::string filename;  // set: served as a download (Content-Disposition)
};

using Query = std::map<std::string, std::string>;

// The explorer computes at most this many cells per request; larger tables are for the CLI.
inline constexpr std::uint64_t kMaxServedCells = std::uint64_t{1} << 22;

ApiResponse api_games();
// game=SPEC&size=N[&fix=c=v,...][&misere=1][&format=json|csv|latex|png|svg]
ApiResponse api_table(const Query& q);
// game=SPEC&position=3,5,1[&misere=1]
ApiResponse api_moves(const Query& q);

// Routes /api/* to the functions above and serves the static files of `web_root` at /.
void setup_server(httplib::Server& server, const std::string& web_root);

}  // namespace grundy::cli
