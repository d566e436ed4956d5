#include "io/table_file.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/solve/band_table.hpp"
#include "io/files.hpp"
#include "runtime/errors.hpp"
#include "runtime/fnv.hpp"
#include "runtime/memory.hpp"
#include "runtime/progress.hpp"

namespace grundy::io {

namespace {

constexpr char kMagic[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'T', '2'};
constexpr char kMagicV1[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'T', '1'};
constexpr std::uint32_t kMaxHeader = 1 << 16;

using runtime::Fnv;

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

namespace {

constexpr char kMagicIndex[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'T', 'P'};
constexpr char kMagicPart[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'T', 'Q'};
constexpr char kMagicSearch[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'S', '1'};
constexpr std::size_t kSearchEntryBytes = 32;

// The width of a table file whose largest value is `max`: as in memory.
int width_of(core::Value max) {
  const int width = core::ValueArray::width_for(std::uint64_t{max} + 1);
  if (width == 4 && max >= 0xfffffffe) throw runtime::EngineError("--save: a value too large for a table file");
  return width;
}

// The header of a table file or an index: what the table is.
nlohmann::json table_header(const std::string& game, const std::vector<std::int64_t>& extent, core::Evaluation eval,
                            int width, std::uint64_t count) {
  nlohmann::json h;
  h["game"] = game;
  h["extent"] = extent;
  h["evaluation"] = eval_name(eval);
  h["width"] = width;
  h["count"] = count;
  return h;
}

// A file being written: magic, header length and header, values `width` bytes each, and the
// FNV-1a 64 of everything before it. Table files, parts and indexes are all of this shape.
class ValueFile {
 public:
  ValueFile(const std::string& path, const char (&magic)[8], const nlohmann::json& header, int width)
      : file_(path, "--save"),
        width_(static_cast<std::size_t>(width)),
        none_(none_of(width)),
        unsolved_(unsolved_of(width)),
        buf_(magic, magic + 8) {
    const std::string h = header.dump();
    put_le(buf_, h.size(), 4);
    buf_.insert(buf_.end(), h.begin(), h.end());
  }
  void put(const core::Value* v, std::size_t n) {
    // Chunk by chunk into the buffer's tail, each value's low `width` bytes (little-endian, as
    // put_le writes them; a table of 2^30 cells took 2.5 s through put_le byte by byte).
    for (std::size_t i = 0; i < n;) {
      const std::size_t m = std::min(n - i, std::size_t{1 << 16}), at = buf_.size();
      buf_.resize(at + m * width_);
      unsigned char* out = buf_.data() + at;
      for (std::size_t j = 0; j < m; ++j, out += width_) {
        const core::Value x = v[i + j];
        const std::uint64_t e = x == core::kNoValue ? none_ : x == core::kUnsolved ? unsolved_ : x;
        for (std::size_t b = 0; b < width_; ++b) out[b] = static_cast<unsigned char>(e >> (8 * b));
      }
      i += m;
      if (buf_.size() >= (1u << 20)) flush();
    }
    values_ += n;
  }
  std::uint64_t values() const { return values_; }
  // Writes the checksum and puts the file in place; what an index records of a part.
  TablePart commit() {
    flush();
    put_le(buf_, sum_.h, 8);
    file_.write(buf_.data(), buf_.size());
    file_.commit();
    return {bytes_ + 8, sum_.h};
  }

 private:
  void flush() {
    sum_.add(buf_.data(), buf_.size());
    file_.write(buf_.data(), buf_.size());
    bytes_ += buf_.size();
    buf_.clear();
    runtime::poll_stop();
  }
  AtomicFile file_;
  std::size_t width_;
  std::uint64_t none_, unsolved_, values_ = 0, bytes_ = 0;
  Fnv sum_;
  std::vector<unsigned char> buf_;
};

}  // namespace

void write_table(const std::string& path, const std::string& game, const std::vector<std::int64_t>& extent,
                 core::Evaluation eval, std::uint64_t count, core::Value max, const ValueStream& values) {
  const int width = width_of(max);
  ValueFile file(path, kMagic, table_header(game, extent, eval, width, count), width);
  values([&](const core::Value* v, std::size_t n) { file.put(v, n); });
  if (file.values() != count)
    throw runtime::EngineError("--save: the table gave another number of values than its box holds");
  file.commit();
}

std::string part_path(const std::string& path, int part, int parts) {
  return path + ".part-" + std::to_string(part) + "-of-" + std::to_string(parts);
}

TablePart write_table_part(const std::string& path, int part, int parts, core::Value max, std::uint64_t count,
                           const ValueStream& values) {
  const int width = width_of(max);
  const nlohmann::json header = {
      {"index", split_path(path).second}, {"part", part}, {"of", parts}, {"width", width}, {"count", count}};
  ValueFile file(part_path(path, part, parts), kMagicPart, header, width);
  values([&](const core::Value* v, std::size_t n) { file.put(v, n); });
  if (file.values() != count) throw runtime::EngineError("--save: a part gave another number of values than it holds");
  return file.commit();
}

void write_table_index(const std::string& path, const std::string& game, const std::vector<std::int64_t>& extent,
                       core::Evaluation eval, core::Value max, const core::BandLayout& layout,
                       const std::vector<TablePart>& parts) {
  const int width = width_of(max);
  std::uint64_t count = 1;
  for (const std::int64_t e : extent) count *= static_cast<std::uint64_t>(e);
  nlohmann::json h = table_header(game, extent, eval, width, count);
  h["bands"] = {{"rows", layout.B}, {"symmetric", layout.symmetric}};
  h["parts"] = nlohmann::json::array();
  for (std::size_t k = 0; k < parts.size(); ++k)
    h["parts"].push_back(
        {{"file", split_path(part_path(path, static_cast<int>(k), static_cast<int>(parts.size()))).second},
         {"bytes", parts[k].bytes},
         {"checksum", parts[k].checksum}});
  ValueFile(path, kMagicIndex, h, width).commit();
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

// A file of the shape ValueFile writes, opened: its magic and header read, the checksum begun.
struct OpenFile {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> in{nullptr, std::fclose};
  std::uint64_t size = 0;
  unsigned char head[12] = {};
  std::uint32_t hlen = 0;
  nlohmann::json header;
  Fnv sum;

  bool is(const char (&magic)[8]) const { return std::memcmp(head, magic, 8) == 0; }
  bool read(void* into, std::size_t n) { return std::fread(into, 1, n, in.get()) == n; }
};

using Bad = std::function<runtime::UserError(const std::string&)>;

OpenFile open_table_file(const std::string& path, const Bad& bad) {
  OpenFile f;
  f.in.reset(open_regular_for_reading(path, "--load"));
  struct stat st {};
  if (::fstat(::fileno(f.in.get()), &st) != 0) throw bad("cannot read the file size");
  f.size = static_cast<std::uint64_t>(st.st_size);
  if (f.size < 12 + 8) throw bad("too short to be a table file");
  if (!f.read(f.head, 12)) throw bad("truncated");
  if (f.is(kMagicV1))
    throw bad(
        "written by an earlier grundy (table file format 1, which did not mark unsolved cells); compute it "
        "again with --save");
  if (!f.is(kMagic) && !f.is(kMagicIndex) && !f.is(kMagicPart) && !f.is(kMagicSearch))
    throw bad("not a grundy table file (bad magic)");
  f.hlen = static_cast<std::uint32_t>(get_le(f.head + 8, 4));
  if (f.hlen == 0 || f.hlen > kMaxHeader || 12 + f.hlen + 8 > f.size) throw bad("corrupt header length");
  std::string header(f.hlen, '\0');
  if (!f.read(header.data(), f.hlen)) throw bad("truncated");
  try {
    f.header = nlohmann::json::parse(header);
  } catch (const nlohmann::json::exception&) {
    throw bad("corrupt header (not JSON)");
  }
  if (!f.header.is_object()) throw bad("corrupt header (not an object)");
  f.sum.add(f.head, 12);
  f.sum.add(header.data(), header.size());
  return f;
}

// Checks that f holds `count` values of `width` bytes after its header and a checksum after
// them, nothing else: before a caller allocates for them.
void expect_size(const OpenFile& f, std::uint64_t count, int width, const Bad& bad) {
  const auto w = static_cast<std::uint64_t>(width);
  if (count > (f.size - 12 - f.hlen - 8) / w || 12 + f.hlen + count * w + 8 != f.size)
    throw bad("size does not match its header (truncated or padded)");
}

// Reads the `count` values of `width` bytes of f (expect_size's), take(v) for each in file
// order, and checks the checksum; returns it.
std::uint64_t read_values(OpenFile& f, std::uint64_t count, int width, const Bad& bad,
                          core::FunctionRef<void(core::Value)> take) {
  expect_size(f, count, width, bad);
  const auto w = static_cast<std::uint64_t>(width);
  const std::uint64_t none = none_of(width), unsolved = unsolved_of(width);
  std::vector<unsigned char> buf(1 << 20);
  for (std::uint64_t done = 0; done < count;) {
    const std::uint64_t n = std::min<std::uint64_t>(count - done, buf.size() / w);
    if (!f.read(buf.data(), n * w)) throw bad("truncated");
    runtime::poll_stop();
    f.sum.add(buf.data(), n * w);
    for (std::uint64_t i = 0; i < n; ++i) {
      const std::uint64_t v = get_le(buf.data() + i * w, width);
      take(v == none ? core::kNoValue : v == unsolved ? core::kUnsolved : static_cast<core::Value>(v));
    }
    done += n;
  }
  unsigned char tail[8];
  if (!f.read(tail, 8) || get_le(tail, 8) != f.sum.h) throw bad("checksum mismatch (corrupted)");
  return f.sum.h;
}

// The parts of a table saved in parts (`index` its index, already checked as a table's header):
// take(i, v) for every cell, part by part. Each part must be the one the index
// names, byte for byte (its checksum): a part left from another run is refused.
void read_parts(const std::string& path, OpenFile& index, const core::Box& box, int width, const Bad& bad,
                const std::function<void(std::uint64_t, core::Value)>& take) {
  core::BandLayout b;
  nlohmann::json parts;
  try {
    b.B = index.header.at("bands").at("rows").get<std::uint64_t>();
    b.symmetric = index.header.at("bands").at("symmetric").get<bool>();
    parts = index.header.at("parts");
  } catch (const nlohmann::json::exception&) {
    throw bad("corrupt index (missing or mistyped field)");
  }
  if (box.arity() < 2) throw bad("corrupt index (a table in parts has two coordinates or more)");
  // Rows x, each of Y columns of L cells (the coordinates after the second).
  b.X = static_cast<std::uint64_t>(box.extent(0));
  b.Y = static_cast<std::uint64_t>(box.extent(1));
  b.L = box.count() / b.X / b.Y;
  if (!parts.is_array() || parts.empty() || parts.size() > (1u << 20) || b.B == 0 || (b.symmetric && b.X != b.Y))
    throw bad("corrupt index (bands or parts)");
  b.R = static_cast<int>(parts.size());
  const std::string dir = split_path(path).first, name = split_path(path).second;
  for (int k = 0; k < b.R; ++k) {
    std::string file;
    std::uint64_t bytes = 0, checksum = 0;
    try {
      file = parts[static_cast<std::size_t>(k)].at("file").get<std::string>();
      bytes = parts[static_cast<std::size_t>(k)].at("bytes").get<std::uint64_t>();
      checksum = parts[static_cast<std::size_t>(k)].at("checksum").get<std::uint64_t>();
    } catch (const nlohmann::json::exception&) {
      throw bad("corrupt index (part " + std::to_string(k) + ")");
    }
    if (file.empty() || file.find('/') != std::string::npos)
      throw bad("corrupt index (part " + std::to_string(k) + ")");
    const std::string part = dir + "/" + file;
    const Bad bad_part = [&](const std::string& why) { return bad("part " + file + ": " + why); };
    OpenFile f = open_table_file(part, bad_part);
    b.r = k;
    std::uint64_t count = 0;
    b.for_each_local_row([&](std::uint64_t x) { count += b.swept_cells(x); });
    try {
      if (!f.is(kMagicPart) || f.header.at("index").get<std::string>() != name || f.header.at("part").get<int>() != k ||
          f.header.at("of").get<int>() != b.R || f.header.at("width").get<int>() != width ||
          f.header.at("count").get<std::uint64_t>() != count)
        throw bad_part("not part " + std::to_string(k) + " of " + std::to_string(b.R) + " of this table");
    } catch (const nlohmann::json::exception&) {
      throw bad_part("corrupt header (missing or mistyped field)");
    }
    if (f.size != bytes) throw bad_part("not the part the index names (another size)");
    // Cell (x, y, l) of rank k's rows in order; a symmetric table's (y, x, l) too.
    std::uint64_t band = static_cast<std::uint64_t>(k), x = b.first(band), y = 0, l = 0;
    auto next = [&](core::Value v) {
      take((x * b.Y + y) * b.L + l, v);
      if (b.symmetric && y < x) take((y * b.Y + x) * b.L + l, v);
      if (++l < b.L) return;
      l = 0;
      if (++y < (b.symmetric ? x + 1 : b.Y)) return;
      y = 0;
      if (++x < b.end(band)) return;
      band += static_cast<std::uint64_t>(b.R);
      x = b.first(band);
    };
    if (read_values(f, count, width, bad_part, next) != checksum)
      throw bad_part("not the part the index names (another checksum)");
  }
}

// Reads a table file of `game` under `eval` (a Grundy table also for normal-play outcomes), or
// the index of a table saved in parts: `start(box, eval)` once the header is checked, before
// any value is read (it allocates, or refuses), then `take(i, v)` for every value (a table
// file: in order, i = 0, 1, ...; parts: part by part); every checksum is checked.
void read_table(const std::string& path, const std::string& game, core::Evaluation eval,
                const std::function<void(const core::Box&, core::Evaluation, int)>& start,
                const std::function<void(std::uint64_t, core::Value)>& take) {
  const Bad bad = [&](const std::string& why) { return runtime::UserError("--load " + path + ": " + why); };
  OpenFile f = open_table_file(path, bad);
  const nlohmann::json& h = f.header;
  if (f.is(kMagicSearch)) throw bad("a search's transposition table (value --save), not a table of values");
  if (f.is(kMagicPart)) {
    const auto index = h.find("index");
    throw bad("one part of a table saved in parts; --load its index" +
              (index != h.end() && index->is_string() ? ", " + index->get<std::string>() : std::string()));
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
  if (box.count() != count) throw bad("size does not match its header (truncated or padded)");
  const auto w = static_cast<int>(width);
  if (f.is(kMagicIndex)) {
    read_values(f, 0, w, bad, [](core::Value) {});  // the index's own size and checksum
    start(box, grundy_for_outcomes ? core::Evaluation::Grundy : eval, w);
    read_parts(path, f, box, w, bad, take);
    return;
  }
  expect_size(f, count, w, bad);
  start(box, grundy_for_outcomes ? core::Evaluation::Grundy : eval, w);
  std::uint64_t i = 0;
  read_values(f, count, w, bad, [&](core::Value v) { take(i++, v); });
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
        runtime::ensure_fits(core::ValueArray::bytes(count, width), memory_limit,
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
        if (box.arity() != 1) throw runtime::UserError("--load " + path + ": holds a table, not a sequence");
        start(box.extent(0));
      },
      [&](std::uint64_t, core::Value v) {
        if (v == core::kNoValue || v == core::kUnsolved)
          throw runtime::UserError("--load " + path + ": a sequence with unsolved heap sizes");
        take(v);
      });
}

void save_search_table(const std::string& path, const std::string& game, const core::SearchTable& table) {
  AtomicFile file(path, "--save");
  nlohmann::json h;
  h["game"] = game;
  h["entries"] = table.entries();
  const std::string header = h.dump();
  std::vector<unsigned char> buf(kMagicSearch, kMagicSearch + 8);
  put_le(buf, header.size(), 4);
  buf.insert(buf.end(), header.begin(), header.end());
  Fnv sum;
  std::uint64_t written = 0;
  const auto flush = [&] {
    sum.add(buf.data(), buf.size());
    file.write(buf.data(), buf.size());
    buf.clear();
  };
  table.for_each_entry([&](const core::SearchTable::Entry& e) {
    for (const std::uint64_t w : {e.key.lo, e.key.hi, e.data, e.work}) put_le(buf, w, 8);
    ++written;
    if (buf.size() >= (1u << 20)) flush();
  });
  flush();
  if (written != table.entries()) throw runtime::EngineError("--save: the search table changed while it was saved");
  put_le(buf, sum.h, 8);
  file.write(buf.data(), buf.size());
  file.commit();
}

std::uint64_t load_search_table(const std::string& path, const std::string& game, core::SearchTable& table) {
  const Bad bad = [&](const std::string& why) { return runtime::UserError("--load " + path + ": " + why); };
  OpenFile f = open_table_file(path, bad);
  if (!f.is(kMagicSearch)) throw bad("a table of values (table --save), not a search's transposition table");
  std::uint64_t count = 0;
  try {
    if (f.header.at("game").get<std::string>() != game)
      throw bad("holds " + f.header.at("game").get<std::string>() + ", not " + game);
    count = f.header.at("entries").get<std::uint64_t>();
  } catch (const nlohmann::json::exception&) {
    throw bad("corrupt header (game, entries)");
  }
  expect_size(f, count, kSearchEntryBytes, bad);
  // Two passes: the checksum over the whole file, then the entries into the table, so that a
  // corrupt file leaves the table as it was.
  const long entries_at = std::ftell(f.in.get());
  std::vector<unsigned char> buf(kSearchEntryBytes * 32768);
  for (const bool take : {false, true}) {
    if (take && std::fseek(f.in.get(), entries_at, SEEK_SET) != 0) throw bad("cannot read it again");
    for (std::uint64_t done = 0; done < count;) {
      const std::uint64_t n = std::min<std::uint64_t>(count - done, buf.size() / kSearchEntryBytes);
      if (!f.read(buf.data(), n * kSearchEntryBytes)) throw bad("truncated");
      runtime::poll_stop();
      if (!take) f.sum.add(buf.data(), n * kSearchEntryBytes);
      for (std::uint64_t i = 0; take && i < n; ++i) {
        const unsigned char* e = buf.data() + i * kSearchEntryBytes;
        table.insert({{get_le(e, 8), get_le(e + 8, 8)}, get_le(e + 16, 8), get_le(e + 24, 8)});
      }
      done += n;
    }
    unsigned char tail[8];
    if (!take && (!f.read(tail, 8) || get_le(tail, 8) != f.sum.h)) throw bad("checksum mismatch (corrupted)");
  }
  return count;
}

}  // namespace grundy::io
