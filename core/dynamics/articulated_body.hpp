#pragma once
// Forward dynamics in O(n): the articulated-body algorithm (Featherstone, Rigid Body
// Dynamics Algorithms, 2008, chapter 7, table 7.1), in world coordinates so that every
// coordinate transform X is the identity (core/dynamics/spatial.hpp).
//
//   pass 1 (root to leaves)  V_i, c_i, S_i, I_i           core/dynamics/tree_kinematics.hpp
//                            I^A_i = I_i,  p^A_i = V_i x* I_i V_i - f_ext_i
//   pass 2 (leaves to root)  U_i = I^A_i S_i,  D_i = S_i^T U_i,  u_i = tau_i - S_i^T p^A_i
//                            I^a = I^A_i - U_i D_i^-1 U_i^T
//                            p^a = p^A_i + I^a c_i + U_i D_i^-1 u_i
//                            I^A_parent += I^a,  p^A_parent += p^a
//   pass 3 (root to leaves)  A' = A_parent + c_i          (A_root = a_base - g)
//                            qdd_i = D_i^-1 (u_i - U_i^T A'),  A_i = A' + S_i qdd_i
#include <span>

#include "core/dynamics/tree_kinematics.hpp"

namespace framelab::dynamics {

namespace detail {
// D^-1 of a 1 x 1 or 3 x 3 D (D_kl = S_k . U_l).
inline mat3 inverse_joint_inertia(const motion_subspace& s, const std::array<spatial_force, 3>& u) {
  if (s.count == 1) return mat3(1.0 / dot(u[0], s.column[0]));
  mat3 d;
  for (int l = 0; l < 3; ++l)
    for (int k = 0; k < 3; ++k) d[l][k] = dot(u[static_cast<std::size_t>(l)], s.column[static_cast<std::size_t>(k)]);
  return glm::inverse(d);
}

// U D^-1 w for a joint-space vector w: sum_l U_l (D^-1 w)_l.
inline spatial_force times_u_d_inverse(const articulated_scratch& x, int count, const vec3& w) {
  const vec3 y = x.d_inverse * w;
  spatial_force f;
  for (int l = 0; l < count; ++l) f = f + y[l] * x.u_columns[static_cast<std::size_t>(l)];
  return f;
}
}  // namespace detail

// qdd for the given q, qd, tau (all generalised forces, joint springs included); also fills
// d.acceleration. Inputs besides these are d.base, d.placement_motion and d.external_force.
inline void forward_dynamics(const tree_model& model, tree_data& d, std::span<const double> q,
                             std::span<const double> qd, std::span<const double> tau) {
  tree_kinematics(model, d, q.data(), qd.data());
  const int n = model.size();
  for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
    d.articulated_inertia[i] = d.inertia[i];
    d.body_force[i] = cross_force(d.velocity[i], d.inertia[i] * d.velocity[i]) - d.external_force[i];
  }
  for (int i = n - 1; i >= 0; --i) {
    const std::size_t s = static_cast<std::size_t>(i);
    const motion_subspace& sub = d.subspace[s];
    articulated_scratch& x = d.scratch[s];
    const spatial_inertia& ia_full = d.articulated_inertia[s];
    for (int k = 0; k < sub.count; ++k) {
      const std::size_t c = static_cast<std::size_t>(k);
      x.u_columns[c] = ia_full * sub.column[c];
      x.u[k] = tau[static_cast<std::size_t>(model.v_index(i) + k)] - dot(d.body_force[s], sub.column[c]);
    }
    x.d_inverse = detail::inverse_joint_inertia(sub, x.u_columns);
    const int parent = model[i].parent;
    if (parent < 0) continue;
    spatial_inertia ia = ia_full;
    for (int k = 0; k < sub.count; ++k) {
      vec3 e(0.0);
      e[k] = 1.0;
      ia.subtract_outer(1.0, detail::times_u_d_inverse(x, sub.count, e), x.u_columns[static_cast<std::size_t>(k)]);
    }
    const spatial_force pa = d.body_force[s] + ia * d.bias_acceleration[s] + detail::times_u_d_inverse(x, sub.count, x.u);
    d.articulated_inertia[static_cast<std::size_t>(parent)] += ia;
    d.body_force[static_cast<std::size_t>(parent)] = d.body_force[static_cast<std::size_t>(parent)] + pa;
  }
  for (int i = 0; i < n; ++i) {
    const std::size_t s = static_cast<std::size_t>(i);
    const motion_subspace& sub = d.subspace[s];
    const articulated_scratch& x = d.scratch[s];
    const int parent = model[i].parent;
    const spatial_motion a_prime =
        (parent < 0 ? d.root_acceleration : d.acceleration[static_cast<std::size_t>(parent)]) + d.bias_acceleration[s];
    vec3 w(0.0);
    for (int k = 0; k < sub.count; ++k) w[k] = x.u[k] - dot(x.u_columns[static_cast<std::size_t>(k)], a_prime);
    const vec3 qdd = x.d_inverse * w;
    spatial_motion a = a_prime;
    for (int k = 0; k < sub.count; ++k) {
      d.qdd[static_cast<std::size_t>(model.v_index(i) + k)] = qdd[k];
      a = a + qdd[k] * sub.column[static_cast<std::size_t>(k)];
    }
    d.acceleration[s] = a;
  }
}

}  // namespace framelab::dynamics
