#pragma once
// Free local motion of a hierarchy node whose dynamics were edited by hand (or that
// simply coasts, like a car): its local dynamic transform is advanced in its parent's
// frame with the angular acceleration alpha and the node's OWN-frame acceleration
// held constant,
//   dT/dt = v,  dv/dt = R a_b + w x v,  dR/dt = w R,  dw/dt = alpha,
//   a_b = R^T (a - w x v)  (the acceleration seen from the node, taken at the start).
// With a_b = 0 and alpha = 0 this is a screw motion: a tank that drives at a
// steady speed and turn rate keeps driving its circle, a car keeps a straight line,
// a node at rest stays put. Integrated with the classical RK4 (core/ode) on (T, v, q, w);
// the quaternion is renormalized after the step.
#include <algorithm>
#include <cmath>

#include "core/frames/dynamic_transform.hpp"
#include "core/ode/ode_stepper.hpp"

namespace framelab {

// The node's motion state (T, v, q, w) as a vector space for ode::step.
struct free_motion_state {
  glm::dvec3 t, v;
  glm::dquat q;
  glm::dvec3 w;
  friend free_motion_state operator+(const free_motion_state& a, const free_motion_state& b) {
    return {a.t + b.t, a.v + b.v, a.q + b.q, a.w + b.w};
  }
  friend free_motion_state operator*(double s, const free_motion_state& a) {
    return {s * a.t, s * a.v, s * a.q, s * a.w};
  }
  friend double max_norm(const free_motion_state& a) {
    return std::max({ode::max_norm(a.t), ode::max_norm(a.v), ode::max_norm(a.q), ode::max_norm(a.w)});
  }
};

inline void advance_free_motion(dynamic_transform<double, 3>& d, double dt) {
  const glm::dvec3 a_body = glm::inverse(d.pose.rotation) * (d.accel - glm::cross(d.angular_velocity, d.velocity));
  const glm::dvec3 alpha = d.angular_accel;
  const auto f = [&](double, const free_motion_state& s) {
    const glm::dquat q = glm::normalize(s.q);
    // dq/dt = (1/2) (0, w) q  (dR/dt = w R)
    return free_motion_state{s.v, q * a_body + glm::cross(s.w, s.v), 0.5 * (glm::dquat(0.0, s.w) * q), alpha};
  };
  const free_motion_state s0{d.pose.translation, d.velocity, d.pose.rotation, d.angular_velocity};
  const free_motion_state s1 = ode::step(ode::method::rk4, f, 0.0, s0, dt);
  d.pose.translation = s1.t;
  d.velocity = s1.v;
  d.pose.rotation = glm::normalize(s1.q);
  // w is linear in time: w + alpha dt exactly (RK4's sum of six alpha dt / 6 would round).
  d.angular_velocity = s0.w + dt * alpha;
  // The acceleration now: the same own-frame part, the velocity turned by w.
  d.accel = d.pose.rotation * a_body + glm::cross(d.angular_velocity, d.velocity);
}

}  // namespace framelab
