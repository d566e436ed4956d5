#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "core/model/position.hpp"

namespace grundy::core {

// Collects the values of a position's options and returns their mex (Definition 4 (ii) of the
// chocolate paper). The mex of k values is at most k, so values above k are dropped at once and
// the bitset never grows past the option count. Reused across positions: no allocation once warm.
class MexBuffer {
 public:
  void clear() { values_.clear(); }
  void add(Value v) { values_.push_back(v); }
  std::size_t size() const { return values_.size(); }

  Value mex() {
    const std::size_t k = values_.size();
    const std::size_t words = k / 64 + 1;
    if (bits_.size() < words) bits_.resize(words);
    std::fill(bits_.begin(), bits_.begin() + static_cast<std::ptrdiff_t>(words), 0);
    for (Value v : values_)
      if (v <= k) bits_[v / 64] |= std::uint64_t{1} << (v % 64);
    for (std::size_t w = 0; w < words; ++w)
      if (~bits_[w] != 0) return static_cast<Value>(w * 64 + static_cast<std::size_t>(std::countr_one(bits_[w])));
    return static_cast<Value>(words * 64);  // unreachable: k+1 bits cannot all be set by k values
  }

 private:
  std::vector<Value> values_;
  std::vector<std::uint64_t> bits_;
};

// The mex of a list of values, the slow obvious way: the reference the fast kernels are tested
// against.
inline Value mex_naive(const std::vector<Value>& values) {
  for (Value m = 0;; ++m) {
    bool seen = false;
    for (Value v : values) seen = seen || v == m;
    if (!seen) return m;
  }
}

}  // namespace grundy::core
