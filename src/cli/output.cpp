#include "cli/output.hpp"

#include <algorithm>
#include <cctype>
#include <iostream>
#include <optional>

#include "core/errors.hpp"

namespace grundy::cli {

namespace {

std::string list_of(const std::vector<io::Format>& allowed) {
  std::string s;
  for (io::Format f : allowed) s += (s.empty() ? "" : ", ") + std::string(io::format_name(f));
  return s;
}

// The format a file name's extension names, or none.
std::optional<io::Format> format_of_extension(const std::string& path) {
  const auto slash = path.rfind('/');
  const auto dot = path.rfind('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return std::nullopt;
  std::string ext = path.substr(dot + 1);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == "tex") return io::Format::Latex;
  if (ext == "txt") return io::Format::Text;
  for (io::Format f : io::all_formats())
    if (ext == io::format_name(f)) return f;
  return std::nullopt;
}

}  // namespace

void add_output_options(CLI::App* cmd, OutputOptions& o, const std::vector<io::Format>& allowed, bool wide) {
  cmd->add_option("--format", o.format, list_of(allowed) + " (default: from the --out file's extension, else text)")
      ->type_name("FORMAT")
      ->each([allowed](const std::string& v) {
        const io::Format f = io::parse_any_format(v);
        if (std::find(allowed.begin(), allowed.end(), f) == allowed.end())
          throw core::UserError("--format = '" + v.substr(0, 40) + "': allowed " + list_of(allowed));
      });
  cmd->add_option("--out", o.out, "write to FILE instead of standard output (format from its extension)")
      ->type_name("FILE")
      ->each([](const std::string& v) {
        if (v.empty()) throw core::UserError("--out: empty file name; give a path");
      });
  if (wide) cmd->add_flag("--wide", o.wide, "csv: the table as a matrix, one row per line (numpy.loadtxt reads it)");
}

io::Format output_format(const OutputOptions& o, const std::vector<io::Format>& allowed) {
  const std::optional<io::Format> by_ext = o.out.empty() ? std::nullopt : format_of_extension(o.out);
  io::Format f = io::Format::Text;
  if (!o.format.empty()) {
    f = io::parse_any_format(o.format);
    if (by_ext && *by_ext != f)
      throw core::UserError("--format " + o.format + " and --out " + o.out.substr(0, 80) +
                            ": the file's extension names " + io::format_name(*by_ext) +
                            "; give one or the other, or make them agree");
  } else if (by_ext) {
    f = *by_ext;
  }
  if (std::find(allowed.begin(), allowed.end(), f) == allowed.end())
    throw core::UserError(
        std::string(o.format.empty() ? "--out " + o.out.substr(0, 80) + ": format " : "--format = '") +
        io::format_name(f) + (o.format.empty() ? "" : "'") + ": this command prints " + list_of(allowed));
  if (o.wide && f != io::Format::Csv) throw core::UserError("--wide is a form of --format csv");
  if ((f == io::Format::Png || f == io::Format::Npy) && o.out.empty())
    throw core::UserError(std::string("--format ") + io::format_name(f) + " writes a binary file: give --out FILE");
  return f;
}

OutputSink::OutputSink(const OutputOptions& o) : std_out_(&std::cout) {
  if (!o.out.empty()) file_ = std::make_unique<io::AtomicFile>(o.out, "--out");
}

void OutputSink::finish() {
  if (file_) file_->commit();
}

namespace {
int g_claim_status = 0;
}  // namespace

void claim_failed() { g_claim_status = 1; }
int claim_status() { return g_claim_status; }

}  // namespace grundy::cli
