// The plain reference the octal sweep is measured against: the sparse-space method with the
// splits interleaved, scalar and on one thread, written to be obviously correct rather than fast.
//
// Usage: octal_kernel CODE N      CODE is d0.d1d2... in octal (digit k: the moves removing k
// stones; bit 1 takes the whole heap, bit 2 leaves one heap, bit 4 leaves two). Prints
// n=N seconds=S fnv=H, H the FNV-1a-64 of G(0..N-1), each value as 4 little-endian bytes.
//
// Why it works: call a value rare when popcount(v & mask) is even. common ^ common is rare, so a
// common option value always comes from a split with a rare heap in it (or from a one-heap move).
// After those few options are in, the least common value not seen, c, is final, and only the rare
// values below c remain in doubt; the full pass over the splits stops as soon as they are all seen.
// With a mask that makes few heaps rare both passes are short.
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

struct Code {
  std::vector<uint32_t> whole, keep, split;  // k of each kind of move, increasing
};

static bool parse(const std::string& s, Code& code) {
  if (s.size() < 2 || s[1] != '.') return false;
  std::string digits = s.substr(0, 1) + s.substr(2);
  for (size_t k = 0; k < digits.size(); ++k) {
    char d = digits[k];
    if (d < '0' || d > '7') return false;  // no '!' and no hexadecimal digits
    int bits = d - '0';
    if (k == 0 && (bits & 3)) return false;  // removing no stones may only split
    if (bits & 1) code.whole.push_back(k);
    if (bits & 2) code.keep.push_back(k);
    if (bits & 4) code.split.push_back(k);
  }
  return true;
}

static bool rare(uint32_t v, uint32_t mask) { return std::popcount(v & mask) % 2 == 0; }

// The nonzero mask with the fewest rare heaps among the counts, or 0 when even the best leaves at
// least half of them rare (then the sparse pass would cost more than it saves).
static uint32_t choose_mask(const std::vector<uint64_t>& count, uint32_t maxval, uint64_t n) {
  size_t size = std::bit_ceil(maxval + 1);
  std::vector<int64_t> h(count.begin(), count.begin() + size);
  for (size_t len = 1; len < size; len *= 2)  // Walsh-Hadamard: h[s] = sum_v count[v] (-1)^|v&s|
    for (size_t i = 0; i < size; i += 2 * len)
      for (size_t j = i; j < i + len; ++j) {
        int64_t a = h[j], b = h[j + len];
        h[j] = a + b;
        h[j + len] = a - b;
      }
  uint32_t best = 0;
  uint64_t best_rare = n;
  for (size_t s = 1; s < size; ++s) {
    uint64_t rare_heaps = (n + h[s]) / 2;  // heaps whose value has an even popcount under s
    if (rare_heaps < best_rare) best = s, best_rare = rare_heaps;
  }
  return 2 * best_rare < n ? best : 0;
}

int main(int argc, char** argv) {
  Code code;
  if (argc != 3 || !parse(argv[1], code)) {
    std::fprintf(stderr, "usage: octal_kernel CODE N   (CODE d0.d1d2... octal, no '!')\n");
    return 2;
  }
  const uint32_t N = std::strtoul(argv[2], nullptr, 10);
  constexpr uint32_t V = 1u << 16;  // values are uint16

  auto start = std::chrono::steady_clock::now();
  std::vector<uint16_t> G(N);
  std::vector<uint32_t> seen(V + 2, 0);    // seen[v] == n + 1: v is an option of heap n (no clearing)
  std::vector<uint32_t> wanted(V + 2, 0);  // wanted[v] == n + 1: v is in want for heap n
  std::vector<uint64_t> count(V + 1, 0);   // heaps of each value so far, for the mask
  std::vector<uint32_t> rare_heaps;        // heaps >= 1 with a rare value, increasing
  uint32_t mask = 0, maxval = 0;

  for (uint32_t n = 0; n < N; ++n) {
    if (n >= 1024 && std::has_single_bit(n)) {
      uint32_t m = choose_mask(count, maxval, n);
      if (m != mask) {
        mask = m;
        rare_heaps.clear();
        for (uint32_t i = 1; i < n; ++i)
          if (rare(G[i], mask)) rare_heaps.push_back(i);
      }
    }
    const uint32_t mark = n + 1;
    for (uint32_t k : code.whole)
      if (k == n) seen[0] = mark;
    for (uint32_t k : code.keep)
      if (k < n) seen[G[n - k]] = mark;
    for (uint32_t k : code.split) {
      if (k + 2 > n) break;
      uint32_t m = n - k;
      for (uint32_t r : rare_heaps) {
        if (r >= m) break;
        seen[G[r] ^ G[m - r]] = mark;
      }
    }

    // Every option value is below top, so the mex is at most top; c == top + 1 means no
    // common value up to top is free, and then top itself is a rare value still wanted.
    const uint32_t top = std::bit_ceil(maxval + 1);
    uint32_t c = 0;
    while (c <= top && (rare(c, mask) || seen[c] == mark)) ++c;
    uint32_t want = 0;  // how many rare values below c are not seen yet
    for (uint32_t v = 0; v < c && v <= top; ++v)
      if (seen[v] != mark) wanted[v] = mark, ++want;

    for (uint32_t a = 1; want > 0; ++a) {
      bool any = false;
      for (uint32_t k : code.split) {  // increasing k: the heaps left shrink, so stop early
        if (k + 2 * a > n) break;
        any = true;
        uint32_t v = G[a] ^ G[n - k - a];
        if (wanted[v] == mark) {  // one test, nearly always false: cheap to predict
          wanted[v] = 0;
          if (--want == 0) break;
        }
      }
      if (!any) break;
    }
    uint32_t g = c;
    if (want > 0)
      for (g = 0; wanted[g] != mark; ++g) {
      }  // the least value still wanted
    if (g >= V) {
      std::fprintf(stderr, "octal_kernel: G(%u) = %u does not fit in 16 bits\n", n, g);
      return 1;
    }
    G[n] = g;
    ++count[g];
    if (g > maxval) maxval = g;
    if (n >= 1 && rare(g, mask)) rare_heaps.push_back(n);
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  uint64_t h = 0xcbf29ce484222325ull;
  for (uint32_t v : G)
    for (int byte = 0; byte < 4; ++byte) h = (h ^ ((v >> (8 * byte)) & 0xff)) * 0x100000001b3ull;
  std::printf("n=%u seconds=%.6f fnv=%016llx\n", N, seconds, (unsigned long long)h);
}
