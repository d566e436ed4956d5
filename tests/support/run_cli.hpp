#pragma once

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

// Runs the grundy binary built beside the tests with `args` (shell syntax), standard input from
// `input`, and returns what it printed and its exit status.
struct CliResult {
  int status = -1;
  std::string out, err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

inline CliResult run_cli(const std::string& args, const std::string& input = "", const std::string& env = "") {
  const std::string dir = testing::TempDir();
  const std::string tag = std::to_string(::getpid());
  const std::string in = dir + "/grundy_in_" + tag, out = dir + "/grundy_out_" + tag, err = dir + "/grundy_err_" + tag;
  std::ofstream(in) << input;
  const std::string cmd = (env.empty() ? "" : env + " ") + std::string(GRUNDY_BINARY) + " " + args + " < " + in + " > " + out + " 2> " + err;
  const int raw = std::system(cmd.c_str());
  CliResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

// Runs a shell script with $GRUNDY naming the binary (for pipes, background runs and signals).
inline CliResult run_sh(const std::string& script) {
  const std::string dir = testing::TempDir();
  const std::string tag = std::to_string(::getpid());
  const std::string sh = dir + "/grundy_sh_" + tag, out = dir + "/grundy_out_" + tag, err = dir + "/grundy_err_" + tag;
  std::ofstream(sh) << "GRUNDY='" << GRUNDY_BINARY << "'\n" << script << "\n";
  const int raw = std::system(("sh " + sh + " < /dev/null > " + out + " 2> " + err).c_str());
  CliResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

// run_cli, and what the process took: its peak resident memory (from wait4, the binary itself
// being the shell's exec) and its wall time.
struct MeasuredRun {
  CliResult result;
  std::uint64_t peak_bytes = 0;
  double seconds = 0;
};

inline MeasuredRun run_cli_measured(const std::string& args) {
  const std::string dir = testing::TempDir();
  const std::string tag = std::to_string(::getpid());
  const std::string out = dir + "/grundy_out_" + tag, err = dir + "/grundy_err_" + tag;
  const std::string cmd = "exec " + std::string(GRUNDY_BINARY) + " " + args + " < /dev/null > " + out + " 2> " + err;
  MeasuredRun m;
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int raw = 0;
  struct rusage usage {};
  ::wait4(pid, &raw, 0, &usage);
  m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  m.peak_bytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
  m.result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  m.result.out = slurp(out);
  m.result.err = slurp(err);
  return m;
}
