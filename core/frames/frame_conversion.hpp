#pragma once
// Local <-> global conversion of a child's dynamics given its parent's global
// dynamics. A1: child relative to parent (local), A2: parent relative to the
// world (global), A3 = A2 o A1: child relative to the world (global).
// Source: docs/articles.md, transform-hierarchy-dynamics,
// "Local and Global Dynamics" and "Local and Global Deltas".
#include "core/frames/dynamics_delta.hpp"

namespace framelab {

// A3 = A2 o A1 (the dynamics of the composition)
template <class T, int N>
dynamic_transform<T, N> local_to_global(const dynamic_transform<T, N>& parent_global,
                                        const dynamic_transform<T, N>& child_local) {
  return parent_global * child_local;
}

// A1 = A2^{-1} o A3
template <class T, int N>
dynamic_transform<T, N> global_to_local(const dynamic_transform<T, N>& parent_global,
                                        const dynamic_transform<T, N>& child_global) {
  const auto& a2 = parent_global;
  const auto& a3 = child_global;
  const auto& w2 = a2.angular_velocity;
  const glm::vec<N, T> t3_t2 = a3.pose.translation - a2.pose.translation;  // T3 - T2
  const glm::vec<N, T> v3_v2 = a3.velocity - a2.velocity;                  // v3 - v2
  dynamic_transform<T, N> a1;
  a1.pose = a2.pose.inverse() * a3.pose;
  // v1 = J2^{-1} (v3 - v2 - w2 (T3 - T2))
  a1.velocity = a2.pose.inverse_apply_vector(v3_v2 - skew_apply(w2, t3_t2));
  // a1 = J2^{-1} (a3 - a2 - (alpha2 - (w2)^2)(T3 - T2) - 2 w2 (v3 - v2))
  a1.accel = a2.pose.inverse_apply_vector(a3.accel - a2.accel - skew_apply(a2.angular_accel, t3_t2) +
                                          skew_apply(w2, skew_apply(w2, t3_t2)) - T(2) * skew_apply(w2, v3_v2));
  // w1 = R2^T (w3 - w2) R2
  a1.angular_velocity = inverse_conjugate_skew(a2.pose.rotation, a3.angular_velocity - w2);
  // alpha1 = R2^T (alpha3 - alpha2 + [w3, w2]) R2
  a1.angular_accel = inverse_conjugate_skew(a2.pose.rotation,
                                            a3.angular_accel - a2.angular_accel + commutator(a3.angular_velocity, w2));
  return a1;
}

// Global change in the child due to a local change d1 in the child
// (dv3 = J2 dv1, da3 = J2 da1 + 2 w2 dv3, dw3 = R2 dw1 R2^T,
//  dalpha3 = R2 dalpha1 R2^T + [w2, dw3]; see dynamic_transform::transform_delta_*)
template <class T, int N>
dynamics_delta<T, N> local_to_global_delta(const dynamic_transform<T, N>& parent_global,
                                           const dynamics_delta<T, N>& d1) {
  const auto& a2 = parent_global;
  return {a2.transform_delta_vel(d1.velocity), a2.transform_delta_acc(d1.velocity, d1.accel),
          a2.transform_delta_ang_vel(d1.angular_velocity),
          a2.transform_delta_ang_acc(d1.angular_velocity, d1.angular_accel)};
}

// Local change in the child required to produce the global change d3
// (dv1 = J2^{-1} dv3, da1 = J2^{-1}(da3 - 2 w2 dv3), dw1 = R2^T dw3 R2,
//  dalpha1 = R2^T (dalpha3 + [dw3, w2]) R2)
template <class T, int N>
dynamics_delta<T, N> global_to_local_delta(const dynamic_transform<T, N>& parent_global,
                                           const dynamics_delta<T, N>& d3) {
  const auto& a2 = parent_global;
  return {a2.inverse_transform_delta_vel(d3.velocity), a2.inverse_transform_delta_acc(d3.velocity, d3.accel),
          a2.inverse_transform_delta_ang_vel(d3.angular_velocity),
          a2.inverse_transform_delta_ang_acc(d3.angular_velocity, d3.angular_accel)};
}

// Global change in the child due to a global change d2 in its parent, the child
// being locally unmodified (parent_global is the parent before the change):
//   dv3 = dv2 + dw2 J2 T1
//   da3 = da2 + (dalpha2 + dw2 w2 + w2 dw2 + (dw2)^2) J2 T1 + 2 dw2 J2 v1
//   dw3 = dw2
//   dalpha3 = dalpha2 + [dw2, w3 - w2]
template <class T, int N>
dynamics_delta<T, N> inherited_global_delta(const dynamic_transform<T, N>& parent_global,
                                            const dynamic_transform<T, N>& child_local,
                                            const dynamics_delta<T, N>& d2) {
  const auto& a2 = parent_global;
  const auto& w2 = a2.angular_velocity;
  const auto& dw2 = d2.angular_velocity;
  const glm::vec<N, T> j2_t1 = a2.pose.apply_vector(child_local.pose.translation);
  const glm::vec<N, T> j2_v1 = a2.pose.apply_vector(child_local.velocity);
  const glm::vec<N, T> dw2_j2_t1 = skew_apply(dw2, j2_t1);
  dynamics_delta<T, N> d3;
  d3.velocity = d2.velocity + dw2_j2_t1;
  d3.accel = d2.accel + skew_apply(d2.angular_accel, j2_t1) + skew_apply(dw2, skew_apply(w2, j2_t1)) +
             skew_apply(w2, dw2_j2_t1) + skew_apply(dw2, dw2_j2_t1) + T(2) * skew_apply(dw2, j2_v1);
  d3.angular_velocity = dw2;
  // w3 - w2 = R2 w1 R2^T
  d3.angular_accel = d2.angular_accel + commutator(dw2, conjugate_skew(a2.pose.rotation, child_local.angular_velocity));
  return d3;
}

}  // namespace framelab
