#pragma once
// What the tree algorithms read besides the model and write: one preallocated record per
// body, resized to the model once (core/dynamics/tree_model.hpp explains the split).
#include <vector>

#include "core/dynamics/tree_model.hpp"

namespace framelab::dynamics {

struct tree_data {
  explicit tree_data(const tree_model& model)
      : placement_motion(static_cast<std::size_t>(model.size())),
        external_force(static_cast<std::size_t>(model.size())),
        pose(static_cast<std::size_t>(model.size())),
        rotation(static_cast<std::size_t>(model.size())),
        half_angles(static_cast<std::size_t>(model.v_size())),
        subspace(static_cast<std::size_t>(model.v_size())),
        velocity(static_cast<std::size_t>(model.size())),
        bias_acceleration(static_cast<std::size_t>(model.size())),
        acceleration(static_cast<std::size_t>(model.size())),
        inertia(static_cast<std::size_t>(model.size())),
        articulated_inertia(static_cast<std::size_t>(model.size())),
        body_force(static_cast<std::size_t>(model.size())),
        u_column(static_cast<std::size_t>(model.v_size())),
        joint_force(static_cast<std::size_t>(model.v_size()), 0.0),
        d_inverse_row(static_cast<std::size_t>(model.v_size()), vec3(0.0)),
        qdd_acceleration(static_cast<std::size_t>(model.size())),
        qdd(static_cast<std::size_t>(model.v_size()), 0.0),
        tau(static_cast<std::size_t>(model.v_size()), 0.0),
        gravity(model.gravity()) {
    for (int i = 0; i < model.size(); ++i) placement_motion[static_cast<std::size_t>(i)].pose = model[i].placement;
  }

  // [SECTION] Inputs besides q, qd and tau
  // The base's motion relative to the world (the article's dynamic transform): its velocity
  // and acceleration drive the tree (the root acceleration is a_base - g).
  dynamic_transform3 base{};
  // P_i relative to the parent frame with its prescribed velocity and acceleration
  // (initially the model's fixed placement, at rest).
  std::vector<dynamic_transform3> placement_motion;
  // Applied spatial forces (world coordinates about O), e.g. springs; not gravity.
  std::vector<spatial_force> external_force;

  // [SECTION] Outputs
  // G_i: each body's world pose (its velocity and acceleration are V_i and A_i below;
  // body_frame in core/dynamics/tree_kinematics.hpp gives the three as one dynamic transform).
  std::vector<transform3> pose;
  std::vector<mat3> rotation;                      // R_i as a matrix (the children's placements read it)
  std::vector<half_angle> half_angles;             // a hinge's at its v_index (core/dynamics/joint.hpp)
  // S_i in world coordinates: body i's velocity_size columns from model.v_index(i) on
  // (one record per degree of freedom, so a hinge's pass reads one column, not three).
  std::vector<spatial_motion> subspace;
  std::vector<spatial_motion> velocity;            // V_i
  std::vector<spatial_motion> bias_acceleration;   // c_i: A_i = A_parent + S_i qdd_i + c_i
                                                   // (tree_kinematics; forward dynamics needs it not)
  std::vector<spatial_motion> acceleration;        // A_i (minus gravity: the root's is a_base - g);
                                                   // A0_i (every qdd = 0) after the kinematics pass
  std::vector<spatial_inertia> inertia;            // I_i (world, about O)
  std::vector<spatial_inertia> articulated_inertia;// ABA: I_i plus its children's I^a, for the bodies that
                                                   // gather children (tree_model::gathers_children);
                                                   // CRBA: I^c_i
  std::vector<spatial_force> body_force;           // p^A_i (ABA) or f_i (RNEA)
  // The articulated-body algorithm's scratch per degree of freedom (Featherstone 2008, table
  // 7.1): U = I^A S, u = tau - S^T p^A and the rows of D^-1 = (S^T U)^-1 (a 1-dof joint: 1/D, 0, 0).
  std::vector<spatial_force> u_column;
  std::vector<double> joint_force;
  std::vector<vec3> d_inverse_row;
  std::vector<spatial_motion> qdd_acceleration;    // a_i = A_i - A0_i (pass 3), for the bodies that
                                                   // gather children
  spatial_motion root_acceleration{};              // A_0 = the base's (a_base - g, alpha_base)
  spatial_motion root_velocity{};                  // V_0
  std::vector<double> qdd;                         // ABA's result
  std::vector<double> tau;                         // RNEA's result

  // [SECTION] Input: the world's g now (m/s^2; initially the model's). A gravity fixed in a
  // turning frame turns with it: the caller sets it for each evaluation time.
  vec3 gravity;
};

}  // namespace framelab::dynamics
