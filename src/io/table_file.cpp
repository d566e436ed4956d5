#include "io/table_file.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/errors.hpp"
#include "core/memory.hpp"
#include "core/mpi.hpp"
#include "core/progress.hpp"
#include "io/files.hpp"

namespace grundy::io {

namespace {

constexpr char kMagic[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'T', '2'};
constexpr char kMagicV1[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'T', '1'};
constexpr std::uint32_t kMaxHeader = 1 << 16;

struct Fnv {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  void add(const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; ++i) {
      h ^= p[i];
      h *= 0x100000001b3ULL;
    }
  }
};

const char* eval_name(core::Evaluation e) {
  switch (e) {
    case core::Evaluation::Grundy:
      return "grundy";
    case core::Evaluation::NormalOutcome:
      return "normal-outcome";
    case core::Evaluation::MisereOutcome:
      return "misere-outcome";
  }
  return "";
}

void put_le(std::vector<unsigned char>& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<unsigned char>(v >> (8 * i)));
}

// The two sentinels of a width: not a position (the largest value), unsolved (the one below).
std::uint64_t none_of(int width) { return width == 1 ? 0xff : width == 2 ? 0xffff : 0xffffffffULL; }
std::uint64_t unsolved_of(int width) { return none_of(width) - 1; }

std::uint64_t get_le(const unsigned char* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= static_cast<std::uint64_t>(p[i]) << (8 * i);
  return v;
}

}  // namespace

void write_table(const std::string& path, const std::string& game, const std::vector<std::int64_t>& extent,
                 core::Evaluation eval, std::uint64_t count, core::Value max, const ValueStream& values) {
  // Under mpirun every rank may hold the same table (a command run alike on every rank): rank 0
  // alone writes it. (A distributed table calls this on rank 0 only; the others stream to it.)
  if (core::mpi::active() && !core::mpi::root()) return;
  const int width = core::ValueArray::width_for(std::uint64_t{max} + 1);  // as in memory
  if (width == 4 && max >= 0xfffffffe) throw core::EngineError("--save: a value too large for a table file");
  nlohmann::json h;
  h["game"] = game;
  h["extent"] = extent;
  h["evaluation"] = eval_name(eval);
  h["width"] = width;
  h["count"] = count;
  const std::string header = h.dump();
  AtomicFile file(path, "--save");
  Fnv sum;
  std::vector<unsigned char> buf(kMagic, kMagic + 8);
  auto flush = [&] {
    sum.add(buf.data(), buf.size());
    file.write(buf.data(), buf.size());
    buf.clear();
    core::poll_stop();
  };
  put_le(buf, header.size(), 4);
  buf.insert(buf.end(), header.begin(), header.end());
  const std::uint64_t none = none_of(width), unsolved = unsolved_of(width);
  std::uint64_t written = 0;
  const auto w = static_cast<std::size_t>(width);
  values([&](const core::Value* v, std::size_t n) {
    // Chunk by chunk into the buffer's tail, each value's low `width` bytes (little-endian, as
    // put_le writes them; a table of 2^30 cells took 2.5 s through put_le byte by byte).
    for (std::size_t i = 0; i < n;) {
      const std::size_t m = std::min(n - i, std::size_t{1 << 16}), at = buf.size();
      buf.resize(at + m * w);
      unsigned char* out = buf.data() + at;
      for (std::size_t j = 0; j < m; ++j, out += w) {
        const core::Value x = v[i + j];
        const std::uint64_t e = x == core::kNoValue ? none : x == core::kUnsolved ? unsolved : x;
        for (std::size_t b = 0; b < w; ++b) out[b] = static_cast<unsigned char>(e >> (8 * b));
      }
      i += m;
      if (buf.size() >= (1u << 20)) flush();
    }
    written += n;
  });
  if (written != count) throw core::EngineError("--save: the table gave another number of values than its box holds");
  flush();
  put_le(buf, sum.h, 8);
  file.write(buf.data(), buf.size());
  file.commit();
}

namespace {

// Values one at a time, value(i) for i = 0 .. count - 1, in chunks to write_table.
ValueStream each_value(std::uint64_t count, const std::function<core::Value(std::uint64_t)>& value) {
  return [count, &value](core::FunctionRef<void(const core::Value*, std::size_t)> put) {
    constexpr std::size_t kChunk = 4096;
    std::vector<core::Value> chunk(kChunk);
    for (std::uint64_t i = 0; i < count; i += kChunk) {
      const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(kChunk, count - i));
      for (std::size_t j = 0; j < n; ++j) chunk[j] = value(i + j);
      put(chunk.data(), n);
    }
  };
}

}  // namespace

void save_table(const std::string& path, const core::DenseTable& t, const std::string& game) {
  core::Value max = 0;
  for (core::Value v : t.values)
    if (v != core::kNoValue && v != core::kUnsolved) max = std::max(max, v);
  const std::vector<std::int64_t> extent(t.box.extents().coords().begin(), t.box.extents().coords().end());
  write_table(path, game, extent, t.eval, t.values.size(), max,
              each_value(t.values.size(), [&](std::uint64_t i) { return t.values[i]; }));
}

void save_sequence(const std::string& path, const std::string& game, std::int64_t n, core::Value max,
                   const std::function<core::Value(std::int64_t)>& value) {
  write_table(
      path, game, {n}, core::Evaluation::Grundy, static_cast<std::uint64_t>(n), max,
      each_value(static_cast<std::uint64_t>(n), [&](std::uint64_t i) { return value(static_cast<std::int64_t>(i)); }));
}

namespace {

// Reads a table file of `game` under `eval` (a Grundy table also for normal-play outcomes):
// `start(box, eval)` once the header is checked, before any value is read (it allocates, or
// refuses), then `take(i, v)` for every value in order; the checksum is checked last.
void read_table(const std::string& path, const std::string& game, core::Evaluation eval,
                const std::function<void(const core::Box&, core::Evaluation, int)>& start,
                const std::function<void(std::uint64_t, core::Value)>& take) {
  auto bad = [&](const std::string& why) { return core::UserError("--load " + path + ": " + why); };
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> in(open_regular_for_reading(path, "--load"), std::fclose);
  auto read = [&](void* into, std::size_t n) { return std::fread(into, 1, n, in.get()) == n; };
  struct stat st {};
  if (::fstat(::fileno(in.get()), &st) != 0) throw bad("cannot read the file size");
  const auto size = static_cast<std::uint64_t>(st.st_size);
  if (size < 12 + 8) throw bad("too short to be a table file");
  unsigned char head[12];
  if (!read(head, 12)) throw bad("truncated");
  if (std::memcmp(head, kMagicV1, 8) == 0)
    throw bad(
        "written by an earlier grundy (table file format 1, which did not mark unsolved cells); compute it "
        "again with --save");
  if (std::memcmp(head, kMagic, 8) != 0) throw bad("not a grundy table file (bad magic)");
  const auto hlen = static_cast<std::uint32_t>(get_le(head + 8, 4));
  if (hlen == 0 || hlen > kMaxHeader || 12 + hlen + 8 > size) throw bad("corrupt header length");
  std::string header(hlen, '\0');
  if (!read(header.data(), hlen)) throw bad("truncated");
  nlohmann::json h;
  try {
    h = nlohmann::json::parse(header);
  } catch (const nlohmann::json::exception&) {
    throw bad("corrupt header (not JSON)");
  }
  std::int64_t width = 0;
  std::uint64_t count = 0;
  std::vector<std::int64_t> extent;
  std::string file_game, file_eval;
  try {
    file_game = h.at("game").get<std::string>();
    file_eval = h.at("evaluation").get<std::string>();
    width = h.at("width").get<std::int64_t>();
    count = h.at("count").get<std::uint64_t>();
    extent = h.at("extent").get<std::vector<std::int64_t>>();
  } catch (const nlohmann::json::exception&) {
    throw bad("corrupt header (missing or mistyped field)");
  }
  if (file_game != game) throw bad("holds " + file_game + ", not " + game);
  const bool grundy_for_outcomes =
      eval == core::Evaluation::NormalOutcome && file_eval == eval_name(core::Evaluation::Grundy);
  if (file_eval != eval_name(eval) && !grundy_for_outcomes)
    throw bad("holds " + file_eval + " values, not " + eval_name(eval));
  if (width != 1 && width != 2 && width != 4) throw bad("corrupt header (value width)");
  if (extent.empty() || extent.size() > static_cast<std::size_t>(core::kMaxCoords))
    throw bad("corrupt header (extent)");
  core::Position e;
  for (auto v : extent) {
    if (v <= 0) throw bad("corrupt header (extent)");
    e.push_back(v);
  }
  const core::Box box(e);
  if (box.count() != count || count > (size - 12 - hlen - 8) / static_cast<std::uint64_t>(width) ||
      12 + hlen + count * static_cast<std::uint64_t>(width) + 8 != size)
    throw bad("size does not match its header (truncated or padded)");
  start(box, grundy_for_outcomes ? core::Evaluation::Grundy : eval, static_cast<int>(width));
  Fnv sum;
  sum.add(head, 12);
  sum.add(header.data(), header.size());
  const std::uint64_t none = none_of(static_cast<int>(width)), unsolved = unsolved_of(static_cast<int>(width));
  std::vector<unsigned char> buf(1 << 20);
  std::uint64_t done = 0;
  const auto w = static_cast<int>(width);
  while (done < count) {
    const std::uint64_t n = std::min<std::uint64_t>(count - done, buf.size() / static_cast<std::uint64_t>(w));
    if (!read(buf.data(), n * static_cast<std::uint64_t>(w))) throw bad("truncated");
    core::poll_stop();
    sum.add(buf.data(), n * static_cast<std::uint64_t>(w));
    for (std::uint64_t i = 0; i < n; ++i) {
      const std::uint64_t v = get_le(buf.data() + i * static_cast<std::uint64_t>(w), w);
      take(done + i, v == none ? core::kNoValue : v == unsolved ? core::kUnsolved : static_cast<core::Value>(v));
    }
    done += n;
  }
  unsigned char tail[8];
  if (!read(tail, 8) || get_le(tail, 8) != sum.h) throw bad("checksum mismatch (corrupted)");
}

}  // namespace

core::DenseTable load_table(const std::string& path, const std::string& game, core::Evaluation eval,
                            std::uint64_t memory_limit) {
  core::DenseTable t;
  read_table(
      path, game, eval,
      [&](const core::Box& box, core::Evaluation e, int width) {
        // The table in memory has the file's width (files written before the widths agreed
        // may hold a value a width holds in a file but not in memory: put() widens then).
        const std::uint64_t count = box.count();
        core::ensure_fits(core::ValueArray::bytes(count, width), memory_limit,
                          "--load " + path + ": a table of " + box.to_string() + " cells");
        t.box = box;
        t.eval = e;
        t.values.reset(count, width);
      },
      [&](std::uint64_t i, core::Value v) { t.values.put(i, v); });
  return t;
}

void load_sequence(const std::string& path, const std::string& game, const std::function<void(std::int64_t)>& start,
                   const std::function<void(core::Value)>& take) {
  read_table(
      path, game, core::Evaluation::Grundy,
      [&](const core::Box& box, core::Evaluation, int) {
        if (box.arity() != 1) throw core::UserError("--load " + path + ": holds a table, not a sequence");
        start(box.extent(0));
      },
      [&](std::uint64_t, core::Value v) {
        if (v == core::kNoValue || v == core::kUnsolved)
          throw core::UserError("--load " + path + ": a sequence with unsolved heap sizes");
        take(v);
      });
}

}  // namespace grundy::io
