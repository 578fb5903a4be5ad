// dual_n<T, K>: K dual parts carried through one evaluation. Each part must be
// bit for bit the dual<T> evaluation seeded with that direction, and match the
// partial derivatives worked out by hand; glm::vec and glm::mat of dual_n must
// support the vector algebra the rigid-body solver writes (+, -, scalar * vec,
// vec * scalar, cross, dot, length, normalize, mat * vec).
#include "core/ad/dual_glm.hpp"
#include "core/ad/dual_n.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <type_traits>

namespace {
using framelab::dual;
using framelab::dual_n;
using framelab::make_variable;
using d3 = dual_n<double, 3>;

constexpr double tight_tol = 1e-14;  // relative, double
constexpr float float_tol = 2e-6f;   // relative, float

double rel_err(double got, double expected) { return std::abs(got - expected) / std::max(1.0, std::abs(expected)); }

// AD real parts equal the plain double evaluation; EXPECT_DOUBLE_EQ (4 ulps)
// because a compiler may contract the plain a * b + c into an fma (clang does
// when it folds constants), which the AD operators, one operation each, do not.
void expect_same_value(const glm::dvec3& ad, const glm::dvec3& plain) {
  for (int i = 0; i < 3; ++i) EXPECT_DOUBLE_EQ(ad[i], plain[i]) << "component " << i;
}

static_assert(std::is_trivially_copyable_v<d3> && std::is_trivially_default_constructible_v<d3>,
              "glm::vec<N, dual_n> needs a trivial scalar");
static_assert(std::is_same_v<decltype(d3(1.0).dual_part()), const std::array<double, 3>&>);

TEST(dual_n, constructs_and_seeds_variables) {
  const d3 c = 2.0;
  EXPECT_EQ(c.real(), 2.0);
  EXPECT_EQ(c.dual_part(), (std::array{0.0, 0.0, 0.0}));
  const d3 v = make_variable<double, 3>(5.0, 1);
  EXPECT_EQ(v.real(), 5.0);
  EXPECT_EQ(v.dual_part(), (std::array{0.0, 1.0, 0.0}));
  const d3 z{};
  EXPECT_EQ(z.real(), 0.0);
  EXPECT_EQ(z.dual_part(), (std::array{0.0, 0.0, 0.0}));
}

// (x, y)(a, b) = (xa, y a + x b) and (x, y)/(a, b) = (x/a, (y a - x b)/a^2), part by part
TEST(dual_n, arithmetic_acts_on_every_part) {
  const d3 p(3.0, {1.0, 2.0, 0.0}), q(5.0, {0.0, 7.0, -1.0});
  EXPECT_EQ((p + q).dual_part(), (std::array{1.0, 9.0, -1.0}));
  EXPECT_EQ((p - q).dual_part(), (std::array{1.0, -5.0, 1.0}));
  EXPECT_EQ((p * q).real(), 15.0);
  EXPECT_EQ((p * q).dual_part(), (std::array{5.0, 31.0, -3.0}));
  const d3 r = p / q;
  EXPECT_EQ(r.real(), 0.6);
  EXPECT_NEAR(r.dual_part()[0], 5.0 / 25.0, tight_tol);
  EXPECT_NEAR(r.dual_part()[1], -11.0 / 25.0, tight_tol);
  EXPECT_NEAR(r.dual_part()[2], 3.0 / 25.0, tight_tol);
  EXPECT_EQ((2.0 * p - 1.0).dual_part(), (std::array{2.0, 4.0, 0.0}));
  EXPECT_EQ((-(p / 2.0)).dual_part(), (std::array{-0.5, -1.0, -0.0}));
  EXPECT_TRUE(p < q && p == 3.0 && 5.0 == q);
}

// f(x0, x1, x2) using most elementary functions, and its partials worked by hand
template <class S>
S mixed_field(S x0, S x1, S x2) {
  using std::atan2, std::cos, std::exp, std::hypot, std::log1p, std::pow, std::sin, std::sqrt, std::tanh;
  return exp(x0) * sin(x1) / (S(1) + x2 * x2) + atan2(x1, x0) + pow(x0, x2) + hypot(x1, x2) + log1p(x0 * x0) +
         sqrt(x2) * tanh(x1) - cos(x0 * x1 * x2);
}
std::array<double, 3> mixed_field_partials(double x0, double x1, double x2) {
  const double q = 1 + x2 * x2, r2 = x0 * x0 + x1 * x1, h = std::hypot(x1, x2), c = std::cosh(x1),
               s = std::sin(x0 * x1 * x2);
  return {std::exp(x0) * std::sin(x1) / q - x1 / r2 + x2 * std::pow(x0, x2 - 1) + 2 * x0 / (1 + x0 * x0) + s * x1 * x2,
          std::exp(x0) * std::cos(x1) / q + x0 / r2 + x1 / h + std::sqrt(x2) / (c * c) + s * x0 * x2,
          -2 * x2 * std::exp(x0) * std::sin(x1) / (q * q) + std::pow(x0, x2) * std::log(x0) + x2 / h +
              std::tanh(x1) / (2 * std::sqrt(x2)) + s * x0 * x1};
}

TEST(dual_n, every_part_is_the_dual_evaluation_of_its_direction_bit_for_bit) {
  const std::array<std::array<double, 3>, 3> points{{{0.7, -1.2, 0.4}, {1.5, 0.3, 2.0}, {0.2, 2.5, 0.05}}};
  for (const auto& x : points) {
    const d3 all = mixed_field(make_variable<double, 3>(x[0], 0), make_variable<double, 3>(x[1], 1),
                               make_variable<double, 3>(x[2], 2));
    EXPECT_DOUBLE_EQ(all.real(), mixed_field(x[0], x[1], x[2]));
    const auto by_hand = mixed_field_partials(x[0], x[1], x[2]);
    for (std::size_t k = 0; k < 3; ++k) {
      const auto seed = [&](std::size_t i) { return dual<double>(x[i], i == k ? 1.0 : 0.0); };
      const dual<double> one = mixed_field(seed(0), seed(1), seed(2));
      EXPECT_EQ(all.dual_part()[k], one.dual_part()) << "part " << k;
      EXPECT_LE(rel_err(all.dual_part()[k], by_hand[k]), tight_tol) << "part " << k;
    }
  }
}

TEST(dual_n, float_instantiation) {
  using f2 = dual_n<float, 2>;
  const f2 x = make_variable<float, 2>(0.5f, 0), y = make_variable<float, 2>(2.0f, 1);
  const f2 r = sin(x * y) + y / x;  // d/dx = y cos(xy) - y/x^2, d/dy = x cos(xy) + 1/x
  EXPECT_NEAR(r.dual_part()[0], 2 * std::cos(1.0f) - 8.0f, float_tol * 8);
  EXPECT_NEAR(r.dual_part()[1], 0.5f * std::cos(1.0f) + 2.0f, float_tol * 3);
}

// [SECTION] every width: the parts are processed in SIMD vectors of 16 (or 32) bytes and then
// one at a time, so K = 1, 2, 3, 4, 5, 7, 12, 13 take every mix of those paths.

// g(x) over K variables, every x_k feeding several terms (products, quotients, lifts)
template <class S, std::size_t K>
S coupled_sum(const std::array<S, K>& x) {
  using std::cos, std::exp, std::sin, std::sqrt;
  S total = S(0.5);
  for (std::size_t k = 0; k < K; ++k) {
    const S& a = x[k];
    const S& b = x[(k + 1) % K];
    total += sin(a) * exp(S(0.3) * b) / (S(2) + a * a) - sqrt(S(1) + b * b) * cos(a - b);
  }
  return total;
}

template <class T, std::size_t K>
void expect_parts_equal_dual_columns(const std::array<T, K>& x) {
  std::array<dual_n<T, K>, K> all;
  for (std::size_t k = 0; k < K; ++k) all[k] = make_variable<T, K>(x[k], k);
  const dual_n<T, K> r = coupled_sum(all);
  EXPECT_DOUBLE_EQ(r.real(), coupled_sum(x)) << "K = " << K;  // 4 ulps: the plain sum may use an fma
  for (std::size_t j = 0; j < K; ++j) {
    std::array<dual<T>, K> seeded_j;
    for (std::size_t k = 0; k < K; ++k) seeded_j[k] = dual<T>(x[k], k == j ? T(1) : T(0));
    EXPECT_EQ(r.dual_part()[j], coupled_sum(seeded_j).dual_part()) << "K = " << K << ", part " << j;
  }
}

template <class T, std::size_t K>
std::array<T, K> test_point() {
  std::array<T, K> x;
  for (std::size_t k = 0; k < K; ++k) x[k] = T(-1.3) + T(0.37) * T(k);
  return x;
}

TEST(dual_n, every_width_is_the_dual_evaluation_of_each_direction_bit_for_bit) {
  expect_parts_equal_dual_columns(test_point<double, 1>());
  expect_parts_equal_dual_columns(test_point<double, 2>());
  expect_parts_equal_dual_columns(test_point<double, 3>());
  expect_parts_equal_dual_columns(test_point<double, 4>());
  expect_parts_equal_dual_columns(test_point<double, 5>());
  expect_parts_equal_dual_columns(test_point<double, 7>());
  expect_parts_equal_dual_columns(test_point<double, 12>());
  expect_parts_equal_dual_columns(test_point<double, 13>());
  expect_parts_equal_dual_columns(test_point<float, 3>());
  expect_parts_equal_dual_columns(test_point<float, 5>());
  expect_parts_equal_dual_columns(test_point<float, 9>());
}

// The parts sit on a 16-byte boundary (aligned SIMD loads); the type stays trivial for glm.
static_assert(alignof(dual_n<double, 12>) == 16 && alignof(dual_n<double, 3>) == 16 && alignof(dual_n<float, 4>) == 16);
static_assert(std::is_trivially_copyable_v<dual_n<double, 12>> &&
              std::is_trivially_default_constructible_v<dual_n<double, 12>>);

// Domain edges in wide numbers: where f' is infinite or NaN only the directions the input moves
// in take it; the parts that are zero stay zero (core/ad/dual_rules.hpp), in the vector lanes and
// in the one-at-a-time tail alike.
TEST(dual_n, infinite_and_nan_derivatives_reach_only_the_directions_that_move) {
  constexpr std::size_t K = 13;  // 6 vectors of two doubles (or 3 of four) and one double
  for (const std::size_t moving : {std::size_t{0}, std::size_t{5}, std::size_t{12}}) {
    const dual_n<double, K> at_zero = make_variable<double, K>(0.0, moving);
    const dual_n<double, K> at_minus_one = make_variable<double, K>(-1.0, moving);
    const auto root = sqrt(at_zero);            // sqrt'(0) = +inf
    const auto logarithm = log(at_zero);        // log'(0) = +inf
    const auto outside = sqrt(at_minus_one);    // no derivative: NaN
    const auto finite = sin(at_zero) * 3.0;     // sin'(0) = 1
    for (std::size_t k = 0; k < K; ++k) {
      if (k == moving) {
        EXPECT_EQ(root.dual_part()[k], INFINITY) << k;
        EXPECT_EQ(logarithm.dual_part()[k], INFINITY) << k;
        EXPECT_TRUE(std::isnan(outside.dual_part()[k])) << k;
        EXPECT_EQ(finite.dual_part()[k], 3.0) << k;
      } else {
        EXPECT_EQ(root.dual_part()[k], 0.0) << k;
        EXPECT_EQ(logarithm.dual_part()[k], 0.0) << k;
        EXPECT_EQ(outside.dual_part()[k], 0.0) << k;
        EXPECT_EQ(finite.dual_part()[k], 0.0) << k;
      }
    }
    // two-argument rules: pow(x, y) at x = 0 has an infinite d/dx for 0 < y < 1
    const auto power = pow(at_zero, dual_n<double, K>(0.5));
    EXPECT_EQ(power.dual_part()[moving], INFINITY);
    EXPECT_EQ(power.dual_part()[(moving + 1) % K], 0.0);
  }
}

// [SECTION] glm vectors and matrices of dual_n

using dv3 = glm::vec<3, d3>;
dv3 seeded(const glm::dvec3& x) {
  return dv3(make_variable<double, 3>(x.x, 0), make_variable<double, 3>(x.y, 1), make_variable<double, 3>(x.z, 2));
}
glm::dvec3 reals(const dv3& v) { return {v.x.real(), v.y.real(), v.z.real()}; }
// J[j][i] = d v_i / d x_j (column j: derivatives along x_j)
glm::dmat3 jacobian_of(const dv3& v) {
  glm::dmat3 J(0.0);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) J[j][i] = v[i].dual_part()[static_cast<std::size_t>(j)];
  return J;
}
void expect_near(const glm::dmat3& got, const glm::dmat3& expected, double tol) {
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(got[j][i], expected[j][i], tol) << "row " << i << " column " << j;
}
// [a]x b = a x b
glm::dmat3 skew(const glm::dvec3& a) { return glm::dmat3(0, a.z, -a.y, -a.z, 0, a.x, a.y, -a.x, 0); }

TEST(dual_n, glm_vector_arithmetic_works_on_dual_n) {
  const glm::dvec3 x(0.3, -1.1, 0.8), c(2.0, 0.5, -1.5);
  const dv3 v = seeded(x), k(c);  // k: a constant vector, converted by glm
  const d3 s = v.x * 2.0;          // a scalar that depends on x0
  const dv3 r = v + k - d3(3.0) * v + v * s - v / d3(2.0) + (-k);
  // r = v - 3v + 2 x0 v - v/2 = (2 x0 - 2.5) v:  dr_i/dx_j = (2 x0 - 2.5) delta_ij + 2 x_i delta_j0
  expect_same_value(reals(r), x + c - 3.0 * x + x * (x.x * 2.0) - x / 2.0 - c);
  glm::dmat3 expected(2 * x.x - 2.5);
  expected[0] += 2.0 * x;
  expect_near(jacobian_of(r), expected, tight_tol);
  EXPECT_TRUE(v == seeded(x));
}

TEST(dual_n, cross_dot_length_normalize_have_the_closed_form_derivatives) {
  const glm::dvec3 x(0.3, -1.1, 0.8), c(2.0, 0.5, -1.5);
  const dv3 v = seeded(x), k(c);
  // d(x cross c) = -[c]x dx
  const dv3 xc = framelab::cross(v, k);
  expect_same_value(reals(xc), glm::cross(x, c));
  expect_near(jacobian_of(xc), -skew(c), tight_tol);
  // d(x . c) = c . dx;  d|x| = x/|x| . dx
  const d3 xd = framelab::dot(v, k), len = framelab::length(v);
  EXPECT_DOUBLE_EQ(xd.real(), glm::dot(x, c));
  EXPECT_DOUBLE_EQ(len.real(), glm::length(x));
  for (std::size_t j = 0; j < 3; ++j) {
    EXPECT_NEAR(xd.dual_part()[j], c[static_cast<int>(j)], tight_tol);
    EXPECT_NEAR(len.dual_part()[j], x[static_cast<int>(j)] / glm::length(x), tight_tol);
  }
  // d(x/|x|) = (I - n n^T)/|x| dx
  const dv3 n = framelab::normalize(v);
  const glm::dvec3 nx = glm::normalize(x);
  expect_same_value(reals(n), nx);
  expect_near(jacobian_of(n), (glm::dmat3(1.0) - glm::outerProduct(nx, nx)) / glm::length(x), tight_tol);
  EXPECT_DOUBLE_EQ(framelab::distance(v, k).real(), glm::distance(x, c));
}

TEST(dual_n, glm_matrix_times_vector_of_dual_n) {
  const glm::dvec3 x(0.3, -1.1, 0.8);
  const glm::dmat3 m(1, 2, 3, -4, 5, 6, 7, 8, -9);
  const glm::mat<3, 3, d3> md(m);  // converted by glm
  const dv3 r = md * seeded(x);
  expect_same_value(reals(r), m * x);
  expect_near(jacobian_of(r), m, tight_tol);
}

// Called unqualified, framelab's geometry wins over glm's for every scalar:
// for dual_n (glm's would static_assert) and for double (forwarding to glm).
template <class S>
S unqualified_geometry(const glm::vec<3, S>& a, const glm::vec<3, S>& b) {
  using framelab::cross, framelab::dot, framelab::length, framelab::normalize;
  return dot(cross(a, b), normalize(a)) + length(b);
}

TEST(dual_n, unqualified_geometry_calls_resolve_for_double_and_dual_n) {
  const glm::dvec3 a(1.0, 2.0, 0.5), b(-0.5, 1.0, 2.0);
  const double plain = unqualified_geometry(a, b);
  EXPECT_DOUBLE_EQ(plain, glm::dot(glm::cross(a, b), glm::normalize(a)) + glm::length(b));
  const d3 ad = unqualified_geometry(seeded(a), dv3(b));
  EXPECT_DOUBLE_EQ(ad.real(), plain);
  // (a x b) . a/|a| = 0 for every a, so the gradient in a is zero
  for (const double g : ad.dual_part()) EXPECT_NEAR(g, 0.0, tight_tol);
}

}  // namespace
