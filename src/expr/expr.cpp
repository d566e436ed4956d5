#include "expr/expr.hpp"

#include <algorithm>
#include <array>
#include <limits>

namespace grundy::expr {

SyntaxError::SyntaxError(int col, const std::string& message)
    : std::runtime_error("column " + std::to_string(col) + ": " + message), column(col) {}

namespace {

constexpr std::int64_t kInt64Min = std::numeric_limits<std::int64_t>::min();

enum class Op : std::uint8_t {
  Push,  // arg = constant
  Load,  // arg = variable slot
  // unary: replace the top of the stack
  Neg, Not, BitNot, Bool, Abs, Log2, Popcount,
  In, NotIn,  // arg = set offset in the pool | (set size << 32)
  // binary: pop b, replace a with a op b
  Add, Sub, Mul, Div, Mod, Pow, Shl, Shr,
  Lt, Le, Gt, Ge, Eq, Ne,
  BitAnd, BitOr, BitXor, Min, Max,
  // control flow; arg = target - this instruction's index (always > 0)
  AndJump,     // pop v; if v == 0 push 0 and jump
  OrJump,      // pop v; if v != 0 push 1 and jump
  JumpIfZero,  // pop v; if v == 0 jump
  Jump,
};

// Renders an operand for an error message; negative values get parentheses so that
// "-(-5)" and "2 ** (-1)" read unambiguously.
std::string show(std::int64_t v) {
  return v < 0 ? "(" + std::to_string(v) + ")" : std::to_string(v);
}

const char* symbol(Op op) {
  switch (op) {
    case Op::Add: return "+";
    case Op::Sub: return "-";
    case Op::Mul: return "*";
    case Op::Div: return "/";
    case Op::Mod: return "%";
    case Op::Pow: return "**";
    case Op::Shl: return "<<";
    case Op::Shr: return ">>";
    default: return "?";
  }
}

// The error paths are out of line and cold so that the evaluation loop stays small.
[[noreturn, gnu::cold, gnu::noinline]] void fail(int col, const std::string& message) {
  throw EvalError("column " + std::to_string(col) + ": " + message);
}

[[noreturn, gnu::cold, gnu::noinline]] void fail_binary(int col, const char* what, Op op, std::int64_t a,
                                                        std::int64_t b) {
  fail(col, std::string(what) + " in '" + show(a) + " " + symbol(op) + " " + show(b) + "'");
}

[[noreturn, gnu::cold, gnu::noinline]] void fail_call(int col, const char* what, const char* fn,
                                                      std::int64_t a) {
  fail(col, std::string(what) + " in '" + fn + "(" + std::to_string(a) + ")'");
}

inline std::int64_t add(std::int64_t a, std::int64_t b, int col) {
  std::int64_t r;
  if (__builtin_add_overflow(a, b, &r)) [[unlikely]] fail_binary(col, "overflow", Op::Add, a, b);
  return r;
}

inline std::int64_t sub(std::int64_t a, std::int64_t b, int col) {
  std::int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) [[unlikely]] fail_binary(col, "overflow", Op::Sub, a, b);
  return r;
}

inline std::int64_t mul(std::int64_t a, std::int64_t b, int col) {
  std::int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) [[unlikely]] fail_binary(col, "overflow", Op::Mul, a, b);
  return r;
}

// Floor division (Python semantics): the quotient rounds toward negative infinity.
inline std::int64_t floor_div(std::int64_t a, std::int64_t b, int col) {
  if (b == 0) [[unlikely]] fail_binary(col, "division by zero", Op::Div, a, b);
  if (a == kInt64Min && b == -1) [[unlikely]] fail_binary(col, "overflow", Op::Div, a, b);
  std::int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) --q;
  return q;
}

// Floor modulo: the result has the sign of the divisor, so a == (a / b) * b + a % b.
inline std::int64_t floor_mod(std::int64_t a, std::int64_t b, int col) {
  if (b == 0) [[unlikely]] fail_binary(col, "modulo by zero", Op::Mod, a, b);
  if (b == -1) return 0;  // INT64_MIN % -1 is undefined behaviour in C++
  std::int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

// Exponentiation by squaring. Squaring the base only happens while exponent bits remain, and
// then the final result would be at least that square, so an overflow there is a real one.
std::int64_t power(std::int64_t a, std::int64_t b, int col) {
  if (b < 0) fail_binary(col, "negative exponent", Op::Pow, a, b);
  if (a == 0) return b == 0 ? 1 : 0;
  if (a == 1) return 1;
  if (a == -1) return (b & 1) ? -1 : 1;
  if (b >= 64) fail_binary(col, "overflow", Op::Pow, a, b);  // |a| >= 2
  std::int64_t result = 1;
  std::int64_t base = a;
  std::int64_t e = b;
  for (;;) {
    if ((e & 1) && __builtin_mul_overflow(result, base, &result)) fail_binary(col, "overflow", Op::Pow, a, b);
    e >>= 1;
    if (e == 0) return result;
    if (__builtin_mul_overflow(base, base, &base)) fail_binary(col, "overflow", Op::Pow, a, b);
  }
}

inline std::int64_t shift_left(std::int64_t a, std::int64_t b, int col) {
  if (b < 0 || b > 63) [[unlikely]] fail_binary(col, "shift count out of range (must be 0..63)", Op::Shl, a, b);
  const auto r = static_cast<std::int64_t>(static_cast<std::uint64_t>(a) << b);
  if ((r >> b) != a) [[unlikely]] fail_binary(col, "overflow", Op::Shl, a, b);
  return r;
}

inline std::int64_t shift_right(std::int64_t a, std::int64_t b, int col) {
  if (b < 0 || b > 63) [[unlikely]] fail_binary(col, "shift count out of range (must be 0..63)", Op::Shr, a, b);
  return a >> b;  // arithmetic since C++20
}

inline std::int64_t abs_value(std::int64_t a, int col) {
  if (a == kInt64Min) [[unlikely]] fail_call(col, "overflow", "abs", a);
  return a < 0 ? -a : a;
}

inline std::int64_t log2_floor(std::int64_t a, int col) {
  if (a <= 0) [[unlikely]] fail_call(col, "log2 of non-positive number", "log2", a);
  return 63 - __builtin_clzll(static_cast<unsigned long long>(a));
}

inline std::int64_t popcount(std::int64_t a, int col) {
  if (a < 0) [[unlikely]] fail_call(col, "popcount of negative number", "popcount", a);
  return __builtin_popcountll(static_cast<unsigned long long>(a));
}

inline std::int64_t negate(std::int64_t a, int col) {
  if (a == kInt64Min) [[unlikely]] fail(col, "overflow in '-" + show(a) + "'");
  return -a;
}

// Shared by eval() and constant folding so that both report identical errors.
std::int64_t apply_unary(Op op, std::int64_t a, int col) {
  switch (op) {
    case Op::Neg: return negate(a, col);
    case Op::Not: return a == 0;
    case Op::BitNot: return ~a;
    case Op::Bool: return a != 0;
    case Op::Abs: return abs_value(a, col);
    case Op::Log2: return log2_floor(a, col);
    case Op::Popcount: return popcount(a, col);
    default: throw std::logic_error("grundy::expr: not a unary operator");
  }
}

std::int64_t apply_binary(Op op, std::int64_t a, std::int64_t b, int col) {
  switch (op) {
    case Op::Add: return add(a, b, col);
    case Op::Sub: return sub(a, b, col);
    case Op::Mul: return mul(a, b, col);
    case Op::Div: return floor_div(a, b, col);
    case Op::Mod: return floor_mod(a, b, col);
    case Op::Pow: return power(a, b, col);
    case Op::Shl: return shift_left(a, b, col);
    case Op::Shr: return shift_right(a, b, col);
    case Op::Lt: return a < b;
    case Op::Le: return a <= b;
    case Op::Gt: return a > b;
    case Op::Ge: return a >= b;
    case Op::Eq: return a == b;
    case Op::Ne: return a != b;
    case Op::BitAnd: return a & b;
    case Op::BitOr: return a | b;
    case Op::BitXor: return a ^ b;
    case Op::Min: return std::min(a, b);
    case Op::Max: return std::max(a, b);
    default: throw std::logic_error("grundy::expr: not a binary operator");
  }
}

// ---------------------------------------------------------------------------------------------
// Lexer

enum class Tok : std::uint8_t {
  End, Number, Ident,
  Plus, Minus, Star, StarStar, Slash, Percent, Caret, Amp, AmpAmp, Pipe, PipePipe, Tilde, Bang,
  BangEq, EqEq, Lt, Le, Gt, Ge, Shl, Shr, Question, Colon, LParen, RParen, LBrace, RBrace, Comma,
};

struct Token {
  Tok kind;
  int col;
  std::int64_t value;  // for Number
  std::string_view text;
};

bool is_ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_char(char c) { return is_ident_start(c) || is_digit(c); }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string describe_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x21 && u < 0x7f) return std::string("character '") + c + "'";
  static const char* const kHex = "0123456789ABCDEF";
  return std::string("byte 0x") + kHex[u >> 4] + kHex[u & 15];
}

std::vector<Token> lex(std::string_view src) {
  struct Punct {
    std::string_view text;
    Tok kind;
  };
  // Two-character operators first so that "**" is not read as two '*'.
  static constexpr Punct kPuncts[] = {
      {"**", Tok::StarStar}, {"&&", Tok::AmpAmp}, {"||", Tok::PipePipe}, {"!=", Tok::BangEq},
      {"==", Tok::EqEq},     {"<=", Tok::Le},     {">=", Tok::Ge},       {"<<", Tok::Shl},
      {">>", Tok::Shr},      {"+", Tok::Plus},    {"-", Tok::Minus},     {"*", Tok::Star},
      {"/", Tok::Slash},     {"%", Tok::Percent}, {"^", Tok::Caret},     {"&", Tok::Amp},
      {"|", Tok::Pipe},      {"~", Tok::Tilde},   {"!", Tok::Bang},      {"<", Tok::Lt},
      {">", Tok::Gt},        {"?", Tok::Question}, {":", Tok::Colon},    {"(", Tok::LParen},
      {")", Tok::RParen},    {"{", Tok::LBrace},  {"}", Tok::RBrace},    {",", Tok::Comma},
  };
  std::vector<Token> out;
  std::size_t i = 0;
  while (i < src.size()) {
    const char c = src[i];
    const int col = static_cast<int>(i) + 1;
    if (is_space(c)) {
      ++i;
      continue;
    }
    if (is_digit(c)) {
      std::size_t j = i;
      while (j < src.size() && is_ident_char(src[j])) ++j;
      const std::string_view text = src.substr(i, j - i);
      std::int64_t v = 0;
      for (char d : text) {
        if (!is_digit(d))
          throw SyntaxError(col, "invalid integer literal '" + std::string(text) +
                                     "' (only decimal digits are allowed)");
        if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, d - '0', &v))
          throw SyntaxError(col, "integer literal '" + std::string(text) +
                                     "' does not fit in 64 bits (max 9223372036854775807)");
      }
      out.push_back({Tok::Number, col, v, text});
      i = j;
      continue;
    }
    if (is_ident_start(c)) {
      std::size_t j = i;
      while (j < src.size() && is_ident_char(src[j])) ++j;
      out.push_back({Tok::Ident, col, 0, src.substr(i, j - i)});
      i = j;
      continue;
    }
    bool matched = false;
    for (const Punct& p : kPuncts) {
      if (src.substr(i, p.text.size()) == p.text) {
        out.push_back({p.kind, col, 0, src.substr(i, p.text.size())});
        i += p.text.size();
        matched = true;
        break;
      }
    }
    if (matched) continue;
    if (c == '=') throw SyntaxError(col, "unexpected character '=' (use '==' to compare)");
    throw SyntaxError(col, "unexpected " + describe_char(c));
  }
  out.push_back({Tok::End, static_cast<int>(src.size()) + 1, 0, {}});
  return out;
}

std::string describe(const Token& t) {
  switch (t.kind) {
    case Tok::End: return "end of input";
    case Tok::Number: return "number " + std::string(t.text);
    case Tok::Ident: return "identifier '" + std::string(t.text) + "'";
    default: return "'" + std::string(t.text) + "'";
  }
}

struct Function {
  std::string_view name;
  Op op;  // a unary op, or the binary op folded over the arguments for min/max
  bool variadic;
};

constexpr Function kFunctions[] = {
    {"abs", Op::Abs, false},
    {"log2", Op::Log2, false},
    {"max", Op::Max, true},
    {"min", Op::Min, true},
    {"popcount", Op::Popcount, false},
};

const Function* find_function(std::string_view name) {
  for (const Function& f : kFunctions)
    if (f.name == name) return &f;
  return nullptr;
}

bool is_unary(Op op) {
  switch (op) {
    case Op::Neg: case Op::Not: case Op::BitNot: case Op::Bool: case Op::Abs: case Op::Log2:
    case Op::Popcount: case Op::In: case Op::NotIn:
      return true;
    default:
      return false;
  }
}

bool is_jump(Op op) { return op == Op::AndJump || op == Op::OrJump || op == Op::JumpIfZero || op == Op::Jump; }

}  // namespace

// ---------------------------------------------------------------------------------------------
// Parser and code generator: recursive descent that emits postfix bytecode directly and folds
// constants as it goes. Jumps are relative, so folding may erase or truncate code ranges
// without relocating anything. The recursive functions keep their frames small (messages are
// built in cold out-of-line functions, binary operators are parsed with an explicit operator
// stack) so that the nesting limit also bounds native stack use (about 160 KB at -O2).
//
// Precedence, tightest first (Rust's table, plus '**' and '?:'; Python's too, but for '!', which
// is a unary operator here, and chains of comparisons, which are refused rather than expanded):
//
//   1. **                                  right: 2 ** 3 ** 2 = 2 ** 9; -2 ** 2 = -(2 ** 2); 2 ** -1
//   2. unary - ~ !                         !x == 0 is (!x) == 0
//   3. * / %                               left
//   4. + -                                 left
//   5. << >>                               left
//   6. &                                   left
//   7. ^                                   left
//   8. |                                   left
//   9. == != < <= > >= in {..} not in {..} no chaining: a < b < c and a == b == c are errors
//  10. &&                                  left, short-circuit
//  11. ||                                  left, short-circuit
//  12. c ? a : b                           right: a ? b : c ? d : e = a ? b : (c ? d : e)
//
// So the bitwise operators bind tighter than the comparisons, and `x ^ y ^ z == 0` reads as the
// papers write it, (x ^ y ^ z) == 0. (C and, before, this language put the comparisons above
// & ^ |, which made that expression x ^ y ^ (z == 0).) A comparison is never the operand of
// another one without parentheses: in C `0 <= x < 5` is always true, in Python it is a range
// test; here it is a syntax error that says how to write either.

namespace detail {

class Compiler {
 public:
  Compiler(std::string_view source, const std::vector<std::string>& variables, Program& out)
      : variables_(variables), out_(out) {
    if (source.size() > Program::kMaxSourceLength) fail_too_long(source.size());
    tokens_ = lex(source);
  }

  void run() {
    parse_ternary();
    if (peek().kind != Tok::End) fail_want(Want::OperatorOrEnd, 0, peek());
    finish();
  }

 private:
  using Instr = Program::Instr;

  // Where an operand's code starts; when is_const, that code is exactly one Push of `value`.
  struct Operand {
    std::size_t start;
    bool is_const;
    std::int64_t value;
  };

  // What the parser expected when it found something else; `ref` is a related column.
  enum class Want : std::uint8_t {
    CloseParen, Colon, CallClose, CallOpen, SetOpenIn, SetOpenNotIn, SetMember, SetSeparator,
    Expression, OperatorOrEnd, InAfterNot,
  };

  // The level of the comparisons in peek_binary(): they do not associate.
  static constexpr int kCompareLevel = 3;

  [[noreturn, gnu::cold, gnu::noinline]] static void fail_want(Want want, int ref, const Token& found,
                                                               std::string_view name = {}) {
    std::string m;
    switch (want) {
      case Want::CloseParen: m = "expected ')' to close the '(' at column " + std::to_string(ref); break;
      case Want::Colon: m = "expected ':' for the '?' at column " + std::to_string(ref); break;
      case Want::CallClose: m = "expected ')' after function arguments"; break;
      case Want::CallOpen: m = "expected '(' after function name '" + std::string(name) + "'"; break;
      case Want::SetOpenIn: m = "expected '{' after 'in'"; break;
      case Want::SetOpenNotIn: m = "expected '{' after 'not in'"; break;
      case Want::SetMember: m = "expected an integer literal in the set"; break;
      case Want::SetSeparator: m = "expected ',' or '}' in the set"; break;
      case Want::Expression: m = "expected an expression"; break;
      case Want::OperatorOrEnd:
        if (found.kind == Tok::RParen) throw SyntaxError(found.col, "unmatched ')'");
        m = "expected an operator or end of input";
        break;
      case Want::InAfterNot: m = "expected 'in' after 'not'"; break;
    }
    throw SyntaxError(found.col, m + ", found " + describe(found));
  }

  [[noreturn, gnu::cold, gnu::noinline]] static void fail_chained(std::string_view second, int col,
                                                                  std::string_view first, int first_col) {
    throw SyntaxError(col, "comparisons do not chain: '" + std::string(second) + "' follows the '" +
                               std::string(first) + "' at column " + std::to_string(first_col) +
                               "; add parentheses, e.g. (a < b) == c, or write a < b && b < c");
  }

  // `x in {1, 2} + 1` would have to read x in ({1, 2} + 1): a set is no operand.
  [[noreturn, gnu::cold, gnu::noinline]] static void fail_after_set(const Token& t) {
    throw SyntaxError(t.col, "'" + std::string(t.text) + "' cannot follow a set: it binds tighter than 'in'; " +
                                 "add parentheses, e.g. (x in {1, 2}) " + std::string(t.text) + " y");
  }

  [[noreturn, gnu::cold, gnu::noinline]] static void fail_too_long(std::size_t size) {
    throw SyntaxError(static_cast<int>(Program::kMaxSourceLength) + 1,
                      "expression too long: " + std::to_string(size) + " characters (limit " +
                          std::to_string(Program::kMaxSourceLength) + ")");
  }

  [[noreturn, gnu::cold, gnu::noinline]] static void fail_too_deep(int col) {
    throw SyntaxError(col, "expression nested too deeply (more than " + std::to_string(Program::kMaxNesting) +
                               " levels of parentheses, calls, unary operators, '**' or '?:')");
  }

  [[noreturn, gnu::cold, gnu::noinline]] void fail_unknown_variable(const Token& t) const {
    std::string known;
    for (const std::string& v : variables_) known += (known.empty() ? "" : ", ") + v;
    throw SyntaxError(t.col, "unknown variable '" + std::string(t.text) + "' (known: " +
                                 (known.empty() ? "none" : known) + ")");
  }

  [[noreturn, gnu::cold, gnu::noinline]] static void fail_unknown_function(const Token& t) {
    std::string known;
    for (const Function& f : kFunctions) known += (known.empty() ? "" : ", ") + std::string(f.name);
    throw SyntaxError(t.col, "unknown function '" + std::string(t.text) + "' (known: " + known + ")");
  }

  [[noreturn, gnu::cold, gnu::noinline]] static void fail_arity(const Function& fn, int col, int count) {
    throw SyntaxError(col, "function '" + std::string(fn.name) + "' takes " +
                               (fn.variadic ? "at least 2 arguments" : "exactly 1 argument") + ", got " +
                               std::to_string(count));
  }

  // Counts nested constructs so that hostile input cannot exhaust the native stack: every
  // unbounded recursion of the parser goes through one of these.
  class DepthGuard {
   public:
    DepthGuard(Compiler& c, int col) : c_(c) {
      if (++c_.depth_ > Program::kMaxNesting) fail_too_deep(col);
    }
    ~DepthGuard() { --c_.depth_; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;

   private:
    Compiler& c_;
  };

  const Token& peek(std::size_t ahead = 0) const {
    return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
  }
  const Token& next() {
    const Token& t = tokens_[pos_];
    if (pos_ + 1 < tokens_.size()) ++pos_;
    return t;
  }
  const Token& expect(Tok kind, Want want, int ref = 0) {
    if (peek().kind != kind) fail_want(want, ref, peek());
    return next();
  }

  std::vector<Instr>& code() { return out_.code_; }

  std::size_t emit(Op op, std::int64_t arg, int col) {
    code().push_back({arg, col, static_cast<std::uint8_t>(op)});
    return code().size() - 1;
  }
  void patch_to_here(std::size_t jump) { code()[jump].arg = static_cast<std::int64_t>(code().size() - jump); }
  Operand push_const(std::size_t start, std::int64_t v, int col) {
    code().resize(start);
    emit(Op::Push, v, col);
    return {start, true, v};
  }
  void erase(std::size_t from, std::size_t to) {
    code().erase(code().begin() + static_cast<std::ptrdiff_t>(from), code().begin() + static_cast<std::ptrdiff_t>(to));
  }

  // Folding that would throw is skipped, so the error surfaces at eval time unchanged.
  Operand emit_unary(Op op, Operand x, int col) {
    if (x.is_const) {
      try {
        return push_const(x.start, apply_unary(op, x.value, col), col);
      } catch (const EvalError&) {
      }
    }
    emit(op, 0, col);
    return {x.start, false, 0};
  }

  Operand emit_binary(Op op, Operand a, Operand b, int col) {
    if (a.is_const && b.is_const) {
      try {
        return push_const(a.start, apply_binary(op, a.value, b.value, col), col);
      } catch (const EvalError&) {
      }
    }
    emit(op, 0, col);
    return {a.start, false, 0};
  }

  struct BinaryOp {
    int level;  // 0: the token is not a binary operator
    Op op;
    std::size_t tokens;
  };

  // Binary precedence levels, loosest first (the table above the class):
  // || && (== != < <= > >= in) | ^ & (<< >>) (+ -) (* / %).
  BinaryOp peek_binary() const {
    const Token& t = peek();
    switch (t.kind) {
      case Tok::PipePipe: return {1, Op::OrJump, 1};
      case Tok::AmpAmp: return {2, Op::AndJump, 1};
      case Tok::EqEq: return {kCompareLevel, Op::Eq, 1};
      case Tok::BangEq: return {kCompareLevel, Op::Ne, 1};
      case Tok::Lt: return {kCompareLevel, Op::Lt, 1};
      case Tok::Le: return {kCompareLevel, Op::Le, 1};
      case Tok::Gt: return {kCompareLevel, Op::Gt, 1};
      case Tok::Ge: return {kCompareLevel, Op::Ge, 1};
      case Tok::Pipe: return {4, Op::BitOr, 1};
      case Tok::Caret: return {5, Op::BitXor, 1};
      case Tok::Amp: return {6, Op::BitAnd, 1};
      case Tok::Shl: return {7, Op::Shl, 1};
      case Tok::Shr: return {7, Op::Shr, 1};
      case Tok::Plus: return {8, Op::Add, 1};
      case Tok::Minus: return {8, Op::Sub, 1};
      case Tok::Star: return {9, Op::Mul, 1};
      case Tok::Slash: return {9, Op::Div, 1};
      case Tok::Percent: return {9, Op::Mod, 1};
      case Tok::Ident:
        if (t.text == "in") return {kCompareLevel, Op::In, 1};
        if (t.text == "not") {
          if (peek(1).kind == Tok::Ident && peek(1).text == "in") return {kCompareLevel, Op::NotIn, 2};
          fail_want(Want::InAfterNot, 0, peek(1));
        }
        return {0, Op::Push, 0};
      default: return {0, Op::Push, 0};
    }
  }

  // conditional := binary [ '?' conditional ':' conditional ]
  Operand parse_ternary() {
    const Operand cond = parse_binary();
    if (peek().kind != Tok::Question) return cond;
    const int qcol = next().col;
    DepthGuard guard(*this, qcol);
    if (cond.is_const) {
      // Parse both branches (they must be valid) but keep only the chosen one.
      Operand yes = parse_ternary();
      expect(Tok::Colon, Want::Colon, qcol);
      Operand no = parse_ternary();
      if (cond.value != 0) {
        code().resize(no.start);
        erase(cond.start, cond.start + 1);
        yes.start = cond.start;
        return yes;
      }
      erase(cond.start, no.start);
      no.start = cond.start;
      return no;
    }
    const std::size_t jz = emit(Op::JumpIfZero, 0, qcol);
    parse_ternary();
    const int ccol = expect(Tok::Colon, Want::Colon, qcol).col;
    const std::size_t jmp = emit(Op::Jump, 0, ccol);
    patch_to_here(jz);
    parse_ternary();
    patch_to_here(jmp);
    return {cond.start, false, 0};
  }

  // A binary operator whose right operand is still being parsed.
  struct Pending {
    Operand lhs;
    std::size_t jump;  // AndJump/OrJump emitted after a non-constant lhs
    int col;
    int level;
    Op op;
  };

  // Operator-precedence parsing with an explicit stack of pending operators (shared by all
  // nesting levels, each using the part above its `base`): the levels above `base` strictly
  // increase, so the native recursion per nesting level stays constant. All binary operators
  // are left associative but the comparisons, which do not associate: `last` is the operator
  // that produced `cur` (none for an operand or a parenthesised expression), and a comparison
  // whose left operand a comparison produced is refused.
  Operand parse_binary() {
    const std::size_t base = pending_.size();
    Operand cur = parse_unary();
    struct Last {
      int level = 0;
      int col = 0;
      Op op = Op::Push;
    } last;
    for (;;) {
      const BinaryOp bin = peek_binary();
      while (pending_.size() > base && pending_.back().level >= bin.level) {
        const Pending p = pending_.back();
        pending_.pop_back();
        cur = reduce(p, cur);
        last = {p.level, p.col, p.op};
      }
      if (bin.level == 0) return cur;
      const int col = peek().col;
      if (bin.level == kCompareLevel && last.level == kCompareLevel)
        fail_chained(comparison_text(bin.op), col, comparison_text(last.op), last.col);
      pos_ += bin.tokens;
      if (bin.op == Op::In || bin.op == Op::NotIn) {
        cur = parse_set(cur, bin.op, col);
        last = {kCompareLevel, col, bin.op};
        if (peek_binary().level > kCompareLevel) fail_after_set(peek());
        continue;
      }
      std::size_t jump = 0;
      if ((bin.op == Op::AndJump || bin.op == Op::OrJump) && !cur.is_const) jump = emit(bin.op, 0, col);
      pending_.push_back({cur, jump, col, bin.level, bin.op});
      cur = parse_unary();
      last = {};
    }
  }

  static std::string_view comparison_text(Op op) {
    switch (op) {
      case Op::Eq: return "==";
      case Op::Ne: return "!=";
      case Op::Lt: return "<";
      case Op::Le: return "<=";
      case Op::Gt: return ">";
      case Op::Ge: return ">=";
      case Op::In: return "in";
      case Op::NotIn: return "not in";
      default: return "?";
    }
  }

  // Applies a pending binary operator. && and || short-circuit: the jump emitted before the
  // right operand skips its code; with a constant left operand no jump is needed at all.
  Operand reduce(const Pending& p, Operand rhs) {
    if (p.op != Op::AndJump && p.op != Op::OrJump) return emit_binary(p.op, p.lhs, rhs, p.col);
    const bool is_and = p.op == Op::AndJump;
    if (p.lhs.is_const) {
      if (is_and ? p.lhs.value == 0 : p.lhs.value != 0) return push_const(p.lhs.start, is_and ? 0 : 1, p.col);
      erase(p.lhs.start, p.lhs.start + 1);
      rhs.start = p.lhs.start;
      return emit_unary(Op::Bool, rhs, p.col);
    }
    emit_unary(Op::Bool, rhs, p.col);
    patch_to_here(p.jump);
    return {p.lhs.start, false, 0};
  }

  // `x in {1, -2, 5}`: the set holds integer literals, optionally negated; may be empty.
  [[gnu::noinline]] Operand parse_set(Operand lhs, Op op, int col) {
    expect(Tok::LBrace, op == Op::In ? Want::SetOpenIn : Want::SetOpenNotIn);
    std::vector<std::int64_t> members;
    while (peek().kind != Tok::RBrace) {
      bool negative = false;
      if (peek().kind == Tok::Minus) {
        next();
        negative = true;
      }
      const Token& n = expect(Tok::Number, Want::SetMember);
      members.push_back(negative ? -n.value : n.value);
      if (peek().kind == Tok::Comma) {
        next();
      } else if (peek().kind != Tok::RBrace) {
        fail_want(Want::SetSeparator, 0, peek());
      }
    }
    next();  // '}'
    std::sort(members.begin(), members.end());
    members.erase(std::unique(members.begin(), members.end()), members.end());
    if (lhs.is_const) {
      const bool found = std::binary_search(members.begin(), members.end(), lhs.value);
      return push_const(lhs.start, (op == Op::In) == found ? 1 : 0, col);
    }
    const auto offset = static_cast<std::int64_t>(out_.set_pool_.size());
    const auto size = static_cast<std::int64_t>(members.size());
    out_.set_pool_.insert(out_.set_pool_.end(), members.begin(), members.end());
    emit(op, offset | (size << 32), col);
    return {lhs.start, false, 0};
  }

  // unary := ('-' | '!' | '~') unary | power
  Operand parse_unary() {
    const Token& t = peek();
    Op op;
    switch (t.kind) {
      case Tok::Minus: op = Op::Neg; break;
      case Tok::Bang: op = Op::Not; break;
      case Tok::Tilde: op = Op::BitNot; break;
      default: return parse_power();
    }
    const int col = t.col;
    next();
    DepthGuard guard(*this, col);
    const Operand x = parse_unary();
    return emit_unary(op, x, col);
  }

  // power := primary [ '**' unary ]: right associative, and tighter than a unary minus on its
  // left (-2**2 == -4) while still accepting one on its right (2**-1, which then fails).
  Operand parse_power() {
    const Operand base = parse_primary();
    if (peek().kind != Tok::StarStar) return base;
    const int col = next().col;
    DepthGuard guard(*this, col);
    const Operand exponent = parse_unary();
    return emit_binary(Op::Pow, base, exponent, col);
  }

  Operand parse_primary() {
    const Token& t = next();
    switch (t.kind) {
      case Tok::Number:
        return push_const(code().size(), t.value, t.col);
      case Tok::LParen: {
        DepthGuard guard(*this, t.col);
        const Operand x = parse_ternary();
        expect(Tok::RParen, Want::CloseParen, t.col);
        return x;
      }
      case Tok::Ident: {
        if (peek().kind == Tok::LParen) return parse_call(t);
        for (std::size_t slot = 0; slot < variables_.size(); ++slot) {
          if (variables_[slot] == t.text) {
            const std::size_t start = code().size();
            emit(Op::Load, static_cast<std::int64_t>(slot), t.col);
            return {start, false, 0};
          }
        }
        if (find_function(t.text) != nullptr) fail_want(Want::CallOpen, 0, peek(), t.text);
        fail_unknown_variable(t);
      }
      default:
        fail_want(Want::Expression, 0, t);
    }
  }

  // min/max fold their binary op pairwise over the arguments, so the stack grows by one at most.
  Operand parse_call(const Token& name) {
    const Function* fn = find_function(name.text);
    if (fn == nullptr) fail_unknown_function(name);
    next();  // '('
    DepthGuard guard(*this, name.col);
    Operand acc{code().size(), false, 0};
    int count = 0;
    if (peek().kind != Tok::RParen) {
      for (;;) {
        const Operand arg = parse_ternary();
        ++count;
        if (count == 1) {
          acc = arg;
        } else if (fn->variadic) {
          acc = emit_binary(fn->op, acc, arg, name.col);
        }
        if (peek().kind != Tok::Comma) break;
        next();
      }
    }
    expect(Tok::RParen, Want::CallClose);
    if (fn->variadic ? count < 2 : count != 1) fail_arity(*fn, name.col, count);
    return fn->variadic ? acc : emit_unary(fn->op, acc, name.col);
  }

  // Simulates the stack height over the final code (jumps only go forward, and the height at
  // a jump target is the same on every path) to size the evaluation stack and record which
  // variables are still read after folding.
  void finish() {
    const std::vector<Instr>& c = code();
    std::vector<int> height_at(c.size() + 1, -1);
    out_.uses_.assign(variables_.size(), 0);
    int h = 0;
    int max_h = 0;
    for (std::size_t pc = 0; pc < c.size(); ++pc) {
      if (height_at[pc] >= 0) h = height_at[pc];
      const auto op = static_cast<Op>(c[pc].op);
      if (op == Op::Push || op == Op::Load) {
        ++h;
        if (op == Op::Load) out_.uses_[static_cast<std::size_t>(c[pc].arg)] = 1;
      } else if (is_jump(op)) {
        const std::size_t target = pc + static_cast<std::size_t>(c[pc].arg);
        if (op == Op::Jump) {
          height_at[target] = h;
        } else if (op == Op::JumpIfZero) {
          height_at[target] = --h;
        } else {
          height_at[target] = h;  // replaces the popped value with 0 or 1
          --h;
        }
      } else if (!is_unary(op)) {
        --h;  // binary
      }
      if (h > max_h) {
        max_h = h;
        if (static_cast<std::size_t>(h) > Program::kMaxStack)
          throw SyntaxError(c[pc].column, "expression too complex: needs more than " +
                                              std::to_string(Program::kMaxStack) +
                                              " evaluation stack slots (reduce nesting in right operands)");
      }
    }
    if (c.empty() || h != 1) throw std::logic_error("grundy::expr: inconsistent stack in compiled code");
    out_.stack_depth_ = static_cast<std::size_t>(max_h);
  }

  const std::vector<std::string>& variables_;
  Program& out_;
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  std::vector<Pending> pending_;
};

}  // namespace detail

Program::Program() : source_("0"), code_{{0, 1, static_cast<std::uint8_t>(Op::Push)}}, stack_depth_(1) {}

Program Program::compile(std::string_view source, const std::vector<std::string>& variables) {
  Program p;
  p.code_.clear();
  p.source_ = std::string(source);
  p.variable_count_ = variables.size();
  detail::Compiler compiler(source, variables, p);
  compiler.run();
  p.code_.shrink_to_fit();
  return p;
}

bool Program::is_constant() const {
  return code_.size() == 1 && static_cast<Op>(code_[0].op) == Op::Push;
}

std::int64_t Program::constant_value() const {
  if (!is_constant()) throw std::logic_error("grundy::expr: program '" + source_ + "' is not constant");
  return code_[0].arg;
}

// A switch-dispatched loop over the bytecode with the value stack in a local array: no
// allocation and no shared mutable state, so concurrent calls are safe.
std::int64_t Program::eval(std::span<const std::int64_t> vars) const {
  if (vars.size() != variable_count_)
    throw EvalError("expression '" + source_ + "' expects " + std::to_string(variable_count_) +
                    " variable values, got " + std::to_string(vars.size()));
  std::array<std::int64_t, kMaxStack> stack;  // finish() proved the depth fits
  std::int64_t* sp = stack.data();  // one past the top
  const Instr* ip = code_.data();
  const Instr* const end = ip + code_.size();
  const std::int64_t* const pool = set_pool_.data();
  while (ip != end) {
    const Instr& in = *ip;
    ++ip;
    switch (static_cast<Op>(in.op)) {
      case Op::Push: *sp++ = in.arg; break;
      case Op::Load: *sp++ = vars[static_cast<std::size_t>(in.arg)]; break;
      case Op::Neg: sp[-1] = negate(sp[-1], in.column); break;
      case Op::Not: sp[-1] = sp[-1] == 0; break;
      case Op::BitNot: sp[-1] = ~sp[-1]; break;
      case Op::Bool: sp[-1] = sp[-1] != 0; break;
      case Op::Abs: sp[-1] = abs_value(sp[-1], in.column); break;
      case Op::Log2: sp[-1] = log2_floor(sp[-1], in.column); break;
      case Op::Popcount: sp[-1] = popcount(sp[-1], in.column); break;
      case Op::In:
      case Op::NotIn: {
        const std::int64_t* first = pool + (in.arg & 0xffffffff);
        const std::int64_t* last = first + (in.arg >> 32);
        const bool found = std::binary_search(first, last, sp[-1]);
        sp[-1] = (static_cast<Op>(in.op) == Op::In) == found;
        break;
      }
      case Op::Add: --sp; sp[-1] = add(sp[-1], sp[0], in.column); break;
      case Op::Sub: --sp; sp[-1] = sub(sp[-1], sp[0], in.column); break;
      case Op::Mul: --sp; sp[-1] = mul(sp[-1], sp[0], in.column); break;
      case Op::Div: --sp; sp[-1] = floor_div(sp[-1], sp[0], in.column); break;
      case Op::Mod: --sp; sp[-1] = floor_mod(sp[-1], sp[0], in.column); break;
      case Op::Pow: --sp; sp[-1] = power(sp[-1], sp[0], in.column); break;
      case Op::Shl: --sp; sp[-1] = shift_left(sp[-1], sp[0], in.column); break;
      case Op::Shr: --sp; sp[-1] = shift_right(sp[-1], sp[0], in.column); break;
      case Op::Lt: --sp; sp[-1] = sp[-1] < sp[0]; break;
      case Op::Le: --sp; sp[-1] = sp[-1] <= sp[0]; break;
      case Op::Gt: --sp; sp[-1] = sp[-1] > sp[0]; break;
      case Op::Ge: --sp; sp[-1] = sp[-1] >= sp[0]; break;
      case Op::Eq: --sp; sp[-1] = sp[-1] == sp[0]; break;
      case Op::Ne: --sp; sp[-1] = sp[-1] != sp[0]; break;
      case Op::BitAnd: --sp; sp[-1] &= sp[0]; break;
      case Op::BitOr: --sp; sp[-1] |= sp[0]; break;
      case Op::BitXor: --sp; sp[-1] ^= sp[0]; break;
      case Op::Min: --sp; sp[-1] = std::min(sp[-1], sp[0]); break;
      case Op::Max: --sp; sp[-1] = std::max(sp[-1], sp[0]); break;
      case Op::AndJump:
        if (*--sp == 0) {
          *sp++ = 0;
          ip = &in + in.arg;
        }
        break;
      case Op::OrJump:
        if (*--sp != 0) {
          *sp++ = 1;
          ip = &in + in.arg;
        }
        break;
      case Op::JumpIfZero:
        if (*--sp == 0) ip = &in + in.arg;
        break;
      case Op::Jump: ip = &in + in.arg; break;
    }
  }
  return sp[-1];
}

}  // namespace grundy::expr
