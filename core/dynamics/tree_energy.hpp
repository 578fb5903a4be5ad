#pragma once
// A tree's energy and angular momentum from the last pass of core/dynamics/tree_kinematics.hpp
// (world velocities V_i and inertias I_i about O; core/dynamics/spatial.hpp):
//   momentum     h_i = I_i V_i = (angular momentum about O, linear momentum)
//   kinetic      T = sum 1/2 V_i . h_i
//   potential    U = sum -m_i g . c_i + sum 1/2 k_j |q_j - rest_j|^2 (joint springs)
//   angular momentum about the point p:  L_p = sum (h_i.angular - p x h_i.linear)
#include <span>

#include "core/dynamics/tree_motion.hpp"

namespace framelab::dynamics {

inline double kinetic_energy(const tree_model& model, const tree_data& d) {
  double t = 0.0;
  for (std::size_t i = 0; i < static_cast<std::size_t>(model.size()); ++i)
    t += 0.5 * dot(d.inertia[i] * d.velocity[i], d.velocity[i]);
  return t;
}

inline double potential_energy(const tree_model& model, const tree_data& d, const joint_state& y) {
  double u = 0.0;
  for (int i = 0; i < model.size(); ++i) {
    const body& b = model[i];
    const vec3 com = d.frame[static_cast<std::size_t>(i)].pose.apply_point(b.center_of_mass);
    u -= b.mass * glm::dot(model.gravity(), com);
    double deviation[3] = {0.0, 0.0, 0.0};
    spring_deviation(b.joint, y.q.data() + model.q_index(i), b.passive.rest, deviation);
    for (int k = 0; k < velocity_size(b.joint); ++k) u += 0.5 * b.passive.stiffness * deviation[k] * deviation[k];
  }
  return u;
}

inline vec3 angular_momentum(const tree_model& model, const tree_data& d, const vec3& about) {
  vec3 l(0.0);
  for (std::size_t i = 0; i < static_cast<std::size_t>(model.size()); ++i) {
    const spatial_force h = d.inertia[i] * d.velocity[i];
    l += h.angular - glm::cross(about, h.linear);
  }
  return l;
}

// Runs the kinematics pass for y (with the data's current base and placements) and returns
// kinetic plus potential energy.
inline double total_energy(const tree_model& model, tree_data& d, const joint_state& y) {
  tree_kinematics(model, d, y.q.data(), y.qd.data());
  return kinetic_energy(model, d) + potential_energy(model, d, y);
}

}  // namespace framelab::dynamics
