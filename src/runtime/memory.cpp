#include "runtime/memory.hpp"

#include <unistd.h>

#include <cstdio>

#include "runtime/errors.hpp"

namespace grundy::runtime {

std::uint64_t physical_memory() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
}

std::uint64_t default_memory_limit() {
  const std::uint64_t phys = physical_memory();
  return phys ? phys / 4 * 3 : std::uint64_t{4} << 30;
}

std::string human_bytes(std::uint64_t bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1024 && u < 6) {
    v /= 1024;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
  return buf;
}

std::string with_commas(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

namespace {

// The smallest --max-memory value, in whole K, M or G, that holds `bytes`.
std::string size_flag(std::uint64_t bytes) {
  const char* units = "KMGT";
  for (int u = 0; u < 4; ++u) {
    const std::uint64_t unit = std::uint64_t{1} << (10 * (u + 1));
    const std::uint64_t n = bytes / unit + (bytes % unit != 0);
    if (n < 10000 || u == 3) return std::to_string(n) + units[u];
  }
  return "";
}

}  // namespace

void ensure_fits(std::uint64_t bytes, std::uint64_t limit, std::string_view what) {
  if (bytes <= limit) return;
  const std::string need = bytes == UINT64_MAX ? std::string("more than 16 EiB") : human_bytes(bytes);
  const std::uint64_t phys = physical_memory();
  const std::string remedy =
      phys != 0 && bytes > phys
          ? "more than this machine's " + human_bytes(phys) + " of memory; ask for a smaller box"
          : "raise it with --max-memory " + size_flag(bytes);
  throw TooLarge(std::string(what) + " needs about " + need + ", over the memory limit of " + human_bytes(limit) + "; " +
                 remedy);
}

}  // namespace grundy::runtime
