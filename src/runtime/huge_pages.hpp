#pragma once

// Storage for the solvers' large arrays (tables, line bitsets). On this kind of machine a page
// fault costs microseconds, so filling a fresh table is bound by faults, not by memory
// bandwidth: zeroing 128 MiB took 334 ms in 4 KiB pages and 18 ms in 2 MiB pages (measured
// on a 2-core build machine). Blocks of 2 MiB or more are therefore mapped with mmap and advised as
// transparent huge pages (madvise: a hint; the kernel may decline and nothing else changes);
// smaller ones come from operator new.

#include <sys/mman.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

namespace grundy::runtime {

// Under AddressSanitizer every block comes from operator new, so that its checks still cover
// the tables (mmap'd memory has no redzones).
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kHugePagesAllowed = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kHugePagesAllowed = false;
#else
inline constexpr bool kHugePagesAllowed = true;
#endif
#else
inline constexpr bool kHugePagesAllowed = true;
#endif

// Bytes mapped by the allocator below, now and at the most (since the last reset): the memory
// guard's estimates are tested against what the solvers really allocate, and mapped blocks do
// not pass through operator new.
struct MappedBytes {
  static inline std::atomic<std::uint64_t> live{0}, peak{0};
  static void add(std::uint64_t n) {
    const std::uint64_t now = live.fetch_add(n) + n;
    std::uint64_t p = peak.load();
    while (now > p && !peak.compare_exchange_weak(p, now)) {
    }
  }
  static void sub(std::uint64_t n) { live.fetch_sub(n); }
  static void reset_peak() { peak.store(live.load()); }
};

template <class T>
class HugePageAllocator {
 public:
  using value_type = T;
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}  // NOLINT(google-explicit-constructor)

  T* allocate(std::size_t n) {
    if (n > SIZE_MAX / sizeof(T)) throw std::bad_alloc();
    const std::size_t bytes = n * sizeof(T);
    if (!kHugePagesAllowed || bytes < kHugePage) return static_cast<T*>(::operator new(bytes));
    void* p = mmap(nullptr, mapped(bytes), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    madvise(p, mapped(bytes), MADV_HUGEPAGE);
    MappedBytes::add(mapped(bytes));
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (!kHugePagesAllowed || bytes < kHugePage)
      ::operator delete(p);
    else {
      munmap(p, mapped(bytes));
      MappedBytes::sub(mapped(bytes));
    }
  }

  friend bool operator==(const HugePageAllocator&, const HugePageAllocator&) { return true; }

 private:
  static std::size_t mapped(std::size_t bytes) { return (bytes + kHugePage - 1) / kHugePage * kHugePage; }
};

template <class T>
using HugeVector = std::vector<T, HugePageAllocator<T>>;

// The bytes a HugeVector of `bytes` occupies: blocks of 2 MiB or more are mapped in whole
// huge pages. For the memory guard's estimates.
inline std::uint64_t huge_block_bytes(std::uint64_t bytes) {
  constexpr std::uint64_t page = HugePageAllocator<char>::kHugePage;
  if (!kHugePagesAllowed || bytes < page) return bytes;
  return bytes > UINT64_MAX - page ? UINT64_MAX : (bytes + page - 1) / page * page;
}

}  // namespace grundy::runtime
