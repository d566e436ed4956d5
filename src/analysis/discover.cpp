#include "analysis/discover.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <map>
#include <optional>
#include <random>

#include "analysis/formula.hpp"
#include "runtime/errors.hpp"
#include "runtime/progress.hpp"

namespace grundy::analysis {

namespace {

// One cell of the box: its coordinates and value (P-positions: value 0).
struct Cell {
  core::Position pos;
  core::Value value;
  std::int64_t total;
};

struct Cells {
  std::vector<Cell> all, corner;  // corner: every analysed coordinate below prune_side
};

// Candidates gathered at the level where the search first succeeds, before the variants are
// dropped and the list is cut to max_results.
constexpr std::size_t kCandidates = 12;

// ---- Grundy value = xor of one term per coordinate ----

struct Term {
  enum Kind { Zero, Id, Minus1, Plus1, Div, Mod } kind = Zero;
  std::int64_t m = 1;
  int cost() const { return kind == Zero ? 0 : kind == Id ? 1 : 2; }
  std::int64_t eval(std::int64_t x) const {
    switch (kind) {
      case Zero: return 0;
      case Id: return x;
      case Minus1: return x - 1;
      case Plus1: return x + 1;
      case Div: return x / m;
      case Mod: return x % m;
    }
    return 0;
  }
  std::string text(const std::string& x) const {
    switch (kind) {
      case Zero: return "";
      case Id: return x;
      case Minus1: return "(" + x + " - 1)";
      case Plus1: return "(" + x + " + 1)";
      case Div: return x + " / " + std::to_string(m);
      case Mod: return x + " % " + std::to_string(m);
    }
    return "";
  }
};

std::vector<Term> term_list(int analysed) {
  std::vector<Term> t{{Term::Zero, 1}, {Term::Id, 1}};
  if (analysed > 4) return t;
  t.push_back({Term::Minus1, 1});
  t.push_back({Term::Plus1, 1});
  const std::int64_t top = analysed <= 3 ? 8 : 2;
  for (std::int64_t m = 2; m <= top; ++m) t.push_back({Term::Div, m});
  for (std::int64_t m = 2; m <= top; ++m) t.push_back({Term::Mod, m});
  return t;
}

using Combo = std::vector<int>;  // a term index per coordinate (Zero for skipped ones)

struct XorSearch {
  std::vector<Term> terms;
  std::vector<int> coords;  // analysed coordinates
  int arity = 0;
  std::vector<Combo> combos;  // every combination, by cost

  XorSearch(int n, const std::vector<int>& analysed) : terms(term_list(static_cast<int>(analysed.size()))), coords(analysed), arity(n) {
    Combo c(static_cast<std::size_t>(n), 0);
    std::function<void(std::size_t)> rec = [&](std::size_t k) {
      if (k == coords.size()) {
        combos.push_back(c);
        return;
      }
      for (int t = 0; t < static_cast<int>(terms.size()); ++t) {
        c[static_cast<std::size_t>(coords[k])] = t;
        rec(k + 1);
      }
    };
    rec(0);
    std::stable_sort(combos.begin(), combos.end(), [&](const Combo& a, const Combo& b) { return cost(a) < cost(b); });
    // The all-Zero combination (G = 0) is still a candidate: every position a P-position.
  }
  int cost(const Combo& c) const {
    int s = 0;
    for (int t : c) s += terms[static_cast<std::size_t>(t)].cost();
    return s;
  }
  std::int64_t eval(const Combo& c, const core::Position& p) const {
    std::int64_t v = 0;
    for (int i : coords) v ^= terms[static_cast<std::size_t>(c[static_cast<std::size_t>(i)])].eval(p[i]);
    return v;
  }
  std::string text(const Combo& c, const std::vector<std::string>& names) const {
    std::string s;
    for (int i : coords) {
      const std::string t = terms[static_cast<std::size_t>(c[static_cast<std::size_t>(i)])].text(names[static_cast<std::size_t>(i)]);
      if (t.empty()) continue;
      s += (s.empty() ? "" : " ^ ") + t;
    }
    return s.empty() ? "0" : s;
  }
  // Cells where the combination fails, stopping after cap + 1.
  std::vector<const Cell*> failures(const Combo& c, const std::vector<const Cell*>& cells, std::size_t cap) const {
    std::vector<const Cell*> f;
    runtime::StopPoll poll;
    for (const Cell* cell : cells) {
      poll();
      if (eval(c, cell->pos) != static_cast<std::int64_t>(cell->value)) {
        f.push_back(cell);
        if (f.size() > cap) break;
      }
    }
    return f;
  }
};

std::vector<const Cell*> pointers(const std::vector<Cell>& cells, const std::function<bool(const Cell&)>& keep) {
  std::vector<const Cell*> out;
  for (const Cell& c : cells)
    if (keep(c)) out.push_back(&c);
  return out;
}

// The cheapest exact combination on `full`, pruned first on `corner`.
std::optional<Combo> cheapest_exact(const XorSearch& s, const std::vector<const Cell*>& corner,
                                     const std::vector<const Cell*>& full) {
  for (const Combo& c : s.combos)
    if (s.failures(c, corner, 0).empty() && s.failures(c, full, 0).empty()) return c;
  return std::nullopt;
}

std::vector<Conjecture> grundy_forms(const Cells& cells, const std::vector<std::string>& names, int n,
                                     const std::vector<int>& analysed, std::size_t max_exceptions) {
  std::vector<Conjecture> out;
  const XorSearch s(n, analysed);
  const auto all = pointers(cells.all, [](const Cell&) { return true; });
  const auto corner = pointers(cells.corner, [](const Cell&) { return true; });
  // 1. Exact forms, all those of the least cost.
  int best = -1;
  for (const Combo& c : s.combos) {
    if (best >= 0 && s.cost(c) > best) break;
    if (!s.failures(c, corner, 0).empty() || !s.failures(c, all, 0).empty()) continue;
    best = s.cost(c);
    out.push_back({s.text(c, names), best, {}});
    if (out.size() >= kCandidates) break;
  }
  if (!out.empty()) return out;
  // 2. By residue class of one coordinate: the cheapest exact form in each class.
  for (std::int64_t k = 2; k <= 4 && out.empty(); ++k) {
    for (int i : analysed) {
      std::vector<std::string> parts;
      int cost = static_cast<int>(k);
      for (std::int64_t r = 0; r < k; ++r) {
        auto in_class = [&](const Cell& c) { return c.pos[i] % k == r; };
        const auto f = cheapest_exact(s, pointers(cells.corner, in_class), pointers(cells.all, in_class));
        if (!f) break;
        parts.push_back(s.text(*f, names));
        cost += s.cost(*f);
      }
      if (parts.size() != static_cast<std::size_t>(k)) continue;
      const std::string x = names[static_cast<std::size_t>(i)];
      std::string e;
      for (std::int64_t r = 0; r + 1 < k; ++r)
        e += x + " % " + std::to_string(k) + " == " + std::to_string(r) + " ? " + parts[static_cast<std::size_t>(r)] + " : ";
      e += parts.back();
      out.push_back({e, cost, {}});
      break;
    }
  }
  if (!out.empty()) return out;
  // 3. The form with the fewest exceptions, if few.
  if (max_exceptions == 0) return out;
  std::optional<std::pair<std::size_t, Combo>> near;
  for (const Combo& c : s.combos) {
    const std::size_t cap = near ? near->first - 1 : max_exceptions;
    if (near && near->first == 1) break;
    if (s.failures(c, corner, cap).size() > cap) continue;
    const auto f = s.failures(c, all, cap);
    if (f.size() <= cap && !f.empty()) near = std::make_pair(f.size(), c);
  }
  if (near) {
    Conjecture cj{s.text(near->second, names), s.cost(near->second), {}};
    for (const Cell* c : s.failures(near->second, all, max_exceptions)) cj.exceptions.emplace_back(c->pos, c->value);
    out.push_back(cj);
  }
  return out;
}

// ---- Residue conditions in their simplest form ----

// `v % d in S`, on a variable whose values are residues mod some dom that d divides (every dom
// here is at most 8): `set` has bit r for each r in S. d == 1 is no condition.
struct Atom {
  std::int64_t d = 1;
  std::uint64_t set = 1;
  bool operator==(const Atom&) const = default;
};

std::uint64_t full_mask(std::int64_t d) { return (std::uint64_t{1} << d) - 1; }

// The residues mod dom that satisfy the atom.
std::uint64_t lift(const Atom& a, std::int64_t dom) {
  std::uint64_t m = 0;
  for (std::int64_t r = 0; r < dom; ++r)
    if (a.set >> (r % a.d) & 1) m |= std::uint64_t{1} << r;
  return m;
}

// The same condition with the least modulus: {0, 2} mod 4 is 0 mod 2, {0, 1, 2} mod 3 is none.
Atom reduce(const Atom& a) {
  for (std::int64_t d = 1; d < a.d; ++d) {
    if (a.d % d != 0) continue;
    std::uint64_t m = 0;
    for (std::int64_t r = 0; r < a.d; ++r)
      if (a.set >> r & 1) m |= std::uint64_t{1} << (r % d);
    if (lift({d, m}, a.d) == a.set) return {d, m};
  }
  return a;
}

// "x % 4 == 1", "x % 3 != 2" or "x % 6 in {0, 1, 4}"; empty for no condition.
std::string atom_text(const std::string& v, const Atom& a) {
  if (a.d == 1 || a.set == full_mask(a.d)) return "";
  const std::string lhs = v + " % " + std::to_string(a.d);
  const int n = std::popcount(a.set);
  if (n == 1) return lhs + " == " + std::to_string(std::countr_zero(a.set));
  if (n == a.d - 1) return lhs + " != " + std::to_string(std::countr_zero(~a.set & full_mask(a.d)));
  std::string s;
  for (std::int64_t r = 0; r < a.d; ++r)
    if (a.set >> r & 1) s += (s.empty() ? "" : ", ") + std::to_string(r);
  return lhs + " in {" + s + "}";
}

// `v % q` is P on the residues `p` and N on `n` (bit masks); residues in neither have no cell in
// the box, so either answer agrees with it there. The shortest text over every modulus d of q
// that separates p from n, reading the others as P or as N.
std::string residue_text(const std::string& v, std::int64_t q, std::uint64_t p, std::uint64_t n) {
  for (std::int64_t d = 1; d <= q; ++d) {
    if (q % d != 0) continue;
    std::uint64_t pd = 0, nd = 0;
    for (std::int64_t r = 0; r < q; ++r) {
      if (p >> r & 1) pd |= std::uint64_t{1} << (r % d);
      if (n >> r & 1) nd |= std::uint64_t{1} << (r % d);
    }
    if (pd & nd) continue;
    const std::string a = atom_text(v, reduce({d, pd})), b = atom_text(v, reduce({d, ~nd & full_mask(d)}));
    return b.size() < a.size() ? b : a;
  }
  return "";  // not reached: d = q separates them
}

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string s;
  for (const auto& p : parts)
    if (!p.empty()) s += (s.empty() ? "" : sep) + p;
  return s;
}

// A variable of a residue lookup: `name % dom`.
struct ResidueVar {
  std::string name;
  std::int64_t dom;
};

// A disjunction of conjunctions of residue conditions that holds on every key of `p` and on no
// key of `n` (keys: one residue per variable), or nothing if the search finds none (it then
// stays a lookup table). Two-level minimisation in the manner of Quine-McCluskey, greedy where
// that is exact would cost too much: each P key is widened, one variable at a time in a few
// orders, to the weakest residue condition that still holds on no N key; a greedy cover of the
// P keys picks among those products; products that differ in one variable only are merged.
std::optional<std::string> residue_dnf(const std::vector<ResidueVar>& vars, const std::vector<std::vector<int>>& p,
                                       const std::vector<std::vector<int>>& n) {
  const std::size_t nv = vars.size();
  const std::size_t words = (n.size() + 63) / 64;
  // by_value[j][r]: the N keys whose variable j is r.
  std::vector<std::vector<std::vector<std::uint64_t>>> by_value(nv);
  for (std::size_t j = 0; j < nv; ++j) {
    by_value[j].assign(static_cast<std::size_t>(vars[j].dom), std::vector<std::uint64_t>(words, 0));
    for (std::size_t k = 0; k < n.size(); ++k)
      by_value[j][static_cast<std::size_t>(n[k][j])][k / 64] |= std::uint64_t{1} << (k % 64);
  }
  using Product = std::vector<Atom>;
  auto hits_n = [&](const Product& t) {
    std::vector<std::uint64_t> acc(words, ~std::uint64_t{0});
    for (std::size_t j = 0; j < nv; ++j) {
      std::vector<std::uint64_t> m(words, 0);
      const std::uint64_t values = lift(t[j], vars[j].dom);
      for (std::int64_t r = 0; r < vars[j].dom; ++r)
        if (values >> r & 1)
          for (std::size_t w = 0; w < words; ++w) m[w] |= by_value[j][static_cast<std::size_t>(r)][w];
      for (std::size_t w = 0; w < words; ++w) acc[w] &= m[w];
    }
    for (std::size_t k = 0; k < n.size(); ++k)
      if (acc[k / 64] >> (k % 64) & 1) return true;
    return false;
  };
  auto holds = [&](const Product& t, const std::vector<int>& key) {
    for (std::size_t j = 0; j < nv; ++j)
      if (!(t[j].set >> (key[j] % t[j].d) & 1)) return false;
    return true;
  };
  // Widen every P key into products that hold on no N key.
  std::vector<Product> products;
  for (const auto& seed : p) {
    for (std::size_t rot = 0; rot < nv; ++rot) {
      Product t(nv);
      for (std::size_t j = 0; j < nv; ++j) t[j] = {vars[j].dom, std::uint64_t{1} << seed[j]};
      for (std::size_t s = 0; s < nv; ++s) {
        const std::size_t j = (rot + s) % nv;
        for (std::int64_t d = 1; d <= vars[j].dom; ++d) {
          if (vars[j].dom % d != 0) continue;
          const Atom keep = t[j];
          t[j] = {d, std::uint64_t{1} << (seed[j] % d)};
          if (hits_n(t)) {
            t[j] = keep;
            continue;
          }
          for (std::int64_t r = 0; r < d; ++r) {
            const Atom before = t[j];
            t[j].set |= std::uint64_t{1} << r;
            if (t[j] != before && hits_n(t)) t[j] = before;
          }
          t[j] = reduce(t[j]);
          break;
        }
      }
      if (std::find(products.begin(), products.end(), t) == products.end()) products.push_back(t);
    }
  }
  auto cost = [](const Product& t) {
    int c = 0;
    for (const Atom& a : t) c += a.d > 1;
    return c;
  };
  // Greedy cover: the product holding on the most P keys not yet covered, the simpler on a tie.
  std::vector<Product> cover;
  std::vector<bool> covered(p.size(), false);
  for (std::size_t left = p.size(); left > 0;) {
    std::size_t best = products.size(), best_gain = 0;
    for (std::size_t i = 0; i < products.size(); ++i) {
      std::size_t gain = 0;
      for (std::size_t k = 0; k < p.size(); ++k) gain += !covered[k] && holds(products[i], p[k]);
      if (gain > best_gain || (gain == best_gain && gain > 0 && cost(products[i]) < cost(products[best]))) {
        best = i;
        best_gain = gain;
      }
    }
    if (best == products.size()) return std::nullopt;
    for (std::size_t k = 0; k < p.size(); ++k) covered[k] = covered[k] || holds(products[best], p[k]);
    left -= best_gain;
    cover.push_back(products[best]);
  }
  // Merge products equal but in one variable (their union still holds on no N key).
  for (bool merged = true; merged;) {
    merged = false;
    for (std::size_t a = 0; a < cover.size() && !merged; ++a)
      for (std::size_t b = a + 1; b < cover.size() && !merged; ++b) {
        std::size_t differ = nv, count = 0;
        for (std::size_t j = 0; j < nv; ++j)
          if (lift(cover[a][j], vars[j].dom) != lift(cover[b][j], vars[j].dom)) {
            differ = j;
            ++count;
          }
        if (count > 1) continue;
        if (count == 1)
          cover[a][differ] = reduce({vars[differ].dom, lift(cover[a][differ], vars[differ].dom) |
                                                           lift(cover[b][differ], vars[differ].dom)});
        cover.erase(cover.begin() + static_cast<std::ptrdiff_t>(b));
        merged = true;
      }
  }
  // The slow twin: every P key holds, no N key does.
  auto any_holds = [&](const std::vector<int>& key) {
    return std::any_of(cover.begin(), cover.end(), [&](const Product& t) { return holds(t, key); });
  };
  if (!std::all_of(p.begin(), p.end(), any_holds) || std::any_of(n.begin(), n.end(), any_holds)) return std::nullopt;
  std::vector<std::string> terms;
  for (const Product& t : cover) {
    std::vector<std::string> atoms;
    for (std::size_t j = 0; j < nv; ++j) atoms.push_back(atom_text(vars[j].name, t[j]));
    const std::string term = join(atoms, " && ");
    if (term.empty()) return std::nullopt;  // holds everywhere: not reached, as n is not empty
    terms.push_back(term);
  }
  return join(terms, " || ");
}

// ---- P-positions = B_m and residue conditions ----

std::int64_t nim_sum_div(const core::Position& p, const std::vector<int>& coords, std::int64_t m) {
  std::int64_t v = 0;
  for (int i : coords) v ^= p[i] / m;
  return v;
}

// B_m as the papers write it: x / m ^ y / m ^ z / m == 0 (the bitwise operators bind tighter
// than the comparisons).
std::string b_text(const std::vector<int>& coords, const std::vector<std::string>& names, std::int64_t m) {
  std::string s;
  for (int i : coords)
    s += (s.empty() ? "" : " ^ ") + names[static_cast<std::size_t>(i)] + (m > 1 ? " / " + std::to_string(m) : "");
  return s + " == 0";
}

std::uint64_t mask_of(const std::vector<std::int64_t>& residues) {
  std::uint64_t m = 0;
  for (std::int64_t r : residues) m |= std::uint64_t{1} << r;
  return m;
}

// `v % q` in the residues `set` (every residue present in the box), in its simplest form.
std::string set_text(const std::string& v, std::int64_t q, const std::vector<std::int64_t>& set) {
  return residue_text(v, q, mask_of(set), ~mask_of(set) & full_mask(q));
}

// A candidate shape: the cells with B_m (m = 0: all cells) are P exactly when key(cell) lies in
// a set learnt from the data; `render` writes the predicate for that set.
struct Shape {
  int complexity = 0;
  std::int64_t m = 0;
  std::function<std::int64_t(const Cell&)> key;
  std::function<std::optional<std::string>(const std::map<std::int64_t, bool>&)> render;
};

// key -> P?, or nothing if a P-position lies outside B_m or two cells with one key disagree.
std::optional<std::map<std::int64_t, bool>> learn(const Shape& sh, const std::vector<Cell>& cells,
                                                  const std::vector<int>& coords) {
  std::map<std::int64_t, bool> f;
  runtime::StopPoll poll;
  for (const Cell& c : cells) {
    poll();
    const bool p = c.value == 0;
    if (sh.m > 0 && nim_sum_div(c.pos, coords, sh.m) != 0) {
      if (p) return std::nullopt;
      continue;
    }
    auto [it, fresh] = f.emplace(sh.key(c), p);
    if (!fresh && it->second != p) return std::nullopt;
  }
  return f;
}

std::vector<std::int64_t> keys_with(const std::map<std::int64_t, bool>& f, bool value) {
  std::vector<std::int64_t> out;
  for (const auto& [k, v] : f)
    if (v == value) out.push_back(k);
  return out;
}

// `total` is written as the coordinate it is when it sums only one (a one-heap game: x).
std::vector<Shape> shapes(const std::vector<int>& coords, const std::vector<std::string>& names,
                          const std::string& total) {
  std::vector<Shape> out;
  auto all_in = [&](std::int64_t q, unsigned mask) {
    std::string s;
    std::vector<std::int64_t> set;
    for (std::int64_t r = 0; r < q; ++r)
      if (mask >> r & 1) set.push_back(r);
    for (int i : coords) s += (s.empty() ? "" : " && ") + set_text(names[static_cast<std::size_t>(i)], q, set);
    return s;
  };
  auto in_mask = [&](const Cell& c, std::int64_t q, unsigned mask) {
    for (int i : coords)
      if (!(mask >> (c.pos[i] % q) & 1)) return false;
    return true;
  };
  const std::vector<std::int64_t> ms{1, 2, 3, 4, 5, 6, 7, 8, 0};
  auto mcost = [](std::int64_t m) { return m == 0 ? 0 : m == 1 ? 1 : 2; };
  // Level 0: B_m alone.
  for (std::int64_t m : ms) {
    if (m == 0) continue;
    out.push_back({mcost(m), m, [](const Cell&) { return 0; },
                   [](const std::map<std::int64_t, bool>& f) -> std::optional<std::string> {
                     if (keys_with(f, false).empty()) return std::string();
                     return std::nullopt;
                   }});
  }
  // Level 1: and the total's residue.
  for (std::int64_t m : ms)
    for (std::int64_t q = 2; q <= 8; ++q)
      out.push_back({10 + mcost(m) + static_cast<int>(q), m, [q](const Cell& c) { return c.total % q; },
                     [q, total](const std::map<std::int64_t, bool>& f) -> std::optional<std::string> {
                       const auto p = keys_with(f, true);
                       const auto n = keys_with(f, false);
                       if (p.empty() || n.empty()) return std::nullopt;
                       return residue_text(total, q, mask_of(p), mask_of(n));
                     }});
  // Level 2: and the coordinates' residues, with or without the total's.
  for (std::int64_t m : ms)
    for (std::int64_t q2 = 2; q2 <= 4; ++q2)
      for (unsigned mask = 1; mask + 1 < (1u << q2); ++mask) {
        out.push_back({20 + mcost(m) + static_cast<int>(q2), m,
                       [=](const Cell& c) { return std::int64_t{in_mask(c, q2, mask)}; },
                       [=](const std::map<std::int64_t, bool>& f) -> std::optional<std::string> {
                         if (f.count(1) && f.at(1) && !(f.count(0) && f.at(0))) return all_in(q2, mask);
                         return std::nullopt;
                       }});
        for (std::int64_t q = 2; q <= 8; ++q)
          out.push_back(
              {30 + mcost(m) + static_cast<int>(q + q2), m,
               [=](const Cell& c) { return (c.total % q) * 2 + (in_mask(c, q2, mask) ? 1 : 0); },
               [=](const std::map<std::int64_t, bool>& f) -> std::optional<std::string> {
                 // s(t, c): P, N or absent. Clause A: total alone; B: total and c; C: total and not c.
                 auto s = [&](std::int64_t t, int c) { auto it = f.find(t * 2 + c); return it == f.end() ? -1 : int{it->second}; };
                 std::vector<std::int64_t> a, b, cc;
                 bool c_implies_p = true;
                 for (std::int64_t t = 0; t < q; ++t) {
                   const int s0 = s(t, 0), s1 = s(t, 1);
                   if (s1 == 0) c_implies_p = false;
                   if (s0 == 1 && s1 != 0) a.push_back(t);
                   else if (s1 == 1) b.push_back(t);
                   else if (s0 == 1) cc.push_back(t);
                 }
                 if (b.empty() && cc.empty()) return std::nullopt;  // level 1 says it
                 if (a.empty() && cc.empty()) return std::nullopt;  // the c-only shape says it, or B alone
                 std::vector<std::string> clauses;
                 if (!a.empty()) clauses.push_back(set_text(total, q, a));
                 if (!b.empty())
                   clauses.push_back(c_implies_p ? all_in(q2, mask) : set_text(total, q, b) + " && " + all_in(q2, mask));
                 if (!cc.empty()) clauses.push_back(set_text(total, q, cc) + " && !(" + all_in(q2, mask) + ")");
                 std::string e;
                 for (const auto& c : clauses) e += (e.empty() ? "" : " || ") + c;
                 return e;
               }});
      }
  // Level 3: a lookup table on the coordinates' residues and the total's, written as residue
  // conditions (m % 2 == 0 && n % 3 != 2 || ...) unless the table itself is shorter.
  for (std::int64_t m : ms)
    for (std::int64_t q2 = 2; q2 <= 8; ++q2)
      for (std::int64_t q = 1; q <= 8; ++q) {
        out.push_back({100 + mcost(m) + static_cast<int>(q + q2), m,
                       [=](const Cell& c) {
                         std::int64_t k = 0;
                         for (int i : coords) k = k * q2 + c.pos[i] % q2;
                         return k * q + c.total % q;
                       },
                       [=](const std::map<std::int64_t, bool>& f) -> std::optional<std::string> {
                         const auto p = keys_with(f, true);
                         const auto n = keys_with(f, false);
                         if (p.empty() || n.empty() || p.size() > 64) return std::nullopt;
                         std::string k;
                         for (int i : coords) {
                           const std::string r = names[static_cast<std::size_t>(i)] + " % " + std::to_string(q2);
                           k = k.empty() ? r : "(" + k + ") * " + std::to_string(q2) + " + " + r;
                         }
                         if (q > 1) k = "(" + k + ") * " + std::to_string(q) + " + " + total + " % " + std::to_string(q);
                         std::string table;
                         for (std::int64_t v : p) table += (table.empty() ? "" : ", ") + std::to_string(v);
                         table = k + " in {" + table + "}";
                         std::vector<ResidueVar> vars;
                         for (int i : coords) vars.push_back({names[static_cast<std::size_t>(i)], q2});
                         if (q > 1) vars.push_back({total, q});
                         auto split = [&](const std::vector<std::int64_t>& keys) {
                           std::vector<std::vector<int>> tuples;
                           for (std::int64_t key : keys) {
                             std::vector<int> r(vars.size());
                             for (std::size_t j = vars.size(); j-- > 0;) {
                               r[j] = static_cast<int>(key % vars[j].dom);
                               key /= vars[j].dom;
                             }
                             tuples.push_back(r);
                           }
                           return tuples;
                         };
                         const auto dnf = residue_dnf(vars, split(p), split(n));
                         return dnf && dnf->size() <= table.size() ? *dnf : table;
                       }});
      }
  std::stable_sort(out.begin(), out.end(), [](const Shape& a, const Shape& b) { return a.complexity < b.complexity; });
  return out;
}

// B_m && rest, with parentheses only where || needs them.
std::string combine(const std::string& b, const std::string& rest) {
  if (b.empty()) return rest.empty() ? "1" : rest;
  if (rest.empty()) return b;
  return b + " && " + (rest.find("||") != std::string::npos ? "(" + rest + ")" : rest);
}

// Forms with a few exceptions: B_m failing at only a few cells.
std::optional<Conjecture> ppos_with_exceptions(const Cells& cells, const std::vector<std::string>& names,
                                               const std::vector<int>& coords, std::size_t max_exceptions) {
  if (max_exceptions == 0) return std::nullopt;  // an exact B_m is found among the shapes
  for (std::int64_t m = 1; m <= 8; ++m) {
    Conjecture cj{b_text(coords, names, m), m == 1 ? 1 : 2, {}};
    for (const Cell& c : cells.all) {
      if ((nim_sum_div(c.pos, coords, m) == 0) == (c.value == 0)) continue;
      cj.exceptions.emplace_back(c.pos, c.value == 0 ? 0 : 1);
      if (cj.exceptions.size() > max_exceptions) break;
    }
    if (cj.exceptions.size() <= max_exceptions) return cj;
  }
  return std::nullopt;
}

// The forms of the first level that has any, shortest text first.
std::vector<Conjecture> ppos_forms(const Cells& cells, const std::vector<std::string>& names,
                                   const std::vector<int>& coords, const std::string& total,
                                   std::size_t max_exceptions) {
  std::vector<Conjecture> out;
  int level = -1;
  bool tried_exceptions = false;
  for (const Shape& sh : shapes(coords, names, total)) {
    if (level >= 0 && sh.complexity / 10 != level) break;
    // A short exception list to a simple form reads better than a lookup table (level 3).
    if (sh.complexity >= 100 && !tried_exceptions) {
      tried_exceptions = true;
      if (auto cj = ppos_with_exceptions(cells, names, coords, max_exceptions)) return {*cj};
    }
    if (!learn(sh, cells.corner, coords)) continue;
    const auto f = learn(sh, cells.all, coords);
    if (!f) continue;
    // A lookup table must be backed by several cells per entry, or it only lists the box.
    if (sh.complexity >= 100) {
      std::size_t in_b = 0;
      for (const Cell& c : cells.all) in_b += sh.m == 0 || nim_sum_div(c.pos, coords, sh.m) == 0;
      if (in_b < 4 * f->size()) continue;
    }
    const auto rest = sh.render(*f);
    if (!rest) continue;
    const std::string e = combine(sh.m > 0 ? b_text(coords, names, sh.m) : "", *rest);
    if (std::any_of(out.begin(), out.end(), [&](const Conjecture& c) { return c.expression == e; })) continue;
    out.push_back({e, sh.complexity, {}});
    level = sh.complexity / 10;
    if (out.size() >= kCandidates) break;
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Conjecture& a, const Conjecture& b) { return a.expression.size() < b.expression.size(); });
  if (out.empty() && !tried_exceptions)
    if (auto cj = ppos_with_exceptions(cells, names, coords, max_exceptions)) out.push_back(*cj);
  return out;
}

// Calls f on the variables (coordinates, then total) of probe positions in the box doubled
// along every analysed coordinate (the others at 0): all of them, or 2^16 drawn with a fixed
// seed when there are more.
void for_each_probe(const core::Box& box, const std::vector<int>& analysed, const std::vector<bool>& in_total,
                    const std::function<void(const std::vector<std::int64_t>&)>& f) {
  constexpr std::uint64_t kProbes = std::uint64_t{1} << 16;
  const int n = box.arity();
  std::vector<std::int64_t> side(static_cast<std::size_t>(n), 1);
  std::uint64_t count = 1;
  for (int i : analysed) {
    side[static_cast<std::size_t>(i)] = 2 * box.extent(i);
    count = count > kProbes ? count : count * static_cast<std::uint64_t>(side[static_cast<std::size_t>(i)]);
  }
  std::vector<std::int64_t> vars(static_cast<std::size_t>(n + 1));
  std::mt19937_64 rng(20240611);
  runtime::StopPoll poll;
  for (std::uint64_t k = 0; k < std::min(count, kProbes); ++k) {
    poll();
    std::uint64_t idx = k;
    std::int64_t total = 0;
    for (int i = n - 1; i >= 0; --i) {
      const auto e = static_cast<std::uint64_t>(side[static_cast<std::size_t>(i)]);
      const std::uint64_t v = count <= kProbes ? idx % e : rng() % e;
      idx /= e;
      vars[static_cast<std::size_t>(i)] = static_cast<std::int64_t>(v);
      if (in_total[static_cast<std::size_t>(i)]) total += static_cast<std::int64_t>(v);
    }
    vars[static_cast<std::size_t>(n)] = total;
    f(vars);
  }
}

// Candidates equal on every cell of the box may still be different conjectures beyond it. Of
// those that also agree on the doubled box (textual variants, such as m % 4 in {0, 2} for
// m % 2 == 0), only the first, the simplest, is kept; then the list is cut to max_results.
std::vector<Conjecture> drop_variants(const std::vector<Conjecture>& cs, FormulaKind kind, const core::Box& box,
                                      const std::vector<std::string>& names, const std::vector<int>& analysed,
                                      const std::vector<bool>& in_total, std::size_t max_results) {
  std::vector<Conjecture> kept;
  std::vector<expr::Program> programs;
  for (const Conjecture& c : cs) {
    if (kept.size() >= max_results) break;
    const expr::Program prog = compile_formula("discover", c.expression, names);
    bool variant = false;
    for (std::size_t k = 0; k < kept.size() && !variant; ++k) {
      if (kept[k].exceptions != c.exceptions) continue;
      bool same = true;
      for_each_probe(box, analysed, in_total, [&](const std::vector<std::int64_t>& vars) {
        if (!same) return;
        try {
          const std::int64_t a = prog.eval(vars), b = programs[k].eval(vars);
          same = kind == FormulaKind::PPositions ? (a != 0) == (b != 0) : a == b;
        } catch (const expr::EvalError&) {
          same = false;
        }
      });
      variant = same;
    }
    if (variant) continue;
    kept.push_back(c);
    programs.push_back(prog);
  }
  return kept;
}

// The slow twin of every search above: the printed expression, compiled and evaluated by the
// expression engine on the whole box, must agree everywhere but at the listed exceptions.
void confirm(const core::DenseTable& t, const std::vector<std::string>& names, const Conjecture& c, FormulaKind kind,
             const std::vector<bool>& in_total) {
  const expr::Program prog = compile_formula("discover", c.expression, names);
  const FormulaReport r = check_formula(t, prog, kind, in_total, "discover", c.exceptions.size() + 1);
  bool ok = r.mismatches == static_cast<std::int64_t>(c.exceptions.size());
  for (std::size_t i = 0; ok && i < r.first.size(); ++i) ok = r.first[i].pos == c.exceptions[i].first;
  if (!ok)
    throw runtime::EngineError("discover: the found formula '" + c.expression + "' fails at " +
                               std::to_string(r.mismatches) + " cells when re-evaluated");
}

}  // namespace

std::uint64_t discover_bytes(std::uint64_t cells) {
  constexpr std::uint64_t per = 3 * sizeof(Cell) + 8 * sizeof(const Cell*);
  return cells > UINT64_MAX / per ? UINT64_MAX : cells * per;
}

DiscoverReport discover(const core::DenseTable& t, const std::vector<std::string>& names, const DiscoverOptions& o) {
  DiscoverReport rep;
  rep.box = t.box;
  const int n = t.box.arity();
  std::vector<int> analysed;
  for (int i = 0; i < n; ++i)
    if (std::find(o.skip.begin(), o.skip.end(), i) == o.skip.end()) analysed.push_back(i);
  std::vector<bool> in_total = o.in_total;
  in_total.resize(static_cast<std::size_t>(n), true);

  Cells cells;
  cells.all.reserve(t.box.count());  // one record per position: no growth by doubling
  if (t.box.count() > 0) {
    core::Position p(n);
    do {
      const core::Value v = t.at(p);
      if (v == core::kNoValue) continue;
      std::int64_t total = 0;
      for (int i = 0; i < n; ++i)
        if (in_total[static_cast<std::size_t>(i)]) total += p[i];
      cells.all.push_back({p, v, total});
      bool small = true;
      for (int i : analysed) small = small && p[i] < o.prune_side;
      if (small) cells.corner.push_back(cells.all.back());
    } while (t.box.next(p));
  }
  rep.positions = static_cast<std::int64_t>(cells.all.size());
  rep.exception_cap =
      std::min(o.max_exceptions,
               static_cast<std::size_t>(rep.positions * std::max<std::int64_t>(o.max_exceptions_percent, 0) / 100));

  // `total` summing one coordinate only is written as that coordinate.
  std::string total = "total";
  if (std::count(in_total.begin(), in_total.end(), true) == 1)
    total = names[static_cast<std::size_t>(std::find(in_total.begin(), in_total.end(), true) - in_total.begin())];
  if (t.eval == core::Evaluation::Grundy && !analysed.empty()) {
    rep.grundy = drop_variants(grundy_forms(cells, names, n, analysed, rep.exception_cap), FormulaKind::Grundy, t.box,
                               names, analysed, in_total, o.max_results);
    for (const auto& c : rep.grundy) confirm(t, names, c, FormulaKind::Grundy, in_total);
  }
  if (!analysed.empty()) {
    rep.ppos = drop_variants(ppos_forms(cells, names, analysed, total, rep.exception_cap), FormulaKind::PPositions,
                             t.box, names, analysed, in_total, o.max_results);
    for (const auto& c : rep.ppos) confirm(t, names, c, FormulaKind::PPositions, in_total);
  }
  StructureOptions so;
  so.skip = o.skip;
  so.lines = false;
  rep.structure = analyze_structure(t, so);
  return rep;
}

}  // namespace grundy::analysis
