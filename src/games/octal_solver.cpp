#include "games/octal_solver.hpp"

#include <algorithm>
#include <bit>
#include <limits>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define GRUNDY_OCTAL_AVX2 1
#endif

#include "core/huge_pages.hpp"
#include "core/memory.hpp"
#include "core/mex.hpp"
#include "core/progress.hpp"
#include "core/threads.hpp"

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
  n_ = n + 1;
  ++count_[v];
  if (v > max_value_) {
    max_value_ = v;
    // Option values are xors of values below 2^b (b the bits of the largest): all below 2^b, so
    // the mex is at most 2^b, which the search takes when every word is full.
    const int bits = std::bit_width(max_value_);
    words_ = std::max(1, (1 << bits) / 64);
  }
  if (n >= 1 && (std::popcount(v & mask_) & 1) == 0) rare_.push_back(n);
}

namespace {

// Bit i of the result: f[i] != 0, for i < 64.
inline std::uint64_t flag_bits(const std::uint8_t* f) {
  std::uint64_t bits = 0;
#ifdef GRUNDY_OCTAL_AVX2  // SSE2 is part of x86-64
  const __m128i zero = _mm_setzero_si128();
  for (int q = 0; q < 4; ++q) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(f + 16 * q));
    const auto set = static_cast<std::uint16_t>(~_mm_movemask_epi8(_mm_cmpeq_epi8(x, zero)));
    bits |= std::uint64_t{set} << (16 * q);
  }
#else
  for (int i = 0; i < 64; ++i) bits |= std::uint64_t{f[i] != 0} << i;
#endif
  return bits;
}

// A set of values as one byte a value: an insertion is a plain store, so insertions never wait
// on each other (a bit set's words are few and hit again and again); word(w) gathers the bits
// of values 64 w .. 64 w + 63.
struct ValueSet {
  std::vector<std::uint8_t> flag = std::vector<std::uint8_t>(std::size_t{2048} * 64);
  void clear(int words) { std::fill_n(flag.begin(), static_cast<std::size_t>(words) * 64, std::uint8_t{0}); }
  void add(core::Value v) { flag[v] = 1; }
  std::uint64_t word(int w) const { return flag_bits(flag.data() + static_cast<std::size_t>(w) * 64); }
};

// Adds G(a) ^ G(m - a) for a = from .. to - 1.
template <class T>
void add_range(const T* g, std::int64_t m, std::int64_t from, std::int64_t to, ValueSet& set) {
  std::int64_t a = from;
  for (; a + 4 <= to; a += 4) {
    set.add(g[a] ^ g[m - a]);
    set.add(g[a + 1] ^ g[m - a - 1]);
    set.add(g[a + 2] ^ g[m - a - 2]);
    set.add(g[a + 3] ^ g[m - a - 3]);
  }
  for (; a < to; ++a) set.add(g[a] ^ g[m - a]);
}

// The vector search for the last few missing values, where a sweep spends most of its pairs:
// blocks of 32 (one-byte values) or 16 pairs at once, each compared with every value still
// wanted; a block with a hit goes back to add_range, which says which values it holds. AVX2 is
// chosen at run time (the build targets baseline x86-64); without it the scan stays scalar.
constexpr int kVectorWant = 16;  // the search turns to vectors once this few values are missing
bool g_vector_scan = true;
bool g_octal_threads = true;

#ifdef GRUNDY_OCTAL_AVX2
// The first a = from + L i (L pairs a block) whose block of pairs G(a + j) ^ G(m - a - j),
// j < L, holds one of want[0 .. count - 1]; the first a with a + L > to if none does.
template <class T>
__attribute__((target("avx2"))) std::int64_t first_hit_avx2(const T* g, std::int64_t m, std::int64_t a, std::int64_t to,
                                                             const T* want, int count) {
  constexpr int L = 32 / sizeof(T);
  // Reverses the elements of each 128-bit half; the halves are swapped after.
  const __m256i reverse = sizeof(T) == 1 ? _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15,
                                                            14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
                                         : _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14,
                                                            15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
  __m256i w[kVectorWant];
  for (int k = 0; k < count; ++k)
    w[k] = sizeof(T) == 1 ? _mm256_set1_epi8(static_cast<char>(want[k])) : _mm256_set1_epi16(static_cast<short>(want[k]));
  for (; a + L <= to; a += L) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(g + a));
    __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(g + m - a - (L - 1)));
    y = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(y, reverse), 0x4e);
    const __m256i v = _mm256_xor_si256(x, y);
    __m256i hit = _mm256_setzero_si256();
    for (int k = 0; k < count; ++k)
      hit = _mm256_or_si256(hit, sizeof(T) == 1 ? _mm256_cmpeq_epi8(v, w[k]) : _mm256_cmpeq_epi16(v, w[k]));
    if (!_mm256_testz_si256(hit, hit)) return a;
  }
  return a;
}

bool has_avx2() {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}
#endif

// The far option values of heap sizes n0 .. n1 - 1: G(r) ^ G(p) for every split of n - k into
// a rare heap r of rare[0 .. known) and a heap p known before the horizon h (1 <= p < h, and
// p != r for unequal parts), as flags: heap n0 + j's at out + j * stride. The partners of one
// rare heap for consecutive heap sizes are consecutive, which keeps them in cache.
template <class T>
void far_pairs(const T* g, const std::int64_t* rare, std::size_t known, const std::vector<int>& split,
               const std::vector<bool>& unequal, std::int64_t n0, std::int64_t n1, std::int64_t h, std::size_t stride,
               std::uint8_t* out) {
  for (std::size_t s = 0; s < split.size(); ++s) {
    const std::int64_t k = split[s];
    for (std::size_t i = 0; i < known; ++i) {
      const std::int64_t r = rare[i];
      const core::Value gr = g[r];
      const std::int64_t base = n0 - k - r;  // p = base + j
      const std::int64_t jb = std::max<std::int64_t>(0, 1 - base), je = std::min(n1 - n0, h - base);
      const auto add = [&](std::int64_t from, std::int64_t until) {
        for (std::int64_t j = from; j < until; ++j) out[static_cast<std::size_t>(j) * stride + (gr ^ g[base + j])] = 1;
      };
      const std::int64_t equal = r - base;  // the j with p = r
      if (unequal[s] && equal >= jb && equal < je) {
        add(jb, equal);
        add(equal + 1, je);
      } else {
        add(jb, je);
      }
    }
  }
}

}  // namespace

void set_octal_vector_scan(bool on) { g_vector_scan = on; }
void set_octal_threads(bool on) { g_octal_threads = on; }

template <class T>
std::int64_t OctalSweep::run(std::vector<T>& gv, std::int64_t from, std::int64_t to) {
  constexpr core::Value kMax = std::numeric_limits<T>::max();
  std::int64_t n = from;
  while (n < to) {
    if (n >= next_mask_at_) {
      choose_mask();
      next_mask_at_ *= 2;
    }
    if (n < first_fast_ || !split3_.empty()) {
      const core::Value value = naive_one(n);
      if (value > kMax) return n;
      gv[static_cast<std::size_t>(n)] = static_cast<T>(value);
      note(n, value);
      if ((n & 65535) == 65535) core::tick(65536);
      ++n;
      continue;
    }
    const std::int64_t end = std::min(to, std::max(next_mask_at_, n + 1));
    const std::int64_t stopped = run_segment(gv, n, end);
    if (stopped < end) return stopped;
    n = end;
  }
  return to;
}

// One mask's heap sizes by blocks. The far option values of a block (far_pairs) need only the
// heaps before its horizon; with two threads a helper computes block b + 1's, with the horizon
// at the start of block b, while this thread finishes block b, so the two overlap.
template <class T>
std::int64_t OctalSweep::run_segment(std::vector<T>& gv, std::int64_t from, std::int64_t to) {
  constexpr core::Value kMax = std::numeric_limits<T>::max();
  const T* g = gv.data();
  const std::int64_t B = std::max(16, 256 / words_);  // a block's far flags: 16 KB, in L1
  const std::int64_t blocks = (to - from + B - 1) / B;
  const int threads = blocks >= 8 && g_octal_threads && core::solver_threads() >= 2 ? 2 : 1;
  struct Job {
    std::int64_t n0 = 0, n1 = 0, h = 0;
    const std::int64_t* rare = nullptr;
    std::size_t known = 0;
    int S = 0;
    std::vector<std::uint64_t> far;  // heap n0 + j's far option values: the S words at j * S
  };
  std::array<Job, 2> jobs;
  const auto prepare = [&](std::int64_t b, std::int64_t h) {
    Job& J = jobs[static_cast<std::size_t>(b % 2)];
    J.n0 = from + b * B;
    J.n1 = std::min(J.n0 + B, to);
    J.h = h;
    J.rare = rare_.data();
    J.known = rare_.size();
    J.S = words_;
  };
  // The flags stay with the thread that fills them (each has its own); the block's words are
  // what the other thread reads.
  const auto compute = [&](Job& J, std::vector<std::uint8_t>& flags) {
    const auto lanes = static_cast<std::size_t>(J.n1 - J.n0), S = static_cast<std::size_t>(J.S);
    flags.assign(lanes * S * 64, 0);
    far_pairs(g, J.rare, J.known, split_, split_unequal_, J.n0, J.n1, J.h, S * 64, flags.data());
    J.far.resize(lanes * S);
    for (std::size_t i = 0; i < lanes * S; ++i) J.far[i] = flag_bits(flags.data() + 64 * i);
  };
  std::atomic<std::uint64_t> published{0}, finished{0};  // jobs handed to the helper, and done
  std::atomic<bool> stop{false};
  std::int64_t result = to;
  ValueSet seen, found;
  std::array<std::uint64_t, 2048> want, taken;
#ifdef GRUNDY_OCTAL_AVX2
  const bool vector = g_vector_scan && has_avx2();
#endif
  core::detail::run_on_threads(threads, stop, [&](int tid) {
    std::vector<std::uint8_t> flags;
    if (tid == 1) {
      for (std::uint64_t b = 1; core::detail::wait_for(published, b, stop); ++b) {
        compute(jobs[b % 2], flags);
        finished.store(b, std::memory_order_release);
      }
      return;
    }
    for (std::int64_t b = 0; b < blocks; ++b) {
      const std::int64_t n0 = from + b * B;
      if (threads == 1 || b == 0) {
        prepare(b, n0);
        compute(jobs[static_cast<std::size_t>(b % 2)], flags);
      } else if (!core::detail::wait_for(finished, static_cast<std::uint64_t>(b), stop)) {
        return;
      }
      if (threads == 2 && b + 1 < blocks) {
        // The helper reads the rare list while this block adds to it: room for a block's worth
        // is made now, so that it does not move.
        if (rare_.capacity() < rare_.size() + static_cast<std::size_t>(B)) rare_.reserve(2 * rare_.size() + B);
        prepare(b + 1, n0);
        published.store(static_cast<std::uint64_t>(b + 1), std::memory_order_release);
      }
      const Job& J = jobs[static_cast<std::size_t>(b % 2)];
      for (std::int64_t n = J.n0; n < J.n1; ++n) {
        if ((n & 65535) == 65535) core::tick(65536);
        const int W = words_;
        seen.clear(W);
        for (int k : keep_) seen.add(g[n - k]);
        // The other common option values: a rare heap known before the horizon with a partner
        // after it, and a rare heap after it.
        for (std::size_t s = 0; s < split_.size(); ++s) {
          const std::int64_t m = n - split_[s];
          const bool unequal = split_unequal_[s];
          const auto add = [&](std::int64_t r) {
            if (!unequal || 2 * r != m) seen.add(g[r] ^ g[m - r]);
          };
          for (std::size_t i = 0; i < J.known && rare_[i] <= m - J.h; ++i) add(rare_[i]);
          for (std::size_t i = J.known; i < rare_.size() && rare_[i] < m; ++i) add(rare_[i]);
        }
        // c: the least common value missing; taken[w]: the option values 64 w .. 64 w + 63 seen,
        // for the words up to c's.
        const std::uint64_t* far = J.far.data() + static_cast<std::size_t>(n - J.n0) * static_cast<std::size_t>(J.S);
        std::int64_t c = std::int64_t{W} * 64;
        for (int w = 0; w < W; ++w) {
          taken[static_cast<std::size_t>(w)] = seen.word(w) | (w < J.S ? far[w] : 0);
          const std::uint64_t free = ~taken[static_cast<std::size_t>(w)] & ~rare_words_[static_cast<std::size_t>(w)];
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
          std::uint64_t below = ~taken[static_cast<std::size_t>(w)] & rare_words_[static_cast<std::size_t>(w)];
          if (c < std::int64_t{w + 1} * 64) below &= (std::uint64_t{1} << (c - std::int64_t{w} * 64)) - 1;
          want[static_cast<std::size_t>(w)] = below;
          missing += std::popcount(below);
        }
        found.clear(W);
        for (std::size_t s = 0; s < split_.size() && missing > 0; ++s) {
          const std::int64_t m = n - split_[s];
          const std::int64_t last = split_unequal_[s] ? (m - 1) / 2 : m / 2;  // a <= last, a <= m - a
          std::int64_t a = 1;
          while (a <= last && missing > 0) {
            std::int64_t to_a = std::min(a + 64, last + 1);
#ifdef GRUNDY_OCTAL_AVX2
            if (missing <= kVectorWant && vector) {
              std::array<T, kVectorWant> list;
              int count = 0;
              for (int w = 0; w < Wc; ++w)
                for (std::uint64_t bits = want[static_cast<std::size_t>(w)]; bits; bits &= bits - 1) {
                  const std::int64_t v = std::int64_t{w} * 64 + std::countr_zero(bits);
                  if (v <= kMax) list[static_cast<std::size_t>(count++)] = static_cast<T>(v);  // else no pair makes it
                }
              if (count == 0) break;
              a = first_hit_avx2(g, m, a, last + 1, list.data(), count);
              if (a > last) break;
              to_a = std::min<std::int64_t>(a + 32 / sizeof(T), last + 1);
            }
#endif
            add_range(g, m, a, to_a, found);
            missing = 0;
            for (int w = 0; w < Wc; ++w) {
              want[static_cast<std::size_t>(w)] &= ~found.word(w);
              missing += std::popcount(want[static_cast<std::size_t>(w)]);
            }
            a = to_a;
          }
        }
        core::Value value;
        if (missing == 0) {
          value = static_cast<core::Value>(c);
        } else {
          int w = 0;
          while (!want[static_cast<std::size_t>(w)]) ++w;
          value = static_cast<core::Value>(w * 64 + std::countr_zero(want[static_cast<std::size_t>(w)]));
        }
        if (value > kMax) {
          result = n;
          break;
        }
        gv[static_cast<std::size_t>(n)] = static_cast<T>(value);
        note(n, value);
      }
      if (result < to) break;
    }
    stop.store(true);  // the helper's work is done
  });
  return result;
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

std::unique_ptr<core::PositionSolver> fast_position_solver(const Octal& g, core::Evaluation eval,
                                                           std::uint64_t memory_limit) {
  if (eval == core::Evaluation::MisereOutcome) return nullptr;
  struct Solver final : core::PositionSolver {
    Solver(const Octal& g, core::Evaluation e, std::uint64_t bytes) : sweep(g.code()), eval(e), limit(bytes), name(g.name()) {}
    core::Value value(const core::Position& p) override {
      std::int64_t largest = 0;
      for (int i = 0; i < p.size(); ++i) largest = std::max(largest, p[i]);
      if (largest >= sweep.size()) {
        const std::int64_t n = std::max(largest + 1, sweep.size() + sweep.size() / 2);
        core::ensure_fits(OctalSweep::bytes(largest + 1), limit, "the value sequence of " + name + " up to heap " +
                                                                  std::to_string(largest));
        sweep.extend_to(OctalSweep::bytes(n) <= limit ? n : largest + 1);
      }
      core::Value v = 0;
      for (int i = 0; i < p.size(); ++i) v ^= sweep.at(p[i]);
      return eval == core::Evaluation::Grundy ? v : (v == 0 ? 0 : 1);
    }
    OctalSweep sweep;
    core::Evaluation eval;
    std::uint64_t limit;
    std::string name;
  };
  return std::make_unique<Solver>(g, eval, memory_limit);
}

}  // namespace grundy::games
