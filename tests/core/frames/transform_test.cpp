// transform<T, N>: checked against plain matrix algebra (the augmented matrix
// built by hand from R, S, T) and against the group laws.
#include "core/frames/transform.hpp"

#include <gtest/gtest.h>

#include <random>

namespace {
using framelab::transform;
using framelab::transform2d;
using framelab::transform2f;
using framelab::transform3d;
using framelab::transform3f;

constexpr double group_law_tol_d = 1e-12;   // double: associativity, inverse, identity
constexpr double deep_chain_tol_d = 1e-11;  // double: 50 compositions
constexpr float group_law_tol_f = 2e-5f;    // float

template <class T, int N>
transform<T, N> random_transform(std::mt19937& rng) {
  std::uniform_real_distribution<T> u(T(-1), T(1));
  std::uniform_real_distribution<T> s(T(0.5), T(2));
  transform<T, N> a;
  for (int i = 0; i < N; ++i) a.translation[i] = u(rng) * T(3);
  if constexpr (N == 2) {
    a.rotation = u(rng) * T(3.1);
  } else {
    a.rotation = framelab::rotation_from_vector(glm::vec<3, T>(u(rng), u(rng), u(rng)) * T(1.8));
  }
  a.scale = s(rng);
  return a;
}

template <class T, int N>
glm::vec<N, T> random_vec(std::mt19937& rng) {
  std::uniform_real_distribution<T> u(T(-2), T(2));
  glm::vec<N, T> v;
  for (int i = 0; i < N; ++i) v[i] = u(rng);
  return v;
}

// Independent reference: x -> M [x; 1] with M = to_matrix(), compared against
// a hand-built R (from cos/sin or from the quaternion's textbook matrix).
template <class T>
glm::mat<3, 3, T> reference_rotation(const glm::qua<T>& q) {
  const T w = q.w, x = q.x, y = q.y, z = q.z;
  glm::mat<3, 3, T> m;
  // row r, column c stored at m[c][r]
  m[0][0] = 1 - 2 * (y * y + z * z);
  m[1][0] = 2 * (x * y - w * z);
  m[2][0] = 2 * (x * z + w * y);
  m[0][1] = 2 * (x * y + w * z);
  m[1][1] = 1 - 2 * (x * x + z * z);
  m[2][1] = 2 * (y * z - w * x);
  m[0][2] = 2 * (x * z - w * y);
  m[1][2] = 2 * (y * z + w * x);
  m[2][2] = 1 - 2 * (x * x + y * y);
  return m;
}
template <class T>
glm::mat<2, 2, T> reference_rotation(T theta) {
  glm::mat<2, 2, T> m;
  m[0][0] = std::cos(theta);
  m[1][0] = -std::sin(theta);
  m[0][1] = std::sin(theta);
  m[1][1] = std::cos(theta);
  return m;
}

template <class T, int N>
void expect_vec_near(const glm::vec<N, T>& a, const glm::vec<N, T>& b, T tol) {
  for (int i = 0; i < N; ++i) EXPECT_NEAR(a[i], b[i], tol) << "component " << i;
}

// Two transforms are equal as maps if they agree on N + 1 affinely independent points.
template <class T, int N>
void expect_same_map(const transform<T, N>& a, const transform<T, N>& b, T tol) {
  glm::vec<N, T> p(T(0));
  expect_vec_near<T, N>(a(p), b(p), tol);
  for (int i = 0; i < N; ++i) {
    glm::vec<N, T> e(T(0));
    e[i] = T(1);
    expect_vec_near<T, N>(a(e), b(e), tol);
  }
  EXPECT_NEAR(a.scale, b.scale, tol);
}

TEST(transform, turret_quarter_turn_2d) {
  transform2d a;
  a.translation = {1.0, 2.0};
  a.rotation = 1.5707963267948966;
  a.scale = 2.0;
  const auto p = a({1.0, 0.0});  // R S x + T = (0, 2) + (1, 2)
  EXPECT_NEAR(p.x, 1.0, 1e-12);
  EXPECT_NEAR(p.y, 4.0, 1e-12);
  const auto v = a.apply_vector({1.0, 0.0});
  EXPECT_NEAR(v.x, 0.0, 1e-12);
  EXPECT_NEAR(v.y, 2.0, 1e-12);
}

TEST(transform, quarter_turn_about_z_3d) {
  transform3d a;
  a.translation = {0.0, 0.0, 5.0};
  a.rotation = framelab::rotation_from_vector(glm::dvec3(0.0, 0.0, 1.5707963267948966));
  a.scale = 3.0;
  expect_vec_near<double, 3>(a({1.0, 0.0, 0.0}), {0.0, 3.0, 5.0}, 1e-12);
  expect_vec_near<double, 3>(a({0.0, 0.0, 1.0}), {0.0, 0.0, 8.0}, 1e-12);
}

template <class T, int N>
void check_matrices(T tol) {
  std::mt19937 rng(7);
  for (int k = 0; k < 50; ++k) {
    const auto a = random_transform<T, N>(rng);
    const auto x = random_vec<T, N>(rng);
    const auto r = reference_rotation(a.rotation);
    // A(x) = R S x + T by hand
    expect_vec_near<T, N>(a(x), r * (a.scale * x) + a.translation, tol);
    expect_vec_near<T, N>(a.linear_part() * x, r * x * a.scale, tol);
    expect_vec_near<T, N>(a.apply_vector(x), r * x * a.scale, tol);
    // normal transform = inverse transpose of J
    const auto nt = glm::transpose(glm::inverse(a.linear_part()));
    const auto n = a.normal_transform();
    for (int c = 0; c < N; ++c) expect_vec_near<T, N>(n[c], nt[c], tol);
    // augmented matrix acting on (x, 1)
    glm::vec<N + 1, T> xh(T(1));
    for (int i = 0; i < N; ++i) xh[i] = x[i];
    const auto yh = a.to_matrix() * xh;
    for (int i = 0; i < N; ++i) EXPECT_NEAR(yh[i], a(x)[i], tol);
    EXPECT_NEAR(yh[N], T(1), tol);
    // matrix of a composition = product of matrices
    const auto b = random_transform<T, N>(rng);
    const auto mab = (a * b).to_matrix(), ma_mb = a.to_matrix() * b.to_matrix();
    for (int c = 0; c <= N; ++c)
      for (int rr = 0; rr <= N; ++rr) EXPECT_NEAR(mab[c][rr], ma_mb[c][rr], tol * 10);
  }
}
TEST(transform, matches_matrix_algebra_2d) {
  check_matrices<double, 2>(1e-12);
}
TEST(transform, matches_matrix_algebra_3d) {
  check_matrices<double, 3>(1e-12);
}
TEST(transform, matches_matrix_algebra_float) {
  check_matrices<float, 2>(group_law_tol_f * 10);
  check_matrices<float, 3>(group_law_tol_f * 10);
}

template <class T, int N>
void check_group_laws(T tol, T deep_tol) {
  std::mt19937 rng(11);
  const auto id = transform<T, N>::identity();
  for (int k = 0; k < 100; ++k) {
    const auto a = random_transform<T, N>(rng), b = random_transform<T, N>(rng), c = random_transform<T, N>(rng);
    const auto x = random_vec<T, N>(rng);
    // (A2 * A1)(x) = A2(A1(x))
    expect_vec_near<T, N>((a * b)(x), a(b(x)), tol);
    expect_same_map((a * b) * c, a * (b * c), tol);
    expect_same_map(a * id, a, tol);
    expect_same_map(id * a, a, tol);
    expect_same_map(a * a.inverse(), id, tol);
    expect_same_map(a.inverse() * a, id, tol);
    expect_vec_near<T, N>(a.inverse()(a(x)), x, tol);
    expect_same_map((a * b).inverse(), b.inverse() * a.inverse(), tol);
    auto d = a;
    d *= b;
    expect_same_map(d, a * b, T(0));
  }
  // depth-50 chain: compose left-to-right and right-to-left, then undo
  std::vector<transform<T, N>> chain;
  for (int k = 0; k < 50; ++k) {
    auto t = random_transform<T, N>(rng);
    t.scale = T(1) + (t.scale - T(1)) * T(0.05);  // keep the product of scales O(1)
    chain.push_back(t);
  }
  auto left = id, right = id;
  for (int k = 0; k < 50; ++k) left = left * chain[k];
  for (int k = 49; k >= 0; --k) right = chain[k] * right;
  expect_same_map(left, right, deep_tol);
  auto undo = left;
  for (int k = 0; k < 50; ++k) undo = chain[k].inverse() * undo;
  expect_same_map(undo, id, deep_tol);
  // chained points: apply one by one vs the composed transform
  const auto x = random_vec<T, N>(rng);
  auto y = x;
  for (int k = 49; k >= 0; --k) y = chain[k](y);
  expect_vec_near<T, N>(left(x), y, deep_tol);
}
TEST(transform, group_laws_2d_double) {
  check_group_laws<double, 2>(group_law_tol_d, deep_chain_tol_d);
}
TEST(transform, group_laws_3d_double) {
  check_group_laws<double, 3>(group_law_tol_d, deep_chain_tol_d);
}
TEST(transform, group_laws_float) {
  check_group_laws<float, 2>(group_law_tol_f, group_law_tol_f * 20);
  check_group_laws<float, 3>(group_law_tol_f, group_law_tol_f * 20);
}

TEST(transform, aliases_and_identity) {
  static_assert(std::is_same_v<transform2f::rotation_type, float>);
  static_assert(std::is_same_v<transform3f::rotation_type, glm::quat>);
  const auto id = transform3f::identity();
  EXPECT_EQ(id.scale, 1.0f);
  EXPECT_EQ(id.rotation.w, 1.0f);
  EXPECT_EQ(id.translation, glm::vec3(0.0f));
}
}  // namespace
