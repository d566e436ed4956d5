#pragma once

// --format and --out, the same on every command that prints data: the format is
// the one --format names, else the one --out's extension names (.txt .csv .json .tex .png .svg
// .npy), else text; a --format that contradicts the extension is bad input, and so is a format
// the command does not print. The data goes to standard output, or to the --out file through
// io::AtomicFile (nothing under the real name until it is whole).

#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "figures/figure.hpp"
#include "io/files.hpp"
#include "io/format.hpp"

namespace grundy::cli {

struct OutputOptions {
  std::string format;  // as given; empty: from --out, else text
  std::string out;     // empty: standard output
  bool wide = false;   // csv as a matrix (tables only)
  figures::FigureStyle figure;  // --dpi, --figure-width, --labels (commands that draw figures)
};

// Adds --format (listing `allowed`) and --out; --wide too when `wide` is allowed; --dpi,
// --figure-width and --labels when a format allowed is a figure.
void add_output_options(CLI::App* cmd, OutputOptions& o, const std::vector<io::Format>& allowed, bool wide = false);

// The number a text starts with (std::stod: decimal, hexadecimal, inf, nan), and how many of
// its characters it takes (0: none, or out of range).
double leading_number(const std::string& text, std::size_t& used);

// A length with a unit (pt, in, cm, mm; none: points) in points, from 1 to 100 inches; else a
// UserError naming `flag`.
double parse_length(const std::string& text, const std::string& flag);

// The format to print in, checked against `allowed` and against --out's extension.
io::Format output_format(const OutputOptions& o, const std::vector<io::Format>& allowed);

// Where a command prints: standard output or the --out file. finish() commits the file;
// without it (an error on the way) the file is left as it was.
class OutputSink {
 public:
  explicit OutputSink(const OutputOptions& o);
  std::ostream& stream() { return file_ ? file_->stream() : *std_out_; }
  void finish();
  bool to_file() const { return file_ != nullptr; }

 private:
  std::ostream* std_out_;
  std::unique_ptr<io::AtomicFile> file_;
};

// Runs `print` on the command's output and commits it: a command's data goes through here, so
// --out means the same everywhere, and an error half-way leaves the --out file as it was.
template <class Print>
void with_output(const OutputOptions& o, Print&& print) {
  OutputSink sink(o);
  print(sink.stream());
  sink.finish();
}

// The exit status of a command that tests a claim (check, ns, reverse-mex, verify): 0 when
// everything holds, 1 when something fails. The command prints its report in full and calls
// claim_failed(); main returns the status after the output is flushed.
void claim_failed();
int claim_status();

}  // namespace grundy::cli
