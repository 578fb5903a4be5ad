#pragma once
// The root-to-leaf pass every tree algorithm starts with: each body's world frame from the
// article's composition of dynamic transforms (docs/articles.md, transform-hierarchy-dynamics,
// "Dynamics of the Composition"),
//   G_i = G_parent o P_i o J_i(q_i, qd_i, qdd_i = 0),
// with the base accelerating at a_base - g (gravity as the base's upward acceleration, so
// no body needs a gravity force), and from it the spatial quantities of Featherstone's
// algorithms in world coordinates (core/dynamics/spatial.hpp):
//   V_i   = (w_i, v_i + o_i x w_i)                    the spatial velocity
//   A0_i  = (alpha_i, a_i + v_i x w_i + o_i x alpha_i) its acceleration when every qdd = 0
//   c_i   = A0_i - A0_parent                          so A_i = A_parent + S_i qdd_i + c_i
//   S_i   the joint's motion subspace (core/dynamics/joint.hpp)
//   I_i   the spatial inertia: m, c_world = o_i + R_i c, I_c = R_i diag(I~) R_i^T
// The recursion A_i = A_parent + S_i qdd_i + c_i is affine in qdd with a c_i that depends on
// positions and velocities only, so the c_i found with qdd = 0 hold for every qdd.
#include "core/dynamics/tree_data.hpp"

namespace framelab::dynamics {

// V and A0 of a frame from its world dynamic transform.
inline spatial_motion frame_velocity(const dynamic_transform3& g) {
  return motion_about_origin(g.pose.translation, g.velocity, g.angular_velocity);
}
inline spatial_motion frame_acceleration(const dynamic_transform3& g) {
  return acceleration_about_origin(g.pose.translation, g.velocity, g.angular_velocity, g.accel, g.angular_accel);
}

// I_c = R diag(I~) R^T
inline mat3 world_rotational_inertia(const quat& r, const vec3& principal) {
  const mat3 m = glm::mat3_cast(r);
  mat3 scaled = m;
  for (int k = 0; k < 3; ++k) scaled[k] *= principal[k];  // columns R e_k I~_k
  return scaled * glm::transpose(m);
}

// The base's frame with its acceleration lowered by g.
inline dynamic_transform3 base_with_gravity(const tree_model& model, const tree_data& d) {
  dynamic_transform3 base = d.base;
  base.accel -= model.gravity();
  return base;
}

// Fills d.frame, d.subspace, d.velocity, d.bias_acceleration, d.inertia, d.root_velocity and
// d.root_acceleration from q and qd (the model's layout).
inline void tree_kinematics(const tree_model& model, tree_data& d, const double* q, const double* qd) {
  static constexpr double zero_qdd[3] = {0.0, 0.0, 0.0};
  const dynamic_transform3 base = base_with_gravity(model, d);
  d.root_velocity = frame_velocity(base);
  d.root_acceleration = frame_acceleration(base);
  for (int i = 0; i < model.size(); ++i) {
    const std::size_t s = static_cast<std::size_t>(i);
    const body& b = model[i];
    const bool root = b.parent < 0;
    const dynamic_transform3& parent = root ? base : d.frame[static_cast<std::size_t>(b.parent)];
    const dynamic_transform3 placed = parent * d.placement_motion[s];  // G_parent o P_i
    const dynamic_transform3& g = d.frame[s] =
        placed * joint_motion(b.joint, q + model.q_index(i), qd + model.v_index(i), zero_qdd);
    d.subspace[s] = world_subspace(b.joint, placed.pose.rotation, g.pose.translation);
    d.velocity[s] = frame_velocity(g);
    const spatial_motion parent_a0 = root ? d.root_acceleration : frame_acceleration(parent);
    d.bias_acceleration[s] = frame_acceleration(g) - parent_a0;
    d.inertia[s] = rigid_inertia(b.mass, g.pose.apply_point(b.center_of_mass),
                                 world_rotational_inertia(g.pose.rotation, b.principal_inertia));
  }
}

}  // namespace framelab::dynamics
