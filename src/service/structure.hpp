#pragma once

// The structure of a table: symmetries, translation periods and per-line periodicity, observed
// on its box (analysis/structure.hpp). `structure` of the CLI, the explorer and Python.

#include <iosfwd>
#include <string>
#include <vector>

#include "analysis/structure.hpp"
#include "pipeline/table_box.hpp"
#include "runtime/limits.hpp"
#include "service/subject.hpp"

namespace grundy::service {

struct StructureResult {
  std::string game;
  std::vector<std::string> names;  // the coordinates
  core::Box box;
  std::string range;  // the box in words: "x,y in 0..31, p in 0..1"
  analysis::StructureReport report;
};

StructureResult structure(const Subject& s, const pipeline::Size& size, const runtime::Limits& limits);

// "G(x,y) = G(y,x)": what a symmetry says; "G(x+2,y) = G(x,y)": what a translation says.
std::string symmetry_text(const std::vector<std::string>& names, const analysis::SymmetryResult& s);
std::string translation_text(const std::vector<std::string>& names, const analysis::TranslationResult& t);

// The JSON of `structure --format json`.
void write_structure_json(std::ostream& out, const StructureResult& r);

}  // namespace grundy::service
