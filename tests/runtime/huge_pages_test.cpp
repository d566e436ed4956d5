// HugePageAllocator: blocks on both sides of the 2 MiB threshold hold what is written, copy,
// grow and free (mmap'd blocks are unmapped with the size they were mapped with).
#include "runtime/huge_pages.hpp"

#include <gtest/gtest.h>

#include <numeric>

using grundy::runtime::HugeVector;

TEST(HugePages, SmallAndLargeBlocksHoldTheirValues) {
  for (std::size_t n : {std::size_t{10}, std::size_t{1} << 19, (std::size_t{3} << 20) + 7}) {
    HugeVector<std::uint32_t> v(n);
    EXPECT_EQ(std::accumulate(v.begin(), v.end(), std::uint64_t{0}), 0u) << n;  // zeroed
    std::iota(v.begin(), v.end(), 1u);
    HugeVector<std::uint32_t> copy = v;
    copy.resize(2 * n, 7);  // grows across the threshold for the middle size
    ASSERT_EQ(copy.size(), 2 * n);
    EXPECT_EQ(copy[n - 1], static_cast<std::uint32_t>(n));
    EXPECT_EQ(copy[2 * n - 1], 7u);
    EXPECT_TRUE(std::equal(v.begin(), v.end(), copy.begin()));
  }
}
