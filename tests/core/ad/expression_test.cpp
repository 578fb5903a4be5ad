// core/ad/expression.hpp: typed text against the same formula written in C++ on a grid;
// derivatives through dual<double> and Jacobians through dual_n<double, 2> against
// derivatives worked out by hand; precedence and associativity; every error with its
// column; the limits; and random bytes and token soups that must parse or be refused
// with a message, never crash.
#include "core/ad/expression.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <numbers>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/ad/dual.hpp"
#include "core/ad/dual_n.hpp"

namespace framelab {
namespace {

using d1 = dual<double>;
using d2 = dual_n<double, 2>;

constexpr double value_tol = 1e-14;       // relative: the same operations, up to pow vs repeated products
constexpr double derivative_tol = 1e-13;  // relative: a hand-derived derivative against the dual rules

const std::string_view xy[] = {"x", "y"};

expression parsed(std::string_view text) {
  expression e;
  const auto error = parse_expression(text, xy, e);
  EXPECT_FALSE(error) << text << ": " << *error;
  return e;
}

double at(const expression& e, double x, double y) {
  const double v[] = {x, y};
  return evaluate<double>(e, v);
}

double rel_err(double got, double want) { return std::abs(got - want) / std::max(1.0, std::abs(want)); }

std::vector<std::pair<double, double>> grid() {
  std::vector<std::pair<double, double>> points;
  for (double x = -2.3; x <= 2.4; x += 0.61) {
    for (double y = -1.9; y <= 2.2; y += 0.53) points.emplace_back(x, y);
  }
  return points;
}

// [SECTION] values

struct case_of_values {
  std::string_view text;
  double (*cpp)(double x, double y);
};

const case_of_values value_cases[] = {
    {"y", [](double, double y) { return y; }},
    {"0.5*(1 - x^2)*y - x", [](double x, double y) { return 0.5 * (1 - x * x) * y - x; }},
    {"-y + 0.3*x*(1 - x^2)", [](double x, double y) { return -y + 0.3 * x * (1 - x * x); }},
    {"sin(x)*cos(y) + tan(x/3)", [](double x, double y) { return std::sin(x) * std::cos(y) + std::tan(x / 3); }},
    {"exp(-(x^2 + y^2)/2) * sqrt(abs(x))",
     [](double x, double y) { return std::exp(-(x * x + y * y) / 2) * std::sqrt(std::abs(x)); }},
    {"atan2(y, x) + hypot(x, y) - pow(abs(y), 1.5)",
     [](double x, double y) { return std::atan2(y, x) + std::hypot(x, y) - std::pow(std::abs(y), 1.5); }},
    {"min(x, y) * max(x, 1) + log(1 + x^2)",
     [](double x, double y) { return std::fmin(x, y) * std::fmax(x, 1.0) + std::log(1 + x * x); }},
    {"sinh(x/2) - cosh(y/3) + tanh(x*y) + atan(y) + asin(x/3) * acos(y/3)",
     [](double x, double y) {
       return std::sinh(x / 2) - std::cosh(y / 3) + std::tanh(x * y) + std::atan(y) +
              std::asin(x / 3) * std::acos(y / 3);
     }},
    {"2*pi*x - e^y + 1.5e-1 / .5",
     [](double x, double y) { return 2 * std::numbers::pi * x - std::exp(y) + 0.15 / 0.5; }},
    {"x^-2 + y^3 - 2^x", [](double x, double y) { return 1 / (x * x) + y * y * y - std::exp2(x); }},
};

TEST(expression, typed_formulas_match_the_same_formulas_in_cpp_on_a_grid) {
  for (const auto& c : value_cases) {
    const expression e = parsed(c.text);
    for (const auto& [x, y] : grid())
      EXPECT_LE(rel_err(at(e, x, y), c.cpp(x, y)), value_tol) << c.text << " at " << x << ", " << y;
  }
}

// Partial evaluation: with y known, every case gives bit for bit what the whole program
// gives (the same double operations on the known parts), with fewer operations when a
// part reads y alone; with nothing known only the constants' own operations fold
// ("2*pi" is one constant).
TEST(expression, known_variables_fold_into_constants_and_change_no_value) {
  for (const auto& c : value_cases) {
    const expression e = parsed(c.text);
    const expression constants_only =
        with_known_variables(e, std::vector<std::optional<double>>{std::nullopt, std::nullopt});
    EXPECT_LE(constants_only.program.size(), e.program.size()) << c.text;
    for (const auto& [x, y] : grid()) {
      const double v[] = {x, y};
      const double got = evaluate<double>(constants_only, v), want = at(e, x, y);
      if (!std::isnan(want)) EXPECT_EQ(got, want) << c.text << " at " << x << ", " << y;
    }
    for (const auto& [x, y] : grid()) {
      const expression folded = with_known_variables(e, std::vector<std::optional<double>>{std::nullopt, y});
      const double v[] = {x, std::nan("")};  // y must not be read any more
      const double got = evaluate<double>(folded, v), want = at(e, x, y);
      if (std::isnan(want)) {
        EXPECT_TRUE(std::isnan(got)) << c.text;
      } else {
        EXPECT_EQ(got, want) << c.text << " at " << x << ", " << y;
      }
      EXPECT_LE(folded.program.size(), e.program.size()) << c.text;
    }
  }
  // "y^2*x + sin(y)" with y known: two constants (y^2 and sin y) around x
  const expression folded =
      with_known_variables(parsed("y^2*x + sin(y)"), std::vector<std::optional<double>>{std::nullopt, 0.5});
  EXPECT_EQ(folded.program.size(), 5u);  // c1 x * c2 +
  const double v[] = {3.0, 0.0};
  EXPECT_EQ(evaluate<double>(folded, v), 0.25 * 3.0 + std::sin(0.5));
  EXPECT_EQ(with_known_variables(parsed("2*pi*x"), std::vector<std::optional<double>>{std::nullopt, std::nullopt})
                .program.size(),
            3u);  // (2 pi) x *
  // every variable known: one constant
  EXPECT_EQ(with_known_variables(parsed("x*y + 1"), std::vector<std::optional<double>>{2.0, 3.0}).program.size(), 1u);
}

TEST(expression, precedence_and_associativity) {
  EXPECT_EQ(at(parsed("2^3^2"), 0, 0), 512.0);  // right to left: 2^(3^2)
  EXPECT_EQ(at(parsed("(2^3)^2"), 0, 0), 64.0);
  EXPECT_EQ(at(parsed("-2^2"), 0, 0), -4.0);  // the sign applies after the power
  EXPECT_EQ(at(parsed("2^-2"), 0, 0), 0.25);
  EXPECT_EQ(at(parsed("1-2-3"), 0, 0), -4.0);  // left to right
  EXPECT_EQ(at(parsed("8/4/2"), 0, 0), 1.0);
  EXPECT_EQ(at(parsed("2+3*4"), 0, 0), 14.0);
  EXPECT_EQ(at(parsed("2*3^2"), 0, 0), 18.0);
  EXPECT_EQ(at(parsed("-x*y"), 2, 3), -6.0);
  EXPECT_EQ(at(parsed("--x"), 2, 3), 2.0);
  EXPECT_EQ(at(parsed("+x - -y"), 2, 3), 5.0);
  EXPECT_EQ(at(parsed("  x\t*  ( y+1 ) "), 2, 3), 8.0);
  EXPECT_EQ(at(parsed("pi"), 0, 0), std::numbers::pi);
  EXPECT_EQ(at(parsed("e"), 0, 0), std::numbers::e);
}

TEST(expression, variables_are_the_callers_and_take_precedence_over_constants) {
  const std::string_view names[] = {"e", "speed_2"};
  expression ex;
  ASSERT_FALSE(parse_expression("e * speed_2 + pi", names, ex));
  const double v[] = {3.0, 5.0};
  EXPECT_EQ(evaluate<double>(ex, v), 15.0 + std::numbers::pi);
  // fewer values than variables: NaN, not a read past the end
  EXPECT_TRUE(std::isnan(evaluate<double>(ex, std::span<const double>(v, 1))));
}

TEST(expression, undefined_points_give_nan_or_inf_like_the_cpp_code) {
  EXPECT_TRUE(std::isnan(at(parsed("log(x)"), -1, 0)));
  EXPECT_TRUE(std::isinf(at(parsed("1/x"), 0, 0)));
  EXPECT_TRUE(std::isnan(at(parsed("sqrt(x)"), -4, 0)));
  EXPECT_EQ(at(expression{}, 1, 2), 0.0);  // an empty program is 0
}

// [SECTION] derivatives through the dual library

TEST(expression, dual_derivatives_match_hand_derived_ones) {
  struct derivative_case {
    std::string_view text;
    double (*dfdx)(double x, double y);
  };
  const derivative_case cases[] = {
      // d/dx 0.5 (1 - x^2) y - x = -x y - 1
      {"0.5*(1 - x^2)*y - x", [](double x, double y) { return -x * y - 1; }},
      // chain rule: d/dx sin(x^2 y) = 2 x y cos(x^2 y)
      {"sin(x^2*y)", [](double x, double y) { return 2 * x * y * std::cos(x * x * y); }},
      // d/dx pow(x^2 + 1, y) = y (x^2 + 1)^(y-1) 2x   (real exponent)
      {"pow(x^2 + 1, y)", [](double x, double y) { return y * std::pow(x * x + 1, y - 1) * 2 * x; }},
      // d/dx atan2(y, x) = -y / (x^2 + y^2)
      {"atan2(y, x)", [](double x, double y) { return -y / (x * x + y * y); }},
      // d/dx exp(-x^2/2) / hypot(x, y) = -x e / h - e x / h^3
      {"exp(-x^2/2) / hypot(x, y)",
       [](double x, double y) {
         const double e = std::exp(-x * x / 2), h = std::hypot(x, y);
         return -x * e / h - e * x / (h * h * h);
       }},
      // integer power of a negative base: d/dx x^3 = 3 x^2, also for x < 0
      {"x^3", [](double x, double) { return 3 * x * x; }},
      // d/dx 2^x = 2^x ln 2
      {"2^x", [](double x, double) { return std::exp2(x) * std::numbers::ln2; }},
  };
  for (const auto& c : cases) {
    const expression e = parsed(c.text);
    for (const auto& [x, y] : grid()) {
      if (x == 0.0 && y == 0.0) continue;
      const d1 v[] = {d1(x, 1.0), d1(y, 0.0)};
      EXPECT_LE(rel_err(evaluate<d1>(e, v).dual_part(), c.dfdx(x, y)), derivative_tol)
          << c.text << " at " << x << ", " << y;
    }
  }
}

TEST(expression, dual_n_gives_the_whole_gradient_in_one_pass) {
  // f = x y^2 + atan2(y, x):  df/dx = y^2 - y/r^2,  df/dy = 2 x y + x/r^2
  const expression e = parsed("x*y^2 + atan2(y, x)");
  for (const auto& [x, y] : grid()) {
    const d2 v[] = {make_variable<double, 2>(x, 0), make_variable<double, 2>(y, 1)};
    const d2 f = evaluate<d2>(e, v);
    const double r2 = x * x + y * y;
    EXPECT_LE(rel_err(f.dual_part()[0], y * y - y / r2), derivative_tol);
    EXPECT_LE(rel_err(f.dual_part()[1], 2 * x * y + x / r2), derivative_tol);
    // the value part is the plain double evaluation, bit for bit
    EXPECT_EQ(f.real(), at(e, x, y));
  }
}

// [SECTION] errors

struct error_case {
  std::string_view text;
  std::string_view message;  // the whole message
};

TEST(expression, every_error_names_its_column) {
  const error_case cases[] = {
      {"", "empty expression"},
      {"   ", "empty expression"},
      {"1 + sn(x)", "col 5: unknown function 'sn'"},
      {"(1 + 2", "col 7: expected ')' to close the '(' at col 1"},
      {"(1 2)", "col 4: expected ')'"},
      {"1 +", "col 4: unexpected end of expression"},
      {"x *", "col 4: unexpected end of expression"},
      {"1 + * 2", "col 5: unexpected '*'"},
      {"0.3 x", "col 5: unexpected 'x' (missing an operator?)"},
      {"x)", "col 2: unmatched ')'"},
      {"z + 1", "col 1: unknown name 'z' (expected x, y, pi or e)"},
      {"2 * sin", "col 8: expected '(' after 'sin'"},
      {"atan2(x)", "col 1: 'atan2' takes 2 arguments, got 1"},
      {"sin(x, y)", "col 1: 'sin' takes 1 argument, got 2"},
      {"1.2.3", "col 1: malformed number '1.2.3'"},
      {"x + .", "col 5: malformed number '.'"},
      {"1e999", "col 1: number '1e999' out of range"},
      {"x # y", "col 3: unexpected '#' (missing an operator?)"},
      {"x +\n y", "col 4: unexpected byte 0x0A"},
      {"x + \xc3\xa9", "col 5: unexpected byte 0xC3"},
      {"x(1)", "col 1: unknown function 'x'"},
      {"sin()", "col 5: unexpected ')'"},
      {"max(1,)", "col 7: unexpected ')'"},
      {"averyveryverylongnamethatgoesonandon",
       "col 1: unknown name 'averyveryverylongnametha...' (expected x, y, pi or e)"},
  };
  for (const auto& c : cases) {
    expression e;
    e.stack_size = 42;  // untouched on failure
    const auto error = parse_expression(c.text, xy, e);
    ASSERT_TRUE(error.has_value()) << c.text;
    EXPECT_EQ(*error, c.message) << c.text;
    EXPECT_EQ(e.stack_size, 42u);
  }
}

TEST(expression, limits_of_length_and_nesting) {
  expression e;
  std::string sum = "x";
  while (sum.size() + 2 <= max_expression_length) sum += "+1";
  EXPECT_FALSE(parse_expression(sum, xy, e));  // 512 characters, a long flat chain: fine
  EXPECT_EQ(at(e, 1, 0), 1.0 + (max_expression_length - 1) / 2);
  EXPECT_EQ(*parse_expression(sum + "+1", xy, e), "expression longer than 512 characters");

  const auto nested = [](int levels) { return std::string(levels, '(') + "x" + std::string(levels, ')'); };
  EXPECT_FALSE(parse_expression(nested(max_expression_nesting), xy, e));
  EXPECT_EQ(*parse_expression(nested(max_expression_nesting + 1), xy, e), "col 65: nested deeper than 64 levels");
  EXPECT_TRUE(parse_expression(std::string(200, '-') + "x", xy, e).has_value());  // signs nest too
  std::string tower = "x";
  for (int i = 0; i < 100; ++i) tower += "^x";
  EXPECT_TRUE(parse_expression(tower, xy, e).has_value());  // so do exponents (right-recursive)
  std::string calls = "x";
  for (int i = 0; i < 50; ++i) calls = "atan2(1, " + calls + ")";
  ASSERT_FALSE(parse_expression(calls, xy, e)) << calls;
  EXPECT_EQ(e.stack_size, 51u);  // each call holds its first argument while the second is computed
  std::string pending = "x";     // 1+2*(1+2*(...)): two values pending per level
  for (int i = 0; i < max_expression_nesting; ++i) pending = "1+2*(" + pending + ")";
  ASSERT_FALSE(parse_expression(pending, xy, e));
  EXPECT_LE(e.stack_size, max_expression_stack);
  EXPECT_EQ(at(e, 1, 0), std::pow(2.0, max_expression_nesting + 1) - 1);  // 1 + 2 (1 + 2 (...)) = 2^(n+1) - 1
}

// [SECTION] robustness

// Parses or refuses with a one-line message; an accepted program evaluates without reading
// past its stack (ASan in the sanitizer build) and leaves one value.
void expect_parses_or_says_why(const std::string& text) {
  expression e;
  const auto error = parse_expression(text, xy, e);
  if (error) {
    EXPECT_FALSE(error->empty());
    for (const char c : *error) {
      ASSERT_TRUE(static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f) << *error;
    }
    return;
  }
  EXPECT_LE(e.stack_size, max_expression_stack);
  EXPECT_FALSE(e.program.empty());
  (void)at(e, 0.7, -1.3);
  const d2 v[] = {make_variable<double, 2>(0.7, 0), make_variable<double, 2>(-1.3, 1)};
  (void)evaluate<d2>(e, v);
}

TEST(expression, random_bytes_never_crash) {
  std::mt19937_64 random(20261123);
  std::uniform_int_distribution<int> length(0, 40), byte(0, 255);
  for (int trial = 0; trial < 3000; ++trial) {
    std::string text(static_cast<std::size_t>(length(random)), '\0');
    for (char& c : text) c = static_cast<char>(byte(random));
    expect_parses_or_says_why(text);
  }
}

TEST(expression, random_token_soups_never_crash) {
  const std::string_view tokens[] = {"x", "y", "pi", "e", "1", "2.5", "1e3", ".5", "+", "-", "*", "/", "^", "(", ")",
                                     ",", " ", "sin(", "atan2(", "pow(", "max(", "log(", "sqrt(", "zz", "3e", "@"};
  std::mt19937_64 random(5);
  std::uniform_int_distribution<std::size_t> pick(0, std::size(tokens) - 1);
  std::uniform_int_distribution<int> count(1, 120);
  int accepted = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    std::string text;
    for (int k = count(random); k > 0; --k) text += tokens[pick(random)];
    expression e;
    if (!parse_expression(text, xy, e)) ++accepted;
    expect_parses_or_says_why(text);
  }
  EXPECT_GT(accepted, 0);  // the soup reaches the evaluator too
}

}  // namespace
}  // namespace framelab
