#include "io/table_file.hpp"

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/errors.hpp"

namespace grundy::io {

namespace {

constexpr char kMagic[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'T', '1'};
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
    case core::Evaluation::Grundy: return "grundy";
    case core::Evaluation::NormalOutcome: return "normal-outcome";
    case core::Evaluation::MisereOutcome: return "misere-outcome";
  }
  return "";
}

void put_le(std::vector<unsigned char>& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<unsigned char>(v >> (8 * i)));
}

std::uint64_t get_le(const unsigned char* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= static_cast<std::uint64_t>(p[i]) << (8 * i);
  return v;
}

}  // namespace

void save_table(const std::string& path, const core::DenseTable& t, const std::string& game) {
  core::Value max = 0;
  for (core::Value v : t.values)
    if (v != core::kNoValue) max = std::max(max, v);
  const int width = max < 0xff ? 1 : max < 0xffff ? 2 : 4;
  nlohmann::json h;
  h["game"] = game;
  std::vector<std::int64_t> extent(t.box.extents().coords().begin(), t.box.extents().coords().end());
  h["extent"] = extent;
  h["evaluation"] = eval_name(t.eval);
  h["width"] = width;
  h["count"] = t.values.size();
  const std::string header = h.dump();
  const std::string tmp = path + ".tmp";
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) throw core::UserError("--save " + path + ": cannot write " + tmp + ": " + std::strerror(errno));
  Fnv sum;
  std::vector<unsigned char> buf;
  auto flush = [&] {
    sum.add(buf.data(), buf.size());
    if (std::fwrite(buf.data(), 1, buf.size(), f) != buf.size()) {
      std::fclose(f);
      std::remove(tmp.c_str());
      throw core::UserError("--save " + path + ": write failed: " + std::strerror(errno));
    }
    buf.clear();
  };
  buf.insert(buf.end(), kMagic, kMagic + 8);
  put_le(buf, header.size(), 4);
  buf.insert(buf.end(), header.begin(), header.end());
  const std::uint64_t none = width == 1 ? 0xff : width == 2 ? 0xffff : 0xffffffffULL;
  for (core::Value v : t.values) {
    put_le(buf, v == core::kNoValue ? none : v, width);
    if (buf.size() >= (1u << 20)) flush();
  }
  flush();
  put_le(buf, sum.h, 8);
  if (std::fwrite(buf.data(), 1, 8, f) != 8 || std::fclose(f) != 0) {
    std::remove(tmp.c_str());
    throw core::UserError("--save " + path + ": write failed: " + std::strerror(errno));
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw core::UserError("--save " + path + ": cannot rename " + tmp + ": " + std::strerror(errno));
  }
}

core::DenseTable load_table(const std::string& path, const std::string& game, core::Evaluation eval) {
  auto bad = [&](const std::string& why) { return core::UserError("--load " + path + ": " + why); };
  // A directory opens as a stream on Linux; say what it is rather than "bad magic".
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw bad("is a directory, not a table file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw bad("cannot open the file");
  in.seekg(0, std::ios::end);
  const auto size = static_cast<std::uint64_t>(in.tellg());
  in.seekg(0);
  if (size < 12 + 8) throw bad("too short to be a table file");
  unsigned char head[12];
  in.read(reinterpret_cast<char*>(head), 12);
  if (std::memcmp(head, kMagic, 8) != 0) throw bad("not a grundy table file (bad magic)");
  const auto hlen = static_cast<std::uint32_t>(get_le(head + 8, 4));
  if (hlen == 0 || hlen > kMaxHeader || 12 + hlen + 8 > size) throw bad("corrupt header length");
  std::string header(hlen, '\0');
  in.read(header.data(), hlen);
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
  if (file_eval != eval_name(eval)) throw bad("holds " + file_eval + " values, not " + eval_name(eval));
  if (width != 1 && width != 2 && width != 4) throw bad("corrupt header (value width)");
  if (extent.empty() || extent.size() > static_cast<std::size_t>(core::kMaxCoords)) throw bad("corrupt header (extent)");
  core::Position e;
  for (auto v : extent) {
    if (v <= 0) throw bad("corrupt header (extent)");
    e.push_back(v);
  }
  core::DenseTable t;
  t.box = core::Box(e);
  t.eval = eval;
  if (t.box.count() != count || count > (size - 12 - hlen - 8) / static_cast<std::uint64_t>(width) ||
      12 + hlen + count * static_cast<std::uint64_t>(width) + 8 != size)
    throw bad("size does not match its header (truncated or padded)");
  Fnv sum;
  sum.add(head, 12);
  sum.add(header.data(), header.size());
  t.values.resize(count);
  const std::uint64_t none = width == 1 ? 0xff : width == 2 ? 0xffff : 0xffffffffULL;
  std::vector<unsigned char> buf(1 << 20);
  std::uint64_t done = 0;
  const auto w = static_cast<int>(width);
  while (done < count) {
    const std::uint64_t n = std::min<std::uint64_t>(count - done, buf.size() / static_cast<std::uint64_t>(w));
    in.read(reinterpret_cast<char*>(buf.data()), static_cast<std::streamsize>(n * static_cast<std::uint64_t>(w)));
    if (!in) throw bad("truncated");
    sum.add(buf.data(), n * static_cast<std::uint64_t>(w));
    for (std::uint64_t i = 0; i < n; ++i) {
      const std::uint64_t v = get_le(buf.data() + i * static_cast<std::uint64_t>(w), w);
      t.values[done + i] = v == none ? core::kNoValue : static_cast<core::Value>(v);
    }
    done += n;
  }
  unsigned char tail[8];
  in.read(reinterpret_cast<char*>(tail), 8);
  if (!in || get_le(tail, 8) != sum.h) throw bad("checksum mismatch (corrupted)");
  return t;
}

}  // namespace grundy::io
