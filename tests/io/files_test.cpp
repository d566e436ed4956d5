// Files the user names (src/io/files): saves that cannot be hijacked through a planted symlink,
// never replace a FIFO or a device, never share a temporary between two runs, leave nothing
// behind when killed; loads that never block; and standard output whose failed writes are an
// error, not a silently truncated file.
#include "io/files.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "runtime/cleanup.hpp"
#include "runtime/errors.hpp"
#include "support/run_cli.hpp"

using namespace grundy;
namespace fs = std::filesystem;

namespace {

// A fresh folder of its own per test.
std::string fresh_dir(const std::string& name) {
  const fs::path d = fs::path(testing::TempDir()) / ("grundy_files_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d.string();
}

std::string read_all(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

// The entries of a folder other than the ones named: temporaries left behind.
std::vector<std::string> others(const std::string& dir, const std::set<std::string>& known) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (!known.count(e.path().filename().string())) out.push_back(e.path().filename().string());
  return out;
}

}  // namespace

TEST(AtomicFile, WritesThroughATemporaryAndRenames) {
  const std::string dir = fresh_dir("rename");
  const std::string path = dir + "/out.txt";
  {
    io::AtomicFile f(path, "--out");
    f.write("hello ");
    f.stream() << "world";
    EXPECT_FALSE(fs::exists(path));  // nothing under the real name before commit
    EXPECT_EQ(others(dir, {}).size(), 1u);
    f.commit();
  }
  EXPECT_EQ(read_all(path), "hello world");
  EXPECT_TRUE(others(dir, {"out.txt"}).empty());
  EXPECT_EQ(fs::status(path).permissions() & fs::perms::others_write, fs::perms::none);
}

TEST(AtomicFile, AnUnfinishedFileLeavesTheTargetAsItWas) {
  const std::string dir = fresh_dir("unfinished");
  const std::string path = dir + "/t.gtab";
  std::ofstream(path) << "old";
  {
    io::AtomicFile f(path, "--save");
    f.write("new, half written");
  }  // destroyed without commit: an error or Ctrl-C on the way
  EXPECT_EQ(read_all(path), "old");
  EXPECT_TRUE(others(dir, {"t.gtab"}).empty());
}

TEST(AtomicFile, APlantedSymlinkIsNeverFollowed) {
  const std::string dir = fresh_dir("symlink");
  const std::string victim = dir + "/victim";
  std::ofstream(victim) << "precious";
  // The old predictable temporary name, planted as a link to the victim.
  fs::create_symlink(victim, dir + "/t.gtab.tmp");
  io::AtomicFile f(dir + "/t.gtab", "--save");
  f.write("table");
  f.commit();
  EXPECT_EQ(read_all(victim), "precious");
  EXPECT_EQ(read_all(dir + "/t.gtab"), "table");
  // The target itself a link: the link is replaced by the file, its destination untouched.
  fs::create_symlink(victim, dir + "/link.gtab");
  io::AtomicFile g(dir + "/link.gtab", "--save");
  g.write("other");
  g.commit();
  EXPECT_EQ(read_all(victim), "precious");
  EXPECT_FALSE(fs::is_symlink(dir + "/link.gtab"));
}

TEST(AtomicFile, SpecialFilesAndEmptyNamesAreRefused) {
  const std::string dir = fresh_dir("special");
  const std::string fifo = dir + "/fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto refused = [](const std::string& path, const std::string& needle) {
    try {
      io::AtomicFile f(path, "--save");
      ADD_FAILURE() << "accepted " << path;
    } catch (const runtime::UserError& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  refused(fifo, "not a regular file");
  refused("/dev/null", "not a regular file");
  refused(dir, "is a folder");
  refused("", "empty file name");
  EXPECT_TRUE(fs::is_fifo(fifo));  // not replaced
}

TEST(OpenForReading, NeverBlocksOnAFifoAndRefusesSpecialFiles) {
  const std::string dir = fresh_dir("load");
  const std::string fifo = dir + "/fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const std::string& path : {fifo, std::string("/dev/zero"), dir}) {
    try {
      std::fclose(io::open_regular_for_reading(path, "--load"));
      ADD_FAILURE() << "opened " << path;
    } catch (const runtime::UserError& e) {
      EXPECT_EQ(std::string(e.what()).find("--load " + path), 0u) << e.what();
    }
  }
  EXPECT_THROW(io::open_regular_for_reading("", "--load"), runtime::UserError);
}

// A child killed by SIGTERM while writing leaves neither a temporary nor a damaged target.
TEST(AtomicFile, SigtermRemovesTheTemporary) {
  const std::string dir = fresh_dir("sigterm");
  const std::string path = dir + "/t.gtab";
  std::ofstream(path) << "old";
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    runtime::install_termination_handlers();
    io::AtomicFile f(path, "--save");
    f.write("half");
    ::raise(SIGTERM);
    ::_exit(0);  // not reached
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << status;
  EXPECT_EQ(read_all(path), "old");
  EXPECT_TRUE(others(dir, {"t.gtab"}).empty());
}

// A signal is delivered when its process returns from a system call, so a SIGTERM sent while
// the temporary is being created arrives just after the file exists: the file must be listed
// for the handler by then. A child creates and drops temporaries in a loop and is killed at
// varying moments; nothing may be left.
TEST(AtomicFile, SigtermWhileCreatingTheTemporaryLeavesNothing) {
  const std::string dir = fresh_dir("sigterm_loop");
  const std::string path = dir + "/t.gtab";
  for (int round = 0; round < 60; ++round) {
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      runtime::install_termination_handlers();
      for (;;) io::AtomicFile f(path, "--save");
    }
    ::usleep(static_cast<useconds_t>(500 + 97 * round));
    ::kill(child, SIGTERM);
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << status;
    const std::vector<std::string> left = others(dir, {});
    ASSERT_TRUE(left.empty()) << left.front() << " left after round " << round;
  }
}

// Through the CLI: two runs saving different tables to one file at once, and runs killed at
// random moments; the file is always one whole table and no temporary is left.
TEST(SaveCli, ConcurrentAndKilledSavesLeaveOneWholeTable) {
  const std::string dir = fresh_dir("cli");
  const std::string path = dir + "/t.gtab";
  const std::string a = "$GRUNDY table nim -p heaps=2 --size 1500 --format csv --save " + path + " > /dev/null";
  const std::string b = "$GRUNDY table nim -p heaps=2 --size 1400 --format csv --save " + path + " > /dev/null";
  const CliResult both = run_sh(a + " & " + b + "; wait");
  EXPECT_EQ(both.status, 0) << both.err;
  bool one_whole = false;
  for (int size : {1500, 1400}) {
    const CliResult r = run_cli("table nim -p heaps=2 --size " + std::to_string(size) + " --fix x=3 --load " + path);
    if (r.status == 0) {
      one_whole = true;
      EXPECT_NE(r.out.find("at x = 3"), std::string::npos) << r.out.substr(0, 200);
    } else {
      EXPECT_NE(r.err.find("does not hold every cell"), std::string::npos) << r.err;  // the other run won
    }
  }
  EXPECT_TRUE(one_whole);
  EXPECT_TRUE(others(dir, {"t.gtab"}).empty());
  for (int delay_ms : {5, 20, 60, 150}) {
    run_sh(a + " & sleep " + std::to_string(delay_ms / 1000.0) + "; kill -TERM $!; wait");
    EXPECT_TRUE(others(dir, {"t.gtab"}).empty()) << "after a SIGTERM at " << delay_ms << " ms";
    // The file is one whole table, whichever run wrote it last.
    const CliResult r = run_cli("table nim -p heaps=2 --size 1400 --fix x=3 --load " + path);
    EXPECT_EQ(r.status, 0) << r.err;
  }
}

TEST(SaveCli, EmptyPathsAndSpecialFilesAreBadInput) {
  const std::string dir = fresh_dir("cli_special");
  const std::string fifo = dir + "/fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const auto& [args, needle] : std::vector<std::pair<std::string, std::string>>{
           {"table nim -p heaps=2 --size 4 --save ''", "--save: empty file name"},
           {"table nim -p heaps=2 --size 4 --load ''", "--load: empty file name"},
           {"table nim -p heaps=2 --size 4 --out ''", "--out: empty file name"},
           {"table nim -p heaps=2 --size 4 --save " + fifo, "not a regular file"},
           {"table nim -p heaps=2 --size 4 --out " + fifo, "not a regular file"},
           {"table nim -p heaps=2 --size 4 --load " + fifo, "not a regular file"},
       }) {
    const CliResult r = run_cli(args + " --max-seconds 20");  // a blocking open would hit the bound
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.err.find(needle), std::string::npos) << args << "\n" << r.err;
  }
  EXPECT_TRUE(fs::is_fifo(fifo));
}

TEST(StandardOutput, AFailedWriteIsAnErrorAndAClosedPipeIsQuiet) {
  const CliResult full = run_sh("$GRUNDY table nim -p heaps=2 --size 300 > /dev/full; echo \"exit $?\" >&2");
  EXPECT_NE(full.err.find("standard output: write failed: No space left on device"), std::string::npos) << full.err;
  EXPECT_NE(full.err.find("exit 2"), std::string::npos) << full.err;
  const CliResult pipe = run_sh("$GRUNDY table nim -p heaps=2 --size 1000 --format csv | head -2");
  EXPECT_EQ(pipe.out, "x,y,grundy,outcome\n0,0,0,P\n");
  EXPECT_EQ(pipe.err, "");
}
