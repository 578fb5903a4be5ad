#pragma once
// Inertial ("fictitious") accelerations of a child in its parent's frame, and the
// local acceleration of a particle under an applied force in a moving frame.
// A2: the frame (parent) relative to the world (inertial); T1, v1: the particle's
// position and velocity in the frame. With the quantities expressed in the frame's basis
//   F~ = J2^{-1} F,  a~2 = J2^{-1} a2,  w~2 = J2^{-1} w2 J2,  alpha~2 = J2^{-1} alpha2 J2,
// the local acceleration is
//   a1 = (1/m) F~ - a~2 - alpha~2 T1 - (w~2)^2 T1 - 2 w~2 v1.
// 3D: centrifugal -w~2 x (w~2 x T1), Coriolis -2 w~2 x v1, Euler -alpha~2 x T1.
// 2D: centrifugal (w2)^2 T1, Coriolis -2 w2 v1_perp, Euler -alpha2 T1_perp.
// Source: docs/articles.md, transform-hierarchy-dynamics,
// "Example: Newtonian Mechanics — Force to Acceleration".
#include "core/frames/dynamic_transform.hpp"

namespace framelab {

template <class T, int N>
struct inertial_accelerations {
  using vec_type = glm::vec<N, T>;
  vec_type frame = vec_type(T(0));        // -a~2
  vec_type centrifugal = vec_type(T(0));  // -(w~2)^2 T1
  vec_type coriolis = vec_type(T(0));     // -2 w~2 v1
  vec_type euler = vec_type(T(0));        // -alpha~2 T1

  vec_type total() const { return frame + centrifugal + coriolis + euler; }
};

// The four inertial terms, in the frame's (local) coordinates.
template <class T, int N>
inertial_accelerations<T, N> compute_inertial_accelerations(const dynamic_transform<T, N>& frame_global,
                                                            const glm::vec<N, T>& t1, const glm::vec<N, T>& v1) {
  const auto& a2 = frame_global;
  // w~2 = J2^{-1} w2 J2 = R2^T w2 R2 (the scale cancels); 2D: w~2 = w2
  const auto w = inverse_conjugate_skew(a2.pose.rotation, a2.angular_velocity);
  const auto alpha = inverse_conjugate_skew(a2.pose.rotation, a2.angular_accel);
  inertial_accelerations<T, N> r;
  // frame: -a~2 = -J2^{-1} a2
  r.frame = -a2.pose.inverse_apply_vector(a2.accel);
  // centrifugal: -(w~2)^2 T1 (3D: -w~2 x (w~2 x T1); 2D: (w2)^2 T1)
  r.centrifugal = -skew_apply(w, skew_apply(w, t1));
  // Coriolis: -2 w~2 v1 (3D: -2 w~2 x v1; 2D: -2 w2 v1_perp)
  r.coriolis = T(-2) * skew_apply(w, v1);
  // Euler: -alpha~2 T1 (3D: -alpha~2 x T1; 2D: -alpha2 T1_perp)
  r.euler = -skew_apply(alpha, t1);
  return r;
}

// a1 = (1/m) F~ - a~2 - alpha~2 T1 - (w~2)^2 T1 - 2 w~2 v1, with F the applied force
// in world coordinates and m > 0 the mass.
template <class T, int N>
glm::vec<N, T> local_acceleration(const dynamic_transform<T, N>& frame_global, const glm::vec<N, T>& t1,
                                  const glm::vec<N, T>& v1, const glm::vec<N, T>& force, T mass) {
  // F~ = J2^{-1} F
  const glm::vec<N, T> f_local = frame_global.pose.inverse_apply_vector(force);
  return f_local / mass + compute_inertial_accelerations(frame_global, t1, v1).total();
}

using inertial_accelerations2f = inertial_accelerations<float, 2>;
using inertial_accelerations2d = inertial_accelerations<double, 2>;
using inertial_accelerations3f = inertial_accelerations<float, 3>;
using inertial_accelerations3d = inertial_accelerations<double, 3>;

}  // namespace framelab
