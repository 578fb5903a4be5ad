#pragma once
// Inverse dynamics: the recursive Newton-Euler algorithm (Featherstone, Rigid Body Dynamics
// Algorithms, 2008, section 5.3, table 5.1) in world coordinates (X = identity):
//
//   pass 1 (root to leaves)  A_i = A_parent + S_i qdd_i + c_i     (A_root = a_base - g)
//                            f_i = I_i A_i + V_i x* I_i V_i - f_ext_i
//   pass 2 (leaves to root)  tau_i = S_i^T f_i,  f_parent += f_i
//
// tau is every generalised force the joints need (springs and applied forces included).
#include <span>

#include "core/dynamics/tree_kinematics.hpp"

namespace framelab::dynamics {

// d.tau for the given q, qd, qdd; also fills d.acceleration and d.body_force.
inline void inverse_dynamics(const tree_model& model, tree_data& d, std::span<const double> q,
                             std::span<const double> qd, std::span<const double> qdd) {
  tree_kinematics(model, d, q.data(), qd.data());
  const int n = model.size();
  for (int i = 0; i < n; ++i) {
    const std::size_t s = static_cast<std::size_t>(i);
    const int parent = model[i].parent;
    spatial_motion a =
        (parent < 0 ? d.root_acceleration : d.acceleration[static_cast<std::size_t>(parent)]) + d.bias_acceleration[s];
    for (int k = 0; k < velocity_size(model[i].joint); ++k) {
      const std::size_t v = static_cast<std::size_t>(model.v_index(i) + k);
      a = a + qdd[v] * d.subspace[v];
    }
    d.acceleration[s] = a;
    d.body_force[s] =
        d.inertia[s] * a + cross_force(d.velocity[s], d.inertia[s] * d.velocity[s]) - d.external_force[s];
  }
  for (int i = n - 1; i >= 0; --i) {
    const std::size_t s = static_cast<std::size_t>(i);
    for (int k = 0; k < velocity_size(model[i].joint); ++k) {
      const std::size_t v = static_cast<std::size_t>(model.v_index(i) + k);
      d.tau[v] = dot(d.body_force[s], d.subspace[v]);
    }
    const int parent = model[i].parent;
    if (parent >= 0) d.body_force[static_cast<std::size_t>(parent)] = d.body_force[static_cast<std::size_t>(parent)] + d.body_force[s];
  }
}

}  // namespace framelab::dynamics
