#pragma once
// Forward dynamics in O(n): the articulated-body algorithm (Featherstone, Rigid Body
// Dynamics Algorithms, 2008, chapter 7, table 7.1), in world coordinates so that every
// coordinate transform X is the identity (core/dynamics/spatial.hpp).
//
//   pass 1 (root to leaves)  V_i, A0_i, c_i, S_i, I_i        core/dynamics/tree_kinematics.hpp
//                            I^A_i = I_i,  p^A_i = I_i A0_i + V_i x* I_i V_i - f_ext_i
//   pass 2 (leaves to root)  U_i = I^A_i S_i,  D_i = S_i^T U_i,  u_i = tau_i - S_i^T p^A_i
//                            I^a = I^A_i - U_i D_i^-1 U_i^T
//                            p^a = p^A_i + U_i D_i^-1 u_i
//                            I^A_parent += I^a,  p^A_parent += p^a
//   pass 3 (root to leaves)  A' = A_parent + c_i          (A_root = a_base - g)
//                            qdd_i = D_i^-1 (u_i - U_i^T (A' - A0_i)),  A_i = A' + S_i qdd_i
//
// This is table 7.1 with the velocity-product accelerations c_i moved into the bias forces
// (as Pinocchio's world-frame ABA): with A0_i the acceleration when every qdd = 0
// (A0_i = A0_parent + c_i) and A_i = A0_i + a_i, the a_i obey a_i = a_parent + S_i qdd_i
// (a = 0 above the root) and body i's equation f_i = I_i A_i + V_i x* I_i V_i - f_ext_i
// = I_i a_i + p_i with p_i = I_i A0_i + V_i x* I_i V_i - f_ext_i: table 7.1 with c_i = 0, so
// its term I^a c_i in p^a drops, and a_parent = A' - A0_i. p_i comes from the body's mass,
// centre and I_c (core/dynamics/spatial.hpp, rigid_bias_force).
#include <span>

#include "core/cpu_features.hpp"
#include "core/dynamics/tree_kinematics.hpp"

namespace framelab::dynamics {

namespace detail {
// The rows of D^-1 for a 1 x 1 or 3 x 3 D (D_kl = S_k . U_l): a 1-dof joint's (1/D, 0, 0).
inline void inverse_joint_inertia(const spatial_motion* s, const spatial_force* u, int count, vec3* rows) {
  if (count == 1) {
    rows[0] = vec3(1.0 / dot(u[0], s[0]), 0.0, 0.0);
    return;
  }
  mat3 d;
  for (int l = 0; l < 3; ++l)
    for (int k = 0; k < 3; ++k) d[l][k] = dot(u[l], s[k]);
  const mat3 rows_as_columns = glm::transpose(glm::inverse(d));
  for (int k = 0; k < 3; ++k) rows[k] = rows_as_columns[k];
}

// D^-1 w for a joint-space vector w of `count` numbers.
inline vec3 times_d_inverse(const vec3* rows, int count, const vec3& w) {
  if (count == 1) return vec3(rows[0].x * w.x, 0.0, 0.0);
  return {glm::dot(rows[0], w), glm::dot(rows[1], w), glm::dot(rows[2], w)};
}

// sum_l U_l y_l
inline spatial_force combine(const spatial_force* u, int count, const vec3& y) {
  spatial_force f = y.x * u[0];
  for (int l = 1; l < count; ++l) f = f + y[l] * u[l];
  return f;
}
}  // namespace detail

// The three passes (forward_dynamics below), inlined into the two builds of them.
[[gnu::always_inline]] inline void forward_dynamics_passes(const tree_model& model, tree_data& d,
                                                           std::span<const double> q, std::span<const double> qd,
                                                           std::span<const double> tau) {
  const int n = model.size();
  const kinematics_base base = start_kinematics(d);
  for (int i = 0; i < n; ++i) {  // pass 1 with the kinematics, while body i's numbers are at hand
    const rigid_body_world rigid = body_kinematics(model, d, base, i, q.data(), qd.data());
    const std::size_t s = static_cast<std::size_t>(i);
    d.articulated_inertia[s] = d.inertia[s];
    d.body_force[s] = rigid_bias_force(rigid, d.velocity[s], d.acceleration[s]) - d.external_force[s];
  }
  for (int i = n - 1; i >= 0; --i) {
    const std::size_t s = static_cast<std::size_t>(i);
    const std::size_t v = static_cast<std::size_t>(model.v_index(i));
    const int count = velocity_size(model[i].joint);
    const spatial_motion* sub = &d.subspace[v];
    spatial_force* u_columns = &d.u_column[v];
    double* u = &d.joint_force[v];
    vec3* d_inverse = &d.d_inverse_row[v];
    spatial_inertia& ia = d.articulated_inertia[s];
    const int parent = model[i].parent;
    spatial_force pa;
    if (count == 1) {  // a hinge or slider: D and u are numbers
      u_columns[0] = ia * sub[0];
      u[0] = tau[v] - dot(d.body_force[s], sub[0]);
      const double d_inv = 1.0 / dot(u_columns[0], sub[0]);
      d_inverse[0] = vec3(d_inv, 0.0, 0.0);
      if (parent < 0) continue;
      ia.subtract_outer(d_inv, u_columns[0], u_columns[0]);
      pa = d.body_force[s] + (d_inv * u[0]) * u_columns[0];
    } else {
      vec3 u3(0.0);
      for (int k = 0; k < count; ++k) {
        u_columns[k] = ia * sub[k];
        u[k] = u3[k] = tau[v + static_cast<std::size_t>(k)] - dot(d.body_force[s], sub[k]);
      }
      detail::inverse_joint_inertia(sub, u_columns, count, d_inverse);
      if (parent < 0) continue;
      // I^a = I^A - U D^-1 U^T = I^A - sum_k (U D^-1)_k U_k^T, in place (pass 3 needs I^A no more)
      for (int k = 0; k < 3; ++k) {
        vec3 e(0.0);
        e[k] = 1.0;
        ia.subtract_outer(1.0, detail::combine(u_columns, 3, detail::times_d_inverse(d_inverse, 3, e)), u_columns[k]);
      }
      pa = d.body_force[s] + detail::combine(u_columns, count, detail::times_d_inverse(d_inverse, count, u3));
    }
    d.articulated_inertia[static_cast<std::size_t>(parent)] += ia;
    d.body_force[static_cast<std::size_t>(parent)] = d.body_force[static_cast<std::size_t>(parent)] + pa;
  }
  for (int i = 0; i < n; ++i) {
    const std::size_t s = static_cast<std::size_t>(i);
    const std::size_t v = static_cast<std::size_t>(model.v_index(i));
    const int count = velocity_size(model[i].joint);
    const int parent = model[i].parent;
    const spatial_motion a_prime =
        (parent < 0 ? d.root_acceleration : d.acceleration[static_cast<std::size_t>(parent)]) + d.bias_acceleration[s];
    const spatial_motion a_parent = a_prime - d.acceleration[s];  // A' - A0_i
    vec3 w(0.0);
    for (int k = 0; k < count; ++k) w[k] = d.joint_force[v + static_cast<std::size_t>(k)] - dot(d.u_column[v + static_cast<std::size_t>(k)], a_parent);
    const vec3 qdd = detail::times_d_inverse(&d.d_inverse_row[v], count, w);
    spatial_motion a = a_prime;
    for (int k = 0; k < count; ++k) {
      d.qdd[v + static_cast<std::size_t>(k)] = qdd[k];
      a = a + qdd[k] * d.subspace[v + static_cast<std::size_t>(k)];
    }
    d.acceleration[s] = a;
  }
}

#if FRAMELAB_X86_DISPATCH
// The same passes compiled for AVX2 and FMA (the compiler's own instructions: three-number
// products in fewer instructions, multiply-adds rounded once), chosen at run time as
// core/frames/hierarchy_sweep_simd.hpp chooses its sweep (core/cpu_features.hpp): the release
// build targets every x86-64 (the gain: docs/performance.md).
__attribute__((target("avx2,fma"))) inline void forward_dynamics_avx2(const tree_model& model, tree_data& d,
                                                                     std::span<const double> q,
                                                                     std::span<const double> qd,
                                                                     std::span<const double> tau) {
  forward_dynamics_passes(model, d, q, qd, tau);
}
#endif

// qdd for the given q, qd, tau (all generalised forces, joint springs included); also fills
// d.acceleration. Inputs besides these are d.base, d.placement_motion and d.external_force.
// On a CPU with AVX2 and FMA the passes run in their AVX2 build (results differ from the
// plain build's in the last bits).
inline void forward_dynamics(const tree_model& model, tree_data& d, std::span<const double> q,
                             std::span<const double> qd, std::span<const double> tau) {
#if FRAMELAB_X86_DISPATCH
  if (cpu_has_avx2_fma()) return forward_dynamics_avx2(model, d, q, qd, tau);
#endif
  forward_dynamics_passes(model, d, q, qd, tau);
}

}  // namespace framelab::dynamics
