#pragma once
// Linear impulses applied to an object in a hierarchy, and counteracting the
// change its children inherit (the car-crash case).
// Source: docs/articles.md, transform-hierarchy-dynamics,
// "Example: Newtonian Mechanics — Linear Impulses" and "Counteracting the Inherited Effect".
#include "core/frames/frame_conversion.hpp"

namespace framelab {

// Local change of an object whose global velocity changes by dv (global da = 0,
// no angular change), given its parent's global dynamics A2:
//   dv1 = J2^{-1} dv
//   da1 = -2 J2^{-1} w2 dv        (the Coriolis term depends on velocity)
template <class T, int N>
dynamics_delta<T, N> velocity_change_local_delta(const dynamic_transform<T, N>& parent_global,
                                                 const glm::vec<N, T>& dv) {
  dynamics_delta<T, N> d1;
  d1.velocity = parent_global.pose.inverse_apply_vector(dv);
  d1.accel = T(-2) * parent_global.pose.inverse_apply_vector(skew_apply(parent_global.angular_velocity, dv));
  return d1;
}

// A linear impulse dp on an object of mass m: dv3 = dp / m, so
//   dv1 = (1/m) J2^{-1} dp
//   da1 = -(2/m) J2^{-1} w2 dp
template <class T, int N>
dynamics_delta<T, N> linear_impulse_local_delta(const dynamic_transform<T, N>& parent_global, const glm::vec<N, T>& dp,
                                                T mass) {
  return velocity_change_local_delta(parent_global, dp / mass);
}

// Applies the impulse to the object's local dynamics.
template <class T, int N>
void apply_linear_impulse(dynamic_transform<T, N>& local, const dynamic_transform<T, N>& parent_global,
                          const glm::vec<N, T>& dp, T mass) {
  apply_delta(local, linear_impulse_local_delta(parent_global, dp, mass));
}

// After an object (global dynamics A2) got the global velocity change dv, each of
// its immediate children gets the local change that undoes the inherited one
// (grandchildren follow automatically):
//   dv1 = -J2^{-1} dv
//   da1 = 2 J2^{-1} w2 dv
template <class T, int N>
dynamics_delta<T, N> counteract_velocity_change_delta(const dynamic_transform<T, N>& modified_global,
                                                      const glm::vec<N, T>& dv) {
  return velocity_change_local_delta(modified_global, -dv);
}

// General counteraction, for any change of the parent's global dynamics
// (before -> after; same pose): the child's new local dynamics keep its global
// dynamics, A1' = (A2')^{-1} o (A2 o A1).
template <class T, int N>
dynamic_transform<T, N> counteract_inherited_change(const dynamic_transform<T, N>& parent_global_before,
                                                    const dynamic_transform<T, N>& parent_global_after,
                                                    const dynamic_transform<T, N>& child_local) {
  return global_to_local(parent_global_after, parent_global_before * child_local);
}

}  // namespace framelab
