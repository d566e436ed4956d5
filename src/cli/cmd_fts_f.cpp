#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "cli/game_options.hpp"
#include "core/memory.hpp"
#include "games/fts.hpp"
#include "games/fts_solver.hpp"

namespace grundy::cli {

namespace {

struct FtsFOptions {
  std::vector<std::string> params;
  std::int64_t size = 0;
  std::string format = "text";
  std::string max_memory;
};

// The -p list checked against the fts family's parameters (piles defaults to 3, exactly one of
// d and S), so both the family and this command read them through games::fts_from_params.
games::FtsNim parse_rules(const std::vector<std::string>& params) {
  const games::Family& fam = games::find_family("fts");
  std::map<std::string, std::string> values;
  for (const std::string& kv : params) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) throw core::UserError("-p '" + kv.substr(0, 60) + "': expected name=value");
    const std::string name = kv.substr(0, eq);
    if (std::none_of(fam.params.begin(), fam.params.end(), [&](const games::ParamSpec& p) { return p.name == name; }))
      throw core::UserError("fts-f: unknown parameter '" + name.substr(0, 40) + "'; allowed: piles (3), d, S");
    if (!values.emplace(name, kv.substr(eq + 1)).second)
      throw core::UserError("fts-f: parameter " + name + " given twice");
  }
  values.emplace("piles", "3");
  return games::fts_from_params(games::Params("fts", std::move(values)));
}

void run_fts_f(const FtsFOptions& o) {
  const io::Format format = io::parse_format(o.format);
  const games::FtsNim rules = parse_rules(o.params);
  const std::uint64_t limit =
      o.max_memory.empty() ? core::default_memory_limit() : core::parse_memory_size(o.max_memory);
  core::ensure_fits(games::fts_f_grid_bytes(rules, o.size), limit,
                    "the f grid of " + rules.name() + " for x, y < " + std::to_string(o.size));
  const games::FtsFGrid g = games::fts_f_grid(rules, o.size);
  const std::int64_t n = g.size;
  if (format == io::Format::Csv) {
    std::cout << "x,y,f\n";
    for (std::int64_t x = 0; x < n; ++x)
      for (std::int64_t y = 0; y < n; ++y) std::cout << x << "," << y << "," << g.at(x, y) << "\n";
    return;
  }
  if (format == io::Format::Json) {
    nlohmann::json j;
    j["game"] = rules.name();
    j["rows"] = "x";
    j["cols"] = "y";
    j["size"] = n;
    nlohmann::json rows = nlohmann::json::array();
    for (std::int64_t x = 0; x < n; ++x) {
      nlohmann::json row = nlohmann::json::array();
      for (std::int64_t y = 0; y < n; ++y) row.push_back(g.at(x, y));
      rows.push_back(std::move(row));
    }
    j["f"] = std::move(rows);
    std::cout << j.dump() << "\n";
    return;
  }
  // Text: laid out as the paper prints its tables, x down the left and y across.
  std::size_t width = std::to_string(n - 1).size();
  for (std::int64_t v : g.f) width = std::max(width, std::to_string(v).size());
  const std::size_t left = std::max<std::size_t>(3, std::to_string(n - 1).size());
  std::cout << "f(x,y) of " << rules.name() << ": the z with (x,y,z) a P-position outside S (Theorem 4.1)\n";
  std::cout << fmt::format("{:>{}}", "x\\y", left);
  for (std::int64_t y = 0; y < n; ++y) std::cout << fmt::format(" {:>{}}", y, width);
  std::cout << "\n";
  for (std::int64_t x = 0; x < n; ++x) {
    std::cout << fmt::format("{:>{}}", x, left);
    for (std::int64_t y = 0; y < n; ++y) std::cout << fmt::format(" {:>{}}", g.at(x, y), width);
    std::cout << "\n";
  }
}

}  // namespace

// `grundy fts-f`: the three-pile function f(x,y) of the FTS paper (Theorem 4.1), by the mex
// recursion (4.3), over an N x N grid; the paper prints it for d = 5 and for S = {0,1}, N = 10.
void add_fts_f_command(CLI::App& app) {
  static FtsFOptions o;
  auto* cmd = app.add_subcommand(
      "fts-f", "f(x,y) of three-pile Forbidden-Total-Size Nim: the z with (x,y,z) a P-position outside S");
  cmd->add_option("-p,--param", o.params, "d=D (S = multiples of D) or 'S=EXPR' (e.g. 'S=total in {0,1}'); piles=3")
      ->allow_extra_args(false);
  cmd->add_option("--size", o.size, "x and y run over 0..N-1")
      ->required()
      ->each(int_in("--size", 1, std::int64_t{1} << 40));
  cmd->add_option("--format", o.format, "text | csv | json")->capture_default_str();
  add_max_memory_option(cmd, o.max_memory);
  cmd->footer(
      "Example: grundy fts-f -p d=5 --size 10   (the d = 5 table of Section 4.1)\n"
      "         grundy fts-f -p 'S=total in {0,1}' --size 10   (the S = {0,1} table of Section 5)");
  cmd->callback([] { run_fts_f(o); });
}

}  // namespace grundy::cli
