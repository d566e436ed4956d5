#pragma once

#include <cstdint>
#include <string>

#include "core/model/position.hpp"

namespace grundy::core {

// A box of positions: coordinate i runs over 0 .. extent[i]-1. Dense solvers index it
// row-major with the last coordinate fastest, so the pass counter (always last) is adjacent.
class Box {
 public:
  Box() = default;
  explicit Box(Position extent) : extent_(extent) {}

  int arity() const { return extent_.size(); }
  std::int64_t extent(int i) const { return extent_[i]; }
  const Position& extents() const { return extent_; }
  void set_extent(int i, std::int64_t e) { extent_[i] = e; }

  // Number of cells; UINT64_MAX if it does not fit in 63 bits (the memory guard refuses those).
  std::uint64_t count() const;

  bool contains(const Position& p) const {
    if (p.size() != extent_.size()) return false;
    for (int i = 0; i < p.size(); ++i)
      if (p[i] < 0 || p[i] >= extent_[i]) return false;
    return true;
  }

  std::uint64_t index(const Position& p) const {
    std::uint64_t idx = 0;
    for (int i = 0; i < p.size(); ++i)
      idx = idx * static_cast<std::uint64_t>(extent_[i]) + static_cast<std::uint64_t>(p[i]);
    return idx;
  }

  Position at(std::uint64_t idx) const {
    Position p(extent_.size());
    for (int i = extent_.size() - 1; i >= 0; --i) {
      const auto e = static_cast<std::uint64_t>(extent_[i]);
      p[i] = static_cast<std::int64_t>(idx % e);
      idx /= e;
    }
    return p;
  }

  // Steps p to the next cell in index order; false after the last one.
  bool next(Position& p) const {
    for (int i = extent_.size() - 1; i >= 0; --i) {
      if (++p[i] < extent_[i]) return true;
      p[i] = 0;
    }
    return false;
  }

  // The smallest box holding both.
  Box hull(const Box& other) const;

  std::string to_string() const;  // "13x13x2"

  friend bool operator==(const Box& a, const Box& b) { return a.extent_ == b.extent_; }

 private:
  Position extent_;
};

}  // namespace grundy::core
