// nauty's canonical forms: a graph and any relabelling of it have one form; graphs that are not
// isomorphic (told apart by their degree sequences here) have two.
#include "games/graph_canon.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

using grundy::games::canonical_graph;

namespace {

std::vector<std::uint64_t> random_graph(int n, double p, std::mt19937& rng) {
  std::vector<std::uint64_t> rows(static_cast<std::size_t>(n));
  std::bernoulli_distribution edge(p);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (edge(rng)) {
        rows[static_cast<std::size_t>(i)] |= std::uint64_t{1} << j;
        rows[static_cast<std::size_t>(j)] |= std::uint64_t{1} << i;
      }
  return rows;
}

std::vector<std::uint64_t> relabelled(const std::vector<std::uint64_t>& rows, const std::vector<int>& perm) {
  std::vector<std::uint64_t> out(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = 0; j < rows.size(); ++j)
      if ((rows[i] >> j) & 1) out[static_cast<std::size_t>(perm[i])] |= std::uint64_t{1} << perm[j];
  return out;
}

std::vector<std::uint64_t> canon(const std::vector<std::uint64_t>& rows) {
  std::vector<std::uint64_t> out(rows.size());
  canonical_graph(rows.data(), static_cast<int>(rows.size()), out.data());
  return out;
}

std::vector<int> degrees(const std::vector<std::uint64_t>& rows) {
  std::vector<int> d;
  for (const auto r : rows) d.push_back(__builtin_popcountll(r));
  std::sort(d.begin(), d.end());
  return d;
}

}  // namespace

TEST(GraphCanon, RelabellingsShareOneForm) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 64);
    const auto g = random_graph(n, 0.1 + 0.3 * (trial % 3), rng);
    std::vector<int> perm(static_cast<std::size_t>(n));
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng);
    const auto c = canon(g);
    EXPECT_EQ(canon(relabelled(g, perm)), c) << "n = " << n;
    EXPECT_EQ(degrees(c), degrees(g)) << "the form is the graph relabelled";
  }
}

TEST(GraphCanon, GraphsThatDifferGetDifferentForms) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 2 + static_cast<int>(rng() % 20);
    const auto a = random_graph(n, 0.3, rng), b = random_graph(n, 0.3, rng);
    if (degrees(a) != degrees(b)) {
      EXPECT_NE(canon(a), canon(b));
    }
  }
}
