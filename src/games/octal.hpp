#pragma once

// Take-and-break games given by their code (Winning Ways, ch. 4): octal games such as Kayles
// 0.77, Dawson's chess 0.137 and Dawson's Kayles 0.07, hexadecimal codes, and Grundy's game.
//
// The code d0.d1d2...dt gives, for each k, the moves that remove k stones from one heap: digit
// d_k is a sum of 1 (take the whole heap, which must hold exactly k), 2 (leave one heap),
// 4 (leave two non-empty heaps) and 8 (leave three non-empty heaps, hexadecimal codes: digits up
// to f). d0 may only split (4, 8, c): Grundy's game is 4!.0, where "!" after a digit asks the
// heaps it leaves to be of different sizes. A position is a list of heaps.

#include <cstdint>
#include <string>
#include <vector>

#include "core/model/ruleset.hpp"
#include "runtime/errors.hpp"

namespace grundy::games {

using core::Position;

struct OctalCode {
  std::string text;                 // as the user wrote it, normalised ("0.137", "4!.0")
  std::vector<std::uint8_t> digit;  // digit[k]: the moves removing k stones; digit.back() != 0
  std::vector<bool> unequal;        // digit k's splits leave heaps of pairwise different sizes

  // t: the most stones one move removes.
  int max_removal() const { return static_cast<int>(digit.size()) - 1; }
  // The most heaps one move leaves: 1, 2, or 3 for hexadecimal codes.
  int max_parts() const;
  bool any_unequal() const;
};

// Parses "0.137", ".07", "4!.0", "0.f" (hex digits are case-insensitive), or "grundy" for
// Grundy's game (4!.0). Throws a UserError naming -p code and the fault.
OctalCode parse_octal_code(const std::string& text);

// The most heaps one position may hold: a move that leaves more is refused with a UserError.
// One coordinate stays free for a pass counter.
inline constexpr int kMaxHeaps = core::kMaxCoords - 1;

// The options of one heap n: each as the heaps it leaves (0 to 3 of them, sizes >= 1), passed to
// sink(const std::int64_t* parts, int count).
template <class Sink>
void for_each_heap_move(const OctalCode& code, std::int64_t n, Sink&& sink) {
  const int t = code.max_removal();
  for (int k = 0; k <= t && k <= n; ++k) {
    const unsigned d = code.digit[static_cast<std::size_t>(k)];
    const bool uneq = code.unequal[static_cast<std::size_t>(k)];
    const std::int64_t m = n - k;  // stones left
    std::int64_t parts[3];
    if ((d & 1) && m == 0 && k > 0) sink(parts, 0);
    if ((d & 2) && m > 0 && k > 0) {
      parts[0] = m;
      sink(parts, 1);
    }
    if (d & 4)
      for (std::int64_t a = 1; 2 * a <= m; ++a) {
        if (uneq && 2 * a == m) continue;
        parts[0] = m - a;
        parts[1] = a;
        sink(parts, 2);
      }
    if (d & 8)
      for (std::int64_t a = 1; 3 * a <= m; ++a)
        for (std::int64_t b = a; a + 2 * b <= m; ++b) {
          const std::int64_t c = m - a - b;
          if (uneq && (a == b || b == c)) continue;
          parts[0] = c;
          parts[1] = b;
          parts[2] = a;
          sink(parts, 3);
        }
  }
}

// A position of the game: heaps x, y, z ... (`heaps` of them, -p heaps=K). A move acts on one
// heap and leaves its parts in place of it; the option is written with its heaps in decreasing
// order and empty heaps dropped, so an option may have fewer or more coordinates than the
// position (variable_arity): the solvers treat such games through their memo solver, or, in
// normal play without transforms, through the value sequence (the Sprague-Grundy xor).
class Octal {
 public:
  Octal(OctalCode code, int heaps) : code_(std::move(code)), heaps_(heaps) {}

  const OctalCode& code() const { return code_; }
  int heaps() const { return heaps_; }

  int arity() const { return heaps_; }
  std::vector<std::string> coordinate_names() const;
  std::string name() const;
  std::string check(const Position& pos) const;
  bool variable_arity() const { return true; }

  template <class Sink>
  void for_each_option(const Position& pos, Sink&& sink) const {
    const int n = pos.size();
    for (int h = 0; h < n; ++h) {
      if (h > 0 && pos[h] == pos[h - 1]) continue;  // the same options as the heap before
      for_each_heap_move(code_, pos[h], [&](const std::int64_t* parts, int count) {
        Position o;
        for (int i = 0; i < n; ++i)
          if (i != h && pos[i] > 0) push_heap(o, pos[i], pos);
        for (int i = 0; i < count; ++i) push_heap(o, parts[i], pos);
        sort_heaps(o);
        sink(o);
      });
    }
  }

 private:
  static void push_heap(Position& o, std::int64_t heap, const Position& from) {
    if (o.size() == kMaxHeaps)
      throw runtime::UserError("position " + core::to_string(from) + ": a move leaves more than " +
                               std::to_string(kMaxHeaps) + " heaps, the most a position may hold here");
    o.push_back(heap);
  }
  static void sort_heaps(Position& o);

  OctalCode code_;
  int heaps_;
};

}  // namespace grundy::games
