#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

// The engine's integer expression language: 64-bit signed integers only, C-like operators
// (with '^' as XOR and '**' as power) with Rust's precedence (the bitwise operators bind tighter
// than the comparisons, which do not chain: the table is above the parser in expr.cpp), floor
// division, membership tests and a few functions. Every overflow is reported as an EvalError,
// never wrapped and never undefined behaviour.
namespace grundy::expr {

// A syntax error, unknown identifier or exceeded limit found while compiling. what() is one
// line: "column 7: expected ')' after function arguments, found end of input". Columns are
// 1-based byte offsets into the source; the end of input is column size() + 1.
struct SyntaxError : std::runtime_error {
  SyntaxError(int col, const std::string& message);
  int column;
};

// A failure while evaluating: overflow, division or modulo by zero, negative exponent, shift
// count outside 0..63, log2 of a non-positive number, popcount of a negative number. The message
// names the column of the operator and the operands, e.g.
// "column 3: overflow in '3037000500 * 3037000500'".
struct EvalError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

namespace detail {
class Compiler;
}

class Program {
 public:
  static constexpr std::size_t kMaxSourceLength = 4096;
  static constexpr int kMaxNesting = 200;
  static constexpr std::size_t kMaxStack = 256;

  // The constant program "0" with no variables.
  Program();

  // Compiles `source`; identifiers must be in `variables` (their index in this list is their
  // slot) or be a function name (abs, log2, max, min, popcount) followed by '('. If a name is
  // listed twice, the first slot wins. Throws SyntaxError.
  static Program compile(std::string_view source, const std::vector<std::string>& variables);

  // Evaluates with vars[i] bound to variables[i]. Throws EvalError, also when vars.size() is
  // not the variable count. Const and thread-safe: uses only a local fixed-size stack.
  std::int64_t eval(std::span<const std::int64_t> vars) const;
  std::int64_t eval(std::initializer_list<std::int64_t> vars) const {
    return eval(std::span<const std::int64_t>(vars.begin(), vars.size()));
  }

  // True when the program reads variable slot i (lets callers skip computing e.g. `total`).
  // Reads removed by constant folding ("0 && total") do not count.
  bool uses(std::size_t slot) const { return slot < uses_.size() && uses_[slot] != 0; }

  const std::string& source() const { return source_; }
  std::size_t variable_count() const { return variable_count_; }

  // True when compilation folded the whole program to one constant (it reads no variable and
  // cannot fail); eval() then returns constant_value().
  bool is_constant() const;
  std::int64_t constant_value() const;

  // Evaluation stack slots the program needs (at most kMaxStack).
  std::size_t stack_depth() const { return stack_depth_; }

 private:
  friend class detail::Compiler;

  // One bytecode instruction; `column` is the source column used in error messages.
  struct Instr {
    std::int64_t arg;
    std::int32_t column;
    std::uint8_t op;
  };

  std::string source_;
  std::vector<Instr> code_;
  std::vector<std::int64_t> set_pool_;  // sorted, deduplicated members of every `in {...}` set
  std::vector<std::uint8_t> uses_;      // per variable slot
  std::size_t variable_count_ = 0;
  std::size_t stack_depth_ = 0;
};

}  // namespace grundy::expr
