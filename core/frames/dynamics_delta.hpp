#pragma once
// dynamics_delta<T, N>: an instantaneous change (dv, da, dw, dalpha) of the
// velocities and accelerations of a dynamic_transform; its pose is unchanged.
#include "core/frames/dynamic_transform.hpp"

namespace framelab {

template <class T, int N>
struct dynamics_delta {
  using vec_type = glm::vec<N, T>;
  using skew_type = skew_t<T, N>;

  vec_type velocity = vec_type(T(0));              // dv
  vec_type accel = vec_type(T(0));                 // da
  skew_type angular_velocity = zero_skew<T, N>();  // dw
  skew_type angular_accel = zero_skew<T, N>();     // dalpha

  dynamics_delta operator-() const { return {-velocity, -accel, -angular_velocity, -angular_accel}; }
  dynamics_delta operator+(const dynamics_delta& o) const {
    return {velocity + o.velocity, accel + o.accel, angular_velocity + o.angular_velocity,
            angular_accel + o.angular_accel};
  }
};

// (v, a, w, alpha) += (dv, da, dw, dalpha)
template <class T, int N>
void apply_delta(dynamic_transform<T, N>& d, const dynamics_delta<T, N>& delta) {
  d.velocity += delta.velocity;
  d.accel += delta.accel;
  d.angular_velocity += delta.angular_velocity;
  d.angular_accel += delta.angular_accel;
}

// The change from `before` to `after` (poses are ignored)
template <class T, int N>
dynamics_delta<T, N> delta_between(const dynamic_transform<T, N>& before, const dynamic_transform<T, N>& after) {
  return {after.velocity - before.velocity, after.accel - before.accel,
          after.angular_velocity - before.angular_velocity, after.angular_accel - before.angular_accel};
}

using dynamics_delta2f = dynamics_delta<float, 2>;
using dynamics_delta2d = dynamics_delta<double, 2>;
using dynamics_delta3f = dynamics_delta<float, 3>;
using dynamics_delta3d = dynamics_delta<double, 3>;

}  // namespace framelab
