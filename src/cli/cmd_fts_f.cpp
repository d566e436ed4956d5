#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "cli/game_options.hpp"
#include "games/fts.hpp"
#include "games/fts_solver.hpp"
#include "io/npy.hpp"
#include "runtime/memory.hpp"
#include "runtime/progress.hpp"

namespace grundy::cli {

namespace {

const std::vector<io::Format> kFormats = {io::Format::Text, io::Format::Csv, io::Format::Json, io::Format::Npy};

struct FtsFOptions {
  std::vector<std::string> params;
  std::int64_t size = 0;
  OutputOptions output;
  LimitOptions limit;
};

// The -p list checked against the fts family's parameters (piles defaults to 3, exactly one of
// d and S), so both the family and this command read them through games::fts_from_params.
games::FtsNim parse_rules(const std::vector<std::string>& params) {
  const games::Family& fam = games::find_family("fts");
  std::map<std::string, std::string> values;
  for (const std::string& kv : params) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      throw runtime::UserError("-p '" + kv.substr(0, 60) + "': expected name=value");
    const std::string name = kv.substr(0, eq);
    if (std::none_of(fam.params.begin(), fam.params.end(), [&](const games::ParamSpec& p) { return p.name == name; }))
      throw runtime::UserError("fts-f: unknown parameter '" + name.substr(0, 40) + "'; allowed: piles (3), d, S");
    if (!values.emplace(name, kv.substr(eq + 1)).second)
      throw runtime::UserError("fts-f: parameter " + name + " given twice");
  }
  values.emplace("piles", "3");
  return games::fts_from_params(games::Params("fts", std::move(values)));
}

void run_fts_f(std::ostream& out, const FtsFOptions& o, const runtime::Limits& limits) {
  const io::Format format = output_format(o.output, kFormats);
  const games::FtsNim rules = parse_rules(o.params);
  runtime::ensure_fits(games::fts_f_grid_bytes(rules, o.size), limits.memory,
                       "the f grid of " + rules.name() + " for x, y < " + std::to_string(o.size));
  const games::FtsFGrid g = games::fts_f_grid(rules, o.size);
  const std::int64_t n = g.size;
  runtime::StopPoll poll;
  std::string buf;
  auto flush = [&](bool force) {
    if (!force && buf.size() < (1u << 16)) return;
    out << buf;
    buf.clear();
  };
  if (format == io::Format::Npy) {
    io::write_npy_values(out, n, n, core::Evaluation::Grundy,
                         [&](std::uint64_t i) { return static_cast<core::Value>(g.f[i]); });
    return;
  }
  if (format == io::Format::Csv) {
    buf = "x,y,f\n";
    for (std::int64_t x = 0; x < n; ++x)
      for (std::int64_t y = 0; y < n; ++y) {
        poll();
        fmt::format_to(std::back_inserter(buf), "{},{},{}\n", x, y, g.at(x, y));
        flush(false);
      }
    flush(true);
    return;
  }
  if (format == io::Format::Json) {  // streamed, keys in nlohmann's order
    buf = "{\"cols\":\"y\",\"f\":[";
    for (std::int64_t x = 0; x < n; ++x) {
      buf += x ? ",[" : "[";
      for (std::int64_t y = 0; y < n; ++y) {
        poll();
        fmt::format_to(std::back_inserter(buf), "{}{}", y ? "," : "", g.at(x, y));
        flush(false);
      }
      buf += ']';
    }
    buf += "],\"game\":" + io::json_string(rules.name()) + ",\"rows\":\"x\",\"size\":" + std::to_string(n) + "}\n";
    flush(true);
    return;
  }
  // Text: laid out as the paper prints its tables, x down the left and y across.
  std::size_t width = std::to_string(n - 1).size();
  for (std::int64_t v : g.f) width = std::max(width, std::to_string(v).size());
  const std::size_t left = std::max<std::size_t>(3, std::to_string(n - 1).size());
  out << "f(x,y) of " << rules.name() << ": the z with (x,y,z) a P-position outside S (Theorem 4.1)\n";
  out << fmt::format("{:>{}}", "x\\y", left);
  for (std::int64_t y = 0; y < n; ++y) out << fmt::format(" {:>{}}", y, width);
  out << "\n";
  for (std::int64_t x = 0; x < n; ++x) {
    poll();
    out << fmt::format("{:>{}}", x, left);
    for (std::int64_t y = 0; y < n; ++y) out << fmt::format(" {:>{}}", g.at(x, y), width);
    out << "\n";
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
      ->type_name("name=value")
      ->allow_extra_args(false);
  cmd->add_option("--size", o.size, "x and y run over 0..N-1, N from 1 to 2^40")
      ->type_name("N")
      ->required()
      ->each(int_in("--size", 1, std::int64_t{1} << 40));
  add_output_options(cmd, o.output, kFormats);
  add_limit_options(cmd, o.limit);
  cmd->footer(
      "Example: grundy fts-f -p d=5 --size 10   (the d = 5 table of Section 4.1)\n"
      "         grundy fts-f -p 'S=total in {0,1}' --size 10   (the S = {0,1} table of Section 5)");
  on_run(cmd, o.limit, [](const runtime::Limits& limits) {
    with_output(o.output, [&](std::ostream& out) { run_fts_f(out, o, limits); });
  });
}

}  // namespace grundy::cli
