#pragma once

#include <string>
#include <vector>

#include "core/model/ruleset.hpp"

namespace grundy::games {

using core::Position;

// Coordinate names the papers use: x, y, z for up to three heaps (the chocolate and FTS papers'
// (x, y, z)), x1 .. xn beyond.
std::vector<std::string> heap_names(int heaps);

// Nim: any number of heaps; a move takes one or more stones from one heap. G = xor of the heaps.
class Nim {
 public:
  explicit Nim(int heaps) : heaps_(heaps) {}

  int heaps() const { return heaps_; }
  int arity() const { return heaps_; }
  std::vector<std::string> coordinate_names() const { return heap_names(heaps_); }
  std::string name() const { return "nim(heaps=" + std::to_string(heaps_) + ")"; }

  std::string check(const Position& pos) const;

  template <class Sink>
  void for_each_option(const Position& pos, Sink&& sink) const {
    Position o = pos;
    for (int i = 0; i < heaps_; ++i) {
      for (std::int64_t v = 0; v < pos[i]; ++v) {
        o[i] = v;
        sink(o);
      }
      o[i] = pos[i];
    }
  }

  std::int64_t rank(const Position& pos) const { return pos.total(); }
  bool options_precede() const { return true; }

 private:
  int heaps_;
};

}  // namespace grundy::games
