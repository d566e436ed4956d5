#include "games/graph_canon.hpp"

#include <nauty.h>

#include "runtime/errors.hpp"

namespace grundy::games {

// Debian's libnauty (the pkg-config module nauty): 64-bit setwords, arrays of any size, so a
// graph of at most 64 vertices is one setword a row.
static_assert(WORDSIZE == 64);

namespace {

// nauty keeps its work arrays for the next call in thread-local pointers; a thread that called
// it gives them back when it ends (else each finished thread's arrays are lost).
struct NautyArrays {
  ~NautyArrays() {
    nauty_freedyn();
    nautil_freedyn();
    naugraph_freedyn();
  }
};

}  // namespace

void canonical_graph(const std::uint64_t* rows, int n, std::uint64_t* out) {
  static thread_local NautyArrays arrays;
  (void)arrays;
  if (n < 0 || n > kMaxCanonVertices) throw runtime::EngineError("canonical_graph: more than 64 vertices");
  if (n == 0) return;
  // nauty numbers a row's bits from the most significant one.
  graph g[kMaxCanonVertices], cg[kMaxCanonVertices];
  for (int i = 0; i < n; ++i) {
    g[i] = 0;
    for (std::uint64_t r = rows[i]; r != 0; r &= r - 1) ADDELEMENT(g + i, __builtin_ctzll(r));
  }
  int lab[kMaxCanonVertices], ptn[kMaxCanonVertices], orbits[kMaxCanonVertices];
  DEFAULTOPTIONS_GRAPH(options);
  options.getcanon = TRUE;
  statsblk stats;
  densenauty(g, lab, ptn, orbits, &options, &stats, 1, n, cg);
  for (int i = 0; i < n; ++i) {
    std::uint64_t r = 0;
    for (int j = 0; j < n; ++j)
      if (ISELEMENT(cg + i, j)) r |= std::uint64_t{1} << j;
    out[i] = r;
  }
}

}  // namespace grundy::games
