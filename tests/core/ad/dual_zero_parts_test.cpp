// The two zero-part policies of basic_dual (core/ad/dual.hpp) and what the helpers of
// core/ad/autodiff.hpp build on them:
//   - zero_parts::kept (dual, dual_n): a part that is exactly 0 stays 0 where f'(x) is
//     infinite or NaN; zero_parts::ieee: the plain IEEE product, 0 * inf = NaN, and the
//     flag dual_detail::non_finite_derivative_seen raised;
//   - the rules that skip the NaN guard of dual_rules::df_of claim that their f' formula is
//     NaN wherever f is NaN: checked here on points in, at the edge of and outside the domain;
//   - derivative, jacobian, gradient, ... evaluate with ieee numbers first and give the kept
//     answer bit for bit, also at domain edges and when one helper runs inside another's f.
#include "core/ad/autodiff.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace {
using framelab::dual;
using framelab::dual_n;
using framelab::zero_parts;
namespace rules = framelab::dual_rules;

constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double nan = std::numeric_limits<double>::quiet_NaN();

// bit for bit, NaN equal to NaN
bool identical(double a, double b) {
  return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b));
}

// [SECTION] the claims behind df_of's shortcut

// Points inside, at the edges of and outside every domain, the infinities and NaN.
std::vector<double> probe_points() {
  std::vector<double> points{nan, inf, -inf, 0.0, -0.0, 1e-300, -1e-300, 1e300, -1e300, 710.0, -750.0};
  for (double x = -3.0; x <= 3.0; x += 0.25) points.push_back(x);
  for (double edge : {-1.0, 1.0}) {
    points.push_back(std::nextafter(edge, -inf));
    points.push_back(std::nextafter(edge, inf));
  }
  return points;
}

// The claim: wherever rule.f(x) is NaN, rule.df(x, f(x)) is NaN too; where f is not NaN,
// df_of gives rule.df unchanged.
template <class Rule>
void expect_claim_holds(const Rule& rule, const std::string& name) {
  static_assert(rules::df_nan_where_f_nan<Rule>, "only rules that skip the guard are checked here");
  for (const double x : probe_points()) {
    const double fx = rule.f(x);
    if (std::isnan(fx)) {
      EXPECT_TRUE(std::isnan(rule.df(x, fx))) << name << " at x = " << x;
    }
  }
}

TEST(dual_zero_parts, every_rule_that_skips_the_nan_guard_has_a_nan_derivative_where_it_is_nan) {
  expect_claim_holds(rules::exp_rule{}, "exp");
  expect_claim_holds(rules::expm1_rule{}, "expm1");
  expect_claim_holds(rules::sqrt_rule{}, "sqrt");
  expect_claim_holds(rules::cbrt_rule{}, "cbrt");
  expect_claim_holds(rules::sin_rule{}, "sin");
  expect_claim_holds(rules::cos_rule{}, "cos");
  expect_claim_holds(rules::tan_rule{}, "tan");
  expect_claim_holds(rules::asin_rule{}, "asin");
  expect_claim_holds(rules::acos_rule{}, "acos");
  expect_claim_holds(rules::atan_rule{}, "atan");
  expect_claim_holds(rules::sinh_rule{}, "sinh");
  expect_claim_holds(rules::cosh_rule{}, "cosh");
  expect_claim_holds(rules::tanh_rule{}, "tanh");
  expect_claim_holds(rules::asinh_rule{}, "asinh");
  expect_claim_holds(rules::acosh_rule{}, "acosh");
  expect_claim_holds(rules::abs_rule{}, "abs");
  for (const double a : {-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, inf, nan})
    expect_claim_holds(rules::pow_base_rule<double>{a}, "pow(" + std::to_string(a) + ", y)");
}

// The guard is needed where the claim is not made: these f' formulas give a number outside
// the domain, and df_of must still say NaN.
TEST(dual_zero_parts, rules_without_the_claim_keep_the_guard) {
  static_assert(!rules::df_nan_where_f_nan<rules::log_rule> && !rules::df_nan_where_f_nan<rules::atanh_rule> &&
                !rules::df_nan_where_f_nan<rules::floor_rule> &&
                !rules::df_nan_where_f_nan<rules::pow_exponent_rule<double>>);
  EXPECT_FALSE(std::isnan(rules::log_rule::df(-1.0, std::log(-1.0))));  // 1/x = -1
  EXPECT_TRUE(std::isnan(rules::df_of(rules::log_rule{}, -1.0, std::log(-1.0))));
  EXPECT_TRUE(std::isnan(rules::df_of(rules::atanh_rule{}, 2.0, std::atanh(2.0))));
  EXPECT_TRUE(std::isnan(rules::df_of(rules::floor_rule{}, nan, std::floor(nan))));
  const rules::pow_exponent_rule<double> first_power{1.0};  // pow(NaN, 0) = 1 in its f'
  EXPECT_TRUE(std::isnan(rules::df_of(first_power, nan, first_power.f(nan))));
}

// [SECTION] the two policies on one number

TEST(dual_zero_parts, kept_keeps_zero_parts_and_ieee_multiplies_them) {
  using kept = dual_n<double, 3>;
  using ieee = dual_n<double, 3, zero_parts::ieee>;
  // sqrt'(0) = +inf: the moving direction gets +inf under both; the others 0 (kept) or NaN (ieee)
  const kept k = sqrt(framelab::make_variable<double, 3>(0.0, 1));
  const ieee i = sqrt(framelab::make_variable<double, 3, zero_parts::ieee>(0.0, 1));
  EXPECT_EQ(k.dual_part(), (std::array{0.0, inf, 0.0}));
  EXPECT_TRUE(std::isnan(i.dual_part()[0]) && i.dual_part()[1] == inf && std::isnan(i.dual_part()[2]));
  // where f' is finite the policies agree bit for bit, signs of zero included
  const auto y = std::array{-0.0, 2.5, 0.0};
  const kept kc = cos(kept(2.0, y));
  const ieee ic = cos(ieee(2.0, y));
  for (std::size_t p = 0; p < 3; ++p) EXPECT_TRUE(identical(kc.dual_part()[p], ic.dual_part()[p])) << p;
  // two-argument rules: pow(x, D(2)) at x < 0 has a NaN d/dy (log x) for the constant exponent
  EXPECT_EQ(pow(dual<double>(-3.0, 1.0), dual<double>(2.0)).dual_part(), -6.0);
  EXPECT_TRUE(
      std::isnan(pow(dual<double, zero_parts::ieee>(-3.0, 1.0), dual<double, zero_parts::ieee>(2.0)).dual_part()));
}

TEST(dual_zero_parts, ieee_functions_raise_the_flag_only_for_a_non_finite_derivative) {
  bool& seen = framelab::dual_detail::non_finite_derivative_seen;
  using ieee = dual<double, zero_parts::ieee>;
  seen = false;
  (void)(sin(ieee(0.3, 1.0)) * exp(ieee(2.0, 0.0)) + atan2(ieee(1.0, 0.0), ieee(2.0, 1.0)));
  EXPECT_FALSE(seen);
  (void)log(ieee(0.0, 0.0));  // log'(0) = inf
  EXPECT_TRUE(seen);
  seen = false;
  (void)hypot(ieee(0.0, 1.0), ieee(0.0, 0.0));  // the partials of hypot at the origin are NaN
  EXPECT_TRUE(seen);
  seen = false;
  (void)sqrt(dual<double>(0.0, 1.0));  // kept numbers never touch it
  EXPECT_FALSE(seen);
}

// [SECTION] the helpers give the kept answer

// f: R^3 -> R^3 with every kind of domain edge at x = (0, 1, -1): sqrt and log at 0,
// asin at 1, pow with a constant exponent of a negative base
template <class S>
std::array<S, 3> edgy_field(const std::array<S, 3>& x) {
  using std::asin, std::log, std::pow, std::sqrt;
  return {sqrt(x[0]) + x[1] * x[2], asin(x[1]) - log(x[0] * x[0] + x[2] * x[2] - S(1)), pow(x[2], S(2)) * x[1]};
}

// the Jacobian from kept numbers, seeded by hand (no helper involved)
std::array<std::array<double, 3>, 3> kept_jacobian(const std::array<double, 3>& x) {
  std::array<dual_n<double, 3>, 3> seeds;
  for (std::size_t j = 0; j < 3; ++j) seeds[j] = framelab::make_variable<double, 3>(x[j], j);
  const auto out = edgy_field(seeds);
  return {out[0].dual_part(), out[1].dual_part(), out[2].dual_part()};
}

TEST(dual_zero_parts, helpers_at_domain_edges_give_the_kept_jacobian_bit_for_bit) {
  const auto field = [](const auto& x) { return edgy_field(x); };
  for (const auto& x : {std::array{0.0, 1.0, -1.0}, std::array{0.0, 0.5, 2.0}, std::array{0.25, 0.5, 2.0}}) {
    const auto expected = kept_jacobian(x);
    const auto one_pass = framelab::jacobian(field, x);
    const auto with_value = framelab::value_and_jacobian(field, x).jacobian;
    const auto by_columns = framelab::jacobian_by_columns(field, x);
    for (std::size_t i = 0; i < 3; ++i) {
      for (std::size_t j = 0; j < 3; ++j) {
        EXPECT_TRUE(identical(one_pass[i][j], expected[i][j])) << "J_" << i << j << " = " << one_pass[i][j];
        EXPECT_TRUE(identical(with_value[i][j], expected[i][j])) << "J_" << i << j;
        EXPECT_TRUE(identical(by_columns[i][j], expected[i][j])) << "J_" << i << j;
      }
    }
  }
  // at x0 = 0 the column of x0 holds sqrt'(0) = +inf, the others no NaN
  const auto J = framelab::jacobian(field, std::array{0.0, 1.0, -1.0});
  EXPECT_EQ(J[0][0], inf);
  EXPECT_EQ(J[0][1], -1.0);
  EXPECT_EQ(J[0][2], 1.0);
}

TEST(dual_zero_parts, scalar_helpers_at_domain_edges) {
  // d/dx [sqrt(c) + x] with a constant c = 0: 1, not 0 * inf
  const auto f = [](const auto& x) {
    using S = std::remove_cvref_t<decltype(x)>;
    using std::sqrt;
    return sqrt(S(0.0)) + x;
  };
  EXPECT_EQ(framelab::derivative(f, 2.0), 1.0);
  const auto g = [](const auto& x) {
    using std::sqrt;
    return sqrt(x[0]) * x[1];
  };
  const auto grad = framelab::gradient(g, std::array{0.0, 3.0});
  EXPECT_EQ(grad[0], inf);
  EXPECT_EQ(grad[1], 0.0);
  const auto dir = framelab::directional_derivative(g, std::array{0.0, 3.0}, std::array{0.0, 1.0});
  EXPECT_EQ(dir, 0.0);
}

TEST(dual_zero_parts, a_helper_inside_another_helpers_function_keeps_the_outer_watch) {
  // sqrt(x0) at x0 = 0 raises the flag in the outer evaluation; the inner derivative then
  // watches its own evaluation and must hand the raised flag back, or the outer Jacobian
  // would keep 0 * inf = NaN in the column of x1.
  const auto field = [](const auto& x) {
    using std::sqrt;
    const auto root = sqrt(x[0]);                                                         // raises the flag
    const double slope = framelab::derivative([](const auto& t) { return t * t; }, 1.5);  // 3, inner
    return std::array{root + slope * x[1], x[0] * x[1]};
  };
  const auto J = framelab::jacobian(field, std::array{0.0, 2.0});
  EXPECT_EQ(J[0][0], inf);
  EXPECT_EQ(J[0][1], 3.0);
  EXPECT_EQ(J[1][0], 2.0);
  EXPECT_EQ(J[1][1], 0.0);
  EXPECT_FALSE(framelab::dual_detail::non_finite_derivative_seen);  // the caller's value, false, is back
}

}  // namespace
