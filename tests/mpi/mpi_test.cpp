// grundy under mpirun: Debian's Open MPI, 1 to 4 ranks on this machine
// (--oversubscribe), each test bounded in time. Every distributed table must be the file one
// process writes, byte for byte; a lost rank must fail the whole job and leave no table; an
// error must be one line. Skipped in a build without MPI (the ASan preset: -DGRUNDY_MPI=OFF)
// or where mpirun is missing.
#include <gtest/gtest.h>

#include <filesystem>

#include "atlas/atlas.hpp"
#include "dist/mpi.hpp"
#include "support/run_cli.hpp"

namespace {

bool have_mpirun() { return std::system("command -v mpirun > /dev/null 2>&1") == 0; }

#define REQUIRE_MPI()                                                         \
  do {                                                                        \
    if (!grundy::dist::built_with_mpi()) GTEST_SKIP() << "built without MPI"; \
    if (!have_mpirun()) GTEST_SKIP() << "no mpirun (Debian: openmpi-bin)";    \
  } while (false)

// `mpirun -np R grundy ARGS`, as root too (CI), bounded; env: extra variables for grundy. Each
// mpirun has a session directory of its own: two started at once (ctest runs tests side by
// side) race to create Open MPI's shared one under /tmp, and the loser fails ("File exists").
CliResult run_mpi(int ranks, const std::string& args, const std::string& env = "") {
  const std::string launcher =
      "d=$(mktemp -d) || exit 99\n"
      "OMPI_MCA_orte_tmpdir_base=\"$d\" OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout 300 mpirun "
      "--oversubscribe -np " +
      std::to_string(ranks) + " " + (env.empty() ? "" : "-x " + env + " ");
  return run_sh(launcher + "\"$GRUNDY\" " + args + "\ns=$?\nrm -rf \"$d\"\nexit $s");
}

// A file of this test's own: ctest runs tests side by side (the CI runs two at a time).
std::string temp(const std::string& name) {
  return testing::TempDir() + "/mpi_" + testing::UnitTest::GetInstance()->current_test_info()->name() + "_" +
         std::to_string(::getpid()) + "_" + name;
}

// The table file of one process and of 1 .. 4 ranks, in bands of 5 rows (tens of bands: the
// pipeline fills and drains many times, and blocks of columns cut across the bands' edges).
void expect_same_file(const std::string& spec) {
  const std::string one = temp("one.t"), many = temp("many.t");
  std::filesystem::remove(one);
  const CliResult single = run_cli("table " + spec + " --save " + one + " --out " + temp("one.txt"));
  ASSERT_EQ(single.status, 0) << single.err;
  const std::string expected = slurp(one);
  ASSERT_GT(expected.size(), 100u);
  for (int ranks = 1; ranks <= 4; ++ranks) {
    std::filesystem::remove(many);
    const CliResult r = run_mpi(ranks, "table " + spec + " --save " + many, "GRUNDY_BAND_ROWS=5");
    ASSERT_EQ(r.status, 0) << spec << " on " << ranks << " ranks: " << r.err;
    EXPECT_NE(r.out.find("on " + std::to_string(ranks) + " ranks"), std::string::npos) << r.out;
    EXPECT_TRUE(slurp(many) == expected) << spec << " on " << ranks << " ranks: the files differ";
  }
}

// The P-positions `ppos ARGS` lists on 1 .. 4 ranks, in bands of 9 rows, equal one process's.
void expect_same_ppos(const std::string& args) {
  const CliResult single = run_cli("ppos " + args);
  ASSERT_EQ(single.status, 0) << single.err;
  ASSERT_GT(single.out.size(), 10000u);
  for (int ranks = 1; ranks <= 4; ++ranks) {
    const CliResult r = run_mpi(ranks, "ppos " + args, "GRUNDY_BAND_ROWS=9");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(r.out == single.out) << args << " on " << ranks << " ranks";
  }
}

}  // namespace

TEST(Mpi, TwoHeapNimWithAPassIsTheSameFileOnOneToFourRanks) {
  REQUIRE_MPI();
  expect_same_file("nim -p heaps=2 --pass --size 300");  // symmetric: the upper half mirrored
}

TEST(Mpi, EveryLineSweepIsTheSameFileOnOneToFourRanks) {
  REQUIRE_MPI();
  expect_same_file("nim -p heaps=2 --size 130x301");
  expect_same_file("nim -p heaps=2 --forbid 'x+y==7' --passes 2 --pass-from-terminal --size 123");
  expect_same_file("queen --pass --size 150x190");  // diagonals handed on with the columns
  expect_same_file("queen --size 211");
  expect_same_file("fts -p piles=2 -p d=3 --size 160");
}

// The leapers: the ranks sweep level by level, handing each level's cells in the rows a move
// reaches to the neighbouring bands. The file is the reach box's, unsolved far corners and all.
// A leaper moving 9 rows over 26 makes two bands, so ranks 2 and 3 have none; w2 = 2 and 5 step
// the levels' cells by 2.
TEST(Mpi, EveryLeaperIsTheSameFileOnOneToFourRanks) {
  REQUIRE_MPI();
  expect_same_file("knight --size 300");
  expect_same_file("king --size 57x90");
  expect_same_file("leaper -p moves=-3:1,1:-1 --size 120x70");
  expect_same_file("leaper -p moves=1:-3,-1:2 --size 100x80");
  expect_same_file("leaper -p moves=-7:2,3:-2,-1:-1,-2:0 --size 40x300");
  expect_same_file("leaper -p moves=-9:1,2:-9 --size 20x30");
}

// Tables of boards and graphs: the ranks search their rows' cells, one row to a rank in turn.
TEST(Mpi, TablesOfBoardsAndGraphsAreTheSameFileOnOneToFourRanks) {
  REQUIRE_MPI();
  expect_same_file("cram -p board=mxn --size 5x6");
  expect_same_file("node-kayles -p graph=path:n --size 70");
}

TEST(Mpi, TheSummaryCountsTheZerosOfTheTable) {
  REQUIRE_MPI();
  const CliResult r = run_mpi(3, "table nim -p heaps=2 --pass --size 300 --format json --save " + temp("j.t"));
  ASSERT_EQ(r.status, 0) << r.err;
  const CliResult p = run_cli("ppos nim -p heaps=2 --pass --size 300 --count");
  ASSERT_EQ(p.status, 0) << p.err;
  EXPECT_EQ(p.out.substr(0, p.out.find(' ')), "599");
  EXPECT_NE(r.out.find("\"zeros\":599"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"ranks\":3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"max\":511"), std::string::npos) << r.out;
}

TEST(Mpi, ThreeHeapNimWithAPassListsTheSamePPositions) {
  REQUIRE_MPI();
  expect_same_ppos("nim -p heaps=3 --pass --size 200 --fix p=1");
  expect_same_ppos("nim -p heaps=3 --pass --size 100x130x90");
  // The count, as one process counts it.
  const CliResult one = run_cli("ppos nim -p heaps=3 --pass --size 100x130x90 --count");
  const CliResult count = run_mpi(2, "ppos nim -p heaps=3 --pass --size 100x130x90 --count");
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_NE(one.out.find(
                " P-positions of nim(heaps=3) + pass in the box 100x130x90x2  (by the f grid (unique completion))\n"),
            std::string::npos)
      << one.out;
  EXPECT_EQ(count.out, one.out);
}

TEST(Mpi, ThreePileFtsListsTheSamePPositions) {
  REQUIRE_MPI();
  expect_same_ppos("fts -p piles=3 -p d=3 --size 150");
  expect_same_ppos("fts -p piles=3 -p 'S=total%5==0 || total==7' --size 100x120x90");
}

// The 3-D chocolate sweep by bands of planes: 2000 columns z make blocks of 8 rows y, so the
// tops of the columns pass from band to band block by block. One process writes the whole box
// when the last coordinates are pinned at their largest values.
TEST(Mpi, ChocolateIsTheSameFileOnOneToFourRanks) {
  REQUIRE_MPI();
  const std::string game = "chocolate --pass -p 'F=(x+z)/60' --size 40x30x2000";
  const std::string one = temp("one.t"), many = temp("many.t"), index = temp("parts.t"), back = temp("back.t");
  const CliResult single =
      run_cli("table " + game + " --fix z=1999 --fix p=1 --save " + one + " --out " + temp("o.txt"));
  ASSERT_EQ(single.status, 0) << single.err;
  const std::string expected = slurp(one);
  ASSERT_GT(expected.size(), 1000000u);
  for (int ranks = 1; ranks <= 4; ++ranks) {
    std::filesystem::remove(many);
    const CliResult r = run_mpi(ranks, "table " + game + " --save " + many, "GRUNDY_BAND_ROWS=3");
    ASSERT_EQ(r.status, 0) << ranks << " ranks: " << r.err;
    EXPECT_TRUE(slurp(many) == expected) << ranks << " ranks: the files differ";
  }
  // In parts (a table of four coordinates), loaded and saved again.
  const CliResult r = run_mpi(3, "table " + game + " --save " + index + " --parts", "GRUNDY_BAND_ROWS=3");
  ASSERT_EQ(r.status, 0) << r.err;
  const CliResult loaded = run_cli("table " + game + " --fix z=1999 --fix p=1 --load " + index + " --save " + back +
                                   " --out " + temp("b.txt"));
  ASSERT_EQ(loaded.status, 0) << loaded.err;
  EXPECT_TRUE(slurp(back) == expected);
}

// --parts: each rank writes its rows to a file of its own and rank 0 the index; loaded, the
// table is the one process's, saved again byte for byte the same file.
TEST(Mpi, ATableSavedInPartsLoadsAsTheOneFile) {
  REQUIRE_MPI();
  for (const std::string spec :
       {"nim -p heaps=2 --pass --size 300", "nim -p heaps=2 --size 130x301", "queen --pass --size 150x190",
        "knight --size 200", "leaper -p moves=-9:1,2:-9 --size 20x30"}) {  // the last: two ranks write no rows
    const std::string one = temp("one.t"), index = temp("parts.t"), back = temp("back.t");
    std::filesystem::remove(one);
    const CliResult single = run_cli("table " + spec + " --save " + one + " --out " + temp("one.txt"));
    ASSERT_EQ(single.status, 0) << single.err;
    for (int ranks = 1; ranks <= 4; ++ranks) {
      std::filesystem::remove(index);
      std::filesystem::remove(back);
      const CliResult r =
          run_mpi(ranks, "table " + spec + " --save " + index + " --parts --format json", "GRUNDY_BAND_ROWS=5");
      ASSERT_EQ(r.status, 0) << spec << " on " << ranks << " ranks: " << r.err;
      EXPECT_NE(r.out.find("\"parts\":" + std::to_string(ranks)), std::string::npos) << r.out;
      for (int k = 0; k < ranks; ++k)
        EXPECT_TRUE(std::filesystem::exists(index + ".part-" + std::to_string(k) + "-of-" + std::to_string(ranks)));
      const CliResult loaded =
          run_cli("table " + spec + " --load " + index + " --save " + back + " --out " + temp("back.txt"));
      ASSERT_EQ(loaded.status, 0) << loaded.err;
      EXPECT_TRUE(slurp(back) == slurp(one)) << spec << " on " << ranks << " ranks: the tables differ";
    }
  }
  const CliResult r = run_cli("table nim -p heaps=2 --size 10 --save " + temp("x.t") + " --parts");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--parts: a table is saved in parts by the ranks of an MPI job"), std::string::npos) << r.err;
}

// verify under mpirun: the papers are jobs of the master/worker queue, checked on the workers,
// printed by rank 0 as one process prints them.
TEST(Mpi, VerifyChecksThePapersOnWorkers) {
  REQUIRE_MPI();
  const CliResult single = run_cli("verify all --format json");
  ASSERT_EQ(single.status, 0) << single.err;
  for (int ranks : {2, 3}) {
    const CliResult r = run_mpi(ranks, "verify all --format json");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(r.out == single.out) << ranks << " ranks";
  }
}

// The atlas on the master/worker queue: the games are jobs on the workers, rank 0 alone writes
// the database; what it holds is what one process writes (but the seconds). A second run on
// three ranks sweeps only the games the first left out. Queries run on rank 0 alone.
TEST(Mpi, TheAtlasIsTheSameOnWorkers) {
  REQUIRE_MPI();
  const std::string dump = std::string(" 'SELECT ") + grundy::atlas::kRecordColumns + " FROM games ORDER BY spec'";
  const std::string one = temp("one.sqlite"), many = temp("many.sqlite");
  for (const std::string& f : {one, many}) std::filesystem::remove(f);
  ASSERT_EQ(run_cli("atlas run subtraction --max 12 --sizes 2 --misere --db " + one).status, 0);
  ASSERT_EQ(run_cli("atlas run fts --d-max 3 --passes 0 --db " + one).status, 0);
  const CliResult first = run_mpi(2, "atlas run subtraction --max 12 --sizes 1 --misere --db " + many);
  ASSERT_EQ(first.status, 0) << first.err;
  const CliResult second = run_mpi(3, "atlas run subtraction --max 12 --sizes 2 --misere --db " + many);
  ASSERT_EQ(second.status, 0) << second.err;
  EXPECT_NE(second.out.find("780 games of subtraction"), std::string::npos) << second.out;
  EXPECT_NE(second.out.find("660 swept"), std::string::npos) << second.out;  // C(12,2) sets, 10 games each
  ASSERT_EQ(run_mpi(2, "atlas run fts --d-max 3 --passes 0 --db " + many).status, 0);
  const CliResult a = run_cli("atlas query --db " + one + dump);
  const CliResult b = run_mpi(3, "atlas query --db " + many + dump);
  ASSERT_EQ(b.status, 0) << b.err;
  EXPECT_GT(a.out.size(), 10000u);
  EXPECT_TRUE(a.out == b.out) << "the atlases differ";
}

// A command with no distributed form (run on rank 0 alone, which its output cannot show) prints
// what one process prints; its errors are one line too.
TEST(Mpi, OtherCommandsPrintWhatOneProcessPrints) {
  REQUIRE_MPI();
  const std::string seq = "seq subtraction -p set=2,12,14 --pass --size 100";
  const CliResult single = run_cli(seq);
  ASSERT_EQ(single.status, 0) << single.err;
  const CliResult r = run_mpi(3, seq);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, single.out);
  const CliResult bad = run_mpi(3, "seq subtraction -p set=2,x --size 100");
  EXPECT_EQ(bad.status, 2);
  const std::size_t at = bad.err.find("grundy: error: -p set item 2 = 'x': not an integer");
  ASSERT_NE(at, std::string::npos) << bad.err;
  EXPECT_EQ(bad.err.find("grundy: error: ", at + 1), std::string::npos) << bad.err;
}

TEST(Mpi, ABadInputIsOneLineFromRankZero) {
  REQUIRE_MPI();
  for (const std::string args : {"table nim -p heaps=2 --size 10", "table octal -p code=0.77 --size 10 --save x.t",
                                 "table nim -p heaps=2 --size 10 --save x.t --format png",
                                 "table nim -p heaps=2 --size 100000 --save x.t --max-memory 1G"}) {
    const CliResult r = run_mpi(3, args);
    EXPECT_EQ(r.status, 2) << args << ": " << r.err;
    // Our line, once, from rank 0, first: every rank refused alike, so the job ends as one
    // process would, each rank finalized, without MPI_Abort. (mpirun still reports a non-zero
    // exit status in a frame of its own, unless run with --mca orte_abort_on_non_zero_status 0.)
    EXPECT_EQ(r.err.rfind("grundy: error: ", 0), 0u) << r.err;
    EXPECT_EQ(r.err.find("grundy: error: ", 1), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("MPI_ABORT"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("grundy: error: rank"), std::string::npos) << r.err;
  }
  // An error inside the ranks' exchanges names its rank; rank 0 checks --save before sweeping.
  const CliResult r = run_mpi(2, "table nim -p heaps=2 --size 100 --save /nonexistent/x.t");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("grundy: error: rank 0: --save /nonexistent/x.t: cannot create"), std::string::npos) << r.err;
}

TEST(Mpi, AKilledRankFailsTheJobAndLeavesNoTable) {
  REQUIRE_MPI();
  const std::string dir = temp("killed");
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  // About 5 s on two ranks here; rank 1 is killed once it has run for a second.
  const CliResult r = run_sh(
      "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout 300 mpirun --oversubscribe -np 2 "
      "\"$GRUNDY\" table nim -p heaps=2 --pass --size 12000 --save " +
      dir + "/t.grundy > " + dir + "/out 2> " + dir +
      "/err &\n"
      "job=$!\n"
      "for i in $(seq 300); do\n"
      "  for p in $(pgrep -f 'table nim -p heaps=2 --pass --size 12000'); do\n"
      "    if tr '\\0' '\\n' < /proc/$p/environ 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=1'; then\n"
      "      sleep 1; kill -9 $p; echo killed; break 2\n"
      "    fi\n"
      "  done\n"
      "  sleep 0.1\n"
      "done\n"
      "wait $job; echo \"status $?\"");
  EXPECT_NE(r.out.find("killed"), std::string::npos) << r.out << r.err;
  EXPECT_EQ(r.out.find("status 0"), std::string::npos) << r.out;
  EXPECT_NE(slurp(dir + "/err").find("rank 1"), std::string::npos) << slurp(dir + "/err");
  // No table, and no temporary beside it.
  std::vector<std::string> left;
  for (const auto& e : std::filesystem::directory_iterator(dir)) left.push_back(e.path().filename());
  std::sort(left.begin(), left.end());
  EXPECT_EQ(left, (std::vector<std::string>{"err", "out"}));
}
