#include "core/model/parse.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "runtime/errors.hpp"

using namespace grundy;

// --max-memory's sizes (the CLI, Python's max_memory, the atlas): bytes, or a K/M/G/T suffix in
// either case; 1 byte to 2^50.
TEST(ParseMemorySize, SuffixesMultiplyByPowersOf1024) {
  EXPECT_EQ(core::parse_memory_size("1"), 1u);
  EXPECT_EQ(core::parse_memory_size("4096"), 4096u);
  EXPECT_EQ(core::parse_memory_size("3k"), 3u << 10);
  EXPECT_EQ(core::parse_memory_size("3K"), 3u << 10);
  EXPECT_EQ(core::parse_memory_size("512M"), std::uint64_t{512} << 20);
  EXPECT_EQ(core::parse_memory_size("512m"), std::uint64_t{512} << 20);
  EXPECT_EQ(core::parse_memory_size("16G"), std::uint64_t{16} << 30);
  EXPECT_EQ(core::parse_memory_size("16g"), std::uint64_t{16} << 30);
  EXPECT_EQ(core::parse_memory_size("1024T"), std::uint64_t{1} << 50);
  EXPECT_EQ(core::parse_memory_size("2t"), std::uint64_t{2} << 40);
}

TEST(ParseMemorySize, BadSizesAreOneLineErrors) {
  for (const std::string bad : {"", "M", "0", "-1M", "12X", "1.5G", "1025T", "G16", "1125899906842625"})
    EXPECT_THROW(core::parse_memory_size(bad), runtime::UserError) << "'" << bad << "'";
  try {
    core::parse_memory_size("1025T");
  } catch (const runtime::UserError& e) {
    EXPECT_EQ(std::string(e.what()), "--max-memory = '1025T': too large");
  }
}
