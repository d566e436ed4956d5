#include "expr/expr.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

using grundy::expr::EvalError;
using grundy::expr::Program;
using grundy::expr::SyntaxError;

namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();

const std::vector<std::string> kVars = {"x", "y", "z", "total"};

std::int64_t run(const std::string& src, std::int64_t x = 0, std::int64_t y = 0, std::int64_t total = 0) {
  const Program p = Program::compile(src, kVars);
  return p.eval({x, y, 0, total});
}

// Rewrites every integer literal outside `{...}` as "(k+z)" with z bound to 0, which defeats
// constant folding, so the same expression is also checked on the runtime path.
std::string unfold(const std::string& src) {
  std::string out;
  int braces = 0;
  for (std::size_t i = 0; i < src.size();) {
    const char c = src[i];
    if (c == '{') ++braces;
    if (c == '}') --braces;
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t j = i;
      while (j < src.size() && (std::isalnum(static_cast<unsigned char>(src[j])) || src[j] == '_')) ++j;
      out += src.substr(i, j - i);
      i = j;
    } else if (std::isdigit(static_cast<unsigned char>(c)) && braces == 0) {
      std::size_t j = i;
      while (j < src.size() && std::isdigit(static_cast<unsigned char>(src[j]))) ++j;
      out += "(" + src.substr(i, j - i) + "+z)";
      i = j;
    } else {
      out += c;
      ++i;
    }
  }
  return out;
}

// Checks the value both constant-folded and evaluated at run time.
void expect_value(const std::string& src, std::int64_t expected, std::int64_t x = 0, std::int64_t y = 0) {
  EXPECT_EQ(run(src, x, y), expected) << src;
  const std::string slow = unfold(src);
  EXPECT_EQ(run(slow, x, y), expected) << slow;
}

std::string eval_error(const std::string& src, std::int64_t x = 0, std::int64_t y = 0) {
  try {
    run(src, x, y);
  } catch (const EvalError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no EvalError for " << src;
  return "";
}

// Expects the same EvalError message from the folded and the runtime path (the unfolded
// source has other columns, so only the part after the column is compared there).
void expect_eval_error(const std::string& src, const std::string& message, std::int64_t x = 0,
                       std::int64_t y = 0) {
  EXPECT_EQ(eval_error(src, x, y), message) << src;
  const std::string slow = unfold(src);
  const std::string tail = message.substr(message.find(": ") + 2);
  const std::string got = eval_error(slow, x, y);
  EXPECT_NE(got.find(tail), std::string::npos) << slow << " -> " << got;
}

SyntaxError syntax_error(const std::string& src) {
  try {
    Program::compile(src, kVars);
  } catch (const SyntaxError& e) {
    return e;
  }
  ADD_FAILURE() << "no SyntaxError for " << src;
  return SyntaxError(0, "none");
}

void expect_syntax_error(const std::string& src, int column, const std::string& message) {
  const SyntaxError e = syntax_error(src);
  EXPECT_EQ(e.column, column) << src;
  EXPECT_EQ(std::string(e.what()), "column " + std::to_string(column) + ": " + message) << src;
}

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

}  // namespace

TEST(Expr, LiteralsVariablesParentheses) {
  expect_value("42", 42);
  expect_value("007", 7);
  expect_value("9223372036854775807", kMax);
  expect_value("-9223372036854775807 - 1", kMin);
  expect_value("x", 5, 5);
  expect_value("  ( ( x ) )\t+\n y ", 12, 5, 7);
  EXPECT_EQ(run("total - x", 2, 0, 10), 8);
}

// `src` groups as `grouped` and not as `other` (the two differ, so the case decides).
void expect_grouping(const std::string& src, const std::string& grouped, const std::string& other,
                     std::int64_t x = 0) {
  const std::int64_t want = run(grouped, x);
  EXPECT_NE(want, run(other, x)) << grouped << " vs " << other << ": the case does not discriminate";
  expect_value(src, want, x);
}

// The precedence table of the README, tightest first: ** ; unary - ~ ! ; * / % ; + - ; << >> ;
// & ; ^ ; | ; comparisons and in ; && ; || ; ?:. For each pair of adjacent levels, both
// orders: the tighter operator on the right of the looser, then on its left.
TEST(Expr, PrecedenceTable) {
  // ** over unary: -2 ** 2 is -(2 ** 2); a unary operator may start the exponent.
  expect_grouping("~2 ** 2", "~(2 ** 2)", "(~2) ** 2");
  expect_value("-2 ** 2", -4);
  expect_value("2 ** -x", 4, -2);
  // unary over * / %.
  expect_grouping("~2 * 3", "(~2) * 3", "~(2 * 3)");
  expect_grouping("!0 * 5", "(!0) * 5", "!(0 * 5)");
  // * / % over + -.
  expect_grouping("2 + 3 * 4", "2 + (3 * 4)", "(2 + 3) * 4");
  expect_grouping("2 * 3 + 4", "(2 * 3) + 4", "2 * (3 + 4)");
  // + - over << >>.
  expect_grouping("1 << 2 + 1", "1 << (2 + 1)", "(1 << 2) + 1");
  expect_grouping("1 + 2 << 3", "(1 + 2) << 3", "1 + (2 << 3)");
  // << >> over &.
  expect_grouping("6 & 1 << 2", "6 & (1 << 2)", "(6 & 1) << 2");
  expect_grouping("3 << 1 & 5", "(3 << 1) & 5", "3 << (1 & 5)");
  // & over ^.
  expect_grouping("5 ^ 3 & 6", "5 ^ (3 & 6)", "(5 ^ 3) & 6");
  expect_grouping("6 & 3 ^ 5", "(6 & 3) ^ 5", "6 & (3 ^ 5)");
  // ^ over |.
  expect_grouping("1 | 1 ^ 1", "1 | (1 ^ 1)", "(1 | 1) ^ 1");
  expect_grouping("1 ^ 1 | 1", "(1 ^ 1) | 1", "1 ^ (1 | 1)");
  // | over the comparisons: the papers' x ^ y ^ z == 0.
  expect_grouping("2 | 1 == 3", "(2 | 1) == 3", "2 | (1 == 3)");
  expect_grouping("3 == 1 | 2", "3 == (1 | 2)", "(3 == 1) | 2");
  expect_grouping("2 | 1 in {3}", "(2 | 1) in {3}", "2 | (1 in {3})");
  expect_grouping("x ^ 5 ^ 3 == 0", "(x ^ 5 ^ 3) == 0", "x ^ 5 ^ (3 == 0)", 6);
  // the comparisons over &&.
  expect_grouping("2 && 3 == 3", "2 && (3 == 3)", "(2 && 3) == 3");
  expect_grouping("3 == 3 && 2", "(3 == 3) && 2", "3 == (3 && 2)");
  expect_grouping("1 && 2 in {2}", "1 && (2 in {2})", "(1 && 2) in {2}");
  // && over ||.
  expect_grouping("1 || 0 && 0", "1 || (0 && 0)", "(1 || 0) && 0");
  expect_grouping("0 && 0 || 1", "(0 && 0) || 1", "0 && (0 || 1)");
  // || over ?:.
  expect_grouping("0 || 1 ? 2 : 3", "(0 || 1) ? 2 : 3", "0 || (1 ? 2 : 3)");
  expect_grouping("1 ? 5 : 0 || 7", "1 ? 5 : (0 || 7)", "(1 ? 5 : 0) || 7");

  // Within a level: left to right, but ** and ?: (right to left) and the comparisons (no
  // grouping at all).
  expect_grouping("1 - 2 - 3", "(1 - 2) - 3", "1 - (2 - 3)");
  expect_grouping("100 / 10 / 5", "(100 / 10) / 5", "100 / (10 / 5)");
  expect_grouping("100 % 7 * 2", "(100 % 7) * 2", "100 % (7 * 2)");
  expect_grouping("64 >> 2 << 1", "(64 >> 2) << 1", "64 >> (2 << 1)");
  expect_grouping("2 ** 3 ** 2", "2 ** (3 ** 2)", "(2 ** 3) ** 2");
  expect_grouping("1 ? 2 : 0 ? 3 : 4", "1 ? 2 : (0 ? 3 : 4)", "(1 ? 2 : 0) ? 3 : 4");
  expect_value("1 ? 0 ? 5 : 6 : 7", 6);
  expect_value("- - 3", 3);
  expect_value("--3", 3);
  expect_value("!!7", 1);
  expect_value("-3 * -3", 9);
  expect_value("-x ** 2", -9, 3);
  expect_value("(1 < 2) < 3", 1);
  expect_value("1 < (2 < 3)", 0);
  expect_value("(2 in {2}) == 1", 1);
  expect_value("1 + 1 in {2}", 1);
  expect_value("x < 3 && 3 < 9", 1, 2);
  expect_value("(x in {1, 2}) + 1", 2, 1);
  expect_value("x in {1} || x not in {2}", 1, 3);
  for (const std::string chain : {"1 < 2 < 3", "1 == 1 == 1", "0 <= x < 5", "1 == 2 & 3 == 4", "x in {1} == 1",
                                  "1 == x in {1}", "x in {1} in {1}", "x not in {1} != 0", "x < 3 in {1}"})
    EXPECT_NE(std::string(syntax_error(chain).what()).find("comparisons do not chain"), std::string::npos) << chain;
}

// Every pair of binary operators of different levels, with operands that take both groupings
// apart, against the grouping the levels below say (an independent copy of the table).
TEST(Expr, PrecedenceOfEveryPairOfOperators) {
  struct Bin {
    std::string op;
    int level;  // tighter is larger
  };
  const std::vector<Bin> ops = {{"*", 9},  {"/", 9},  {"%", 9},  {"+", 8},  {"-", 8},  {"<<", 7}, {">>", 7},
                                {"&", 6},  {"^", 5},  {"|", 4},  {"==", 3}, {"!=", 3}, {"<", 3},  {"<=", 3},
                                {">", 3},  {">=", 3}, {"&&", 2}, {"||", 1}};
  int decided = 0;
  for (const Bin& a : ops) {
    for (const Bin& b : ops) {
      if (a.level == b.level) continue;
      for (const auto& [p, q, r] : std::vector<std::array<int, 3>>{{5, 2, 3}, {1, 3, 2}, {6, 1, 1}, {0, 4, 1}, {3, 3, 0}}) {
        const std::string P = std::to_string(p), Q = std::to_string(q), R = std::to_string(r);
        const std::string src = P + " " + a.op + " " + Q + " " + b.op + " " + R;
        const std::string left = "(" + P + " " + a.op + " " + Q + ") " + b.op + " " + R;
        const std::string right = P + " " + a.op + " (" + Q + " " + b.op + " " + R + ")";
        const std::string& want = a.level > b.level ? left : right;
        std::optional<std::int64_t> expected;
        try {
          expected = run(want);
        } catch (const EvalError&) {
          continue;  // e.g. a division by zero in the expected grouping
        }
        EXPECT_EQ(run(src), *expected) << src << " should read " << want;
        try {
          decided += run(left) != run(right);
        } catch (const EvalError&) {
        }
      }
    }
  }
  EXPECT_GT(decided, 400);  // most cases tell the two groupings apart
}

TEST(Expr, XorIsNotPower) {
  expect_value("2 ^ 3", 1);
  expect_value("5 ^ 3", 6);
  expect_value("2 ** 3", 8);
  expect_value("x ^ y ^ x", 9, 1234, 9);
  expect_value("(-1) ^ 5", -6);
}

TEST(Expr, FloorDivisionAndModulo) {
  expect_value("7 / 2", 3);
  expect_value("-7 / 2", -4);
  expect_value("7 / -2", -4);
  expect_value("-7 / -2", 3);
  expect_value("-8 / 2", -4);
  expect_value("7 % 2", 1);
  expect_value("-7 % 2", 1);
  expect_value("7 % -2", -1);
  expect_value("-7 % -2", -1);
  expect_value("-8 % 2", 0);
  expect_value("x % -1", 0, kMin);
  expect_value("x / 1", kMin, kMin);
  expect_value("x / 2", -4611686018427387904, kMin);
  for (std::int64_t a = -13; a <= 13; ++a) {
    for (std::int64_t b = -5; b <= 5; ++b) {
      if (b == 0) continue;
      const std::int64_t q = run("x / y", a, b);
      const std::int64_t r = run("x % y", a, b);
      EXPECT_EQ(q * b + r, a) << a << " " << b;
      EXPECT_TRUE(r == 0 || (r < 0) == (b < 0)) << a << " " << b;
    }
  }
}

TEST(Expr, Shifts) {
  expect_value("1 << 0", 1);
  expect_value("1 << 62", std::int64_t{1} << 62);
  expect_value("-1 << 63", kMin);
  expect_value("-5 << 2", -20);
  expect_value("-7 >> 1", -4);
  expect_value("-1 >> 63", -1);
  expect_value("x >> 63", -1, kMin);
  expect_value("x >> 62", 1, kMax);
  expect_value("1000 >> 3", 125);
  expect_eval_error("1 << 63", "column 3: overflow in '1 << 63'");
  expect_eval_error("3 << 62", "column 3: overflow in '3 << 62'");
  expect_eval_error("1 << 64", "column 3: shift count out of range (must be 0..63) in '1 << 64'");
  expect_eval_error("1 >> 64", "column 3: shift count out of range (must be 0..63) in '1 >> 64'");
  expect_eval_error("1 << -1", "column 3: shift count out of range (must be 0..63) in '1 << (-1)'");
  expect_eval_error("8 >> -2", "column 3: shift count out of range (must be 0..63) in '8 >> (-2)'");
}

TEST(Expr, ComparisonsAndLogic) {
  expect_value("3 < 5", 1);
  expect_value("5 <= 5", 1);
  expect_value("5 > 5", 0);
  expect_value("5 >= 6", 0);
  expect_value("5 != 6", 1);
  expect_value("5 == 6", 0);
  expect_value("7 && 9", 1);
  expect_value("7 && 0", 0);
  expect_value("0 || 0", 0);
  expect_value("0 || -4", 1);
  expect_value("x && y", 1, 3, -2);
  expect_value("x && y", 0, 3, 0);
  expect_value("x || y", 1, 0, 5);
  expect_value("x || y", 0, 0, 0);
  expect_value("x && 5", 1, 2);
  expect_value("5 && x", 1, 2);
  expect_value("5 || x", 1, 0);
  expect_value("0 || x", 0, 0);
}

TEST(Expr, ShortCircuitAndTernaryLaziness) {
  expect_value("0 ? 1/0 : 5", 5);
  expect_value("1 ? 5 : 1/0", 5);
  expect_value("x ? 1/0 : 5", 5, 0);
  expect_value("x ? 5 : 1/0", 5, 1);
  expect_value("x && 1/0", 0, 0);
  expect_value("x || 1/0", 1, 7);
  expect_value("0 && 1/0", 0);
  expect_value("1 || 1/0", 1);
  expect_eval_error("x ? 1/0 : 5", "column 6: division by zero in '1 / 0'", 1);
  expect_eval_error("x && 1/0", "column 7: division by zero in '1 / 0'", 1);
  expect_eval_error("x || 1/0", "column 7: division by zero in '1 / 0'", 0);
}

TEST(Expr, MembershipSets) {
  expect_value("x in {1, 2, 5}", 1, 5);
  expect_value("x in {1, 2, 5}", 0, 3);
  expect_value("x in {-3, 4}", 1, -3);
  expect_value("x in {}", 0, 0);
  expect_value("3 in {}", 0);
  expect_value("x in {5, 1, 5, 1,}", 1, 1);
  expect_value("x not in {1, 2}", 1, 3);
  expect_value("x not in {1, 2}", 0, 2);
  expect_value("x not in {}", 1, 2);
  expect_value("x in {9223372036854775807, -9223372036854775807}", 1, kMax);
}

TEST(Expr, Functions) {
  expect_value("min(3, 1, 2)", 1);
  expect_value("max(3, 1, 2)", 3);
  expect_value("min(x, y)", -4, -4, 9);
  expect_value("max(x, 1, y)", 9, -4, 9);
  expect_value("abs(-7)", 7);
  expect_value("abs(x)", kMax, -kMax);
  expect_value("log2(1)", 0);
  expect_value("log2(1023)", 9);
  expect_value("log2(1024)", 10);
  expect_value("log2(x)", 62, kMax);
  expect_value("popcount(0)", 0);
  expect_value("popcount(255)", 8);
  expect_value("popcount(x)", 63, kMax);
  expect_value("min(1 ? 4 : 5, (2), max(7, 8))", 2);
  // A variable may share a function's name; a call still needs '('.
  EXPECT_EQ(Program::compile("min + min(min, 3)", {"min"}).eval({2}), 4);
  expect_eval_error("abs(x)", "column 1: overflow in 'abs(-9223372036854775808)'", kMin);
  expect_eval_error("log2(0)", "column 1: log2 of non-positive number in 'log2(0)'");
  expect_eval_error("log2(-4)", "column 1: log2 of non-positive number in 'log2(-4)'");
  expect_eval_error("popcount(-1)", "column 1: popcount of negative number in 'popcount(-1)'");
}

TEST(Expr, OverflowIsAnError) {
  expect_eval_error("9223372036854775807 + 1", "column 21: overflow in '9223372036854775807 + 1'");
  expect_eval_error("x + 1", "column 3: overflow in '9223372036854775807 + 1'", kMax);
  expect_eval_error("x - 1", "column 3: overflow in '(-9223372036854775808) - 1'", kMin);
  expect_eval_error("-x", "column 1: overflow in '-(-9223372036854775808)'", kMin);
  expect_eval_error("-(-9223372036854775807 - 1)", "column 1: overflow in '-(-9223372036854775808)'");
  expect_eval_error("3037000500 * 3037000500", "column 12: overflow in '3037000500 * 3037000500'");
  expect_value("3037000499 * 3037000499", 9223372030926249001);
  expect_eval_error("2 ** 63", "column 3: overflow in '2 ** 63'");
  expect_value("2 ** 62", std::int64_t{1} << 62);
  expect_value("(-2) ** 63", kMin);
  expect_eval_error("(-2) ** 64", "column 6: overflow in '(-2) ** 64'");
  expect_eval_error("3 ** 40", "column 3: overflow in '3 ** 40'");
  expect_eval_error("2 ** 1000000", "column 3: overflow in '2 ** 1000000'");
  expect_value("1 ** 1000000", 1);
  expect_value("(-1) ** 1000001", -1);
  expect_value("0 ** 0", 1);
  expect_value("0 ** 5", 0);
  expect_value("3 ** 39", 4052555153018976267);
  expect_eval_error("x / -1", "column 3: overflow in '(-9223372036854775808) / (-1)'", kMin);
  expect_eval_error("x * -1", "column 3: overflow in '(-9223372036854775808) * (-1)'", kMin);
}

TEST(Expr, EvalErrorKinds) {
  expect_eval_error("1 / 0", "column 3: division by zero in '1 / 0'");
  expect_eval_error("x % y", "column 3: modulo by zero in '5 % 0'", 5, 0);
  expect_eval_error("2 ** -1", "column 3: negative exponent in '2 ** (-1)'");
  expect_eval_error("0 ** (0 - 3)", "column 3: negative exponent in '0 ** (-3)'");
  // A failing constant subexpression is left unfolded and fails only when evaluated.
  const Program p = Program::compile("x ? 7 : 1 / 0", kVars);
  EXPECT_EQ(p.eval({1, 0, 0, 0}), 7);
  EXPECT_FALSE(Program::compile("1 / 0", kVars).is_constant());
  // Wrong number of variable values.
  EXPECT_THROW(p.eval({1, 2}), EvalError);
}

TEST(Expr, SyntaxErrors) {
  expect_syntax_error("min(1, 2", 9, "expected ')' after function arguments, found end of input");
  expect_syntax_error("min(1 2)", 7, "expected ')' after function arguments, found number 2");
  expect_syntax_error("foo + 1", 1, "unknown variable 'foo' (known: x, y, z, total)");
  expect_syntax_error("x + foo(1)", 5, "unknown function 'foo' (known: abs, log2, max, min, popcount)");
  expect_syntax_error("min + 1", 5, "expected '(' after function name 'min', found '+'");
  expect_syntax_error("1 + $", 5, "unexpected character '$'");
  expect_syntax_error("1 + \x01", 5, "unexpected byte 0x01");
  expect_syntax_error("x = 1", 3, "unexpected character '=' (use '==' to compare)");
  expect_syntax_error("", 1, "expected an expression, found end of input");
  expect_syntax_error("   ", 4, "expected an expression, found end of input");
  expect_syntax_error("1 +", 4, "expected an expression, found end of input");
  expect_syntax_error("1 2", 3, "expected an operator or end of input, found number 2");
  expect_syntax_error("x y", 3, "expected an operator or end of input, found identifier 'y'");
  expect_syntax_error("1)", 2, "unmatched ')'");
  expect_syntax_error("(1 + 2", 7, "expected ')' to close the '(' at column 1, found end of input");
  expect_syntax_error("1 ? 2", 6, "expected ':' for the '?' at column 3, found end of input");
  expect_syntax_error("x ? 2 , 3", 7, "expected ':' for the '?' at column 3, found ','");
  expect_syntax_error("x * * 2", 5, "expected an expression, found '*'");
  expect_syntax_error("99999999999999999999", 1,
                      "integer literal '99999999999999999999' does not fit in 64 bits (max 9223372036854775807)");
  expect_syntax_error("x + 9223372036854775808", 5,
                      "integer literal '9223372036854775808' does not fit in 64 bits (max 9223372036854775807)");
  expect_syntax_error("0x10", 1, "invalid integer literal '0x10' (only decimal digits are allowed)");
  expect_syntax_error("abs(1, 2)", 1, "function 'abs' takes exactly 1 argument, got 2");
  expect_syntax_error("log2()", 1, "function 'log2' takes exactly 1 argument, got 0");
  expect_syntax_error("x + max(1)", 5, "function 'max' takes at least 2 arguments, got 1");
  expect_syntax_error("min()", 1, "function 'min' takes at least 2 arguments, got 0");
  expect_syntax_error("x in (1)", 6, "expected '{' after 'in', found '('");
  expect_syntax_error("x in {1, y}", 10, "expected an integer literal in the set, found identifier 'y'");
  expect_syntax_error("x in {1 2}", 9, "expected ',' or '}' in the set, found number 2");
  expect_syntax_error("x in {1", 8, "expected ',' or '}' in the set, found end of input");
  expect_syntax_error("x in {-}", 8, "expected an integer literal in the set, found '}'");
  expect_syntax_error("x not {1}", 7, "expected 'in' after 'not', found '{'");
  expect_syntax_error("x ** ", 6, "expected an expression, found end of input");
  expect_syntax_error("1 < 2 < 3", 7,
                      "comparisons do not chain: '<' follows the '<' at column 3; add parentheses, e.g. (a < b) == c, "
                      "or write a < b && b < c");
  expect_syntax_error("x not in {2} == y + 1", 14,
                      "comparisons do not chain: '==' follows the 'not in' at column 3; add parentheses, e.g. "
                      "(a < b) == c, or write a < b && b < c");
  expect_syntax_error("x in {1} + 1", 10,
                      "'+' cannot follow a set: it binds tighter than 'in'; add parentheses, e.g. (x in {1, 2}) + y");
  expect_syntax_error("x in {1} ^ y", 10,
                      "'^' cannot follow a set: it binds tighter than 'in'; add parentheses, e.g. (x in {1, 2}) ^ y");
  EXPECT_STREQ(syntax_error("q").what(), "column 1: unknown variable 'q' (known: x, y, z, total)");
  try {
    Program::compile("a", {});
    ADD_FAILURE();
  } catch (const SyntaxError& e) {
    EXPECT_STREQ(e.what(), "column 1: unknown variable 'a' (known: none)");
  }
  // Errors in branches that folding drops are still reported.
  expect_syntax_error("0 ? 1 : (2", 11, "expected ')' to close the '(' at column 9, found end of input");
  expect_syntax_error("0 && foo", 6, "unknown variable 'foo' (known: x, y, z, total)");
}

TEST(Expr, NestingDepthLimit) {
  // (run() only: unfold() would add one more level of parentheses.)
  EXPECT_EQ(run(repeat("(", 200) + "1" + repeat(")", 200)), 1);
  EXPECT_EQ(run(repeat("(", 200) + "x" + repeat(")", 200), 9), 9);
  expect_syntax_error(repeat("(", 201) + "1" + repeat(")", 201), 201,
                      "expression nested too deeply (more than 200 levels of parentheses, calls, unary "
                      "operators, '**' or '?:')");
  EXPECT_EQ(run(repeat("-", 200) + "1"), 1);
  EXPECT_EQ(run(repeat("-", 199) + "x", 4), -4);
  EXPECT_EQ(syntax_error(repeat("-", 201) + "1").column, 201);
  EXPECT_EQ(syntax_error(repeat("!", 201) + "1").column, 201);
  EXPECT_EQ(run(repeat("1**", 200) + "1"), 1);
  EXPECT_EQ(run(repeat("x**", 200) + "x", 1), 1);
  EXPECT_NE(std::string(syntax_error(repeat("1**", 201) + "1").what()).find("nested too deeply"), std::string::npos);
  EXPECT_EQ(run(repeat("x?1:", 200) + "7", 0), 7);
  EXPECT_NE(std::string(syntax_error(repeat("x?1:", 201) + "7").what()).find("nested too deeply"), std::string::npos);
  EXPECT_EQ(run(repeat("abs(", 200) + "x" + repeat(")", 200), -3), 3);
  EXPECT_NE(std::string(syntax_error(repeat("abs(", 201) + "1" + repeat(")", 201)).what()).find("nested too deeply"),
            std::string::npos);
  // Hostile inputs at the length limit fail cleanly instead of exhausting the native stack.
  for (const std::string unit : {"(", "-", "~", "!", "x?", "1**", "min(", "x||x&&x==x|x^x&x<<x+x*("}) {
    std::string src;
    while (src.size() + unit.size() <= Program::kMaxSourceLength) src += unit;
    EXPECT_THROW(Program::compile(src, kVars), SyntaxError) << unit;
  }
}

TEST(Expr, EvaluationStackLimit) {
  // Each repetition keeps an operator of every level pending, seven of them with their left
  // operand on the stack (&& and || keep theirs in a jump), so 40 repetitions need more than
  // 256 slots while staying far below the nesting limit.
  const std::string deep = repeat("x||x&&x==x|x^x&x<<x+x*(", 40) + "x" + repeat(")", 40);
  const SyntaxError e = syntax_error(deep);
  EXPECT_NE(std::string(e.what()).find("needs more than 256 evaluation stack slots"), std::string::npos) << e.what();
  const std::string ok = repeat("x||x&&x==x|x^x&x<<x+x*(", 30) + "x" + repeat(")", 30);
  const Program p = Program::compile(ok, kVars);
  EXPECT_LE(p.stack_depth(), Program::kMaxStack);
  EXPECT_GT(p.stack_depth(), 200u);
  EXPECT_EQ(p.eval({1, 0, 0, 0}), 1);
  // Long flat chains need only two slots.
  EXPECT_EQ(Program::compile("x" + repeat(" + x", 1000), kVars).stack_depth(), 2u);
}

TEST(Expr, SourceLengthLimit) {
  std::string ok = "1" + repeat("+1", 2047) + " ";
  ASSERT_EQ(ok.size(), 4096u);
  EXPECT_EQ(run(ok), 2048);
  const std::string long_src = ok + " ";
  expect_syntax_error(long_src, 4097, "expression too long: 4097 characters (limit 4096)");
}

TEST(Expr, ConstantFoldingAndUses) {
  const Program c = Program::compile("1 + 2 * 3 - (4 in {4}) + min(2, 9) + (0 ? x : 5)", kVars);
  EXPECT_TRUE(c.is_constant());
  EXPECT_EQ(c.constant_value(), 1 + 6 - 1 + 2 + 5);
  EXPECT_FALSE(c.uses(0));

  const Program p = Program::compile("x + (0 && total) + (1 || y) + (z in {})", kVars);
  EXPECT_FALSE(p.is_constant());
  EXPECT_TRUE(p.uses(0));
  EXPECT_FALSE(p.uses(1));
  EXPECT_TRUE(p.uses(2));
  EXPECT_FALSE(p.uses(3));
  EXPECT_FALSE(p.uses(4));
  EXPECT_EQ(p.eval({3, 0, 0, 0}), 4);
  EXPECT_EQ(p.variable_count(), 4u);
  EXPECT_EQ(p.source(), "x + (0 && total) + (1 || y) + (z in {})");

  const Program t = Program::compile("x ? y : total", kVars);
  EXPECT_TRUE(t.uses(0) && t.uses(1) && t.uses(3) && !t.uses(2));

  const Program d;
  EXPECT_TRUE(d.is_constant());
  EXPECT_EQ(d.eval({}), 0);
  EXPECT_EQ(d.source(), "0");
}

TEST(Expr, ThreadSafeEval) {
  const Program p = Program::compile("(x * 7 + y) % 1000 ^ min(x, y)", kVars);
  std::vector<std::int64_t> results(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&p, &results, t] {
      std::int64_t sum = 0;
      for (std::int64_t i = 0; i < 20000; ++i) sum += p.eval({i, i + t, 0, 0});
      results[static_cast<std::size_t>(t)] = sum;
    });
  }
  for (std::thread& th : threads) th.join();
  for (int t = 0; t < 4; ++t) {
    std::int64_t sum = 0;
    for (std::int64_t i = 0; i < 20000; ++i) sum += ((i * 7 + i + t) % 1000) ^ std::min(i, i + t);
    EXPECT_EQ(results[static_cast<std::size_t>(t)], sum);
  }
}

// ---------------------------------------------------------------------------------------------
// Randomized differential test against a straightforward __int128 tree evaluator. The trees use
// every operator; they are printed with the fewest parentheses the precedence table allows (this
// file's own copy of it, in level() below), plus a few redundant ones, so the parser must group
// them as the table says for the values to agree.

namespace {

__extension__ typedef __int128 i128;

struct Node {
  // 'n' literal, 'x' / 'y' variable; unary: 'u' minus, '~', '!'; binary: * / % + - '<' (<<) '>'
  // (>>) & ^ | 'E' (==) 'N' (!=) 'l' (<) 'L' (<=) 'g' (>) 'G' (>=) 'A' (&&) 'O' (||) 'P' (**);
  // 'i' (in {set}), 'I' (not in {set}); 't' (a ? b : c).
  char op;
  std::int64_t value = 0;
  int a = -1;
  int b = -1;
  int c = -1;
  std::vector<std::int64_t> set = {};
};

class RandomExpr {
 public:
  explicit RandomExpr(std::mt19937_64& rng) : rng_(rng) {}

  int gen(int depth) {
    const int r = pick(0, 99);
    if (depth == 0 || r < 20) {
      const int kind = pick(0, 2);
      if (kind == 0) return add({'x'});
      if (kind == 1) return add({'y'});
      static const std::int64_t kBig[] = {1000, 65536, 3037000499, 3037000500, 4294967296};
      const std::int64_t v = pick(0, 9) == 0 ? kBig[pick(0, 4)] : pick(0, 20);
      return add({'n', v});
    }
    if (r < 28) {
      static const char kUnary[] = {'u', 'u', '~', '!'};
      const int child = gen(depth - 1);
      return add({kUnary[pick(0, 3)], 0, child});
    }
    if (r < 31) {
      Node n{pick(0, 1) ? 'i' : 'I', 0, gen(depth - 1)};
      for (int k = pick(0, 3); k > 0; --k) n.set.push_back(pick(-3, 20));
      return add(n);
    }
    if (r < 33) {
      const int a = gen(depth - 1);
      const int b = gen(depth - 1);
      const int c = gen(depth - 1);
      return add({'t', 0, a, b, c});
    }
    // Arithmetic and bitwise operators more often than the others, so that values stay large
    // enough to overflow now and then.
    static const char kOps[] = {'*', '/', '%', '+', '-', '&', '^', '|', '*', '+', '-', '&', '^', '|', '<',
                                '>', 'E', 'N', 'l', 'L', 'g', 'G', 'A', 'O', 'P'};
    const char op = kOps[pick(0, static_cast<int>(sizeof kOps) - 1)];
    const int a = gen(depth - 1);
    const int b = gen(depth - 1);
    return add({op, 0, a, b});
  }

  // This file's copy of the precedence table: larger binds tighter.
  static int level(char op) {
    switch (op) {
      case 't': return 0;
      case 'O': return 1;
      case 'A': return 2;
      case 'E': case 'N': case 'l': case 'L': case 'g': case 'G': case 'i': case 'I': return 3;
      case '|': return 4;
      case '^': return 5;
      case '&': return 6;
      case '<': case '>': return 7;
      case '+': case '-': return 8;
      case '*': case '/': case '%': return 9;
      case 'u': case '~': case '!': return 10;
      case 'P': return 11;
      default: return 12;  // literals and variables
    }
  }
  static bool is_comparison(char op) { return level(op) == 3; }

  std::string render(int i) {
    const Node& n = nodes_[static_cast<std::size_t>(i)];
    const int l = level(n.op);
    std::string s;
    switch (n.op) {
      case 'n': s = std::to_string(n.value); break;
      case 'x': case 'y': s = std::string(1, n.op); break;
      case 'u': case '~': case '!':
        s = std::string(n.op == 'u' ? "-" : n.op == '~' ? "~" : "!") + wrap(n.a, lv(n.a) < l);
        break;
      case 'i': case 'I': {
        std::string members;
        for (std::int64_t v : n.set) members += (members.empty() ? "" : ", ") + std::to_string(v);
        s = wrap(n.a, lv(n.a) <= l) + (n.op == 'i' ? " in {" : " not in {") + members + "}";
        break;
      }
      case 't':  // right-associative: only a conditional as the condition needs parentheses
        s = wrap(n.a, lv(n.a) <= l) + " ? " + render(n.b) + " : " + render(n.c);
        break;
      case 'P':  // right-associative, and the exponent may start with a unary operator
        s = wrap(n.a, lv(n.a) <= l) + " ** " + wrap(n.b, lv(n.b) < level('u'));
        break;
      default: {
        // Left-associative, except the comparisons, which do not associate at all.
        const bool none = is_comparison(n.op);
        s = wrap(n.a, none ? lv(n.a) <= l : lv(n.a) < l) + " " + symbol(n.op) + " " + wrap(n.b, lv(n.b) <= l);
      }
    }
    return pick(0, 19) == 0 ? "(" + s + ")" : s;
  }

  // The exact value, or nullopt if an evaluated subexpression leaves int64, divides by zero,
  // has a negative exponent or a shift count outside 0..63. && || and ?: evaluate lazily.
  std::optional<i128> eval(int i, i128 x, i128 y) const {
    const Node& n = node(i);
    std::optional<i128> r;
    auto sub = [&](int k) { return eval(k, x, y); };
    switch (n.op) {
      case 'n': r = n.value; break;
      case 'x': r = x; break;
      case 'y': r = y; break;
      case 'u': case '~': case '!': {
        const auto a = sub(n.a);
        if (!a) return std::nullopt;
        r = n.op == 'u' ? -*a : n.op == '~' ? ~*a : i128{*a == 0};
        break;
      }
      case 'i': case 'I': {
        const auto a = sub(n.a);
        if (!a) return std::nullopt;
        const bool found = std::find(n.set.begin(), n.set.end(), *a) != n.set.end();
        r = found == (n.op == 'i');
        break;
      }
      case 't': {
        const auto c = sub(n.a);
        if (!c) return std::nullopt;
        r = *c != 0 ? sub(n.b) : sub(n.c);
        if (!r) return std::nullopt;
        break;
      }
      case 'A': case 'O': {
        const auto a = sub(n.a);
        if (!a) return std::nullopt;
        if ((*a != 0) == (n.op == 'O')) {
          r = n.op == 'O';
          break;
        }
        const auto b = sub(n.b);
        if (!b) return std::nullopt;
        r = *b != 0;
        break;
      }
      default: {
        const auto a = sub(n.a);
        const auto b = sub(n.b);
        if (!a || !b) return std::nullopt;
        const i128 p = *a;
        const i128 q = *b;
        switch (n.op) {
          case '+': r = p + q; break;
          case '-': r = p - q; break;
          case '*': r = p * q; break;
          case '^': r = p ^ q; break;
          case '&': r = p & q; break;
          case '|': r = p | q; break;
          case 'E': r = p == q; break;
          case 'N': r = p != q; break;
          case 'l': r = p < q; break;
          case 'L': r = p <= q; break;
          case 'g': r = p > q; break;
          case 'G': r = p >= q; break;
          case '<': case '>':
            if (q < 0 || q > 63) return std::nullopt;
            r = n.op == '<' ? p * (i128{1} << static_cast<int>(q)) : p >> static_cast<int>(q);
            break;
          case 'P': {
            if (q < 0) return std::nullopt;
            if (p == 0 || p == 1) {
              r = p == 0 && q > 0 ? 0 : 1;
              break;
            }
            if (p == -1) {
              r = q % 2 == 0 ? 1 : -1;
              break;
            }
            i128 v = 1;  // |p| >= 2: at most 63 steps stay inside int64
            for (i128 k = 0; k < q; ++k) {
              v *= p;
              if (v > kMax || v < kMin) return std::nullopt;
            }
            r = v;
            break;
          }
          case '/':
          case '%': {
            if (q == 0) return std::nullopt;
            i128 quot = p / q;
            i128 rem = p % q;
            if (rem != 0 && ((rem < 0) != (q < 0))) {
              quot -= 1;
              rem += q;
            }
            r = n.op == '/' ? quot : rem;
            break;
          }
        }
      }
    }
    if (*r > kMax || *r < kMin) return std::nullopt;
    return r;
  }

 private:
  static std::string symbol(char op) {
    switch (op) {
      case '<': return "<<";
      case '>': return ">>";
      case 'E': return "==";
      case 'N': return "!=";
      case 'l': return "<";
      case 'L': return "<=";
      case 'g': return ">";
      case 'G': return ">=";
      case 'A': return "&&";
      case 'O': return "||";
      default: return std::string(1, op);
    }
  }
  const Node& node(int i) const { return nodes_[static_cast<std::size_t>(i)]; }
  int lv(int i) const { return level(node(i).op); }
  int add(Node n) {
    nodes_.push_back(std::move(n));
    return static_cast<int>(nodes_.size()) - 1;
  }
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  std::string wrap(int i, bool parens) {
    const std::string s = render(i);
    return parens ? "(" + s + ")" : s;
  }

  std::mt19937_64& rng_;
  std::vector<Node> nodes_;
};

std::int64_t random_value(std::mt19937_64& rng) {
  switch (std::uniform_int_distribution<int>(0, 5)(rng)) {
    case 0: return std::uniform_int_distribution<std::int64_t>(-50, 50)(rng);
    case 1: return std::uniform_int_distribution<std::int64_t>(-100000, 100000)(rng);
    case 2: return std::uniform_int_distribution<std::int64_t>(-4000000000, 4000000000)(rng);
    case 3: return static_cast<std::int64_t>(rng());
    case 4: return std::uniform_int_distribution<int>(0, 1)(rng) ? kMax : kMin;
    default: return std::uniform_int_distribution<std::int64_t>(-3, 3)(rng);
  }
}

bool expected_eval_error(const std::string& m) {
  for (const char* kind : {"overflow in", "by zero in", "negative exponent in", "shift count out of range"})
    if (m.find(kind) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST(Expr, RandomDifferentialAgainstInt128) {
  std::mt19937_64 rng(20240611);
  int ok = 0;
  int failed = 0;
  for (int iter = 0; iter < 30000; ++iter) {
    RandomExpr gen(rng);
    const int root = gen.gen(static_cast<int>(rng() % 6));
    const std::string src = gen.render(root);
    Program p;
    ASSERT_NO_THROW(p = Program::compile(src, {"x", "y"})) << src;
    for (int k = 0; k < 3; ++k) {
      const std::int64_t x = random_value(rng);
      const std::int64_t y = random_value(rng);
      const std::optional<i128> expected = gen.eval(root, x, y);
      if (expected) {
        ++ok;
        std::int64_t got = 0;
        ASSERT_NO_THROW(got = p.eval({x, y})) << src << " x=" << x << " y=" << y;
        ASSERT_EQ(got, static_cast<std::int64_t>(*expected)) << src << " x=" << x << " y=" << y;
      } else {
        ++failed;
        try {
          p.eval({x, y});
          FAIL() << "expected EvalError: " << src << " x=" << x << " y=" << y;
        } catch (const EvalError& e) {
          EXPECT_TRUE(expected_eval_error(e.what())) << e.what();
        }
      }
    }
  }
  // Both outcomes must be well represented for the test to mean anything.
  EXPECT_GT(ok, 20000);
  EXPECT_GT(failed, 5000);
}
