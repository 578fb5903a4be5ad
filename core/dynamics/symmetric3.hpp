#pragma once
// A symmetric 3 x 3 matrix stored once: the six numbers on and above the diagonal. The
// diagonal blocks of a spatial inertia (core/dynamics/spatial.hpp) are symmetric, so a 6 x 6
// inertia is 21 numbers instead of 36 (or 27 in three full 3 x 3 blocks): less to read and
// write in every pass of the tree algorithms.
//
//   S = [[xx, xy, xz],
//        [xy, yy, yz],
//        [xz, yz, zz]]
#include "core/glm_config.hpp"

namespace framelab::dynamics {

using vec3 = glm::dvec3;
using mat3 = glm::dmat3;

// M v for a 3 x 3 matrix (glm's product, the same arithmetic, always inlined: see
// rotation_matrix in core/dynamics/joint.hpp).
[[gnu::always_inline]] inline vec3 times(const mat3& m, const vec3& v) {
  return {m[0][0] * v.x + m[1][0] * v.y + m[2][0] * v.z, m[0][1] * v.x + m[1][1] * v.y + m[2][1] * v.z,
          m[0][2] * v.x + m[1][2] * v.y + m[2][2] * v.z};
}

struct symmetric3 {
  double xx = 0.0, yy = 0.0, zz = 0.0, xy = 0.0, xz = 0.0, yz = 0.0;

  // s 1
  static symmetric3 scalar(double s) { return {s, s, s, 0.0, 0.0, 0.0}; }

  // S v
  [[gnu::always_inline]] vec3 operator*(const vec3& v) const {
    return {xx * v.x + xy * v.y + xz * v.z, xy * v.x + yy * v.y + yz * v.z, xz * v.x + yz * v.y + zz * v.z};
  }
  [[gnu::always_inline]] friend symmetric3 operator+(const symmetric3& a, const symmetric3& b) {
    return {a.xx + b.xx, a.yy + b.yy, a.zz + b.zz, a.xy + b.xy, a.xz + b.xz, a.yz + b.yz};
  }
  [[gnu::always_inline]] symmetric3& operator+=(const symmetric3& b) {
    xx += b.xx, yy += b.yy, zz += b.zz, xy += b.xy, xz += b.xz, yz += b.yz;
    return *this;
  }

  // this -= s f g^T, for a sum of such terms that is symmetric (f g^T itself need not be:
  // only its entries on and above the diagonal are read).
  [[gnu::always_inline]] void subtract_outer(double s, const vec3& f, const vec3& g) {
    xx -= s * f.x * g.x, yy -= s * f.y * g.y, zz -= s * f.z * g.z;
    xy -= s * f.x * g.y, xz -= s * f.x * g.z, yz -= s * f.y * g.z;
  }
};

// R diag(d) R^T for a rotation matrix R (columns R e_k): (R D R^T)_rc = sum_k R_rk d_k R_ck.
[[gnu::always_inline]] inline symmetric3 rotated_diagonal(const mat3& r, const vec3& d) {
  symmetric3 s;
  for (int k = 0; k < 3; ++k) {
    const vec3& e = r[k];  // R e_k
    s.xx += d[k] * e.x * e.x, s.yy += d[k] * e.y * e.y, s.zz += d[k] * e.z * e.z;
    s.xy += d[k] * e.x * e.y, s.xz += d[k] * e.x * e.z, s.yz += d[k] * e.y * e.z;
  }
  return s;
}

}  // namespace framelab::dynamics
