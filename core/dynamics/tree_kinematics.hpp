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
// A fixed placement and the hinge and slider take the composition written out for their zero
// terms (compose_fixed here, compose_joint in core/dynamics/joint.hpp).
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

// The base's frame with its acceleration lowered by g.
inline dynamic_transform3 base_with_gravity(const tree_data& d) {
  dynamic_transform3 base = d.base;
  base.accel -= d.gravity;
  return base;
}

// G_P = G_parent o P for a placement at rest relative to its parent (v1 = a1 = w1 = alpha1 = 0
// in the article's composition): T3 = A2(T1), R3 = R2 R1, v3 = v2 + w2 x J2 T1,
// a3 = a2 + alpha2 x J2 T1 + w2 x (w2 x J2 T1), w3 = w2, alpha3 = alpha2
// (r2: R2 as a matrix, so J2 T1 = r2 (S2 T1)).
inline dynamic_transform3 compose_fixed(const dynamic_transform3& a2, const mat3& r2, const transform<double, 3>& a1) {
  const vec3 j2_t1 = r2 * (a2.pose.scale * a1.translation);
  const vec3 w2_t1 = glm::cross(a2.angular_velocity, j2_t1);
  dynamic_transform3 a3;
  a3.pose.translation = a2.pose.translation + j2_t1;
  a3.pose.rotation = a2.pose.rotation * a1.rotation;
  a3.pose.scale = a2.pose.scale * a1.scale;
  a3.velocity = a2.velocity + w2_t1;
  a3.accel = a2.accel + glm::cross(a2.angular_accel, j2_t1) + glm::cross(a2.angular_velocity, w2_t1);
  a3.angular_velocity = a2.angular_velocity;
  a3.angular_accel = a2.angular_accel;
  return a3;
}

inline bool at_rest(const dynamic_transform3& m) {
  return m.velocity == vec3(0.0) && m.accel == vec3(0.0) && m.angular_velocity == vec3(0.0) &&
         m.angular_accel == vec3(0.0);
}

// The pass's start: the base lowered by g, its V and A0 and its rotation matrix.
struct kinematics_base {
  dynamic_transform3 frame;
  mat3 rotation;
};
inline kinematics_base start_kinematics(tree_data& d) {
  kinematics_base base{base_with_gravity(d), mat3(1.0)};
  base.rotation = glm::mat3_cast(base.frame.pose.rotation);
  d.root_velocity = frame_velocity(base.frame);
  d.root_acceleration = frame_acceleration(base.frame);
  return base;
}

// Body i's step of the pass (its parent's already done): d.frame, d.rotation, d.subspace,
// d.velocity, d.acceleration (A0), d.bias_acceleration and d.inertia.
inline void body_kinematics(const tree_model& model, tree_data& d, const kinematics_base& base, int i, const double* q,
                            const double* qd) {
  const std::size_t s = static_cast<std::size_t>(i);
  const body& b = model[i];
  const bool root = b.parent < 0;
  const std::size_t p = root ? 0 : static_cast<std::size_t>(b.parent);
  const dynamic_transform3& parent = root ? base.frame : d.frame[p];
  const dynamic_transform3& placement = d.placement_motion[s];
  // G_parent o P_i
  const dynamic_transform3 placed =
      at_rest(placement) ? compose_fixed(parent, root ? base.rotation : d.rotation[p], placement.pose)
                         : parent * placement;
  dynamic_transform3& g = d.frame[s];
  mat3& r = d.rotation[s];
  compose_joint(b.joint, placed, q + model.q_index(i), qd + model.v_index(i), g, r,
                &d.subspace[static_cast<std::size_t>(model.v_index(i))]);
  d.velocity[s] = frame_velocity(g);
  const spatial_motion& parent_a0 = root ? d.root_acceleration : d.acceleration[p];
  d.acceleration[s] = frame_acceleration(g);
  d.bias_acceleration[s] = d.acceleration[s] - parent_a0;
  // c_world = o + R (S c), I_c = R diag(I~) R^T
  d.inertia[s] = rigid_inertia(b.mass, g.pose.translation + r * (g.pose.scale * b.center_of_mass),
                               rotated_diagonal(r, b.principal_inertia));
}

// Fills d.frame, d.rotation, d.subspace, d.velocity, d.bias_acceleration, d.inertia,
// d.root_velocity and d.root_acceleration from q and qd (the model's layout), and leaves A0_i
// in d.acceleration.
inline void tree_kinematics(const tree_model& model, tree_data& d, const double* q, const double* qd) {
  const kinematics_base base = start_kinematics(d);
  for (int i = 0; i < model.size(); ++i) body_kinematics(model, d, base, i, q, qd);
}

}  // namespace framelab::dynamics
