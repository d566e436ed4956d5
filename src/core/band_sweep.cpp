#include "core/band_sweep.hpp"

#include <cstring>

namespace grundy::core {

namespace {

// The cells of `n` rows of this rank's part from row x on, as raw bytes of its width.
const unsigned char* local_rows(const BandTable& t, std::uint64_t x) {
  const std::uint64_t at = t.layout.local_row(x) * t.layout.Y * t.layout.L;
  return const_cast<ValueArray&>(t.values).with_cells(
      [&](auto* cells) { return reinterpret_cast<const unsigned char*>(cells + at); });
}

// Cell i of raw cells of `width` bytes.
Value decode(const unsigned char* raw, std::uint64_t i, int width) {
  switch (width) {
    case 1:
      return ValueArray::decode(raw[i]);
    case 2: {
      std::uint16_t c;
      std::memcpy(&c, raw + 2 * i, 2);
      return ValueArray::decode(c);
    }
    default: {
      Value c;
      std::memcpy(&c, raw + 4 * i, 4);
      return c;
    }
  }
}

}  // namespace

void for_each_row(const BandTable& t, FunctionRef<void(std::uint64_t, const Value*)> row) {
  const mpi::Exchange exchange;
  const BandLayout& b = t.layout;
  const std::uint64_t Y = b.Y, L = b.L;
  const int width = t.values.width();
  const bool root = b.r == 0;
  std::vector<Value> band(root ? b.B * Y * L : 0);
  std::vector<unsigned char> raw, tile;
  // Part of the table from `owner` to rank 0: `bytes` of raw cells; rank 0 gets a pointer to
  // them (its own, or received), the others send theirs (from `mine`) if they own it.
  auto pass = [&](int owner, const unsigned char* mine, std::size_t bytes,
                  std::vector<unsigned char>& into) -> const unsigned char* {
    if (root) {
      if (owner == 0) return mine;
      into.resize(bytes);
      mpi::recv(into.data(), bytes, owner, detail::kTagRows);
      return into.data();
    }
    if (owner == b.r) mpi::send(mine, bytes, 0, detail::kTagRows);
    return nullptr;
  };
  for (std::uint64_t k = 0; k < b.bands(); ++k) {
    const std::uint64_t a = b.first(k), e = b.end(k), n = e - a;
    const int own = b.owner(k);
    const unsigned char* rows = pass(own, own == b.r ? local_rows(t, a) : nullptr, n * Y * L * width, raw);
    if (root)
      for (std::uint64_t i = 0; i < n * Y * L; ++i) band[i] = decode(rows, i, width);
    if (b.symmetric) {
      // Row y of this band, columns x > y: cells (x, y) of the bands below, a tile each.
      for (std::uint64_t k2 = k + 1; k2 < b.bands(); ++k2) {
        const std::uint64_t a2 = b.first(k2), n2 = b.end(k2) - a2;
        const int own2 = b.owner(k2);
        std::vector<unsigned char> packed;
        if (own2 == b.r) {
          // Rows a2 .. of band k2, columns a .. e - 1.
          packed.resize(n2 * n * L * width);
          for (std::uint64_t i = 0; i < n2; ++i)
            std::memcpy(&packed[i * n * L * width], local_rows(t, a2 + i) + a * L * width, n * L * width);
        }
        const unsigned char* got = pass(own2, packed.data(), n2 * n * L * width, tile);
        if (!root) continue;
        for (std::uint64_t i = 0; i < n2; ++i)
          for (std::uint64_t y = 0; y < n; ++y)
            for (std::uint64_t l = 0; l < L; ++l)
              band[(y * Y + a2 + i) * L + l] = decode(got, (i * n + y) * L + l, width);
      }
      if (root)
        for (std::uint64_t y = 0; y < n; ++y)
          for (std::uint64_t x = y + 1; x < n; ++x)
            for (std::uint64_t l = 0; l < L; ++l) band[(y * Y + a + x) * L + l] = band[(x * Y + a + y) * L + l];
    }
    if (root)
      for (std::uint64_t i = 0; i < n; ++i) row(a + i, &band[i * Y * L]);
    poll_stop();
  }
}

}  // namespace grundy::core
