#pragma once

// FNV-1a, 64 bits: the checksum of table files, the bench signature and the atlas's digests,
// stable across machines and runs.

#include <cstddef>
#include <cstdint>

namespace grundy::runtime {

struct Fnv {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  void add(const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; ++i) {
      h ^= p[i];
      h *= 0x100000001b3ULL;
    }
  }
  // The four bytes of v, lowest first, whatever the machine's byte order.
  void add_u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) {
      h ^= (v >> (8 * i)) & 0xff;
      h *= 0x100000001b3ULL;
    }
  }
};

}  // namespace grundy::runtime
