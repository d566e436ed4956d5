#include "io/npy.hpp"

#include <string>
#include <vector>

#include "runtime/errors.hpp"
#include "runtime/progress.hpp"

namespace grundy::io {

namespace {

struct Dtype {
  const char* descr;  // "<u1"
  int bytes;
};

// The smallest integer dtype holding 0..max, and -1 as well when `negative`.
Dtype smallest(std::uint64_t max, bool negative) {
  if (negative) {
    if (max <= 127) return {"|i1", 1};
    if (max <= 32767) return {"<i2", 2};
    if (max <= 2147483647) return {"<i4", 4};
    return {"<i8", 8};
  }
  if (max <= 0xff) return {"|u1", 1};
  if (max <= 0xffff) return {"<u2", 2};
  if (max <= 0xffffffffULL) return {"<u4", 4};
  return {"<u8", 8};
}

// Magic, version 1.0, header length, and the header dict padded with spaces to a multiple of
// 64 bytes in all, ending in a newline.
void write_header(std::ostream& out, const Dtype& d, const std::string& shape) {
  std::string dict = std::string("{'descr': '") + d.descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
  const std::size_t total = 10 + dict.size() + 1;
  dict.append((64 - total % 64) % 64, ' ');
  dict += '\n';
  const auto len = static_cast<std::uint16_t>(dict.size());
  const char head[10] = {
      '\x93', 'N', 'U', 'M', 'P', 'Y', 1, 0, static_cast<char>(len & 0xff), static_cast<char>(len >> 8)};
  out.write(head, 10);
  out.write(dict.data(), static_cast<std::streamsize>(dict.size()));
}

void put(std::string& buf, std::int64_t v, int bytes) {
  const auto u = static_cast<std::uint64_t>(v);
  for (int i = 0; i < bytes; ++i) buf += static_cast<char>((u >> (8 * i)) & 0xff);
}

void flush(std::ostream& out, std::string& buf, bool force = false) {
  if (!force && buf.size() < (1u << 16)) return;
  out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
  buf.clear();
  runtime::poll_stop();
}

}  // namespace

void write_npy_values(std::ostream& out, std::int64_t rows, std::int64_t cols, core::Evaluation eval,
                      const std::function<core::Value(std::uint64_t)>& at) {
  const std::uint64_t n =
      static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(std::max<std::int64_t>(cols, 1));
  auto shown = [&](core::Value v) -> std::int64_t {
    if (v == core::kNoValue) return -1;
    return eval == core::Evaluation::Grundy ? v : (v == 0 ? 0 : 1);
  };
  std::int64_t max = 0;
  bool none = false;
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::int64_t v = shown(at(i));
    none = none || v < 0;
    max = std::max(max, v);
  }
  const Dtype d = smallest(static_cast<std::uint64_t>(max), none);
  write_header(
      out, d,
      cols >= 0 ? "(" + std::to_string(rows) + ", " + std::to_string(cols) + ")" : "(" + std::to_string(rows) + ",)");
  std::string buf;
  for (std::uint64_t i = 0; i < n; ++i) {
    put(buf, shown(at(i)), d.bytes);
    flush(out, buf);
  }
  flush(out, buf, true);
}

void write_npy_grid(std::ostream& out, const Grid& g) {
  write_npy_values(out, g.rows, g.col >= 0 ? g.cols : -1, g.eval, [&](std::uint64_t i) { return g.values[i]; });
}

void write_npy_positions(std::ostream& out, std::uint64_t n, int arity, std::int64_t max_coord,
                         const std::function<void(const std::function<void(const core::Position&)>&)>& each) {
  const Dtype d = smallest(static_cast<std::uint64_t>(std::max<std::int64_t>(max_coord, 0)), false);
  write_header(out, d, "(" + std::to_string(n) + ", " + std::to_string(arity) + ")");
  std::string buf;
  std::uint64_t written = 0;
  each([&](const core::Position& p) {
    for (int i = 0; i < p.size(); ++i) put(buf, p[i], d.bytes);
    ++written;
    flush(out, buf);
  });
  flush(out, buf, true);
  if (written != n)
    throw runtime::EngineError("npy: " + std::to_string(written) + " positions written, header says " +
                               std::to_string(n));
}

}  // namespace grundy::io
