#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace grundy::runtime {

// Physical memory of this machine in bytes (sysconf), or 0 if unknown.
std::uint64_t physical_memory();

// The default limit for one computation: 75% of physical memory.
std::uint64_t default_memory_limit();

// "1.5 GiB"
std::string human_bytes(std::uint64_t bytes);
// 4194304 -> "4,194,304".
std::string with_commas(std::uint64_t n);

// Refuses, before anything is allocated, a computation estimated to need more than `limit`
// bytes: throws TooLarge with the estimate, the limit, and the --max-memory value that would
// hold it (or, beyond this machine's memory, that the box must shrink).
void ensure_fits(std::uint64_t bytes, std::uint64_t limit, std::string_view what);

}  // namespace grundy::runtime
