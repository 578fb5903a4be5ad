#pragma once
// Exponential maps from rotation vectors to rotations, after
// docs/articles.md, rotational-integration, "Evaluating the Exponential Map".
//
//   quat_exp(X)        exact:  exp(X) = cos|X| + X/|X| sin|X|     (X imaginary)
//   quat_exp_approx(X) the article's normalized third-order truncation
//   rotation_exp(W)    exp(W_x) as a matrix (axis-angle / Rodrigues)
//
// X is half the rotation vector: the rotation by the vector W (angle |W|,
// axis W/|W|) is the quaternion exp(W/2); rotation_quat(W) does the halving.

#include <cmath>
#include <optional>
#include <string_view>

#include "core/glm_config.hpp"

namespace framelab {

// Which quaternion exponential an integrator uses.
enum class exp_kind { exact, approx };

constexpr std::string_view to_string(exp_kind k) {
  return k == exp_kind::exact ? "exact" : "approx";
}

// "exact" or "approx"; anything else gives nullopt.
constexpr std::optional<exp_kind> parse_exp_kind(std::string_view s) {
  if (s == "exact") return exp_kind::exact;
  if (s == "approx") return exp_kind::approx;
  return std::nullopt;
}

// The cross-product matrix w_x: w_x v = w x v.
//   w_x = [[0, -w3, w2], [w3, 0, -w1], [-w2, w1, 0]]   (GLM matrices are column-major)
template <class T>
glm::mat<3, 3, T> cross_matrix(const glm::vec<3, T>& w) {
  return glm::mat<3, 3, T>(T(0), w.z, -w.y,   // column 0
                           -w.z, T(0), w.x,   // column 1
                           w.y, -w.x, T(0));  // column 2
}

// Exact exponential of the imaginary quaternion X:
//   exp(X) = cos(|X|) + X/|X| sin(|X|)
// sin(|X|)/|X| by its Taylor series near 0 so tiny rotations stay exact.
template <class T>
glm::qua<T> quat_exp(const glm::vec<3, T>& x) {
  const T n2 = glm::dot(x, x);
  const T n = std::sqrt(n2);
  T sinc;  // sin(n)/n
  if (n < T(1e-4)) {
    sinc = T(1) - n2 / T(6) + n2 * n2 / T(120);
  } else {
    sinc = std::sin(n) / n;
  }
  return glm::qua<T>(std::cos(n), sinc * x);
}

// The article's normalized third-order approximation (no trigonometry):
//   exp(X) ~ ((1 - |X|^2/2) + (1 - |X|^2/6) X)
//            / sqrt((1 - |X|^2/2)^2 + (1 - |X|^2/6)^2 |X|^2)
// Always a unit quaternion; its rotation angle is not exactly 2|X|
// (see tests/core/rotation/quaternion_exp_test.cpp for the measured error).
template <class T>
glm::qua<T> quat_exp_approx(const glm::vec<3, T>& x) {
  const T n2 = glm::dot(x, x);
  const T a = T(1) - n2 / T(2);
  const T b = T(1) - n2 / T(6);
  const T norm = std::sqrt(a * a + b * b * n2);
  return glm::qua<T>(a / norm, (b / norm) * x);
}

template <class T>
glm::qua<T> quat_exp(const glm::vec<3, T>& x, exp_kind k) {
  return k == exp_kind::exact ? quat_exp(x) : quat_exp_approx(x);
}

// Rotation by the rotation vector w (angle |w| about w/|w|):  q = exp(w/2).
template <class T>
glm::qua<T> rotation_quat(const glm::vec<3, T>& w, exp_kind k = exp_kind::exact) {
  return quat_exp(T(0.5) * w, k);
}

// Matrix exponential of the cross-product matrix (axis-angle to matrix):
//   exp(W_x) = 1 + sin(t)/t W_x + (1 - cos(t))/t^2 W_x^2,   t = |W|
template <class T>
glm::mat<3, 3, T> rotation_exp(const glm::vec<3, T>& w) {
  const T t2 = glm::dot(w, w);
  const T t = std::sqrt(t2);
  T s, c;  // sin(t)/t and (1 - cos t)/t^2
  if (t < T(1e-4)) {
    s = T(1) - t2 / T(6) + t2 * t2 / T(120);
    c = T(0.5) - t2 / T(24) + t2 * t2 / T(720);
  } else {
    s = std::sin(t) / t;
    // 1 - cos t = 2 sin^2(t/2), free of cancellation
    const T h = std::sin(t / T(2));
    c = T(2) * h * h / t2;
  }
  const glm::mat<3, 3, T> k = cross_matrix(w);
  return glm::mat<3, 3, T>(T(1)) + s * k + c * (k * k);
}

// Rotation vector of a unit quaternion (inverse of rotation_quat, angle in
// [0, pi]): the shorter of q and -q is taken.
template <class T>
glm::vec<3, T> rotation_vector(const glm::qua<T>& q_in) {
  glm::qua<T> q = q_in.w < T(0) ? -q_in : q_in;
  const glm::vec<3, T> v(q.x, q.y, q.z);
  const T s = glm::length(v);
  if (s == T(0)) return glm::vec<3, T>(T(0));
  // angle = 2 atan2(|v|, w): accurate for both small and large angles
  const T angle = T(2) * std::atan2(s, q.w);
  return (angle / s) * v;
}

// Angle of the rotation q (in [0, pi]).
template <class T>
T rotation_angle(const glm::qua<T>& q) {
  const T s = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z);
  return T(2) * std::atan2(s, std::abs(q.w));
}

// Angle of the rotation that takes a to b (geodesic distance on SO(3)).
template <class T>
T rotation_distance(const glm::qua<T>& a, const glm::qua<T>& b) {
  return rotation_angle(glm::conjugate(a) * b);
}

}  // namespace framelab
