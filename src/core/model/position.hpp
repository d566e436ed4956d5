#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <span>
#include <string>

namespace grundy::core {

// A Grundy value (nimber). 32 bits hold every value a dense table can reach on this machine.
using Value = std::uint32_t;

// Sentinel for "no value": a cell of a dense box that is not a position of the game.
inline constexpr Value kNoValue = ~Value{0};

// Sentinel for a cell of a dense box that the solver did not solve: outside the requested box,
// with an option outside the stored one (the far corners of a knight's reach box). It is a
// position whose value is unknown, never to be shown as a value or as a non-position.
inline constexpr Value kUnsolved = kNoValue - 1;

// Most coordinates a position may have (heaps plus pass layers of a sum). Fixed so that a
// position is a plain value on the stack and enumerating options never allocates.
inline constexpr int kMaxCoords = 16;

// A position: a short vector of signed coordinates in the family's order, the pass counter last.
class Position {
 public:
  Position() = default;
  explicit Position(int size) : size_(size) {}
  Position(std::initializer_list<std::int64_t> coords) {
    for (std::int64_t c : coords) push_back(c);
  }
  explicit Position(std::span<const std::int64_t> coords) {
    for (std::int64_t c : coords) push_back(c);
  }

  int size() const { return size_; }
  std::int64_t& operator[](int i) { return c_[static_cast<std::size_t>(i)]; }
  std::int64_t operator[](int i) const { return c_[static_cast<std::size_t>(i)]; }
  std::span<const std::int64_t> coords() const { return {c_.data(), static_cast<std::size_t>(size_)}; }
  void push_back(std::int64_t v) { c_[static_cast<std::size_t>(size_++)] = v; }
  void resize(int n) { size_ = n; }

  // Sum of the coordinates (the FTS paper's "total size"); the caller keeps it small enough.
  std::int64_t total() const {
    std::int64_t t = 0;
    for (int i = 0; i < size_; ++i) t += c_[static_cast<std::size_t>(i)];
    return t;
  }

  // Coordinates i..i+n-1 as a position of their own (one component of a sum).
  Position slice(int first, int count) const {
    Position p(count);
    for (int i = 0; i < count; ++i) p[i] = (*this)[first + i];
    return p;
  }

  friend bool operator==(const Position& a, const Position& b) {
    if (a.size_ != b.size_) return false;
    for (int i = 0; i < a.size_; ++i)
      if (a[i] != b[i]) return false;
    return true;
  }

 private:
  std::array<std::int64_t, kMaxCoords> c_{};
  int size_ = 0;
};

// "3,5,7" style text of a position, as the CLI prints and parses it.
std::string to_string(const Position& p);

struct PositionHash {
  std::size_t operator()(const Position& p) const {
    // splitmix-style mixing of each coordinate: cheap and well spread for small integers.
    std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ static_cast<std::uint64_t>(p.size());
    for (int i = 0; i < p.size(); ++i) {
      h ^= static_cast<std::uint64_t>(p[i]) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
      h *= 0xbf58476d1ce4e5b9ULL;
      h ^= h >> 31;
    }
    return static_cast<std::size_t>(h);
  }
};

}  // namespace grundy::core
