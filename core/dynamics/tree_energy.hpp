#pragma once
// A tree's energy and angular momentum from the last pass of core/dynamics/tree_kinematics.hpp
// (world velocities V_i and inertias I_i about O; core/dynamics/spatial.hpp), body by body so
// that a caller can sum any subtree:
//   momentum     h_i = I_i V_i = (angular momentum about O, linear momentum)
//   kinetic      T_i = 1/2 V_i . h_i
//   potential    U_i = -m_i g . c_i + 1/2 k_i |q_i - rest_i|^2 (the joint's spring)
//   angular momentum about the point p:  L_i = h_i.angular - p x h_i.linear
#include "core/dynamics/tree_motion.hpp"

namespace framelab::dynamics {

inline double body_kinetic_energy(const tree_data& d, int i) {
  const std::size_t s = static_cast<std::size_t>(i);
  return 0.5 * dot(d.inertia[s] * d.velocity[s], d.velocity[s]);
}

inline double body_potential_energy(const tree_model& model, const tree_data& d, const joint_state& y, int i) {
  const body& b = model[i];
  const vec3 com = d.pose[static_cast<std::size_t>(i)].apply_point(b.center_of_mass);
  double u = -b.mass * glm::dot(d.gravity, com);
  double deviation[3] = {0.0, 0.0, 0.0};
  spring_deviation(b.joint, y.q.data() + model.q_index(i), b.passive.rest, deviation);
  for (int k = 0; k < velocity_size(b.joint); ++k) u += 0.5 * b.passive.stiffness * deviation[k] * deviation[k];
  return u;
}

inline vec3 body_angular_momentum(const tree_data& d, int i, const vec3& about) {
  const std::size_t s = static_cast<std::size_t>(i);
  const spatial_force h = d.inertia[s] * d.velocity[s];
  return h.angular - glm::cross(about, h.linear);
}

// Runs the kinematics pass for y (with the data's current base and placements) and returns
// the whole tree's kinetic plus potential energy.
inline double total_energy(const tree_model& model, tree_data& d, const joint_state& y) {
  tree_kinematics(model, d, y.q.data(), y.qd.data());
  double e = 0.0;
  for (int i = 0; i < model.size(); ++i) e += body_kinetic_energy(d, i) + body_potential_energy(model, d, y, i);
  return e;
}

}  // namespace framelab::dynamics
