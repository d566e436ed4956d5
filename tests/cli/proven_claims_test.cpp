// Every "proven" that `grundy seq` prints is checked here on the values the tool itself saved or
// printed, over the whole range the proof needs, with that range derived in this file from the
// theorem and the game (not read from the tool):
//   - take-and-break games (the octal periodicity theorem): G(n + p) = G(n) for
//     n0 <= n < k max(n0, 1) + (k - 1) p + t, k the most heaps a move leaves, t the most stones
//     it takes; read from the `seq --save` file;
//   - subtraction games, with passes too: for x >= max(S) every move is legal, so the values at
//     x are a function of the max(S) heap sizes before it (all layers), and max(S) consecutive
//     heap sizes that repeat prove the period; read from the values `seq --format json` prints.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "io/table_file.hpp"
#include "support/golden_rows.hpp"
#include "support/run_cli.hpp"

using namespace grundy;

namespace {

// The codes of data/golden/octal/trivial.tsv and solved.tsv (first column), and hexadecimal
// codes the sweep proves (0.a, 0.b, 0.d, 0.f: three heaps left; 4.8 with a split of no stones).
std::vector<std::string> codes() {
  std::vector<std::string> out = {"0.a", "0.b", "0.d", "0.f", "4.8"};
  for (const char* name : {"trivial.tsv", "solved.tsv"})
    for (const auto& row : golden_rows(std::string("octal/") + name)) out.push_back(row[0]);
  return out;
}

// k and t of a code written as "d0.d1d2..." (hexadecimal digits, '!' marks): t the number of
// digits after the point, k 3 if a digit has the bit 8, else 2 if one has the bit 4, else 1.
std::pair<std::int64_t, std::int64_t> parts_and_removal(const std::string& code) {
  std::int64_t k = 1, t = 0;
  bool after = false;
  for (const char c : code) {
    if (c == '.') {
      after = true;
      continue;
    }
    if (c == '!') continue;
    const int d = std::stoi(std::string(1, c), nullptr, 16);
    if (d & 8) k = 3;
    if ((d & 4) && k < 2) k = 2;
    if (after) ++t;
  }
  return {k, t};
}

}  // namespace

TEST(ProvenClaims, OctalPeriodsHoldOnTheSavedValuesOverTheWholeRangeTheTheoremNeeds) {
  const std::string file = testing::TempDir() + "/grundy_proven_claims.gtab";
  int proven = 0;
  for (const std::string& code : codes()) {
    // The larger periods of solved.tsv need a longer search than the default's first steps.
    const CliResult r =
        run_cli("seq octal -p code=" + code + " --size 10 --search 2000000 --format json --save " + file);
    ASSERT_EQ(r.status, 0) << code << "\n" << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    if (j["status"] != "proven") continue;
    ++proven;
    std::vector<core::Value> g;
    io::load_sequence(
        file, j["game"].get<std::string>(), [](std::int64_t) {}, [&](core::Value v) { g.push_back(v); });
    const std::int64_t n0 = j["preperiod"], p = j["period"];
    const auto [k, t] = parts_and_removal(code);
    const std::int64_t bound = k * std::max<std::int64_t>(n0, 1) + (k - 1) * p + t;
    ASSERT_GE(static_cast<std::int64_t>(g.size()), bound + p) << code << ": the file holds " << g.size() << " values";
    EXPECT_GE(j["checked_up_to"].get<std::int64_t>(), bound + p - 1) << code;
    EXPECT_EQ(j["checked_up_to"].get<std::int64_t>(), static_cast<std::int64_t>(g.size()) - 1) << code;
    for (std::int64_t n = n0; n < bound; ++n)
      ASSERT_EQ(g[static_cast<std::size_t>(n + p)], g[static_cast<std::size_t>(n)]) << code << " at n = " << n;
    // The preperiod is the least: the value before it does not repeat.
    if (n0 > 0) {
      EXPECT_NE(g[static_cast<std::size_t>(n0 - 1 + p)], g[static_cast<std::size_t>(n0 - 1)]) << code;
    }
  }
  EXPECT_GT(proven, 90);
}

TEST(ProvenClaims, SubtractionPeriodsHoldOnThePrintedValuesOverTheWholeRangeTheProofNeeds) {
  // The subtraction paper's sets {2, 4n, 4n + 2}, with and without its one-time pass, and
  // classic ones; two passes in both conventions.
  const std::vector<std::string> games = {"subtraction -p set=1,2,3",
                                          "subtraction -p set=2,12,14",
                                          "subtraction -p set=2,12,14 --pass",
                                          "subtraction -p set=2,20,22 --pass",
                                          "subtraction -p set=3,5,8 --passes 2",
                                          "subtraction -p set=1,4,9,16 --pass",
                                          "subtraction -p set=2,5,7 --passes 2 --pass-from-terminal"};
  for (const std::string& game : games) {
    const CliResult first = run_cli("seq " + game + " --size 1 --format json");
    ASSERT_EQ(first.status, 0) << game << "\n" << first.err;
    const nlohmann::json f = nlohmann::json::parse(first.out);
    ASSERT_EQ(f["status"], "proven") << game;
    const std::int64_t n0 = f["preperiod"], p = f["period"];
    std::int64_t m = 0;  // max(S), from the spec
    {
      std::stringstream set(game.substr(game.find("set=") + 4));
      std::string item;
      while (std::getline(set, item, ',')) m = std::max<std::int64_t>(m, std::stoll(item));
    }
    // The values the proof compares, and one more period, printed.
    const std::int64_t size = n0 + m + 2 * p;
    const CliResult r = run_cli("seq " + game + " --size " + std::to_string(size) + " --format json");
    ASSERT_EQ(r.status, 0) << game << "\n" << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["preperiod"], n0) << game;
    EXPECT_EQ(j["period"], p) << game;
    EXPECT_GE(j["checked_up_to"].get<std::int64_t>(), n0 + m + p - 1) << game;
    // One layer, or one a pass count: each repeats over the max(S) heap sizes from n0 on.
    std::vector<std::vector<std::int64_t>> layers;
    if (j["values"][0].is_array())
      for (const auto& l : j["values"]) layers.push_back(l.get<std::vector<std::int64_t>>());
    else
      layers.push_back(j["values"].get<std::vector<std::int64_t>>());
    for (const auto& l : layers) {
      ASSERT_EQ(static_cast<std::int64_t>(l.size()), size) << game;
      for (std::int64_t x = n0; x < n0 + m; ++x)
        ASSERT_EQ(l[static_cast<std::size_t>(x + p)], l[static_cast<std::size_t>(x)]) << game << " at x = " << x;
    }
    // The preperiod is the least: some layer differs just before it.
    if (n0 > 0) {
      bool differs = false;
      for (const auto& l : layers)
        differs = differs || l[static_cast<std::size_t>(n0 - 1 + p)] != l[static_cast<std::size_t>(n0 - 1)];
      EXPECT_TRUE(differs) << game;
    }
  }
}
