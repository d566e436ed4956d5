// grundy atlas run / query / report as a user runs them: a sweep killed with SIGKILL
// and run again gives the atlas an uninterrupted sweep gives; errors are one line.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "atlas/atlas.hpp"
#include "support/atlas_files.hpp"
#include "support/run_cli.hpp"

namespace {

// Every column but the seconds each game took, in the order of the specs.
const std::string kDump = std::string("'SELECT ") + grundy::atlas::kRecordColumns + " FROM games ORDER BY spec'";

}  // namespace

TEST(AtlasCli, AKilledSweepRunAgainGivesTheSameAtlas) {
  const std::string whole = fresh_atlas_path("whole.sqlite"), killed = fresh_atlas_path("killed.sqlite");
  // 298 sets, 5 games each: under AddressSanitizer a game costs milliseconds, and the whole
  // family is swept twice.
  const std::string family = "subtraction --max 12 --sizes 3 --passes 0,1,2";
  const CliResult w = run_cli("atlas run " + family + " --db " + whole);
  ASSERT_EQ(w.status, 0) << w.err;
  EXPECT_NE(w.out.find("1490 games of subtraction"), std::string::npos) << w.out;
  // Started in the background and killed once 200 games are in (at most 30 s of polling).
  const CliResult k = run_sh("\"$GRUNDY\" atlas run " + family + " --db " + killed +
                             " > /dev/null 2>&1 & pid=$!\n"
                             "n=0; i=0\n"
                             "while [ \"$n\" -lt 200 ] && [ $i -lt 1500 ]; do\n"
                             "  sleep 0.02; i=$((i + 1))\n"
                             "  n=$(\"$GRUNDY\" atlas query --db " +
                             killed +
                             " 'SELECT COUNT(*) FROM games' 2>/dev/null | tail -n 1); n=${n:-0}\n"
                             "done\n"
                             "kill -9 $pid; wait $pid\n"
                             "\"$GRUNDY\" atlas query --db " +
                             killed + " 'SELECT COUNT(*) FROM games' | tail -n 1");
  const long in = std::stol(k.out.empty() ? "0" : k.out);
  ASSERT_GE(in, 200) << k.err;
  ASSERT_LT(in, 1490) << "the sweep ended before it was killed";
  const CliResult again = run_cli("atlas run " + family + " --db " + killed);
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.out.find(std::to_string(1490 - in) + " swept"), std::string::npos) << again.out;
  EXPECT_NE(again.out.find(std::to_string(in) + " already there"), std::string::npos) << again.out;
  const CliResult a = run_cli("atlas query --db " + whole + " " + kDump);
  const CliResult b = run_cli("atlas query --db " + killed + " " + kDump);
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_GT(a.out.size(), 100000u);
  EXPECT_TRUE(a.out == b.out) << "the atlases differ";
}

// One thread or several, the same atlas: results are written in the family's order.
TEST(AtlasCli, ThreadsGiveTheSameAtlas) {
  const std::string one = fresh_atlas_path("one.sqlite"), two = fresh_atlas_path("two.sqlite");
  for (const std::string& db : {one, two})
    for (const std::string family : {"subtraction --max 10 --sizes 2 --misere", "leaper --max 5 --passes 0,1"})
      ASSERT_EQ(run_cli("atlas run " + family + " --threads " + (db == one ? "1" : "2") + " --db " + db).status, 0);
  // In the order they were written, too (rowid).
  const std::string in_order =
      std::string(" 'SELECT rowid, ") + grundy::atlas::kRecordColumns + " FROM games ORDER BY rowid'";
  const CliResult a = run_cli("atlas query --db " + one + in_order), b = run_cli("atlas query --db " + two + in_order);
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_GT(a.out.size(), 10000u);
  EXPECT_TRUE(a.out == b.out);
}

TEST(AtlasCli, QueriesAndReportsInEveryFormat) {
  const std::string db = fresh_atlas_path("q.sqlite");
  ASSERT_EQ(run_cli("atlas run subtraction --max 5 --sizes 2 --passes 0,1 --db " + db).status, 0);
  // At rest an atlas is one file: the write-ahead log was folded back in.
  EXPECT_FALSE(std::filesystem::exists(db + "-wal"));
  const CliResult text = run_cli("atlas query --db " + db +
                                 " \"SELECT spec, period, zeros FROM games WHERE base = 'subtraction -p set=1,2' "
                                 "ORDER BY spec\"");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_EQ(text.out.substr(0, text.out.find('\n')), "spec\tperiod\tzeros");
  EXPECT_NE(text.out.find("subtraction -p set=1,2\t3\t0,3,6,9,"), std::string::npos) << text.out;
  const CliResult csv = run_cli("atlas query --db " + db +
                                " \"SELECT spec, period FROM games WHERE passes = 0 AND period = 3 ORDER BY spec\" "
                                "--format csv");
  EXPECT_EQ(csv.out, "spec,period\n\"subtraction -p set=1,2\",3\n") << csv.out;  // a comma: quoted
  const CliResult json = run_cli("atlas report longest-periods --db " + db + " --format json");
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_NE(json.out.find("\"period\": \""), std::string::npos) << json.out;
  // Bad inputs: one line, exit 2, the file untouched.
  for (const std::string& args :
       {std::string("atlas query --db ") + db + " 'DELETE FROM games'", "atlas report nope --db " + db,
        "atlas run nim --db " + db, "atlas query --db " + fresh_atlas_path("missing.sqlite") + " 'SELECT 1'"}) {
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(fresh_atlas_path("missing.sqlite")));
}

// A larger --search with --redo-unproven sweeps again exactly the games left unproven, and
// their periods are then those a sweep with that search from the start finds; without the
// flag a rerun sweeps nothing.
TEST(AtlasCli, ALargerSearchRedoesTheUnprovenGames) {
  const std::string small = fresh_atlas_path("small.sqlite"), large = fresh_atlas_path("large.sqlite");
  ASSERT_EQ(run_cli("atlas run octal --digits 2 --search 1024 --db " + small).status, 0);
  const CliResult unproven = run_cli("atlas query --db " + small + " 'SELECT COUNT(*) FROM games WHERE proven = 0'");
  const std::string n =
      unproven.out.substr(unproven.out.find('\n') + 1, unproven.out.size() - unproven.out.find('\n') - 2);
  ASSERT_GT(std::stoi(n), 0);
  const CliResult again = run_cli("atlas run octal --digits 2 --search 4096 --db " + small);
  EXPECT_NE(again.out.find(": 0 swept"), std::string::npos) << again.out;
  const CliResult redo = run_cli("atlas run octal --digits 2 --search 4096 --redo-unproven --db " + small);
  ASSERT_EQ(redo.status, 0) << redo.err;
  EXPECT_NE(redo.out.find(": " + n + " swept"), std::string::npos) << redo.out;
  ASSERT_EQ(run_cli("atlas run octal --digits 2 --search 4096 --db " + large).status, 0);
  const std::string periods = " 'SELECT spec, preperiod, period, proven, digest FROM games ORDER BY spec'";
  const CliResult a = run_cli("atlas query --db " + small + periods),
                  b = run_cli("atlas query --db " + large + periods);
  EXPECT_TRUE(a.out == b.out);
  EXPECT_NE(a.out.find("octal -p code=0.77\t71\t12\t1\t"), std::string::npos) << a.out;
}

// Two runs on one atlas: the second is refused up front, naming the first, and records
// nothing; once the first has ended (or was killed), a run goes on.
TEST(AtlasCli, ASecondRunOnOneAtlasIsRefusedWhileTheFirstRuns) {
  const std::string db = fresh_atlas_path("two_runs.sqlite");
  const CliResult r = run_sh("\"$GRUNDY\" atlas run subtraction --max 30 --sizes 3 --threads 1 --db " + db +
                             " > /dev/null 2>&1 & pid=$!\n"
                             "i=0; while [ ! -s " +
                             db +
                             " ] && [ $i -lt 500 ]; do sleep 0.02; i=$((i + 1)); done; sleep 0.3\n"
                             "\"$GRUNDY\" atlas run subtraction --max 30 --sizes 3 --db " +
                             db +
                             "; echo second=$?\n"
                             "kill -9 $pid; wait $pid\n"
                             "\"$GRUNDY\" atlas run subtraction --max 5 --sizes 2 --db " +
                             db + "; echo third=$?");
  EXPECT_NE(r.out.find("second=2"), std::string::npos) << r.out << r.err;
  EXPECT_NE(r.err.find("--db " + db + ": another `grundy atlas run` (process "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(") is writing this atlas; run one at a time, or wait for it to end"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("grundy:"), r.err.rfind("grundy:")) << r.err;  // one line of ours (the shell says "Killed")
  // The killed run's claim is stale: its process is gone.
  EXPECT_NE(r.out.find("third=0"), std::string::npos) << r.out << r.err;
}

// A reader that has the atlas open while a run writes it (the explorer, `serve --atlas`) does not
// keep the run's last games in the write-ahead log: when the run ends, the file alone (copied
// without its -wal) holds them all.
TEST(AtlasCli, TheFileAloneHoldsEveryGameAfterARunThoughAReaderHadItOpen) {
  const std::string db = fresh_atlas_path("reader.sqlite"), copy = fresh_atlas_path("copy.sqlite");
  const CliResult r =
      run_sh("\"$GRUNDY\" atlas run subtraction --max 14 --sizes 3 --passes 0,1 --threads 1 --db " + db +
             " > /dev/null & pid=$!\n"
             "i=0; while [ ! -s " +
             db +
             " ] && [ $i -lt 500 ]; do sleep 0.02; i=$((i + 1)); done\n"
             "\"$GRUNDY\" serve --port 0 --atlas " +
             db +
             " > /dev/null 2>&1 & reader=$!\n"
             "wait $pid; echo run=$?\n"
             "cp " +
             db + " " + copy +
             "\n"
             "kill -INT $reader; wait $reader\n"
             "\"$GRUNDY\" atlas query --db " +
             copy + " 'SELECT COUNT(*) FROM games' | tail -n 1");
  EXPECT_NE(r.out.find("run=0"), std::string::npos) << r.out << r.err;
  // 469 sets of up to 3 moves in 1..14, each with no pass and one pass in both conventions.
  EXPECT_NE(r.out.find("\n1407\n"), std::string::npos) << r.out << r.err;
}

// A query runs inside SQLite, for minutes if it asks for that: Ctrl-C and --max-seconds stop it
// at once, with the one line.
TEST(AtlasCli, ALongQueryStopsAtCtrlCAndAtItsDeadline) {
  const std::string atlas = std::string(GRUNDY_SOURCE_DIR) + "/data/atlas/atlas.sqlite";
  const std::string cross = " 'SELECT COUNT(*) FROM games a, games b, games c'";
  CliResult r = run_cli("atlas query --db " + atlas + cross + " --max-seconds 0.5");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.err,
            "grundy: stopped by --max-seconds before the command finished (no --out or --save file was written)\n");
  r = run_sh("\"$GRUNDY\" atlas query --db " + atlas + cross +
             " & pid=$!; sleep 0.5; kill -INT $pid; wait $pid; "
             "echo status=$?");
  EXPECT_NE(r.out.find("status=130"), std::string::npos) << r.out << r.err;
  EXPECT_EQ(r.err, "grundy: interrupted (no --out or --save file was written)\n");
}
