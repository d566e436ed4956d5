// libFuzzer target: the table-file reader (src/io/table_file). The input is written to a file
// and loaded as a table of nim -p heaps=2; it must load or throw UserError. A table that loads
// must be self-consistent: its box holds exactly its values, and saving then loading it again
// gives the same values. A random checksum never matches, so when the first byte is odd the
// input's correct FNV-1a 64 is appended: the fuzzer then reaches the header and size checks
// behind it.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "io/table_file.hpp"
#include "runtime/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace core = grundy::core;
  namespace runtime = grundy::runtime;
  static const std::string dir = [] {
    const char* t = std::getenv("TMPDIR");
    return std::string(t ? t : "/tmp") + "/grundy_table_fuzz_" + std::to_string(::getpid());
  }();
  const std::string path = dir + ".tbl", again = dir + "_again.tbl";
  if (size == 0) return 0;
  const bool fix_checksum = data[0] & 1;
  ++data;
  --size;
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) std::abort();
  if (size && std::fwrite(data, 1, size, f) != size) std::abort();
  if (fix_checksum) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::size_t i = 0; i < size; ++i) {
      h ^= data[i];
      h *= 0x100000001b3ULL;
    }
    unsigned char tail[8];
    for (int i = 0; i < 8; ++i) tail[i] = static_cast<unsigned char>(h >> (8 * i));
    if (std::fwrite(tail, 1, 8, f) != 8) std::abort();
  }
  std::fclose(f);
  const std::string game = "nim(heaps=2)";
  try {
    const core::DenseTable t = grundy::io::load_table(path, game, core::Evaluation::Grundy, std::uint64_t{1} << 28);
    if (t.box.count() != t.values.size()) std::abort();
    grundy::io::save_table(again, t, game);
    const core::DenseTable u = grundy::io::load_table(again, game, core::Evaluation::Grundy, std::uint64_t{1} << 28);
    if (u.values != t.values || u.box.to_string() != t.box.to_string()) std::abort();
    std::remove(again.c_str());
  } catch (const runtime::UserError&) {
  }
  std::remove(path.c_str());
  return 0;
}
