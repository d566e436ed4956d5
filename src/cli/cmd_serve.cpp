#include <chrono>
#include <iostream>
#include <memory>
#include <thread>

#include "atlas/atlas.hpp"
#include "cli/game_options.hpp"
#include "runtime/progress.hpp"
#include "server/http.hpp"

namespace grundy::cli {

namespace {

struct ServeOptions {
  int port = 8080;
  std::string host = "127.0.0.1";
  std::string web_root;  // empty: the copy of web/ built into grundy
  std::string atlas;     // empty: none (the atlas page says how to give one)
};

// The atlas of --atlas, opened before the server listens, so a bad file is refused at once
// with the one line atlas::Db gives (naming this flag, not `atlas run`'s --db). The server only
// reads it; `atlas run` may go on filling it meanwhile (SQLite's write-ahead log).
std::shared_ptr<const atlas::Db> open_atlas(const std::string& path) {
  if (path.empty()) return nullptr;
  try {
    return std::make_shared<const atlas::Db>(path, atlas::Db::Open::Existing);
  } catch (const runtime::UserError& e) {
    const std::string message = e.what();
    if (message.rfind("--db ", 0) == 0) throw runtime::UserError("--atlas " + message.substr(5));
    throw;
  }
}

void run_serve(const ServeOptions& o) {
  server::HttpServer server(o.web_root, {}, open_atlas(o.atlas));
  const int port = server.listen(o.host, o.port);
  if (port < 0 && o.port == 0) throw runtime::UserError("--host " + o.host + ": cannot listen there");
  if (port < 0)
    throw runtime::UserError("--port " + std::to_string(o.port) + ": cannot listen on " + o.host + ":" +
                             std::to_string(o.port) + " (in use? try --port 0 for any free port)");
  std::cout << "grundy explorer: http://" << o.host << ":" << port << "/  (Ctrl-C to stop)" << std::endl;
  if (o.host != "127.0.0.1" && o.host != "localhost" && o.host != "::1")
    std::cerr << "grundy: note: listening on " << o.host
              << ", not only this machine: anyone who can reach it may use the explorer" << std::endl;
  // The server runs on threads of its own. Ctrl-C sets the engine's stop flag (computations in
  // flight stop at their next progress tick, answering 503 "server stopping"); this thread then
  // stops the server, which takes a second or two whatever the clients do.
  while (!runtime::detail::g_stop_requested.load()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  server.stop();
  std::cout << "stopped" << std::endl;
}

}  // namespace

void add_serve_command(CLI::App& app) {
  static ServeOptions o;
  auto* cmd = app.add_subcommand("serve", "the browser explorer: tables as heatmaps, play from any cell, exports");
  cmd->add_option("--port", o.port, "TCP port, from 0 (any free port, printed) to 65535")
      ->type_name("PORT")
      ->each(int_in("--port", 0, 65535))
      ->capture_default_str();
  cmd->add_option("--host", o.host, "address to listen on (127.0.0.1: this machine only)")
      ->capture_default_str()
      ->type_name("ADDRESS");
  cmd->add_option("--web-root", o.web_root,
                  "serve the front end's files from FOLDER (for development; default: the copy built into grundy, "
                  "so it serves from any directory and after installation)")
      ->type_name("FOLDER");
  cmd->add_option("--atlas", o.atlas,
                  "browse the atlas FILE (made by `grundy atlas run`) on the explorer's atlas page; it is only read")
      ->type_name("FILE")
      ->each(file_path("--atlas"));
  cmd->footer(
      "Examples:\n"
      "  grundy serve --port 8080   then open http://127.0.0.1:8080/\n"
      "  grundy serve --atlas atlas.sqlite   and open its Atlas page");
  cmd->callback([] { run_serve(o); });
}

}  // namespace grundy::cli
