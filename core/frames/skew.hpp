#pragma once
// Skew-symmetric N x N matrices (the Lie algebra so(N): angular velocity and
// angular acceleration) in vector form:
//   N = 2: the scalar w of [[0, -w], [w, 0]];      w^ v = w v_perp, (x, y)_perp = (-y, x)
//   N = 3: the 3-vector w of [[0, -w3, w2], [w3, 0, -w1], [-w2, w1, 0]];  w^ v = w x v
// Source: docs/articles.md, transform-hierarchy-dynamics, "Describing Rotational Dynamics".
#include <concepts>
#include <type_traits>

#include "core/glm_config.hpp"
#include "core/rotation/rotation.hpp"

namespace framelab {

template <class T, int N>
using skew_t = std::conditional_t<N == 2, T, glm::vec<3, T>>;

template <class T, int N>
skew_t<T, N> zero_skew() {
  return skew_t<T, N>(T(0));
}

// (x, y)_perp = (-y, x): a quarter turn counter-clockwise
template <class T>
glm::vec<2, T> perp(const glm::vec<2, T>& v) {
  return {-v.y, v.x};
}

// w^ v: 2D w v_perp, 3D w x v
template <std::floating_point T>
glm::vec<2, T> skew_apply(T w, const glm::vec<2, T>& v) {
  return w * perp(v);
}
template <class T>
glm::vec<3, T> skew_apply(const glm::vec<3, T>& w, const glm::vec<3, T>& v) {
  return glm::cross(w, v);
}

// [a, b] = a b - b a: 2D always 0 (so(2) is commutative), 3D a x b
template <std::floating_point T>
T commutator(T, T) {
  return T(0);
}
template <class T>
glm::vec<3, T> commutator(const glm::vec<3, T>& a, const glm::vec<3, T>& b) {
  return glm::cross(a, b);
}

// R w R^T (the skew matrix w seen in the rotated basis): 2D unchanged, 3D R w
template <std::floating_point T>
T conjugate_skew(T /*theta*/, T w) {
  return w;
}
template <class T>
glm::vec<3, T> conjugate_skew(const glm::qua<T>& q, const glm::vec<3, T>& w) {
  return rotate(q, w);
}
// The same with R given as a matrix (used by the hierarchy sweep, which caches R)
template <std::floating_point T>
T conjugate_skew(const glm::mat<2, 2, T>& /*r*/, T w) {
  return w;
}
template <class T>
glm::vec<3, T> conjugate_skew(const glm::mat<3, 3, T>& r, const glm::vec<3, T>& w) {
  return r * w;
}
// R^T w R: 2D unchanged, 3D R^T w
template <std::floating_point T>
T inverse_conjugate_skew(T /*theta*/, T w) {
  return w;
}
template <class T>
glm::vec<3, T> inverse_conjugate_skew(const glm::qua<T>& q, const glm::vec<3, T>& w) {
  return inverse_rotate(q, w);
}

// The N x N matrix of a skew vector
template <std::floating_point T>
glm::mat<2, 2, T> skew_matrix(T w) {
  return glm::mat<2, 2, T>(T(0), w, -w, T(0));  // columns (0, w), (-w, 0)
}
template <class T>
glm::mat<3, 3, T> skew_matrix(const glm::vec<3, T>& w) {
  return cross_matrix(w);  // [[0, -w3, w2], [w3, 0, -w1], [-w2, w1, 0]], core/rotation/quaternion_exp.hpp
}

// The skew vector of the antisymmetric part (M - M^T) / 2 of an N x N matrix
template <class T>
T skew_from_matrix(const glm::mat<2, 2, T>& m) {
  return (m[0][1] - m[1][0]) / T(2);  // (M(1,0) - M(0,1)) / 2; glm m[col][row]
}
template <class T>
glm::vec<3, T> skew_from_matrix(const glm::mat<3, 3, T>& m) {
  return {(m[1][2] - m[2][1]) / T(2), (m[2][0] - m[0][2]) / T(2), (m[0][1] - m[1][0]) / T(2)};
}

}  // namespace framelab
