#include "games/octal.hpp"

#include <algorithm>
#include <functional>
#include <map>

#include "games/nim.hpp"
#include "games/octal_solver.hpp"
#include "games/registry.hpp"

namespace grundy::games {

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

int OctalCode::max_parts() const {
  int parts = 1;
  for (std::uint8_t d : digit) parts = std::max(parts, (d & 8) ? 3 : (d & 4) ? 2 : 1);
  return parts;
}

bool OctalCode::any_unequal() const {
  for (std::size_t k = 0; k < digit.size(); ++k)
    if (unequal[k] && (digit[k] & 12)) return true;
  return false;
}

OctalCode parse_octal_code(const std::string& given) {
  const std::string text = given == "grundy" ? "4!.0" : given;
  const auto fail = [&](const std::string& why) -> OctalCode {
    throw runtime::UserError("-p code=" + given.substr(0, 40) + ": " + why +
                             "; a code is d0.d1d2... with hexadecimal digits (0.137, 0.77, 4!.0; or grundy)");
  };
  OctalCode c;
  const std::size_t dot = text.find('.');
  if (dot == std::string::npos) return fail("no '.'");
  // d0: nothing, or one digit (optionally with '!') before the point.
  std::string before = text.substr(0, dot), after = text.substr(dot + 1);
  c.digit.push_back(0);
  c.unequal.push_back(false);
  if (!before.empty()) {
    const bool bang = before.size() == 2 && before[1] == '!';
    if (before.size() > (bang ? 2u : 1u) || hex_digit(before[0]) < 0) return fail("'" + before + "' before the point");
    const int d = hex_digit(before[0]);
    if (d & 3) return fail("d0 = " + before.substr(0, 1) + " takes no stones, so it may only split (0, 4, 8 or c)");
    c.digit[0] = static_cast<std::uint8_t>(d);
    c.unequal[0] = bang;
  }
  for (std::size_t i = 0; i < after.size(); ++i) {
    if (after[i] == '!') {
      if (i == 0 || after[i - 1] == '!') return fail("'!' must follow a digit");
      c.unequal.back() = true;
      continue;
    }
    const int d = hex_digit(after[i]);
    if (d < 0) return fail(std::string("'") + after[i] + "' is not a digit");
    c.digit.push_back(static_cast<std::uint8_t>(d));
    c.unequal.push_back(false);
  }
  if (c.digit.size() > 65) return fail("more than 64 digits after the point");
  while (c.digit.size() > 1 && c.digit.back() == 0) {
    c.digit.pop_back();
    c.unequal.pop_back();
  }
  if (c.digit.size() == 1 && c.digit[0] == 0) return fail("no move at all");
  // Normalised text: d0 only when it splits, every digit up to the last non-zero one.
  std::string norm = c.digit[0] ? std::string(1, "0123456789abcdef"[c.digit[0]]) + (c.unequal[0] ? "!" : "") : "0";
  norm += ".";
  for (std::size_t k = 1; k < c.digit.size(); ++k)
    norm += std::string(1, "0123456789abcdef"[c.digit[k]]) + (c.unequal[k] ? "!" : "");
  if (c.digit.size() == 1) norm += "0";
  c.text = norm;
  return c;
}

std::vector<std::string> Octal::coordinate_names() const { return heap_names(heaps_); }

std::string Octal::name() const {
  const std::string code = code_.text == "4!.0" ? "4!.0, Grundy's game" : code_.text;
  return "octal(code=" + code + (heaps_ > 1 ? ", heaps=" + std::to_string(heaps_) : "") + ")";
}

std::string Octal::check(const Position& pos) const {
  if (pos.size() > kMaxHeaps)
    return std::to_string(pos.size()) + " heaps; a position holds at most " + std::to_string(kMaxHeaps);
  const auto names = heap_names(std::max(pos.size(), heaps_));
  for (int i = 0; i < pos.size(); ++i)
    if (pos[i] < 0)
      return "heap " + names[static_cast<std::size_t>(i)] + " = " + std::to_string(pos[i]) +
             " is negative; heaps are >= 0";
  return "";
}

// Insertion sort, largest first: at most 15 heaps.
void Octal::sort_heaps(Position& o) {
  for (int i = 1; i < o.size(); ++i)
    for (int j = i; j > 0 && o[j - 1] < o[j]; --j) std::swap(o[j - 1], o[j]);
}

Octal octal_from_params(const Params& p) {
  return Octal(parse_octal_code(p.get("code")), static_cast<int>(p.get_int("heaps", 1, 8)));
}

Family octal_family() {
  Family f;
  f.name = "octal";
  f.summary = "take-and-break games by code: octal (0.77 Kayles, 0.137 Dawson's chess), hexadecimal, 4!.0 Grundy's game";
  f.example = "octal -p code=0.77";
  f.params = {{"code",
               "d0.d1d2...: digit k says how k stones may be removed from a heap (1: the whole heap, 2: leaving one "
               "heap, 4: leaving two, 8: leaving three); '!' after a digit: the heaps left differ in size; "
               "code=grundy is 4!.0",
               ""},
              {"heaps", "heaps in a position, 1 to 8 (the coordinates x, y, z ...)", "1"}};
  f.coordinates = [](const Params& p) { return heap_names(static_cast<int>(p.get_int("heaps", 1, 8))); };
  f.make = [](const Params& p, const Transforms& t) { return with_transforms(octal_from_params(p), t); };
  f.arity_param = "heaps";
  f.octal = [](const GameSpec& spec) -> std::optional<OctalCode> {
    if (spec.transforms.passes > 0 || !spec.transforms.forbid.empty() || spec.transforms.misere) return std::nullopt;
    return parse_octal_code(params_of(spec).get("code"));
  };
  // The atlas's take-and-break games: every octal code 0.d1..dk of 1 .. --digits digits, in
  // normal play without transforms (what the sparse-space sweep computes).
  f.atlas = AtlasSweep{{{"digits", "octal: codes of 1 to D digits after 0.", 3, 1, 4}},
                       [](const std::map<std::string, std::int64_t>& o) {
                         std::vector<std::string> out;
                         std::string code = "0.";
                         std::function<void(std::int64_t)> grow = [&](std::int64_t left) {
                           for (char d = '0'; d <= '7'; ++d) {
                             code.push_back(d);
                             if (left > 1)
                               grow(left - 1);
                             else if (d != '0')
                               out.push_back("octal -p code=" + code);
                             code.pop_back();
                           }
                         };
                         for (std::int64_t k = 1; k <= o.at("digits"); ++k) grow(k);
                         return out;
                       },
                       [](const std::map<std::string, std::int64_t>& o) {
                         return "codes of 1.." + std::to_string(o.at("digits")) + " digits";
                       },
                       false};
  return f;
}

}  // namespace grundy::games
