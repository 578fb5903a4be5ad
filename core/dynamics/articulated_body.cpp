// Forward dynamics in O(n) (core/dynamics/articulated_body.hpp): the articulated-body
// algorithm (Featherstone, Rigid Body Dynamics Algorithms, 2008, chapter 7, table 7.1), in
// world coordinates so that every coordinate transform X is the identity
// (core/dynamics/spatial.hpp).
//
//   pass 1 (root to leaves)  V_i, A0_i, S_i, I_i            core/dynamics/tree_kinematics.hpp
//                            I^A_i = I_i,  p^A_i = I_i A0_i + V_i x* I_i V_i - f_ext_i
//   pass 2 (leaves to root)  U_i = I^A_i S_i,  D_i = S_i^T U_i,  u_i = tau_i - S_i^T p^A_i
//                            I^a = I^A_i - U_i D_i^-1 U_i^T
//                            p^a = p^A_i + U_i D_i^-1 u_i
//                            I^A_parent += I^a,  p^A_parent += p^a
//   pass 3 (root to leaves)  qdd_i = D_i^-1 (u_i - U_i^T a_parent)      (a = 0 above the root)
//                            a_i = a_parent + S_i qdd_i,  A_i = A0_i + a_i
//
// This is table 7.1 with the velocity-product accelerations c_i moved into the bias forces
// (as Pinocchio's world-frame ABA): with A0_i the acceleration when every qdd = 0
// (A0_i = A0_parent + c_i) and A_i = A0_i + a_i, the a_i obey a_i = a_parent + S_i qdd_i
// (a = 0 above the root) and body i's equation f_i = I_i A_i + V_i x* I_i V_i - f_ext_i
// = I_i a_i + p_i with p_i = I_i A0_i + V_i x* I_i V_i - f_ext_i: table 7.1 with c_i = 0, so
// its term I^a c_i in p^a drops, and its a' = A_parent + c_i - A0_i is a_parent. p_i comes
// from the body's mass, centre and I_c (core/dynamics/spatial.hpp, rigid_bias_force).
//
// Where the numbers go: a body's I^a, p^a (pass 2) and a_i (pass 3) are handed to the next
// body of the loop in registers when that body is the parent (pass 2) or the child (pass 3),
// as on every link of a chain, and through d.articulated_inertia, d.body_force and
// d.qdd_acceleration only for the other parents and children (tree_model::gathers_children):
// the same sums, and a chain's passes read and write a third less memory (at 10,000 links
// the data no longer fits the caches: docs/performance.md).
#include "core/dynamics/articulated_body.hpp"

#include "core/cpu_features.hpp"
#include "core/dynamics/tree_kinematics.hpp"

namespace framelab::dynamics {

namespace {
// The rows of D^-1 for a 1 x 1 or 3 x 3 D (D_kl = S_k . U_l): a 1-dof joint's (1/D, 0, 0).
[[gnu::always_inline]] inline void inverse_joint_inertia(const spatial_motion* s, const spatial_force* u, int count, vec3* rows) {
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
}  // namespace

// Pass 1 with the kinematics, while body i's numbers are at hand (I^A_i = I_i is written
// only for a body whose pass 2 gathers children through the data; the others' pass 2 reads
// d.inertia).
[[gnu::always_inline]] inline void articulated_pass1(const tree_model& model, tree_data& d, std::span<const double> q,
                                                     std::span<const double> qd) {
  const int n = model.size();
  const kinematics_base base = start_kinematics(model, d, q.data());
  for (int i = 0; i < n; ++i) {
    const rigid_body_world rigid = body_kinematics(model, d, base, i, q.data(), qd.data(), false);
    const std::size_t s = static_cast<std::size_t>(i);
    if (model.gathers_children(i)) set_rigid_inertia(rigid, d.articulated_inertia[s]);  // I^A_i = I_i (from registers)
    d.body_force[s] = rigid_bias_force(rigid, d.velocity[s], d.acceleration[s]) - d.external_force[s];
  }
}

// Pass 2: the articulated inertias and bias forces, leaves to root.
[[gnu::always_inline]] inline void articulated_pass2(const tree_model& model, tree_data& d,
                                                     std::span<const double> tau) {
  // I^A_i and p^A_i of the body at hand; between bodies, body i + 1's I^a and p^a when its
  // parent is i (carrying): added to in place, not copied (copying 27 numbers between two
  // stack records for every link of a chain cost ~10 % of forward dynamics: docs/performance.md)
  bool carrying = false;
  spatial_inertia ia{};
  spatial_force pa{};
  for (int i = model.size() - 1; i >= 0; --i) {
    const std::size_t s = static_cast<std::size_t>(i);
    const std::size_t v = static_cast<std::size_t>(model.v_index(i));
    const int count = model.dofs(i);
    const spatial_motion* sub = &d.subspace[v];
    spatial_force* u_columns = &d.u_column[v];
    double* u = &d.joint_force[v];
    vec3* d_inverse = &d.d_inverse_row[v];
    const spatial_inertia& own = model.gathers_children(i) ? d.articulated_inertia[s] : d.inertia[s];
    if (carrying) {  // I^A_i = I_i (+ other children's, gathered) + I^a_(i+1), the same for p^A_i
      ia += own;
      pa = pa + d.body_force[s];
    } else {
      ia = own;
      pa = d.body_force[s];
    }
    const int parent = model.parent(i);
    if (count == 1) {  // a hinge or slider: D and u are numbers
      const spatial_force u_column = ia * sub[0];
      u_columns[0] = u_column;
      u[0] = tau[v] - dot(pa, sub[0]);
      const double d_inv = 1.0 / dot(u_column, sub[0]);
      d_inverse[0] = vec3(d_inv, 0.0, 0.0);
      carrying = false;
      if (parent < 0) continue;
      ia.subtract_outer(d_inv, u_column, u_column);
      pa = pa + (d_inv * u[0]) * u_column;
    } else {
      vec3 u3(0.0);
      for (int k = 0; k < count; ++k) {
        u_columns[k] = ia * sub[k];
        u[k] = u3[k] = tau[v + static_cast<std::size_t>(k)] - dot(pa, sub[k]);
      }
      inverse_joint_inertia(sub, u_columns, count, d_inverse);
      carrying = false;
      if (parent < 0) continue;
      // I^a = I^A - U D^-1 U^T = I^A - sum_k (U D^-1)_k U_k^T
      for (int k = 0; k < 3; ++k) {
        vec3 e(0.0);
        e[k] = 1.0;
        ia.subtract_outer(1.0, combine(u_columns, 3, times_d_inverse(d_inverse, 3, e)), u_columns[k]);
      }
      pa = pa + combine(u_columns, count, times_d_inverse(d_inverse, count, u3));
    }
    carrying = parent == i - 1;
    if (!carrying) {
      d.articulated_inertia[static_cast<std::size_t>(parent)] += ia;
      d.body_force[static_cast<std::size_t>(parent)] = d.body_force[static_cast<std::size_t>(parent)] + pa;
    }
  }
}

// Pass 3: the joint and body accelerations, root to leaves, as a_i = A_i - A0_i (the part the
// joint accelerations make: a = 0 above the root, a_i = a_parent + S_i qdd_i), so that a
// chain's link waits for one dot product, not also for A' = A_parent + c_i and A' - A0_i.
[[gnu::always_inline]] inline void articulated_pass3(const tree_model& model, tree_data& d) {
  spatial_motion last{};  // a of body i - 1 (a child of it reads it here, not from the data)
  for (int i = 0; i < model.size(); ++i) {
    const std::size_t s = static_cast<std::size_t>(i);
    const std::size_t v = static_cast<std::size_t>(model.v_index(i));
    const int count = model.dofs(i);
    const int parent = model.parent(i);
    const spatial_motion a_parent = parent < 0            ? spatial_motion{}
                                    : parent == i - 1     ? last
                                                          : d.qdd_acceleration[static_cast<std::size_t>(parent)];
    spatial_motion a;
    if (count == 1) {  // a hinge or slider: qdd = D^-1 (u - U^T a_parent), numbers
      const double qdd = d.d_inverse_row[v].x * (d.joint_force[v] - dot(d.u_column[v], a_parent));
      d.qdd[v] = qdd;
      a = a_parent + qdd * d.subspace[v];
    } else {
      vec3 w(0.0);
      for (int k = 0; k < count; ++k) w[k] = d.joint_force[v + static_cast<std::size_t>(k)] - dot(d.u_column[v + static_cast<std::size_t>(k)], a_parent);
      const vec3 qdd = times_d_inverse(&d.d_inverse_row[v], count, w);
      a = a_parent;
      for (int k = 0; k < count; ++k) {
        d.qdd[v + static_cast<std::size_t>(k)] = qdd[k];
        a = a + qdd[k] * d.subspace[v + static_cast<std::size_t>(k)];
      }
    }
    if (model.gathers_children(i)) d.qdd_acceleration[s] = a;
    last = a;
    d.acceleration[s] = d.acceleration[s] + a;  // A_i = A0_i + a_i
  }
}

// The three passes, inlined into the two builds of them below.
[[gnu::always_inline]] inline void forward_dynamics_passes(const tree_model& model, tree_data& d,
                                                           std::span<const double> q, std::span<const double> qd,
                                                           std::span<const double> tau) {
  articulated_pass1(model, d, q, qd);
  articulated_pass2(model, d, tau);
  articulated_pass3(model, d);
}

#if FRAMELAB_X86_DISPATCH
// The same passes compiled for AVX2 and FMA (the compiler's own instructions: three-number
// products in fewer instructions, multiply-adds rounded once), chosen at run time as
// core/frames/hierarchy_sweep_simd.hpp chooses its sweep (core/cpu_features.hpp): the release
// build targets every x86-64 (the gain: docs/performance.md).
__attribute__((target("avx2,fma"))) static void forward_dynamics_avx2(const tree_model& model, tree_data& d,
                                                                     std::span<const double> q,
                                                                     std::span<const double> qd,
                                                                     std::span<const double> tau) {
  forward_dynamics_passes(model, d, q, qd, tau);
}
#endif

void forward_dynamics_portable(const tree_model& model, tree_data& d, std::span<const double> q,
                               std::span<const double> qd, std::span<const double> tau) {
  forward_dynamics_passes(model, d, q, qd, tau);
}

void forward_dynamics(const tree_model& model, tree_data& d, std::span<const double> q, std::span<const double> qd,
                      std::span<const double> tau) {
#if FRAMELAB_X86_DISPATCH
  if (cpu_has_avx2_fma()) return forward_dynamics_avx2(model, d, q, qd, tau);
#endif
  forward_dynamics_passes(model, d, q, qd, tau);
}

}  // namespace framelab::dynamics
