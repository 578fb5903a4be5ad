// dual<T>: the article's arithmetic worked by hand, operators against T on
// both sides, comparisons by real part, chain-rule compositions against
// derivatives worked out on paper, and the domain edges of the operators.
// Every elementary function against its closed form: tests/core/ad/dual_rules_test.cpp.
#include "core/ad/dual.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <compare>
#include <limits>
#include <numbers>
#include <type_traits>
#include <vector>

namespace {
using framelab::dual;
using d1 = dual<double>;

constexpr double tight_tol = 1e-14;      // relative, double: compositions of a few elementary functions
constexpr float float_tol = 2e-6f;       // relative, float
constexpr double inf = std::numeric_limits<double>::infinity();

double rel_err(double got, double expected) { return std::abs(got - expected) / std::max(1.0, std::abs(expected)); }

// [SECTION] the type

static_assert(std::is_trivially_copyable_v<d1> && std::is_trivially_default_constructible_v<d1>,
              "glm::vec<N, dual> needs a trivial scalar");
static_assert(std::is_same_v<decltype(d1(1.0, 2.0).dual_part()), const double&>);

TEST(dual, constructs_from_a_real_and_from_real_and_dual_parts) {
  const d1 a(3.0, 2.0);
  EXPECT_EQ(a.real(), 3.0);
  EXPECT_EQ(a.dual_part(), 2.0);
  const d1 c = 4.0;  // a constant: dual part 0
  EXPECT_EQ(c.real(), 4.0);
  EXPECT_EQ(c.dual_part(), 0.0);
  const d1 z{};
  EXPECT_EQ(z.real(), 0.0);
  EXPECT_EQ(z.dual_part(), 0.0);
}

// [SECTION] the article's algebra, worked by hand

// (x, y) +- (a, b) = (x +- a, y +- b); (x, y)(a, b) = (xa, ya + xb);
// (x, y)/(a, b) = (x/a, (ya - xb)/a^2); (x, y)^n = (x^n, n x^(n-1) y)
TEST(dual, arithmetic_follows_the_article) {
  const d1 p(3.0, 2.0), q(5.0, 7.0);
  EXPECT_EQ((p + q).real(), 8.0);
  EXPECT_EQ((p + q).dual_part(), 9.0);
  EXPECT_EQ((p - q).real(), -2.0);
  EXPECT_EQ((p - q).dual_part(), -5.0);
  EXPECT_EQ((p * q).real(), 15.0);
  EXPECT_EQ((p * q).dual_part(), 31.0);  // 2*5 + 3*7
  EXPECT_EQ((p / q).real(), 0.6);
  EXPECT_NEAR((p / q).dual_part(), -11.0 / 25.0, tight_tol);  // (2*5 - 3*7)/25
  EXPECT_EQ(pow(p, 4).real(), 81.0);
  EXPECT_EQ(pow(p, 4).dual_part(), 216.0);  // 4 * 27 * 2
  EXPECT_EQ((-p).real(), -3.0);
  EXPECT_EQ((-p).dual_part(), -2.0);
  EXPECT_EQ((+p).dual_part(), 2.0);
}

TEST(dual, arithmetic_is_constexpr) {
  constexpr d1 r = d1(3.0, 2.0) * d1(5.0, 7.0) - 1.0;
  static_assert(r.real() == 14.0 && r.dual_part() == 31.0);
  EXPECT_EQ(r.dual_part(), 31.0);
}

TEST(dual, operators_against_a_real_on_both_sides) {
  const d1 p(3.0, 2.0);
  const auto expect = [](const d1& r, double re, double du) {
    EXPECT_DOUBLE_EQ(r.real(), re);
    EXPECT_DOUBLE_EQ(r.dual_part(), du);
  };
  expect(p + 2.0, 5.0, 2.0);
  expect(2.0 + p, 5.0, 2.0);
  expect(p - 2.0, 1.0, 2.0);
  expect(2.0 - p, -1.0, -2.0);
  expect(p * 2.0, 6.0, 4.0);
  expect(2.0 * p, 6.0, 4.0);
  expect(p / 2.0, 1.5, 1.0);
  expect(2.0 / p, 2.0 / 3.0, -4.0 / 9.0);  // (2/x)' = -2/x^2
  expect(p * 2, 6.0, 4.0);                 // an int converts to T
  expect(1 + p, 4.0, 2.0);
}

TEST(dual, compound_assignment_against_dual_and_real) {
  d1 a(3.0, 2.0);
  a += d1(1.0, 1.0);  // (4, 3)
  a -= 1.0;           // (3, 3)
  a *= d1(2.0, 1.0);  // (6, 3*2 + 3*1 = 9)
  EXPECT_EQ(a.real(), 6.0);
  EXPECT_EQ(a.dual_part(), 9.0);
  a /= d1(3.0, 0.0);  // (2, 3)
  a *= 4.0;           // (8, 12)
  a /= 2.0;           // (4, 6)
  a += 1.0;           // (5, 6)
  a -= d1(0.0, 6.0);  // (5, 0)
  EXPECT_EQ(a.real(), 5.0);
  EXPECT_EQ(a.dual_part(), 0.0);
}

TEST(dual, comparisons_look_at_the_real_part_only) {
  const d1 a(1.0, 5.0), b(1.0, -3.0), c(2.0, 0.0);
  EXPECT_TRUE(a == b);
  EXPECT_FALSE(a != b);
  EXPECT_TRUE(a < c && c > a && a <= b && a >= b);
  EXPECT_TRUE(a == 1.0 && 1.0 == a && a != 2.0);
  EXPECT_TRUE(a < 2.0 && 2.0 > a && 0.5 < a && a >= 1);
  EXPECT_EQ(a <=> c, std::partial_ordering::less);
  EXPECT_EQ(d1(std::nan("")) <=> a, std::partial_ordering::unordered);
}

// [SECTION] the chain rule: compositions against derivatives worked out by hand

struct composition {
  const char* name;
  d1 (*f)(d1);
  double (*df)(double);  // by hand
  std::vector<double> points;
};

TEST(dual, compositions_follow_the_chain_rule) {
  const std::vector<composition> cases{
      // the article's example: (sin^2 x)' = 2 sin x cos x
      {"sin^2", [](d1 x) { return sin(x) * sin(x); }, [](double x) { return 2 * std::sin(x) * std::cos(x); },
       {-2, 0, 0.3, 1, 4}},
      {"exp(sin x) sqrt(1 + x^2)", [](d1 x) { return exp(sin(x)) * sqrt(1.0 + x * x); },
       [](double x) {
         const double r = std::sqrt(1 + x * x);
         return std::exp(std::sin(x)) * (std::cos(x) * r + x / r);
       },
       {-3, -0.5, 0, 0.5, 2}},
      // x^x = e^(x ln x): (ln x + 1) x^x
      {"x^x", [](d1 x) { return pow(x, x); }, [](double x) { return std::pow(x, x) * (std::log(x) + 1); },
       {0.1, 0.5, 1, 2, 3.5}},
      {"log(cosh x)/x", [](d1 x) { return log(cosh(x)) / x; },
       [](double x) { return std::tanh(x) / x - std::log(std::cosh(x)) / (x * x); }, {-4, -1, 0.5, 2, 7}},
      // atan2(sin x, cos x) = x on (-pi, pi)
      {"atan2(sin x, cos x)", [](d1 x) { return atan2(sin(x), cos(x)); }, [](double) { return 1.0; },
       {-3, -1, 0, 1, 3}},
      // hypot(3x, 4x) = 5|x|
      {"hypot(3x, 4x)", [](d1 x) { return hypot(3.0 * x, 4.0 * x); }, [](double x) { return x < 0 ? -5.0 : 5.0; },
       {-2, -0.1, 0.1, 3}},
      // logistic s = 1/(1 + e^-x): s' = s (1 - s)
      {"logistic", [](d1 x) { return 1.0 / (1.0 + exp(-x)); },
       [](double x) {
         const double s = 1 / (1 + std::exp(-x));
         return s * (1 - s);
       },
       {-10, -1, 0, 1, 10}},
      // asin(x/2) + acos(x/2) = pi/2: derivative 0
      {"asin + acos", [](d1 x) { return asin(x / 2.0) + acos(x / 2.0); }, [](double) { return 0.0; }, {-1.5, 0, 1}},
      // (x^3 - 2x)/(x^2 + 1): ((3x^2 - 2)(x^2 + 1) - 2x (x^3 - 2x))/(x^2 + 1)^2
      {"rational", [](d1 x) { return (pow(x, 3) - 2.0 * x) / (x * x + 1.0); },
       [](double x) { return ((3 * x * x - 2) * (x * x + 1) - 2 * x * (x * x * x - 2 * x)) / std::pow(x * x + 1, 2); },
       {-2, -0.5, 0, 1, 3}},
  };
  for (const auto& c : cases) {
    for (const double x : c.points) {
      SCOPED_TRACE(std::string(c.name) + " at x = " + std::to_string(x));
      EXPECT_LE(rel_err(c.f(d1(x, 1.0)).dual_part(), c.df(x)), tight_tol);
    }
  }
}

// One template for T and dual<T>: unqualified calls find framelab's functions by
// ADL. Constants are written S(3): with S = float, 3.0 * x would be double arithmetic.
template <class S>
S wave(S x) {
  using std::exp;
  using std::pow;
  using std::sin;
  return sin(S(3) * x) * exp(-x) + pow(x, S(2)) - S(4) / x;
}

TEST(dual, one_template_serves_real_and_dual) {
  for (const double x : {0.25, 1.0, 2.5}) {
    const d1 r = wave(d1(x, 1.0));
    // the value is not perturbed (to the ulp a compiler's a * b + c -> fma contraction of the plain expression may cost)
    EXPECT_DOUBLE_EQ(r.real(), wave(x));
    const double by_hand = std::exp(-x) * (3 * std::cos(3 * x) - std::sin(3 * x)) + 2 * x + 4 / (x * x);
    EXPECT_LE(rel_err(r.dual_part(), by_hand), tight_tol);
  }
}

TEST(dual, float_instantiation) {
  using f1 = dual<float>;
  const f1 x(0.75f, 1.0f);
  const f1 r = wave(x);
  EXPECT_FLOAT_EQ(r.real(), wave(0.75f));
  const float by_hand = std::exp(-0.75f) * (3 * std::cos(2.25f) - std::sin(2.25f)) + 1.5f + 4 / 0.5625f;
  EXPECT_NEAR(r.dual_part(), by_hand, float_tol * std::abs(by_hand));
  const f1 q = 2.0f / (x * 2 - 1.0f);  // 2/(2x - 1): -4/(2x - 1)^2 = -16
  EXPECT_FLOAT_EQ(q.dual_part(), -16.0f);
}

// [SECTION] powers

TEST(dual, pow_in_all_its_forms) {
  // dual^int, negative base: (x^3)' = 3x^2
  EXPECT_EQ(pow(d1(-2.0, 1.0), 3).real(), -8.0);
  EXPECT_EQ(pow(d1(-2.0, 1.0), 3).dual_part(), 12.0);
  // (x^-2)' = -2 x^-3
  EXPECT_EQ(pow(d1(2.0, 1.0), -2).dual_part(), -0.25);
  // (x^0)' = 0, also at 0
  EXPECT_EQ(pow(d1(0.0, 1.0), 0).real(), 1.0);
  EXPECT_EQ(pow(d1(0.0, 1.0), 0).dual_part(), 0.0);
  // T^dual: (2^y)' = 2^y ln 2
  EXPECT_EQ(pow(2.0, d1(3.0, 1.0)).real(), 8.0);
  EXPECT_LE(rel_err(pow(2.0, d1(3.0, 1.0)).dual_part(), 8.0 * std::numbers::ln2), tight_tol);
  // dual^dual along (1, 1): y x^(y-1) + x^y ln x
  EXPECT_LE(rel_err(pow(d1(2.0, 1.0), d1(3.0, 1.0)).dual_part(), 12.0 + 8.0 * std::numbers::ln2), tight_tol);
  // dual^T
  EXPECT_LE(rel_err(pow(d1(4.0, 1.0), 1.5).dual_part(), 3.0), tight_tol);
}

// [SECTION] domain edges of the operators and of fmin/fmax

TEST(dual, division_by_zero_follows_the_rule) {
  const d1 r = 1.0 / d1(0.0, 1.0);  // (1/x)' = -1/x^2
  EXPECT_EQ(r.real(), inf);
  EXPECT_EQ(r.dual_part(), -inf);
  // the operators keep plain IEEE arithmetic: (0 - inf * 0)/0 is NaN
  EXPECT_TRUE(std::isnan((1.0 / d1(0.0, 0.0)).dual_part()));
}

TEST(dual, infinite_derivatives_are_never_a_silent_zero) {
  EXPECT_EQ(sqrt(d1(0.0, 1.0)).dual_part(), inf);
  EXPECT_EQ(sqrt(d1(0.0, -2.0)).dual_part(), -inf);  // y f'(x): the sign follows y
  EXPECT_EQ(log(d1(0.0, 1.0)).real(), -inf);
  EXPECT_EQ(log(d1(0.0, 1.0)).dual_part(), inf);
  EXPECT_EQ(log(d1(0.0, -1.0)).dual_part(), -inf);
  EXPECT_TRUE(std::isnan(log(d1(-1.0, 1.0)).dual_part()));  // outside the domain: no derivative
  // a dual part of exactly 0 stays 0: the input does not move
  EXPECT_EQ(sqrt(d1(0.0, 0.0)).dual_part(), 0.0);
  EXPECT_EQ(log(d1(0.0, 0.0)).dual_part(), 0.0);
  EXPECT_TRUE(isinf(log(d1(0.0, 1.0))) && !isfinite(log(d1(0.0, 1.0))) && isnan(log(d1(-1.0, 1.0))));
}

TEST(dual, fmin_fmax_follow_the_chosen_argument) {
  const d1 a(1.0, 10.0), b(2.0, 20.0);
  EXPECT_EQ(fmin(a, b).dual_part(), 10.0);
  EXPECT_EQ(fmax(a, b).dual_part(), 20.0);
  EXPECT_EQ(fmin(b, 1.5).dual_part(), 0.0);  // the constant 1.5 wins
  EXPECT_EQ(fmin(1.5, b).real(), 1.5);
  EXPECT_EQ(fmax(1.5, b).dual_part(), 20.0);
  EXPECT_EQ(fmax(a, 0.0).dual_part(), 10.0);
  const d1 nan(std::nan(""), 1.0);
  EXPECT_EQ(fmin(nan, b).dual_part(), 20.0);  // NaN loses, as in std::fmin
  EXPECT_EQ(fmax(a, nan).dual_part(), 10.0);
}

}  // namespace
