#pragma once

// A table's values, one per cell, in 1, 2 or 4 bytes a cell: most tables' values fit
// in one byte and nearly all in two, and a table of 2^31 cells is 8.6 GB in four. The solver
// that fills the array chooses the width (from a bound on its values, or trying a narrower one
// and widening); everything else reads values through operator[], whatever the width.
//
// The four largest codes of a width stand for the markers of position.hpp and dense_solver.hpp
// (kNoValue and the three below it), so a narrow array holds values below limit(width): 252 in
// one byte, 65532 in two. set() refuses a value that does not fit with an EngineError: a solver
// that chose too narrow a width is a bug, never a wrong value.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>

#include "core/model/position.hpp"
#include "runtime/errors.hpp"
#include "runtime/huge_pages.hpp"

namespace grundy::core {

class ValueArray {
 public:
  // The least of the four markers (kNoValue and the three below it): values lie below it.
  static constexpr Value kFirstMarker = kNoValue - 3;

  ValueArray() = default;
  // The values listed, in the narrowest width that holds them (tests, small tables).
  static ValueArray of(std::initializer_list<Value> values) {
    Value max = 0;
    for (const Value v : values)
      if (v < kFirstMarker) max = std::max(max, v);
    ValueArray a;
    a.reset(values.size(), width_for(std::uint64_t{max} + 1));
    std::size_t i = 0;
    for (const Value v : values) a.set(i++, v);
    return a;
  }
  // Four-byte cells taken over from a vector of values.
  static ValueArray adopt(runtime::HugeVector<Value>&& values) {
    ValueArray a;
    a.n_ = values.size();
    a.v32_ = std::move(values);
    return a;
  }

  // Bytes a cell: 1, 2 or 4.
  int width() const { return width_; }
  std::size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }

  // Values below this are stored as they are in `width` bytes; the codes from it up are markers.
  static constexpr Value limit(int width) { return width == 1 ? 0xfc : width == 2 ? 0xfffc : kFirstMarker; }
  // The narrowest width that holds values below `bound` (every value < bound).
  static constexpr int width_for(std::uint64_t bound) { return bound <= limit(1) ? 1 : bound <= limit(2) ? 2 : 4; }
  // Bytes `n` cells take in `width` bytes a cell, as allocated (for the memory estimates).
  static std::uint64_t bytes(std::uint64_t n, int width) {
    return runtime::huge_block_bytes(n > UINT64_MAX / 4 ? UINT64_MAX : n * static_cast<std::uint64_t>(width));
  }

  Value operator[](std::size_t i) const {
    switch (width_) {
      case 1:
        return decode<std::uint8_t>(v8_[i]);
      case 2:
        return decode<std::uint16_t>(v16_[i]);
      default:
        return v32_[i];
    }
  }
  void set(std::size_t i, Value v) {
    switch (width_) {
      case 1:
        v8_[i] = encode<std::uint8_t>(v);
        break;
      case 2:
        v16_[i] = encode<std::uint16_t>(v);
        break;
      default:
        v32_[i] = v;
    }
  }

  // set(), the array widened first when v does not fit its width.
  void put(std::size_t i, Value v) {
    if (v >= limit(width_) && v < kFirstMarker) convert(v < limit(2) ? 2 : 4);
    set(i, v);
  }

  // n cells of `width` bytes, every one holding v; the old contents are dropped.
  void assign(std::size_t n, Value v, int width = 4) {
    check_width(width);
    clear_storage();
    width_ = width;
    n_ = n;
    switch (width_) {
      case 1:
        v8_.assign(n, encode<std::uint8_t>(v));
        break;
      case 2:
        v16_.assign(n, encode<std::uint16_t>(v));
        break;
      default:
        v32_.assign(n, v);
    }
  }
  // n cells of `width` bytes, zero; the old contents are dropped.
  void reset(std::size_t n, int width) { assign(n, 0, width); }
  // Keeps the width and the first min(n, size()) cells; new cells are 0.
  void resize(std::size_t n) {
    n_ = n;
    switch (width_) {
      case 1:
        v8_.resize(n);
        break;
      case 2:
        v16_.resize(n);
        break;
      default:
        v32_.resize(n);
    }
  }

  // The cells themselves, for the solvers' hot loops: T must have the array's width. Values
  // written there must be below limit(width()) (or markers, encoded by encode<T>).
  template <class T>
  T* data() {
    check_type<T>();
    if constexpr (sizeof(T) == 1) return v8_.data();
    if constexpr (sizeof(T) == 2) return v16_.data();
    if constexpr (sizeof(T) == 4) return v32_.data();
  }

  // f(cells) with the cells in their own type (std::uint8_t*, std::uint16_t* or Value*): a
  // solver's kernel written once for every width.
  template <class F>
  decltype(auto) with_cells(F&& f) {
    switch (width_) {
      case 1:
        return f(v8_.data());
      case 2:
        return f(v16_.data());
      default:
        return f(v32_.data());
    }
  }

  // Re-encodes every cell in `width` bytes (wider or narrower; narrower only when every value
  // fits, else an EngineError).
  void convert(int width) {
    check_width(width);
    if (width == width_) return;
    ValueArray out;
    out.reset(n_, width);
    for (std::size_t i = 0; i < n_; ++i) out.set(i, (*this)[i]);
    *this = std::move(out);
  }

  template <class T>
  static T encode(Value v) {
    if constexpr (sizeof(T) == 4) {
      return v;
    } else {
      constexpr Value top = static_cast<T>(~T{0});
      if (v < limit(sizeof(T))) return static_cast<T>(v);
      if (v >= kFirstMarker) return static_cast<T>(v - (kNoValue - top));
      throw runtime::EngineError("value " + std::to_string(v) + " does not fit in a table of " +
                                 std::to_string(sizeof(T)) + " bytes a cell");
    }
  }
  template <class T>
  static Value decode(T s) {
    if constexpr (sizeof(T) == 4) {
      return s;
    } else {
      constexpr Value top = static_cast<T>(~T{0});
      return s < limit(sizeof(T)) ? Value{s} : Value{s} + (kNoValue - top);
    }
  }

  // The same values (whatever the widths).
  friend bool operator==(const ValueArray& a, const ValueArray& b) {
    if (a.n_ != b.n_) return false;
    for (std::size_t i = 0; i < a.n_; ++i)
      if (a[i] != b[i]) return false;
    return true;
  }

  // Reading every value in order: for (Value v : array).
  class const_iterator {
   public:
    const_iterator(const ValueArray* a, std::size_t i) : a_(a), i_(i) {}
    Value operator*() const { return (*a_)[i_]; }
    const_iterator& operator++() {
      ++i_;
      return *this;
    }
    bool operator==(const const_iterator& o) const { return i_ == o.i_; }
    bool operator!=(const const_iterator& o) const { return i_ != o.i_; }

   private:
    const ValueArray* a_;
    std::size_t i_;
  };
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, n_}; }

 private:
  static void check_width(int width) {
    if (width != 1 && width != 2 && width != 4)
      throw runtime::EngineError("ValueArray: width " + std::to_string(width));
  }
  template <class T>
  void check_type() const {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4);
    if (static_cast<int>(sizeof(T)) != width_)
      throw runtime::EngineError("ValueArray: " + std::to_string(sizeof(T)) + "-byte access to cells of " +
                                 std::to_string(width_) + " bytes");
  }
  void clear_storage() {
    runtime::HugeVector<std::uint8_t>().swap(v8_);
    runtime::HugeVector<std::uint16_t>().swap(v16_);
    runtime::HugeVector<std::uint32_t>().swap(v32_);
  }

  // One of the three holds the cells, the one of width_.
  runtime::HugeVector<std::uint8_t> v8_;
  runtime::HugeVector<std::uint16_t> v16_;
  runtime::HugeVector<std::uint32_t> v32_;
  std::size_t n_ = 0;
  int width_ = 4;
};

}  // namespace grundy::core
