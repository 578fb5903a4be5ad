#pragma once
// expression: an arithmetic expression in named variables, typed by a user as text,
// parsed ONCE into a flat postfix program and then evaluated with any scalar S:
// double for values, dual<double> or dual_n<double, K> for exact derivatives.
//
// Source: docs/articles.md, dual-numbers-autodiff. The extension of a composition
// is the composition of the extensions,
//   (f o g)~ = f~ o g~,
// so "we don't need to know the derivative of the complicated function in order to
// extend it, we only need to know the derivatives of the elementary functions of which
// it is composed". The evaluator below only composes: every +, *, sin, pow, atan2, ...
// is the dual library's own (core/ad/dual_functions.hpp, rules in core/ad/dual_rules.hpp),
// found by ADL for dual numbers and in std for double.
//
// Grammar, lowest precedence first (^ is right-associative and binds tighter than a
// sign, so 2^3^2 = 2^9 and -2^2 = -4; + - * / are left-associative):
//   sum     = product { ("+" | "-") product }
//   product = signed { ("*" | "/") signed }
//   signed  = ("-" | "+") signed | power
//   power   = primary [ "^" signed ]
//   primary = number | name | function "(" sum { "," sum } ")" | "(" sum ")"
// number: 12, 1.5, .5, 2e-3; name: a variable the caller allows, or pi, e.
// a ^ n with n an integer literal is pow(a, n) (the dual rule n a^(n-1) holds for a < 0).
//
//   const std::string_view names[] = {"x", "y"};
//   expression e;
//   if (auto error = parse_expression("y * sin(x)^2", names, e)) ...;  // "col 7: ..." on failure
//   const framelab::dual<double> xy[] = {{0.5, 1.0}, {2.0, 0.0}};       // d/dx at (0.5, 2)
//   evaluate<framelab::dual<double>>(e, xy).dual_part();                 // 2 y sin x cos x
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace framelab {

// Limits: longer text, deeper nesting (parentheses, signs, exponents, function calls)
// or more intermediate values are refused with a message, never a crash.
inline constexpr std::size_t max_expression_length = 512;  // bytes
inline constexpr int max_expression_nesting = 64;
inline constexpr std::size_t max_expression_stack = 256;  // values pending during evaluation

// What the parser accepts, for tooltips and help.
inline constexpr std::string_view expression_syntax =
    "numbers (2, 1.5, 3e-2), the variables, pi, e; + - * / ^ (power, right to left: 2^3^2 = 512), "
    "unary -, parentheses; sin cos tan asin acos atan sinh cosh tanh exp log sqrt abs; "
    "atan2(a, b) pow(a, b) hypot(a, b) min(a, b) max(a, b)";

enum class expression_op : std::uint8_t {
  constant,       // push value
  variable,       // push variables[index]
  negate,         // -a
  add,            // a + b
  subtract,       // a - b
  multiply,       // a * b
  divide,         // a / b
  power,          // pow(a, b)
  power_integer,  // pow(a, index): a ^ n with n an integer literal
  // functions of one argument
  sin, cos, tan, asin, acos, atan, sinh, cosh, tanh, exp, log, sqrt, abs,
  // functions of two arguments
  atan2, hypot, min, max,
};

struct expression_node {
  expression_op op = expression_op::constant;
  std::int32_t index = 0;  // variable: which one; power_integer: the exponent n
  double value = 0.0;      // constant
};

// The postfix program: each node pops its operands and pushes its result. Empty: 0.
struct expression {
  std::vector<expression_node> program;
  std::size_t stack_size = 0;  // the most values pending at once (<= max_expression_stack)
};

// Parses `text` with the variables named in `variables` (their order gives the indices
// evaluate() reads). Returns a one-line message such as "col 7: unknown function 'sn'",
// and leaves `out` untouched, when the text is not an expression.
std::optional<std::string> parse_expression(std::string_view text, std::span<const std::string_view> variables,
                                             expression& out);

// `e` with each variable whose value is known (values[i] set) replaced by it, and every
// operation whose operands are then all known computed once (partial evaluation): what
// remains reads only the other variables. Evaluating the result gives what evaluating `e`
// gives, with fewer operations (e.g. a file's expression of t once its parameters are set).
expression with_known_variables(const expression& e, std::span<const std::optional<double>> values);

namespace expression_detail {

template <class S>
S apply_unary(expression_op op, const S& a) {
  using std::abs, std::acos, std::asin, std::atan, std::cos, std::cosh, std::exp;
  using std::log, std::sin, std::sinh, std::sqrt, std::tan, std::tanh;
  switch (op) {
    case expression_op::negate: return -a;
    case expression_op::sin: return sin(a);
    case expression_op::cos: return cos(a);
    case expression_op::tan: return tan(a);
    case expression_op::asin: return asin(a);
    case expression_op::acos: return acos(a);
    case expression_op::atan: return atan(a);
    case expression_op::sinh: return sinh(a);
    case expression_op::cosh: return cosh(a);
    case expression_op::tanh: return tanh(a);
    case expression_op::exp: return exp(a);
    case expression_op::log: return log(a);
    case expression_op::sqrt: return sqrt(a);
    case expression_op::abs: return abs(a);
    default: return a;
  }
}

template <class S>
S apply_binary(expression_op op, const S& a, const S& b) {
  using std::atan2, std::fmax, std::fmin, std::hypot, std::pow;
  switch (op) {
    case expression_op::add: return a + b;
    case expression_op::subtract: return a - b;
    case expression_op::multiply: return a * b;
    case expression_op::divide: return a / b;
    case expression_op::power: return pow(a, b);
    case expression_op::atan2: return atan2(a, b);
    case expression_op::hypot: return hypot(a, b);
    case expression_op::min: return fmin(a, b);
    case expression_op::max: return fmax(a, b);
    default: return a;
  }
}

constexpr bool is_binary(expression_op op) {
  return (op >= expression_op::add && op <= expression_op::power) || op >= expression_op::atan2;
}

}  // namespace expression_detail

// The value of `e` with variable i = variables[i], computed with S's own arithmetic
// and elementary functions. Where the maths is undefined (log of a negative number,
// 1 / 0) the result is NaN or inf, as the same code written in C++ gives.
template <class S>
S evaluate(const expression& e, std::span<const S> variables) {
  using std::pow;
  namespace d = expression_detail;
  if (e.program.empty() || e.stack_size > max_expression_stack) return S(0.0);
  std::array<S, max_expression_stack> stack;
  std::size_t top = 0;  // stack[top - 1] is the last value pushed
  for (const expression_node& n : e.program) {
    switch (n.op) {  // the four arithmetic operations inline: they are most of a program
      case expression_op::constant:
        stack[top++] = S(n.value);
        break;
      case expression_op::variable: {
        const auto i = static_cast<std::size_t>(n.index);
        stack[top++] = i < variables.size() ? variables[i] : S(std::numeric_limits<double>::quiet_NaN());
        break;
      }
      case expression_op::add:
        --top;
        stack[top - 1] = stack[top - 1] + stack[top];
        break;
      case expression_op::subtract:
        --top;
        stack[top - 1] = stack[top - 1] - stack[top];
        break;
      case expression_op::multiply:
        --top;
        stack[top - 1] = stack[top - 1] * stack[top];
        break;
      case expression_op::divide:
        --top;
        stack[top - 1] = stack[top - 1] / stack[top];
        break;
      case expression_op::power_integer:
        stack[top - 1] = pow(stack[top - 1], static_cast<int>(n.index));
        break;
      default:
        if (d::is_binary(n.op)) {
          --top;
          stack[top - 1] = d::apply_binary(n.op, stack[top - 1], stack[top]);
        } else {
          stack[top - 1] = d::apply_unary(n.op, stack[top - 1]);
        }
    }
  }
  return stack[0];
}

}  // namespace framelab
