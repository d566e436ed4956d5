// libFuzzer target: the expression language (src/expr). Any input must either compile or throw
// SyntaxError; a compiled program must evaluate or throw EvalError at every binding tried,
// including the extremes of int64. Anything else (another exception, a sanitizer report, a
// constant program whose folded value differs from its evaluation) is a crash.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string_view>
#include <vector>

#include "expr/expr.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using grundy::expr::Program;
  const std::string_view src(reinterpret_cast<const char*>(data), size);
  static const std::vector<std::string> names = {"x", "y", "z", "total"};
  Program p;
  try {
    p = Program::compile(src, names);
  } catch (const grundy::expr::SyntaxError&) {
    return 0;
  }
  constexpr std::int64_t lo = std::numeric_limits<std::int64_t>::min(), hi = std::numeric_limits<std::int64_t>::max();
  const std::int64_t bindings[][4] = {{0, 0, 0, 0}, {1, 2, 3, 6}, {-7, 2, 5, 0}, {lo, hi, -1, -1}, {hi, hi, hi, hi}, {63, 64, -64, 1}};
  for (const auto& b : bindings) {
    try {
      const std::int64_t v = p.eval({b[0], b[1], b[2], b[3]});
      if (p.is_constant() && v != p.constant_value()) std::abort();
    } catch (const grundy::expr::EvalError&) {
    }
  }
  return 0;
}
