#include "analysis/misere_quotient.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <map>
#include <memory_resource>
#include <new>
#include <numeric>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "runtime/errors.hpp"
#include "runtime/memory.hpp"
#include "runtime/progress.hpp"

namespace grundy::analysis {

namespace {

// A position: its heaps (>= 1), increasing. A string of 16-bit heaps holds up to 7 of them
// without an allocation of its own, which most positions the memo keeps have; a longer one in
// the memo takes its memory from the memo's arena.
using Heap = char16_t;
using Word = std::pmr::u16string;

struct WordHash {
  std::size_t operator()(const Word& w) const {
    std::uint64_t h = 1469598103934665603ULL;
    for (Heap x : w) h = (h ^ x) * 1099511628211ULL;
    return static_cast<std::size_t>(h);
  }
};

Word plus(Word w, const Word& more) {
  w.insert(w.end(), more.begin(), more.end());
  std::sort(w.begin(), w.end());
  return w;
}

Word plus(Word w, Heap h) {
  w.insert(std::upper_bound(w.begin(), w.end(), h), h);
  return w;
}

// Thrown when the memo or the certifying search would pass the memory limit; caught by
// misere_quotient, which keeps the last heap bound completed.
struct OutOfMemory {};

// What one memo entry or one certifying state holds, with the hash table's own share; also what
// one element of a candidate holds besides its tables (a small position and a few numbers).
constexpr std::uint64_t kEntryBytes = 96;

// The memory the memo's arena takes from the heap, counted exactly (its tables, its entries and
// the positions too long to hold in place), and refused past `limit`: the arena grows by blocks
// twice the last, which an estimate per entry would not see coming.
class CountedMemory : public std::pmr::memory_resource {
 public:
  explicit CountedMemory(std::uint64_t limit) : limit_(limit) {}
  std::uint64_t bytes() const { return bytes_; }

 private:
  void* do_allocate(std::size_t n, std::size_t align) override {
    if (bytes_ + n > limit_) throw OutOfMemory{};
    void* p = std::pmr::new_delete_resource()->allocate(n, align);
    bytes_ += n;
    return p;
  }
  void do_deallocate(void* p, std::size_t n, std::size_t align) override {
    bytes_ -= n;
    std::pmr::new_delete_resource()->deallocate(p, n, align);
  }
  bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override { return this == &other; }

  std::uint64_t limit_;
  std::uint64_t bytes_ = 0;
};

// A test: the heaps added to a position and the passes left, whose misère outcome the row records.
struct Test {
  Word heaps;
  int passes = 0;
};

class Builder {
 public:
  Builder(const HeapMoves& moves, SharedPasses passes, std::uint64_t memory)
      : moves_(moves), passes_(passes), memory_(memory), counted_(memory), arena_(&counted_) {
    auto* shards = static_cast<Memo*>(arena_.allocate(kMemoShards * sizeof(Memo), alignof(Memo)));
    for (std::size_t i = 0; i < kMemoShards; ++i) new (shards + i) Memo(&arena_);
    memo_ = std::span<Memo>(shards, kMemoShards);
    // The empty position is terminal, an N-position, unless a pass may be made from it.
    empty_p_.push_back(false);
    for (int p = 1; p <= passes_.count; ++p) empty_p_.push_back(passes_.from_terminal && !empty_p_.back());
    options_.emplace_back();  // heap 0: none
    rep_.emplace_back();      // element 0: the empty position
    // Tests 0..passes: the empty position with p passes left, so row bit p is the element's
    // outcome with p passes left.
    std::string row;
    for (int p = 0; p <= passes_.count; ++p) {
      tests_.push_back(Test{Word{}, p});
      row += empty_p_[static_cast<std::size_t>(p)] ? '1' : '0';
    }
    rows_.push_back(row);
    state_of_row_.emplace(rows_[0], 0);
    delta_.emplace_back(1, 0);
  }
  Builder(const Builder&) = delete;
  Builder& operator=(const Builder&) = delete;

  // Takes heap n = heaps() + 1 in and learns the quotient of heaps 0..n.
  void add_heap() {
    const auto n = static_cast<Heap>(heaps() + 1);
    std::vector<Word> opts;
    moves_(n, [&](const std::int64_t* parts, int count) {
      Word o;
      for (int i = 0; i < count; ++i) o.push_back(static_cast<Heap>(parts[i]));
      std::sort(o.begin(), o.end());
      opts.push_back(std::move(o));
    });
    std::sort(opts.begin(), opts.end());
    opts.erase(std::unique(opts.begin(), opts.end()), opts.end());
    options_.push_back(std::move(opts));
    for (auto& d : delta_) d.push_back(-1);
    if (!extends_conservatively() && !extends_without_queries())
      for (;;) {
        close();
        if (refine_commutativity()) continue;
        if (auto w = first_failure(product_table())) {
          learn_from(mispredicted(*w));
          continue;
        }
        break;
      }
    known_delta_ = delta_;
    known_rows_ = rows_;
    known_heaps_ = heaps();
  }

  int heaps() const { return static_cast<int>(options_.size()) - 1; }

  // The certified quotient of heaps 0..heaps().
  void write(MisereQuotient& q) const {
    const std::size_t order = rep_.size();
    q.size = heaps() + 1;
    q.product = product_table();
    q.p_portion_left.assign(static_cast<std::size_t>(passes_.count) + 1, std::vector<bool>(order, false));
    q.word.assign(order, {});
    for (std::size_t x = 0; x < order; ++x) {
      for (std::size_t p = 0; p < q.p_portion_left.size(); ++p) q.p_portion_left[p][x] = rows_[x][p] == '1';
      q.word[x].assign(rep_[x].begin(), rep_[x].end());
    }
    q.p_portion = q.p_portion_left.back();
    q.heap_element.assign(static_cast<std::size_t>(q.size), 0);
    for (int h = 1; h <= heaps(); ++h) q.heap_element[static_cast<std::size_t>(h)] = delta_[0][h];
  }

 private:
  // The misère outcome of a position with p passes left, solved whole: P (true) when it has
  // options and none is P. A pass leaves the heaps as they are; it may be made from a position
  // with a heap move only, unless passes_.from_terminal.
  bool outcome_p(const Word& w, int passes) {
    if (w.empty()) return empty_p_[static_cast<std::size_t>(passes)];
    if (w.back() <= known_heaps_)
      return known_rows_[static_cast<std::size_t>(walk(known_delta_, 0, w))][static_cast<std::size_t>(passes)] == '1';
    // The memo's key: the heaps, after the passes left when there are passes.
    Word prefixed;
    if (passes_.count > 0) {
      prefixed.push_back(static_cast<Heap>(passes));
      prefixed.append(w);
    }
    const Word& key = passes_.count > 0 ? prefixed : w;
    Memo& memo = memo_[WordHash{}(key) >> 56];
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    poll_(16);
    bool any = false, p = true;
    // Largest heaps first: a move of the new heap leaves one copy of it fewer (a position below
    // it, answered at once, when none is left), and one P-position among those settles the
    // position without the smaller heaps' moves, whose positions are the costly ones.
    for (std::size_t i = w.size(); i-- > 0 && p;) {
      if (i + 1 < w.size() && w[i] == w[i + 1]) continue;
      for (const Word& o : options_[w[i]]) {
        any = true;
        Word rest;
        rest.reserve(w.size() - 1 + o.size());
        rest.insert(rest.end(), w.begin(), w.begin() + static_cast<std::ptrdiff_t>(i));
        rest.insert(rest.end(), w.begin() + static_cast<std::ptrdiff_t>(i) + 1, w.end());
        if (outcome_p(plus(std::move(rest), o), passes)) {
          p = false;
          break;
        }
      }
    }
    if (passes > 0 && (any || passes_.from_terminal)) {
      if (p && outcome_p(w, passes - 1)) p = false;
      any = true;
    }
    if (held_bytes() + kEntryBytes > memory_) throw OutOfMemory{};
    memo.emplace(key, any && p);
    return any && p;
  }

  // Calls f on each heap move's position of w, smaller heaps moved first, until f returns true;
  // whether it did.
  template <class F>
  bool some_option(const Word& w, F f) const {
    for (std::size_t i = 0; i < w.size(); ++i) {
      if (i > 0 && w[i] == w[i - 1]) continue;
      for (const Word& o : options_[w[i]]) {
        Word rest(w);
        rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
        if (f(plus(std::move(rest), o))) return true;
      }
    }
    return false;
  }

  static int walk(const std::vector<std::vector<int>>& delta, int x, const Word& w) {
    for (Heap h : w) x = delta[static_cast<std::size_t>(x)][h];
    return x;
  }

  bool outcome_p(const Word& w, const Test& t) { return outcome_p(plus(w, t.heaps), t.passes); }

  std::string row_of(const Word& w) {
    std::string row(tests_.size(), '0');
    for (std::size_t e = 0; e < tests_.size(); ++e)
      if (outcome_p(w, tests_[e])) row[e] = '1';
    return row;
  }

  // Every transition defined: rep(x) + h is an element already (same row) or a new one.
  void close() {
    for (std::size_t x = 0; x < rep_.size(); ++x)
      for (int h = 1; h <= heaps(); ++h) {
        if (delta_[x][h] >= 0) continue;
        Word w = plus(rep_[x], static_cast<Heap>(h));
        std::string row = row_of(w);
        auto [it, added] = state_of_row_.emplace(row, static_cast<int>(rep_.size()));
        if (added) {
          rep_.push_back(std::move(w));
          rows_.push_back(std::move(row));
          delta_.emplace_back(static_cast<std::size_t>(heaps()) + 1, -1);
        }
        delta_[x][h] = it->second;
      }
  }

  // A new test e tells rep(x) + h from the element it was taken for: every transition is read
  // again (the elements stay, each keeps its row with one more bit).
  void add_test(Test e) {
    tests_.push_back(std::move(e));
    state_of_row_.clear();
    for (std::size_t x = 0; x < rep_.size(); ++x) {
      rows_[x] += outcome_p(rep_[x], tests_.back()) ? '1' : '0';
      state_of_row_.emplace(rows_[x], static_cast<int>(x));
    }
    for (auto& d : delta_) std::fill(d.begin() + 1, d.end(), -1);
  }

  // Adding heaps a then b must reach the element adding b then a reaches; where it does not, a
  // test that tells them apart is found (it exists, as their rows differ) and added.
  bool refine_commutativity() {
    for (std::size_t x = 0; x < rep_.size(); ++x, poll_(static_cast<std::uint64_t>(heaps()) * heaps()))
      for (int a = 1; a <= heaps(); ++a)
        for (int b = a + 1; b <= heaps(); ++b) {
          const int ya = delta_[x][a], yb = delta_[x][b];
          const int z1 = delta_[ya][b], z2 = delta_[yb][a];
          if (z1 == z2) continue;
          poll_();
          const Word whole = plus(plus(rep_[x], static_cast<Heap>(a)), static_cast<Heap>(b));
          for (std::size_t e = 0; e < tests_.size(); ++e) {
            if (rows_[z1][e] == rows_[z2][e]) continue;
            const bool truth = outcome_p(whole, tests_[e]);
            // rep(ya) + b + e has z1's outcome on e; if the truth differs, b + e tells rep(ya)
            // from rep(x) + a; otherwise it differs from z2's, and a + e tells rep(yb) from rep(x) + b.
            const Heap tell = truth != (rows_[z1][e] == '1') ? static_cast<Heap>(b) : static_cast<Heap>(a);
            add_test(Test{plus(tests_[e].heaps, tell), tests_[e].passes});
            return true;
          }
          throw runtime::EngineError("misere quotient: two elements with one row");
        }
    return false;
  }

  // The memory the candidate in place holds: its elements, rows and transitions.
  std::uint64_t candidate_bytes() const {
    return rep_.size() * ((static_cast<std::uint64_t>(heaps()) + 1) * sizeof(int) + kEntryBytes);
  }
  // The memory held besides what a step computes: the memo, the candidate in place, and what
  // extends_without_queries keeps while it tries candidates (pinned_).
  std::uint64_t held_bytes() const { return counted_.bytes() + candidate_bytes() + pinned_; }

  std::vector<std::vector<int>> product_table() const {
    const std::size_t order = rep_.size();
    if (held_bytes() + order * order * sizeof(int) > memory_) throw OutOfMemory{};
    std::vector<std::vector<int>> product(order, std::vector<int>(order));
    for (std::size_t x = 0; x < order; ++x)
      for (std::size_t y = 0; y < order; ++y) product[x][y] = walk(delta_, static_cast<int>(x), rep_[y]);
    return product;
  }

  // Most heap bounds leave the quotient as it was, heap n one of its elements (Siegel's
  // conservative extension): each element whose outcome is heap n's is tried in turn, and the
  // first the certificate accepts is heap n's, without a query.
  bool extends_conservatively() {
    const auto n = static_cast<std::size_t>(heaps());
    const auto product = product_table();
    std::string heap_outcomes;
    for (int p = 0; p <= passes_.count; ++p) heap_outcomes += outcome_p(Word{static_cast<Heap>(n)}, p) ? '1' : '0';
    // A quick test before the certificate: each element's position plus heap n obeys the misère
    // rule with no pass left, its options' elements read off the candidate. The elements of each
    // element's position's options, and of heap n's:
    std::vector<std::vector<int>> options(rep_.size() + 1);
    for (std::size_t y = 0; y <= rep_.size(); ++y) {
      some_option(y < rep_.size() ? rep_[y] : Word{static_cast<Heap>(n)}, [&](const Word& o) {
        options[y].push_back(walk(delta_, 0, o));
        return false;
      });
      std::sort(options[y].begin(), options[y].end());
      options[y].erase(std::unique(options[y].begin(), options[y].end()), options[y].end());
    }
    const std::vector<int>& heap_n = options.back();
    auto obeys_the_rule = [&](std::size_t x) {
      auto is_p = [&](int e) { return rows_[static_cast<std::size_t>(e)][0] == '1'; };
      for (std::size_t y = 0; y < rep_.size(); ++y) {
        bool some_p = false;
        for (int t : options[y]) some_p = some_p || is_p(product[static_cast<std::size_t>(t)][x]);
        for (int a : heap_n) some_p = some_p || is_p(product[y][static_cast<std::size_t>(a)]);
        const bool any = !options[y].empty() || !heap_n.empty();
        if (is_p(product[y][x]) != (any && !some_p)) return false;
      }
      return true;
    };
    for (std::size_t x = 0; x < rep_.size(); ++x) {
      if (rows_[x].compare(0, heap_outcomes.size(), heap_outcomes) != 0 || !obeys_the_rule(x)) continue;
      for (std::size_t y = 0; y < rep_.size(); ++y) delta_[y][n] = product[y][x];
      if (!first_failure(product)) return true;
    }
    for (auto& d : delta_) d[n] = -1;
    return false;
  }

  // A candidate built without queries: its product table, its P-portion, the element of each heap
  // 0..n and a least position of each element.
  struct Algebra {
    std::vector<std::vector<int>> product;
    std::vector<bool> p;
    std::vector<int> heap;
    std::vector<Word> word;
  };
  // The memory a candidate holds: its product table, and a small position and a few numbers for
  // each element.
  static std::uint64_t bytes_of(const Algebra& a) {
    const std::uint64_t order = a.product.size();
    return order * (order * sizeof(int) + kEntryBytes) + a.heap.size() * sizeof(int);
  }
  // A candidate's product table, P-portion and heaps' elements, hashed: candidates built alike
  // have the same one.
  static std::uint64_t fingerprint(const Algebra& a) {
    std::uint64_t h = 0x84222325cbf29ce4ULL;
    auto mix = [&](std::uint64_t v) { h = (h ^ v) * 0x100000001b3ULL; };
    for (const auto& row : a.product)
      for (int v : row) mix(static_cast<std::uint64_t>(v));
    for (bool v : a.p) mix(v ? 1 : 2);
    for (int v : a.heap) mix(static_cast<std::uint64_t>(v) + 3);
    return h;
  }
  // A heap made a generator of its own: x, with x^(index+period) = x^index.
  struct Cycle {
    Heap heap;
    int index;
    int period;
  };

  // When heap n is none of the elements, it is most often a new generator of finite index and
  // period, free of the others: the first candidates are the certified quotient of heaps 0..n-1
  // times such a cyclic monoid (Plambeck and Siegel's construction). Where the certificate finds
  // a position one of them predicts wrongly, the heaps of that position are tried as free
  // generators, fewest first, and of the candidates that predict it rightly the smallest is tried
  // next. No position is solved whole, which is what makes a jump in order cheap where learning
  // it with queries is not; when this gives up, the queries take over. Without passes only.
  bool extends_without_queries() {
    const auto n = static_cast<Heap>(heaps());
    if (passes_.count > 0 || options_[n].empty()) return false;
    auto saved_rep = rep_;
    auto saved_rows = rows_;
    auto saved_delta = delta_;
    Algebra q{product_table(), {}, std::vector<int>(n + std::size_t{1}, 0), rep_};
    // Held while candidates are tried: the quotient so far, its copy to restore and its table.
    pinned_ = 2 * candidate_bytes() + bytes_of(q);
    for (const std::string& row : rows_) q.p.push_back(row[0] == '1');
    for (Heap h = 1; h < n; ++h) q.heap[h] = delta_[0][h];
    std::unordered_set<std::uint64_t> tried;  // the fingerprints of the candidates tried
    for (const auto& [index, period] : kCycles) {
      std::optional<Algebra> a = extend(q, {Cycle{n, index, period}}, 0);
      if (a && !tried.insert(fingerprint(*a)).second) continue;
      for (int round = 0; a && round < kRecalibrations; ++round) {
        install(*a);
        const auto failure = first_failure(a->product);
        if (!failure) {
          adopt_tests();
          pinned_ = 0;
          return true;
        }
        // The failure is the first position the candidate predicts wrongly: its outcome is the
        // opposite of the prediction (see first_failure).
        const Word& wrong = *failure;
        const bool wrong_is_p = rows_[static_cast<std::size_t>(walk(delta_, 0, wrong))][0] != '1';
        a = recalibrate(*a, wrong, wrong_is_p, tried);
      }
    }
    rep_ = std::move(saved_rep);
    rows_ = std::move(saved_rows);
    delta_ = std::move(saved_delta);
    pinned_ = 0;
    return false;
  }

  // The candidate with some heaps of `wrong` made free generators that predicts `wrong` rightly
  // (P when is_p) and is not one `tried` (division may give back an earlier candidate, and
  // trying it again would go round in a circle): of those that free the fewest heaps, the one of
  // least order (freeing a heap that only happens to fix `wrong` tends to make a larger quotient,
  // and more to mend), added to `tried`; none when no choice of up to three heaps does.
  std::optional<Algebra> recalibrate(const Algebra& a, const Word& wrong, bool is_p,
                                     std::unordered_set<std::uint64_t>& tried) {
    Word heaps(wrong);
    heaps.erase(std::unique(heaps.begin(), heaps.end()), heaps.end());
    const std::size_t k = heaps.size();
    if (k > 24) return std::nullopt;  // the subsets below are counted in 32 bits
    // Each heap as a free generator: the index and period of its element now, with enough powers
    // for the position.
    std::vector<Cycle> cycle_of;
    for (Heap heap : heaps) {
      std::vector<int> seen_at(a.product.size(), -1);
      int x = 0, power = 0;
      for (; seen_at[static_cast<std::size_t>(x)] < 0; ++power) {
        seen_at[static_cast<std::size_t>(x)] = power;
        x = a.product[static_cast<std::size_t>(x)][static_cast<std::size_t>(a.heap[heap])];
      }
      const int index = std::max<int>(
          {seen_at[static_cast<std::size_t>(x)], static_cast<int>(std::count(wrong.begin(), wrong.end(), heap)), 2});
      const int period = power - seen_at[static_cast<std::size_t>(x)];
      cycle_of.push_back(Cycle{heap, index, period % 2 == 0 ? period : 2 * period});
    }
    for (std::size_t size = 1; size <= std::min<std::size_t>(k, 3); ++size) {
      std::optional<Algebra> best;
      std::uint64_t best_fingerprint = 0;
      for (std::uint32_t subset = 0; subset < (1U << k); ++subset) {
        if (static_cast<std::size_t>(std::popcount(subset)) != size) continue;
        std::vector<Cycle> free;
        for (std::size_t i = 0; i < k; ++i)
          if (subset >> i & 1) free.push_back(cycle_of[i]);
        std::optional<Algebra> b = extend(a, free, best ? bytes_of(*best) : 0);
        if (!b) return std::nullopt;
        int x = 0;
        for (Heap h : wrong) x = b->product[static_cast<std::size_t>(x)][static_cast<std::size_t>(b->heap[h])];
        if (b->p[static_cast<std::size_t>(x)] != is_p || (best && b->product.size() >= best->product.size())) continue;
        if (const std::uint64_t f = fingerprint(*b); !tried.contains(f)) {
          best = std::move(b);
          best_fingerprint = f;
        }
      }
      if (best) {
        tried.insert(best_fingerprint);
        return best;
      }
    }
    return std::nullopt;
  }

  // `a` times a cyclic monoid for each heap of `free`, which becomes its generator: the submonoid
  // the heaps generate, each element's outcome computed from one position of it (an option whose
  // element has none yet lends its own position), divided by indistinguishability (Moore's
  // refinement on the heaps). None when it would pass the memory limit.
  std::optional<Algebra> extend(const Algebra& a, const std::vector<Cycle>& free, std::uint64_t held) {
    const auto n = static_cast<std::size_t>(heaps());
    const auto m = static_cast<std::uint64_t>(a.product.size());
    std::uint64_t total = m;
    for (const Cycle& c : free) total *= static_cast<std::uint64_t>(c.index + c.period);
    // What the search below holds: an int for each element of the product, and for each element
    // the heaps reach, its transitions, its least position and the refinement's few numbers.
    const std::uint64_t reached_bytes = (n + 1) * sizeof(int) + kEntryBytes;
    auto fits = [&](std::uint64_t reached) {
      return total * sizeof(int) + reached * reached_bytes + bytes_of(a) + held + held_bytes() <= memory_;
    };
    if (!fits(1) || total > std::numeric_limits<int>::max()) return std::nullopt;
    // An element: its part in `a`, then the exponent of each free generator, in mixed radix.
    auto times = [&](std::uint64_t x, std::uint64_t y) {
      std::uint64_t result = 0, scale = m;
      const std::uint64_t base = a.product[x % m][y % m];
      x /= m;
      y /= m;
      for (const Cycle& c : free) {
        const auto powers = static_cast<std::uint64_t>(c.index + c.period);
        std::uint64_t j = x % powers + y % powers;
        if (j >= powers)
          j = static_cast<std::uint64_t>(c.index) +
              (j - static_cast<std::uint64_t>(c.index)) % static_cast<std::uint64_t>(c.period);
        result += j * scale;
        scale *= powers;
        x /= powers;
        y /= powers;
      }
      return static_cast<int>(base + result);
    };
    std::vector<std::uint64_t> heap(n + 1);
    for (std::size_t h = 1; h <= n; ++h) heap[h] = static_cast<std::uint64_t>(a.heap[h]);
    std::uint64_t scale = m;
    for (const Cycle& c : free) {
      heap[c.heap] = scale;
      scale *= static_cast<std::uint64_t>(c.index + c.period);
    }
    // The elements the heaps reach, breadth first, each with its least position and the number
    // (in reaching order) of the element each heap takes it to.
    const std::size_t n1 = n + 1;
    std::vector<int> reached{0}, seen(total, -1), to;
    std::vector<int> parent{0}, last_heap{0};  // word[i] is word[parent[i]] plus heap last_heap[i]
    std::vector<Word> word{Word{}};
    seen[0] = 0;
    for (std::size_t i = 0; i < reached.size(); ++i, poll_(n)) {
      if (!fits(reached.size() + n)) return std::nullopt;
      to.push_back(static_cast<int>(i));  // heap 0
      for (std::size_t h = 1; h <= n; ++h) {
        const int y = times(static_cast<std::uint64_t>(reached[i]), heap[h]);
        if (seen[static_cast<std::size_t>(y)] < 0) {
          seen[static_cast<std::size_t>(y)] = static_cast<int>(reached.size());
          reached.push_back(y);
          parent.push_back(static_cast<int>(i));
          last_heap.push_back(static_cast<int>(h));
          word.push_back(plus(word[i], static_cast<Heap>(h)));
        }
        to.push_back(seen[static_cast<std::size_t>(y)]);
      }
    }
    const std::size_t r = reached.size();
    auto index_of = [&](const Word& w) {
      std::size_t i = 0;
      for (Heap h : w) i = static_cast<std::size_t>(to[i * n1 + h]);
      return i;
    };
    std::vector<signed char> p(r, -1);
    p[0] = 0;  // the empty position: no move, an N-position
    const auto outcome = [&](const auto& self, const Word& w, std::size_t i) -> bool {
      if (p[i] < 0) {
        poll_(w.size());
        bool any = false;
        const bool p_option = some_option(w, [&](const Word& o) {
          any = true;
          return self(self, o, index_of(o));
        });
        p[i] = any && !p_option ? 1 : 0;
      }
      return p[i] == 1;
    };
    for (std::size_t i = 1; i < r; ++i) outcome(outcome, word[i], i);
    // Moore: the classes split by outcome, then by the class each heap takes them to, one heap at
    // a time, until no heap splits a class. A step visits the members of each class together (a
    // counting sort by class) and gives the members of a class that the heap takes to one class a
    // new class of their own.
    std::vector<int> cls(p.begin(), p.end()), next(r), members(r), start, slot, id(r);
    std::vector<std::int64_t> stamp(r, -1);  // the (step, class) group that numbered id[s] last
    std::int64_t group = 0;
    std::size_t classes = 2;
    for (std::size_t unsplit = 0, h = 1; unsplit < n; h = h % n + 1, poll_(r)) {
      start.assign(classes + 1, 0);
      for (std::size_t i = 0; i < r; ++i) ++start[static_cast<std::size_t>(cls[i]) + 1];
      for (std::size_t c = 0; c < classes; ++c) start[c + 1] += start[c];
      slot.assign(start.begin(), start.end() - 1);
      for (std::size_t i = 0; i < r; ++i)
        members[static_cast<std::size_t>(slot[static_cast<std::size_t>(cls[i])]++)] = static_cast<int>(i);
      std::size_t count = 0;
      for (std::size_t c = 0; c < classes; ++c, ++group)
        for (int k = start[c]; k < start[c + 1]; ++k) {
          const auto i = static_cast<std::size_t>(members[static_cast<std::size_t>(k)]);
          const auto s = static_cast<std::size_t>(cls[static_cast<std::size_t>(to[i * n1 + h])]);
          if (stamp[s] != group) {
            stamp[s] = group;
            id[s] = static_cast<int>(count++);
          }
          next[i] = id[s];
        }
      cls.swap(next);
      unsplit = count == classes ? unsplit + 1 : 0;
      classes = count;
    }
    // The classes numbered by their least positions, the identity first.
    std::vector<int> number(r, -1), first;
    for (std::size_t i = 0; i < r; ++i)
      if (number[static_cast<std::size_t>(cls[i])] < 0) {
        number[static_cast<std::size_t>(cls[i])] = static_cast<int>(first.size());
        first.push_back(static_cast<int>(i));
      }
    const std::size_t order = first.size();
    if (!fits(r + order * order * sizeof(int) / reached_bytes + 1)) return std::nullopt;  // and its product table
    // The product table: class d is the class of its least position's parent (`before`) times one
    // heap, and the classes are a congruence, so c times d is (c times `before`) moved by the heap.
    auto number_at = [&](int i) { return number[static_cast<std::size_t>(cls[static_cast<std::size_t>(i)])]; };
    std::vector<int> moved(order * n1);  // moved[c * n1 + h]: the class of c times heap h
    for (std::size_t c = 0; c < order; ++c)
      for (std::size_t h = 0; h <= n; ++h)
        moved[c * n1 + h] = number_at(to[static_cast<std::size_t>(first[c]) * n1 + h]);
    std::vector<int> before(order, 0), by(order, 0);
    for (std::size_t d = 1; d < order; ++d) {
      before[d] = number_at(parent[static_cast<std::size_t>(first[d])]);
      by[d] = last_heap[static_cast<std::size_t>(first[d])];
    }
    Algebra b;
    b.product.assign(order, std::vector<int>(order));
    for (std::size_t c = 0; c < order; ++c, poll_(order)) {
      std::vector<int>& row = b.product[c];
      row[0] = static_cast<int>(c);
      for (std::size_t d = 1; d < order; ++d)
        row[d] = moved[static_cast<std::size_t>(row[static_cast<std::size_t>(before[d])]) * n1 +
                       static_cast<std::size_t>(by[d])];
    }
    for (std::size_t c = 0; c < order; ++c) {
      b.p.push_back(p[static_cast<std::size_t>(first[c])] == 1);
      b.word.push_back(word[static_cast<std::size_t>(first[c])]);
    }
    b.heap.assign(n + 1, 0);
    for (std::size_t h = 1; h <= n; ++h) b.heap[h] = number_at(seen[heap[h]]);
    return b;
  }

  // The candidate's elements, outcomes and transitions, in place of the learner's.
  void install(const Algebra& a) {
    const std::size_t order = a.product.size();
    rep_ = a.word;
    rows_.assign(order, std::string{});
    delta_.assign(order, std::vector<int>(static_cast<std::size_t>(heaps()) + 1, 0));
    for (std::size_t c = 0; c < order; ++c) {
      rows_[c] = a.p[c] ? "1" : "0";
      delta_[c][0] = static_cast<int>(c);
      for (int h = 1; h <= heaps(); ++h)
        delta_[c][static_cast<std::size_t>(h)] =
            a.product[c][static_cast<std::size_t>(a.heap[static_cast<std::size_t>(h)])];
    }
  }

  // After a candidate is certified without queries: tests that tell its elements apart, each the
  // least position found to do so, and the rows they give, read off the certified quotient.
  void adopt_tests() {
    const std::size_t order = rep_.size();
    const auto product = product_table();
    std::vector<bool> p(order);
    for (std::size_t x = 0; x < order; ++x) p[x] = rows_[x][0] == '1';
    tests_.assign(1, Test{});
    for (;;) {
      state_of_row_.clear();
      std::optional<std::pair<int, int>> same;
      for (std::size_t x = 0; x < order && !same; ++x) {
        auto [it, added] = state_of_row_.emplace(rows_[x], static_cast<int>(x));
        if (!added) same = std::make_pair(it->second, static_cast<int>(x));
      }
      if (!same) return;
      // Breadth first over pairs of elements, adding the same heap to both, until their outcomes
      // differ: the heaps added are a test that tells them apart.
      std::vector<int> parent(order * order, -1);
      std::vector<Heap> by(order * order, 0);
      std::vector<std::size_t> queue{static_cast<std::size_t>(same->first) * order + same->second};
      parent[queue[0]] = static_cast<int>(queue[0]);
      std::optional<std::size_t> told;
      for (std::size_t i = 0; i < queue.size() && !told; ++i) {
        poll_(static_cast<std::uint64_t>(heaps()));
        const std::size_t x = queue[i] / order, y = queue[i] % order;
        if (p[x] != p[y]) told = queue[i];
        for (int h = 1; h <= heaps() && !told; ++h) {
          const std::size_t next = static_cast<std::size_t>(delta_[x][h]) * order + delta_[y][h];
          if (parent[next] >= 0) continue;
          parent[next] = static_cast<int>(queue[i]);
          by[next] = static_cast<Heap>(h);
          queue.push_back(next);
        }
      }
      if (!told) throw runtime::EngineError("misere quotient: two certified elements that nothing tells apart");
      Word test;
      for (std::size_t at = *told; parent[at] != static_cast<int>(at); at = static_cast<std::size_t>(parent[at]))
        test.push_back(by[at]);
      std::sort(test.begin(), test.end());
      const int t = walk(delta_, 0, test);
      for (std::size_t x = 0; x < order; ++x)
        rows_[x] += p[static_cast<std::size_t>(product[x][static_cast<std::size_t>(t)])] ? '1' : '0';
      tests_.push_back(Test{std::move(test), 0});
    }
  }

  // The search over (element of a position, elements of its heap moves' positions), the nodes, for
  // the first position where the candidate's P-portions (one for each count of passes left) break
  // the misère rule, or none: the certificate. The pass is an option of the same element with one
  // pass fewer, there when a heap move is or from_terminal says so. `product` is the candidate's
  // product table (product_table()); every try of a conservative extension shares one, as heap n
  // is in no element's position.
  //
  // Positions are visited in colexicographic order (fewer of the largest heap first, then of the
  // next, ...), an order that adding a position preserves and in which a position's options come
  // before it. A position whose node was met before is not extended: its extensions have the nodes
  // of earlier positions' extensions. So every position before the failure has its node checked,
  // and all of them are predicted rightly (by induction over the order): the failure's options are
  // too, and its outcome is the opposite of the prediction, without a query. The positions without
  // heap n come first; when the candidate predicts them all as the certified quotient of heaps
  // 0..n-1 does (agrees_on_smaller_heaps), they are right and not visited, and the search starts
  // at heap n, where a candidate's failures are.
  std::optional<Word> first_failure(const std::vector<std::vector<int>>& product) {
    const std::size_t order = rep_.size();
    const std::size_t words = (order + 63) / 64;
    std::vector<std::vector<int>> option_elements(static_cast<std::size_t>(heaps()) + 1);
    for (int h = 1; h <= heaps(); ++h) {
      for (const Word& o : options_[h]) option_elements[h].push_back(walk(delta_, 0, o));
      auto& u = option_elements[h];
      std::sort(u.begin(), u.end());
      u.erase(std::unique(u.begin(), u.end()), u.end());
    }
    const auto portions = static_cast<std::size_t>(passes_.count) + 1;
    std::vector<std::vector<std::uint64_t>> p_bits(portions, std::vector<std::uint64_t>(words, 0));
    for (std::size_t p = 0; p < portions; ++p)
      for (std::size_t x = 0; x < order; ++x)
        if (rows_[x][p] == '1') p_bits[p][x / 64] |= std::uint64_t{1} << (x % 64);

    // The nodes, each an element and a set of option elements (`words` words of `bits` from
    // node * words), with the heap that reached it from its parent; a table of node numbers,
    // open-addressed by the node's hash, finds a node met before.
    std::vector<int> element{0}, parent{-1};
    std::vector<Heap> heap_to{0};
    std::vector<std::uint64_t> bits(words, 0);
    // A slot holds the high half of its node's hash and the node's number plus one (0: empty),
    // so that a probe reads the node only when their hashes agree.
    std::vector<std::uint64_t> table(1024, 0);
    auto slot_value = [](std::uint64_t key, std::size_t node) {
      return (key & 0xffffffff00000000ULL) | static_cast<std::uint64_t>(node + 1);
    };
    auto hash_of = [&](int e, const std::uint64_t* o) {
      std::uint64_t h = static_cast<std::uint64_t>(e) * 0x9e3779b97f4a7c15ULL;
      for (std::size_t k = 0; k < words; ++k) h = (h ^ o[k]) * 0xff51afd7ed558ccdULL;
      return h ^ (h >> 29);
    };
    // The slot of the node (e, o) of hash `key`, or the empty slot where it goes.
    auto slot_of = [&](std::uint64_t key, int e, const std::uint64_t* o) {
      const std::size_t mask = table.size() - 1;
      for (std::size_t i = static_cast<std::size_t>(key) & mask;; i = (i + 1) & mask) {
        const std::uint64_t v = table[i];
        if (v == 0) return i;
        if ((v ^ key) >> 32 != 0) continue;
        const auto node = static_cast<std::size_t>((v & 0xffffffffU) - 1);
        if (element[node] == e && std::equal(o, o + words, bits.begin() + node * words)) return i;
      }
    };
    const std::uint64_t empty_key = hash_of(0, bits.data());
    table[slot_of(empty_key, 0, bits.data())] = slot_value(empty_key, 0);
    auto breaks_the_rule = [&](int e, const std::uint64_t* o) {
      bool any = false;
      for (std::size_t k = 0; k < words; ++k) any |= o[k] != 0;
      const std::string& predicted = rows_[static_cast<std::size_t>(e)];
      for (std::size_t p = 0; p < portions; ++p) {
        const bool pass = p > 0 && (any || passes_.from_terminal);
        bool some_p = pass && predicted[p - 1] == '1';
        for (std::size_t k = 0; k < words; ++k) some_p |= (o[k] & p_bits[p][k]) != 0;
        if ((predicted[p] == '1') != ((any || pass) && !some_p)) return true;
      }
      return false;
    };
    if (breaks_the_rule(0, bits.data())) return Word{};
    // A frame enumerates its node's position plus any heaps up to `heap`: first with no more of
    // `heap` (the frame below), then with one more, and so on while the node is new.
    struct Frame {
      int heap;
      int node;
      bool below_done;
    };
    std::vector<Frame> frames{{heaps(), 0, agrees_on_smaller_heaps(portions)}};
    std::vector<std::uint64_t> next(words);
    // The transitions by heap, each heap's a row: the inner loop below reads one.
    std::vector<int> to(static_cast<std::size_t>(heaps() + 1) * order);
    for (std::size_t t = 0; t < order; ++t)
      for (std::size_t h = 0; h <= static_cast<std::size_t>(heaps()); ++h) to[h * order + t] = delta_[t][h];
    while (!frames.empty()) {
      Frame& f = frames.back();
      if (f.heap == 0) {
        frames.pop_back();
        continue;
      }
      if (!f.below_done) {
        f.below_done = true;
        const Frame below{f.heap - 1, f.node, false};
        frames.push_back(below);
        continue;
      }
      poll_(order);
      const auto h = static_cast<std::size_t>(f.heap);
      const auto from = static_cast<std::size_t>(f.node);
      const int from_element = element[from];
      const int* to_h = to.data() + h * order;
      const int next_element = to_h[from_element];
      std::fill(next.begin(), next.end(), 0);
      for (std::size_t k = 0; k < words; ++k)
        for (std::uint64_t b = bits[from * words + k]; b != 0; b &= b - 1) {
          const auto y = static_cast<std::size_t>(to_h[k * 64 + static_cast<std::size_t>(std::countr_zero(b))]);
          next[y / 64] |= std::uint64_t{1} << (y % 64);
        }
      for (int u : option_elements[h]) {
        const auto y = static_cast<std::size_t>(product[static_cast<std::size_t>(from_element)][u]);
        next[y / 64] |= std::uint64_t{1} << (y % 64);
      }
      const std::uint64_t key = hash_of(next_element, next.data());
      const std::size_t slot = slot_of(key, next_element, next.data());
      if (table[slot] != 0) {
        frames.pop_back();
        continue;
      }
      if (held_bytes() + (order * order + to.size()) * sizeof(int) + element.size() * (kEntryBytes + 16 * words) >
          memory_)
        throw OutOfMemory{};
      const auto node = static_cast<int>(element.size());
      table[slot] = slot_value(key, static_cast<std::size_t>(node));
      element.push_back(next_element);
      parent.push_back(f.node);
      heap_to.push_back(static_cast<Heap>(h));
      bits.insert(bits.end(), next.begin(), next.end());
      if (2 * element.size() > table.size()) {  // at most half full: probes stay short
        std::fill(table.begin(), table.end(), 0);
        table.resize(table.size() * 2, 0);
        for (std::size_t j = 0; j < element.size(); ++j) {
          const std::uint64_t* o = bits.data() + j * words;
          const std::uint64_t k = hash_of(element[j], o);
          table[slot_of(k, element[j], o)] = slot_value(k, j);
        }
      }
      f.node = node;
      f.below_done = false;
      if (breaks_the_rule(next_element, next.data())) {
        Word w;
        for (int j = node; parent[static_cast<std::size_t>(j)] >= 0; j = parent[static_cast<std::size_t>(j)])
          w.push_back(heap_to[static_cast<std::size_t>(j)]);
        std::sort(w.begin(), w.end());
        return w;
      }
    }
    return std::nullopt;
  }

  // Whether the candidate predicts every position of heaps 0..n-1 as the certified quotient of
  // those heaps does: every pair (the candidate's element, the certified one's) that a position
  // of those heaps reaches, read off both transitions from the empty position, has the same
  // P-portions.
  bool agrees_on_smaller_heaps(std::size_t portions) const {
    if (known_delta_.empty() || known_heaps_ != heaps() - 1) return false;
    const std::size_t known = known_delta_.size();
    std::vector<bool> met(rep_.size() * known, false);
    std::vector<std::pair<int, int>> todo{{0, 0}};
    met[0] = true;
    while (!todo.empty()) {
      const auto [c, x] = todo.back();
      todo.pop_back();
      const auto& row = rows_[static_cast<std::size_t>(c)];
      if (known_rows_[static_cast<std::size_t>(x)].compare(0, portions, row, 0, portions) != 0) return false;
      for (int h = 1; h <= known_heaps_; ++h) {
        const int d = delta_[static_cast<std::size_t>(c)][static_cast<std::size_t>(h)];
        const int y = known_delta_[static_cast<std::size_t>(x)][static_cast<std::size_t>(h)];
        const std::size_t pair = static_cast<std::size_t>(d) * known + static_cast<std::size_t>(y);
        if (!met[pair]) {
          met[pair] = true;
          todo.emplace_back(d, y);
        }
      }
    }
    return true;
  }

  // A position the candidate predicts wrongly, with the passes left: w itself, or one of its
  // heap moves' positions, with some count of passes (w breaks the misère rule under the
  // candidate for some count, so w, one of its options or w with a pass fewer is mispredicted).
  std::pair<Word, int> mispredicted(const Word& w) {
    auto wrong = [&](const Word& v, int p) {
      return outcome_p(v, p) !=
             (rows_[static_cast<std::size_t>(walk(delta_, 0, v))][static_cast<std::size_t>(p)] == '1');
    };
    for (int p = 0; p <= passes_.count; ++p)
      if (wrong(w, p)) return {w, p};
    std::pair<Word, int> found;
    if (some_option(w, [&](const Word& option) {
          for (int p = 0; p <= passes_.count; ++p)
            if (wrong(option, p)) {
              found = {option, p};
              return true;
            }
          return false;
        }))
      return found;
    throw runtime::EngineError("misere quotient: a broken rule without a wrong prediction");
  }

  // Rivest and Schapire: along w = h1 + ... + hm, the outcome of rep(element of h1..hi) +
  // h(i+1) + ... + hm (p passes left) is the truth at i = 0 and the prediction at i = m; where it
  // changes, the rest of the word tells rep(x) + h(i+1) from the element it was taken for.
  void learn_from(const std::pair<Word, int>& mistake) {
    const Word& w = mistake.first;
    const int p = mistake.second;
    const std::size_t m = w.size();
    std::vector<int> at(m + 1, 0);
    for (std::size_t i = 0; i < m; ++i) at[i + 1] = delta_[static_cast<std::size_t>(at[i])][w[i]];
    auto f = [&](std::size_t i) {
      return outcome_p(
          plus(rep_[static_cast<std::size_t>(at[i])], Word(w.begin() + static_cast<std::ptrdiff_t>(i), w.end())), p);
    };
    std::size_t lo = 0, hi = m;  // f(lo) != f(hi)
    const bool first = f(lo);
    while (hi - lo > 1) {
      const std::size_t mid = (lo + hi) / 2;
      if (f(mid) == first)
        lo = mid;
      else
        hi = mid;
    }
    add_test(Test{Word(w.begin() + static_cast<std::ptrdiff_t>(hi), w.end()), p});
  }

  const HeapMoves& moves_;
  SharedPasses passes_;
  std::uint64_t memory_;
  std::vector<bool> empty_p_;  // [p]: the empty position's outcome with p passes left
  runtime::StopPoll poll_;
  std::vector<std::vector<Word>> options_;  // options_[n]: the positions heap n moves to
  // Everything the memo holds comes from its arena, and the memo is dropped with the arena, not
  // taken apart node by node: millions of them would take seconds past a deadline. (The tables'
  // destructors are never called; nothing depends on them but the memory, which the arena
  // frees.) It is split in 256 tables by hash, so that growing one (a rehash, which cannot stop
  // half-way) moves a 256th of the positions: milliseconds, where a single table of millions
  // would hold a deadline up for seconds.
  using Memo = std::pmr::unordered_map<Word, bool, WordHash>;
  static constexpr std::size_t kMemoShards = 256;
  // The cyclic monoids tried for a new generator, as (index, period).
  static constexpr std::pair<int, int> kCycles[] = {{2, 2}, {4, 2}, {6, 4}};
  // How many wrong positions one heap's candidates may be mended for before the queries take over.
  static constexpr int kRecalibrations = 400;
  CountedMemory counted_;  // the arena's upstream
  std::pmr::monotonic_buffer_resource arena_;
  std::span<Memo> memo_;
  std::uint64_t pinned_ = 0;  // what extends_without_queries holds while it tries candidates
  // The certified quotient of heaps 0..known_heaps_ answers every position below it at once.
  int known_heaps_ = 0;
  std::vector<std::vector<int>> known_delta_;
  std::vector<std::string> known_rows_;
  // The candidate: its elements (a position of each), the tests, each element's row of outcomes
  // rep + test, and its transitions delta_[x][h] (the element of rep(x) + h; -1 not yet read).
  std::vector<Word> rep_;
  std::vector<Test> tests_;
  std::vector<std::string> rows_;
  std::unordered_map<std::string, int> state_of_row_;
  std::vector<std::vector<int>> delta_;
};

}  // namespace

int MisereQuotient::p_count() const { return static_cast<int>(std::count(p_portion.begin(), p_portion.end(), true)); }

std::int64_t MisereQuotient::same_since() const {
  std::int64_t n = static_cast<std::int64_t>(order_at.size()) - 1;
  while (n > 0 && order_at[static_cast<std::size_t>(n - 1)] == order_at.back()) --n;
  return std::max<std::int64_t>(n, 0);
}

namespace {

// Leaves out each relation the ones kept before it imply. A relation is implied when a chain of them,
// each applied inside a product, joins its two sides; the chains looked for stay among the
// products of degree at most two above the largest relation's, and a relation not shown implied
// so is kept: every relation left out is implied, so the presentation still presents the quotient.
void drop_implied_relations(Presentation& p) {
  using Monomial = Presentation::Monomial;
  const std::size_t k = p.generator_heap.size();
  auto degree = [](const Monomial& m) { return std::accumulate(m.begin(), m.end(), 0); };
  int most = 0;
  for (const auto& [left, right] : p.relations) most = std::max({most, degree(left), degree(right)});
  const int bound = most + 2;
  // The products of degree <= bound, each with its number; too many and nothing is left out.
  constexpr std::size_t kMostProducts = 20000;
  std::vector<Monomial> products;
  std::map<Monomial, int> number;
  Monomial m(k, 0);
  auto enumerate = [&](auto&& self, std::size_t g, int left) -> bool {
    if (g == k) {
      number.emplace(m, static_cast<int>(products.size()));
      products.push_back(m);
      return products.size() <= kMostProducts;
    }
    for (int e = 0; e <= left; ++e) {
      m[g] = e;
      if (!self(self, g + 1, left - e)) return false;
    }
    m[g] = 0;
    return true;
  };
  if (!enumerate(enumerate, 0, bound)) return;
  // The classes of products the relations kept so far join, grown relation by relation.
  std::vector<int> root(products.size());
  std::iota(root.begin(), root.end(), 0);
  auto find = [&](int x) {
    while (root[static_cast<std::size_t>(x)] != x)
      x = root[static_cast<std::size_t>(x)] = root[static_cast<std::size_t>(root[static_cast<std::size_t>(x)])];
    return x;
  };
  std::vector<std::pair<Monomial, Monomial>> kept;
  for (auto& [left, right] : p.relations) {
    if (find(number.at(left)) == find(number.at(right))) continue;
    const int reach = bound - std::max(degree(left), degree(right));
    for (const Monomial& u : products) {
      if (degree(u) > reach) continue;
      Monomial a = u, b = u;
      for (std::size_t g = 0; g < k; ++g) a[g] += left[g], b[g] += right[g];
      root[static_cast<std::size_t>(find(number.at(a)))] = find(number.at(b));
    }
    kept.emplace_back(std::move(left), std::move(right));
  }
  p.relations = std::move(kept);
}

}  // namespace

std::string Presentation::name(std::size_t generator) {
  if (generator < 26) return std::string(1, static_cast<char>('a' + generator));
  return "g" + std::to_string(generator + 1);
}

std::string Presentation::word(const Monomial& m, bool latex) {
  std::string s;
  for (std::size_t g = 0; g < m.size(); ++g) {
    if (m[g] == 0) continue;
    s += name(g);
    if (m[g] > 1) s += latex ? "^{" + std::to_string(m[g]) + "}" : "^" + std::to_string(m[g]);
  }
  return s.empty() ? "1" : s;
}

Presentation presentation_of(const MisereQuotient& q) {
  const auto order = static_cast<std::size_t>(q.order());
  auto times = [&](int x, int y) { return q.product[static_cast<std::size_t>(x)][static_cast<std::size_t>(y)]; };
  // The generators: the heaps whose elements the earlier ones do not produce, then without those
  // the others produce (heap 9 of 0.123 squared is heap 6), so that none is superfluous.
  auto submonoid = [&](const std::vector<int>& generators) {
    std::vector<bool> produced(order, false);
    std::vector<int> reached{0};
    produced[0] = true;
    for (std::size_t i = 0; i < reached.size(); ++i)
      for (int g : generators)
        if (const int y = times(reached[i], g); !produced[static_cast<std::size_t>(y)]) {
          produced[static_cast<std::size_t>(y)] = true;
          reached.push_back(y);
        }
    return produced;
  };
  Presentation p;
  std::vector<int> generator_element;
  std::vector<bool> produced = submonoid(generator_element);  // what the generators so far produce
  for (std::size_t h = 1; h < q.heap_element.size(); ++h)
    if (const int e = q.heap_element[h]; !produced[static_cast<std::size_t>(e)]) {
      p.generator_heap.push_back(static_cast<std::int64_t>(h));
      generator_element.push_back(e);
      produced = submonoid(generator_element);
    }
  for (std::size_t g = 0; g < generator_element.size();) {
    std::vector<int> others = generator_element;
    others.erase(others.begin() + static_cast<std::ptrdiff_t>(g));
    if (submonoid(others)[static_cast<std::size_t>(generator_element[g])]) {
      generator_element = std::move(others);
      p.generator_heap.erase(p.generator_heap.begin() + static_cast<std::ptrdiff_t>(g));
    } else {
      ++g;
    }
  }
  const std::size_t k = generator_element.size();
  // Normal forms, one degree at a time: the least product of an element extends the least product
  // of another by one generator, as the order is compatible with products.
  auto less = [](const Presentation::Monomial& u, const Presentation::Monomial& v) {
    const int du = std::accumulate(u.begin(), u.end(), 0), dv = std::accumulate(v.begin(), v.end(), 0);
    if (du != dv) return du < dv;
    return std::lexicographical_compare(v.begin(), v.end(), u.begin(), u.end());
  };
  p.normal_form.assign(order, {});
  std::vector<bool> done(order, false);
  p.normal_form[0].assign(k, 0);
  done[0] = true;
  std::vector<int> last{0};
  while (!last.empty()) {
    std::vector<int> next;
    for (int y : last)
      for (std::size_t g = 0; g < k; ++g) {
        const auto x = static_cast<std::size_t>(times(y, generator_element[g]));
        if (done[x]) continue;
        Presentation::Monomial m = p.normal_form[static_cast<std::size_t>(y)];
        ++m[g];
        if (p.normal_form[x].empty()) next.push_back(static_cast<int>(x));
        if (p.normal_form[x].empty() || less(m, p.normal_form[x])) p.normal_form[x] = std::move(m);
      }
    for (int x : next) done[static_cast<std::size_t>(x)] = true;
    last = std::move(next);
  }
  // The relations: the least products that are not normal forms.
  std::map<Presentation::Monomial, int> normal;
  for (std::size_t x = 0; x < order; ++x) normal.emplace(p.normal_form[x], static_cast<int>(x));
  std::map<Presentation::Monomial, int> rewritten;
  for (std::size_t y = 0; y < order; ++y)
    for (std::size_t g = 0; g < k; ++g) {
      Presentation::Monomial m = p.normal_form[y];
      ++m[g];
      if (normal.contains(m) || rewritten.contains(m)) continue;
      bool least = true;
      for (std::size_t f = 0; f < k && least; ++f) {
        if (m[f] == 0) continue;
        --m[f];
        least = normal.contains(m);
        ++m[f];
      }
      if (least) rewritten.emplace(std::move(m), times(static_cast<int>(y), generator_element[g]));
    }
  for (auto& [m, x] : rewritten) p.relations.emplace_back(m, p.normal_form[static_cast<std::size_t>(x)]);
  // In the papers' order: by the latest generator a relation involves, then by degree.
  auto last_generator = [](const auto& r) {
    std::size_t g = r.first.size();
    while (g > 0 && r.first[g - 1] == 0 && r.second[g - 1] == 0) --g;
    return g;
  };
  std::stable_sort(p.relations.begin(), p.relations.end(), [&](const auto& r, const auto& s) {
    if (last_generator(r) != last_generator(s)) return last_generator(r) < last_generator(s);
    return less(r.first, s.first);
  });
  drop_implied_relations(p);
  return p;
}

int MisereQuotient::element_of(const std::vector<std::int64_t>& heaps) const {
  int x = 0;
  for (std::int64_t h : heaps) {
    if (h < 0 || h >= size)
      throw runtime::UserError("heap " + std::to_string(h) + " is outside the quotient's heaps 0.." +
                               std::to_string(size - 1));
    x = product[static_cast<std::size_t>(x)][static_cast<std::size_t>(heap_element[static_cast<std::size_t>(h)])];
  }
  return x;
}

MisereQuotient misere_quotient(const HeapMoves& moves, SharedPasses passes, std::int64_t size,
                               const runtime::Limits& limits) {
  static_assert(kLargestHeapBound == std::numeric_limits<Heap>::max());
  if (size < 1 || size > kLargestHeapBound)
    throw runtime::UserError("heap bound " + std::to_string(size) + ": the quotient takes heaps 0..N-1 for N in 1.." +
                             std::to_string(kLargestHeapBound));
  MisereQuotient q;
  q.asked = size;
  q.passes = passes;
  Builder b(moves, passes, limits.memory);
  b.write(q);  // heaps 0..0: the empty position alone, an N-position
  q.order_at.push_back(1);
  try {
    while (b.heaps() + 1 < size) {
      b.add_heap();
      b.write(q);
      q.order_at.push_back(q.order());
    }
  } catch (const runtime::Interrupted& stop) {
    // What was certified is kept: the stop's word that nothing was written is not this one's.
    q.stopped = stop.what();
    if (q.stopped.ends_with(runtime::kNothingWritten))
      q.stopped.resize(q.stopped.size() - runtime::kNothingWritten.size());
  } catch (const OutOfMemory&) {
    q.stopped = "stopped at the memory limit (" + runtime::human_bytes(limits.memory) + ")";
    q.memory_reached = true;
  }
  return q;
}

}  // namespace grundy::analysis
