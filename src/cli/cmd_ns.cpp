#include <iostream>
#include <nlohmann/json.hpp>

#include "analysis/ns_property.hpp"
#include "cli/game_options.hpp"
#include "games/chocolate.hpp"

namespace grundy::cli {

namespace {

constexpr std::int64_t kMaxSize1 = std::int64_t{1} << 24;
constexpr std::int64_t kMaxSize2 = 2048;

const char* kind_name(analysis::NsResult::Kind k) {
  switch (k) {
    case analysis::NsResult::Kind::Holds: return "holds";
    case analysis::NsResult::Kind::Negative: return "negative";
    case analysis::NsResult::Kind::NotMonotone: return "not_monotone";
    case analysis::NsResult::Kind::NonzeroAtZero: return "nonzero_at_zero";
    case analysis::NsResult::Kind::ConditionA: return "condition_a";
  }
  return "?";
}

// Definition 8 of the chocolate paper on a finite range: h(z) for z < N (NS (i)), or F(x,z) for
// x, z < N (condition (a) for every g_n and h_m, ERRATA B4; --literal adds g_n(0) = h_m(0) = 0).
void run_ns(std::ostream& out, const std::vector<std::string>& params, std::int64_t size, bool literal,
            const OutputOptions& output) {
  const io::Format f = output_format(output, {io::Format::Text, io::Format::Json});
  if (params.size() != 1)
    throw runtime::UserError(
        "ns: give exactly one -p h=EXPR (a function of z) or -p F=EXPR (a function of x and z); got " +
        std::to_string(params.size()));
  const std::string& kv = params[0];
  const auto eq = kv.find('=');
  const std::string name = eq == std::string::npos ? kv : kv.substr(0, eq);
  if (eq == std::string::npos || (name != "h" && name != "F"))
    throw runtime::UserError("-p '" + kv.substr(0, 60) + "': expected h=EXPR (in z) or F=EXPR (in x and z)");
  const bool two = name == "F";
  if (literal && !two) throw runtime::UserError("--literal applies to -p F=...; NS (i) of h always asks h(0) = 0");
  const std::int64_t max = two ? kMaxSize2 : kMaxSize1;
  if (size < 1 || size > max)
    throw runtime::UserError("--size " + std::to_string(size) + ": allowed 1.." + std::to_string(max) + " for -p " +
                             name);
  const games::BoundFunction fn(name, kv.substr(eq + 1), two);
  std::vector<std::int64_t> values;
  const std::int64_t nx = two ? size : 1;
  values.reserve(static_cast<std::size_t>(nx * size));
  for (std::int64_t x = 0; x < nx; ++x)
    for (std::int64_t z = 0; z < size; ++z) values.push_back(fn(x, z));
  const analysis::NsResult r =
      two ? analysis::ns_property_2d(values, size, size, literal) : analysis::ns_property(values);
  const std::string range = two ? "x, z < " + std::to_string(size) : "z < " + std::to_string(size);
  if (f == io::Format::Json) {
    nlohmann::json j = {{"function", name},
                        {"expression", fn.source()},
                        {"range", range},
                        {"size", size},
                        {"reading", two ? (literal ? "literal" : "condition (a) for every g_n and h_m") : "(i)"},
                        {"holds", r.holds()}};
    if (!r.holds()) {
      nlohmann::json c = {{"kind", kind_name(r.kind)}, {"message", r.message}};
      if (r.part) {
        c["part"] = std::string(1, r.part) + "_" + std::to_string(r.index);
      }
      if (r.kind == analysis::NsResult::Kind::ConditionA) {
        c["z"] = r.a;
        c["z2"] = r.b;
        c["i"] = r.i;
        c["value_z"] = r.fa;
        c["value_z2"] = r.fb;
      }
      j["counterexample"] = c;
    }
    out << j.dump(1) << "\n";
    if (!r.holds()) claim_failed();
    return;
  }
  if (r.holds())
    out << "NS holds for " << name << " on " << range << "\n";
  else
    out << "NS fails for " << name << " on " << range << ": " << r.message << "\n";
  if (!r.holds()) claim_failed();
}

}  // namespace

void add_ns_command(CLI::App& app) {
  static std::vector<std::string> params;
  static std::int64_t size = 0;
  static bool literal = false;
  static OutputOptions output;
  static LimitOptions limit;
  auto* cmd = app.add_subcommand("ns", "check the NS property (Definition 8 of Manabe, Miyadera, Suetsugu: Chocolate Games with a Pass) of h(z) or F(x,z)");
  cmd->add_option("-p,--param", params, "h=EXPR (in z) or F=EXPR (in x and z)")
      ->required()
      ->allow_extra_args(false)
      ->type_name("h=EXPR|F=EXPR");
  cmd->add_option("--size", size, "check z < N (and x < N for F)")->type_name("N")->required();
  cmd->add_flag("--literal", literal,
                "for F: read Definition 8 (ii) literally (every g_n and h_m also needs value 0 at 0)");
  add_output_options(cmd, output, {io::Format::Text, io::Format::Json});
  add_limit_options(cmd, limit, false);
  cmd->footer(
      "Examples: grundy ns -p 'h=z/2' --size 1024      (Lemma 1: NS holds)\n"
      "          grundy ns -p 'F=(x+z)/3' --size 64    (Example 2's F: prints the first counterexample)\n"
      "For F the default reading is condition (a) for every g_n(z) = F(n,z) and h_m(x) = F(x,m).\n"
      "Exit status: 0 when NS holds on the range, 1 when it fails.");
  on_run(cmd, limit, [](const runtime::Limits&) {
    with_output(output, [](std::ostream& out) { run_ns(out, params, size, literal, output); });
  });
}

}  // namespace grundy::cli
