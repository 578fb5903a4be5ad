#pragma once
// Rotations in 2D and 3D behind one set of free functions, so transform<T, N>
// and dynamic_transform<T, N> can be written once for both dimensions.
//
//   N = 2: a rotation is its angle theta (radians), R = [[c, -s], [s, c]].
//   N = 3: a rotation is a unit quaternion q, R v = q v q^*.
//
// The skew-symmetric matrices (angular velocity / acceleration, so(N)) are
// stored in vector form: N = 2 a scalar w for [[0, -w], [w, 0]], N = 3 the
// 3-vector w with w^ v = w x v. Their helpers live in core/frames/skew.hpp.
#include <cmath>
#include <type_traits>

#include "core/glm_config.hpp"
#include "core/rotation/quaternion_exp.hpp"

namespace framelab {

// Storage of a rotation of R^N: an angle (N = 2) or a unit quaternion (N = 3).
template <class T, int N>
using rotation_t = std::conditional_t<N == 2, T, glm::qua<T>>;

template <class T, int N>
rotation_t<T, N> identity_rotation() {
  static_assert(N == 2 || N == 3, "framelab: rotations exist for N = 2 and 3");
  if constexpr (N == 2) {
    return T(0);
  } else {
    // glm::qua(w, x, y, z)
    return glm::qua<T>(T(1), T(0), T(0), T(0));
  }
}

// R v
template <class T>
glm::vec<2, T> rotate(T theta, const glm::vec<2, T>& v) {
  const T c = std::cos(theta), s = std::sin(theta);
  return {c * v.x - s * v.y, s * v.x + c * v.y};
}
template <class T>
glm::vec<3, T> rotate(const glm::qua<T>& q, const glm::vec<3, T>& v) {
  // q v q^* = v + 2 q_w (q_v x v) + 2 q_v x (q_v x v)
  const glm::vec<3, T> u(q.x, q.y, q.z);
  const glm::vec<3, T> t = T(2) * glm::cross(u, v);
  return v + q.w * t + glm::cross(u, t);
}

// R^T v
template <class T>
glm::vec<2, T> inverse_rotate(T theta, const glm::vec<2, T>& v) {
  return rotate(-theta, v);
}
template <class T>
glm::vec<3, T> inverse_rotate(const glm::qua<T>& q, const glm::vec<3, T>& v) {
  return rotate(glm::conjugate(q), v);
}

// R_2 R_1
template <class T>
T compose_rotations(T theta2, T theta1) {
  return theta2 + theta1;
}
template <class T>
glm::qua<T> compose_rotations(const glm::qua<T>& q2, const glm::qua<T>& q1) {
  return q2 * q1;
}

// R^T
template <class T>
T invert_rotation(T theta) {
  return -theta;
}
template <class T>
glm::qua<T> invert_rotation(const glm::qua<T>& q) {
  return glm::conjugate(q);
}

// R as an N x N matrix
template <class T>
glm::mat<2, 2, T> rotation_matrix(T theta) {
  const T c = std::cos(theta), s = std::sin(theta);
  // glm is column-major: columns (c, s) and (-s, c)
  return glm::mat<2, 2, T>(c, s, -s, c);
}
template <class T>
glm::mat<3, 3, T> rotation_matrix(const glm::qua<T>& q) {
  return glm::mat3_cast(q);
}

// exp of a rotation vector: N = 2 the angle itself; N = 3 the rotation by
// |phi| about phi / |phi| (the quaternion (cos(|phi|/2), sin(|phi|/2) phi/|phi|)),
// which is rotation_quat of core/rotation/quaternion_exp.hpp.
template <class T>
glm::qua<T> rotation_from_vector(const glm::vec<3, T>& phi) {
  return rotation_quat(phi);
}

}  // namespace framelab
