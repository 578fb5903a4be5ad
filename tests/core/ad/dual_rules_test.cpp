// The derivative table (core/ad/dual_rules.hpp) through every AD number type:
// each elementary function against its closed-form first and second derivative,
// written here independently in textbook form and evaluated in long double,
// on a grid of points that includes points next to the edges of the domain;
// then the domain edges themselves. dual<T> and dual_n<T, K> read f' from the
// dual parts; hyper_dual<T> reads f' from eps1, eps2 and f'' from eps12.
// The real part must equal the same template evaluated with T, bit for bit.
#include "core/ad/dual_n.hpp"
#include "core/ad/hyper_dual.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace {
using framelab::dual;
using framelab::dual_n;
using framelab::hyper_dual;
using ld = long double;

// Relative to max(1, |reference|). The implementation is within a few ulps of
// the exact derivative (2 ulps seen), the long double reference within ~1e-18.
constexpr double double_rule_tol = 2e-15;  // ~9 ulps of double
constexpr double float_rule_tol = 1e-6;    // ~8 ulps of float

template <class T>
constexpr double rule_tol() {
  return std::is_same_v<T, float> ? float_rule_tol : double_rule_tol;
}

// A point this close to a domain edge keeps x^2 exact: 2^-(digits/2).
template <class T>
ld edge_step() {
  return std::ldexp(1.0L, -std::numeric_limits<T>::digits / 2);
}

// NaN matches NaN; infinities match exactly; finite values to the tolerance.
// A reference beyond the range of T must come out as an infinity of T.
template <class T>
::testing::AssertionResult close(T got, ld expected, double tol) {
  if (std::isinf(static_cast<T>(expected))) expected = static_cast<T>(expected);
  if (std::isnan(expected) || std::isinf(expected)) {
    if ((std::isnan(expected) && std::isnan(got)) || got == expected) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "got " << got << ", expected " << expected;
  }
  const ld err = std::fabs(got - expected) / std::max(1.0L, std::fabs(expected));
  if (err <= tol) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << got << ", expected " << expected << ", relative error " << err;
}
template <class T>
::testing::AssertionResult same(T got, ld expected) {
  return close(got, expected, 0.0);
}

// [SECTION] how each number type is seeded and read

template <class D>
struct probe;
template <class T>
struct probe<dual<T>> {
  static dual<T> seed(T x) { return dual<T>(x, T(1)); }
  static T first(const dual<T>& r) { return r.dual_part(); }
  static void expect_consistent(const dual<T>&) {}
};
// parts (1, -1/2, 0): part 1 is exactly -1/2 part 0, part 2 stays exactly 0
template <class T, std::size_t K>
struct probe<dual_n<T, K>> {
  static dual_n<T, K> seed(T x) {
    std::array<T, K> y{};
    y[0] = T(1);
    y[1] = T(-0.5);
    return {x, y};
  }
  static T first(const dual_n<T, K>& r) { return r.dual_part()[0]; }
  static void expect_consistent(const dual_n<T, K>& r) {
    EXPECT_TRUE(same(r.dual_part()[1], T(-0.5) * r.dual_part()[0]));
    for (std::size_t k = 2; k < K; ++k) EXPECT_EQ(r.dual_part()[k], T(0));
  }
};
template <class T>
struct probe<hyper_dual<T>> {
  static hyper_dual<T> seed(T x) { return hyper_dual<T>(x, T(1), T(1)); }
  static T first(const hyper_dual<T>& r) { return r.eps1(); }
  static void expect_consistent(const hyper_dual<T>& r) { EXPECT_TRUE(same(r.eps2(), r.eps1())); }
};
template <class D>
constexpr bool is_hyper = std::is_same_v<D, hyper_dual<typename D::value_type>>;

// [SECTION] the table of one-argument functions

using ref_fn = ld (*)(ld);
template <class D>
struct unary_case {
  std::string name;
  D (*ad)(const D&);
  typename D::value_type (*real)(typename D::value_type);
  ref_fn df, d2f;  // closed forms
  std::vector<ld> points;
};
// One generic expression serves both the AD evaluation and the plain one. Its lambda captures
// nothing, so Fn{} makes it again and each case holds plain function pointers (std::function
// here made the test 2x slower to compile under ASan: ~10,000 wrapper functions).
template <class D, class Fn>
unary_case<D> make_case(std::string name, Fn, ref_fn df, ref_fn d2f, std::vector<ld> points) {
  using T = typename D::value_type;
  return {std::move(name), [](const D& x) -> D { return Fn{}(x); }, [](T x) -> T { return Fn{}(x); }, df, d2f,
          std::move(points)};
}

template <class D>
std::vector<unary_case<D>> unary_cases() {
  using T = typename D::value_type;
  const ld h = edge_step<T>();
  constexpr ld ln2 = std::numbers::ln2_v<ld>, ln10 = std::numbers::ln10_v<ld>;
  const std::vector<ld> log_points{h * h, 1e-30L, h, 0.5L, 1, 2, 1e6L, 1e30L};
  const std::vector<ld> trig_points{-10, -2, -h, 0, h, 0.5L, 1.5L, 3, 100};
  // clang-format off
  return {
    make_case<D>("exp", [](const auto& x) { using std::exp; return exp(x); },
                 [](ld x) { return std::exp(x); }, [](ld x) { return std::exp(x); }, {-20, -1, -h, 0, h, 0.5L, 3, 40}),
    make_case<D>("expm1", [](const auto& x) { using std::expm1; return expm1(x); },
                 [](ld x) { return std::exp(x); }, [](ld x) { return std::exp(x); }, {-30, -1, -h, 0, h, 1e-3L, 2, 40}),
    make_case<D>("log", [](const auto& x) { using std::log; return log(x); },
                 [](ld x) { return 1 / x; }, [](ld x) { return -1 / (x * x); }, log_points),
    make_case<D>("log1p", [](const auto& x) { using std::log1p; return log1p(x); },
                 [](ld x) { return 1 / (1 + x); }, [](ld x) { return -1 / ((1 + x) * (1 + x)); },
                 {-1 + h, -0.5L, -h, 0, h, 1, 1e6L}),
    make_case<D>("log2", [](const auto& x) { using std::log2; return log2(x); },
                 [](ld x) { return 1 / (x * ln2); }, [](ld x) { return -1 / (x * x * ln2); }, log_points),
    make_case<D>("log10", [](const auto& x) { using std::log10; return log10(x); },
                 [](ld x) { return 1 / (x * ln10); }, [](ld x) { return -1 / (x * x * ln10); }, log_points),
    make_case<D>("sqrt", [](const auto& x) { using std::sqrt; return sqrt(x); },
                 [](ld x) { return 0.5L * std::pow(x, -0.5L); }, [](ld x) { return -0.25L * std::pow(x, -1.5L); },
                 {h * h, 1e-30L, h, 0.25L, 1, 2, 1e6L}),
    make_case<D>("cbrt", [](const auto& x) { using std::cbrt; return cbrt(x); },
                 [](ld x) { return std::pow(std::fabs(x), -2.0L / 3) / 3; },
                 [](ld x) { return -2.0L / 9 * std::copysign(std::pow(std::fabs(x), -5.0L / 3), x); },
                 {-8, -h, h * h, h, 0.5L, 27}),
    make_case<D>("sin", [](const auto& x) { using std::sin; return sin(x); },
                 [](ld x) { return std::cos(x); }, [](ld x) { return -std::sin(x); }, trig_points),
    make_case<D>("cos", [](const auto& x) { using std::cos; return cos(x); },
                 [](ld x) { return -std::sin(x); }, [](ld x) { return -std::cos(x); }, trig_points),
    make_case<D>("tan", [](const auto& x) { using std::tan; return tan(x); },
                 [](ld x) { return 1 / (std::cos(x) * std::cos(x)); },
                 [](ld x) { return 2 * std::sin(x) / (std::cos(x) * std::cos(x) * std::cos(x)); },
                 {-1.5L, -1, -h, 0, h, 0.7L, 1.5L}),
    make_case<D>("asin", [](const auto& x) { using std::asin; return asin(x); },
                 [](ld x) { return 1 / std::sqrt(1 - x * x); }, [](ld x) { return x / std::pow(1 - x * x, 1.5L); },
                 {-1 + h, -0.9L, -0.5L, -h, 0, h, 0.5L, 0.9L, 1 - h}),
    make_case<D>("acos", [](const auto& x) { using std::acos; return acos(x); },
                 [](ld x) { return -1 / std::sqrt(1 - x * x); }, [](ld x) { return -x / std::pow(1 - x * x, 1.5L); },
                 {-1 + h, -0.9L, -0.5L, -h, 0, h, 0.5L, 0.9L, 1 - h}),
    make_case<D>("atan", [](const auto& x) { using std::atan; return atan(x); },
                 [](ld x) { return 1 / (1 + x * x); }, [](ld x) { return -2 * x / ((1 + x * x) * (1 + x * x)); },
                 {-1e3L, -2, -h, 0, h, 0.5L, 2, 1e3L}),
    make_case<D>("sinh", [](const auto& x) { using std::sinh; return sinh(x); },
                 [](ld x) { return std::cosh(x); }, [](ld x) { return std::sinh(x); }, {-40, -2, -h, 0, h, 0.5L, 3, 40}),
    make_case<D>("cosh", [](const auto& x) { using std::cosh; return cosh(x); },
                 [](ld x) { return std::sinh(x); }, [](ld x) { return std::cosh(x); }, {-40, -2, -h, 0, h, 0.5L, 3, 40}),
    make_case<D>("tanh", [](const auto& x) { using std::tanh; return tanh(x); },
                 [](ld x) { return 1 - std::tanh(x) * std::tanh(x); },
                 [](ld x) { return -2 * std::tanh(x) * (1 - std::tanh(x) * std::tanh(x)); },
                 {-20, -3, -h, 0, h, 0.5L, 3, 20}),
    make_case<D>("asinh", [](const auto& x) { using std::asinh; return asinh(x); },
                 [](ld x) { return 1 / std::sqrt(x * x + 1); }, [](ld x) { return -x / std::pow(x * x + 1, 1.5L); },
                 {-1e6L, -2, -h, 0, h, 0.5L, 3, 1e6L}),
    make_case<D>("acosh", [](const auto& x) { using std::acosh; return acosh(x); },
                 [](ld x) { return 1 / std::sqrt(x * x - 1); }, [](ld x) { return -x / std::pow(x * x - 1, 1.5L); },
                 {1 + h, 1.5L, 2, 10, 1e6L}),
    make_case<D>("atanh", [](const auto& x) { using std::atanh; return atanh(x); },
                 [](ld x) { return 1 / (1 - x * x); }, [](ld x) { return 2 * x / ((1 - x * x) * (1 - x * x)); },
                 {-1 + h, -0.5L, -h, 0, h, 0.5L, 1 - h}),
    make_case<D>("abs", [](const auto& x) { using std::abs; return abs(x); },
                 [](ld x) { return x < 0 ? -1.0L : 1.0L; }, [](ld) { return 0.0L; }, {-3, -h, h, 2}),
    make_case<D>("fabs", [](const auto& x) { using std::fabs; return fabs(x); },
                 [](ld x) { return x < 0 ? -1.0L : 1.0L; }, [](ld) { return 0.0L; }, {-3, -h, h, 2}),
    make_case<D>("floor", [](const auto& x) { using std::floor; return floor(x); },
                 [](ld) { return 0.0L; }, [](ld) { return 0.0L; }, {-2.5L, -0.5L, 0.3L, 1.7L}),
    make_case<D>("ceil", [](const auto& x) { using std::ceil; return ceil(x); },
                 [](ld) { return 0.0L; }, [](ld) { return 0.0L; }, {-2.5L, -0.5L, 0.3L, 1.7L}),
    make_case<D>("pow(x, 2.5)", [](const auto& x) { using std::pow; return pow(x, T(2.5)); },
                 [](ld x) { return 2.5L * std::pow(x, 1.5L); }, [](ld x) { return 3.75L * std::pow(x, 0.5L); },
                 {h, 0.5L, 1, 3}),
    make_case<D>("pow(x, 0.5)", [](const auto& x) { using std::pow; return pow(x, T(0.5)); },
                 [](ld x) { return 0.5L / std::sqrt(x); }, [](ld x) { return -0.25L / (x * std::sqrt(x)); },
                 {h, 0.5L, 4}),
    make_case<D>("pow(x, 3.0)", [](const auto& x) { using std::pow; return pow(x, T(3)); },
                 [](ld x) { return 3 * x * x; }, [](ld x) { return 6 * x; }, {-2, -h, 0, h, 1.5L}),
    make_case<D>("pow(x, -1.5)", [](const auto& x) { using std::pow; return pow(x, T(-1.5)); },
                 [](ld x) { return -1.5L * std::pow(x, -2.5L); }, [](ld x) { return 3.75L * std::pow(x, -3.5L); },
                 {h, 0.5L, 2}),
    make_case<D>("pow(2.5, x)", [](const auto& x) { using std::pow; return pow(T(2.5), x); },
                 [](ld x) { return std::pow(2.5L, x) * std::log(2.5L); },
                 [](ld x) { return std::pow(2.5L, x) * std::log(2.5L) * std::log(2.5L); }, {-3, 0, h, 2}),
    make_case<D>("pow(0.5, x)", [](const auto& x) { using std::pow; return pow(T(0.5), x); },
                 [](ld x) { return -std::pow(0.5L, x) * ln2; }, [](ld x) { return std::pow(0.5L, x) * ln2 * ln2; },
                 {-3, 0, h, 2}),
  };
  // clang-format on
}

template <class D>
class dual_rules_test : public ::testing::Test {};
using ad_types = ::testing::Types<dual<double>, dual<float>, dual_n<double, 3>, dual_n<float, 3>, hyper_dual<double>,
                                  hyper_dual<float>>;
TYPED_TEST_SUITE(dual_rules_test, ad_types);

TYPED_TEST(dual_rules_test, every_function_matches_its_closed_form_derivatives) {
  using D = TypeParam;
  using T = typename D::value_type;
  using P = probe<D>;
  int checked = 0;
  for (const auto& c : unary_cases<D>()) {
    for (const ld p : c.points) {
      const T x = static_cast<T>(p);
      const ld xl = x;  // the reference sees exactly the T input
      SCOPED_TRACE(c.name + " at x = " + std::to_string(static_cast<double>(x)));
      const D r = c.ad(P::seed(x));
      EXPECT_TRUE(same(r.real(), c.real(x))) << "real part differs from the plain T evaluation";
      EXPECT_TRUE(close(P::first(r), c.df(xl), rule_tol<T>()));
      P::expect_consistent(r);
      if constexpr (is_hyper<D>) {
        EXPECT_TRUE(close(r.eps12(), c.d2f(xl), rule_tol<T>()));
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 150);
}

// [SECTION] functions of two arguments

using ref_fn2 = ld (*)(ld, ld);
template <class D>
struct binary_case {
  using T = typename D::value_type;
  std::string name;
  D (*ad)(const D&, const D&);
  D (*ad_const_second)(const D&, T);
  D (*ad_const_first)(T, const D&);
  T (*real)(T, T);
  ref_fn2 dx, dy, dxx, dxy, dyy;
  std::vector<std::pair<ld, ld>> points;
};
template <class D, class Fn>
binary_case<D> make_case2(std::string name, Fn, std::array<ref_fn2, 5> d, std::vector<std::pair<ld, ld>> points) {
  using T = typename D::value_type;
  return {std::move(name),
          [](const D& a, const D& b) -> D { return Fn{}(a, b); },
          [](const D& a, T b) -> D { return Fn{}(a, b); },
          [](T a, const D& b) -> D { return Fn{}(a, b); },
          [](T a, T b) -> T { return Fn{}(a, b); },
          d[0], d[1], d[2], d[3], d[4], std::move(points)};
}

template <class D>
std::vector<binary_case<D>> binary_cases() {
  const ld h = edge_step<typename D::value_type>();
  // clang-format off
  return {
    // atan2(y, x): the first argument is y
    make_case2<D>("atan2", [](const auto& y, const auto& x) { using std::atan2; return atan2(y, x); },
                  {[](ld y, ld x) { return x / (x * x + y * y); },
                   [](ld y, ld x) { return -y / (x * x + y * y); },
                   [](ld y, ld x) { return -2 * x * y / ((x * x + y * y) * (x * x + y * y)); },
                   [](ld y, ld x) { return (y * y - x * x) / ((x * x + y * y) * (x * x + y * y)); },
                   [](ld y, ld x) { return 2 * x * y / ((x * x + y * y) * (x * x + y * y)); }},
                  {{1, 1}, {2, -1}, {-0.5L, -2}, {-3, 0.5L}, {h, 1}, {1, h}, {-1, 1e-3L}}),
    make_case2<D>("hypot", [](const auto& x, const auto& y) { using std::hypot; return hypot(x, y); },
                  {[](ld x, ld y) { return x / std::sqrt(x * x + y * y); },
                   [](ld x, ld y) { return y / std::sqrt(x * x + y * y); },
                   [](ld x, ld y) { return y * y / std::pow(x * x + y * y, 1.5L); },
                   [](ld x, ld y) { return -x * y / std::pow(x * x + y * y, 1.5L); },
                   [](ld x, ld y) { return x * x / std::pow(x * x + y * y, 1.5L); }},
                  {{3, 4}, {-1, 2}, {1e-3L, 5}, {h, 1}, {-2, -h}}),
    make_case2<D>("pow", [](const auto& x, const auto& y) { using std::pow; return pow(x, y); },
                  {[](ld x, ld y) { return y * std::pow(x, y - 1); },
                   [](ld x, ld y) { return std::pow(x, y) * std::log(x); },
                   [](ld x, ld y) { return y * (y - 1) * std::pow(x, y - 2); },
                   [](ld x, ld y) { return std::pow(x, y - 1) + y * std::pow(x, y - 1) * std::log(x); },
                   [](ld x, ld y) { return std::pow(x, y) * std::log(x) * std::log(x); }},
                  {{0.5L, 2.5L}, {2, -1.5L}, {3, 0.5L}, {1.5L, 3}, {h, 2}}),
    // fmin/fmax follow the smaller/larger argument: the partials are 1 and 0
    make_case2<D>("fmin", [](const auto& x, const auto& y) { using std::fmin; return fmin(x, y); },
                  {[](ld x, ld y) { return x <= y ? 1.0L : 0.0L; }, [](ld x, ld y) { return x <= y ? 0.0L : 1.0L; },
                   [](ld, ld) { return 0.0L; }, [](ld, ld) { return 0.0L; }, [](ld, ld) { return 0.0L; }},
                  {{1, 2}, {2, 1}, {-3, -h}, {1, 1}}),
    make_case2<D>("fmax", [](const auto& x, const auto& y) { using std::fmax; return fmax(x, y); },
                  {[](ld x, ld y) { return x >= y ? 1.0L : 0.0L; }, [](ld x, ld y) { return x >= y ? 0.0L : 1.0L; },
                   [](ld, ld) { return 0.0L; }, [](ld, ld) { return 0.0L; }, [](ld, ld) { return 0.0L; }},
                  {{1, 2}, {2, 1}, {-3, -h}, {1, 1}}),
  };
  // clang-format on
}

TYPED_TEST(dual_rules_test, two_argument_functions_match_their_closed_form_partials) {
  using D = TypeParam;
  using T = typename D::value_type;
  using P = probe<D>;
  constexpr double tol = rule_tol<T>();
  int checked = 0;
  for (const auto& c : binary_cases<D>()) {
    for (const auto& [px, py] : c.points) {
      const T x = static_cast<T>(px), y = static_cast<T>(py);
      const ld xl = x, yl = y;
      SCOPED_TRACE(c.name + " at (" + std::to_string(static_cast<double>(x)) + ", " +
                   std::to_string(static_cast<double>(y)) + ")");
      // varying x alone, then y alone, with the other argument a D constant or a plain T
      const D rx = c.ad(P::seed(x), D(y));
      const D ry = c.ad(D(x), P::seed(y));
      EXPECT_TRUE(same(rx.real(), c.real(x, y)));
      EXPECT_TRUE(close(P::first(rx), c.dx(xl, yl), tol));
      EXPECT_TRUE(close(P::first(ry), c.dy(xl, yl), tol));
      P::expect_consistent(rx);
      P::expect_consistent(ry);
      EXPECT_TRUE(same(P::first(c.ad_const_second(P::seed(x), y)), P::first(rx)));
      EXPECT_TRUE(same(P::first(c.ad_const_first(x, P::seed(y))), P::first(ry)));
      if constexpr (is_hyper<D>) {
        EXPECT_TRUE(close(rx.eps12(), c.dxx(xl, yl), tol));
        EXPECT_TRUE(close(ry.eps12(), c.dyy(xl, yl), tol));
        const D rxy = c.ad(D(x, T(1), T(0)), D(y, T(0), T(1)));  // x + eps1, y + eps2
        EXPECT_TRUE(close(rxy.eps12(), c.dxy(xl, yl), tol));
      }
      if constexpr (!is_hyper<D> && !std::is_same_v<D, dual<T>>) {
        // both partials from one evaluation: x in part 0, y in part 1
        const D both = c.ad(framelab::make_variable<T, 3>(x, 0), framelab::make_variable<T, 3>(y, 1));
        EXPECT_TRUE(same(both.dual_part()[0], P::first(rx)));
        EXPECT_TRUE(same(both.dual_part()[1], P::first(ry)));
        EXPECT_EQ(both.dual_part()[2], T(0));
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 20);
}

// [SECTION] domain edges: the real function's value, the derivative by the rule in IEEE arithmetic

template <class D>
struct edge_case {
  std::string name;
  D (*ad)(const D&);
  typename D::value_type (*real)(typename D::value_type);
  ld x, df;  // the point and the expected first derivative there (+-inf or NaN)
};
template <class D, class Fn>
edge_case<D> make_edge(std::string name, Fn, ld x, ld df) {
  using T = typename D::value_type;
  return {std::move(name), [](const D& v) -> D { return Fn{}(v); }, [](T v) -> T { return Fn{}(v); }, x, df};
}

TYPED_TEST(dual_rules_test, domain_edges_follow_the_rule_not_a_silent_zero) {
  using D = TypeParam;
  using T = typename D::value_type;
  using P = probe<D>;
  constexpr ld inf = std::numeric_limits<ld>::infinity(), nan = std::numeric_limits<ld>::quiet_NaN();
  // clang-format off
  const std::vector<edge_case<D>> cases{
    make_edge<D>("log", [](const auto& x) { using std::log; return log(x); }, 0, inf),
    make_edge<D>("log", [](const auto& x) { using std::log; return log(x); }, -1, nan),
    make_edge<D>("log2", [](const auto& x) { using std::log2; return log2(x); }, 0, inf),
    make_edge<D>("log10", [](const auto& x) { using std::log10; return log10(x); }, 0, inf),
    make_edge<D>("log1p", [](const auto& x) { using std::log1p; return log1p(x); }, -1, inf),
    make_edge<D>("sqrt", [](const auto& x) { using std::sqrt; return sqrt(x); }, 0, inf),
    make_edge<D>("sqrt", [](const auto& x) { using std::sqrt; return sqrt(x); }, -1, nan),
    make_edge<D>("cbrt", [](const auto& x) { using std::cbrt; return cbrt(x); }, 0, inf),
    make_edge<D>("asin", [](const auto& x) { using std::asin; return asin(x); }, 1, inf),
    make_edge<D>("asin", [](const auto& x) { using std::asin; return asin(x); }, -1, inf),
    make_edge<D>("asin", [](const auto& x) { using std::asin; return asin(x); }, 1.5L, nan),
    make_edge<D>("acos", [](const auto& x) { using std::acos; return acos(x); }, 1, -inf),
    make_edge<D>("acos", [](const auto& x) { using std::acos; return acos(x); }, -1, -inf),
    make_edge<D>("acosh", [](const auto& x) { using std::acosh; return acosh(x); }, 1, inf),
    make_edge<D>("acosh", [](const auto& x) { using std::acosh; return acosh(x); }, 0.5L, nan),
    make_edge<D>("atanh", [](const auto& x) { using std::atanh; return atanh(x); }, 1, inf),
    make_edge<D>("atanh", [](const auto& x) { using std::atanh; return atanh(x); }, -1, inf),
    make_edge<D>("atanh", [](const auto& x) { using std::atanh; return atanh(x); }, 1.5L, nan),
    make_edge<D>("log1p", [](const auto& x) { using std::log1p; return log1p(x); }, -2, nan),
    make_edge<D>("pow(x, 0.5)", [](const auto& x) { using std::pow; return pow(x, T(0.5)); }, -1, nan),
    make_edge<D>("exp", [](const auto& x) { using std::exp; return exp(x); }, 1000, inf),
    make_edge<D>("abs", [](const auto& x) { using std::abs; return abs(x); }, 0, 0),  // mean of -1 and +1
    make_edge<D>("pow(x, 0.5)", [](const auto& x) { using std::pow; return pow(x, T(0.5)); }, 0, inf),
    make_edge<D>("pow(x, -1)", [](const auto& x) { using std::pow; return pow(x, T(-1)); }, 0, -inf),
    make_edge<D>("pow(x, 0)", [](const auto& x) { using std::pow; return pow(x, T(0)); }, 0, 0),
    make_edge<D>("pow(x, 1)", [](const auto& x) { using std::pow; return pow(x, T(1)); }, 0, 1),
    make_edge<D>("pow(x, 2)", [](const auto& x) { using std::pow; return pow(x, T(2)); }, 0, 0),
    make_edge<D>("pow(0, x)", [](const auto& x) { using std::pow; return pow(T(0), x); }, 2, 0),
    make_edge<D>("pow(x, D(2))", [](const auto& x) { using std::pow; return pow(x, std::remove_cvref_t<decltype(x)>(2)); }, -3, -6),
    make_edge<D>("hypot(x, 0)", [](const auto& x) { using std::hypot; return hypot(x, T(0)); }, 0, nan),
  };
  // clang-format on
  for (const auto& c : cases) {
    const T x = static_cast<T>(c.x);
    SCOPED_TRACE(c.name + " at x = " + std::to_string(c.x));
    const D r = c.ad(P::seed(x));
    EXPECT_TRUE(same(r.real(), c.real(x)));
    EXPECT_TRUE(same(P::first(r), c.df));
    P::expect_consistent(r);  // dual_n: the part seeded 0 stays 0 even where f' is infinite
  }
}

}  // namespace
