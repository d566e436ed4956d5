#pragma once

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

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
