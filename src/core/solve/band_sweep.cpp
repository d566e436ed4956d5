#include "core/solve/band_sweep.hpp"

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

// Cells 0 .. n - 1 of raw cells of `width` bytes into `out`: one loop a width.
void decode_all(const unsigned char* raw, std::uint64_t n, int width, Value* out) {
  auto run = [&](auto cell) {
    using T = decltype(cell);
    for (std::uint64_t i = 0; i < n; ++i) {
      std::memcpy(&cell, raw + sizeof(T) * i, sizeof(T));
      out[i] = ValueArray::decode(cell);
    }
  };
  if (width == 1)
    run(std::uint8_t{});
  else if (width == 2)
    run(std::uint16_t{});
  else
    run(Value{});
}

}  // namespace

void for_each_row(const BandTable& t, FunctionRef<void(std::uint64_t, const Value*)> row) {
  const dist::Exchange exchange;
  const BandLayout& b = t.layout;
  const std::uint64_t Y = b.Y, L = b.L, w = static_cast<std::uint64_t>(t.values.width());
  const int width = t.values.width();
  const bool root = b.r == 0;
  // Rank 0 holds kChunk rows at a time, whatever the bands: at 65536^2 a band of 4096 rows in
  // four-byte values was 1 GiB more on the rank that writes the file.
  const std::uint64_t chunk = stream_rows(b);
  std::vector<Value> rows_out(root ? chunk * Y * L : 0);
  std::vector<unsigned char> raw, packed;
  // Part of the table from `owner` to rank 0: `bytes` of raw cells; rank 0 gets a pointer to
  // them (its own, or received), the others send theirs (from `mine`) if they own it.
  auto pass = [&](int owner, const unsigned char* mine, std::size_t bytes) -> const unsigned char* {
    if (root) {
      if (owner == 0) return mine;
      raw.resize(bytes);
      dist::recv(raw.data(), bytes, owner, dist::kTagRows);
      return raw.data();
    }
    if (owner == b.r) dist::send(mine, bytes, 0, dist::kTagRows);
    return nullptr;
  };
  for (std::uint64_t s = 0, e = 0; s < b.X; s = e) {
    // Rows s .. e - 1, in band k.
    const std::uint64_t k = s / b.B;
    e = std::min({b.X, s + chunk, b.end(k)});
    const std::uint64_t n = e - s;
    const int own = b.owner(k);
    const unsigned char* got = pass(own, own == b.r ? local_rows(t, s) : nullptr, n * Y * L * w);
    if (root) decode_all(got, n * Y * L, width, rows_out.data());
    if (b.symmetric) {
      // Row y of these, columns x >= e: cells (x, y) of the rows below, a tile from each band
      // that holds some (this band's own rows below the chunk first).
      for (std::uint64_t k2 = k; k2 < b.bands(); ++k2) {
        const std::uint64_t a2 = std::max(b.first(k2), e), e2 = b.end(k2);
        if (a2 >= e2) continue;
        const std::uint64_t n2 = e2 - a2;
        const int own2 = b.owner(k2);
        if (own2 == b.r) {
          // Rows a2 .. e2 - 1, columns s .. e - 1.
          packed.resize(n2 * n * L * w);
          for (std::uint64_t i = 0; i < n2; ++i)
            std::memcpy(&packed[i * n * L * w], local_rows(t, a2 + i) + s * L * w, n * L * w);
        }
        const unsigned char* tile = pass(own2, packed.data(), n2 * n * L * w);
        if (!root) continue;
        // Along the chunk's rows, which lie far apart; the tile is small enough to stay in cache.
        for (std::uint64_t y = 0; y < n; ++y)
          for (std::uint64_t i = 0; i < n2; ++i)
            for (std::uint64_t l = 0; l < L; ++l)
              rows_out[(y * Y + a2 + i) * L + l] = decode(tile, (i * n + y) * L + l, width);
      }
      // Columns x in (y, e): the chunk's own rows.
      if (root)
        for (std::uint64_t y = 0; y < n; ++y)
          for (std::uint64_t x = y + 1; x < n; ++x)
            for (std::uint64_t l = 0; l < L; ++l) rows_out[(y * Y + s + x) * L + l] = rows_out[(x * Y + s + y) * L + l];
    }
    if (root)
      for (std::uint64_t i = 0; i < n; ++i) row(s + i, &rows_out[i * Y * L]);
    runtime::poll_stop();
  }
}

}  // namespace grundy::core
