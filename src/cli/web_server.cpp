#include "cli/web_server.hpp"

#include <httplib.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/move_label.hpp"
#include "core/errors.hpp"
#include "core/memory.hpp"
#include "core/parse.hpp"
#include "core/solve.hpp"
#include "games/registry.hpp"
#include "io/format.hpp"
#include "io/heatmap.hpp"
#include "io/latex.hpp"

namespace grundy::cli {

namespace {

const std::string& need(const Query& q, const std::string& name, const std::string& example) {
  const auto it = q.find(name);
  if (it == q.end() || it->second.empty()) throw core::UserError(name + ": missing; e.g. " + name + "=" + example);
  return it->second;
}

bool flag(const Query& q, const std::string& name) {
  const auto it = q.find(name);
  return it != q.end() && (it->second == "1" || it->second == "true" || it->second == "on");
}

struct Requested {
  games::GameSpec spec;
  core::Game game;
  core::Evaluation eval;
};

Requested requested_game(const Query& q) {
  games::GameSpec spec = games::parse_game_spec(need(q, "game", "nim -p heaps=2 --pass"));
  spec.transforms.misere = flag(q, "misere");
  core::Game game = games::make_game(spec);
  return {spec, game, spec.transforms.misere ? core::Evaluation::MisereOutcome : core::Evaluation::Grundy};
}

void check_cells(std::uint64_t cells, const std::string& what) {
  if (cells > kMaxServedCells)
    throw core::UserError(what + ": " + std::to_string(cells) + " cells to compute; the explorer computes at most " +
                          std::to_string(kMaxServedCells) + " (use `grundy table` for larger ones)");
}

ApiResponse json_response(const nlohmann::json& j) { return {200, "application/json", j.dump(), ""}; }

}  // namespace

ApiResponse api_games() {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& fam : games::families()) {
    nlohmann::json j;
    j["name"] = fam.name;
    j["summary"] = fam.summary;
    j["example"] = fam.example;
    j["params"] = nlohmann::json::array();
    for (const auto& p : fam.params) j["params"].push_back({{"name", p.name}, {"help", p.help}, {"default", p.default_value}});
    list.push_back(j);
  }
  return json_response(list);
}

// The CLI's `table` box: every coordinate over 0..size-1, the pass counter over 0..K, pinned
// coordinates at their value; with a pass and more than two free coordinates p is pinned to K.
ApiResponse api_table(const Query& q) {
  const Requested r = requested_game(q);
  const auto names = r.game.coordinate_names();
  const int n = r.game.arity();
  const std::int64_t size = core::parse_int(need(q, "size", "13"), "size", 1, 4096);
  const int passes = r.spec.transforms.passes;
  core::Position extent(n), pinned(n);
  for (int i = 0; i < n; ++i) {
    extent[i] = size;
    pinned[i] = -1;
  }
  if (passes > 0) extent[n - 1] = passes + 1;
  if (const auto it = q.find("fix"); it != q.end() && !it->second.empty()) {
    std::stringstream items(it->second);
    for (std::string f; std::getline(items, f, ',');) {
      const auto eq = f.find('=');
      const auto at = std::find(names.begin(), names.end(), f.substr(0, eq));
      if (eq == std::string::npos || at == names.end()) {
        std::string allowed;
        for (const auto& c : names) allowed += (allowed.empty() ? "" : ", ") + c;
        throw core::UserError("fix '" + f.substr(0, 40) + "': expected c=v with c one of " + allowed);
      }
      const int i = static_cast<int>(at - names.begin());
      pinned[i] = core::parse_int(f.substr(eq + 1), "fix " + names[static_cast<std::size_t>(i)], 0, 1 << 20);
      extent[i] = pinned[i] + 1;
    }
  }
  std::vector<int> free;
  for (int i = 0; i < n; ++i)
    if (pinned[i] < 0) free.push_back(i);
  if (passes > 0 && free.size() > 2 && free.back() == n - 1) {
    pinned[n - 1] = extent[n - 1] - 1;
    free.pop_back();
  }
  if (free.empty() || free.size() > 2) {
    std::string list;
    for (int i : free) list += (list.empty() ? "" : ", ") + names[static_cast<std::size_t>(i)];
    throw core::UserError("table shows one or two coordinates; " +
                          (free.empty() ? std::string("every coordinate is pinned") : "free: " + list) +
                          "; pin the others with fix=c=v");
  }
  const core::Box box(extent);
  check_cells(box.count(), "size = " + std::to_string(size));
  const io::Format format = io::parse_table_format(q.count("format") ? q.at("format") : "json");
  core::Position base(n);
  for (int i = 0; i < n; ++i) base[i] = std::max<std::int64_t>(pinned[i], 0);
  const core::DenseTable table = core::solve_guarded(r.game, box, r.eval, core::default_memory_limit());
  const int row = free[0], col = free.size() > 1 ? free[1] : -1;
  const io::Grid grid =
      io::make_grid(table, r.game.name(), names, base, row, col, box.extent(row), col >= 0 ? box.extent(col) : 1);
  std::ostringstream out;
  io::write_grid(out, format, grid);
  ApiResponse resp{200, "application/json", out.str(), ""};
  switch (format) {
    case io::Format::Csv: resp.content_type = "text/csv"; resp.filename = "table.csv"; break;
    case io::Format::Latex: resp.content_type = "text/plain; charset=utf-8"; resp.filename = "table.tex"; break;
    case io::Format::Png: resp.content_type = "image/png"; resp.filename = "table.png"; break;
    case io::Format::Svg: resp.content_type = "image/svg+xml"; resp.filename = "table.svg"; break;
    case io::Format::Text: resp.content_type = "text/plain; charset=utf-8"; break;
    case io::Format::Json: break;
  }
  return resp;
}

ApiResponse api_moves(const Query& q) {
  const Requested r = requested_game(q);
  const std::string text = need(q, "position", "3,5,1");
  const core::Position pos = core::parse_position(text);
  if (const std::string why = r.game.check(pos); !why.empty())
    throw core::UserError("position " + text.substr(0, 60) + " is not a position of " + r.game.name() + ": " + why);
  const auto names = r.game.coordinate_names();
  // Values by one dense sweep of the box below the position when the moves have an order (as
  // `grundy moves` does), else by the memo solver.
  core::DenseTable table;
  std::unique_ptr<core::PositionSolver> memo = r.game.make_solver(r.eval);
  if (r.game.options_precede() || r.game.has_rank()) {
    const core::Box below = core::box_below(pos);
    check_cells(below.count(), "position " + text.substr(0, 60));
    table = core::solve_guarded(r.game, below, r.eval, core::default_memory_limit());
  }
  auto value = [&](const core::Position& p) {
    return table.box.arity() == p.size() && table.box.contains(p) ? table.at(p) : memo->value(p);
  };
  const bool pass = r.spec.transforms.passes > 0;
  auto outcome = [](core::Value v) { return v == 0 ? "P" : "N"; };
  nlohmann::json j;
  j["game"] = r.game.name();
  j["family"] = r.spec.family;
  j["coordinates"] = names;
  j["pass"] = pass;
  j["evaluation"] = r.eval == core::Evaluation::Grundy ? "grundy" : "misere-outcome";
  j["position"] = std::vector<std::int64_t>(pos.coords().begin(), pos.coords().end());
  const core::Value v = value(pos);
  if (r.eval == core::Evaluation::Grundy) j["grundy"] = v;
  j["outcome"] = outcome(v);
  j["moves"] = nlohmann::json::array();
  r.game.for_each_option(pos, [&](const core::Position& o) {
    const core::Value ov = value(o);
    nlohmann::json m;
    m["position"] = std::vector<std::int64_t>(o.coords().begin(), o.coords().end());
    if (r.eval == core::Evaluation::Grundy) m["grundy"] = ov;
    m["outcome"] = outcome(ov);
    m["winning"] = ov == 0;
    m["label"] = move_label(names, pos, o, pass);
    j["moves"].push_back(std::move(m));
  });
  return json_response(j);
}

void setup_server(httplib::Server& server, const std::string& web_root) {
  auto route = [&server](const std::string& path, ApiResponse (*handler)(const Query&)) {
    server.Get(path, [handler](const httplib::Request& req, httplib::Response& res) {
      Query q;
      for (const auto& [k, v] : req.params) q[k] = v;
      ApiResponse a;
      try {
        a = handler(q);
      } catch (const core::UserError& e) {
        a = {400, "application/json", nlohmann::json{{"error", e.what()}}.dump(), ""};
      } catch (const std::bad_alloc&) {
        a = {400, "application/json", nlohmann::json{{"error", "out of memory; try a smaller size"}}.dump(), ""};
      } catch (const std::exception& e) {
        a = {500, "application/json", nlohmann::json{{"error", std::string("internal error: ") + e.what()}}.dump(), ""};
      }
      res.status = a.status;
      if (!a.filename.empty() && q.count("download")) res.set_header("Content-Disposition", "attachment; filename=\"" + a.filename + "\"");
      res.set_header("Cache-Control", "no-store");
      res.set_content(a.body, a.content_type.c_str());
    });
  };
  route("/api/games", [](const Query&) { return api_games(); });
  route("/api/table", api_table);
  route("/api/moves", api_moves);
  server.Get("/api/.*", [](const httplib::Request& req, httplib::Response& res) {
    res.status = 404;
    res.set_content(nlohmann::json{{"error", req.path + ": no such endpoint; see /api/games, /api/table, /api/moves"}}.dump(),
                    "application/json");
  });
  if (!web_root.empty() && !server.set_mount_point("/", web_root))
    throw core::UserError("--web-root " + web_root + ": not a directory");
}

}  // namespace grundy::cli
