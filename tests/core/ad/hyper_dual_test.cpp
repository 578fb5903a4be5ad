// hyper_dual<T>: the eps1 eps2 algebra worked by hand, exact second
// derivatives of compositions and mixed partials of two-variable functions
// against derivatives worked out on paper, and edges. Every elementary
// function's f'' against its closed form: tests/core/ad/dual_rules_test.cpp.
#include "core/ad/hyper_dual.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace {
using framelab::hyper_dual;
using h1 = hyper_dual<double>;

constexpr double tight_tol = 1e-14;  // relative, double
constexpr float float_tol = 4e-6f;   // relative, float
constexpr double inf = std::numeric_limits<double>::infinity();

double rel_err(double got, double expected) { return std::abs(got - expected) / std::max(1.0, std::abs(expected)); }

static_assert(std::is_trivially_copyable_v<h1> && std::is_trivially_default_constructible_v<h1>);

TEST(hyper_dual, constructs_and_reads_its_four_parts) {
  const h1 a(1.0, 2.0, 3.0, 4.0);
  EXPECT_EQ(a.real(), 1.0);
  EXPECT_EQ(a.eps1(), 2.0);
  EXPECT_EQ(a.eps2(), 3.0);
  EXPECT_EQ(a.eps12(), 4.0);
  const h1 c = 5.0;
  EXPECT_EQ(c.eps1() + c.eps2() + c.eps12(), 0.0);
  const h1 z{};
  EXPECT_EQ(z.real() + z.eps12(), 0.0);
}

// (1 + 2e1 + 3e2 + 4e1e2)(5 + 6e1 + 7e2 + 8e1e2) with e1^2 = e2^2 = 0:
//   5 + e1 (10 + 6) + e2 (15 + 7) + e1e2 (20 + 2*7 + 3*6 + 8)
TEST(hyper_dual, product_keeps_the_eps1_eps2_cross_terms) {
  const h1 x(1, 2, 3, 4), a(5, 6, 7, 8);
  const h1 p = x * a;
  EXPECT_EQ(p.real(), 5.0);
  EXPECT_EQ(p.eps1(), 16.0);
  EXPECT_EQ(p.eps2(), 22.0);
  EXPECT_EQ(p.eps12(), 60.0);
  // the quotient undoes the product
  const h1 q = p / a;
  EXPECT_NEAR(q.real(), 1.0, tight_tol);
  EXPECT_NEAR(q.eps1(), 2.0, tight_tol);
  EXPECT_NEAR(q.eps2(), 3.0, tight_tol);
  EXPECT_NEAR(q.eps12(), 4.0, tight_tol);
  // against T on both sides
  EXPECT_EQ((2.0 * x - 1.0).eps12(), 8.0);
  EXPECT_EQ((1.0 - x / 2.0).eps1(), -1.0);
  EXPECT_EQ((x + 1.0).real(), 2.0);
  EXPECT_TRUE(x < a && x == 1.0 && 5.0 == a && -x == -1.0);
}

// 1/x: (1/x)'' = 2/x^3 through the division
TEST(hyper_dual, reciprocal_has_the_closed_form_second_derivative) {
  for (const double x : {-2.0, 0.5, 3.0}) {
    const h1 r = 1.0 / h1(x, 1.0, 1.0);
    EXPECT_LE(rel_err(r.eps1(), -1 / (x * x)), tight_tol);
    EXPECT_LE(rel_err(r.eps12(), 2 / (x * x * x)), tight_tol);
  }
}

struct second_order_case {
  const char* name;
  h1 (*f)(h1);
  double (*df)(double), (*d2f)(double);  // by hand
  std::vector<double> points;
};

TEST(hyper_dual, compositions_give_exact_second_derivatives) {
  const std::vector<second_order_case> cases{
      // (sin x e^x)' = e^x (sin + cos), '' = 2 e^x cos x
      {"sin x e^x", [](h1 x) { return sin(x) * exp(x); },
       [](double x) { return std::exp(x) * (std::sin(x) + std::cos(x)); },
       [](double x) { return 2 * std::exp(x) * std::cos(x); }, {-2, 0, 0.5, 3}},
      // x^x: ' = x^x (ln x + 1), '' = x^x ((ln x + 1)^2 + 1/x)
      {"x^x", [](h1 x) { return pow(x, x); }, [](double x) { return std::pow(x, x) * (std::log(x) + 1); },
       [](double x) { return std::pow(x, x) * (std::pow(std::log(x) + 1, 2) + 1 / x); }, {0.2, 1, 2.5}},
      // sqrt(1 + x^2): ' = x/sqrt(1 + x^2), '' = (1 + x^2)^(-3/2)
      {"sqrt(1 + x^2)", [](h1 x) { return sqrt(1.0 + x * x); }, [](double x) { return x / std::sqrt(1 + x * x); },
       [](double x) { return std::pow(1 + x * x, -1.5); }, {-3, 0, 0.7, 10}},
      // log(cosh x): ' = tanh x, '' = 1/cosh^2 x
      {"log(cosh x)", [](h1 x) { return log(cosh(x)); }, [](double x) { return std::tanh(x); },
       [](double x) { return 1 / std::pow(std::cosh(x), 2); }, {-2, 0, 1.5}},
      // 1/(1 + x^2): ' = -2x/(1 + x^2)^2, '' = (6x^2 - 2)/(1 + x^2)^3
      {"1/(1 + x^2)", [](h1 x) { return 1.0 / (1.0 + x * x); },
       [](double x) { return -2 * x / std::pow(1 + x * x, 2); },
       [](double x) { return (6 * x * x - 2) / std::pow(1 + x * x, 3); }, {-1.5, 0, 0.4, 2}},
      // atan2(x^2, 1 + x) against atan(x^2/(1 + x)) for x > -1: u = x^2/(1 + x)
      //   u' = (x^2 + 2x)/(1 + x)^2, u'' = 2/(1 + x)^3; (atan u)'' = u''/(1 + u^2) - 2u u'^2/(1 + u^2)^2
      {"atan2(x^2, 1 + x)", [](h1 x) { return atan2(x * x, 1.0 + x); },
       [](double x) {
         const double u = x * x / (1 + x);
         return (x * x + 2 * x) / std::pow(1 + x, 2) / (1 + u * u);
       },
       [](double x) {
         const double u = x * x / (1 + x), du = (x * x + 2 * x) / std::pow(1 + x, 2), d2u = 2 / std::pow(1 + x, 3);
         return d2u / (1 + u * u) - 2 * u * du * du / std::pow(1 + u * u, 2);
       },
       {-0.5, 0.3, 2}},
  };
  for (const auto& c : cases) {
    for (const double x : c.points) {
      SCOPED_TRACE(std::string(c.name) + " at x = " + std::to_string(x));
      const h1 r = c.f(h1(x, 1.0, 1.0));
      EXPECT_LE(rel_err(r.eps1(), c.df(x)), tight_tol);
      EXPECT_EQ(r.eps2(), r.eps1());
      EXPECT_LE(rel_err(r.eps12(), c.d2f(x)), tight_tol);
    }
  }
}

// f(x, y) = x^2 y^3 + sin(x y) + hypot(x, y):
//   f_xy = 6 x y^2 + cos(xy) - xy sin(xy) - xy/r^3
//   f_xx = 2 y^3 - y^2 sin(xy) + y^2/r^3,   f_yy = 6 x^2 y - x^2 sin(xy) + x^2/r^3
template <class S>
S two_variables(S x, S y) {
  using std::hypot;
  using std::sin;
  return x * x * y * y * y + sin(x * y) + hypot(x, y);
}

TEST(hyper_dual, mixed_partials_from_eps1_on_x_and_eps2_on_y) {
  for (const auto& [x, y] : std::vector<std::pair<double, double>>{{0.5, -1.2}, {2.0, 0.3}, {-1.0, 1.0}}) {
    const double r3 = std::pow(x * x + y * y, 1.5), s = std::sin(x * y);
    const h1 fxy = two_variables(h1(x, 1.0, 0.0), h1(y, 0.0, 1.0));
    EXPECT_LE(rel_err(fxy.eps12(), 6 * x * y * y + std::cos(x * y) - x * y * s - x * y / r3), tight_tol);
    const h1 fxx = two_variables(h1(x, 1.0, 1.0), h1(y));
    EXPECT_LE(rel_err(fxx.eps12(), 2 * y * y * y - y * y * s + y * y / r3), tight_tol);
    const h1 fyy = two_variables(h1(x), h1(y, 1.0, 1.0));
    EXPECT_LE(rel_err(fyy.eps12(), 6 * x * x * y - x * x * s + x * x / r3), tight_tol);
    EXPECT_DOUBLE_EQ(fxy.real(), two_variables(x, y));
  }
}

TEST(hyper_dual, one_seed_alone_leaves_the_other_parts_zero) {
  const h1 r = exp(sin(h1(0.7, 1.0, 0.0)));
  EXPECT_LE(rel_err(r.eps1(), std::cos(0.7) * std::exp(std::sin(0.7))), tight_tol);
  EXPECT_EQ(r.eps2(), 0.0);
  EXPECT_EQ(r.eps12(), 0.0);
}

TEST(hyper_dual, domain_edges_follow_the_rule) {
  const h1 s = sqrt(h1(0.0, 1.0, 1.0));  // sqrt' = +inf, sqrt'' = -inf at 0
  EXPECT_EQ(s.real(), 0.0);
  EXPECT_EQ(s.eps1(), inf);
  EXPECT_EQ(s.eps12(), -inf);
  const h1 l = log(h1(0.0, 1.0, 1.0));  // log' = +inf, log'' = -inf at 0
  EXPECT_EQ(l.real(), -inf);
  EXPECT_EQ(l.eps1(), inf);
  EXPECT_EQ(l.eps12(), -inf);
  EXPECT_TRUE(std::isnan(log(h1(-1.0, 1.0, 1.0)).eps12()));
  EXPECT_EQ(sqrt(h1(0.0)).eps12(), 0.0);  // nothing moves: zero stays zero
}

TEST(hyper_dual, float_instantiation) {
  using hf = hyper_dual<float>;
  const hf r = sin(hf(0.5f, 1.0f, 1.0f)) * hf(0.5f, 1.0f, 1.0f);  // (x sin x)'' = 2 cos x - x sin x
  const float expected = 2 * std::cos(0.5f) - 0.5f * std::sin(0.5f);
  EXPECT_NEAR(r.eps12(), expected, float_tol * expected);
  EXPECT_NEAR(r.eps1(), std::sin(0.5f) + 0.5f * std::cos(0.5f), float_tol);
}

}  // namespace
