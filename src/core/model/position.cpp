#include "core/model/position.hpp"
#include "core/model/box.hpp"

namespace grundy::core {

std::string to_string(const Position& p) {
  std::string s;
  for (int i = 0; i < p.size(); ++i) s += (i ? "," : "") + std::to_string(p[i]);
  return s;
}

std::uint64_t Box::count() const {
  std::uint64_t n = 1;
  for (int i = 0; i < extent_.size(); ++i) {
    if (extent_[i] <= 0) return 0;
    if (__builtin_mul_overflow(n, static_cast<std::uint64_t>(extent_[i]), &n) || n >> 63) return UINT64_MAX;
  }
  return n;
}

Box Box::hull(const Box& other) const {
  Position e = extent_;
  for (int i = 0; i < e.size(); ++i) e[i] = std::max(e[i], other.extent_[i]);
  return Box(e);
}

std::string Box::to_string() const {
  std::string s;
  for (int i = 0; i < extent_.size(); ++i) s += (i ? "x" : "") + std::to_string(extent_[i]);
  return s;
}

}  // namespace grundy::core
