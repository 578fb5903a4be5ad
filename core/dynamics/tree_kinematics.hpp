#pragma once
// The root-to-leaf pass every tree algorithm starts with: each body's world pose and the
// spatial quantities of Featherstone's algorithms in world coordinates
// (core/dynamics/spatial.hpp), with the base accelerating at a_base - g (gravity as the base's
// upward acceleration, so no body needs a gravity force):
//   G_i  = G_parent o P_i o J_i(q_i)          the pose (core/dynamics/joint.hpp, place_joint)
//   S_i  the joint's motion subspace, fixed in the placement frame P_i
//   V_i  = V_P + S_i qd_i                     the spatial velocity
//   A0_i = A0_P + V_i x S_i qd_i              the spatial acceleration when every qdd = 0
//   c_i  = A0_i - A0_parent                   so A_i = A_parent + S_i qdd_i + c_i
//   I_i  the spatial inertia: m, c_world = o_i + R_i c, I_c = R_i diag(I~) R_i^T
// S_i is fixed in P, so dS_i/dt = V_P x S_i and d/dt (S_i qd_i) = V_P x S_i qd_i + S_i qdd_i
// = V_i x S_i qd_i + S_i qdd_i (S qd x S qd = 0): Featherstone, Rigid Body Dynamics
// Algorithms (2008), table 7.1, c_i = c_J + v_i x v_J with c_J = 0 (S constant in P).
// A placement at rest relative to its parent moves rigidly with it, and the spatial velocity
// and acceleration (about one point O) of rigidly joined frames are equal: V_P = V_parent,
// A0_P = A0_parent. A moving placement (prescribed frames between joints) takes the article's
// composition of dynamic transforms (docs/articles.md, transform-hierarchy-dynamics, "Dynamics
// of the Composition") G_P = G_parent o P_i, and V_P, A0_P from it.
// The recursion A_i = A_parent + S_i qdd_i + c_i is affine in qdd with a c_i that depends on
// positions and velocities only, so the c_i found with qdd = 0 hold for every qdd.
#include <cstdint>

#include "core/dynamics/double_bits.hpp"
#include "core/dynamics/tree_data.hpp"

namespace framelab::dynamics {

// V and A0 of a frame from its world dynamic transform.
inline spatial_motion frame_velocity(const dynamic_transform3& g) {
  return motion_about_origin(g.pose.translation, g.velocity, g.angular_velocity);
}
inline spatial_motion frame_acceleration(const dynamic_transform3& g) {
  return acceleration_about_origin(g.pose.translation, g.velocity, g.angular_velocity, g.accel, g.angular_accel);
}

// The other way: the frame with world pose `pose`, spatial velocity V and acceleration A
// (core/dynamics/spatial.hpp: V.linear = v_o + o x w, A.linear = a_o + v_o x w + o x alpha).
inline dynamic_transform3 frame_from_motion(const transform3& pose, const spatial_motion& v, const spatial_motion& a) {
  dynamic_transform3 g;
  g.pose = pose;
  g.angular_velocity = v.angular;
  g.angular_accel = a.angular;
  g.velocity = v.linear - glm::cross(pose.translation, v.angular);
  g.accel = a.linear - glm::cross(g.velocity, v.angular) - glm::cross(pose.translation, a.angular);
  return g;
}

// Body i's frame after a pass: its pose with V_i and d.acceleration (A0_i after the
// kinematics, A_i after the dynamics).
inline dynamic_transform3 body_frame(const tree_data& d, int i) {
  const std::size_t s = static_cast<std::size_t>(i);
  return frame_from_motion(d.pose[s], d.velocity[s], d.acceleration[s]);
}

// The base's frame with its acceleration lowered by g.
inline dynamic_transform3 base_with_gravity(const tree_data& d) {
  dynamic_transform3 base = d.base;
  base.accel -= d.gravity;
  return base;
}

// P's world pose for a placement at rest relative to its parent: T3 = A2(T1), R3 = R2 R1,
// S3 = S2 S1 (r2: R2 as a matrix, so R2 (S2 T1) = r2 (S2 T1)).
[[gnu::always_inline]] inline transform3 place_fixed(const transform3& a2, const mat3& r2, const transform3& a1) {
  transform3 a3;
  a3.translation = a2.translation + times(r2, a2.scale * a1.translation);
  a3.rotation = quat_product(a2.rotation, a1.rotation);
  a3.scale = a2.scale * a1.scale;
  return a3;
}

// v, a, w and alpha all zero (+0 or -0: a number is zero when its bits other than the sign
// are): one test of the twelve numbers' bits OR'd together, not twelve compares and branches
// (measured: 11 ns of a hinge chain's 150 ns per joint).
[[gnu::always_inline]] inline bool at_rest(const dynamic_transform3& m) {
  std::uint64_t bits = 0;
  for (const vec3* v : {&m.velocity, &m.accel, &m.angular_velocity, &m.angular_accel})
    for (int k = 0; k < 3; ++k) bits |= bits_of((*v)[k]) << 1;
  return bits == 0;
}

// Every hinge's half angle (core/dynamics/joint.hpp, hinge_half_angle) into d.half_angles, in
// one loop before the pass's.
[[gnu::always_inline]] inline void hinge_half_angles(const tree_model& model, tree_data& d, const double* q) {
  for (const int i : model.hinges())
    d.half_angles[static_cast<std::size_t>(model.v_index(i))] = hinge_half_angle(q[model.q_index(i)]);
}

// The pass's start: the hinges' half angles, the base lowered by g, its V and A0 and its
// rotation matrix.
struct kinematics_base {
  dynamic_transform3 frame;
  mat3 rotation;
};
[[gnu::always_inline]] inline kinematics_base start_kinematics(const tree_model& model, tree_data& d, const double* q) {
  hinge_half_angles(model, d, q);
  kinematics_base base{base_with_gravity(d), mat3(1.0)};
  base.rotation = rotation_matrix(base.frame.pose.rotation);
  d.root_velocity = frame_velocity(base.frame);
  d.root_acceleration = frame_acceleration(base.frame);
  return base;
}

// Body i's step of the pass (its parent's already done): d.pose, d.rotation, d.subspace,
// d.velocity, d.acceleration (A0), d.bias_acceleration (unless with_bias_acceleration is
// false: forward dynamics does without) and d.inertia; returns the body's
// mass, centre and I_c in the world (what d.inertia is made of). Always inlined: the AVX2
// build of forward dynamics (core/dynamics/articulated_body.cpp) compiles it with its passes.
[[gnu::always_inline]] inline rigid_body_world body_kinematics(const tree_model& model, tree_data& d,
                                                               const kinematics_base& base, int i, const double* q,
                                                               const double* qd, bool with_bias_acceleration = true) {
  const std::size_t s = static_cast<std::size_t>(i);
  const body& b = model[i];
  const bool root = b.parent < 0;
  const std::size_t p = root ? 0 : static_cast<std::size_t>(b.parent);
  const spatial_motion& parent_v = root ? d.root_velocity : d.velocity[p];
  const spatial_motion& parent_a0 = root ? d.root_acceleration : d.acceleration[p];
  const dynamic_transform3& placement = d.placement_motion[s];
  // P's pose, V_P and A0_P
  transform3 placed;
  spatial_motion v_p = parent_v, a0_p = parent_a0;
  if (at_rest(placement)) {
    placed = place_fixed(root ? base.frame.pose : d.pose[p], root ? base.rotation : d.rotation[p], placement.pose);
  } else {
    const dynamic_transform3 g_p =
        (root ? base.frame : frame_from_motion(d.pose[p], parent_v, parent_a0)) * placement;  // G_parent o P_i
    placed = g_p.pose;
    v_p = frame_velocity(g_p);
    a0_p = frame_acceleration(g_p);
  }
  const std::size_t v = static_cast<std::size_t>(model.v_index(i));
  const spatial_motion* sub = &d.subspace[v];
  mat3& r = d.rotation[s];
  place_joint(b.joint, placed, q + model.q_index(i), d.half_angles[v], d.pose[s], r, &d.subspace[v]);
  spatial_motion joint_velocity = qd[v] * sub[0];  // S_i qd_i
  for (int k = 1; k < velocity_size(b.joint); ++k) joint_velocity = joint_velocity + qd[v + static_cast<std::size_t>(k)] * sub[k];
  d.velocity[s] = v_p + joint_velocity;
  d.acceleration[s] = a0_p + cross_motion(d.velocity[s], joint_velocity);
  if (with_bias_acceleration) d.bias_acceleration[s] = d.acceleration[s] - parent_a0;
  // c_world = o + R (S c), I_c = R diag(I~) R^T
  const transform3& g = d.pose[s];
  const rigid_body_world world{b.mass, g.translation + times(r, g.scale * b.center_of_mass),
                               rotated_diagonal(r, b.principal_inertia)};
  set_rigid_inertia(world, d.inertia[s]);
  return world;
}

// Fills d.pose, d.rotation, d.subspace, d.velocity, d.bias_acceleration, d.inertia,
// d.root_velocity and d.root_acceleration from q and qd (the model's layout), and leaves A0_i
// in d.acceleration.
inline void tree_kinematics(const tree_model& model, tree_data& d, const double* q, const double* qd) {
  const kinematics_base base = start_kinematics(model, d, q);
  for (int i = 0; i < model.size(); ++i) body_kinematics(model, d, base, i, q, qd);
}

}  // namespace framelab::dynamics
