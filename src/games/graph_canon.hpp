#pragma once

// Canonical forms of small graphs by nauty (McKay and Piperno; Debian's libnauty), for graphs of
// at most 64 vertices (one 64-bit word a row): two graphs get the same form exactly
// when they are isomorphic. The search keys the components of Node Kayles and Arc Kayles on a
// graph by it, so that isomorphic parts are solved once.

#include <cstdint>
#include <vector>

namespace grundy::games {

inline constexpr int kMaxCanonVertices = 64;

// The canonical form of the graph on vertices 0..n-1 whose adjacency rows are `rows` (bit j of
// rows[i]: an edge i-j), as n rows in the same layout, written to `out`. n <= kMaxCanonVertices.
// Safe to call from several threads (nauty's work arrays are thread-local).
void canonical_graph(const std::uint64_t* rows, int n, std::uint64_t* out);

}  // namespace grundy::games
