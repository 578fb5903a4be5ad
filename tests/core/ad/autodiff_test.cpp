// The autodiff helpers on fields written once over the scalar: derivative,
// directional_derivative, both Jacobian forms (against closed-form Jacobians,
// and against each other bit for bit), gradient, Hessian; glm and std::array
// points; the rigid-body residual the midpoint solver differentiates.
#include "core/ad/autodiff.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <type_traits>

namespace {
using framelab::derivative;
using framelab::directional_derivative;
using framelab::gradient;
using framelab::hessian;
using framelab::jacobian;
using framelab::jacobian_by_columns;
using framelab::value_and_jacobian;

constexpr double tight_tol = 1e-14;  // relative to max(1, |entry|), double
constexpr double float_tol = 4e-6;   // relative to max(1, |entry|), float

// J_ij whatever the kind: glm is column-major (J[j][i]), std::array row-major (J[i][j])
template <glm::length_t C, glm::length_t R, class T>
T entry(const glm::mat<C, R, T>& m, std::size_t i, std::size_t j) {
  return m[static_cast<glm::length_t>(j)][static_cast<glm::length_t>(i)];
}
template <class T, std::size_t N, std::size_t M>
T entry(const std::array<std::array<T, N>, M>& m, std::size_t i, std::size_t j) {
  return m[i][j];
}

// J matches the closed form, row by row: expected[i][j] = d f_i / d x_j
template <class J, class T, std::size_t N, std::size_t M>
void expect_matrix(const J& got, const std::array<std::array<T, N>, M>& expected, double tol) {
  for (std::size_t i = 0; i < M; ++i) {
    for (std::size_t j = 0; j < N; ++j) {
      const double e = expected[i][j];
      EXPECT_NEAR(entry(got, i, j), e, tol * std::max(1.0, std::abs(e))) << "J_" << i << j;
    }
  }
}
template <class J>
void expect_identical(const J& a, const J& b, std::size_t m, std::size_t n) {
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) EXPECT_EQ(entry(a, i, j), entry(b, i, j)) << "J_" << i << j;
}

// Both forms against the closed form, and against each other to the last bit.
template <class F, class X, class T, std::size_t N, std::size_t M>
void expect_both_jacobians(F f, const X& x, const std::array<std::array<T, N>, M>& expected, double tol) {
  const auto one_pass = jacobian(f, x);
  const auto by_columns = jacobian_by_columns(f, x);
  static_assert(std::is_same_v<decltype(one_pass), decltype(by_columns)>);
  expect_matrix(one_pass, expected, tol);
  expect_matrix(by_columns, expected, tol);
  expect_identical(one_pass, by_columns, M, N);
}

// [SECTION] fields, each written once over the scalar S

// a spiral (linear): V = (a x - b y, b x + a y)
template <class S>
glm::vec<2, S> spiral(const glm::vec<2, S>& p) {
  const S a(-0.2), b(1.5);
  return {a * p.x - b * p.y, b * p.x + a * p.y};
}
// V = (x^2 - y, sin(x y))
template <class S>
glm::vec<2, S> bent(const glm::vec<2, S>& p) {
  using std::sin;
  return {p.x * p.x - p.y, sin(p.x * p.y)};
}
// V = (sin(x0) x1, exp(x1 x2), x0^2 + cos(x2))
template <class S>
glm::vec<3, S> field3(const glm::vec<3, S>& x) {
  using std::cos, std::exp, std::sin;
  return {sin(x.x) * x.y, exp(x.y * x.z), x.x * x.x + cos(x.z)};
}
template <class T>
std::array<std::array<T, 3>, 3> field3_jacobian(const glm::vec<3, T>& x) {
  using std::cos, std::exp, std::sin;
  const T e = exp(x.y * x.z);
  return {{{x.y * cos(x.x), sin(x.x), T(0)}, {T(0), x.z * e, x.y * e}, {T(2) * x.x, T(0), -sin(x.z)}}};
}
// two-body gravity towards the origin: V = -x/|x|^3, J = -(I/r^3 - 3 x x^T/r^5)
template <class S>
glm::vec<3, S> gravity(const glm::vec<3, S>& x) {
  const S r = framelab::length(x);
  return x * (S(-1) / (r * r * r));
}

TEST(autodiff, jacobians_of_glm_fields_match_closed_forms) {
  const glm::dvec2 p(0.7, -1.3);
  expect_both_jacobians([](const auto& v) { return spiral(v); }, p,
                        std::array<std::array<double, 2>, 2>{{{-0.2, -1.5}, {1.5, -0.2}}}, tight_tol);
  const double c = std::cos(p.x * p.y);
  expect_both_jacobians([](const auto& v) { return bent(v); }, p,
                        std::array<std::array<double, 2>, 2>{{{2 * p.x, -1.0}, {p.y * c, p.x * c}}}, tight_tol);
  for (const glm::dvec3 x : {glm::dvec3(0.3, -0.8, 1.1), glm::dvec3(-2.0, 0.5, 0.25)}) {
    expect_both_jacobians([](const auto& v) { return field3(v); }, x, field3_jacobian(x), tight_tol);
    const double r = glm::length(x);
    std::array<std::array<double, 3>, 3> g{};
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) g[i][j] = -((i == j ? 1.0 : 0.0) / (r * r * r) - 3 * x[i] * x[j] / std::pow(r, 5));
    expect_both_jacobians([](const auto& v) { return gravity(v); }, x, g, tight_tol);
  }
}

TEST(autodiff, glm_jacobian_is_columns_of_directional_derivatives) {
  const glm::dvec3 x(0.3, -0.8, 1.1);
  const auto f = [](const auto& v) { return field3(v); };
  const glm::dmat3 J = jacobian(f, x);
  // column j is the directional derivative along e_j; J * y along y
  EXPECT_EQ(J[1], directional_derivative(f, x, glm::dvec3(0, 1, 0)));
  const glm::dvec3 y(0.5, -2.0, 1.0);
  const glm::dvec3 along_y = directional_derivative(f, x, y);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(along_y[i], (J * y)[i], tight_tol);
}

TEST(autodiff, non_square_glm_and_array_fields) {
  // R^3 -> R^2 with glm: 3 columns, 2 rows
  const auto f = [](const auto& v) { return glm::vec<2, typename std::remove_cvref_t<decltype(v)>::value_type>(v.x * v.y, v.z * v.z); };
  const glm::dvec3 x(2.0, 3.0, -1.0);
  static_assert(std::is_same_v<decltype(jacobian(f, x)), glm::mat<3, 2, double>>);
  expect_both_jacobians(f, x, std::array<std::array<double, 3>, 2>{{{3.0, 2.0, 0.0}, {0.0, 0.0, -2.0}}}, tight_tol);

  // R^5 -> R^3 with std::array, row-major
  const auto g = [](const auto& v) {
    using std::exp, std::sin;
    return std::array{v[0] * v[1] * v[2], exp(v[3]) - v[4] * v[4], sin(v[0] + v[4])};
  };
  const std::array<double, 5> a{0.5, -1.0, 2.0, 0.3, -0.7};
  static_assert(std::is_same_v<decltype(jacobian(g, a)), std::array<std::array<double, 5>, 3>>);
  const double c = std::cos(a[0] + a[4]);
  expect_both_jacobians(g, a,
                        std::array<std::array<double, 5>, 3>{{{a[1] * a[2], a[0] * a[2], a[0] * a[1], 0.0, 0.0},
                                                              {0.0, 0.0, 0.0, std::exp(a[3]), -2 * a[4]},
                                                              {c, 0.0, 0.0, 0.0, c}}},
                        tight_tol);
}

// the 12D smooth field of the benchmark: f_i = sin(x_i) exp(x_{i+1}/10) + x_{i-1}^2 (indices mod 12)
template <class S>
std::array<S, 12> ring12(const std::array<S, 12>& x) {
  using std::exp, std::sin;
  std::array<S, 12> f{};
  for (std::size_t i = 0; i < 12; ++i) f[i] = sin(x[i]) * exp(x[(i + 1) % 12] * S(0.1)) + x[(i + 11) % 12] * x[(i + 11) % 12];
  return f;
}

TEST(autodiff, twelve_dimensional_field_in_one_pass_and_by_columns) {
  std::array<double, 12> x{};
  for (std::size_t i = 0; i < 12; ++i) x[i] = 0.3 * static_cast<double>(i) - 1.7;
  std::array<std::array<double, 12>, 12> expected{};
  for (std::size_t i = 0; i < 12; ++i) {
    const std::size_t next = (i + 1) % 12, prev = (i + 11) % 12;
    const double e = std::exp(0.1 * x[next]);
    expected[i][i] = std::cos(x[i]) * e;
    expected[i][next] = 0.1 * std::sin(x[i]) * e;
    expected[i][prev] = 2 * x[prev];
  }
  expect_both_jacobians([](const auto& v) { return ring12(v); }, x, expected, tight_tol);
  // the value from the same pass is the plain evaluation (to the ulp an fma
  // contraction of the plain expression may cost)
  const auto vj = value_and_jacobian([](const auto& v) { return ring12(v); }, x);
  const auto plain = ring12(x);
  for (std::size_t i = 0; i < 12; ++i) EXPECT_DOUBLE_EQ(vj.value[i], plain[i]);
}

// [SECTION] the rigid-body residual (as the midpoint solver writes it)

// F(L') = L' - L - h (L_m x omega_m), L_m = (L + L')/2, omega_m = I^-1 L_m (diagonal)
struct momentum_residual {
  glm::dvec3 l_start, inv_inertia;
  double h;
  template <class S>
  glm::vec<3, S> operator()(const glm::vec<3, S>& l_next) const {
    const glm::vec<3, S> l_mid = (glm::vec<3, S>(l_start) + l_next) * S(0.5);
    const glm::vec<3, S> omega = l_mid * glm::vec<3, S>(inv_inertia);
    return l_next - glm::vec<3, S>(l_start) - S(h) * framelab::cross(l_mid, omega);
  }
};

// [a]x b = a x b
glm::dmat3 skew(const glm::dvec3& a) { return glm::dmat3(0, a.z, -a.y, -a.z, 0, a.x, a.y, -a.x, 0); }

TEST(autodiff, rigid_body_residual_jacobian_with_dual_n_and_cross) {
  const momentum_residual residual{{0.4, -1.2, 2.0}, {1.0, 0.5, 0.25}, 0.05};
  const glm::dvec3 l_next(0.5, -1.0, 2.1);
  // dF = dL' - h/2 (-[D L_m]x + [L_m]x D) dL'
  const glm::dvec3 l_mid = 0.5 * (residual.l_start + l_next);
  const glm::dmat3 D(1.0, 0, 0, 0, 0.5, 0, 0, 0, 0.25);  // diag(inv_inertia)
  const glm::dmat3 closed = glm::dmat3(1.0) - residual.h / 2 * (-skew(D * l_mid) + skew(l_mid) * D);
  std::array<std::array<double, 3>, 3> expected{};
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < 3; ++j) expected[i][j] = closed[static_cast<int>(j)][static_cast<int>(i)];
  expect_both_jacobians(residual, l_next, expected, tight_tol);
  const auto vj = value_and_jacobian(residual, l_next);
  const glm::dvec3 plain = residual(l_next);
  for (int i = 0; i < 3; ++i) EXPECT_DOUBLE_EQ(vj.value[i], plain[i]);
}

// [SECTION] one direction, gradient, Hessian

TEST(autodiff, derivative_of_scalar_and_vector_functions) {
  const auto f = [](auto t) {
    using std::sin;
    return t * t * sin(t);
  };
  for (const double t : {-1.0, 0.5, 2.0}) {
    EXPECT_NEAR(derivative(f, t), 2 * t * std::sin(t) + t * t * std::cos(t), tight_tol);
    EXPECT_NEAR(framelab::second_derivative(f, t), 2 * std::sin(t) + 4 * t * std::cos(t) - t * t * std::sin(t),
                tight_tol * 10);
  }
  // a helix t -> (cos t, sin t, t/2): velocity (-sin t, cos t, 1/2)
  const auto helix = [](auto t) {
    using std::cos, std::sin;
    using S = decltype(t);
    return glm::vec<3, S>(cos(t), sin(t), t * S(0.5));
  };
  const glm::dvec3 v = derivative(helix, 0.8);
  EXPECT_NEAR(v.x, -std::sin(0.8), tight_tol);
  EXPECT_NEAR(v.y, std::cos(0.8), tight_tol);
  EXPECT_EQ(v.z, 0.5);
}

template <class V>
auto cubic_sin(const V& x) {  // f = x0^2 x1 + sin(x2)
  using std::sin;
  return x[0] * x[0] * x[1] + sin(x[2]);
}

TEST(autodiff, gradient_and_directional_derivative_of_a_scalar_field) {
  const auto f = [](const auto& x) { return cubic_sin(x); };
  const glm::dvec3 x(1.5, -2.0, 0.3);
  const glm::dvec3 g = gradient(f, x);
  EXPECT_NEAR(g.x, 2 * x.x * x.y, tight_tol);
  EXPECT_NEAR(g.y, x.x * x.x, tight_tol);
  EXPECT_NEAR(g.z, std::cos(x.z), tight_tol);
  const std::array<double, 3> a{1.5, -2.0, 0.3};
  const std::array<double, 3> ga = gradient(f, a);
  EXPECT_EQ(ga, (std::array{g.x, g.y, g.z}));
  const glm::dvec3 y(0.2, 1.0, -3.0);
  EXPECT_NEAR(directional_derivative(f, x, y), glm::dot(g, y), tight_tol);
}

TEST(autodiff, hessians_match_closed_forms) {
  const auto f = [](const auto& x) { return cubic_sin(x); };
  const glm::dvec3 x(1.5, -2.0, 0.3);
  expect_matrix(hessian(f, x),
                std::array<std::array<double, 3>, 3>{
                    {{2 * x.y, 2 * x.x, 0.0}, {2 * x.x, 0.0, 0.0}, {0.0, 0.0, -std::sin(x.z)}}},
                tight_tol);
  // Rosenbrock (1 - x)^2 + 100 (y - x^2)^2
  const auto rosenbrock = [](const auto& p) {
    using S = typename std::remove_cvref_t<decltype(p)>::value_type;
    return (S(1) - p.x) * (S(1) - p.x) + S(100) * (p.y - p.x * p.x) * (p.y - p.x * p.x);
  };
  const glm::dvec2 p(-1.2, 1.0);
  const glm::dmat2 H = hessian(rosenbrock, p);
  expect_matrix(H,
                std::array<std::array<double, 2>, 2>{
                    {{1200 * p.x * p.x - 400 * p.y + 2, -400 * p.x}, {-400 * p.x, 200.0}}},
                tight_tol);
  // 4D std::array: 1/2 x^T A x + exp(x0 x3)
  const auto quad = [](const auto& v) {
    using std::exp;
    using S = typename std::remove_cvref_t<decltype(v)>::value_type;
    return S(0.5) * (S(2) * v[0] * v[0] + S(3) * v[1] * v[1] + v[2] * v[2] + S(4) * v[3] * v[3]) + v[0] * v[1] -
           v[2] * v[3] + exp(v[0] * v[3]);
  };
  const std::array<double, 4> q{0.3, -0.5, 1.2, 0.8};
  const double e = std::exp(q[0] * q[3]);
  const auto Hq = hessian(quad, q);
  expect_matrix(Hq,
                std::array<std::array<double, 4>, 4>{{{2 + q[3] * q[3] * e, 1, 0, (1 + q[0] * q[3]) * e},
                                                      {1, 3, 0, 0},
                                                      {0, 0, 1, -1},
                                                      {(1 + q[0] * q[3]) * e, 0, -1, 4 + q[0] * q[0] * e}}},
                tight_tol);
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = 0; j < 4; ++j) EXPECT_EQ(Hq[i][j], Hq[j][i]);
}

// [SECTION] float

TEST(autodiff, float_instantiation) {
  const glm::vec3 x(0.3f, -0.8f, 1.1f);
  const auto f = [](const auto& v) { return field3(v); };
  static_assert(std::is_same_v<decltype(jacobian(f, x)), glm::mat3>);
  expect_both_jacobians(f, x, field3_jacobian(x), float_tol);
  const std::array<float, 3> a{1.5f, -2.0f, 0.3f};
  const auto H = hessian([](const auto& v) { return cubic_sin(v); }, a);
  expect_matrix(H,
                std::array<std::array<float, 3>, 3>{
                    {{-4.0f, 3.0f, 0.0f}, {3.0f, 0.0f, 0.0f}, {0.0f, 0.0f, -std::sin(0.3f)}}},
                float_tol);
}

}  // namespace
