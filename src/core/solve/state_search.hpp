#pragma once

// Search for the Grundy value of games whose positions are sets (the free squares of a board, the
// vertices left of a graph) rather than points of a box: a memoised search over components, the
// method of Lemoine and Viennot ("Nimbers are inevitable", TCS 2012) and of Beling's igs.
//
// What a ruleset provides (SearchRules below):
//   using State                       a small value type (a bitset of cells or vertices)
//   bool for_each_option(s, sink)     sink(const State&) -> bool once per option, in order, stopping
//                                     (and returning false) as soon as the sink returns false
//   void for_each_component(s, sink)  sink(const State&) once per independent part of s, so that
//                                     G(s) is the xor of the parts' values (Sprague-Grundy); parts
//                                     that are known to be worth 0 may be left out
//   SearchKey key(s, canonical, connected)
//                                     s's identity in the transposition table; with `canonical`,
//                                     the same key for every position that is s up to a symmetry
//                                     of the game (a board's rotations and reflections, a graph's
//                                     isomorphisms), so that they are solved once; `connected`
//                                     says that s is one component
//   int size(s)                       its cells or vertices: the largest part is searched, the
//                                     others valued
//
// Four techniques, each of which can be turned off (SearchTechniques) so that its worth can be
// measured and so that the plain memoised mex stays the slow twin:
//   decomposition   G(a + b) = G(a) xor G(b): each part is looked up or solved on its own;
//   canonical forms one entry per class of symmetric positions;
//   a transposition table bounded in size, with replacement: a search at its memory limit evicts
//                   and goes on (every entry is only a cache: an evicted one is solved again);
//   pruning         G(X) = k exactly when X + *k is a P-position: every option X' must have a
//                   value other than k, and one option of value k refutes k at once, so most
//                   options are never valued in full.

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/model/position.hpp"
#include "runtime/errors.hpp"
#include "runtime/progress.hpp"
#include "runtime/threads.hpp"

namespace grundy::core {

// A position's identity in the table: exact where the rules can pack it into 128 bits, else a
// 128-bit hash (two positions then share an entry with probability about n^2 / 2^129 for n
// entries: below 10^-20 for a billion).
struct SearchKey {
  std::uint64_t lo = 0, hi = 0;
  friend bool operator==(const SearchKey&, const SearchKey&) = default;
};

// A 128-bit hash of `words`, for keys that do not fit 128 bits.
inline SearchKey hash_key(const std::uint64_t* words, std::size_t n, std::uint64_t tag) {
  std::uint64_t a = 0x9e3779b97f4a7c15ULL ^ tag, b = 0xc2b2ae3d27d4eb4fULL + n;
  auto mix = [](std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  };
  for (std::size_t i = 0; i < n; ++i) {
    a = mix(a ^ words[i]) + i;
    b = mix(b + words[i] * 0xff51afd7ed558ccdULL) ^ (b >> 17);
  }
  return {mix(a ^ (b << 1)), mix(b ^ a)};
}

struct SearchTechniques {
  bool decompose = true;
  bool canonical = true;
  bool prune = true;
  bool table = true;  // off: a table of a few entries, so almost nothing is remembered
};

// What one search did, for the bench jobs and the technique table.
struct SearchStats {
  std::uint64_t nodes = 0;      // options generated
  std::uint64_t lookups = 0;    // table probes
  std::uint64_t hits = 0;       // probes that found the value they needed
  std::uint64_t stores = 0;     // entries written
  std::uint64_t evictions = 0;  // entries overwritten by another key

  SearchStats& operator+=(const SearchStats& o) {
    nodes += o.nodes;
    lookups += o.lookups;
    hits += o.hits;
    stores += o.stores;
    evictions += o.evictions;
    return *this;
  }
};

// The transposition table: buckets of four entries, a bucket per hash, the entry that cost least
// to compute replaced when a bucket is full. An entry holds a component's value once known and,
// before that, the values its options are known to have (a value refuted as G = k is one some
// option has): pruning's partial knowledge survives between questions.
class SearchTable {
 public:
  static constexpr std::uint32_t kMaxValue = 254;  // larger values are not kept (solved again)
  static constexpr int kMaskBits = 56;             // option values 0..55 remembered

  struct Entry {
    SearchKey key;
    std::uint64_t data = 0;  // value + 1 (high 8 bits; 0: not known) | mask of option values; 0: free
    std::uint64_t work = 0;  // what it cost: kept when another entry competes for the bucket
  };
  static constexpr std::uint64_t kMinBytes = 4 * sizeof(Entry);

  // A table that grows (doubling, rehashed) while it is more than half full, up to the largest
  // power-of-two number of buckets within `max_bytes`; from then on it replaces. A table
  // `shared` by several threads locks one of kStripes stripes for each access (the stripe of a
  // key is the low bits of its hash, as its bucket is, so a bucket's keys share one) and all of
  // them to grow.
  explicit SearchTable(std::uint64_t max_bytes, bool shared = false) {
    std::uint64_t buckets = 1;
    while (buckets * 2 * sizeof(Bucket) <= max_bytes && buckets < (std::uint64_t{1} << 40)) buckets *= 2;
    max_buckets_ = buckets;
    // Shared, a table starts with a bucket per stripe at least (or its largest size when that
    // is smaller), so that two keys of one bucket always have one stripe.
    allocate(std::min<std::uint64_t>(buckets, kFirstBuckets));
    if (shared) {
      locks_ = std::make_unique<std::atomic_flag[]>(kStripes);
      if (max_buckets_ < kStripes) max_buckets_ = mask_ + 1;  // then it never grows
      stripe_mask_ = std::min(mask_, kStripes - 1);
    }
  }

  std::uint64_t bytes() const {
    const Lock lock(*this, 0);
    return (mask_ + 1) * sizeof(Bucket);
  }

  // The entries held, for saving (not while other threads use the table).
  std::uint64_t entries() const { return occupied_.load(std::memory_order_relaxed); }
  template <class F>
  void for_each_entry(F&& f) const {
    for (std::uint64_t i = 0; i <= mask_; ++i)
      for (const Entry& e : buckets_.get()[i].e)
        if (e.data != 0) f(e);
  }
  // An entry of a saved table, kept as a store keeps one (it may evict or be dropped in a full
  // table, which is only a cache).
  void insert(const Entry& e) {
    SearchStats ignored;
    if (e.data != 0) store(e.key, e.data, e.work, ignored);
  }

  // The entry's data word (value and mask) for `k`, or none.
  bool find(const SearchKey& k, std::uint64_t& data) const {
    const std::uint64_t h = hash(k);
    const Lock lock(*this, h);
    for (const Entry& e : bucket(h).e)
      if (e.key == k && e.data != 0) {
        data = e.data;
        return true;
      }
    return false;
  }

  // Records `data` for `k` (an update of its entry, a free entry, or the cheapest one evicted).
  void store(const SearchKey& k, std::uint64_t data, std::uint64_t work, SearchStats& stats) {
    const std::uint64_t h = hash(k);
    {
      const Lock lock(*this, h);
      if (!store_locked(k, h, data, work, stats)) return;
    }
    if (needs_growth()) grow();
  }

  // `value` is kNoValue when not known.
  static std::uint64_t pack(Value value, std::uint64_t option_values) {
    const std::uint64_t v = value <= kMaxValue ? std::uint64_t{value} + 1 : 0;
    return (v << kMaskBits) | (option_values & ((std::uint64_t{1} << kMaskBits) - 1));
  }
  // kNoValue when not known.
  static Value value_of(std::uint64_t data) {
    const auto v = static_cast<Value>(data >> kMaskBits);
    return v == 0 ? kNoValue : v - 1;
  }
  static std::uint64_t options_of(std::uint64_t data) { return data & ((std::uint64_t{1} << kMaskBits) - 1); }

 private:
  struct alignas(64) Bucket {
    Entry e[4];
  };
  struct Free {
    void operator()(Bucket* p) const { std::free(p); }
  };
  static constexpr std::uint64_t kFirstBuckets = std::uint64_t{1} << 12;
  static constexpr std::uint64_t kStripes = kFirstBuckets;

  // Holds the stripe of a hash while alive, in a shared table; nothing otherwise.
  class Lock {
   public:
    Lock(const SearchTable& t, std::uint64_t h) {
      if (!t.locks_) return;
      flag_ = &t.locks_[h & t.stripe_mask_];
      while (flag_->test_and_set(std::memory_order_acquire)) {
      }
    }
    ~Lock() {
      if (flag_) flag_->clear(std::memory_order_release);
    }
    Lock(const Lock&) = delete;
    Lock& operator=(const Lock&) = delete;

   private:
    std::atomic_flag* flag_ = nullptr;
  };

  // Keys may be raw bitsets whose low bits hardly vary: every bit of both words is mixed in.
  static std::uint64_t hash(const SearchKey& k) {
    std::uint64_t x = k.lo ^ (k.hi * 0x9e3779b97f4a7c15ULL) ^ (k.hi >> 29);
    x ^= x >> 32;
    x *= 0xd6e8feb86659fd93ULL;
    return x ^ (x >> 32);
  }
  Bucket& bucket(std::uint64_t h) const { return buckets_.get()[h & mask_]; }

  // True when a free entry was taken (the table holds one more key).
  bool store_locked(const SearchKey& k, std::uint64_t h, std::uint64_t data, std::uint64_t work, SearchStats& stats) {
    Bucket& b = bucket(h);
    Entry* victim = &b.e[0];
    for (Entry& e : b.e) {
      if (e.key == k && e.data != 0) {
        e.data = data;
        e.work = std::max(e.work, work);
        return false;
      }
      if (e.data == 0) {
        victim = &e;
        break;
      }
      if (e.work < victim->work) victim = &e;
    }
    ++stats.stores;
    const bool fresh = victim->data == 0;
    if (fresh)
      occupied_.fetch_add(1, std::memory_order_relaxed);
    else
      ++stats.evictions;
    *victim = Entry{k, data, work};
    return fresh;
  }

  // Half full and allowed to grow (read without the stripes: grow() checks again under them).
  bool needs_growth() const {
    return occupied_.load(std::memory_order_relaxed) > (mask_size_.load(std::memory_order_relaxed)) * 2 &&
           mask_size_.load(std::memory_order_relaxed) < max_buckets_;
  }

  void allocate(std::uint64_t buckets) {
    void* p = std::calloc(buckets, sizeof(Bucket));
    if (p == nullptr)
      throw runtime::TooLarge("a transposition table of " + std::to_string(buckets * sizeof(Bucket)) +
                              " bytes could not be allocated");
    buckets_.reset(static_cast<Bucket*>(p));
    mask_ = buckets - 1;
    mask_size_.store(buckets, std::memory_order_relaxed);
    occupied_.store(0, std::memory_order_relaxed);
  }

  // Twice the buckets, every entry moved over (the few whose new bucket is full are dropped);
  // shared, with every stripe held, so that no thread reads a bucket meanwhile.
  void grow() {
    if (locks_)
      for (std::uint64_t i = 0; i <= stripe_mask_; ++i)
        while (locks_[i].test_and_set(std::memory_order_acquire)) {
        }
    if (occupied_.load(std::memory_order_relaxed) > (mask_ + 1) * 2 && mask_ + 1 < max_buckets_) {
      std::unique_ptr<Bucket, Free> old = std::move(buckets_);
      const std::uint64_t n = mask_ + 1;
      allocate(n * 2);
      SearchStats ignored;
      for (std::uint64_t i = 0; i < n; ++i)
        for (const Entry& e : old.get()[i].e)
          if (e.data != 0) store_locked(e.key, hash(e.key), e.data, e.work, ignored);
    }
    if (locks_)
      for (std::uint64_t i = 0; i <= stripe_mask_; ++i) locks_[i].clear(std::memory_order_release);
  }

  std::unique_ptr<Bucket, Free> buckets_;
  std::uint64_t mask_ = 0;
  std::atomic<std::uint64_t> mask_size_{0};  // mask_ + 1, for needs_growth() outside the stripes
  std::uint64_t max_buckets_ = 1;
  std::atomic<std::uint64_t> occupied_{0};
  std::unique_ptr<std::atomic_flag[]> locks_;  // a shared table's stripes; none otherwise
  std::uint64_t stripe_mask_ = 0;              // the hash bits that pick a stripe
};

template <class R>
concept SearchRules = requires(const R& r, const typename R::State& s) {
  { r.size(s) } -> std::convertible_to<int>;
  { r.key(s, true, true) } -> std::same_as<SearchKey>;
  r.for_each_component(s, [](const typename R::State&) {});
  {
    r.for_each_option(s, [](const typename R::State&) { return true; })
    } -> std::same_as<bool>;
};

template <SearchRules R>
class StateSearch {
 public:
  using State = typename R::State;

  // `threads` > 1: the options of a large component are shared out among that many threads,
  // each with a copy of the rules, all with one table.
  StateSearch(const R& rules, SearchTechniques t, std::uint64_t table_bytes, int threads = 1)
      : rules_(rules),
        t_(t),
        own_(std::make_unique<SearchTable>(t.table ? table_bytes : SearchTable::kMinBytes, threads > 1)),
        table_(own_.get()),
        threads_(threads) {}

  // G of a whole position, the stacks of an earlier search that was stopped dropped first.
  Value solve(const State& s) {
    parts_.clear();
    order_.clear();
    depth_ = 0;
    if (threads_ <= 1 || !t_.prune) return value(s);
    if (!t_.decompose) return component_value_parallel(s);
    std::vector<State> parts;
    rules_.for_each_component(s, [&](const State& c) { parts.push_back(c); });
    Value x = 0;
    for (const State& c : parts) x ^= component_value_parallel(c);
    return x;
  }

  // G of a whole position.
  Value value(const State& s) {
    if (!t_.decompose) return component_value(s);
    const std::size_t base = parts_.size();
    rules_.for_each_component(s, [&](const State& c) { parts_.push_back(c); });
    Value x = 0;
    for (std::size_t i = base; i < parts_.size(); ++i) x ^= component_value(State(parts_[i]));
    parts_.resize(base);
    return x;
  }

  const SearchStats& stats() const { return stats_; }
  std::uint64_t table_bytes() const { return table_->bytes(); }
  SearchTable& table() { return *table_; }

  // The search recurses once per move of the line it follows; when the thread's call stack has
  // less than this left it stops with a UserError instead of overflowing (a game whose moves
  // return to a position never ends, and one whose play is that long is for the memo solver).
  // The reserve leaves room for a ruleset's own calls (a Python options()) and the unwinding.
  static constexpr std::size_t kStackReserve = std::size_t{512} << 10;

 private:
  static constexpr Value kUnknown = kNoValue;

  struct Known {
    Value value = kUnknown;
    std::uint64_t options = 0;  // values some option is known to have (bit v for v < 56)
  };

  Known lookup(const SearchKey& k) {
    ++stats_.lookups;
    std::uint64_t data = 0;
    if (!table_->find(k, data)) return {};
    return {SearchTable::value_of(data), SearchTable::options_of(data)};
  }
  void remember(const SearchKey& k, const Known& known, std::uint64_t work) {
    if (SearchTable::pack(known.value, known.options) == 0) return;  // nothing worth an entry
    table_->store(k, SearchTable::pack(known.value, known.options), work, stats_);
  }
  static bool has_bit(std::uint64_t mask, Value v) { return v < SearchTable::kMaskBits && ((mask >> v) & 1) != 0; }

  // One move deeper while alive.
  class Deeper {
   public:
    explicit Deeper(int& depth) : depth_(depth) {
      if (runtime::stack_left() < kStackReserve)
        throw runtime::UserError("the search followed a line of " + std::to_string(depth_) +
                                 " moves and the call stack is nearly full: the game's moves return to a position, "
                                 "or its play is too long for the search");
      ++depth_;
    }
    ~Deeper() { --depth_; }
    Deeper(const Deeper&) = delete;
    Deeper& operator=(const Deeper&) = delete;

   private:
    int& depth_;
  };

  // G of one component (with decomposition off: of any position).
  Value component_value(const State& c) {
    const Deeper deeper(depth_);
    const SearchKey k = rules_.key(c, t_.canonical, t_.decompose);
    Known known = lookup(k);
    if (known.value != kUnknown) {
      ++stats_.hits;
      return known.value;
    }
    const std::uint64_t before = stats_.nodes;
    if (t_.prune) {
      // The mex is the least k that no option has: test k = 0, 1, ... each with an early exit.
      const Range options = list_options(c);
      Value v = 0;
      for (;; ++v) {
        if (has_bit(known.options, v)) continue;
        if (!some_option_has(options, v)) break;
        if (v < SearchTable::kMaskBits) known.options |= std::uint64_t{1} << v;
      }
      order_.resize(options.first);
      known.value = v;
    } else {
      std::vector<Value> values;
      rules_.for_each_option(c, [&](const State& o) {
        ++stats_.nodes;
        poll_(1);
        values.push_back(value(o));
        return true;
      });
      known.value = mex_of(values);
    }
    remember(k, known, stats_.nodes - before);
    return known.value;
  }

  // Whether G(c) == target for one component c, without valuing c in full where an option of
  // value `target` says no at once.
  bool component_is(const State& c, Value target) {
    const Deeper deeper(depth_);
    const SearchKey k = rules_.key(c, t_.canonical, t_.decompose);
    Known known = lookup(k);
    if (known.value != kUnknown) {
      ++stats_.hits;
      return known.value == target;
    }
    if (has_bit(known.options, target)) {
      ++stats_.hits;
      return false;
    }
    const std::uint64_t before = stats_.nodes;
    const Range options = list_options(c);
    if (some_option_has(options, target)) {
      order_.resize(options.first);
      if (target < SearchTable::kMaskBits) {
        known.options |= std::uint64_t{1} << target;
        remember(k, known, stats_.nodes - before);
      }
      return false;
    }
    // No option has `target`, so G(c) <= target: G(c) is the least value below it that no
    // option has, or `target` itself.
    Value v = 0;
    for (; v < target; ++v) {
      if (has_bit(known.options, v)) continue;
      if (!some_option_has(options, v)) break;
      if (v < SearchTable::kMaskBits) known.options |= std::uint64_t{1} << v;
    }
    order_.resize(options.first);
    known.value = v;
    remember(k, known, stats_.nodes - before);
    return v == target;
  }

  // The options of a component to be asked for values: listed on order_ (first, second), or,
  // for a component too large to list cheaply, enumerated again for each value.
  struct Range {
    std::size_t first = 0, second = 0;
    bool listed = false;
    State c;
  };

  // With decomposition, the options of a component of at most kListedSize cells or vertices are
  // listed once, those whose largest part is smallest first: they are the cheapest to value and
  // the most often in the table, so a refutation is found soonest (Beling's "smaller components
  // first"). A larger component (a long path) is enumerated in the rules' order, where the first
  // refutation stops the enumeration before the remaining options are split into parts.
  static constexpr int kListedSize = 128;

  Range list_options(const State& c) {
    Range r;
    r.first = r.second = order_.size();
    r.c = c;
    if (!t_.decompose || rules_.size(c) > kListedSize) return r;
    r.listed = true;
    rules_.for_each_option(c, [&](const State& o) {
      ++stats_.nodes;
      int largest = 0;
      rules_.for_each_component(o, [&](const State& part) { largest = std::max(largest, rules_.size(part)); });
      order_.push_back({largest, o});
      return true;
    });
    std::stable_sort(order_.begin() + static_cast<std::ptrdiff_t>(r.first), order_.end(),
                     [](const auto& x, const auto& y) { return x.first < y.first; });
    r.second = order_.size();
    return r;
  }

  // Whether some option of the list has the value `target`.
  bool some_option_has(const Range& options, Value target) {
    if (!options.listed) {
      const bool all_other = rules_.for_each_option(options.c, [&](const State& o) {
        ++stats_.nodes;
        poll_(1);
        return !position_is(o, target);
      });
      return !all_other;
    }
    for (std::size_t i = options.first; i < options.second; ++i) {
      poll_(1);
      if (position_is(State(order_[i].second), target)) return true;
    }
    return false;
  }

  // Whether G(s) == target for a whole position: the parts but the largest are valued, and the
  // largest asked whether it makes up the difference.
  bool position_is(const State& s, Value target) {
    if (!t_.decompose) return component_is(s, target);
    const std::size_t base = parts_.size();
    rules_.for_each_component(s, [&](const State& c) { parts_.push_back(c); });
    const std::size_t n = parts_.size() - base;
    if (n == 0) return target == 0;
    std::size_t largest = base;
    for (std::size_t i = base + 1; i < parts_.size(); ++i)
      if (rules_.size(parts_[i]) > rules_.size(parts_[largest])) largest = i;
    Value x = 0;
    for (std::size_t i = base; i < base + n; ++i)
      if (i != largest) x ^= component_value(State(parts_[i]));
    const State big = parts_[largest];
    parts_.resize(base);
    return component_is(big, target ^ x);
  }

  static Value mex_of(std::vector<Value>& values) {
    std::sort(values.begin(), values.end());
    Value m = 0;
    for (Value v : values)
      if (v == m)
        ++m;
      else if (v > m)
        break;
    return m;
  }

  // A helper of the parallel search: the rules copied, the table shared.
  StateSearch(const R& rules, SearchTechniques t, SearchTable* shared) : rules_(rules), t_(t), table_(shared) {}

  // Below this many cells or vertices a component is searched by one thread: its options are
  // too quick to be worth handing out.
  static constexpr int kParallelSize = 20;

  // G of one component, its options (listed as list_options lists them) taken in turn by the
  // threads for each value asked; the first option found with the value stops the others from
  // taking more.
  Value component_value_parallel(const State& c) {
    const SearchKey k = rules_.key(c, t_.canonical, t_.decompose);
    Known known = lookup(k);
    if (known.value != kUnknown) return known.value;
    if (rules_.size(c) < kParallelSize) return component_value(c);
    const Range listed = list_options(c);
    std::vector<State> options;
    if (listed.listed) {
      for (std::size_t i = listed.first; i < listed.second; ++i) options.push_back(order_[i].second);
    } else {
      rules_.for_each_option(c, [&](const State& o) {
        options.push_back(o);
        return true;
      });
    }
    order_.resize(listed.first);
    while (helpers_.size() + 1 < static_cast<std::size_t>(threads_)) {
      helper_rules_.push_back(rules_);
      helpers_.push_back(std::unique_ptr<StateSearch>(new StateSearch(helper_rules_.back(), t_, table_)));
    }
    Value v = 0;
    for (;; ++v) {
      if (has_bit(known.options, v)) continue;
      std::atomic<std::size_t> next{0};
      std::atomic<bool> found{false}, failed{false};
      runtime::detail::run_on_threads(threads_, failed, [&](int tid) {
        StateSearch& s = tid == 0 ? *this : *helpers_[static_cast<std::size_t>(tid - 1)];
        while (!found.load(std::memory_order_relaxed) && !failed.load(std::memory_order_relaxed)) {
          const std::size_t i = next.fetch_add(1);
          if (i >= options.size()) break;
          if (s.position_is(options[i], v)) found.store(true);
        }
      });
      if (!found.load()) break;
      if (v < SearchTable::kMaskBits) known.options |= std::uint64_t{1} << v;
    }
    known.value = v;
    for (const auto& h : helpers_) stats_ += std::exchange(h->stats_, SearchStats{});
    remember(k, known, stats_.nodes);
    return known.value;
  }

  const R& rules_;
  SearchTechniques t_;
  std::unique_ptr<SearchTable> own_;  // the table, unless this is a helper sharing another's
  SearchTable* table_;
  int threads_ = 1;
  std::deque<R> helper_rules_;  // the helpers' own rules: a deque keeps their addresses
  std::vector<std::unique_ptr<StateSearch>> helpers_;
  SearchStats stats_;
  std::vector<State> parts_;                  // the components of the positions on the search's path, a stack
  std::vector<std::pair<int, State>> order_;  // the options on the search's path, a stack
  runtime::StopPoll poll_;
  int depth_ = 0;  // the moves of the line being searched
};

}  // namespace grundy::core
