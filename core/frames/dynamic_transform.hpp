#pragma once
// dynamic_transform<T, N>: a transform A = (T, R, S) together with its first two
// time derivatives, (A, v, a, w, alpha):
//   v = dT/dt,  a = dv/dt,  dR/dt = w R,  d2R/dt2 = (alpha + w^2) R,  alpha = dw/dt,
// with S constant and w, alpha skew-symmetric (stored in vector form, see core/frames/skew.hpp).
// Composition, inverse and identity extend the group structure of transform;
// the delta maps convert instantaneous changes of a child's velocity/acceleration
// between its local and global form.
// Source: docs/articles.md, transform-hierarchy-dynamics
// ("Dynamics of the Composition", "... of the Inverse", "Local and Global Deltas").
#include "core/frames/skew.hpp"
#include "core/frames/transform.hpp"

namespace framelab {

template <class T, int N>
struct dynamic_transform {
  using scalar_type = T;
  using vec_type = glm::vec<N, T>;
  using skew_type = skew_t<T, N>;
  using transform_type = transform<T, N>;
  static constexpr int dimension = N;

  transform_type pose;                             // A = (T, R, S)
  vec_type velocity = vec_type(T(0));              // v
  vec_type accel = vec_type(T(0));                 // a
  skew_type angular_velocity = zero_skew<T, N>();  // w
  skew_type angular_accel = zero_skew<T, N>();     // alpha

  // A = (0, id, 1), v = 0, a = 0, w = 0, alpha = 0
  static dynamic_transform identity() { return {}; }

  // *this = A2 (e.g. the parent relative to the world), a1 = A1 (child relative to parent):
  //   A3 = A2 o A1
  //   v3 = v2 + J2 v1 + w2 J2 T1
  //   a3 = a2 + J2 a1 + alpha2 J2 T1 + (w2)^2 J2 T1 + 2 w2 J2 v1
  //   w3 = w2 + R2 w1 R2^T
  //   alpha3 = alpha2 + R2 alpha1 R2^T + [w2, w3]
  dynamic_transform operator*(const dynamic_transform& a1) const {
    const auto& w2 = angular_velocity;
    const auto& alpha2 = angular_accel;
    const vec_type j2_t1 = pose.apply_vector(a1.pose.translation);
    const vec_type j2_v1 = pose.apply_vector(a1.velocity);
    const vec_type j2_a1 = pose.apply_vector(a1.accel);
    const vec_type w2_j2_t1 = skew_apply(w2, j2_t1);
    dynamic_transform a3;
    a3.pose = pose * a1.pose;
    a3.velocity = velocity + j2_v1 + w2_j2_t1;
    a3.accel = accel + j2_a1 + skew_apply(alpha2, j2_t1) + skew_apply(w2, w2_j2_t1) + T(2) * skew_apply(w2, j2_v1);
    a3.angular_velocity = w2 + conjugate_skew(pose.rotation, a1.angular_velocity);
    a3.angular_accel = alpha2 + conjugate_skew(pose.rotation, a1.angular_accel) + commutator(w2, a3.angular_velocity);
    return a3;
  }
  dynamic_transform& operator*=(const dynamic_transform& a1) { return *this = *this * a1; }

  // A' = A^{-1}
  //   v' = J^{-1} (w T - v)
  //   a' = J^{-1} (alpha T - w^2 T + 2 w v - a)
  //   w' = -R^T w R
  //   alpha' = -R^T alpha R
  dynamic_transform inverse() const {
    const auto& tr = pose.translation;
    const auto& w = angular_velocity;
    const vec_type w_t = skew_apply(w, tr);
    dynamic_transform inv;
    inv.pose = pose.inverse();
    inv.velocity = pose.inverse_apply_vector(w_t - velocity);
    inv.accel = pose.inverse_apply_vector(skew_apply(angular_accel, tr) - skew_apply(w, w_t) +
                                          T(2) * skew_apply(w, velocity) - accel);
    inv.angular_velocity = -inverse_conjugate_skew(pose.rotation, w);
    inv.angular_accel = -inverse_conjugate_skew(pose.rotation, angular_accel);
    return inv;
  }

  // ---- Local and global deltas -------------------------------------------------
  // *this = A2, the parent's global dynamics; A1 (child local) and A3 = A2 o A1
  // (child global) keep their poses, only velocities/accelerations jump.
  // Global change in the child due to a local change in the child:
  //   dv3 = J2 dv1
  vec_type transform_delta_vel(const vec_type& dv1) const { return pose.apply_vector(dv1); }
  //   da3 = J2 da1 + 2 w2 dv3
  vec_type transform_delta_acc(const vec_type& dv1, const vec_type& da1) const {
    return pose.apply_vector(da1) + T(2) * skew_apply(angular_velocity, transform_delta_vel(dv1));
  }
  //   dw3 = R2 dw1 R2^T
  skew_type transform_delta_ang_vel(const skew_type& dw1) const { return conjugate_skew(pose.rotation, dw1); }
  //   dalpha3 = R2 dalpha1 R2^T + [w2, dw3]
  skew_type transform_delta_ang_acc(const skew_type& dw1, const skew_type& dalpha1) const {
    return conjugate_skew(pose.rotation, dalpha1) + commutator(angular_velocity, transform_delta_ang_vel(dw1));
  }

  // Local change in the child required to produce a given global change (the inverse):
  //   dv1 = J2^{-1} dv3
  vec_type inverse_transform_delta_vel(const vec_type& dv3) const { return pose.inverse_apply_vector(dv3); }
  //   da1 = J2^{-1} (da3 - 2 w2 dv3)
  vec_type inverse_transform_delta_acc(const vec_type& dv3, const vec_type& da3) const {
    return pose.inverse_apply_vector(da3 - T(2) * skew_apply(angular_velocity, dv3));
  }
  //   dw1 = R2^T dw3 R2
  skew_type inverse_transform_delta_ang_vel(const skew_type& dw3) const {
    return inverse_conjugate_skew(pose.rotation, dw3);
  }
  //   dalpha1 = R2^T (dalpha3 + [dw3, w2]) R2
  skew_type inverse_transform_delta_ang_acc(const skew_type& dw3, const skew_type& dalpha3) const {
    return inverse_conjugate_skew(pose.rotation, dalpha3 + commutator(dw3, angular_velocity));
  }
};

using dynamic_transform2f = dynamic_transform<float, 2>;
using dynamic_transform2d = dynamic_transform<double, 2>;
using dynamic_transform3f = dynamic_transform<float, 3>;
using dynamic_transform3d = dynamic_transform<double, 3>;

}  // namespace framelab
