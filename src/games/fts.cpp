#include "games/fts.hpp"

#include <map>

#include "games/fts_solver.hpp"
#include "games/nim.hpp"
#include "games/registry.hpp"
#include "runtime/errors.hpp"

namespace grundy::games {

FtsNim FtsNim::multiples_of(int piles, std::int64_t d) { return FtsNim(piles, d); }

FtsNim FtsNim::with_set(int piles, const std::string& s_expression) {
  FtsNim g(piles, 0);
  auto vars = heap_names(piles);
  vars.push_back("total");
  try {
    g.program_ = std::make_shared<const expr::Program>(expr::Program::compile(s_expression, vars));
  } catch (const expr::SyntaxError& e) {
    throw runtime::UserError("-p S='" + s_expression.substr(0, 60) + "': " + e.what());
  }
  for (int i = 0; i < piles; ++i) g.uses_piles_ = g.uses_piles_ || g.program_->uses(static_cast<std::size_t>(i));
  return g;
}

std::vector<std::string> FtsNim::coordinate_names() const { return heap_names(piles_); }

std::string FtsNim::name() const {
  return "fts(piles=" + std::to_string(piles_) + (d_ > 0 ? ",d=" + std::to_string(d_) : ",S=" + program_->source()) +
         ")";
}

std::string FtsNim::check(const Position& pos) const {
  const auto names = coordinate_names();
  std::int64_t total = 0;
  for (int i = 0; i < piles_; ++i) {
    if (pos[i] < 0)
      return "pile " + names[static_cast<std::size_t>(i)] + " = " + std::to_string(pos[i]) +
             " is negative; piles are >= 0";
    // The total is kept <= 2^62 so that totals of options and their sums never overflow.
    if (pos[i] > (std::int64_t{1} << 62) - total) return "the total number of stones exceeds 2^62";
    total += pos[i];
  }
  return "";
}

bool FtsNim::forbidden_total(std::int64_t t) const {
  if (d_ > 0) return t % d_ == 0;
  if (uses_piles_) throw runtime::EngineError(name() + ": forbidden_total() on a set that reads the piles");
  Position p(piles_);  // piles are unread: only the total matters
  return eval_s(p, t);
}

bool FtsNim::eval_s(const Position& pos, std::int64_t total) const {
  std::int64_t vars[core::kMaxCoords + 1];
  for (int i = 0; i < piles_; ++i) vars[i] = pos[i];
  vars[piles_] = total;
  try {
    return program_->eval({vars, static_cast<std::size_t>(piles_ + 1)}) != 0;
  } catch (const expr::EvalError& e) {
    throw runtime::UserError("-p S='" + program_->source().substr(0, 60) + "' at " + core::to_string(pos) + ": " +
                             e.what());
  }
}

FtsNim fts_from_params(const Params& p) {
  const int piles = static_cast<int>(p.get_int("piles", 1, 15));
  const bool has_d = p.has("d"), has_s = p.has("S");
  if (has_d == has_s)
    throw runtime::UserError(
        std::string("fts: give exactly one of -p d=D (forbid totals divisible by D) or -p 'S=EXPR' "
                    "(forbid totals where EXPR is non-zero, e.g. -p 'S=total in {0,1}'); ") +
        (has_d ? "both were given" : "neither was given"));
  if (has_d) return FtsNim::multiples_of(piles, p.get_int("d", 2, std::int64_t{1} << 40));
  return FtsNim::with_set(piles, p.get("S"));
}

// The registry entry: "fts -p piles=3 -p d=5" is 5-FTS Nim, the same game as
// "nim -p heaps=3 --forbid 'total % 5 == 0'" without an expression evaluated per option.
Family fts_family() {
  Family f;
  f.name = "fts";
  f.summary = "Forbidden-Total-Size Nim: Nim, but no move may leave a total in S (multiples of d, or an expression)";
  f.example = "fts -p piles=3 -p d=5";
  f.params = {{"piles", "number of piles, 1..15", "3"},
              {"d", "S = the multiples of d (0 included), d = 2..2^40; give d or S, not both", "", true},
              {"S",
               "S as an expression in total (and the piles), forbidden where non-zero, e.g. 'total in {0,1}'; "
               "give d or S, not both",
               "", true}};
  f.coordinates = [](const Params& p) { return heap_names(static_cast<int>(p.get_int("piles", 1, 15))); };
  f.make = [](const Params& p, const Transforms& t) { return with_transforms(fts_from_params(p), t); };
  // The atlas's FTS games: d-FTS Nim with --piles piles, d = 2 .. --d-max.
  f.atlas =
      AtlasSweep{{{"piles", "fts: piles", 3, 1, 3},
                  {"d-max", "fts: d = 2 .. D (the multiples of d are forbidden totals)", 64, 2, 1024}},
                 [](const std::map<std::string, std::int64_t>& o) {
                   std::vector<std::string> out;
                   for (std::int64_t d = 2; d <= o.at("d-max"); ++d)
                     out.push_back("fts -p piles=" + std::to_string(o.at("piles")) + " -p d=" + std::to_string(d));
                   return out;
                 },
                 [](const std::map<std::string, std::int64_t>& o) {
                   return std::to_string(o.at("piles")) + " piles, d = 2.." + std::to_string(o.at("d-max"));
                 }};
  return f;
}

}  // namespace grundy::games
