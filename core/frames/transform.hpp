#pragma once
// transform<T, N>: the invertible affine map A(x) = R S x + T of R^N (N = 2, 3)
// kept as separate translation T, rotation R and positive uniform scale S.
// Source: docs/articles.md, transform-hierarchy-dynamics, "Transforms".
#include "core/glm_config.hpp"
#include "core/rotation/rotation.hpp"

namespace framelab {

template <class T, int N>
struct transform {
  static_assert(N == 2 || N == 3, "framelab::transform exists for N = 2 and 3");
  static_assert(std::is_floating_point_v<T>, "framelab::transform needs a floating-point scalar");

  using scalar_type = T;
  using vec_type = glm::vec<N, T>;
  using rotation_type = rotation_t<T, N>;
  using matrix_type = glm::mat<N, N, T>;
  using augmented_matrix_type = glm::mat<N + 1, N + 1, T>;
  static constexpr int dimension = N;

  vec_type translation = vec_type(T(0));
  rotation_type rotation = identity_rotation<T, N>();  // N = 2: angle (rad); N = 3: unit quaternion
  T scale = T(1);                                      // positive

  // (0, id, 1)
  static transform identity() { return {}; }

  // A(x) = R S x + T
  vec_type apply_point(const vec_type& x) const { return framelab::rotate(rotation, scale * x) + translation; }
  vec_type operator()(const vec_type& x) const { return apply_point(x); }

  // J v = R S v (the linear part: a change of basis from child to parent)
  vec_type apply_vector(const vec_type& v) const { return framelab::rotate(rotation, scale * v); }
  // J^{-1} v = R^T v / S
  vec_type inverse_apply_vector(const vec_type& v) const { return framelab::inverse_rotate(rotation, v) / scale; }
  // R v and R^T v (rotation only)
  vec_type rotate(const vec_type& v) const { return framelab::rotate(rotation, v); }
  vec_type inverse_rotate(const vec_type& v) const { return framelab::inverse_rotate(rotation, v); }

  // (T3, R3, S3) = (T2, R2, S2) o (T1, R1, S1), *this = A2, rhs = A1 (applied first):
  //   S3 = S2 S1,  R3 = R2 R1,  T3 = R2 S2 T1 + T2 = A2(T1)
  transform operator*(const transform& a1) const {
    transform a3;
    a3.scale = scale * a1.scale;
    a3.rotation = compose_rotations(rotation, a1.rotation);
    a3.translation = apply_point(a1.translation);
    return a3;
  }
  transform& operator*=(const transform& a1) { return *this = *this * a1; }

  // (T', R', S') = (T, R, S)^{-1}:  S' = 1/S,  R' = R^T,  T' = -S' R' T = -J' T
  transform inverse() const {
    transform inv;
    inv.scale = T(1) / scale;
    inv.rotation = invert_rotation(rotation);
    inv.translation = -inv.scale * framelab::rotate(inv.rotation, translation);
    return inv;
  }

  // R as a matrix
  matrix_type rotation_matrix() const { return framelab::rotation_matrix(rotation); }
  // J = R S
  matrix_type linear_part() const { return rotation_matrix() * scale; }
  // J^{-T} = (R S)^{-T} = R / S: maps normals (covectors) from child to parent
  matrix_type normal_transform() const { return rotation_matrix() * (T(1) / scale); }

  // [[J, T], [0, 1]] (glm column-major: column N holds T)
  augmented_matrix_type to_matrix() const {
    augmented_matrix_type m(T(1));
    const matrix_type j = linear_part();
    for (int c = 0; c < N; ++c) {
      for (int r = 0; r < N; ++r) m[c][r] = j[c][r];
      m[c][N] = T(0);
    }
    for (int r = 0; r < N; ++r) m[N][r] = translation[r];
    m[N][N] = T(1);
    return m;
  }
};

using transform2f = transform<float, 2>;
using transform2d = transform<double, 2>;
using transform3f = transform<float, 3>;
using transform3d = transform<double, 3>;

}  // namespace framelab
