#pragma once

// The NS property of Definition 8 of the chocolate paper, checked on a finite range of values.
// By Theorem 2 it is exactly the condition under which the chocolate bar CB(F,x,y,z) has
// Grundy value x xor y xor z.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace grundy::analysis {

struct NsResult {
  enum class Kind {
    Holds,
    Negative,       // a value < 0 (Definition 5 maps to Z>=0)
    NotMonotone,    // Definition 5: f(a) > f(b) with a <= b
    NonzeroAtZero,  // Definition 8 (i) asks h(0) = 0
    ConditionA,     // (a): floor(z/2^i) = floor(z'/2^i) but floor(h(z)/2^(i-1)) != floor(h(z')/2^(i-1))
  };
  Kind kind = Kind::Holds;
  // For F(x,z): the one-variable function that failed, 'g' for g_n(z) = F(n,z), 'h' for
  // h_m(x) = F(x,m) (index = n or m); 0 for a function of one variable or a failure of F itself.
  char part = 0;
  std::int64_t index = 0;
  // The points and values of the counterexample: for NotMonotone a < b with f(a) > f(b) (for F
  // the points are (a, a2) and (b, b2)); for ConditionA z, z2, i and h(z), h(z2).
  std::int64_t a = 0, a2 = 0, b = 0, b2 = 0, i = 0;
  std::int64_t fa = 0, fb = 0;
  std::string message;  // one line, empty when the property holds

  bool holds() const { return kind == Kind::Holds; }
};

// Definition 8 (i) for h given as h[0], ..., h[n-1]: h monotone, h(0) = 0 (unless
// `require_zero_at_zero` is false, which leaves condition (a) alone) and (a) for every z, z' < n
// and every i >= 1. Values beyond n are unknown, so a block {z : floor(z/2^i) = k} is cut at n.
NsResult ns_property(std::span<const std::int64_t> h, bool require_zero_at_zero = true);

// Definition 8 (ii) for F given row-major as f[x * nz + z], x < nx, z < nz: F monotone
// (Definition 5 (ii)) and condition (a) for every g_n(z) = F(n,z) and every h_m(x) = F(x,m).
// As printed, (ii) asks each g_n and h_m to have "the NS property in (i)", which includes
// g_n(0) = h_m(0) = 0; that reading (`literal`) makes F(x,z) = h(z) non-NS for every h != 0,
// contradicting Corollary 1's proof and Theorem 2 (ERRATA_CANDIDATES.md B4). The default is the
// corrected reading NS2: condition (a) only.
NsResult ns_property_2d(std::span<const std::int64_t> f, std::int64_t nx, std::int64_t nz, bool literal = false);

// Lemma 2's function: 2^floor(log2 z) - 1 for z > 0, and 0 at 0. By Lemma 3 it bounds every
// NS function.
std::int64_t lemma2_h(std::int64_t z);

}  // namespace grundy::analysis
