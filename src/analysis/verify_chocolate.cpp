// The catalog of the chocolate paper (Manabe, Miyadera, Suetsugu, "Chocolate Games with a Pass"):
// one line per claim, as listed in data/golden/CLAIMS.md section 1, each checked by computation
// from the game definitions (Definitions 6, 7, 10, 11, 12) on boxes well beyond the printed
// tables. The 3-D games are solved by the fast chocolate solver, which the tests hold to the
// generic dense solver cell by cell; sums with a shared pass use the generic solver.
#include <algorithm>
#include <array>
#include <bit>
#include <functional>
#include <optional>

#include "analysis/golden.hpp"
#include "analysis/ns_property.hpp"
#include "analysis/verify.hpp"
#include "core/solve/dense_solver.hpp"
#include "core/solve/sum.hpp"
#include "games/chocolate.hpp"
#include "games/chocolate_solver.hpp"
#include "games/nim.hpp"
#include "games/registry.hpp"
#include "games/subtraction.hpp"
#include "transforms/with_pass.hpp"

namespace grundy::analysis {

namespace {

using core::Box;
using core::kNoValue;
using core::Position;
using core::Value;
using Fn1 = std::function<std::int64_t(std::int64_t)>;
using Fn2 = std::function<std::int64_t(std::int64_t, std::int64_t)>;

std::string num(std::int64_t v) { return std::to_string(v); }

std::string tup(std::initializer_list<std::int64_t> v) {
  std::string s = "(";
  for (auto it = v.begin(); it != v.end(); ++it) s += (it == v.begin() ? "" : ",") + num(*it);
  return s + ")";
}

// Box sizes: G_P (Definition 12) up to kGp; the game of Definition 10 on x < kX, z < kZ.
constexpr std::int64_t kGp = 512;
constexpr std::int64_t kX = 128, kZ = 128;
constexpr std::int64_t kZ2 = 1024;  // the 2-D bar CB_2 (Corollary 1, Lemma 5)

const std::string kLemma2Expr = "z == 0 ? 0 : (1 << log2(z)) - 1";

struct NamedH {
  std::string name;
  std::string expr;  // in z
};

// Functions h satisfying Definition 9 (NS, h(z) < z for z > 0, h(0) = 0).
const std::vector<NamedH>& def9_functions() {
  static const std::vector<NamedH> hs = {
      {"floor(z/2)", "z/2"}, {"floor(z/4)", "z/4"}, {"floor(z/6)", "z/6"}, {"Lemma 2's", kLemma2Expr}, {"0", "0"}};
  return hs;
}

std::string names_of(const std::vector<NamedH>& hs) {
  std::string s;
  for (const auto& h : hs) s += (s.empty() ? "" : ", ") + h.name;
  return s;
}

// ---- Two-heap Nim with a pass: G_P of Definition 12 ----------------------------------------

struct GpTable {
  std::int64_t n = 0;
  std::vector<Value> v;
  Value at(std::int64_t x, std::int64_t y) const { return v[static_cast<std::size_t>(x * n + y)]; }
};

// Definition 12's recursion, G_P(x,y) = mex({G_P(x',y)} U {G_P(x,y')} U {x xor y}), with one
// bitset per row and per column.
GpTable gp_table(std::int64_t n) {
  GpTable t;
  t.n = n;
  t.v.assign(static_cast<std::size_t>(n * n), 0);
  const auto words = static_cast<std::size_t>(2 * n / 64 + 2);
  std::vector<std::uint64_t> cols(static_cast<std::size_t>(n) * words, 0), row(words);
  auto set = [](std::uint64_t* b, Value v) { b[v / 64] |= std::uint64_t{1} << (v % 64); };
  for (std::int64_t x = 0; x < n; ++x) {
    std::fill(row.begin(), row.end(), 0);
    for (std::int64_t y = 0; y < n; ++y) {
      std::uint64_t* col = &cols[static_cast<std::size_t>(y) * words];
      Value m = 0;
      if (x != 0 || y != 0) {
        const auto pass = static_cast<Value>(x ^ y);
        for (std::size_t w = 0; w < words; ++w) {
          std::uint64_t u = row[w] | col[w];
          if (pass / 64 == w) u |= std::uint64_t{1} << (pass % 64);
          if (~u != 0) {
            m = static_cast<Value>(w * 64 + static_cast<std::size_t>(std::countr_one(u)));
            break;
          }
        }
      }
      t.v[static_cast<std::size_t>(x * n + y)] = m;
      set(row.data(), m);
      set(col, m);
    }
  }
  return t;
}

// ---- The game of Definition 10 (and its 2-D part CB_2) for one h ----------------------------

struct Def10 {
  NamedH h;
  std::vector<std::int64_t> hv;  // h(z), z < kZ2
  std::int64_t ny = 0;           // max h(z) + 1 over z < kZ
  core::DenseTable g3;           // (x, y, z, p), x < kX, z < kZ
  core::DenseTable g2;           // CB_2: (y, z), z < kZ2

  Value G(std::int64_t x, std::int64_t y, std::int64_t z, std::int64_t p) const { return g3.at(Position{x, y, z, p}); }
  Value G2(std::int64_t y, std::int64_t z) const { return g2.at(Position{y, z}); }

  // Every position (x,y,z) of the box.
  void each(const std::function<void(std::int64_t, std::int64_t, std::int64_t)>& f) const {
    for (std::int64_t x = 0; x < kX; ++x)
      for (std::int64_t z = 0; z < kZ; ++z)
        for (std::int64_t y = 0; y <= hv[static_cast<std::size_t>(z)]; ++y) f(x, y, z);
  }
};

Def10 solve_def10(const NamedH& h) {
  Def10 d;
  d.h = h;
  const games::Chocolate2 c2(h.expr);
  for (std::int64_t z = 0; z < kZ2; ++z) d.hv.push_back(c2.h(z));
  d.ny = d.hv[kZ - 1] + 1;
  d.g3 = games::solve_chocolate(games::Chocolate(h.expr), Box(Position{kX, d.ny, kZ, 2}));
  d.g2 = games::solve_chocolate2(c2, Box(Position{d.hv[kZ2 - 1] + 1, kZ2}));
  return d;
}

std::string h_list(const std::vector<Def10>& ds) {
  std::vector<NamedH> hs;
  for (const auto& d : ds) hs.push_back(d.h);
  return names_of(hs);
}

std::string def10_range(const std::vector<Def10>& ds) {
  return "x, z < " + num(kX) + ", y <= h(z), p = 0, 1; h = " + h_list(ds);
}

// ---- Definitions 6-8, Lemmas 1-3, Theorem 2 --------------------------------------------------

bool has_option(const games::Chocolate& c, const Position& from, const Position& to) {
  bool found = false;
  c.for_each_option(from, [&](const Position& o) { found = found || o == to; });
  return found;
}

void check_examples(VerifyReport& rep) {
  {
    const games::Chocolate c("(x+z)/3");
    Counterexamples bad;
    if (!c.check(Position{7, 6, 13}).empty()) bad.add("(7,6,13) is not a position: " + c.check(Position{7, 6, 13}));
    if (!has_option(c, Position{7, 6, 13}, Position{7, 3, 4})) bad.add("(7,3,4) is not an option of (7,6,13)");
    rep.expect("Example 2", "F(x,z) = floor((x+z)/3), move from (7,6,13)", bad,
               "(7,3,4) in move_F(7,6,13), y = min(F(7,4),6) = 3; the text calls z the \"first coordinate\" (typo: third)");
  }
  const games::Chocolate c("z/2");
  Counterexamples bad;
  if (!c.check(Position{5, 3, 7}).empty()) bad.add("(5,3,7) is not a position");
  for (const Position& o : {Position{3, 3, 7}, Position{5, 2, 7}, Position{5, 2, 5}})
    if (!has_option(c, Position{5, 3, 7}, o)) bad.add(core::to_string(o) + " is not an option of (5,3,7)");
  rep.expect("Example 3", "F(x,z) = floor(z/2), moves from (5,3,7)", bad,
             "(i) (3,3,7), (ii) (5,2,7), (iii) (5,2,5) with y = min(F(5,5),3) = 2");
}

void check_definition7(VerifyReport& rep) {
  Counterexamples bad;
  std::uint64_t positions = 0;
  for (const std::string src : {"(x+z)/3", "z/2", "x*z/4", "min(x, 2*z)", "3"}) {
    const games::Chocolate c(src);
    for (std::int64_t x = 0; x < 16; ++x)
      for (std::int64_t z = 0; z < 16; ++z)
        for (std::int64_t y = 0; y <= std::min<std::int64_t>(c.F(x, z), 15); ++y) {
          ++positions;
          const Position p{x, y, z};
          bool any = false;
          c.for_each_option(p, [&](const Position& o) {
            any = true;
            if (!c.check(o).empty()) bad.add("F = " + src + ": option " + core::to_string(o) + " of " + core::to_string(p));
          });
          if (any == (x == 0 && y == 0 && z == 0))
            bad.add("F = " + src + ": " + core::to_string(p) + (any ? " has a move" : " has no move"));
        }
  }
  rep.expect("Definition 7", "x, y, z < 16; F = (x+z)/3, z/2, x*z/4, min(x,2z), 3", bad,
             "every option keeps y <= F(x,z); (0,0,0) is the only terminal position (" + num(static_cast<std::int64_t>(positions)) +
                 " positions)");
}

std::vector<std::int64_t> sample1(std::int64_t n, const Fn1& h) {
  std::vector<std::int64_t> v;
  for (std::int64_t z = 0; z < n; ++z) v.push_back(h(z));
  return v;
}

std::vector<std::int64_t> sample2(std::int64_t n, const Fn2& f) {
  std::vector<std::int64_t> v;
  for (std::int64_t x = 0; x < n; ++x)
    for (std::int64_t z = 0; z < n; ++z) v.push_back(f(x, z));
  return v;
}

void check_lemmas_1_to_3(VerifyReport& rep) {
  {
    Counterexamples bad;
    for (std::int64_t k = 1; k <= 6; ++k) {
      const NsResult r = ns_property(sample1(4096, [&](std::int64_t z) { return z / (2 * k); }));
      if (!r.holds()) bad.add("k = " + num(k) + ": " + r.message);
    }
    rep.expect("Lemma 1", "k = 1..6, z, z' < 4096, all i", bad, "floor(z/(2k)) has the NS property (i)");
  }
  {
    Counterexamples bad;
    const NsResult r = ns_property(sample1(4096, lemma2_h));
    if (!r.holds()) bad.add(r.message);
    const games::Chocolate2 c(kLemma2Expr);
    for (std::int64_t z = 0; z < 4096; ++z)
      if (c.h(z) != lemma2_h(z)) bad.add("expression " + kLemma2Expr + " differs at z = " + num(z));
    rep.expect("Lemma 2", "z, z' < 4096, all i", bad, "2^floor(log2 z) - 1 (h(0) = 0) has the NS property (i)");
  }
  // Lemma 3 on every monotone h: {0..8} -> {0..8}.
  Counterexamples bad;
  std::int64_t total = 0, ns = 0;
  bool lemma2_seen = false;
  std::vector<std::int64_t> h(9, 0);
  std::function<void(std::size_t)> fill = [&](std::size_t z) {
    if (z == h.size()) {
      ++total;
      if (!ns_property(h).holds()) return;
      ++ns;
      bool is_lemma2 = true;
      for (std::size_t t = 1; t < h.size(); ++t) {
        const auto tz = static_cast<std::int64_t>(t);
        is_lemma2 = is_lemma2 && h[t] == lemma2_h(tz);
        if (h[t] > lemma2_h(tz)) {
          std::string text;
          for (auto v : h) text += (text.empty() ? "" : ",") + num(v);
          bad.add("h = (" + text + "): h(" + num(tz) + ") = " + num(h[t]) + " > " + num(lemma2_h(tz)));
        }
      }
      lemma2_seen = lemma2_seen || is_lemma2;
      return;
    }
    for (std::int64_t v = z == 0 ? 0 : h[z - 1]; v <= 8; ++v) {
      h[z] = v;
      fill(z + 1);
    }
  };
  fill(0);
  if (!lemma2_seen) bad.add("Lemma 2's function is not among the NS functions");
  rep.expect("Lemma 3", "every monotone h: {0..8} -> {0..8} (" + num(total) + " functions)", bad,
             num(ns) + " are NS, all with h(z) <= 2^floor(log2 z) - 1, and Lemma 2's function attains the bound; "
             "so h(z) < z for z > 0 (Definition 9) follows from NS (i)");
}

struct NamedF {
  std::string name;
  Fn2 f;
};

// First position of x, z < n (y <= F(x,z), y < ny) with G != x xor y xor z, if any.
std::optional<std::string> first_non_xor(const Fn2& f, std::int64_t n, std::int64_t ny, std::uint64_t* positions) {
  const auto t = games::solve_chocolate_grid(games::BoundGrid::of(n, n, f), ny, 1);
  Position p(4);
  std::optional<std::string> first;
  do {
    const Value v = t.at(p);
    if (v == kNoValue) continue;
    if (positions) ++*positions;
    if (!first && v != static_cast<Value>(p[0] ^ p[1] ^ p[2]))
      first = "G" + tup({p[0], p[1], p[2]}) + " = " + num(v) + ", x xor y xor z = " + num(p[0] ^ p[1] ^ p[2]);
  } while (t.box.next(p));
  return first;
}

// Definition 8 (ii) read literally asks g_n(0) = h_m(0) = 0 too (ERRATA B4).
void check_definition8(VerifyReport& rep) {
  constexpr std::int64_t n = 64;
  {
    const auto zf = sample2(n, [](auto, auto z) { return z / 2; });
    const auto cf = sample2(n, [](auto, auto) { return 3; });
    const NsResult lz = ns_property_2d(zf, n, n, true), lc = ns_property_2d(cf, n, n, true);
    const bool xz = !first_non_xor([](auto, auto z) { return z / 2; }, n, n, nullptr);
    const bool xc = !first_non_xor([](auto, auto) { return 3; }, n, n, nullptr);
    const std::string range = "x, z < " + num(n);
    if (!lz.holds() && !lc.holds() && xz && xc && ns_property_2d(zf, n, n).holds())
      rep.erratum("Definition 8 (ii)", range,
                  "read literally (each g_n, h_m has the NS property (i), so value 0 at 0), F(x,z) = floor(z/2) is "
                  "not NS (" + lz.message + ") and neither is F = 3, yet both have G = x xor y xor z: the literal "
                  "reading breaks Theorem 2 and the proof of Corollary 1. Checked instead: condition (a) for every "
                  "g_n and h_m (NS2), as in [8]");
    else
      rep.fail("Definition 8 (ii)", range, "expected the literal reading to reject floor(z/2) and 3 (ERRATA B4)");
  }
}

void check_theorem2(VerifyReport& rep) {
  constexpr std::int64_t n = 64;
  const std::vector<NamedF> ns_fs = {
      {"floor(z/2)", [](auto, auto z) { return z / 2; }},
      {"floor(z/4)", [](auto, auto z) { return z / 4; }},
      {"Lemma 2's h(z)", [](auto, auto z) { return lemma2_h(z); }},
      {"floor(x/2)", [](auto x, auto) { return x / 2; }},
      {"Lemma 2's h(x)", [](auto x, auto) { return lemma2_h(x); }},
      {"min(floor(x/2), floor(z/4))", [](auto x, auto z) { return std::min(x / 2, z / 4); }},
      {"min(h2(x), floor(z/2))", [](auto x, auto z) { return std::min(lemma2_h(x), z / 2); }},
      {"floor(max(x,z)/2)", [](auto x, auto z) { return std::max(x, z) / 2; }},
      {"3", [](auto, auto) { return 3; }},
      {"0", [](auto, auto) { return 0; }},
  };
  {
    Counterexamples bad;
    std::uint64_t positions = 0;
    std::string names;
    for (const auto& [name, f] : ns_fs) {
      names += (names.empty() ? "" : ", ") + name;
      const NsResult r = ns_property_2d(sample2(n, f), n, n);
      if (!r.holds()) bad.add("F = " + name + " is not NS2: " + r.message);
      if (auto c = first_non_xor(f, n, n, &positions)) bad.add("F = " + name + ": " + *c);
    }
    rep.expect("Theorem 2 (if)", "x, z < " + num(n) + ", y <= F(x,z); F = " + names, bad,
               "each F is NS2 on the box and G = x xor y xor z at all " + num(static_cast<std::int64_t>(positions)) +
                   " positions");
  }
  // Only if: every monotone F on a 4x4 box with values 0..3 (on a box of side 2^k condition (a)
  // restricted to the box is exactly (a) for the functions on {0..2^k-1}), then named non-NS F.
  Counterexamples bad;
  std::int64_t total = 0, ns = 0;
  std::vector<std::int64_t> f(16, 0);
  std::function<void(int)> fill = [&](int cell) {
    if (cell == 16) {
      ++total;
      const bool is_ns = ns_property_2d(f, 4, 4).holds();
      ns += is_ns;
      const bool is_xor = !first_non_xor([&](auto x, auto z) { return f[static_cast<std::size_t>(x * 4 + z)]; }, 4, 4, nullptr);
      if (is_ns != is_xor) {
        std::string s;
        for (auto v : f) s += num(v);
        bad.add("F = " + s + " (row-major): NS2 " + (is_ns ? "holds" : "fails") + ", G = xor " + (is_xor ? "holds" : "fails"));
      }
      return;
    }
    const int x = cell / 4, z = cell % 4;
    std::int64_t lo = 0;
    if (x > 0) lo = std::max(lo, f[static_cast<std::size_t>(cell - 4)]);
    if (z > 0) lo = std::max(lo, f[static_cast<std::size_t>(cell - 1)]);
    for (std::int64_t v = lo; v <= 3; ++v) {
      f[static_cast<std::size_t>(cell)] = v;
      fill(cell + 1);
    }
  };
  fill(0);
  const std::vector<NamedF> non_ns = {
      {"floor((x+z)/3)", [](auto x, auto z) { return (x + z) / 3; }},
      {"floor(z/3)", [](auto, auto z) { return z / 3; }},
      {"floor((x+z)/2)", [](auto x, auto z) { return (x + z) / 2; }},
      {"floor(x*z/8)", [](auto x, auto z) { return x * z / 8; }},
  };
  std::string found;
  for (const auto& [name, fn] : non_ns) {
    const NsResult r = ns_property_2d(sample2(32, fn), 32, 32);
    if (r.holds()) bad.add("F = " + name + " is NS2 after all");
    if (auto c = first_non_xor(fn, 32, 32, nullptr))
      found += "; " + name + ": " + *c;
    else
      found += "; " + name + ": inconclusive (no counterexample in the box)";
  }
  rep.expect("Theorem 2 (only if)",
             "every monotone F on x, z < 4 with values 0..3 (" + num(total) + "); non-NS F on x, z < 32", bad,
             num(ns) + " of the " + num(total) + " are NS2, exactly those with G = x xor y xor z" + found);
}

// ---- Corollary 1, Table 1, Lemmas 4-5 (the 2-D bar) --------------------------------------------

void check_corollary1(VerifyReport& rep, const std::vector<Def10>& ds) {
  const std::vector<NamedH> extra = {{"floor(z/12)", "z/12"}, {"min(floor(z/2), 5)", "min(z/2, 5)"}};
  Counterexamples bad;
  std::uint64_t positions = 0;
  std::vector<NamedH> names;
  auto check = [&](const NamedH& h, const core::DenseTable& t) {
    names.push_back(h);
    Position p(2);
    do {
      const Value v = t.at(p);
      if (v == kNoValue) continue;
      ++positions;
      if (v != static_cast<Value>(p[0] ^ p[1]))
        bad.add("h = " + h.name + ": G" + tup({p[0], p[1]}) + " = " + num(v) + ", y xor z = " + num(p[0] ^ p[1]));
    } while (t.box.next(p));
  };
  for (const auto& d : ds) check(d.h, d.g2);
  for (const auto& h : extra) {
    const games::Chocolate2 c(h.expr);
    check(h, games::solve_chocolate2(c, Box(Position{c.h(kZ2 - 1) + 1, kZ2})));
  }
  rep.expect("Corollary 1", "z < " + num(kZ2) + ", y <= h(z); h = " + names_of(names), bad,
             "G(CB_2(h,y,z)) = y xor z at " + num(static_cast<std::int64_t>(positions)) + " positions");
}

void check_table1(VerifyReport& rep, const Def10& lemma2) {
  const GoldenTable g = load_golden("chocolate_table1.tsv");
  Counterexamples wrong, blanks;
  std::string errata;
  for (std::size_t r = 0; r < g.row_keys.size(); ++r)
    for (std::size_t c = 0; c < g.col_keys.size(); ++c) {
      const std::int64_t y = g.row_keys[r], z = g.col_keys[c];
      const bool position = y <= lemma2.hv[static_cast<std::size_t>(z)];
      const auto& printed = g.cells[r][c];
      if (printed.has_value() != position) {
        blanks.add(tup({y, z}) + (position ? " is a position but printed blank" : " is not a position but printed"));
        continue;
      }
      if (!position) continue;
      const Value v = lemma2.G2(y, z);
      if (static_cast<Value>(*printed) != v) {
        wrong.add(tup({y, z}));
        errata += (errata.empty() ? "" : "; ") + std::string("(y,z) = ") + tup({y, z}) + ": printed " + num(*printed) +
                  ", computed " + num(v) + " = y xor z";
      }
    }
  const std::string range = "y < 8, z < 16 (as printed), h = Lemma 2's (admits every printed cell)";
  if (!blanks.empty())
    rep.fail("Table 1", range, "blank cells are not exactly the non-positions: " + blanks.summary());
  else if (!wrong.empty())
    rep.erratum("Table 1", range, errata + "; blank cells are exactly the non-positions y > 2^floor(log2 z) - 1");
  else
    rep.pass("Table 1", range, "every printed cell agrees; blank cells are exactly the non-positions");
}

void check_lemma4(VerifyReport& rep) {
  Counterexamples bad;
  for (std::int64_t z = 16; z < 4096; ++z)
    for (std::int64_t y = 0; y <= lemma2_h(z); ++y)
      if ((y ^ z) < 16) bad.add(tup({y, z}));
  rep.expect("Lemma 4", "16 <= z < 4096, y <= 2^floor(log2 z) - 1", bad,
             "y xor z >= 16; by Lemma 3 every NS h lies below Lemma 2's function, so this covers every NS h");
}

void check_lemma5(VerifyReport& rep, const std::vector<Def10>& ds) {
  static const std::vector<std::vector<std::pair<std::int64_t, std::int64_t>>> sets = {
      {{0, 0}},
      {{0, 1}},
      {{0, 2}, {1, 3}},
      {{0, 3}, {1, 2}},
      {{0, 4}, {1, 5}, {2, 6}, {3, 7}},
      {{0, 5}, {1, 4}, {2, 7}, {3, 6}},
      {{0, 6}, {1, 7}, {2, 4}, {3, 5}},
      {{0, 7}, {1, 6}, {2, 5}, {3, 4}},
      {{0, 8}, {1, 9}, {2, 10}, {3, 11}, {4, 12}, {5, 13}, {6, 14}, {7, 15}},
  };
  Counterexamples bad;
  std::vector<NamedH> names;
  for (const auto& d : ds) {
    if (d.h.expr != "z/2" && d.h.expr != "z/4" && d.h.expr != kLemma2Expr) continue;
    names.push_back(d.h);
    for (std::int64_t z = 0; z < kZ2; ++z)
      for (std::int64_t y = 0; y <= d.hv[static_cast<std::size_t>(z)]; ++y) {
        const Value v = d.G2(y, z);
        for (std::size_t level = 0; level < sets.size(); ++level) {
          const bool listed = std::find(sets[level].begin(), sets[level].end(), std::pair{y, z}) != sets[level].end();
          if (listed != (v == level))
            bad.add("h = " + d.h.name + ": G" + tup({y, z}) + " = " + num(v) + (listed ? ", listed for " : ", not listed for ") +
                    num(static_cast<std::int64_t>(level)));
        }
      }
  }
  rep.expect("Lemma 5", "z < " + num(kZ2) + ", y <= h(z), values 0..8; h = " + names_of(names), bad,
             "each level set {G = v}, v <= 8, is exactly the listed pairs with y <= h(z)");
}

// ---- Theorem 3, Definition 10, Definition 12, Table 2 ----------------------------------------

void check_theorem3(VerifyReport& rep, const std::vector<Def10>& ds) {
  Counterexamples bad;
  std::uint64_t positions = 0;
  for (const auto& d : ds)
    d.each([&](std::int64_t x, std::int64_t y, std::int64_t z) {
      ++positions;
      const auto xor3 = static_cast<Value>(x ^ y ^ z);
      if (d.G(x, y, z, 0) != xor3) bad.add("h = " + d.h.name + ": G" + tup({x, y, z}) + " = " + num(d.G(x, y, z, 0)));
    });
  rep.expect("Theorem 3", "x, z < " + num(kX) + ", y <= h(z); h = " + h_list(ds), bad,
             "G(x,y,z) = x xor y xor z at " + num(static_cast<std::int64_t>(positions)) +
                 " positions; so the P-positions are exactly x xor y xor z = 0");
  // Theorem 3 needs NS: h = floor(z/3) has h(0) = 0 and h(z) < z, but is not NS.
  const std::string expr = "z/3";
  const auto t = games::solve_chocolate(games::Chocolate(expr), Box(Position{32, 22, 64}));
  std::optional<std::string> first;
  Position p(3);
  do {
    const Value v = t.at(p);
    if (v != kNoValue && !first && v != static_cast<Value>(p[0] ^ p[1] ^ p[2]))
      first = "G" + tup({p[0], p[1], p[2]}) + " = " + num(v) + ", x xor y xor z = " + num(p[0] ^ p[1] ^ p[2]);
  } while (t.box.next(p));
  const NsResult r = ns_property(sample1(64, [](std::int64_t z) { return z / 3; }));
  if (first && !r.holds())
    rep.pass("Theorem 3 needs NS: fails for h = floor(z/3)", "x < 32, z < 64",
             "h(z) < z and h(0) = 0, but NS fails (" + r.message + "); first counterexample: " + *first);
  else
    rep.fail("Theorem 3 needs NS: fails for h = floor(z/3)", "x < 32, z < 64", "no counterexample found");
}

void check_after_def10(VerifyReport& rep, const std::vector<Def10>& ds) {
  Counterexamples bad;
  for (const auto& d : ds)
    d.each([&](std::int64_t x, std::int64_t y, std::int64_t z) {
      const Value v = d.G(x, y, z, 0);
      if (v != static_cast<Value>(x ^ y ^ z)) bad.add("h = " + d.h.name + ": G" + tup({x, y, z, 0}) + " = " + num(v));
    });
  rep.expect("Definition 10 (G(x,y,z,0) = x xor y xor z)", def10_range(ds), bad,
             "once the pass is used the game is that of Theorem 3");
}

void check_theorem1(VerifyReport& rep) {
  // Outcomes by plain win/loss recursion (generic solver), against the fast solver's values.
  const games::Chocolate c("z/2");
  const transforms::WithPass<games::Chocolate> g(c);
  const Box box(Position{16, 8, 16, 2});
  const auto outcome = core::solve_dense(g, box, core::Evaluation::NormalOutcome);
  const auto values = games::solve_chocolate(c, box);
  Counterexamples bad;
  Position p(4);
  do {
    const Value o = outcome.at(p), v = values.at(p);
    if ((o == kNoValue) != (v == kNoValue) || (o != kNoValue && (o == 0) != (v == 0)))
      bad.add(core::to_string(p) + ": outcome " + (o == 0 ? "P" : "N") + ", G = " + num(v));
  } while (box.next(p));
  rep.expect("Theorem 1", "Definition 10 game, h = floor(z/2), x, z < 16, p = 0, 1", bad,
             "G = 0 iff P-position, outcomes by win/loss recursion");
}

void check_sets_before_def11(VerifyReport& rep, const core::DenseTable& nim2) {
  Counterexamples bad;
  const std::int64_t n = nim2.box.extent(0);
  for (std::int64_t x = 0; x < n; ++x)
    for (std::int64_t y = 0; y < n; ++y)
      for (std::int64_t p = 0; p <= 1; ++p) {
        const bool a1 = p == 1 && x % 2 == 1 && x + 1 == y;
        const bool a2 = p == 1 && x % 2 == 0 && x != 0 && x - 1 == y;
        const bool a3 = p == 0 && x == y;
        const bool terminal = p == 1 && x == 0 && y == 0;
        const bool is_p = nim2.at(Position{x, y, p}) == 0;
        if (is_p != (a1 || a2 || a3 || terminal)) bad.add(tup({x, y, p}));
      }
  rep.expect("Sets A_1, A_2, A_3 before Definition 11", "two-heap Nim with a pass, x, y < " + num(n) + ", p = 0, 1", bad,
             "A_1 U A_2 U A_3 U {(0,0,1)} are exactly the P-positions; the printed sets leave out the terminal "
             "(0,0,1), which Corollary 2's A adds back as (0,0,0,1)");
}

void check_definition12(VerifyReport& rep, const core::DenseTable& nim2, const GpTable& gp) {
  Counterexamples bad;
  const std::int64_t n = nim2.box.extent(0);
  for (std::int64_t x = 0; x < n; ++x)
    for (std::int64_t y = 0; y < n; ++y) {
      if (nim2.at(Position{x, y, 1}) != gp.at(x, y))
        bad.add("G" + tup({x, y, 1}) + " = " + num(nim2.at(Position{x, y, 1})) + ", recursion " + num(gp.at(x, y)));
      if (nim2.at(Position{x, y, 0}) != static_cast<Value>(x ^ y)) bad.add("G" + tup({x, y, 0}) + " != x xor y");
    }
  rep.expect("Definition 12", "x, y < " + num(n), bad,
             "the recursion equals two-heap Nim with a pass (no pass from (0,0)) solved as a game; G(x,y,0) = x xor y");
}

void check_table2(VerifyReport& rep, const core::DenseTable& nim2, const GpTable& gp) {
  const GoldenTable g = load_golden("chocolate_table2.tsv");
  Counterexamples bad;
  std::string errata;
  for (std::size_t r = 0; r < g.row_keys.size(); ++r)
    for (std::size_t c = 0; c < g.col_keys.size(); ++c) {
      const std::int64_t x = g.row_keys[r], y = g.col_keys[c];
      const Value v = nim2.at(Position{x, y, 1});
      if (v != gp.at(x, y)) bad.add("G" + tup({x, y, 1}) + " = " + num(v) + " but the recursion gives " + num(gp.at(x, y)));
      if (!g.cells[r][c] || static_cast<Value>(*g.cells[r][c]) != v)
        errata += (errata.empty() ? "" : "; ") + tup({x, y}) + ": printed " +
                  (g.cells[r][c] ? num(*g.cells[r][c]) : std::string("blank")) + ", computed " + num(v);
    }
  const std::string range = "x, y <= 12 (as printed)";
  if (!bad.empty())
    rep.fail("Table 2", range, "the game and Definition 12 disagree: " + bad.summary());
  else if (errata.empty())
    rep.pass("Table 2", range, "every cell agrees with nim -p heaps=2 --pass at p = 1 and with Definition 12");
  else
    rep.erratum("Table 2", range, errata);
}

void check_gp_rows_distinct(VerifyReport& rep, const GpTable& gp) {
  Counterexamples bad;
  const std::int64_t n = gp.n;
  std::vector<std::int64_t> seen(static_cast<std::size_t>(4 * n), -1);
  for (int axis = 0; axis < 2; ++axis)
    for (std::int64_t a = 0; a < n; ++a) {
      std::fill(seen.begin(), seen.end(), -1);
      for (std::int64_t b = 0; b < n; ++b) {
        const Value v = axis == 0 ? gp.at(b, a) : gp.at(a, b);
        auto& s = seen[v];
        if (s >= 0)
          bad.add(axis == 0 ? "G_P" + tup({s, a}) + " = G_P" + tup({b, a}) : "G_P" + tup({a, s}) + " = G_P" + tup({a, b}));
        s = b;
      }
    }
  rep.expect("Theorem 4 (proof): G_P(x,y) != G_P(x',y) for x != x'", "x, x', y < " + num(n) + ", and symmetrically in y",
             bad, "no row or column of G_P repeats a value");
}

// ---- Theorem 4 on sums with a shared pass (Definition 11) --------------------------------------

Box concat(const Box& a, const Box& b, std::int64_t last) {
  Position e = a.extents();
  for (int i = 0; i < b.arity(); ++i) e.push_back(b.extent(i));
  e.push_back(last);
  return Box(e);
}

// Checks G(G+H(:1)) = G_P(G(G), G(H)) on the boxes, and the hypothesis (terminal iff G = 0) on
// each component. Returns the first hypothesis violation and fills `bad` with formula failures.
template <core::Ruleset A, core::Ruleset B>
std::string theorem4_on(const A& a, const Box& box_a, const B& b, const Box& box_b, const GpTable& gp,
                        Counterexamples& bad, std::uint64_t& positions) {
  const auto ta = core::solve_dense(a, box_a), tb = core::solve_dense(b, box_b);
  std::string hypothesis;
  auto hyp = [&](const auto& rules, const core::DenseTable& t, const char* which) {
    Position p(t.box.arity());
    do {
      const Value v = t.at(p);
      if (v == kNoValue) continue;
      bool terminal = true;
      rules.for_each_option(p, [&](const Position&) { terminal = false; });
      if (terminal != (v == 0) && hypothesis.empty())
        hypothesis = std::string(which) + " (" + core::to_string(p) + ") has G = " + num(v) +
                     (terminal ? " but is terminal" : " but is not terminal");
    } while (t.box.next(p));
  };
  hyp(a, ta, "first component:");
  hyp(b, tb, "second component:");
  using S = core::Sum<A, B>;
  const transforms::WithPass<S> sum(S(a, b));
  const Box box = concat(box_a, box_b, 2);
  const auto ts = core::solve_dense(sum, box);
  Position pa(box_a.arity());
  do {
    const Value va = ta.at(pa);
    if (va == kNoValue) continue;
    Position pb(box_b.arity());
    do {
      const Value vb = tb.at(pb);
      if (vb == kNoValue) continue;
      Position ps = pa;
      for (int i = 0; i < pb.size(); ++i) ps.push_back(pb[i]);
      ps.push_back(1);
      ++positions;
      const Value formula = gp.at(va, vb);
      if (ts.at(ps) != formula)
        bad.add("G(" + core::to_string(ps) + ") = " + num(ts.at(ps)) + ", G_P(" + num(va) + "," + num(vb) + ") = " +
                num(formula));
    } while (box_b.next(pb));
  } while (box_a.next(pa));
  return hypothesis;
}

void check_theorem4(VerifyReport& rep, const std::vector<Def10>& ds, const GpTable& gp) {
  // (a) The game of Definition 10 is one-heap Nim x plus CB_2(h,y,z): G(x,y,z,1) against
  // G_P(x, G(CB_2(h,y,z))), on the fast solver's boxes.
  {
    Counterexamples bad;
    std::uint64_t positions = 0;
    for (const auto& d : ds)
      d.each([&](std::int64_t x, std::int64_t y, std::int64_t z) {
        ++positions;
        const Value f = gp.at(x, d.G2(y, z));
        if (d.G(x, y, z, 1) != f)
          bad.add("h = " + d.h.name + ": G" + tup({x, y, z, 1}) + " = " + num(d.G(x, y, z, 1)) + ", G_P = " + num(f));
      });
    rep.expect("Theorem 4 (one-heap Nim + CB_2(h), the game of Definition 10)", def10_range(ds), bad,
               "G(x,y,z,1) = G_P(x, G(CB_2(h,y,z))) at " + num(static_cast<std::int64_t>(positions)) + " positions");
  }
  // (b) Sums built with core::Sum and a shared pass, solved by the generic solver.
  struct Case {
    std::string claim, range;
    std::function<std::string(Counterexamples&, std::uint64_t&)> run;
  };
  const std::vector<Case> cases = {
      {"Theorem 4 (Sum: one-heap Nim + CB_2(h = Lemma 2's))", "x < 24, z < 32, y <= h(z)",
       [&](Counterexamples& bad, std::uint64_t& n) {
         return theorem4_on(games::Nim(1), Box(Position{24}), games::Chocolate2(kLemma2Expr), Box(Position{16, 32}), gp,
                            bad, n);
       }},
      {"Theorem 4 (Sum: CB_2(floor(z/2)) + CB_2(floor(z/4)))", "z1 < 16, z2 < 24, y_i <= h_i(z_i)",
       [&](Counterexamples& bad, std::uint64_t& n) {
         return theorem4_on(games::Chocolate2("z/2"), Box(Position{8, 16}), games::Chocolate2("z/4"),
                            Box(Position{6, 24}), gp, bad, n);
       }},
      {"Theorem 4 (Sum: one-heap Nim + one-heap Nim)", "x, y < 64",
       [&](Counterexamples& bad, std::uint64_t& n) {
         return theorem4_on(games::Nim(1), Box(Position{64}), games::Nim(1), Box(Position{64}), gp, bad, n);
       }},
  };
  for (const auto& c : cases) {
    Counterexamples bad;
    std::uint64_t n = 0;
    const std::string hyp = c.run(bad, n);
    if (!hyp.empty())
      rep.fail(c.claim, c.range, "the hypothesis fails: " + hyp);
    else
      rep.expect(c.claim, c.range, bad,
                 "hypothesis (terminal iff G = 0) holds on both components; G(G+H(:1)) = G_P(G(G), G(H)) at " +
                     num(static_cast<std::int64_t>(n)) + " positions");
  }
  // The hypothesis matters: subtraction {2} has G(4) = 0 at a non-terminal position.
  Counterexamples bad;
  std::uint64_t n = 0;
  const std::string hyp =
      theorem4_on(games::Subtraction({2}), Box(Position{24}), games::Nim(1), Box(Position{24}), gp, bad, n);
  const std::string claim = "Theorem 4 needs its hypothesis: fails for subtraction {2} + one-heap Nim";
  if (!hyp.empty() && !bad.empty())
    rep.pass(claim, "x, y < 24", "hypothesis fails (" + hyp + "); formula fails: " + bad.summary());
  else
    rep.fail(claim, "x, y < 24", hyp.empty() ? "the hypothesis holds after all" : "no counterexample to the formula");
}

// ---- Lemmas 6-8 ------------------------------------------------------------------------------

void check_gp_level(VerifyReport& rep, const GpTable& gp, const std::string& claim, Value level,
                    const std::function<bool(std::int64_t, std::int64_t)>& claimed, const std::string& note) {
  const std::string range = "x, y < " + num(gp.n);
    Counterexamples bad;
    for (std::int64_t x = 0; x < gp.n; ++x)
      for (std::int64_t y = 0; y < gp.n; ++y)
        if ((gp.at(x, y) == level) != claimed(x, y))
          bad.add("G_P" + tup({x, y}) + " = " + num(gp.at(x, y)) + (claimed(x, y) ? ", claimed " : ", claimed not ") +
                  num(level));
    rep.expect(claim, range, bad, note);
}

void check_lemma6(VerifyReport& rep, const GpTable& gp) {
  check_gp_level(rep, gp, "Lemma 6", 0, [](std::int64_t x, std::int64_t y) {
    return (x == 0 && y == 0) || (x > 0 && x % 2 == 0 && y == x - 1) || (y > 0 && y % 2 == 0 && x == y - 1);
  }, "G_P(x,y) = 0 iff x = y = 0 or {x,y} = {2n, 2n-1}");
}

void check_lemma7(VerifyReport& rep, const GpTable& gp) {
  check_gp_level(rep, gp, "Lemma 7", 1, [](std::int64_t x, std::int64_t y) {
    return (x == 2 && y == 0) || (x == 0 && y == 2) || (x == y && x != 0 && x != 2);
  }, "G_P(x,y) = 1 iff (x,y) = (2,0), (0,2), or x = y not in {0, 2}");
}

void check_lemma8(VerifyReport& rep, const GpTable& gp) {
  static const std::vector<std::pair<std::int64_t, std::int64_t>> l8 = {{0, 1}, {1, 0}, {2, 2}, {3, 5}, {4, 7},
                                                                        {5, 3}, {6, 8}, {7, 4}, {8, 6}};
  check_gp_level(rep, gp, "Lemma 8", 2, [](std::int64_t x, std::int64_t y) {
    if (std::find(l8.begin(), l8.end(), std::pair{x, y}) != l8.end()) return true;
    return x >= 9 && y >= 9 && ((x - 1) ^ (y - 1)) == 3;
  }, "G_P(x,y) = 2 iff (x,y) is one of the nine listed pairs, or (x-1) xor (y-1) = 3 with x, y >= 9");
}

// ---- Corollaries 2-4 on the game of Definition 10 ----------------------------------------------

bool in_list(const std::vector<std::array<std::int64_t, 3>>& l, std::int64_t x, std::int64_t y, std::int64_t z) {
  return std::find(l.begin(), l.end(), std::array<std::int64_t, 3>{x, y, z}) != l.end();
}

bool corollary2_a(std::int64_t x, std::int64_t y, std::int64_t z, std::int64_t p) {
  const bool a1 = p == 1 && x % 2 == 1 && ((x + 1) ^ y ^ z) == 0;
  const bool a2 = p == 1 && x >= 2 && x % 2 == 0 && ((x - 1) ^ y ^ z) == 0;
  const bool a3 = p == 0 && (x ^ y ^ z) == 0;
  return a1 || a2 || a3 || (x == 0 && y == 0 && z == 0 && p == 1);
}

void check_corollary2(VerifyReport& rep, const std::vector<Def10>& ds) {
  Counterexamples bad;
  for (const auto& d : ds)
    d.each([&](std::int64_t x, std::int64_t y, std::int64_t z) {
      for (std::int64_t p = 0; p <= 1; ++p)
        if ((d.G(x, y, z, p) == 0) != corollary2_a(x, y, z, p))
          bad.add("h = " + d.h.name + ": G" + tup({x, y, z, p}) + " = " + num(d.G(x, y, z, p)));
    });
  rep.expect("Corollary 2", def10_range(ds), bad,
             "the P-positions are exactly A = A_1 U A_2 U A_3 U {(0,0,0,1)} (proof: \"x-1 = y xor z - 1\" should read "
             "x-1 = y xor z)");
  // It needs NS: with h = floor(z/3) (h(z) < z, h(0) = 0, not NS) the set A is not the P-set.
  const auto t = games::solve_chocolate(games::Chocolate("z/3"), Box(Position{32, 22, 64, 2}));
  std::optional<std::string> first;
  Position p(4);
  do {
    const Value v = t.at(p);
    if (v != kNoValue && !first && (v == 0) != corollary2_a(p[0], p[1], p[2], p[3]))
      first = "G(" + core::to_string(p) + ") = " + num(v) + (v == 0 ? ", not in A" : ", in A");
  } while (t.box.next(p));
  if (first)
    rep.pass("Corollary 2 needs NS: fails for h = floor(z/3)", "x < 32, z < 64, p = 0, 1", "first counterexample: " + *first);
  else
    rep.fail("Corollary 2 needs NS: fails for h = floor(z/3)", "x < 32, z < 64, p = 0, 1", "no counterexample found");
}

void check_corollary3(VerifyReport& rep, const std::vector<Def10>& ds) {
  const std::vector<std::array<std::int64_t, 3>> b1 = {{0, 0, 2}, {0, 1, 3}, {2, 0, 0}};
  const std::vector<std::array<std::int64_t, 3>> b3 = {{0, 0, 0}, {2, 0, 2}, {2, 1, 3}};
  auto in_b = [&](std::int64_t x, std::int64_t y, std::int64_t z, std::int64_t p) {
    const bool in_b0 = p == 0 && (x ^ y ^ z) == 1;
    const bool in_b1 = p == 1 && in_list(b1, x, y, z);
    const bool in_b2 = p == 1 && (x ^ y ^ z) == 0 && x + y + z > 0;
    const bool in_b3 = p == 1 && in_list(b3, x, y, z);
    return (in_b0 || in_b1 || in_b2) && !in_b3;
  };
  Counterexamples forward, converse;
  std::uint64_t members = 0;
  for (const auto& d : ds)
    d.each([&](std::int64_t x, std::int64_t y, std::int64_t z) {
      for (std::int64_t p = 0; p <= 1; ++p) {
        const bool b = in_b(x, y, z, p), one = d.G(x, y, z, p) == 1;
        members += b;
        if (b && !one) forward.add("h = " + d.h.name + ": G" + tup({x, y, z, p}) + " = " + num(d.G(x, y, z, p)));
        if (one && !b) converse.add("h = " + d.h.name + ": G" + tup({x, y, z, p}) + " = 1, not in B");
      }
    });
  rep.expect("Corollary 3", def10_range(ds), forward,
             "every position of B = (B_0 U B_1 U B_2) \\ B_3 has G = 1 (" + num(static_cast<std::int64_t>(members)) +
                 " members)");
  rep.expect("Corollary 3 (converse, as proved)", def10_range(ds), converse, "every position with G = 1 is in B");
}

void check_corollary4(VerifyReport& rep, const std::vector<Def10>& ds) {
  const std::vector<std::array<std::int64_t, 3>> c1 = {
      {0, 0, 1}, {1, 0, 0}, {2, 0, 2},  {2, 1, 3},  {3, 0, 5},  {3, 1, 4},  {3, 2, 7},  {3, 3, 6}, {4, 0, 7}, {4, 1, 6},
      {4, 2, 5}, {4, 3, 4}, {5, 0, 3},  {5, 1, 2},  {6, 0, 8},  {6, 1, 9},  {6, 2, 10}, {6, 3, 11}, {6, 4, 12},
      {6, 5, 13}, {6, 6, 14}, {6, 7, 15}, {7, 0, 4}, {7, 1, 5}, {7, 2, 6}, {7, 3, 7}, {8, 0, 6}, {8, 1, 7}, {8, 2, 4},
      {8, 3, 5}};
  const std::vector<std::array<std::int64_t, 3>> c2 = {
      {1, 0, 4},  {1, 1, 5},  {1, 2, 6},  {1, 3, 7},  {2, 0, 3},  {2, 1, 2}, {3, 0, 2}, {3, 1, 3}, {4, 0, 1}, {5, 0, 8},
      {5, 1, 9},  {5, 2, 10}, {5, 3, 11}, {5, 4, 12}, {5, 5, 13}, {5, 6, 14}, {5, 7, 15}, {6, 0, 7}, {6, 1, 6},
      {6, 2, 5},  {6, 3, 4},  {7, 0, 6},  {7, 1, 7},  {7, 2, 4},  {7, 3, 5}, {8, 0, 5}, {8, 1, 4}, {8, 2, 7}, {8, 3, 6}};
  const std::string range = def10_range(ds);
  {
    Counterexamples bad;
    std::int64_t members = 0;
    for (const auto& d : ds)
      for (const auto& [x, y, z] : c1)
        if (y <= d.hv[static_cast<std::size_t>(z)]) {
          ++members;
          if (d.G(x, y, z, 1) != 2) bad.add("h = " + d.h.name + ": G" + tup({x, y, z, 1}) + " = " + num(d.G(x, y, z, 1)));
        }
    rep.expect("Corollary 4 (a)", range, bad, "G = 2 on C_1 (" + num(members) + " members with y <= h(z) in all)");
  }
  {
    Counterexamples bad;
    for (const auto& d : ds)
      for (const auto& [x, y, z] : c2)
        if (y <= d.hv[static_cast<std::size_t>(z)] && d.G(x, y, z, 1) == 2)
          bad.add("h = " + d.h.name + ": G" + tup({x, y, z, 1}) + " = 2");
    rep.expect("Corollary 4 (b) (C_2 excluded)", range, bad,
               "G != 2 on C_2, the pairs with (x-1) xor (y xor z - 1) = 3 and x, y xor z <= 8 (Lemma 8)");
  }
  // (b): outside C_1 U C_2, G(x,y,z,1) = 2 iff the condition of x's class mod 4 holds.
  const char* parts[4] = {"(i)", "(ii)", "(iii)", "(iv)"};
  auto cond = [](int r, std::int64_t x, std::int64_t y, std::int64_t z) {
    switch (r) {
      case 0: return x >= 4 && ((x - 3) ^ y ^ z) == 0;  // printed: x = 0 (mod 4); x - 3 < 0 at x = 0
      case 1: return ((x + 3) ^ y ^ z) == 0;
      case 2: return ((x + 1) ^ y ^ z) == 0;
      default: return (x ^ y ^ z ^ 1) == 0;
    }
  };
  for (int r = 0; r < 4; ++r) {
    Counterexamples bad, truncated, absolute;
    std::int64_t twos = 0;
    for (const auto& d : ds)
      d.each([&](std::int64_t x, std::int64_t y, std::int64_t z) {
        if (x % 4 != r || in_list(c1, x, y, z) || in_list(c2, x, y, z)) return;
        const bool two = d.G(x, y, z, 1) == 2;
        twos += two;
        if (two != cond(r, x, y, z))
          bad.add("h = " + d.h.name + ": G" + tup({x, y, z, 1}) + " = " + num(d.G(x, y, z, 1)));
        if (r == 0 && x == 0) {  // other readings of x - 3 at x = 0
          const std::string at = "h = " + d.h.name + ": G" + tup({x, y, z, 1}) + " = " + num(d.G(x, y, z, 1));
          if (two != ((y ^ z) == 0)) truncated.add(at);
          if (two != ((3 ^ y ^ z) == 0)) absolute.add(at);
        }
      });
    const std::string claim = std::string("Corollary 4 (b)") + parts[r];
    const std::string note = "for x = " + num(r) + " (mod 4) outside C_1 U C_2, G(x,y,z,1) = 2 iff the condition holds (" +
                             num(twos) + " positions with G = 2)";
    if (r == 0 && bad.empty() && !truncated.empty() && !absolute.empty())
      rep.erratum(claim, range,
                  "at x = 0 the printed condition \"(x-3) xor y xor z = 0\" takes the nim-sum of -3, which Definition 2 "
                  "does not define; read as x >= 4 (x = 0 never satisfying (i)) the claim holds: " + note +
                  ". Reading x-3 as 0 at x = 0 it fails (" + truncated.summary() + "); as |x-3| = 3 (" +
                  absolute.summary() + ")");
    else
      rep.expect(claim, range, bad, note);
  }
  {
    Counterexamples bad;
    for (const auto& d : ds)
      d.each([&](std::int64_t x, std::int64_t y, std::int64_t z) {
        if ((d.G(x, y, z, 0) == 2) != ((x ^ y ^ z) == 2))
          bad.add("h = " + d.h.name + ": G" + tup({x, y, z, 0}) + " = " + num(d.G(x, y, z, 0)));
      });
    rep.expect("Corollary 4 (c)", range, bad, "G(x,y,z,0) = 2 iff x xor y xor z = 2");
  }
}

}  // namespace

void verify_chocolate(VerifyReport& rep) {
  std::vector<Def10> ds;
  for (const auto& h : def9_functions()) ds.push_back(solve_def10(h));
  const Def10& lemma2 = *std::find_if(ds.begin(), ds.end(), [](const Def10& d) { return d.h.expr == kLemma2Expr; });
  const GpTable gp = gp_table(kGp);
  // Two-heap Nim with a pass as the registry builds it for `grundy table nim -p heaps=2 --pass`.
  const auto nim2 = games::make_game(games::parse_game_spec("nim -p heaps=2 --pass")).solve_dense(Box(Position{128, 128, 2}));

  check_theorem1(rep);
  check_definition7(rep);
  check_examples(rep);
  check_definition8(rep);
  check_lemmas_1_to_3(rep);
  check_theorem2(rep);
  check_corollary1(rep, ds);
  check_table1(rep, lemma2);
  check_lemma4(rep);
  check_lemma5(rep, ds);
  check_theorem3(rep, ds);
  check_after_def10(rep, ds);
  check_sets_before_def11(rep, nim2);
  check_definition12(rep, nim2, gp);
  check_table2(rep, nim2, gp);
  check_gp_rows_distinct(rep, gp);
  check_theorem4(rep, ds, gp);
  check_lemma6(rep, gp);
  check_corollary2(rep, ds);
  check_lemma7(rep, gp);
  check_corollary3(rep, ds);
  check_lemma8(rep, gp);
  check_corollary4(rep, ds);
}

}  // namespace grundy::analysis
