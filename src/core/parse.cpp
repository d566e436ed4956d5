#include "core/parse.hpp"

#include <algorithm>
#include <charconv>

#include "core/errors.hpp"

namespace grundy::core {

namespace {

std::string quoted(std::string_view s) {
  constexpr std::size_t kShown = 40;
  std::string out = "'" + std::string(s.substr(0, kShown)) + (s.size() > kShown ? "...'" : "'");
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
  return out;
}

}  // namespace

std::int64_t parse_int(std::string_view text, std::string_view what, std::int64_t min, std::int64_t max) {
  const std::string range = "; allowed " + std::to_string(min) + ".." + std::to_string(max);
  std::string_view t = text;
  if (!t.empty() && t.front() == '+') t.remove_prefix(1);
  std::int64_t v = 0;
  auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (t.empty() || ec == std::errc::invalid_argument || ptr != t.data() + t.size())
    throw UserError(std::string(what) + " = " + quoted(text) + ": not an integer" + range);
  if (ec == std::errc::result_out_of_range || v < min || v > max)
    throw UserError(std::string(what) + " = " + quoted(text) + ": out of range" + range);
  return v;
}

std::vector<std::int64_t> parse_int_list(std::string_view text, std::string_view what, std::int64_t min,
                                         std::int64_t max) {
  std::vector<std::int64_t> out;
  if (text.empty()) throw UserError(std::string(what) + " is empty; expected comma-separated integers");
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item = text.substr(start, comma == std::string_view::npos ? text.npos : comma - start);
    out.push_back(parse_int(item, std::string(what) + " item " + std::to_string(out.size() + 1), min, max));
    if (out.size() > 4096) throw UserError(std::string(what) + ": more than 4096 items");
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

Position parse_position(std::string_view text) {
  constexpr std::int64_t kMaxCoordinate = std::int64_t{1} << 62;
  if (std::count(text.begin(), text.end(), ',') >= kMaxCoords)
    throw UserError("position " + quoted(text) + ": more than " + std::to_string(kMaxCoords) + " coordinates");
  Position p;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item = text.substr(start, comma == std::string_view::npos ? text.npos : comma - start);
    p.push_back(parse_int(item, "position " + quoted(text) + " coordinate " + std::to_string(p.size() + 1),
                          -kMaxCoordinate, kMaxCoordinate));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return p;
}

}  // namespace grundy::core
