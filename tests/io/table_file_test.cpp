#include "io/table_file.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "core/errors.hpp"
#include "games/registry.hpp"

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

void expect_rejected(const std::string& path, const std::string& needle, const std::string& game = "nim(heaps=2) + pass") {
  try {
    io::load_table(path, game, core::Evaluation::Grundy, kLimit);
    FAIL() << "accepted " << path;
  } catch (const core::UserError& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
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
