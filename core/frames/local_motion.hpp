#pragma once
// Free local motion of a hierarchy node whose dynamics were edited by hand (or that
// simply coasts, like a car): its local dynamic transform is advanced in its parent's
// frame with the angular acceleration alpha and the node's OWN-frame acceleration
// held constant,
//   dT/dt = v,  dv/dt = R a_b + w x v,  dR/dt = w R,  dw/dt = alpha,
//   a_b = R^T (a - w x v)  (the acceleration seen from the node, taken at the start).
// With a_b = 0 and alpha = 0 this is a screw motion: a tank that drives at a
// steady speed and turn rate keeps driving its circle, a car keeps a straight line,
// a node at rest stays put. Integrated with the classical RK4 on (T, v, q, w);
// the quaternion is renormalized after the step.
#include <cmath>

#include "core/frames/dynamic_transform.hpp"

namespace framelab {

inline void advance_free_motion(dynamic_transform<double, 3>& d, double dt) {
  using vec = glm::dvec3;
  const vec a_body = glm::inverse(d.pose.rotation) * (d.accel - glm::cross(d.angular_velocity, d.velocity));
  const vec alpha = d.angular_accel;
  struct state {
    vec t, v;
    glm::dquat q;
    vec w;
  };
  struct rate {
    vec dt, dv;
    glm::dquat dq;
    vec dw;
  };
  const auto f = [&](const state& s) {
    const glm::dquat q = glm::normalize(s.q);
    // dq/dt = (1/2) (0, w) q  (dR/dt = w R)
    return rate{s.v, q * a_body + glm::cross(s.w, s.v), 0.5 * (glm::dquat(0.0, s.w) * q), alpha};
  };
  const auto add = [](const state& s, const rate& k, double h) {
    return state{s.t + h * k.dt, s.v + h * k.dv, s.q + h * k.dq, s.w + h * k.dw};
  };
  const state s0{d.pose.translation, d.velocity, d.pose.rotation, d.angular_velocity};
  const rate k1 = f(s0);
  const rate k2 = f(add(s0, k1, 0.5 * dt));
  const rate k3 = f(add(s0, k2, 0.5 * dt));
  const rate k4 = f(add(s0, k3, dt));
  const double h6 = dt / 6.0;
  d.pose.translation = s0.t + h6 * (k1.dt + 2.0 * k2.dt + 2.0 * k3.dt + k4.dt);
  d.velocity = s0.v + h6 * (k1.dv + 2.0 * k2.dv + 2.0 * k3.dv + k4.dv);
  d.pose.rotation = glm::normalize(s0.q + h6 * (k1.dq + 2.0 * k2.dq + 2.0 * k3.dq + k4.dq));
  d.angular_velocity = s0.w + dt * alpha;
  // The acceleration now: the same own-frame part, the velocity turned by w.
  d.accel = d.pose.rotation * a_body + glm::cross(d.angular_velocity, d.velocity);
}

}  // namespace framelab
