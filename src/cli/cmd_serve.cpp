#include <chrono>
#include <filesystem>
#include <iostream>
#include <thread>

#include "cli/game_options.hpp"
#include "core/progress.hpp"
#include "server/http.hpp"

namespace grundy::cli {

namespace {

// The explorer's static files: an installed grundy (cmake --install) serves its own copy,
// GRUNDY_WEB_DIR_FROM_BIN (share/grundy/web) relative to the folder of the executable, so the
// install can be moved and needs no source tree; a grundy run from its build tree has no such
// folder and serves the source tree's web/.
std::string default_web_root() {
#ifdef GRUNDY_WEB_DIR_FROM_BIN
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const std::filesystem::path installed = (exe.parent_path() / GRUNDY_WEB_DIR_FROM_BIN).lexically_normal();
    if (std::filesystem::is_directory(installed, ec)) return installed.string();
  }
#endif
  return std::string(GRUNDY_SOURCE_DIR) + "/web";
}

struct ServeOptions {
  int port = 8080;
  std::string host = "127.0.0.1";
  std::string web_root = default_web_root();
};

void run_serve(const ServeOptions& o) {
  server::HttpServer server(o.web_root);
  const int port = server.listen(o.host, o.port);
  if (port < 0 && o.port == 0) throw core::UserError("--host " + o.host + ": cannot listen there");
  if (port < 0)
    throw core::UserError("--port " + std::to_string(o.port) + ": cannot listen on " + o.host + ":" +
                          std::to_string(o.port) + " (in use? try --port 0 for any free port)");
  std::cout << "grundy explorer: http://" << o.host << ":" << port << "/  (Ctrl-C to stop)" << std::endl;
  if (o.host != "127.0.0.1" && o.host != "localhost" && o.host != "::1")
    std::cerr << "grundy: note: listening on " << o.host
              << ", not only this machine: anyone who can reach it may use the explorer" << std::endl;
  // The server runs on threads of its own. Ctrl-C sets the engine's stop flag (computations in
  // flight stop at their next progress tick, answering 503 "server stopping"); this thread then
  // stops the server, which takes a second or two whatever the clients do.
  while (!core::detail::g_stop_requested.load()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
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
                  "folder of the front end's static files (default: share/grundy/web of an installed grundy, "
                  "else web/ of the source tree)")
      ->type_name("FOLDER");
  cmd->footer("Example: grundy serve --port 8080   then open http://127.0.0.1:8080/");
  cmd->callback([] { run_serve(o); });
}

}  // namespace grundy::cli
