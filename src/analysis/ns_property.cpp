#include "analysis/ns_property.hpp"

#include <algorithm>
#include <bit>

#include "runtime/progress.hpp"

namespace grundy::analysis {

namespace {

std::string num(std::int64_t v) { return std::to_string(v); }

// Reads a one-variable function at stride `step` from `base`: g_n(z) = f[n*nz + z] has
// base n*nz and step 1; h_m(x) = f[x*nz + m] has base m and step nz.
struct Line {
  std::span<const std::int64_t> f;
  std::size_t base, step;
  std::int64_t size;
  std::int64_t operator()(std::int64_t t) const { return f[base + static_cast<std::size_t>(t) * step]; }
};

// Condition (a) of Definition 8 on t < size: within each block of 2^i consecutive arguments
// (cut at size), every value must agree with the block's first value after dropping i-1 bits.
// Blocks of 2^i >= size hold the whole range and only weaken as i grows, so i stops there.
// Returns the first failure in order of i, then of the arguments.
bool condition_a(const Line& h, NsResult& r) {
  runtime::StopPoll poll;
  for (std::int64_t i = 1;; ++i) {
    const std::int64_t block = std::int64_t{1} << i;
    for (std::int64_t start = 0; start < h.size; start += block) {
      poll(static_cast<std::uint64_t>(block));
      const std::int64_t first = h(start) >> (i - 1);
      for (std::int64_t t = start + 1; t < std::min(start + block, h.size); ++t)
        if ((h(t) >> (i - 1)) != first) {
          r.kind = NsResult::Kind::ConditionA;
          r.a = start;
          r.b = t;
          r.i = i;
          r.fa = h(start);
          r.fb = h(t);
          return false;
        }
    }
    if (block >= h.size) return true;
  }
}

std::string condition_a_text(const NsResult& r, const std::string& fname, const std::string& var) {
  const std::int64_t half = std::int64_t{1} << (r.i - 1);
  return "condition (a) fails at " + var + " = " + num(r.a) + ", " + var + "' = " + num(r.b) + ", i = " + num(r.i) +
         ": floor(" + var + "/" + num(2 * half) + ") = floor(" + var + "'/" + num(2 * half) + ") = " +
         num(r.a / (2 * half)) + " but " + fname + "(" + num(r.a) + ") = " + num(r.fa) + ", " + fname + "(" +
         num(r.b) + ") = " + num(r.fb) + " and floor(" + num(r.fa) + "/" + num(half) + ") = " + num(r.fa / half) +
         " != floor(" + num(r.fb) + "/" + num(half) + ") = " + num(r.fb / half);
}

}  // namespace

std::int64_t lemma2_h(std::int64_t z) {
  return z <= 0 ? 0 : (std::int64_t{1} << (std::bit_width(static_cast<std::uint64_t>(z)) - 1)) - 1;
}

NsResult ns_property(std::span<const std::int64_t> h, bool require_zero_at_zero) {
  NsResult r;
  const auto n = static_cast<std::int64_t>(h.size());
  for (std::int64_t z = 0; z < n; ++z) {
    const std::int64_t v = h[static_cast<std::size_t>(z)];
    if (v < 0) {
      r.kind = NsResult::Kind::Negative;
      r.a = z;
      r.fa = v;
      r.message = "h(" + num(z) + ") = " + num(v) + " is negative; Definition 5 needs values >= 0";
      return r;
    }
    if (z > 0 && h[static_cast<std::size_t>(z - 1)] > v) {
      r.kind = NsResult::Kind::NotMonotone;
      r.a = z - 1;
      r.b = z;
      r.fa = h[static_cast<std::size_t>(z - 1)];
      r.fb = v;
      r.message = "h is not monotonically increasing (Definition 5 (i)): h(" + num(z - 1) + ") = " + num(r.fa) +
                  " > h(" + num(z) + ") = " + num(v);
      return r;
    }
  }
  if (require_zero_at_zero && n > 0 && h[0] != 0) {
    r.kind = NsResult::Kind::NonzeroAtZero;
    r.fa = h[0];
    r.message = "h(0) = " + num(h[0]) + " but Definition 8 (i) needs h(0) = 0";
    return r;
  }
  if (!condition_a(Line{h, 0, 1, n}, r)) r.message = condition_a_text(r, "h", "z");
  return r;
}

NsResult ns_property_2d(std::span<const std::int64_t> f, std::int64_t nx, std::int64_t nz, bool literal) {
  NsResult r;
  auto F = [&](std::int64_t x, std::int64_t z) { return f[static_cast<std::size_t>(x * nz + z)]; };
  auto at = [](std::int64_t x, std::int64_t z) { return "F(" + num(x) + "," + num(z) + ")"; };
  runtime::StopPoll poll;
  for (std::int64_t x = 0; x < nx; ++x)
    for (std::int64_t z = 0; z < nz; ++z) {
      poll();
      const std::int64_t v = F(x, z);
      if (v < 0) {
        r.kind = NsResult::Kind::Negative;
        r.a = x;
        r.a2 = z;
        r.fa = v;
        r.message = at(x, z) + " = " + num(v) + " is negative; Definition 5 needs values >= 0";
        return r;
      }
      for (const auto& [px, pz] : {std::pair{x, z - 1}, std::pair{x - 1, z}})
        if (px >= 0 && pz >= 0 && F(px, pz) > v) {
          r.kind = NsResult::Kind::NotMonotone;
          r.a = px;
          r.a2 = pz;
          r.b = x;
          r.b2 = z;
          r.fa = F(px, pz);
          r.fb = v;
          r.message = "F is not monotonically increasing (Definition 5 (ii)): " + at(px, pz) + " = " + num(r.fa) +
                      " > " + at(x, z) + " = " + num(v);
          return r;
        }
    }
  // g_n(z) = F(n,z), then h_m(x) = F(x,m).
  for (int pass = 0; pass < 2; ++pass) {
    const bool g = pass == 0;
    const std::int64_t count = g ? nx : nz;
    for (std::int64_t k = 0; k < count; ++k) {
      const Line line = g ? Line{f, static_cast<std::size_t>(k * nz), 1, nz}
                          : Line{f, static_cast<std::size_t>(k), static_cast<std::size_t>(nz), nx};
      const std::string fname = std::string(g ? "g_" : "h_") + num(k);
      const std::string var = g ? "z" : "x";
      const std::string what = fname + "(" + var + ") = " + (g ? "F(" + num(k) + ",z)" : "F(x," + num(k) + ")");
      r.part = g ? 'g' : 'h';
      r.index = k;
      if (literal && line.size > 0 && line(0) != 0) {
        r.kind = NsResult::Kind::NonzeroAtZero;
        r.fa = line(0);
        r.message = what + ": " + fname + "(0) = " + num(r.fa) +
                    " but Definition 8 (ii), read literally, asks each g_n and h_m to have h(0) = 0";
        return r;
      }
      if (!condition_a(line, r)) {
        r.message = what + ": " + condition_a_text(r, fname, var);
        return r;
      }
    }
  }
  r = NsResult{};
  return r;
}

}  // namespace grundy::analysis
