#include "games/registry.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <set>

#include "core/model/parse.hpp"

namespace grundy::games {

using runtime::UserError;

const std::string& Params::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw UserError(family_ + ": parameter " + name + " is required (-p " + name + "=...)");
  return it->second;
}

std::int64_t Params::get_int(const std::string& name, std::int64_t min, std::int64_t max) const {
  return core::parse_int(get(name), "-p " + name, min, max);
}

std::vector<std::int64_t> Params::get_int_list(const std::string& name, std::int64_t min, std::int64_t max) const {
  return core::parse_int_list(get(name), "-p " + name, min, max);
}

const std::vector<Family>& families() {
  static const std::vector<Family> list = {
      nim_family(),         subtraction_family(), sum_family(),   fts_family(),   chocolate_family(),
      chocolate2_family(),  knight_family(),      queen_family(), rook_family(),  king_family(),
      leaper_family(),      rider_family(),       octal_family(), chomp_family(), cram_family(),
      node_kayles_family(), arc_kayles_family(),
  };
  return list;
}

const Family& find_family(std::string_view name) {
  std::string known;
  for (const Family& f : families()) {
    if (f.name == name) return f;
    known += (known.empty() ? "" : ", ") + f.name;
  }
  throw UserError("unknown game family '" + std::string(name.substr(0, 40)) + "'; known: " + known);
}

core::Game make_game(const GameSpec& spec) { return find_family(spec.family).make(params_of(spec), spec.transforms); }

Params params_of(const GameSpec& spec) {
  const Family& family = find_family(spec.family);
  std::map<std::string, std::string> values;
  for (const auto& [name, value] : spec.params) {
    bool known = false;
    std::string allowed;
    for (const ParamSpec& p : family.params) {
      known = known || p.name == name;
      allowed += (allowed.empty() ? "" : ", ") + p.name;
    }
    if (!known)
      throw UserError(family.name + ": unknown parameter '" + name.substr(0, 40) + "'; allowed: " +
                      (allowed.empty() ? "none" : allowed));
    if (!values.emplace(name, value).second) throw UserError(family.name + ": parameter " + name + " given twice");
  }
  for (const ParamSpec& p : family.params)
    if (!values.count(p.name) && !p.default_value.empty()) values.emplace(p.name, p.default_value);
  return Params(family.name, std::move(values));
}

namespace {

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  std::string cur;
  bool in_word = false;
  char quote = 0;
  for (char c : text) {
    if (quote) {
      if (c == quote)
        quote = 0;
      else
        cur += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) words.push_back(cur);
      cur.clear();
      in_word = false;
    } else {
      cur += c;
      in_word = true;
    }
  }
  if (quote) throw UserError("game spec '" + std::string(text.substr(0, 60)) + "': unclosed quote");
  if (in_word) words.push_back(cur);
  return words;
}

}  // namespace

int parse_passes(const std::string& text) { return static_cast<int>(core::parse_int(text, "--passes", 1, 64)); }

void check_forbid(const std::string& text) {
  if (text.find_first_not_of(" \t") == std::string::npos)
    throw UserError("--forbid '" + text + "': empty expression; expected e.g. --forbid 'total % 5 == 0'");
}

GameSpec make_game_spec(const std::string& family, const std::vector<std::string>& params,
                        const TransformFlags& flags) {
  for (const std::string& k : flags.passes) (void)parse_passes(k);
  for (const std::string& e : flags.forbid) check_forbid(e);
  GameSpec spec;
  spec.family = family;
  for (const std::string& kv : params) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) throw UserError("-p '" + kv.substr(0, 60) + "': expected name=value");
    spec.params.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
  }
  // A repeated flag is refused rather than read as its last occurrence: `--passes 2 --passes 3`
  // has no meaning the user can be assumed to want.
  const std::pair<const char*, std::size_t> counts[] = {
      {"--pass", static_cast<std::size_t>(flags.pass)},
      {"--passes", flags.passes.size()},
      {"--pass-from-terminal", static_cast<std::size_t>(flags.pass_from_terminal)},
      {"--forbid", flags.forbid.size()},
      {"--misere", static_cast<std::size_t>(flags.misere)}};
  for (const auto& [flag, n] : counts)
    if (n > 1)
      throw UserError(std::string(flag) + " given " + (n == 2 ? std::string("twice") : std::to_string(n) + " times") +
                      "; give each transform flag at most once");
  if (flags.pass > 0 && !flags.passes.empty()) throw UserError("give either --pass or --passes K, not both");
  spec.transforms.passes = flags.pass > 0 ? 1 : flags.passes.empty() ? 0 : parse_passes(flags.passes[0]);
  if (flags.pass_from_terminal > 0 && spec.transforms.passes == 0)
    throw UserError("--pass-from-terminal needs --pass or --passes K");
  spec.transforms.pass_from_terminal = flags.pass_from_terminal > 0;
  spec.transforms.forbid = flags.forbid.empty() ? "" : flags.forbid[0];
  spec.transforms.misere = flags.misere > 0;
  return spec;
}

// Reads the words of the spec as they come (a word it does not know, or a flag without its
// value, is an error of this syntax), then builds the spec as the CLI does.
GameSpec parse_game_spec(std::string_view text, SpecOf of) {
  if (text.size() > 4096) throw UserError("game spec longer than 4096 characters");
  const auto words = split_words(text);
  if (words.empty()) throw UserError("game spec is empty; expected a family name such as 'nim -p heaps=1'");
  std::vector<std::string> params;
  TransformFlags flags;
  auto need = [&](std::size_t i, const std::string& flag) -> const std::string& {
    if (i >= words.size()) throw UserError("game spec '" + std::string(text) + "': " + flag + " needs a value");
    return words[i];
  };
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "-p" || w == "--param") {
      params.push_back(need(++i, w));
    } else if (w == "--pass") {
      ++flags.pass;
    } else if (w == "--passes") {
      flags.passes.push_back(need(++i, w));
    } else if (w == "--pass-from-terminal") {
      ++flags.pass_from_terminal;
    } else if (w == "--forbid") {
      flags.forbid.push_back(need(++i, w));
    } else if (w == "--misere") {
      if (of == SpecOf::Component) throw UserError("--misere applies to a whole game, not to a component of a sum");
      ++flags.misere;
    } else {
      throw UserError("game spec '" + std::string(text.substr(0, 60)) + "': unexpected '" + w.substr(0, 40) +
                      "'; allowed: -p name=value, --pass, --passes K, --pass-from-terminal, --forbid EXPR" +
                      (of == SpecOf::WholeGame ? ", --misere" : ""));
    }
  }
  return make_game_spec(words[0], params, flags);
}

std::string shell_word(const std::string& w) {
  const bool bare = !w.empty() && std::all_of(w.begin(), w.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || (c != '\0' && std::strchr("_-+=,./:@%", c) != nullptr);
  });
  if (bare) return w;
  std::string out = "'";
  for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string spec_text(const GameSpec& spec) {
  std::string text = shell_word(spec.family);
  for (const auto& [name, value] : spec.params) text += " -p " + shell_word(name + "=" + value);
  return text + transforms_text(spec.transforms);
}

std::string transforms_text(const Transforms& t) {
  std::string text;
  if (t.passes == 1) text += " --pass";
  if (t.passes > 1) text += " --passes " + std::to_string(t.passes);
  if (t.pass_from_terminal) text += " --pass-from-terminal";
  if (!t.forbid.empty()) text += " --forbid " + shell_word(t.forbid);
  if (t.misere) text += " --misere";
  return text;
}

nlohmann::json families_json() {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& fam : families()) {
    nlohmann::json j;
    j["name"] = fam.name;
    j["summary"] = fam.summary;
    j["example"] = fam.example;
    j["params"] = nlohmann::json::array();
    for (const auto& p : fam.params)
      j["params"].push_back({{"name", p.name}, {"help", p.help}, {"default", p.default_value}, {"optional", p.optional}});
    j["starts"] = fam.starts;
    list.push_back(j);
  }
  return list;
}

}  // namespace grundy::games
