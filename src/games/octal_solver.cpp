#include "games/octal_solver.hpp"

#include <algorithm>
#include <bit>
#include <limits>

#include "core/huge_pages.hpp"
#include "core/mex.hpp"
#include "core/progress.hpp"

namespace grundy::games {

std::vector<core::Value> octal_values_naive(const OctalCode& code, std::int64_t n) {
  std::vector<core::Value> g(static_cast<std::size_t>(std::max<std::int64_t>(n, 0)));
  std::vector<core::Value> opts;
  for (std::int64_t x = 0; x < n; ++x) {
    opts.clear();
    for_each_heap_move(code, x, [&](const std::int64_t* parts, int count) {
      core::Value v = 0;
      for (int i = 0; i < count; ++i) v ^= g[static_cast<std::size_t>(parts[i])];
      opts.push_back(v);
    });
    g[static_cast<std::size_t>(x)] = core::mex_naive(opts);
    if ((x & 1023) == 1023) core::poll_stop();
  }
  return g;
}

OctalSweep::OctalSweep(OctalCode code) : code_(std::move(code)), count_(65536, 0) {
  const int t = code_.max_removal();
  for (int k = 0; k <= t; ++k) {
    const unsigned d = code_.digit[static_cast<std::size_t>(k)];
    if ((d & 2) && k > 0) keep_.push_back(k);
    if (d & 4) {
      split_.push_back(k);
      split_unequal_.push_back(code_.unequal[static_cast<std::size_t>(k)]);
    }
    if (d & 8) {
      split3_.push_back(k);
      split3_unequal_.push_back(code_.unequal[static_cast<std::size_t>(k)]);
    }
  }
  first_fast_ = t + 1;
  set_mask(0);
}

std::uint64_t OctalSweep::bytes(std::int64_t n) {
  // Two bytes a value after widening (the one-byte copy is freed as the two-byte one fills, but
  // both exist for a moment), the rare list at its worst, the counts.
  const auto u = static_cast<std::uint64_t>(std::max<std::int64_t>(n, 0));
  return core::add_bytes(core::mul_bytes(u, 3), core::add_bytes(core::mul_bytes(u, 8), 65536 * 8 + (1u << 16)));
}

// By the definition, for the first heap sizes and for codes that split into three heaps; the
// option buffer is reused from one heap size to the next.
core::Value OctalSweep::naive_one(std::int64_t n) {
  naive_opts_.clear();
  for_each_heap_move(code_, n, [&](const std::int64_t* parts, int count) {
    core::Value v = 0;
    for (int i = 0; i < count; ++i) v ^= at(parts[i]);
    naive_opts_.push_back(v);
  });
  return core::mex_naive(naive_opts_);
}

void OctalSweep::set_mask(std::uint32_t mask) {
  mask_ = mask;
  rare_words_.assign(1024 * 2, 0);
  for (std::uint32_t v = 0; v < 1024 * 2 * 64; ++v)
    if ((std::popcount(v & mask) & 1) == 0) rare_words_[v >> 6] |= std::uint64_t{1} << (v & 63);
  rare_.clear();
  for (std::int64_t x = 1; x < n_; ++x)
    if ((std::popcount(at(x) & mask) & 1) == 0) rare_.push_back(x);
}

// The mask M != 0 whose rare class {v : popcount(v & M) even} holds the fewest heap sizes: the
// Walsh-Hadamard transform of the counts is (#even - #odd) for every M at once.
void OctalSweep::choose_mask() {
  std::size_t size = 2;
  while (size <= max_value_) size *= 2;
  std::vector<std::int64_t> w(size);
  for (std::size_t v = 0; v < size; ++v) w[v] = static_cast<std::int64_t>(count_[v]);
  for (std::size_t h = 1; h < size; h *= 2)
    for (std::size_t i = 0; i < size; i += 2 * h)
      for (std::size_t j = i; j < i + h; ++j) {
        const std::int64_t a = w[j], b = w[j + h];
        w[j] = a + b;
        w[j + h] = a - b;
      }
  std::size_t best = 0;
  for (std::size_t m = 1; m < size; ++m)
    if (best == 0 || w[m] < w[best]) best = m;
  // Keep mask 0 (the naive method) unless the rare class is really rarer than half.
  if (best != 0 && w[best] < 0) {
    if (best != mask_) set_mask(static_cast<std::uint32_t>(best));
  } else if (mask_ != 0) {
    set_mask(0);
  }
}

void OctalSweep::note(std::int64_t n, core::Value v) {
  ++count_[v];
  if (v > max_value_) {
    max_value_ = v;
    // Option values are xors of values below 2^b (b the bits of the largest) or a mex of at most
    // that many: all below 2^(b+1).
    const int bits = std::bit_width(max_value_);
    words_ = std::max(1, (1 << (bits + 1)) / 64);
  }
  if (n >= 1 && (std::popcount(v & mask_) & 1) == 0) rare_.push_back(n);
}

namespace {

// Four copies of a set of values, filled by turns, so that consecutive insertions do not wait
// on each other's store (the words of one set are few and hit again and again).
struct ValueSets {
  std::array<std::array<std::uint64_t, 2048>, 4> set;
  void clear(int words) {
    for (auto& s : set)
      for (int w = 0; w < words; ++w) s[static_cast<std::size_t>(w)] = 0;
  }
  template <int K>
  void add(core::Value v) {
    set[K][v >> 6] |= std::uint64_t{1} << (v & 63);
  }
  std::uint64_t word(int w) const {
    const auto i = static_cast<std::size_t>(w);
    return set[0][i] | set[1][i] | set[2][i] | set[3][i];
  }
};

// Adds G(a) ^ G(m - a) for every a in the list (all < m, and a != m - a when unequal).
template <class T>
void add_pairs(const T* g, std::int64_t m, const std::int64_t* a, std::size_t count, ValueSets& sets) {
  std::size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    sets.add<0>(g[a[i]] ^ g[m - a[i]]);
    sets.add<1>(g[a[i + 1]] ^ g[m - a[i + 1]]);
    sets.add<2>(g[a[i + 2]] ^ g[m - a[i + 2]]);
    sets.add<3>(g[a[i + 3]] ^ g[m - a[i + 3]]);
  }
  for (; i < count; ++i) sets.add<0>(g[a[i]] ^ g[m - a[i]]);
}

// Adds G(a) ^ G(m - a) for a = from .. to - 1.
template <class T>
void add_range(const T* g, std::int64_t m, std::int64_t from, std::int64_t to, ValueSets& sets) {
  std::int64_t a = from;
  for (; a + 4 <= to; a += 4) {
    sets.add<0>(g[a] ^ g[m - a]);
    sets.add<1>(g[a + 1] ^ g[m - a - 1]);
    sets.add<2>(g[a + 2] ^ g[m - a - 2]);
    sets.add<3>(g[a + 3] ^ g[m - a - 3]);
  }
  for (; a < to; ++a) sets.add<0>(g[a] ^ g[m - a]);
}

}  // namespace

template <class T>
std::int64_t OctalSweep::run(std::vector<T>& gv, std::int64_t from, std::int64_t to) {
  constexpr core::Value kMax = std::numeric_limits<T>::max();
  ValueSets seen, found;
  std::array<std::uint64_t, 2048> want;
  const T* g = gv.data();
  for (std::int64_t n = from; n < to; ++n) {
    if (n >= next_mask_at_) {
      choose_mask();
      next_mask_at_ *= 2;
    }
    if ((n & 65535) == 65535) core::tick(65536);
    core::Value value;
    if (n < first_fast_ || !split3_.empty()) {
      value = naive_one(n);
    } else {
      const int W = words_;
      seen.clear(W);
      for (int k : keep_) seen.add<0>(g[n - k]);
      // Every common option value: one heap of the split is rare.
      for (std::size_t s = 0; s < split_.size(); ++s) {
        const std::int64_t m = n - split_[s];
        const auto end = static_cast<std::size_t>(std::lower_bound(rare_.begin(), rare_.end(), m) - rare_.begin());
        if (!split_unequal_[s]) {
          add_pairs(g, m, rare_.data(), end, seen);
        } else {
          for (std::size_t i = 0; i < end; ++i)
            if (2 * rare_[i] != m) seen.add<0>(g[rare_[i]] ^ g[m - rare_[i]]);
        }
      }
      // c: the least common value missing.
      std::int64_t c = std::int64_t{W} * 64;
      for (int w = 0; w < W; ++w) {
        const std::uint64_t free = ~seen.word(w) & ~rare_words_[static_cast<std::size_t>(w)];
        if (free) {
          c = std::int64_t{w} * 64 + std::countr_zero(free);
          break;
        }
      }
      // The rare values below c still missing (`want`) must turn up among the splits, or the
      // least of them is the value. The splits go by blocks of 64 pairs, then `want` is updated.
      const int Wc = static_cast<int>((c + 63) / 64);
      std::int64_t missing = 0;
      for (int w = 0; w < Wc; ++w) {
        std::uint64_t below = ~seen.word(w) & rare_words_[static_cast<std::size_t>(w)];
        if (c < std::int64_t{w + 1} * 64) below &= (std::uint64_t{1} << (c - std::int64_t{w} * 64)) - 1;
        want[static_cast<std::size_t>(w)] = below;
        missing += std::popcount(below);
      }
      found.clear(W);
      for (std::size_t s = 0; s < split_.size() && missing > 0; ++s) {
        const std::int64_t m = n - split_[s];
        const std::int64_t last = split_unequal_[s] ? (m - 1) / 2 : m / 2;  // a <= last, a <= m - a
        for (std::int64_t a = 1; a <= last && missing > 0; a += 64) {
          add_range(g, m, a, std::min(a + 64, last + 1), found);
          missing = 0;
          for (int w = 0; w < Wc; ++w) {
            want[static_cast<std::size_t>(w)] &= ~found.word(w);
            missing += std::popcount(want[static_cast<std::size_t>(w)]);
          }
        }
      }
      if (missing == 0) {
        value = static_cast<core::Value>(c);
      } else {
        int w = 0;
        while (!want[static_cast<std::size_t>(w)]) ++w;
        value = static_cast<core::Value>(w * 64 + std::countr_zero(want[static_cast<std::size_t>(w)]));
      }
    }
    if (value > kMax) return n;
    gv[static_cast<std::size_t>(n)] = static_cast<T>(value);
    n_ = n + 1;
    note(n, value);
  }
  return to;
}

void OctalSweep::extend_to(std::int64_t n) {
  if (n <= n_) return;
  if (!wide_) {
    v8_.resize(static_cast<std::size_t>(n));
    const std::int64_t stopped = run(v8_, n_, n);
    if (stopped == n) return;
    // A value needs two bytes: widen what is done and go on.
    wide_ = true;
    v16_.assign(v8_.begin(), v8_.begin() + n_);
    std::vector<std::uint8_t>().swap(v8_);
  }
  v16_.resize(static_cast<std::size_t>(n));
  if (run(v16_, n_, n) != n)
    throw core::UserError(code_.text + ": a Grundy value beyond 65535 at heap size " + std::to_string(n_) +
                          "; values are kept in two bytes");
}

OctalPeriod find_octal_period(const OctalSweep& sw) {
  OctalPeriod r;
  const std::int64_t N = sw.size();
  r.checked = N;
  const std::int64_t W = std::min<std::int64_t>(64, N / 4);
  if (W < 2) return r;
  constexpr std::uint64_t B = 0x9e3779b97f4a7c15ULL;  // odd: invertible modulo 2^64
  std::uint64_t Binv = B;                             // Newton's iteration for the inverse
  for (int i = 0; i < 6; ++i) Binv *= 2 - B * Binv;
  std::uint64_t top = 1;  // B^(W-1)
  for (std::int64_t i = 1; i < W; ++i) top *= B;
  const std::int64_t s = N - W;
  std::uint64_t key = 0;
  for (std::int64_t j = 0; j < W; ++j) key = key * B + sw.at(s + j);
  std::uint64_t h = key;  // the hash of the window at q, moving down from s
  const int k = sw.code().max_parts(), t = sw.code().max_removal();
  for (std::int64_t q = s - 1; q >= 0; --q) {
    h = sw.at(q) * top + (h - sw.at(q + W)) * Binv;
    if ((q & 0xfffff) == 0) core::poll_stop();
    if (h != key) continue;
    const std::int64_t p = s - q;
    std::int64_t n = N - p - 1;
    while (n >= 0 && sw.at(n) == sw.at(n + p)) --n;
    const std::int64_t n0 = n + 1;
    if (N - n0 < 2 * p) continue;  // a chance match, or fewer than two periods seen
    r.found = true;
    r.preperiod = n0;
    r.period = p;
    r.needed = k * n0 + (k - 1) * p + t + 1;
    r.proven = N >= r.needed && !sw.code().any_unequal();
    return r;
  }
  return r;
}

OctalPeriod sweep_until_proven(OctalSweep& sweep, std::int64_t start, std::int64_t limit) {
  std::int64_t n = std::min(std::max<std::int64_t>(start, 64), limit);
  while (true) {
    sweep.extend_to(n);
    OctalPeriod p = find_octal_period(sweep);
    if (p.proven || n >= limit) return p;
    // A period seen: sweep exactly as far as its proof needs; else twice as far.
    n = p.found && p.needed > n && !sweep.code().any_unequal() ? std::min(p.needed, limit) : std::min(2 * n, limit);
  }
}

std::optional<core::SolveRoute> fast_route(const Octal& g, const core::Box& box, core::Evaluation eval) {
  if (eval == core::Evaluation::MisereOutcome) return std::nullopt;
  std::int64_t heaps = 1;
  for (int i = 0; i < box.arity(); ++i) heaps = std::max(heaps, box.extent(i));
  core::SolveRoute r;
  r.name = "take-and-break value sequence (sparse space), xor of the heaps";
  r.bytes = core::add_bytes(core::huge_block_bytes(core::mul_bytes(box.count(), sizeof(core::Value))),
                            OctalSweep::bytes(heaps));
  r.run = [&g, box, eval, heaps] {
    OctalSweep sweep(g.code());
    sweep.extend_to(heaps);
    core::DenseTable t;
    t.box = box;
    t.eval = eval;
    t.values.resize(box.count());
    core::Position p(box.arity());
    std::uint64_t i = 0;
    do {
      core::Value v = 0;
      for (int h = 0; h < p.size(); ++h) v ^= sweep.at(p[h]);
      t.values[i++] = eval == core::Evaluation::Grundy ? v : (v == 0 ? 0 : 1);
      if ((i & 65535) == 0) core::tick(65536);
    } while (box.next(p));
    return t;
  };
  return r;
}

}  // namespace grundy::games
