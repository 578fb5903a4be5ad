#pragma once
// GLM with AD scalars: glm::vec<N, D> and glm::mat<C, R, D> for D = dual<T>,
// dual_n<T, K>, hyper_dual<T>.
//
// What works as is (GLM 0.9.9.8, checked in tests/core/ad/dual_n_test.cpp):
//   construction (glm::vec<3, D>(a, b, c), glm::vec<3, D>(glm::vec<3, T>) by
//   conversion), indexing, + - between vectors, unary -, D * vec, vec * D,
//   vec / D, component-wise vec * vec, mat * vec, mat * mat, ==.
//   The scalar must be a D on both sides: write S(2) * v, not 2.0 * v, in code
//   templated over S (GLM's operators take the vector's own scalar type).
// What refuses (static_assert on std::numeric_limits<T>::is_iec559):
//   glm::dot, glm::cross, glm::length, glm::distance, glm::normalize, and the
//   component-wise glm::sin, glm::exp, glm::sqrt, ... of a vector.
// Use framelab::dot, cross, length, distance, normalize below instead: they
// work for every scalar, and for float/double they call GLM's own, so results
// do not change. Called unqualified they win over GLM's by being more
// constrained, so `cross(a, b)` in a template over S picks them for S = D.
#include "core/ad/dual_functions.hpp"
#include "core/glm_config.hpp"

#include <cmath>
#include <concepts>

namespace framelab {

// a scalar the functions below accept: a floating-point type or an AD number
template <class S>
concept glm_scalar = std::floating_point<S> || ad_scalar<S>;

// a . b = sum_i a_i b_i (summed in GLM's order)
template <glm::length_t L, typename T, glm::qualifier Q>
  requires glm_scalar<T>
T dot(const glm::vec<L, T, Q>& a, const glm::vec<L, T, Q>& b) {
  if constexpr (std::floating_point<T>) {
    return glm::dot(a, b);
  } else if constexpr (L == 4) {
    return (a.x * b.x + a.y * b.y) + (a.z * b.z + a.w * b.w);
  } else {
    T s = a[0] * b[0];
    for (glm::length_t i = 1; i < L; ++i) s += a[i] * b[i];
    return s;
  }
}

// a x b = (a_y b_z - b_y a_z, a_z b_x - b_z a_x, a_x b_y - b_x a_y)
template <typename T, glm::qualifier Q>
  requires glm_scalar<T>
glm::vec<3, T, Q> cross(const glm::vec<3, T, Q>& a, const glm::vec<3, T, Q>& b) {
  if constexpr (std::floating_point<T>) {
    return glm::cross(a, b);
  } else {
    return glm::vec<3, T, Q>(a.y * b.z - b.y * a.z, a.z * b.x - b.z * a.x, a.x * b.y - b.x * a.y);
  }
}

// |v| = sqrt(v . v)  (at v = 0 the derivative of |v| does not exist; with a
// zero tangent, as at a resting body, it reads 0: see core/ad/dual_rules.hpp)
template <glm::length_t L, typename T, glm::qualifier Q>
  requires glm_scalar<T>
T length(const glm::vec<L, T, Q>& v) {
  if constexpr (std::floating_point<T>) {
    return glm::length(v);
  } else {
    return sqrt(framelab::dot(v, v));
  }
}

// |b - a|
template <glm::length_t L, typename T, glm::qualifier Q>
  requires glm_scalar<T>
T distance(const glm::vec<L, T, Q>& a, const glm::vec<L, T, Q>& b) {
  return framelab::length(b - a);
}

// v / |v|, as GLM: v (1 / sqrt(v . v))
template <glm::length_t L, typename T, glm::qualifier Q>
  requires glm_scalar<T>
glm::vec<L, T, Q> normalize(const glm::vec<L, T, Q>& v) {
  if constexpr (std::floating_point<T>) {
    return glm::normalize(v);
  } else {
    return v * (T(1) / sqrt(framelab::dot(v, v)));
  }
}

}  // namespace framelab
