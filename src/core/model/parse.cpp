#include "core/model/parse.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "runtime/errors.hpp"

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
    throw runtime::UserError(std::string(what) + " = " + quoted(text) + ": not an integer" + range);
  if (ec == std::errc::result_out_of_range || v < min || v > max)
    throw runtime::UserError(std::string(what) + " = " + quoted(text) + ": out of range" + range);
  return v;
}

std::vector<std::int64_t> parse_int_list(std::string_view text, std::string_view what, std::int64_t min,
                                         std::int64_t max) {
  const std::string name(what);
  if (text.empty()) throw runtime::UserError(name + " is empty; expected comma-separated integers");
  auto refuse = [&](const std::string& why) {
    throw runtime::UserError(name + " = " + quoted(text) + ": " + why +
                             "; expected comma-separated integers, e.g. 1,2,3 or {1,2,3}");
  };
  // A set literal, as in the expression language: the braces enclose the whole list, and blanks
  // may surround the items.
  std::string_view body = text;
  const bool braced = text.front() == '{';
  if (braced) {
    if (text.back() != '}' || text.size() == 1)
      refuse(text.find('}') == std::string_view::npos ? "'{' without a closing '}'" : "text after the closing '}'");
    body = text.substr(1, text.size() - 2);
    if (body.find_first_of("{}") != std::string_view::npos) refuse("braces inside the set");
    if (body.find_first_not_of(" \t") == std::string_view::npos) refuse("the set is empty");
  } else if (text.find_first_of("{}") != std::string_view::npos) {
    refuse(text.find('{') == std::string_view::npos ? "'}' without an opening '{'"
                                                    : "braces must enclose the whole list");
  }
  std::vector<std::int64_t> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = body.find(',', start);
    std::string_view item = body.substr(start, comma == std::string_view::npos ? body.npos : comma - start);
    if (braced) {
      const std::size_t first = item.find_first_not_of(" \t");
      item = first == std::string_view::npos ? std::string_view() : item.substr(first, item.find_last_not_of(" \t") - first + 1);
    }
    out.push_back(parse_int(item, name + " item " + std::to_string(out.size() + 1), min, max));
    if (out.size() > 4096) throw runtime::UserError(name + ": more than 4096 items");
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

std::pair<std::int64_t, std::int64_t> parse_rxc(std::string_view text, std::string_view what, std::int64_t max_rows,
                                                std::int64_t max_columns) {
  const auto x = text.find('x');
  if (x == std::string_view::npos)
    throw runtime::UserError(std::string(what) + " = '" + std::string(text) + "': expected RxC");
  return {parse_int(text.substr(0, x), std::string(what) + " rows", 1, max_rows),
          parse_int(text.substr(x + 1), std::string(what) + " columns", 1, max_columns)};
}

Position parse_position(std::string_view text) {
  constexpr std::int64_t kMaxCoordinate = std::int64_t{1} << 62;
  if (std::count(text.begin(), text.end(), ',') >= kMaxCoords)
    throw runtime::UserError("position " + quoted(text) + ": more than " + std::to_string(kMaxCoords) + " coordinates");
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

std::uint64_t parse_memory_size(std::string_view text) {
  // A K, M, G or T suffix (either case) multiplies by 2^10, 2^20, 2^30 or 2^40.
  constexpr std::string_view kUnits = "KMGT";
  std::uint64_t mult = 1;
  std::string_view digits = text;
  const std::size_t unit = text.empty()
                               ? std::string_view::npos
                               : kUnits.find(static_cast<char>(std::toupper(static_cast<unsigned char>(text.back()))));
  if (unit != std::string_view::npos) {
    mult = std::uint64_t{1} << (10 * (unit + 1));
    digits.remove_suffix(1);
  }
  if (digits.empty())
    throw runtime::UserError("--max-memory = '" + std::string(text.substr(0, 40)) +
                             "': expected a size such as 512M or 16G");
  const auto n = static_cast<std::uint64_t>(parse_int(digits, "--max-memory", 1, std::int64_t{1} << 50));
  if (n > (std::uint64_t{1} << 50) / mult)
    throw runtime::UserError("--max-memory = '" + std::string(text.substr(0, 40)) + "': too large");
  return n * mult;
}

}  // namespace grundy::core
