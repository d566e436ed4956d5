#include "server/api.hpp"

#include <algorithm>
#include <charconv>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <vector>

#include "atlas/browse.hpp"
#include "core/model/parse.hpp"
#include "core/solve/solve.hpp"
#include "figures/heatmap.hpp"
#include "games/registry.hpp"
#include "io/format.hpp"
#include "io/latex.hpp"
#include "io/move_label.hpp"
#include "pipeline/oracle.hpp"
#include "pipeline/table_box.hpp"
#include "pipeline/table_slice.hpp"
#include "runtime/errors.hpp"
#include "runtime/memory.hpp"
#include "runtime/progress.hpp"
#include "service/check.hpp"
#include "service/discover.hpp"
#include "service/quotient.hpp"
#include "service/seq.hpp"
#include "service/structure.hpp"
#include "service/table.hpp"
#include "service/values.hpp"

namespace grundy::server {

namespace {

// Every query parameter must be one the endpoint reads: a misspelt one ("sise=13") is an error
// rather than silently ignored.
void check_known(const Query& q, const std::string& endpoint, std::initializer_list<const char*> allowed) {
  for (const auto& [name, value] : q) {
    if (std::find_if(allowed.begin(), allowed.end(), [&](const char* a) { return name == a; }) != allowed.end())
      continue;
    std::string list;
    for (const char* a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
    throw runtime::UserError(endpoint + ": unknown parameter '" + name.substr(0, 40) + "'; " +
                             (list.empty() ? "it takes none" : "allowed: " + list));
  }
}

const std::string& need(const Query& q, const std::string& name, const std::string& example) {
  const auto it = q.find(name);
  if (it == q.end() || it->second.empty()) throw runtime::UserError(name + ": missing; e.g. " + name + "=" + example);
  return it->second;
}

bool flag(const Query& q, const std::string& name) {
  const auto it = q.find(name);
  return it != q.end() && (it->second == "1" || it->second == "true" || it->second == "on");
}

// The game of a request: its spec, with misere=1 as --misere.
service::Subject requested_game(const Query& q) {
  const std::string& text = need(q, "game", "nim -p heaps=2 --pass");
  if (text.size() > kMaxGameSpecLength)
    throw runtime::UserError("game: " + std::to_string(text.size()) +
                             " characters; the explorer reads specs of at most " + std::to_string(kMaxGameSpecLength) +
                             " (use the CLI for longer ones)");
  games::GameSpec spec = games::parse_game_spec(text);
  spec.transforms.misere = flag(q, "misere");
  return service::subject_of(std::move(spec));
}

// What one request may hold: the machine's default memory limit (its cells are bounded before
// anything is computed: kMaxServedCells); its time limit and cancel flag are the server's, put
// in force around the whole request (server/http.cpp).
runtime::Limits request_limits() { return runtime::Limits{}; }

std::string cells_refusal(std::uint64_t cells, const std::string& what) {
  return what + ": " + (cells == UINT64_MAX ? std::string("more than 2^63") : std::to_string(cells)) +
         " cells to compute; the explorer computes at most " + std::to_string(kMaxServedCells) +
         " (use `grundy table` or `grundy moves` for larger ones)";
}

// Refuses, before anything is computed, a box with too many cells, counting also the cells the
// solver adds to reach every option (its reach box): a leaper moving far in one coordinate
// needs a table much larger than the one shown. The box itself is checked first, so the reach
// box is only computed for small boxes, where it cannot overflow.
void check_cells(const core::Game& game, const core::Box& box, const std::string& what) {
  if (box.count() > kMaxServedCells) throw runtime::UserError(cells_refusal(box.count(), what));
  const core::Box reach = game.reach_box(box);
  if (reach.count() > kMaxServedCells)
    throw runtime::UserError(
        cells_refusal(reach.count(), what + " (the " + reach.to_string() + " positions its moves reach)"));
}

// Echoed input need not be UTF-8 (game=%FF): invalid bytes become U+FFFD instead of making
// dump() throw.
std::string dump(const nlohmann::json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

ApiResponse json_response(const nlohmann::json& j) { return {200, "application/json", dump(j), ""}; }

}  // namespace

ApiResponse api_error(int status, const std::string& message) {
  return {status, "application/json", dump(nlohmann::json{{"error", message}}), ""};
}

ApiResponse api_games(const Query& q) {
  check_known(q, "/api/games", {});
  return json_response(games::families_json());
}

// The CLI's `table` (pipeline/table_slice.hpp), with the pins given as fix=c=v,c=v.
ApiResponse api_table(const Query& q) {
  check_known(q, "/api/table", {"game", "size", "fix", "misere", "format", "download", "job"});
  const service::Subject r = requested_game(q);
  const std::int64_t size = core::parse_int(need(q, "size", "13"), "size", 1, 4096);
  std::vector<std::string> fixes;
  if (const auto it = q.find("fix"); it != q.end() && !it->second.empty()) {
    std::stringstream items(it->second);
    for (std::string f; std::getline(items, f, ',');) fixes.push_back(f);
  }
  const io::Format format = io::parse_any_format(q.count("format") ? q.at("format") : "json");
  const io::Grid grid =
      service::table(r,
                     {{{size}},
                      fixes,
                      {"fix", std::int64_t{1} << 20},
                      {},
                      [&](const core::Box& box) { check_cells(r.game, box, "size = " + std::to_string(size)); }},
                     request_limits());
  std::ostringstream out;
  figures::write_grid(out, format, grid);
  ApiResponse resp{200, "application/json", out.str(), ""};
  switch (format) {
    case io::Format::Csv:
      resp.content_type = "text/csv";
      resp.filename = "table.csv";
      break;
    case io::Format::Latex:
      resp.content_type = "text/plain; charset=utf-8";
      resp.filename = "table.tex";
      break;
    case io::Format::Png:
      resp.content_type = "image/png";
      resp.filename = "table.png";
      break;
    case io::Format::Svg:
      resp.content_type = "image/svg+xml";
      resp.filename = "table.svg";
      break;
    case io::Format::Pdf:
      resp.content_type = "application/pdf";
      resp.filename = "table.pdf";
      break;
    case io::Format::Tikz:
      resp.content_type = "text/plain; charset=utf-8";
      resp.filename = "table.tikz";
      break;
    case io::Format::Npy:
      resp.content_type = "application/octet-stream";
      resp.filename = "table.npy";
      break;
    case io::Format::Bfile:
      resp.content_type = "text/plain; charset=utf-8";
      resp.filename = "b-file.txt";
      break;
    case io::Format::Text:
      resp.content_type = "text/plain; charset=utf-8";
      break;
    case io::Format::Json:
      break;
  }
  return resp;
}

ApiResponse api_analysis(const Query& q) {
  check_known(q, "/api/analysis", {"kind", "game", "size", "misere", "formula", "ppos", "search", "job"});
  const std::string& kind = need(q, "kind", "seq");
  if (kind != "seq" && kind != "structure" && kind != "check" && kind != "discover" && kind != "quotient")
    throw runtime::UserError("kind = '" + kind.substr(0, 40) + "': allowed seq, structure, check, discover, quotient");
  const service::Subject subject = requested_game(q);
  const runtime::Limits limits = request_limits();
  const std::string& size_text = need(q, "size", kind == "seq" ? "100" : "16");
  std::ostringstream out;
  if (kind == "seq") {
    const std::int64_t size = core::parse_int(size_text, "size", 1, 4096);
    const std::int64_t search =
        q.count("search") ? core::parse_int(q.at("search"), "search", 1, std::int64_t{1} << 20) : 4096;
    service::write_seq_json(out, subject.game.name(), size, service::seq(subject, size, search, {}, limits));
  } else if (kind == "quotient") {
    // Heaps 0..size-1; a quotient the request's time limit stops is answered with what was
    // certified (complete false, stopped saying why).
    const std::int64_t size = core::parse_int(size_text, "size", 1, 4096);
    service::write_quotient_json(out, subject.game.name(), service::quotient(subject, size, limits));
  } else {
    const pipeline::Size size = pipeline::parse_size(size_text, "size", 4096);
    check_cells(subject.game, pipeline::size_box(subject.game, size), "size = " + size_text);
    if (kind == "structure") service::write_structure_json(out, service::structure(subject, size, limits));
    if (kind == "discover") service::write_discover_json(out, service::discover(subject, size, limits));
    if (kind == "check") {
      const auto text = [&](const char* name) { return q.count(name) ? q.at(name) : std::string(); };
      service::write_check_json(out, service::check(subject, size, text("formula"), text("ppos"), limits));
    }
  }
  return {200, "application/json", out.str(), ""};
}

// Every option of a position with its value, as `grundy moves` lists them, plus what the
// explorer's board needs (coordinates, move labels, a chocolate bar's columns).
ApiResponse api_moves(const Query& q) {
  check_known(q, "/api/moves", {"game", "position", "misere"});
  const service::Subject r = requested_game(q);
  const std::string text = need(q, "position", "3,5,1");
  // The explorer sends coordinates; `start` is where a board or a graph begins.
  if (text == "start" && !r.game.start_position())
    throw runtime::UserError(r.game.name() + " has no start position; give one (for Chomp, -p board=RxC)");
  const core::Position pos = text == "start" ? *r.game.start_position() : core::parse_position(text);
  const std::string shown = "position " + text.substr(0, 60);
  if (const std::string why = r.game.check(pos); !why.empty())
    throw runtime::UserError(shown + " is not a position of " + r.game.name() + ": " + why);
  // Counted up to the limit only: a heap of 2^62 has that many moves.
  std::uint64_t count = 0;
  r.game.for_each_option(pos, [&](const core::Position&) {
    if (++count > kMaxServedMoves)
      throw runtime::UserError(shown + ": more than " + std::to_string(kMaxServedMoves) +
                               " moves; the explorer lists at most that many (use `grundy moves`)");
  });
  // A game whose moves have an order: one table of the box below the position (its reach box
  // holds every option), bounded as /api/table bounds its boxes, and computed only if a closed
  // form does not answer. Any other (take-and-break games): valued as `grundy moves` values
  // them, within kMaxServedBytes and the request's time limit.
  // A board's or a graph's positions are sets (games with a start position), never swept as the
  // box of coordinates below them.
  const bool ordered = (r.game.options_precede() || r.game.has_rank()) && !r.game.start_position();
  std::optional<core::DenseTable> table;
  std::optional<service::PositionValues> values;
  runtime::Limits limits = request_limits();
  limits.memory = kMaxServedBytes;
  if (!ordered) values.emplace(r, limits);
  auto value = [&](const core::Position& p) -> core::Value {
    if (values) return values->value(p);
    if (auto c = pipeline::closed_value(r.game, p, r.eval)) return c->value;
    if (!table) {
      const core::Box below = core::box_below(pos);
      check_cells(r.game, below, shown);
      table = core::solve_guarded(r.game, below, r.eval, request_limits().memory);
    }
    return table->at(p);
  };
  const auto names = r.game.coordinate_names();
  const auto ranges = r.game.coordinate_ranges();
  const bool pass = !pipeline::pass_counters(r.game).empty();
  auto outcome = [](core::Value v) { return v == 0 ? "P" : "N"; };
  nlohmann::json j;
  j["game"] = r.game.name();
  j["family"] = r.spec->family;
  j["coordinates"] = names;
  j["pass"] = pass;
  j["evaluation"] = r.eval == core::Evaluation::Grundy ? "grundy" : "misere-outcome";
  j["position"] = std::vector<std::int64_t>(pos.coords().begin(), pos.coords().end());
  j["text"] = r.game.position_text(pos);
  // The board the family draws (a chocolate bar's columns, a board's squares), as `grundy play`
  // draws it.
  const games::Family& family = games::find_family(r.spec->family);
  if (family.columns)
    if (auto heights = family.columns(r.game, pos); !heights.empty()) j["heights"] = std::move(heights);
  if (family.grid && !pass)
    if (auto rows = family.grid(r.game, pos); !rows.empty()) j["board"] = std::move(rows);
  const core::Value v = value(pos);
  if (r.eval == core::Evaluation::Grundy) j["grundy"] = v;
  j["outcome"] = outcome(v);
  j["moves"] = nlohmann::json::array();
  r.game.for_each_option(pos, [&](const core::Position& o) {
    const core::Value ov = value(o);
    nlohmann::json m;
    m["position"] = std::vector<std::int64_t>(o.coords().begin(), o.coords().end());
    m["text"] = r.game.position_text(o);
    if (r.eval == core::Evaluation::Grundy) m["grundy"] = ov;
    m["outcome"] = outcome(ov);
    m["winning"] = ov == 0;
    m["label"] = r.game.move_text(pos, o).value_or(io::move_label(names, ranges, pos, o));
    j["moves"].push_back(std::move(m));
  });
  return json_response(j);
}

namespace {

// A parameter of /api/atlas, or nullopt when absent or empty (an empty field of the page's form).
std::optional<std::string> given(const Query& q, const char* name) {
  const auto it = q.find(name);
  if (it == q.end() || it->second.empty()) return std::nullopt;
  return it->second;
}

std::optional<bool> zero_or_one(const Query& q, const char* name) {
  const auto v = given(q, name);
  if (!v) return std::nullopt;
  if (*v != "0" && *v != "1")
    throw runtime::UserError(std::string(name) + " = '" + v->substr(0, 40) + "': allowed 0, 1");
  return *v == "1";
}

// A value of the atlas as JSON: a number in a column declared INTEGER or REAL (SQLite hands
// every value over as text), else the text.
nlohmann::json atlas_value(const std::optional<std::string>& v, const std::string& type) {
  if (!v) return nullptr;
  const char* first = v->data();
  const char* last = first + v->size();
  if (type == "INTEGER") {
    std::int64_t n = 0;
    if (const auto [end, ec] = std::from_chars(first, last, n); ec == std::errc() && end == last) return n;
  } else if (type == "REAL") {
    double d = 0;
    if (const auto [end, ec] = std::from_chars(first, last, d); ec == std::errc() && end == last) return d;
  }
  return *v;
}

}  // namespace

ApiResponse api_atlas(const atlas::Db* db, const Query& q) {
  check_known(q, "/api/atlas",
              {"family", "passes", "pass_from_terminal", "proven", "misere", "status", "spec", "period_min",
               "period_max", "reverse_mex", "formula", "sort", "order", "limit", "offset"});
  if (!db)
    return api_error(404,
                     "no atlas: start the explorer with `grundy serve --atlas FILE`, FILE made by `grundy atlas run`");
  constexpr std::int64_t kBig = atlas::kMaxBrowseOffset;
  atlas::BrowseQuery b;
  b.family = given(q, "family");
  if (const auto v = given(q, "passes")) b.passes = core::parse_int(*v, "passes", 0, kBig);
  b.pass_from_terminal = zero_or_one(q, "pass_from_terminal");
  b.proven = zero_or_one(q, "proven");
  b.misere = zero_or_one(q, "misere");
  b.status = given(q, "status");
  b.spec = given(q, "spec").value_or("");
  if (const auto v = given(q, "period_min")) b.period_min = core::parse_int(*v, "period_min", 0, kBig);
  if (const auto v = given(q, "period_max")) b.period_max = core::parse_int(*v, "period_max", 0, kBig);
  if (const auto v = given(q, "reverse_mex")) {
    if (*v == "1")
      b.reverse_mex = atlas::ReverseMex::Holds;
    else if (*v == "0")
      b.reverse_mex = atlas::ReverseMex::Fails;
    else if (*v == "none")
      b.reverse_mex = atlas::ReverseMex::NotExamined;
    else
      throw runtime::UserError("reverse_mex = '" + v->substr(0, 40) +
                               "': allowed 1 (holds), 0 (fails), none (not examined)");
  }
  b.formula = zero_or_one(q, "formula");
  if (const auto v = given(q, "sort")) b.sort = *v;
  if (const auto v = given(q, "order")) {
    if (*v != "asc" && *v != "desc") throw runtime::UserError("order = '" + v->substr(0, 40) + "': allowed asc, desc");
    b.descending = *v == "desc";
  }
  if (const auto v = given(q, "limit")) b.limit = core::parse_int(*v, "limit", 1, atlas::kMaxBrowseRows);
  if (const auto v = given(q, "offset")) b.offset = core::parse_int(*v, "offset", 0, kBig);

  const atlas::BrowsePage page = atlas::browse(*db, b);
  nlohmann::json j;
  j["columns"] = nlohmann::json::array();
  j["types"] = nlohmann::json::array();
  for (const auto& c : page.columns) {
    j["columns"].push_back(c.name);
    j["types"].push_back(c.type);
  }
  j["rows"] = nlohmann::json::array();
  for (const auto& row : page.rows) {
    nlohmann::json r = nlohmann::json::array();
    for (std::size_t i = 0; i < row.size() && i < page.columns.size(); ++i)
      r.push_back(atlas_value(row[i], page.columns[i].type));
    j["rows"].push_back(std::move(r));
  }
  j["total"] = page.total;
  j["offset"] = page.offset;
  j["limit"] = page.limit;
  j["sort"] = b.sort;
  j["order"] = b.descending ? "desc" : "asc";
  j["families"] = nlohmann::json::array();
  for (const auto& [name, games] : atlas::families(*db)) j["families"].push_back({{"name", name}, {"games", games}});
  return json_response(j);
}

}  // namespace grundy::server
