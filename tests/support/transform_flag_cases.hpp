#pragma once

#include <string>
#include <vector>

// Transform flags written after "nim -p heaps=1", and the one line each must be refused with by
// every reader of GAME specs: the CLI's options, parse_game_spec (a `sum` component) and the
// explorer's game= (games::make_game_spec decides for all of them). Used by
// tests/games/registry_test.cpp, tests/server/api_test.cpp and tests/cli/game_spec_cli_test.cpp.
struct TransformFlagCase {
  std::string flags, message;
};

inline const std::vector<TransformFlagCase>& transform_flag_cases() {
  static const std::vector<TransformFlagCase> cases = {
      {"--pass --passes 2", "give either --pass or --passes K, not both"},
      {"--passes 2 --pass", "give either --pass or --passes K, not both"},
      {"--pass --pass", "--pass given twice; give each transform flag at most once"},
      {"--passes 2 --passes 3", "--passes given twice; give each transform flag at most once"},
      {"--passes 2 --passes 2 --passes 2", "--passes given 3 times; give each transform flag at most once"},
      {"--pass --pass-from-terminal --pass-from-terminal",
       "--pass-from-terminal given twice; give each transform flag at most once"},
      {"--forbid 'x == 1' --forbid 'x == 2'", "--forbid given twice; give each transform flag at most once"},
      {"--pass --pass --passes 2", "--pass given twice; give each transform flag at most once"},
      {"--forbid ' '", "--forbid ' ': empty expression; expected e.g. --forbid 'total % 5 == 0'"},
      {"--passes 0", "--passes = '0': out of range; allowed 1..64"},
      {"--pass --passes 65", "--passes = '65': out of range; allowed 1..64"},
      {"--pass-from-terminal", "--pass-from-terminal needs --pass or --passes K"},
      {"--pass --passes 2 -p heaps", "-p 'heaps': expected name=value"},
  };
  return cases;
}
