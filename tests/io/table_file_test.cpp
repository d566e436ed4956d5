#include "io/table_file.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <tuple>

#include "core/solve/band_table.hpp"
#include "games/registry.hpp"
#include "runtime/errors.hpp"

using namespace grundy;

namespace {

constexpr std::uint64_t kLimit = std::uint64_t{1} << 30;

std::string temp_path(const std::string& name) { return testing::TempDir() + "/grundy_" + name; }

core::DenseTable sample(int n) {
  const core::Game g = games::make_game(games::parse_game_spec("nim -p heaps=2 --pass"));
  return g.solve_dense(core::Box(core::Position{n, n, 2}));
}

std::string read_all(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

void write_all(const std::string& path, const std::string& data) { std::ofstream(path, std::ios::binary) << data; }

void expect_rejected(const std::string& path, const std::string& needle,
                     const std::string& game = "nim(heaps=2) + pass") {
  try {
    io::load_table(path, game, core::Evaluation::Grundy, kLimit);
    FAIL() << "accepted " << path;
  } catch (const runtime::UserError& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

// Writes `t` (a box X x Y, or X x Y x L) in parts as R ranks sweeping bands of B rows save it:
// part k holds bands k, k + R, ..., in each row the cells y < Y (symmetric: y <= x).
void save_in_parts(const std::string& path, const core::DenseTable& t, const std::string& game, std::uint64_t B, int R,
                   bool symmetric) {
  core::BandLayout b;
  b.X = static_cast<std::uint64_t>(t.box.extent(0));
  b.Y = static_cast<std::uint64_t>(t.box.extent(1));
  b.L = t.box.arity() == 3 ? static_cast<std::uint64_t>(t.box.extent(2)) : 1;
  b.B = B;
  b.R = R;
  b.symmetric = symmetric;
  core::Value max = 0;
  for (std::size_t i = 0; i < t.values.size(); ++i) max = std::max(max, t.values[i]);
  std::vector<io::TablePart> parts;
  for (int k = 0; k < R; ++k) {
    b.r = k;
    std::vector<core::Value> cells;
    b.for_each_local_row([&](std::uint64_t x) {
      for (std::uint64_t y = 0; y < (symmetric ? x + 1 : b.Y); ++y)
        for (std::uint64_t l = 0; l < b.L; ++l) cells.push_back(t.values[(x * b.Y + y) * b.L + l]);
    });
    parts.push_back(io::write_table_part(
        path, k, R, max, cells.size(),
        [&](core::FunctionRef<void(const core::Value*, std::size_t)> put) { put(cells.data(), cells.size()); }));
  }
  const std::vector<std::int64_t> extent(t.box.extents().coords().begin(), t.box.extents().coords().end());
  io::write_table_index(path, game, extent, t.eval, max, b, parts);
}

}  // namespace

TEST(TableFile, RoundTripsEveryWidth) {
  for (int n : {10, 200, 40000 / 300}) {
    const auto t = sample(n);
    const std::string path = temp_path("rt.gtab");
    io::save_table(path, t, "nim(heaps=2) + pass");
    const auto back = io::load_table(path, "nim(heaps=2) + pass", core::Evaluation::Grundy, kLimit);
    EXPECT_EQ(back.box, t.box);
    EXPECT_EQ(back.values, t.values);
    std::remove(path.c_str());
  }
}

TEST(TableFile, KeepsNonPositionsAndWideValues) {
  core::DenseTable t;
  t.box = core::Box(core::Position{4});
  t.values = core::ValueArray::of({5, core::kNoValue, 70000, core::kUnsolved});
  const std::string path = temp_path("wide.gtab");
  io::save_table(path, t, "g");
  EXPECT_EQ(io::load_table(path, "g", core::Evaluation::Grundy, kLimit).values, t.values);
}

TEST(TableFile, RejectsDamagedOrForeignFiles) {
  const std::string path = temp_path("ok.gtab");
  io::save_table(path, sample(20), "nim(heaps=2) + pass");
  const std::string good = read_all(path);
  expect_rejected(path, "holds nim(heaps=2) + pass, not nim(heaps=3)", "nim(heaps=3)");
  const std::string bad = temp_path("bad.gtab");
  write_all(bad, good.substr(0, good.size() - 9));
  expect_rejected(bad, "size does not match");
  std::string flipped = good;
  flipped[flipped.size() - 20] ^= 1;
  write_all(bad, flipped);
  expect_rejected(bad, "checksum mismatch");
  write_all(bad, "GRUNDYT2" + std::string(30, '\xff'));
  expect_rejected(bad, "corrupt header length");
  write_all(bad, "GRUNDYT1" + good.substr(8));
  expect_rejected(bad, "table file format 1");
  write_all(bad, "not a table at all, just text");
  expect_rejected(bad, "bad magic");
  write_all(bad, "");
  expect_rejected(bad, "too short");
  expect_rejected(temp_path("missing.gtab"), "cannot open");
  std::string header_damaged = good;
  header_damaged[14] = '!';
  write_all(bad, header_damaged);
  expect_rejected(bad, "corrupt header");
}

TEST(TableFile, NoTemporaryLeftBehind) {
  const std::string path = temp_path("tmp.gtab");
  io::save_table(path, sample(8), "x");
  for (const auto& e : std::filesystem::directory_iterator(testing::TempDir()))
    EXPECT_EQ(e.path().filename().string().find(".grundy_tmp.gtab.tmp-"), std::string::npos) << e.path();
}

TEST(TableFile, ReadsATableSavedInParts) {
  const std::string game = "nim(heaps=2) + pass";
  const auto t = sample(20);  // symmetric, two layers
  const std::string path = temp_path("parts.gtab");
  for (const auto& [B, R, symmetric] : {std::tuple{3u, 2, true}, std::tuple{7u, 3, true}, std::tuple{20u, 1, false},
                                        std::tuple{4u, 4, false}, std::tuple{1u, 5, true}}) {
    save_in_parts(path, t, game, B, R, symmetric);
    const auto back = io::load_table(path, game, core::Evaluation::Grundy, kLimit);
    EXPECT_EQ(back.box, t.box);
    EXPECT_EQ(back.values, t.values) << "bands of " << B << " on " << R << " ranks";
  }
  // Grundy values also serve normal-play outcomes, as from one file.
  EXPECT_EQ(io::load_table(path, game, core::Evaluation::NormalOutcome, kLimit).values, t.values);
}

TEST(TableFile, RefusesAMissingForeignOrDamagedPart) {
  const std::string game = "nim(heaps=2) + pass";
  const auto t = sample(20);
  const std::string path = temp_path("refused.gtab"), part1 = io::part_path(path, 1, 3);
  save_in_parts(path, t, game, 4, 3, true);
  const std::string good = read_all(part1);
  expect_rejected(part1, "one part of a table saved in parts; --load its index, grundy_refused.gtab");
  std::remove(part1.c_str());
  expect_rejected(path, "grundy_refused.gtab.part-1-of-3: cannot open");
  // The same part of another table with the same name, from another folder.
  auto u = t;
  u.values.put((5 * 20 + 2) * 2, 9);  // a cell of part 1 (rows 4 .. 7)
  const std::string dir = testing::TempDir() + "/grundy_other_run";
  std::filesystem::create_directories(dir);
  save_in_parts(dir + "/grundy_refused.gtab", u, game, 4, 3, true);
  std::filesystem::copy_file(io::part_path(dir + "/grundy_refused.gtab", 1, 3), part1,
                             std::filesystem::copy_options::overwrite_existing);
  expect_rejected(path, "not the part the index names");
  // Part 1 in the place of part 2; a part damaged; the index damaged.
  write_all(part1, good);
  std::filesystem::copy_file(part1, io::part_path(path, 2, 3), std::filesystem::copy_options::overwrite_existing);
  expect_rejected(path, "not part 2 of 3 of this table");
  save_in_parts(path, t, game, 4, 3, true);
  std::string flipped = good;
  flipped[flipped.size() - 20] ^= 1;
  write_all(part1, flipped);
  expect_rejected(path, "part grundy_refused.gtab.part-1-of-3: checksum mismatch");
  write_all(part1, good);
  const std::string index = read_all(path);
  write_all(path, index + "x");
  expect_rejected(path, "size does not match");
  write_all(path, index);
  EXPECT_EQ(io::load_table(path, game, core::Evaluation::Grundy, kLimit).values, t.values);
}
