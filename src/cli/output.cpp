#include "cli/output.hpp"

#include <algorithm>
#include <cctype>
#include <iostream>
#include <optional>

#include "dist/mpi.hpp"
#include "figures/heatmap.hpp"
#include "runtime/errors.hpp"

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
  if (ext == "tex") return io::Format::Latex;  // or tikz: see output_format
  if (ext == "txt") return io::Format::Text;
  for (io::Format f : io::all_formats())
    if (ext == io::format_name(f)) return f;
  return std::nullopt;
}

}  // namespace

double leading_number(const std::string& text, std::size_t& used) {
  used = 0;
  try {
    return std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
    return 0;
  }
}

void add_output_options(CLI::App* cmd, OutputOptions& o, const std::vector<io::Format>& allowed, bool wide) {
  cmd->add_option("--format", o.format, list_of(allowed) + " (default: from the --out file's extension, else text)")
      ->type_name("FORMAT")
      ->each([allowed](const std::string& v) {
        const io::Format f = io::parse_any_format(v);
        if (std::find(allowed.begin(), allowed.end(), f) == allowed.end())
          throw runtime::UserError("--format = '" + v.substr(0, 40) + "': allowed " + list_of(allowed));
      });
  cmd->add_option("--out", o.out, "write to FILE instead of standard output (format from its extension)")
      ->type_name("FILE")
      ->each([](const std::string& v) {
        if (v.empty()) throw runtime::UserError("--out: empty file name; give a path");
      });
  if (wide) cmd->add_flag("--wide", o.wide, "csv: the table as a matrix, one row per line (numpy.loadtxt reads it)");
  if (std::none_of(allowed.begin(), allowed.end(), io::is_figure)) return;
  cmd->add_option_function<std::string>(
         "--dpi",
         [&o](const std::string& v) {
           std::size_t used = 0;
           const double dpi = leading_number(v, used);
           if (used != v.size() || !(dpi >= 10 && dpi <= 2400))
             throw runtime::UserError("--dpi = '" + v.substr(0, 40) + "': give 10 to 2400 pixels per inch");
           o.figure.dpi = dpi;
         },
         "png: pixels per inch, 10 to 2400 (default 150)")
      ->type_name("N");
  cmd->add_option_function<std::string>(
         "--figure-width", [&o](const std::string& v) { o.figure.width = parse_length(v, "--figure-width"); },
         "png, svg, pdf, tikz: the figure's width, e.g. 12cm, 5in, 80mm or 345pt (default: from the table's shape)")
      ->type_name("LENGTH");
  cmd->add_option_function<std::string>(
         "--labels",
         [&o](const std::string& v) {
           if (v == "auto")
             o.figure.labels = figures::Labels::Auto;
           else if (v == "on")
             o.figure.labels = figures::Labels::On;
           else if (v == "off")
             o.figure.labels = figures::Labels::Off;
           else
             throw runtime::UserError("--labels = '" + v.substr(0, 40) + "': allowed auto, on, off");
         },
         "png, svg, pdf, tikz: values written in the cells: auto (where legible), on (wherever they fit), off")
      ->type_name("WHEN");
}

double parse_length(const std::string& text, const std::string& flag) {
  static const std::pair<const char*, double> units[] = {
      {"pt", 1.0}, {"in", 72.0}, {"cm", 72.0 / 2.54}, {"mm", 72.0 / 25.4}};
  const auto bad = [&] {
    return runtime::UserError(flag + " = '" + text.substr(0, 40) +
                              "': give a length from 1in to 100in, e.g. 12cm, 5in, 80mm or 345pt");
  };
  std::size_t used = 0;
  const double value = leading_number(text, used);
  if (used == 0) throw bad();
  const std::string unit = text.substr(used);
  double scale = unit.empty() ? 1.0 : 0.0;
  for (const auto& [name, factor] : units)
    if (unit == name) scale = factor;
  const double points = value * scale;
  if (scale == 0 || !(points >= 72 && points <= 7200)) throw bad();
  return points;
}

io::Format output_format(const OutputOptions& o, const std::vector<io::Format>& allowed) {
  const std::optional<io::Format> by_ext = o.out.empty() ? std::nullopt : format_of_extension(o.out);
  io::Format f = io::Format::Text;
  if (!o.format.empty()) {
    f = io::parse_any_format(o.format);
    if (by_ext && *by_ext != f && !(*by_ext == io::Format::Latex && f == io::Format::Tikz))
      throw runtime::UserError("--format " + o.format + " and --out " + o.out.substr(0, 80) +
                               ": the file's extension names " + io::format_name(*by_ext) +
                               "; give one or the other, or make them agree");
  } else if (by_ext) {
    f = *by_ext;
  }
  if (std::find(allowed.begin(), allowed.end(), f) == allowed.end())
    throw runtime::UserError(
        std::string(o.format.empty() ? "--out " + o.out.substr(0, 80) + ": format " : "--format = '") +
        io::format_name(f) + (o.format.empty() ? "" : "'") + ": this command prints " + list_of(allowed));
  if (o.wide && f != io::Format::Csv) throw runtime::UserError("--wide is a form of --format csv");
  if ((f == io::Format::Png || f == io::Format::Pdf || f == io::Format::Npy) && o.out.empty())
    throw runtime::UserError(std::string("--format ") + io::format_name(f) + " writes a binary file: give --out FILE");
  return f;
}

OutputSink::OutputSink(const OutputOptions& o) : std_out_(&std::cout) {
  // Under mpirun every rank runs the command and rank 0 alone speaks: the others' output goes
  // nowhere, and they never touch the --out file.
  if (dist::world().silent()) {
    static std::ostream nowhere(nullptr);
    std_out_ = &nowhere;
    return;
  }
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
