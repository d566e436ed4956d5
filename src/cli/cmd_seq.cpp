#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "analysis/periodicity.hpp"
#include "analysis/structure.hpp"
#include "cli/analysis_common.hpp"
#include "core/memory.hpp"
#include "core/progress.hpp"
#include "core/route.hpp"
#include "core/solve.hpp"
#include "games/octal_solver.hpp"
#include "io/heatmap.hpp"
#include "io/npy.hpp"
#include "io/table_file.hpp"
#include "pipeline/solve.hpp"
#include "pipeline/table_box.hpp"

namespace grundy::cli {

namespace {

// The layers as one sequence of tuples, for the general period search: x -> an id of the tuple
// (G(x,0), .., G(x,K)), equal ids for equal tuples.
std::vector<std::int64_t> packed(const std::vector<std::vector<core::Value>>& layers) {
  std::map<std::vector<core::Value>, std::int64_t> ids;
  std::vector<std::int64_t> out(layers[0].size());
  std::vector<core::Value> tuple(layers.size());
  for (std::size_t x = 0; x < out.size(); ++x) {
    for (std::size_t p = 0; p < layers.size(); ++p) tuple[p] = layers[p][x];
    out[x] = ids.emplace(tuple, static_cast<std::int64_t>(ids.size())).first->second;
  }
  return out;
}

}  // namespace

std::int64_t default_seq_search(const Subject& s) {
  return octal_seq(s) ? std::int64_t{1} << 20 : std::int64_t{1} << 24;
}

SeqResult compute_seq(const Subject& o, std::int64_t size, std::int64_t search, const pipeline::TableFiles& files) {
  const bool by_default = search == 0;
  if (by_default) search = default_seq_search(o);
  const core::Game& game = o.game;
  const std::vector<int> passes = pipeline::pass_counters(game);
  const int pass = passes.empty() ? -1 : passes.back();
  if (game.arity() != (pass >= 0 ? 2 : 1) || passes.size() > 1)
    throw core::UserError("seq: game " + game.name() + " has " + std::to_string(game.arity()) +
                          " coordinates; seq is for one-heap games (one coordinate, plus p with a pass); "
                          "use `grundy structure` for tables");
  if ((!files.save.empty() || !files.load.empty()) && !octal_seq(o))
    throw core::UserError(
        "seq --save/--load: only take-and-break games (octal, without transforms) keep their "
        "sequence in a file; `table --save` saves any table");
  SeqResult r;
  const int layers = pass >= 0 ? static_cast<int>(pipeline::size_box(game, {{1}}).extent(pass)) : 1;
  // The sequence, and the period search's copy of it (one id per heap size), counted before
  // either is allocated.
  const std::uint64_t seq_bytes =
      core::mul_bytes(static_cast<std::uint64_t>(size), static_cast<std::uint64_t>(layers) * sizeof(core::Value) + 16);
  const auto allocate = [&] {
    r.layers.assign(static_cast<std::size_t>(layers), std::vector<core::Value>(static_cast<std::size_t>(size)));
  };
  if (const auto s = subtraction_seq(o)) {
    core::ensure_fits(core::add_bytes(seq_bytes, games::sweep_subtraction_bytes(s->game, s->passes, size)),
                      o.memory_limit, "the sequence of " + game.name());
    allocate();
    games::sweep_subtraction(
        s->game, s->passes, s->pass_from_terminal, size, [&](std::int64_t x, std::span<const core::Value> v) {
          for (int p = 0; p < layers; ++p)
            r.layers[static_cast<std::size_t>(p)][static_cast<std::size_t>(x)] = v[static_cast<std::size_t>(p)];
        });
    const std::int64_t limit = std::max(size, search);
    r.period = analysis::subtraction_periodicity(*s, limit, o.memory_limit);
    const std::string m = std::to_string(s->game.max_move());
    r.checked_up_to = r.period.observed - 1;
    if (r.period.found)
      r.why = "proven: for x >= max(S) = " + m + " the values at x depend only on the " + m + " heap sizes before it" +
              (layers > 1 ? " (all layers)" : "") + ", and those " + m + " repeat: G(x + " +
              std::to_string(r.period.period) + ") = G(x) compared for " + std::to_string(r.period.preperiod) +
              " <= x < " + std::to_string(r.period.preperiod + s->game.max_move()) + " (heap sizes swept up to " +
              std::to_string(r.checked_up_to) + ")";
    else if (s->game.max_move() >= limit)  // the search did not start: say why rather than "not found"
      r.why = "no period proven: a proof needs max(S) = " + m + " consecutive heap sizes to repeat, beyond the " +
              "search limit of " + std::to_string(limit) + " heap sizes (--search)";
    else
      r.why = "no period found within x < " + std::to_string(r.period.observed) + " (raise --search)";
    return r;
  }
  if (const auto code = octal_seq(o)) {
    // The sweep may run past `size` to prove a period: up to `search` heap sizes.
    const std::int64_t limit = std::max(size, search);
    core::ensure_fits(core::add_bytes(seq_bytes, games::OctalSweep::bytes(*code, limit)), o.memory_limit,
                      "the sequence of " + game.name() + " (up to --search " + std::to_string(limit) + ")");
    games::OctalSweep sweep(*code);
    if (!files.load.empty())
      io::load_sequence(
          files.load, game.name(),
          [&](std::int64_t n) {
            core::ensure_fits(core::add_bytes(seq_bytes, games::OctalSweep::bytes(*code, std::max(n, limit))),
                              o.memory_limit,
                              "--load " + files.load + ": the sequence of " + std::to_string(n) + " heap sizes");
          },
          [&](core::Value v) { sweep.append(v); });
    std::int64_t saved = 0;  // heap sizes in the --save file
    const auto save = [&] {
      if (files.save.empty()) return;
      io::save_sequence(files.save, game.name(), sweep.size(), sweep.max_value(),
                        [&](std::int64_t x) { return sweep.at(x); });
      saved = sweep.size();
    };
    // A stop keeps the file of the last step: say so, and how to go on from it.
    const games::OctalPeriod p = [&] {
      try {
        return games::sweep_until_proven(sweep, size, limit, by_default ? games::kOctalSearchSeconds : 0, save);
      } catch (const core::Interrupted& e) {
        if (saved == 0) throw;
        throw core::kept_on_stop(e, "no --out file was written; --save " + files.save + " holds G(0.." +
                                        std::to_string(saved - 1) + "): --load it to go on");
      }
    }();
    allocate();
    for (std::int64_t x = 0; x < size; ++x) r.layers[0][static_cast<std::size_t>(x)] = sweep.at(x);
    r.period.found = p.found;
    r.period.proven = p.proven;
    r.period.preperiod = p.preperiod;
    r.period.period = p.period;
    r.period.observed = p.checked;
    r.checked_up_to = p.checked - 1;
    const std::string k = std::to_string(code->max_parts()), t = std::to_string(code->max_removal());
    if (p.proven)
      r.why = "proven by the octal periodicity theorem: G(n + " + std::to_string(p.period) + ") = G(n) compared for " +
              std::to_string(p.preperiod) + " <= n < " + std::to_string(p.checked - p.period) + ", which covers n < " +
              k + " max(n0, 1) + " + (code->max_parts() > 1 ? "(" + k + " - 1) p + " : "") +
              "t = " + std::to_string(p.bound) + " (t = " + t + " stones at most, " + k +
              " heaps at most left by a move); last exceptional value at " + std::to_string(p.preperiod - 1);
    else if (p.found && code->any_unequal())
      r.why = "observed up to x = " + std::to_string(p.checked - 1) +
              " (the periodicity theorem does not cover codes with '!')";
    else if (p.found)
      r.why = "observed up to x = " + std::to_string(p.checked - 1) + "; a proof needs x up to " +
              std::to_string(p.needed - 1) + " (raise --search)";
    else if (p.out_of_time)
      r.why = "no period found within x < " + std::to_string(p.checked) + " (the default search stops after about " +
              std::to_string(static_cast<int>(games::kOctalSearchSeconds)) + " s; --search N sweeps to N)";
    else
      r.why = "no period found within x < " + std::to_string(p.checked) + " (raise --search)";
    return r;
  }
  const core::DenseTable t =
      core::solve_guarded(game, pipeline::size_box(game, {{size}}), o.eval, o.memory_limit, seq_bytes);
  allocate();
  core::Position pos(game.arity());
  const int heap = pass == 0 ? 1 : 0;
  for (std::int64_t x = 0; x < size; ++x)
    for (int p = 0; p < layers; ++p) {
      pos[heap] = x;
      if (pass >= 0) pos[pass] = p;
      r.layers[static_cast<std::size_t>(p)][static_cast<std::size_t>(x)] = t.at(pos);
    }
  if (layers == 1) {
    std::vector<std::int64_t> a(r.layers[0].begin(), r.layers[0].end());
    r.period = analysis::find_periodicity(a);
  } else {
    r.period = analysis::find_periodicity(packed(r.layers));
    r.period.saltus = 0;  // a saltus of packed tuples means nothing; report periods of equal tuples only
    if (r.period.found) {
      // Recheck plainly: every layer repeats with saltus 0 from the preperiod on.
      for (const auto& l : r.layers)
        for (std::int64_t x = r.period.preperiod; x + r.period.period < size; ++x)
          if (l[static_cast<std::size_t>(x + r.period.period)] != l[static_cast<std::size_t>(x)])
            r.period.found = false;
    }
  }
  r.checked_up_to = size - 1;
  r.why = r.period.found
              ? "observed up to x = " + std::to_string(size - 1) + " (no theorem makes it a proof for this game)"
              : analysis::describe(r.period) + " within x < " + std::to_string(size);
  return r;
}

void write_seq(std::ostream& out, const Subject& o, io::Format f, std::int64_t size, std::int64_t search,
               const pipeline::TableFiles& files, const io::FigureStyle& style) {
  const core::Game& game = o.game;
  const SeqResult r = compute_seq(o, size, search, files);
  const auto& per = r.period;
  const bool grundy = o.eval == core::Evaluation::Grundy;
  const std::string status = seq_status(per);
  if (f == io::Format::Json) {
    // The values (up to 2^30 of them) are written as they go; the rest is a small object.
    nlohmann::json j;
    j["game"] = game.name();
    j["size"] = size;
    j["status"] = status;
    if (per.found) j.update({{"preperiod", per.preperiod}, {"period", per.period}, {"saltus", per.saltus}});
    j["checked_up_to"] = r.checked_up_to;
    std::string head = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    head.pop_back();  // the closing brace: "values" and "why" follow, in key order
    std::string buf = head + ",\"values\":" + (r.layers.size() > 1 ? "[" : "");
    for (std::size_t p = 0; p < r.layers.size(); ++p) {
      buf += p ? ",[" : "[";
      for (std::size_t x = 0; x < r.layers[p].size(); ++x) {
        if (x) buf += ',';
        buf += std::to_string(r.layers[p][x]);
        if (buf.size() >= (1u << 16)) {
          out << buf;
          buf.clear();
          core::poll_stop();
        }
      }
      buf += ']';
    }
    buf += std::string(r.layers.size() > 1 ? "]" : "") + ",\"why\":" + io::json_string(r.why) + "}\n";
    out << buf;
    return;
  }
  if (io::is_figure(f)) {  // a strip along x, a row a pass layer, the period marked
    io::Strip strip;
    strip.title = io::evaluation_title(game.name(), o.eval);
    const auto names = game.coordinate_names();
    strip.axis = names[0];
    strip.layer_axis = names.size() > 1 ? names[1] : "p";
    strip.eval = o.eval;
    strip.layers = r.layers;
    if (per.found && per.saltus == 0) strip.period = io::Strip::Period{per.preperiod, per.period, per.proven};
    io::write_figure(out, f, strip, style);
    return;
  }
  if (f == io::Format::Bfile) {  // OEIS: n a(n) per line
    if (r.layers.size() > 1)
      throw core::UserError("--format bfile writes one sequence; this game has " + std::to_string(r.layers.size()) +
                            " pass layers (use csv or json)");
    io::write_bfile(out, game.name(), o.eval, size, [&](std::int64_t x) {
      return std::optional(std::make_pair(x, r.layers[0][static_cast<std::size_t>(x)]));
    });
    return;
  }
  if (f == io::Format::Npy) {  // one heap: a vector of N values; with passes: (K + 1) x N, row p
    const auto n = static_cast<std::uint64_t>(size);
    io::write_npy_values(out, r.layers.size() > 1 ? static_cast<std::int64_t>(r.layers.size()) : size,
                         r.layers.size() > 1 ? size : -1, o.eval,
                         [&](std::uint64_t i) { return r.layers[i / n][i % n]; });
    return;
  }
  if (f == io::Format::Csv) {
    out << "x" << (r.layers.size() > 1 ? ",p" : "") << (grundy ? ",grundy" : ",outcome") << "\n";
    core::StopPoll poll;
    for (std::int64_t x = 0; x < size; ++x)
      for (std::size_t p = 0; p < r.layers.size(); ++p) {
        poll();
        out << x;
        if (r.layers.size() > 1) out << "," << p;
        out << "," << io::value_text(r.layers[p][static_cast<std::size_t>(x)], o.eval) << "\n";
      }
    return;
  }
  out << game.name() << ": " << (grundy ? "G" : "outcome") << " for x = 0.." << size - 1 << "\n";
  for (std::size_t p = 0; p < r.layers.size(); ++p) {
    out << (r.layers.size() > 1 ? "p = " + std::to_string(p) + ": " : std::string());
    core::StopPoll poll;
    for (std::size_t x = 0; x < r.layers[p].size(); ++x) {
      poll();
      out << (x ? " " : "") << io::value_text(r.layers[p][x], o.eval);
    }
    out << "\n";
  }
  if (per.found)
    out << (per.proven ? "proven" : "observed") << ": preperiod " << per.preperiod << ", period " << per.period
        << ", saltus " << per.saltus << "\n";
  else
    out << "no period\n";
  out << "  " << r.why << "\n";
}

void write_structure(std::ostream& out, const Subject& o, io::Format f, const pipeline::Size& size) {
  const core::Game& game = o.game;
  const auto names = game.coordinate_names();
  const core::Box box = pipeline::size_box(game, size);
  const core::DenseTable t = pipeline::solve_exact(game, box, o.eval, o.memory_limit);
  analysis::StructureOptions so;
  so.skip = pipeline::pass_counters(game);
  const analysis::StructureReport r = analysis::analyze_structure(t, so);
  auto name = [&](int i) { return names[static_cast<std::size_t>(i)]; };
  auto swapped = [&](const analysis::SymmetryResult& s) {
    std::vector<std::string> a = names;
    std::swap(a[static_cast<std::size_t>(s.i)], a[static_cast<std::size_t>(s.j)]);
    std::string l, rr;
    for (std::size_t k = 0; k < names.size(); ++k) {
      l += (k ? "," : "") + names[k];
      rr += (k ? "," : "") + a[k];
    }
    return "G(" + l + ") = G(" + rr + ")";
  };
  auto shift = [&](const analysis::TranslationResult& tr) {
    std::string l, rr;
    for (int k = 0; k < tr.v.size(); ++k) {
      l += (k ? "," : "") + name(k) + (tr.v[k] ? "+" + std::to_string(tr.v[k]) : "");
      rr += (k ? "," : "") + name(k);
    }
    return "G(" + l + ") = G(" + rr + ")";
  };
  const std::string range = pipeline::box_text(names, box);
  if (f == io::Format::Json) {
    nlohmann::json j;
    j["game"] = game.name();
    j["box"] = range;
    j["symmetries"] = nlohmann::json::array();
    for (const auto& s : r.symmetries) {
      nlohmann::json js = {{"swap", {name(s.i), name(s.j)}}, {"holds", s.holds}};
      if (!s.holds) js["counterexample"] = core::to_string(s.counterexample);
      j["symmetries"].push_back(js);
    }
    j["translations"] = nlohmann::json::array();
    for (const auto& tr : r.translations)
      j["translations"].push_back({{"shift", std::vector<std::int64_t>(tr.v.coords().begin(), tr.v.coords().end())},
                                   {"from", tr.from},
                                   {"pairs", tr.pairs},
                                   {"text", shift(tr)}});
    j["lines"] = nlohmann::json::array();
    for (const auto& l : r.lines) {
      nlohmann::json kinds = nlohmann::json::array();
      for (const auto& [k, c] : l.kinds) kinds.push_back({{"period", k.first}, {"saltus", k.second}, {"lines", c}});
      j["lines"].push_back({{"along", name(l.axis)},
                            {"lines", l.lines},
                            {"periodic", l.periodic},
                            {"max_preperiod", l.max_preperiod},
                            {"kinds", kinds}});
    }
    out << j.dump(1) << "\n";
    return;
  }
  out << "structure of " << game.name() << ", observed on " << range << " (not proofs)\n";
  for (const auto& s : r.symmetries)
    out << (s.holds ? "symmetry:     " : "no symmetry:  ") << swapped(s)
        << (s.holds ? "  holds on the box" : "  fails at (" + core::to_string(s.counterexample) + ")") << "\n";
  if (r.translations.empty())
    out << "translation:  none with shifts up to 8 (or a third of the box) confirmed on two full periods of "
           "positions\n";
  for (const auto& tr : r.translations) {
    std::string from;
    if (tr.from > 0)
      for (int k = 0; k < tr.v.size(); ++k)
        if (tr.v[k]) from += (from.empty() ? "  for " : ", ") + name(k) + " >= " + std::to_string(tr.from);
    out << "translation:  " << shift(tr) << from << "  holds wherever both lie in the box (" << tr.pairs
        << " pairs of positions)\n";
  }
  for (const auto& l : r.lines) {
    std::string others;
    for (int k = 0; k < box.arity(); ++k)
      if (k != l.axis) others += (others.empty() ? "" : ",") + name(k);
    out << "lines along " << name(l.axis) << " (" << (others.empty() ? "one line" : others + " fixed")
        << "): " << l.periodic << " of " << l.lines << " ultimately periodic";
    if (l.periodic > 0) {
      out << " (";
      int shown = 0;
      for (const auto& [k, c] : l.kinds) {
        if (shown++ == 6) {
          out << ", ...";
          break;
        }
        out << (shown > 1 ? ", " : "") << c << " with period " << k.first
            << (k.second ? " saltus " + std::to_string(k.second) : "");
      }
      out << "; preperiods up to " << l.max_preperiod << ")";
    }
    if (l.any_aperiodic) {
      core::Position b = l.first_aperiodic;
      std::string where;
      for (int k = 0; k < b.size(); ++k)
        if (k != l.axis) where += (where.empty() ? "" : ", ") + name(k) + " = " + std::to_string(b[k]);
      out << "; first without two full periods: " << (where.empty() ? "the line" : where);
    }
    out << "\n";
  }
}

void add_seq_command(CLI::App& app) {
  static GameOptions o;
  static std::int64_t size = 0, search = 0;  // 0: the game's default
  static pipeline::TableFiles files;
  auto* cmd = app.add_subcommand("seq", "the value sequence of a one-heap game, with its preperiod, period and saltus");
  add_game_options(cmd, o,
                   {io::Format::Text, io::Format::Csv, io::Format::Json, io::Format::Npy, io::Format::Bfile,
                    io::Format::Png, io::Format::Svg, io::Format::Pdf, io::Format::Tikz});
  cmd->add_option("--size", size, "show x = 0..N-1, N from 1 to 2^30")
      ->type_name("N")
      ->required()
      ->each(int_in("--size", 1, std::int64_t{1} << 30));
  cmd->add_option("--search", search,
                  "subtraction and take-and-break (octal) games: search the proven period up to this heap size, from "
                  "1 to 2^40 (default 2^24; for octal games 2^20, whose sweep costs microseconds a heap size, and at "
                  "most about 10 s of it)")
      ->type_name("N")
      ->each(int_in("--search", 1, std::int64_t{1} << 40));
  cmd->add_option("--save", files.save,
                  "take-and-break games: also write every value swept to FILE (a table file), after each step of "
                  "the search, so an interrupted run keeps the last")
      ->type_name("FILE")
      ->each(file_path("--save"));
  cmd->add_option("--load", files.load,
                  "take-and-break games: start from the values in FILE (written by --save) and sweep on from there")
      ->type_name("FILE")
      ->each(file_path("--load"));
  cmd->footer(
      "Example: grundy seq subtraction -p set=2,12,14 --pass --size 100\n"
      "Subtraction games (with or without passes) get a proven period: once max(S) consecutive heap sizes\n"
      "repeat, everything after them does. Take-and-break games (octal) get one by the octal periodicity\n"
      "theorem: grundy seq octal -p code=0.137 --size 100 proves period 34 after preperiod 52.\n"
      "Other one-heap games get the period observed up to N.\n"
      "Example: grundy seq octal -p code=0.77 --size 120 --out kayles.pdf   (a strip with the period marked)");
  cmd->callback([] {
    with_output(o.output, [](std::ostream& out) {
      write_seq(out, subject(o), o.output_format(), size, search, files, o.output.figure);
    });
  });
}

void add_structure_command(CLI::App& app) {
  static GameOptions o;
  static std::string size;
  auto* cmd = app.add_subcommand(
      "structure", "symmetries, translation periods and per-line periodicity of a table, with the range checked");
  add_game_options(cmd, o, {io::Format::Text, io::Format::Json});
  add_size_option(cmd, size);
  cmd->footer("Example: grundy structure nim -p heaps=2 --pass --size 32");
  cmd->callback([] {
    const pipeline::Size s = pipeline::parse_size(size, "--size", std::int64_t{1} << 20);
    with_output(o.output, [&](std::ostream& out) { write_structure(out, subject(o), o.output_format(), s); });
  });
}

}  // namespace grundy::cli
