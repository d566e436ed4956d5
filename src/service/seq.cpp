#include "service/seq.hpp"

#include <map>
#include <nlohmann/json.hpp>

#include "core/solve/route.hpp"
#include "core/solve/solve.hpp"
#include "games/octal_solver.hpp"
#include "io/format.hpp"
#include "io/table_file.hpp"
#include "pipeline/solve.hpp"
#include "pipeline/table_box.hpp"
#include "runtime/memory.hpp"
#include "runtime/progress.hpp"

namespace grundy::service {

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
  return octal_of(s) ? std::int64_t{1} << 20 : std::int64_t{1} << 24;
}

SeqResult seq(const Subject& o, std::int64_t size, std::int64_t search, const pipeline::TableFiles& files,
              const runtime::Limits& limits) {
  const bool by_default = search == 0;
  if (by_default) search = default_seq_search(o);
  const core::Game& game = o.game;
  const std::vector<int> passes = pipeline::pass_counters(game);
  const int pass = passes.empty() ? -1 : passes.back();
  if (game.arity() != (pass >= 0 ? 2 : 1) || passes.size() > 1)
    throw runtime::UserError("seq: game " + game.name() + " has " + std::to_string(game.arity()) +
                             " coordinates; seq is for one-heap games (one coordinate, plus p with a pass); "
                             "use `grundy structure` for tables");
  if ((!files.save.empty() || !files.load.empty()) && !octal_of(o))
    throw runtime::UserError(
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
  if (const auto s = subtraction_of(o)) {
    runtime::ensure_fits(core::add_bytes(seq_bytes, games::sweep_subtraction_bytes(s->game, s->passes, size)),
                         limits.memory, "the sequence of " + game.name());
    allocate();
    games::sweep_subtraction(
        s->game, s->passes, s->pass_from_terminal, size, [&](std::int64_t x, std::span<const core::Value> v) {
          for (int p = 0; p < layers; ++p)
            r.layers[static_cast<std::size_t>(p)][static_cast<std::size_t>(x)] = v[static_cast<std::size_t>(p)];
        });
    const std::int64_t limit = std::max(size, search);
    r.period = analysis::subtraction_periodicity(*s, limit, limits.memory);
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
  if (const auto code = octal_of(o)) {
    // The sweep may run past `size` to prove a period: up to `search` heap sizes.
    const std::int64_t limit = std::max(size, search);
    runtime::ensure_fits(core::add_bytes(seq_bytes, games::OctalSweep::bytes(*code, limit)), limits.memory,
                         "the sequence of " + game.name() + " (up to --search " + std::to_string(limit) + ")");
    games::OctalSweep sweep(*code);
    if (!files.load.empty())
      io::load_sequence(
          files.load, game.name(),
          [&](std::int64_t n) {
            runtime::ensure_fits(core::add_bytes(seq_bytes, games::OctalSweep::bytes(*code, std::max(n, limit))),
                                 limits.memory,
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
      } catch (const runtime::Interrupted& e) {
        if (saved == 0) throw;
        throw runtime::kept_on_stop(e, "no --out file was written; --save " + files.save + " holds G(0.." +
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
      core::solve_guarded(game, pipeline::size_box(game, {{size}}), o.eval, limits.memory, seq_bytes);
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

std::string seq_status(const analysis::Periodicity& p) { return !p.found ? "none" : p.proven ? "proven" : "observed"; }

void write_seq_json(std::ostream& out, const std::string& game, std::int64_t size, const SeqResult& r) {
  const auto& per = r.period;
  // The values (up to 2^30 of them) are written as they go; the rest is a small object.
  nlohmann::json j;
  j["game"] = game;
  j["size"] = size;
  j["status"] = seq_status(per);
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
        runtime::poll_stop();
      }
    }
    buf += ']';
  }
  buf += std::string(r.layers.size() > 1 ? "]" : "") + ",\"why\":" + io::json_string(r.why) + "}\n";
  out << buf;
}

}  // namespace grundy::service
