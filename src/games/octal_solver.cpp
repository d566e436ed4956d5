#include "games/octal_solver.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <limits>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define GRUNDY_OCTAL_AVX2 1
#endif

#include "core/model/mex.hpp"
#include "runtime/huge_pages.hpp"
#include "runtime/memory.hpp"
#include "runtime/progress.hpp"
#include "runtime/threads.hpp"

namespace grundy::games {

constexpr core::Value kHexLimit = 4096;  // OctalSweep::hex_one's values are below

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
    if ((x & 1023) == 1023) runtime::poll_stop();
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
  hex_fast_ = !split3_.empty();
  pair_layers_ = std::find(split3_unequal_.begin(), split3_unequal_.end(), true) == split3_unequal_.end() ? 1 : 3;
  set_mask(0);
}

std::uint64_t OctalSweep::bytes(const OctalCode& code, std::int64_t n) {
  // Two bytes a value after widening (the one-byte copy is freed as the two-byte one fills, but
  // both exist for a moment), the rare list at its worst, the periodic tail's sets (one byte),
  // the counts; for three-way splits the
  // pair sets of hex_one at their widest, 512 bytes a heap size, twice while their buffer grows
  // (extend_to makes room for the heap sizes it sweeps at once: the old buffer and the new).
  const auto u = static_cast<std::uint64_t>(std::max<std::int64_t>(n, 0));
  // Three layers of sets with '!' (counted whether the '!' is on a three-way split or not).
  const std::uint64_t layers = code.any_unequal() ? 3 : 1;
  const std::uint64_t pairs = code.max_parts() == 3 ? core::mul_bytes(u, 2 * (kHexLimit / 8) * layers) : 0;
  return core::add_bytes(core::add_bytes(core::mul_bytes(u, 4), pairs),
                         core::add_bytes(core::mul_bytes(u, 8), 65536 * 8 + (1u << 16)));
}

namespace {
struct StopReached {};  // leaves a heap size's moves when stop_at's time comes among them
}  // namespace

// By the definition, for the first heap sizes and for codes that split into three heaps (a
// heap size then has O(n^2) options: the stops are polled among them); the option buffer is
// reused from one heap size to the next.
std::optional<core::Value> OctalSweep::naive_one(std::int64_t n) {
  naive_opts_.clear();
  try {
    for_each_heap_move(code_, n, [&](const std::int64_t* parts, int count) {
      if (poll(1)) throw StopReached{};
      core::Value v = 0;
      for (int i = 0; i < count; ++i) v ^= at(parts[i]);
      naive_opts_.push_back(v);
    });
  } catch (const StopReached&) {
    return std::nullopt;
  }
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
  if (tail_period_ > 0 && at(n - tail_period_) != v) tail_period_ = 0;
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

// The vector search for the missing rare values, where a sweep spends most of its pairs: 32
// pairs at once tested against a table of every value still wanted (while all values are below
// 512), else, once few values are missing, compared with each of them; a block with a hit says
// which values it holds. AVX2 is chosen at run time (the build targets baseline x86-64); without
// it the scan stays scalar, by add_range.
constexpr int kVectorWant = 16;        // the search turns to vectors once this few values are missing
OctalScan g_scan = OctalScan::Avx512;  // the widest allowed; the processor may have less
bool g_octal_threads = true;
OctalTail g_octal_tail = OctalTail::Auto;

#ifdef GRUNDY_OCTAL_AVX2
// The values G(b + j) ^ G(m - b - j) of L = 32 / sizeof(T) pairs, j < L, in one vector.
template <class T>
__attribute__((target("avx2"), always_inline)) inline __m256i pair_values(const T* g, std::int64_t m, std::int64_t b) {
  constexpr int L = 32 / sizeof(T);
  // Reverses the elements of each 128-bit half; the halves are swapped after.
  const __m256i reverse = sizeof(T) == 1 ? _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15,
                                                            14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
                                         : _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14,
                                                            15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
  const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(g + b));
  const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(g + m - b - (L - 1)));
  return _mm256_xor_si256(x, _mm256_permute4x64_epi64(_mm256_shuffle_epi8(y, reverse), 0x4e));
}

// The first a = from + L i (L pairs a block) whose block of pairs G(a + j) ^ G(m - a - j),
// j < L, holds one of want[0 .. count - 1]; the first a with a + L > to if none does.
template <class T>
__attribute__((target("avx2"))) std::int64_t first_hit_avx2(const T* g, std::int64_t m, std::int64_t a, std::int64_t to,
                                                            const T* want, int count) {
  constexpr int L = 32 / sizeof(T);
  __m256i w[kVectorWant];
  for (int k = 0; k < count; ++k)
    w[k] =
        sizeof(T) == 1 ? _mm256_set1_epi8(static_cast<char>(want[k])) : _mm256_set1_epi16(static_cast<short>(want[k]));
  for (; a + L <= to; a += L) {
    const __m256i v = pair_values(g, m, a);
    __m256i hit = _mm256_setzero_si256();
    for (int k = 0; k < count; ++k)
      hit = _mm256_or_si256(hit, sizeof(T) == 1 ? _mm256_cmpeq_epi8(v, w[k]) : _mm256_cmpeq_epi16(v, w[k]));
    if (!_mm256_testz_si256(hit, hit)) return a;
  }
  return a;
}

// The values still wanted, below 512, for a vector membership test of 32 values at once (the
// nibble lookup of W. Mula's SIMD byte-set search): value v is bit (v >> 4) & 7 of
// row[v >> 7][v & 15]. Unlike the list above, the test costs the same for any number of values.
struct WantTable {
  static constexpr core::Value kLimit = 512;
  alignas(16) std::array<std::array<std::uint8_t, 16>, 4> row{};
  int count = 0;
  void add(core::Value v) {
    row[v >> 7][v & 15] |= static_cast<std::uint8_t>(1u << ((v >> 4) & 7));
    ++count;
  }
  void erase(core::Value v) {
    row[v >> 7][v & 15] &= static_cast<std::uint8_t>(~(1u << ((v >> 4) & 7)));
    --count;
  }
};

// The first a = from + 32 i whose 32 pairs G(a + j) ^ G(m - a - j), j < 32, hold a value of the
// table, with `hits` saying which (see table_pair); the first a with a + 32 > to if none does.
// Every value of g is below WantTable::kLimit.
template <class T>
__attribute__((target("avx2"))) std::int64_t first_in_table_avx2(const T* g, std::int64_t m, std::int64_t a,
                                                                 std::int64_t to, const WantTable& t,
                                                                 std::uint32_t& hits) {
  __m256i r[4];
  for (int k = 0; k < 4; ++k)
    r[k] = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(t.row[k].data())));
  const __m256i r0 = r[0], r1 = r[1], r2 = r[2], r3 = r[3];
  const __m256i bit = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32,
                                       64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
  const __m256i nibble = _mm256_set1_epi8(0x0f);
  for (; a + 32 <= to; a += 32) {
    // The 32 values' low bytes (in some order: only whether one is in the table matters).
    __m256i low, v0, v1;
    if constexpr (sizeof(T) == 1) {
      low = pair_values(g, m, a);
    } else {
      const __m256i ff = _mm256_set1_epi16(0xff);
      v0 = pair_values(g, m, a);
      v1 = pair_values(g, m, a + 16);
      low = _mm256_packus_epi16(_mm256_and_si256(v0, ff), _mm256_and_si256(v1, ff));
    }
    const __m256i lo = _mm256_and_si256(low, nibble);
    const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(low, 4), nibble);
    __m256i row = _mm256_blendv_epi8(_mm256_shuffle_epi8(r0, lo), _mm256_shuffle_epi8(r1, lo), low);
    if constexpr (sizeof(T) == 2) {  // the high bytes, 0 or 1, pick rows 0 and 1 or rows 2 and 3
      const __m256i high = _mm256_packus_epi16(_mm256_srli_epi16(v0, 8), _mm256_srli_epi16(v1, 8));
      const __m256i row23 = _mm256_blendv_epi8(_mm256_shuffle_epi8(r2, lo), _mm256_shuffle_epi8(r3, lo), low);
      row = _mm256_blendv_epi8(row, row23, _mm256_cmpgt_epi8(high, _mm256_setzero_si256()));
    }
    const __m256i hit = _mm256_and_si256(row, _mm256_shuffle_epi8(bit, hi));
    if (!_mm256_testz_si256(hit, hit)) {
      hits = ~static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, _mm256_setzero_si256())));
      return a;
    }
  }
  return a;
}

// The pair a + table_pair(k) of bit k of first_in_table_avx2's hits: two-byte values are packed
// from two vectors of 16 a 128-bit half at a time.
template <class T>
constexpr int table_pair(int k) {
  if constexpr (sizeof(T) == 1) return k;
  return k < 8 || k >= 24 ? k : k < 16 ? k + 8 : k - 8;
}

// The same search with AVX-512 (byte and word permutes, VBMI), the whole of it: 64 one-byte
// pairs or 32 two-byte ones a vector, tested against the set of wanted values, which stays in a
// register while the values hit are cleared from it. One-byte values look up their byte of the
// set by v >> 3 and their bit by v & 7; two-byte values their 16-bit word by v >> 4, shifted
// right by v & 15.
struct WantBits {
  alignas(64) std::array<std::uint64_t, WantTable::kLimit / 64> bit{};  // value v: bit v & 63 of bit[v >> 6]
};

constexpr auto kReverse8 = [] {
  std::array<std::uint8_t, 64> r{};
  for (int i = 0; i < 64; ++i) r[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(63 - i);
  return r;
}();
constexpr auto kReverse16 = [] {
  std::array<std::uint16_t, 32> r{};
  for (int i = 0; i < 32; ++i) r[static_cast<std::size_t>(i)] = static_cast<std::uint16_t>(31 - i);
  return r;
}();
constexpr auto kBit8 = [] {  // entry i: bit i & 7
  std::array<std::uint8_t, 64> r{};
  for (int i = 0; i < 64; ++i) r[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(1u << (i & 7));
  return r;
}();

// `set` (bit v: value v is wanted) without value v.
__attribute__((target("avx512f"), always_inline)) inline __m512i without_avx512(__m512i set, core::Value v) {
  return _mm512_andnot_si512(
      _mm512_maskz_set1_epi64(static_cast<__mmask8>(1u << (v >> 6)), std::int64_t{1} << (v & 63)), set);
}

// The pairs G(b) ^ G(m - b), b = a .. last (fewer than a vector's), cleared from `set` one by one.
template <class T>
__attribute__((target("avx512f"), always_inline)) inline __m512i tail_avx512(const T* g, std::int64_t m, std::int64_t a,
                                                                             std::int64_t last, __m512i set) {
  alignas(64) std::array<std::uint64_t, 8> bits;
  _mm512_store_si512(bits.data(), set);
  for (std::int64_t b = a; b <= last; ++b) {
    const core::Value found = g[b] ^ g[m - b];
    bits[found >> 6] &= ~(std::uint64_t{1} << (found & 63));
  }
  return _mm512_load_si512(bits.data());
}

// The AVX-512 search's step: clears from `set` (the values wanted, as bits) the values of the
// L pairs G(a + j) ^ G(m - a - j), j < L.
template <class T>
__attribute__((target("avx512f,avx512bw,avx512vbmi,popcnt"), always_inline)) inline __m512i search_step_avx512(
    const T* g, std::int64_t m, std::int64_t a, __m512i set) {
  constexpr int L = 64 / sizeof(T);
  const __m512i x = _mm512_loadu_si512(g + a);
  const __m512i y = _mm512_loadu_si512(g + m - a - (L - 1));
  __m512i v;
  std::uint64_t hit;
  if constexpr (sizeof(T) == 1) {
    v = _mm512_xor_si512(x, _mm512_permutexvar_epi8(_mm512_loadu_si512(kReverse8.data()), y));
    const __m512i byte =
        _mm512_permutexvar_epi8(_mm512_and_si512(_mm512_srli_epi16(v, 3), _mm512_set1_epi8(31)), set);  // v >> 3
    hit = _mm512_test_epi8_mask(byte, _mm512_permutexvar_epi8(v, _mm512_loadu_si512(kBit8.data())));
  } else {
    v = _mm512_xor_si512(x, _mm512_permutexvar_epi16(_mm512_loadu_si512(kReverse16.data()), y));
    const __m512i word = _mm512_permutexvar_epi16(_mm512_srli_epi16(v, 4), set);
    hit = _mm512_test_epi16_mask(_mm512_srlv_epi16(word, _mm512_and_si512(v, _mm512_set1_epi16(15))),
                                 _mm512_set1_epi16(1));
  }
  if (!hit) return set;
  // The values hit leave the set (kept in a register: a reload after stores would wait). Where
  // many lanes hit, most hold the same few values (Kayles' 0): each value is taken once, its
  // lanes leaving the hits with it; else lane by lane, which waits on no comparison.
  alignas(64) std::array<T, L> values;
  _mm512_store_si512(values.data(), v);
  if (std::popcount(hit) <= 8) {
    for (; hit; hit &= hit - 1) set = without_avx512(set, values[static_cast<std::size_t>(std::countr_zero(hit))]);
    return set;
  }
  while (hit) {
    const T found = values[static_cast<std::size_t>(std::countr_zero(hit))];
    set = without_avx512(set, found);
    if constexpr (sizeof(T) == 1)
      hit &= ~_mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(static_cast<char>(found)));
    else
      hit &= ~static_cast<std::uint64_t>(_mm512_cmpeq_epi16_mask(v, _mm512_set1_epi16(static_cast<short>(found))));
  }
  return set;
}

// Clears from `want` the values G(a) ^ G(m[s] - a) of splits s < splits, a = 1 .. last[s], the
// splits interleaved a vector at a time (the next L pairs of each in turn), stopping once none
// is left; returns the pairs it looked at.
template <class T>
__attribute__((target("avx512f,avx512bw,avx512vbmi,popcnt"))) std::int64_t search_avx512(const T* g,
                                                                                         const std::int64_t* m,
                                                                                         const std::int64_t* last,
                                                                                         int splits, WantBits& want) {
  constexpr int L = 64 / sizeof(T);
  __m512i set = _mm512_load_si512(want.bit.data());
  std::int64_t scanned = 0;
  if (splits == 1) {  // the common case, without the interleaving's bookkeeping
    const std::int64_t m0 = m[0], last0 = last[0];
    std::int64_t a = 1;
    for (; a + L <= last0 + 1 && _mm512_test_epi64_mask(set, set); a += L) set = search_step_avx512(g, m0, a, set);
    scanned += a - 1;
    if (_mm512_test_epi64_mask(set, set) && a <= last0) {
      set = tail_avx512(g, m0, a, last0, set);
      scanned += last0 + 1 - a;
    }
  } else {
    std::int64_t longest = 0;
    for (int s = 0; s < splits; ++s) longest = std::max(longest, last[s]);
    for (std::int64_t a = 1; a <= longest && _mm512_test_epi64_mask(set, set); a += L)
      for (int s = 0; s < splits; ++s) {
        if (a + L <= last[s] + 1) {
          set = search_step_avx512(g, m[s], a, set);
          scanned += L;
        } else if (a <= last[s]) {
          set = tail_avx512(g, m[s], a, last[s], set);
          scanned += last[s] + 1 - a;
        }
      }
  }
  _mm512_store_si512(want.bit.data(), set);
  return scanned;
}

bool has_avx2() {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}

bool has_avx512() {
  static const bool yes =
      __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vbmi");
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
  const std::int64_t lanes = n1 - n0;
  for (std::size_t s = 0; s < split.size(); ++s) {
    const std::int64_t k = split[s];
    // Rare heap i's partners are base(i) + j for heap n0 + j; `whole` says they all count.
    const auto base = [&](std::size_t i) { return n0 - k - rare[i]; };
    const auto whole = [&](std::size_t i) {
      const std::int64_t b = base(i), equal = rare[i] - b;  // the j with p = r
      return b >= 1 && b + lanes <= h && !(unequal[s] && equal >= 0 && equal < lanes);
    };
    std::size_t i = 0;
    while (i < known) {
      if (i + 4 <= known && whole(i) && whole(i + 1) && whole(i + 2) && whole(i + 3)) {
        // Four rare heaps at once: four independent stores a heap size.
        const T *p0 = g + base(i), *p1 = g + base(i + 1), *p2 = g + base(i + 2), *p3 = g + base(i + 3);
        const core::Value g0 = g[rare[i]], g1 = g[rare[i + 1]], g2 = g[rare[i + 2]], g3 = g[rare[i + 3]];
        std::uint8_t* o = out;
        for (std::int64_t j = 0; j < lanes; ++j, o += stride) {
          o[g0 ^ p0[j]] = 1;
          o[g1 ^ p1[j]] = 1;
          o[g2 ^ p2[j]] = 1;
          o[g3 ^ p3[j]] = 1;
        }
        i += 4;
        continue;
      }
      const std::int64_t r = rare[i], b = base(i);
      const core::Value gr = g[r];
      const std::int64_t jb = std::max<std::int64_t>(0, 1 - b), je = std::min(lanes, h - b);
      const auto add = [&](std::int64_t from, std::int64_t until) {
        for (std::int64_t j = from; j < until; ++j) out[static_cast<std::size_t>(j) * stride + (gr ^ g[b + j])] = 1;
      };
      const std::int64_t equal = r - b;  // the j with p = r
      if (unequal[s] && equal >= jb && equal < je) {
        add(jb, equal);
        add(equal + 1, je);
      } else {
        add(jb, je);
      }
      ++i;
    }
  }
}

}  // namespace

// Three-way splits (hexadecimal digits 8 to f), by pair sets: the values of G(a) ^ G(b) ^ G(c)
// over a + b + c = m are the union over a of G(a) ^ P(m - a), where P(x) is the set of
// G(b) ^ G(x - b) over every split of x into two heaps. The sets P are kept as bits, as many
// words a heap size as the seen-set has (64 at most: values below kHexLimit); the heaps a are
// grouped by their value u, so the union costs one OR of a set per heap a and one translation
// v -> v ^ u per value u: O(n) words a heap size, where the definition has O(n^2) splits. Past
// kHexLimit the sweep goes on by the definition.
//
// With '!' the three heaps differ: of the splits of x = m - a, those with b = c and those with
// a heap of a stones are left out, at most two: (x/2, x/2), value 0, and (a, x - a). A value
// they make stays in the set only if more splits make it than are left out, so the sets are
// kept in three layers: the values made by at least 1, 2 and 3 splits.

namespace {

// Adds {v ^ u : v in x} (`words` words, u below 64 * words) to out: word w goes to w ^ (u >> 6),
// its bits swapped in blocks of 1, 2, ..., 32 where u & 63 has a bit.
void add_translated(const std::uint64_t* x, core::Value u, int words, std::uint64_t* out) {
  static constexpr std::array<std::uint64_t, 6> kLow = {0x5555555555555555ULL, 0x3333333333333333ULL,
                                                        0x0f0f0f0f0f0f0f0fULL, 0x00ff00ff00ff00ffULL,
                                                        0x0000ffff0000ffffULL, 0x00000000ffffffffULL};
  for (int w = 0; w < words; ++w) {
    std::uint64_t v = x[w];
    for (int j = 0; j < 6; ++j) {
      const std::uint64_t low = kLow[static_cast<std::size_t>(j)];
      if (u >> j & 1) v = ((v & low) << (1 << j)) | ((v >> (1 << j)) & low);
    }
    out[w ^ static_cast<int>(u >> 6)] |= v;
  }
}

}  // namespace

bool OctalSweep::pair_sets_to(std::int64_t x) {
  const auto W = static_cast<std::size_t>(words_), L = pair_layers_, R = L * W;  // a heap size's record
  if (W > pair_words_) {  // the values grew: the sets take the new width
    const std::size_t R0 = L * pair_words_;
    std::vector<std::uint64_t> wider;
    wider.reserve(static_cast<std::size_t>(std::max(x, target_)) * R);
    wider.resize(pairs_.size() / std::max<std::size_t>(R0, 1) * R, 0);
    for (std::size_t y = 0; R0 > 0 && y < pairs_.size() / R0; ++y)
      for (std::size_t l = 0; l < L; ++l)
        std::copy_n(pairs_.begin() + static_cast<std::ptrdiff_t>(y * R0 + l * pair_words_), pair_words_,
                    wider.begin() + static_cast<std::ptrdiff_t>(y * R + l * W));
    pairs_.swap(wider);
    pair_words_ = W;
  }
  // Room for every heap size extend_to sweeps, made once: the old buffer and the new one are
  // what OctalSweep::bytes counts, never a doubling's three.
  if (pairs_.capacity() < static_cast<std::size_t>(x) * R)
    pairs_.reserve(static_cast<std::size_t>(std::max(x, target_)) * R);
  std::array<std::uint8_t, kHexLimit> count;  // splits a value, up to 3: plain stores when L is 1
  // Once a step at a time, but a sweep loaded from a file makes every set at once: O(x^2).
  for (auto y = static_cast<std::int64_t>(pairs_.size() / R); y < x; ++y) {
    if (poll(static_cast<std::uint64_t>(y))) return false;
    std::fill_n(count.begin(), W * 64, std::uint8_t{0});
    if (L == 1) {
      for (std::int64_t b = 1; 2 * b <= y; ++b) count[at(b) ^ at(y - b)] = 1;
      for (std::size_t w = 0; w < W; ++w) pairs_.push_back(flag_bits(count.data() + 64 * w));
      continue;
    }
    for (std::int64_t b = 1; 2 * b <= y; ++b) {
      std::uint8_t& c = count[at(b) ^ at(y - b)];
      c = static_cast<std::uint8_t>(c + (c < 3));
    }
    for (std::size_t l = 0; l < L; ++l)
      for (std::size_t w = 0; w < W; ++w) {
        std::uint64_t bits = 0;
        for (std::size_t i = 0; i < 64; ++i) bits |= std::uint64_t{count[64 * w + i] > l} << i;
        pairs_.push_back(bits);
      }
  }
  return true;
}

std::optional<core::Value> OctalSweep::hex_one(std::int64_t n) {
  const int W = words_;  // every option value is below 64 * W <= kHexLimit
  const auto Wz = static_cast<std::size_t>(W);
  if (!pair_sets_to(n) || poll(static_cast<std::uint64_t>(n) * (Wz + 1))) return std::nullopt;
  std::array<std::uint64_t, kHexLimit / 64> options{};
  const auto add = [&](core::Value v) { options[v >> 6] |= std::uint64_t{1} << (v & 63); };
  for (int k : keep_) add(at(n - k));
  for (std::size_t s = 0; s < split_.size(); ++s) {
    const std::int64_t m = n - split_[s];
    for (std::int64_t a = 1; 2 * a <= m; ++a)
      if (!split_unequal_[s] || 2 * a != m) add(at(a) ^ at(m - a));
  }
  hex_acc_.resize(std::size_t{kHexLimit} * Wz);  // all zero between calls: any stride will do
  hex_has_.resize(kHexLimit);
  const std::size_t R = pair_layers_ * Wz;
  for (std::size_t s3 = 0; s3 < split3_.size(); ++s3) {
    const std::int64_t m = n - split3_[s3];
    const bool unequal = split3_unequal_[s3];
    for (std::int64_t a = 1; a + 2 <= m; ++a) {  // b + c = m - a >= 2: P(m - a) has (1, m - a - 1)
      const core::Value u = at(a);
      std::uint64_t* acc = hex_acc_.data() + std::size_t{u} * Wz;
      const std::int64_t x = m - a;
      const std::uint64_t* p = pairs_.data() + static_cast<std::size_t>(x) * R;
      if (!hex_has_[u]) {
        hex_has_[u] = true;
        hex_used_.push_back(u);
      }
      if (!unequal) {
        for (std::size_t w = 0; w < Wz; ++w) acc[w] |= p[w];
        continue;
      }
      // The splits left out and their values; a value leaves the set when no more splits make it
      // (layer `left` of the record does not have it).
      std::array<core::Value, 2> out{};
      int outs = 0;
      if (x % 2 == 0) out[static_cast<std::size_t>(outs++)] = 0;
      if (a < x && 2 * a != x) out[static_cast<std::size_t>(outs++)] = at(a) ^ at(x - a);
      std::array<std::uint64_t, 2> drop_word{~std::uint64_t{0}, ~std::uint64_t{0}}, drop_bit{};
      for (int i = 0; i < outs; ++i) {
        const core::Value v = out[static_cast<std::size_t>(i)];
        const int left = (outs == 2 && out[0] == out[1]) ? 2 : 1;
        if (!(p[static_cast<std::size_t>(left) * Wz + (v >> 6)] >> (v & 63) & 1)) {
          drop_word[static_cast<std::size_t>(i)] = v >> 6;
          drop_bit[static_cast<std::size_t>(i)] = std::uint64_t{1} << (v & 63);
        }
      }
      for (std::size_t w = 0; w < Wz; ++w) {
        std::uint64_t bits = p[w];
        if (w == drop_word[0]) bits &= ~drop_bit[0];
        if (w == drop_word[1]) bits &= ~drop_bit[1];
        acc[w] |= bits;
      }
    }
    for (const core::Value u : hex_used_) {
      std::uint64_t* acc = hex_acc_.data() + std::size_t{u} * Wz;
      add_translated(acc, u, W, options.data());
      std::fill_n(acc, Wz, 0);
      hex_has_[u] = false;
    }
    hex_used_.clear();
  }
  for (int w = 0; w < W; ++w) {
    const std::uint64_t free = ~options[static_cast<std::size_t>(w)];
    if (free) return static_cast<core::Value>(w * 64 + std::countr_zero(free));
  }
  return static_cast<core::Value>(W * 64);
}

void set_octal_scan(OctalScan widest) { g_scan = widest; }
void set_octal_threads(bool on) { g_octal_threads = on; }
void set_octal_tail(OctalTail when) { g_octal_tail = when; }

template <class T>
std::int64_t OctalSweep::run(std::vector<T>& gv, std::int64_t from, std::int64_t to) {
  constexpr core::Value kMax = std::numeric_limits<T>::max();
  std::int64_t n = from;
  while (n < to) {
    if (past_stop()) return n;
    remask_at(n);
    if (n >= first_fast_ && tail_period_ > 0) {  // until a value breaks the period
      const core::Value value = tail_one(n);
      if (value > kMax) return n;
      gv[static_cast<std::size_t>(n)] = static_cast<T>(value);
      note(n, value);
      if (poll(static_cast<std::uint64_t>(tail_from_ + words_) * split_.size())) return n + 1;
      if ((n & 65535) == 65535) runtime::tick(65536);
      ++n;
      continue;
    }
    if (n < first_fast_ || !split3_.empty()) {
      const std::optional<core::Value> value =
          n >= first_fast_ && hex_fast_ && max_value_ < kHexLimit ? hex_one(n) : naive_one(n);
      if (!value) return n;  // stopped
      if (*value > kMax) return n;
      gv[static_cast<std::size_t>(n)] = static_cast<T>(*value);
      note(n, *value);
      if ((n & 65535) == 65535) runtime::tick(65536);
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
// heaps before its horizon and are found for the whole block at once. With two threads a
// helper finds block b + 1's, with the horizon at the start of block b, while this thread
// finishes block b; the pairs across the horizon are then this thread's.
template <class T>
std::int64_t OctalSweep::run_segment(std::vector<T>& gv, std::int64_t from, std::int64_t to) {
  constexpr core::Value kMax = std::numeric_limits<T>::max();
  const T* g = gv.data();
  const std::int64_t B = std::max(16, 256 / words_);  // a block's far flags: 16 KB, in L1
  const std::int64_t blocks = (to - from + B - 1) / B;
  // The helper pays for its hand-overs once a heap size has a few hundred far pairs (Grundy's
  // game and 0.6: 1,273 and 1,583; not 0.354 with 262, which it made 10% slower).
  constexpr std::size_t kHelperPairs = 512;
  const bool helper = rare_.size() * split_.size() >= kHelperPairs;
  const int threads = helper && blocks >= 8 && g_octal_threads && runtime::solver_threads() >= 2 ? 2 : 1;
  struct Job {
    std::int64_t n0 = 0, n1 = 0, h = 0;  // heap sizes n0 .. n1 - 1, far partners below h
    const std::int64_t* rare = nullptr;  // the rare heaps known at the horizon
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
  // The flags stay with the thread that fills them; the block's words are what is handed over.
  const auto compute = [&](Job& J, std::vector<std::uint8_t>& flags) {
    const auto lanes = static_cast<std::size_t>(J.n1 - J.n0), S = static_cast<std::size_t>(J.S);
    flags.assign(lanes * S * 64, 0);
    far_pairs(g, J.rare, J.known, split_, split_unequal_, J.n0, J.n1, J.h, S * 64, flags.data());
    J.far.resize(lanes * S);
    for (std::size_t i = 0; i < J.far.size(); ++i) J.far[i] = flag_bits(flags.data() + 64 * i);
  };
  // A job's state: published by this thread, claimed by the helper or by this thread, done.
  // This thread never waits for a job the helper has not claimed: it does it itself, so that a
  // helper that gets no core on a loaded machine costs nothing but the job it may start late.
  enum : int { kPublished, kClaimed, kDone };
  std::array<std::atomic<int>, 2> state{kDone, kDone};
  // The last block published, kNoMore once there are none: what the helper sleeps on.
  constexpr std::uint64_t kNoMore = ~std::uint64_t{0};
  std::atomic<std::uint64_t> published{0};
  std::atomic<bool> stop{false};
  std::int64_t result = to;
  ValueSet seen, found;
  std::array<std::uint64_t, 2048> want, taken;
#ifdef GRUNDY_OCTAL_AVX2
  const bool vector = g_scan >= OctalScan::Avx2 && has_avx2();
  const bool wide_vector = g_scan >= OctalScan::Avx512 && has_avx512();
#endif
  // The rare values below c still missing (`want`, words 0 .. Wc - 1, `missing` of them) looked
  // for among the splits of heap n; how many are still missing after. The splits are
  // interleaved, a chunk of pairs of each in turn (AVX-512: a vector of each, in search_avx512),
  // the chunks doubling from kFirstChunk to kLastChunk pairs: a value that only one split makes
  // (Kayles' often is) turns up after about as many pairs as its place in that split, where one
  // split after the other would scan the whole of the first. `scanned` counts the pairs looked at.
  constexpr std::int64_t kFirstChunk = 64, kLastChunk = 4096;  // multiples of every vector's pairs
  std::int64_t scanned = 0;
  // The splits of the heap size searched: the heaps m[s] = n - k split into, and the last pair
  // a of each (a <= m - a; a != m - a for unequal parts); set by search_missing.
  std::vector<std::int64_t> split_m(split_.size()), split_last(split_.size());
  std::int64_t longest = 0;  // the most pairs of a split
  const auto chunks = [&](auto&& missing_left, auto&& scan) {
    for (std::int64_t lo = 1, len = kFirstChunk; lo <= longest && missing_left();
         lo += len, len = std::min(2 * len, kLastChunk))
      for (std::size_t s = 0; s < split_.size() && missing_left(); ++s) {
        const std::int64_t hi = std::min(split_last[s], lo + len - 1);
        if (lo <= hi) scan(split_m[s], lo, hi);
      }
  };
  const auto search_missing = [&](std::int64_t n, int Wc, std::int64_t missing) {
    longest = 0;
    for (std::size_t s = 0; s < split_.size(); ++s) {
      split_m[s] = n - split_[s];
      split_last[s] = split_unequal_[s] ? (split_m[s] - 1) / 2 : split_m[s] / 2;
      longest = std::max(longest, split_last[s]);
    }
#ifdef GRUNDY_OCTAL_AVX2
    const bool by_table = vector && max_value_ < WantTable::kLimit;
    const std::int64_t formed = std::int64_t{1} << std::bit_width(max_value_);  // every pair's value is below
    if (by_table && wide_vector) {                                              // Wc <= 8: every value is below 512
      const auto formable = [&](int w) {                                        // the values of word w below `formed`
        const std::int64_t below = std::clamp<std::int64_t>(formed - std::int64_t{w} * 64, 0, 64);
        return below == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << below) - 1;
      };
      WantBits bits;
      std::uint64_t any = 0;
      for (int w = 0; w < Wc; ++w)
        any |= bits.bit[static_cast<std::size_t>(w)] = want[static_cast<std::size_t>(w)] & formable(w);
      if (any) scanned += search_avx512(g, split_m.data(), split_last.data(), static_cast<int>(split_.size()), bits);
      missing = 0;
      for (int w = 0; w < Wc; ++w) {
        std::uint64_t& word = want[static_cast<std::size_t>(w)];
        word = (word & ~formable(w)) | bits.bit[static_cast<std::size_t>(w)];
        missing += std::popcount(word);
      }
      return missing;
    }
    WantTable table;
    if (by_table)
      for (int w = 0; w < Wc; ++w)
        for (std::uint64_t bits = want[static_cast<std::size_t>(w)]; bits; bits &= bits - 1) {
          const std::int64_t v = std::int64_t{w} * 64 + std::countr_zero(bits);
          if (v < formed) table.add(static_cast<core::Value>(v));  // else no pair makes it
        }
#endif
    found.clear(words_);
    bool unformable = false;  // every value still missing is beyond what a pair makes
    // Pairs a = lo .. hi of the split into m, by blocks, `want` updated after each.
    const auto scan = [&](std::int64_t m, std::int64_t lo, std::int64_t hi) {
      std::int64_t a = lo;
      while (a <= hi && missing > 0) {
        std::int64_t to_a = std::min(a + 64, hi + 1);
#ifdef GRUNDY_OCTAL_AVX2
        if (by_table) {
          if (table.count == 0) {
            unformable = true;
            break;
          }
          std::uint32_t hits = 0;
          a = first_in_table_avx2(g, m, a, hi + 1, table, hits);
          if (a > hi) break;
          if (a + 32 <= hi + 1) {  // a block with a wanted value: only its hits are looked at
            for (; hits; hits &= hits - 1) {
              const std::int64_t p = a + table_pair<T>(std::countr_zero(hits));
              const core::Value v = g[p] ^ g[m - p];
              std::uint64_t& word = want[v >> 6];
              if (word >> (v & 63) & 1) {
                word &= ~(std::uint64_t{1} << (v & 63));
                table.erase(v);
                --missing;
              }
            }
            a += 32;
            continue;
          }
          to_a = hi + 1;  // fewer than 32 pairs left
        } else if (missing <= kVectorWant && vector) {
          std::array<T, kVectorWant> list;
          int count = 0;
          for (int w = 0; w < Wc; ++w)
            for (std::uint64_t bits = want[static_cast<std::size_t>(w)]; bits; bits &= bits - 1) {
              const std::int64_t v = std::int64_t{w} * 64 + std::countr_zero(bits);
              if (v <= kMax) list[static_cast<std::size_t>(count++)] = static_cast<T>(v);  // else no pair makes it
            }
          if (count == 0) {
            unformable = true;
            break;
          }
          a = first_hit_avx2(g, m, a, hi + 1, list.data(), count);
          if (a > hi) break;
          to_a = std::min<std::int64_t>(a + 32 / sizeof(T), hi + 1);
        }
#endif
        add_range(g, m, a, to_a, found);
        missing = 0;
        for (int w = 0; w < Wc; ++w) {
          const std::uint64_t got = want[static_cast<std::size_t>(w)] & found.word(w);
#ifdef GRUNDY_OCTAL_AVX2
          if (by_table)
            for (std::uint64_t bits = got; bits; bits &= bits - 1)
              table.erase(static_cast<core::Value>(w * 64 + std::countr_zero(bits)));
#endif
          want[static_cast<std::size_t>(w)] &= ~got;
          missing += std::popcount(want[static_cast<std::size_t>(w)]);
        }
        a = to_a;
      }
      scanned += std::min(a, hi + 1) - lo;
    };
    chunks([&] { return missing > 0 && !unformable; }, scan);
    return missing;
  };
  const auto claim = [&](std::atomic<int>& st) {
    int expected = kPublished;
    return st.compare_exchange_strong(expected, kClaimed, std::memory_order_acq_rel);
  };
  const auto finish = [&](std::atomic<int>& st) {
    st.store(kDone, std::memory_order_release);
    st.notify_all();
  };
  runtime::detail::run_on_threads(threads, stop, [&](int tid) {
    std::vector<std::uint8_t> flags;
    if (tid == 1) {
      // The latest block published, if this thread claims it before the sweep's own thread.
      for (std::uint64_t seen_up_to = 0;;) {
        const std::uint64_t b =
            runtime::detail::wait_until(published, [&](std::uint64_t v) { return v != seen_up_to; });
        if (b == kNoMore) return;
        seen_up_to = b;
        std::atomic<int>& st = state[b % 2];
        if (!claim(st)) continue;
        try {
          compute(jobs[b % 2], flags);
        } catch (...) {
          st.store(kPublished, std::memory_order_release);  // left to the sweep's own thread
          st.notify_all();
          throw;
        }
        finish(st);
      }
    }
    struct Release {  // however this thread leaves, the helper wakes and ends
      std::atomic<std::uint64_t>& published;
      ~Release() {
        published.store(kNoMore, std::memory_order_release);
        published.notify_all();
      }
    } release{published};
    for (std::int64_t b = 0; b < blocks && result == to; ++b) {
      const std::int64_t block_start = from + b * B;
      std::atomic<int>& st = state[static_cast<std::size_t>(b % 2)];
      if (threads == 1 || b == 0) {
        prepare(b, block_start);
        compute(jobs[static_cast<std::size_t>(b % 2)], flags);
      } else if (claim(st)) {
        compute(jobs[static_cast<std::size_t>(b % 2)], flags);
        finish(st);
      } else {  // the helper has it: wait for it
        runtime::detail::wait_until(st, [&](int v) { return v != kClaimed; });
        if (st.load(std::memory_order_acquire) == kPublished && claim(st)) {  // the helper gave it back
          compute(jobs[static_cast<std::size_t>(b % 2)], flags);
          finish(st);
        }
      }
      if (threads == 2 && b + 1 < blocks) {
        // The helper reads the rare list while this block adds to it: room for a block's worth
        // is made now, so that it does not move (no job of the helper's is under way here).
        if (rare_.capacity() < rare_.size() + static_cast<std::size_t>(B)) rare_.reserve(2 * rare_.size() + B);
        prepare(b + 1, block_start);
        state[static_cast<std::size_t>((b + 1) % 2)].store(kPublished, std::memory_order_release);
        published.store(static_cast<std::uint64_t>(b + 1), std::memory_order_release);
        published.notify_one();
      }
      const Job& J = jobs[static_cast<std::size_t>(b % 2)];
      const std::int64_t n0 = J.n0, n1 = J.n1, h = J.h;
      const std::size_t known = J.known;
      const int S = J.S;
      const std::uint64_t* far_words = J.far.data();
      for (std::int64_t n = n0; n < n1; ++n) {
        if ((n & 65535) == 65535) runtime::tick(65536);
        const int W = words_;
        seen.clear(W);
        for (int k : keep_) seen.add(g[n - k]);
        // The other common option values: a rare heap known at the horizon with a partner after
        // it, and a rare heap found after it. The rare list and the flags are read through locals:
        // a byte store may alias anything, and members would be loaded again after each one.
        std::uint8_t* const seen_flag = seen.flag.data();
        const std::int64_t* const rare = rare_.data();
        const std::size_t rares = rare_.size();
        for (std::size_t s = 0; s < split_.size(); ++s) {
          const std::int64_t m = n - split_[s];
          const bool unequal = split_unequal_[s];
          const auto add = [&](std::int64_t r) {
            if (!unequal || 2 * r != m) seen_flag[g[r] ^ g[m - r]] = 1;
          };
          for (std::size_t i = 0; i < known && rare[i] <= m - h; ++i) add(rare[i]);
          for (std::size_t i = known; i < rares && rare[i] < m; ++i) add(rare[i]);
        }
        // c: the least common value missing; taken[w]: the option values 64 w .. 64 w + 63 seen,
        // for the words up to c's.
        const std::uint64_t* far = far_words + static_cast<std::size_t>(n - n0) * static_cast<std::size_t>(S);
        std::int64_t c = std::int64_t{W} * 64;
        for (int w = 0; w < W; ++w) {
          taken[static_cast<std::size_t>(w)] = seen.word(w) | (w < S ? far[w] : 0);
          const std::uint64_t free = ~taken[static_cast<std::size_t>(w)] & ~rare_words_[static_cast<std::size_t>(w)];
          if (free) {
            c = std::int64_t{w} * 64 + std::countr_zero(free);
            break;
          }
        }
        // The rare values below c still missing (`want`) must turn up among the splits, or the
        // least of them is the value. The splits go by blocks of pairs, `want` updated after each.
        const int Wc = static_cast<int>((c + 63) / 64);
        std::int64_t missing = 0;
        for (int w = 0; w < Wc; ++w) {
          std::uint64_t below = ~taken[static_cast<std::size_t>(w)] & rare_words_[static_cast<std::size_t>(w)];
          if (c < std::int64_t{w + 1} * 64) below &= (std::uint64_t{1} << (c - std::int64_t{w} * 64)) - 1;
          want[static_cast<std::size_t>(w)] = below;
          missing += std::popcount(below);
        }
        missing = search_missing(n, Wc, missing);
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
        // A heap size may scan up to n pairs: the stops are polled by the work done.
        if (poll(static_cast<std::uint64_t>(scanned) + rare_.size() * split_.size() + 1)) {
          result = n + 1;
          break;
        }
        scanned = 0;
      }
    }
  });
  return result;
}

void OctalSweep::append(core::Value v) {
  const std::int64_t n = n_;
  remask_at(n);  // the masks a run would have chosen, at the same heap sizes
  if (!wide_ && v > 255) widen();
  if (v > 65535) throw too_large(n);
  if (wide_) {
    v16_.resize(static_cast<std::size_t>(n));
    v16_.push_back(static_cast<std::uint16_t>(v));
  } else {
    v8_.resize(static_cast<std::size_t>(n));
    v8_.push_back(static_cast<std::uint8_t>(v));
  }
  note(n, v);
}

void OctalSweep::extend_to(std::int64_t n) {
  if (n <= n_) return;
  stopped_ = false;
  target_ = n;
  if (!wide_) {
    v8_.resize(static_cast<std::size_t>(n));
    const std::int64_t stopped = run(v8_, n_, n);
    if (stopped_) v8_.resize(static_cast<std::size_t>(n_));
    if (stopped == n || stopped_) return;
    widen();  // a value needs two bytes: widen what is done and go on
  }
  v16_.resize(static_cast<std::size_t>(n));
  const std::int64_t stopped = run(v16_, n_, n);
  if (stopped_) {
    v16_.resize(static_cast<std::size_t>(n_));
    return;
  }
  if (stopped != n) throw too_large(n_);
}

bool OctalSweep::past_stop() {
  if (stop_at_ && std::chrono::steady_clock::now() >= *stop_at_) stopped_ = true;
  return stopped_;
}

void OctalSweep::widen() {
  wide_ = true;
  v16_.assign(v8_.begin(), v8_.begin() + n_);
  std::vector<std::uint8_t>().swap(v8_);
}

runtime::UserError OctalSweep::too_large(std::int64_t n) const {
  return runtime::UserError(code_.text + ": a Grundy value beyond 65535 at heap size " + std::to_string(n) +
                            "; values are kept in two bytes");
}

void OctalSweep::remask_at(std::int64_t n) {
  if (n < next_mask_at_) return;
  choose_mask();
  find_tail();
  next_mask_at_ *= 2;
}

// Codes whose values have no sparse space (about as many rare heaps as common ones) but repeat,
// like Dawson's chess, would scan every pair of every heap size; with the tail, a heap size costs
// the pairs with a heap before the tail and a set's words. The tail is taken where that is
// cheaper than the far pairs with every rare heap, for splits into two heaps (three-way splits
// have their pair sets; '!' codes a pair less when the two heaps are equal, not a residue's
// whole set), and where its sets are small: one byte a heap size swept at most, which
// OctalSweep::bytes counts, and p^2 pairs to fill them, 64 a heap size at most.
void OctalSweep::find_tail() {
  tail_period_ = 0;
  if (g_octal_tail == OctalTail::Never || split_.empty() || !split3_.empty() || code_.any_unequal() || n_ < first_fast_)
    return;
  const OctalPeriod p = find_octal_period(*this);
  const auto W = static_cast<std::int64_t>(words_);
  if (!p.found || p.period * W * 8 > n_ || p.period * p.period > 64 * n_) return;
  if (g_octal_tail == OctalTail::Auto && 2 * (p.preperiod + W) >= static_cast<std::int64_t>(rare_.size())) return;
  tail_from_ = std::max<std::int64_t>(p.preperiod, 1);
  const std::int64_t P = p.period;
  tail_sets_.assign(static_cast<std::size_t>(P * W), 0);
  for (std::int64_t q = 0; q < P; ++q) {
    std::uint64_t* set = tail_sets_.data() + q * W;
    for (std::int64_t r = 0; r < P; ++r) {
      const core::Value v = at(tail_from_ + r) ^ at(tail_from_ + (q - r + P) % P);
      set[v >> 6] |= std::uint64_t{1} << (v & 63);
    }
  }
  tail_period_ = P;
}

// The pairs (x, m - x) of a split, x <= m - x: those with x before the tail one by one; those
// with both heaps in it, once they run over a whole period, the set of the residue of
// m - 2 tail_from_ (x = tail_from_ + r and m - x then have the values of residues r and q - r).
core::Value OctalSweep::tail_one(std::int64_t n) {
  const auto W = static_cast<std::size_t>(words_);
  const std::int64_t n0 = tail_from_, P = tail_period_;
  tail_opts_.assign(W, 0);
  std::uint64_t* opts = tail_opts_.data();
  const auto add = [&](core::Value v) { opts[v >> 6] |= std::uint64_t{1} << (v & 63); };
  for (int k : keep_) add(at(n - k));
  for (int k : split_) {
    const std::int64_t m = n - k, half = m / 2;
    std::int64_t x = 1;
    for (; x <= half && x < n0; ++x) add(at(x) ^ at(m - x));
    if (half - x + 1 >= P) {
      const std::uint64_t* set = tail_sets_.data() + static_cast<std::size_t>((m - 2 * n0) % P) * W;
      for (std::size_t w = 0; w < W; ++w) opts[w] |= set[w];
    } else {
      for (; x <= half; ++x) add(at(x) ^ at(m - x));
    }
  }
  for (std::size_t w = 0; w < W; ++w)
    if (~opts[w]) return static_cast<core::Value>(w * 64 + static_cast<std::size_t>(std::countr_zero(~opts[w])));
  return static_cast<core::Value>(W * 64);
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
    if ((q & 0xfffff) == 0) runtime::poll_stop();
    if (h != key) continue;
    const std::int64_t p = s - q;
    std::int64_t n = N - p - 1;
    while (n >= 0 && sw.at(n) == sw.at(n + p)) --n;
    const std::int64_t n0 = n + 1;
    if (N - n0 < 2 * p) continue;  // a chance match, or fewer than two periods seen
    r.found = true;
    r.preperiod = n0;
    r.period = p;
    r.bound = k * std::max<std::int64_t>(n0, 1) + (k - 1) * p + t;
    r.needed = r.bound + p;
    // The walk above compared every n with n0 <= n < N - p, so the theorem's range is covered.
    r.proven = N >= r.needed && !sw.code().any_unequal();
    return r;
  }
  return r;
}

OctalPeriod sweep_until_proven(OctalSweep& sweep, std::int64_t start, std::int64_t limit, double seconds,
                               const std::function<void()>& after_step) {
  const auto t0 = std::chrono::steady_clock::now();
  const auto since = [](std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
  };
  std::int64_t n = std::min(std::max({start, std::int64_t{64}, sweep.size()}), limit);
  double per_heap = 0, growth = 1;  // seconds a heap size in the last step; its ratio to the one before
  // Past the first step the budget also stops a step under way: its cost a heap size can jump
  // within it (a three-way split turns from pair sets to the definition once a value reaches
  // kHexLimit, O(n) to O(n^2) a heap size), which no forecast from the step before sees.
  struct ClearStop {
    OctalSweep& sweep;
    ~ClearStop() { sweep.stop_at(std::nullopt); }
  } clear_stop{sweep};
  for (bool first = true;; first = false) {
    const std::int64_t from = sweep.size();
    const auto t = std::chrono::steady_clock::now();
    if (seconds > 0 && !first)
      sweep.stop_at(
          t0 + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds)));
    sweep.extend_to(n);
    if (sweep.size() < n) {  // stopped by the budget
      if (after_step) after_step();
      OctalPeriod p = find_octal_period(sweep);
      p.out_of_time = true;
      return p;
    }
    if (n > from) {
      const double now = since(t) / static_cast<double>(n - from);
      if (per_heap > 0) growth = std::max(1.0, now / per_heap);
      per_heap = now;
    }
    if (after_step) after_step();
    OctalPeriod p = find_octal_period(sweep);
    if (p.proven || n >= limit) return p;
    // A period seen: sweep exactly as far as its proof needs; else twice as far.
    const std::int64_t next =
        p.found && p.needed > n && !sweep.code().any_unequal() ? std::min(p.needed, limit) : std::min(2 * n, limit);
    if (seconds > 0 && since(t0) + per_heap * growth * static_cast<double>(next - n) > seconds) {
      p.out_of_time = true;
      return p;
    }
    n = next;
  }
}

std::optional<core::SolveRoute> fast_route(const Octal& g, const core::Box& box, core::Evaluation eval) {
  if (eval == core::Evaluation::MisereOutcome) return std::nullopt;
  std::int64_t heaps = 1;
  for (int i = 0; i < box.arity(); ++i) heaps = std::max(heaps, box.extent(i));
  core::SolveRoute r;
  r.name = "take-and-break value sequence (sparse space), xor of the heaps";
  // The table's width follows the largest value, known after the sweep: four bytes at most.
  r.bytes = core::add_bytes(core::ValueArray::bytes(box.count(), 4), OctalSweep::bytes(g.code(), heaps));
  r.run = [&g, box, eval, heaps] {
    OctalSweep sweep(g.code());
    sweep.extend_to(heaps);
    core::DenseTable t;
    t.box = box;
    t.eval = eval;
    // Every xor of values below 2^b is below 2^b.
    const std::uint64_t bound = std::uint64_t{1} << std::bit_width(sweep.max_value());
    t.values.reset(box.count(), core::ValueArray::width_for(eval == core::Evaluation::Grundy ? bound : 2));
    core::Position p(box.arity());
    std::uint64_t i = 0;
    do {
      core::Value v = 0;
      for (int h = 0; h < p.size(); ++h) v ^= sweep.at(p[h]);
      t.values.set(i++, eval == core::Evaluation::Grundy ? v : (v == 0 ? 0 : 1));
      if ((i & 65535) == 0) runtime::tick(65536);
    } while (box.next(p));
    return t;
  };
  return r;
}

OctalHeapValues::OctalHeapValues(OctalCode code, std::uint64_t memory_limit, std::string name)
    : sweep_(std::move(code)), limit_(memory_limit), name_(std::move(name)) {}

const OctalPeriod& OctalHeapValues::period() {
  if (!period_) {
    // As far as the memory limit allows: most proofs need far less (Kayles: 168 heap sizes).
    std::int64_t search = kOctalPeriodSearch;
    while (search > 64 && OctalSweep::bytes(sweep_.code(), search) > limit_) search /= 2;
    const bool three = sweep_.code().max_parts() == 3;  // O(n) a heap size: bounded in time
    const std::int64_t start = std::min(std::int64_t{1} << (three ? 12 : 16), search);
    period_ = sweep_.code().any_unequal() || OctalSweep::bytes(sweep_.code(), search) > limit_
                  ? OctalPeriod{}
                  : sweep_until_proven(sweep_, start, search, three ? kOctalSearchSeconds : 0);
  }
  return *period_;
}

core::Value OctalHeapValues::at(std::int64_t x) {
  // A heap past the sweep: swept towards in steps that look for the period, which, once
  // proven, answers it; the steps end where the sweep below would have gone anyway (x, or half
  // as far again as the sweep, so that heaps asked in a rising stream cost a sweep, not one
  // each). A search that proves nothing is not kept: a heap past kOctalPeriodFrom still has
  // its own search, below.
  if (x >= sweep_.size() && x < kOctalPeriodFrom && !period_ && !sweep_.code().any_unequal()) {
    runtime::ensure_fits(OctalSweep::bytes(sweep_.code(), x + 1), limit_,
                         "the value sequence of " + name_ + " up to heap " + std::to_string(x));
    const std::int64_t n = std::max(x + 1, sweep_.size() + sweep_.size() / 2);
    if (OctalPeriod p = sweep_until_proven(sweep_, 64, OctalSweep::bytes(sweep_.code(), n) <= limit_ ? n : x + 1);
        p.proven)
      period_ = p;
  }
  // Once the period is known, every heap past the sweep comes from it.
  if (x >= sweep_.size() && (x >= kOctalPeriodFrom || period_) && period().proven) {
    const std::int64_t n0 = period_->preperiod;
    took_period_ = true;
    return sweep_.at(n0 + (x - n0) % period_->period);
  }
  if (x >= sweep_.size()) {
    const std::int64_t n = std::max(x + 1, sweep_.size() + sweep_.size() / 2);
    runtime::ensure_fits(OctalSweep::bytes(sweep_.code(), x + 1), limit_,
                         "the value sequence of " + name_ + " up to heap " + std::to_string(x));
    sweep_.extend_to(OctalSweep::bytes(sweep_.code(), n) <= limit_ ? n : x + 1);
  }
  return sweep_.at(x);
}

std::unique_ptr<core::PositionSolver> fast_position_solver(const Octal& g, core::Evaluation eval,
                                                           std::uint64_t memory_limit) {
  if (eval == core::Evaluation::MisereOutcome) return nullptr;
  struct Solver final : core::PositionSolver {
    Solver(const Octal& g, core::Evaluation e, std::uint64_t bytes) : heaps(g.code(), bytes, g.name()), eval(e) {}
    core::Value value(const core::Position& p) override {
      core::Value v = 0;
      for (int i = 0; i < p.size(); ++i) v ^= heaps.at(p[i]);
      note.clear();
      if (heaps.took_period()) {
        const OctalPeriod& per = heaps.period();
        note = "from the proven period " + std::to_string(per.period) + " after preperiod " +
               std::to_string(per.preperiod);
      }
      return eval == core::Evaluation::Grundy ? v : (v == 0 ? 0 : 1);
    }
    std::string route() const override { return note; }
    OctalHeapValues heaps;
    core::Evaluation eval;
    std::string note;
  };
  return std::make_unique<Solver>(g, eval, memory_limit);
}

}  // namespace grundy::games
