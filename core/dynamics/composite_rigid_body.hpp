#pragma once
// The joint-space mass matrix H (kinetic energy 1/2 qd^T H qd) by the composite-rigid-body
// algorithm (Featherstone, Rigid Body Dynamics Algorithms, 2008, section 6.2, table 6.2), in
// world coordinates (X = identity):
//
//   I^c_i = I_i;  leaves to root:  I^c_parent += I^c_i
//   H_ii = S_i^T I^c_i S_i;  F = I^c_i S_i;  for every ancestor j of i:  H_ij = H_ji^T = F^T S_j
//
// With the bias b = RNEA(q, qd, 0) (core/dynamics/newton_euler.hpp) the equations of motion are
// H qdd + b = tau, solved here by Cholesky (H = L L^T): the O(n^3) route the articulated-body
// algorithm (core/dynamics/articulated_body.hpp) replaces.
#include <cmath>
#include <span>
#include <vector>

#include "core/dynamics/newton_euler.hpp"

namespace framelab::dynamics {

// A dense n x n matrix, row-major.
struct dense_matrix {
  int n = 0;
  std::vector<double> values;
  explicit dense_matrix(int size = 0) : n(size), values(static_cast<std::size_t>(size) * static_cast<std::size_t>(size), 0.0) {}
  double& operator()(int r, int c) { return values[static_cast<std::size_t>(r) * static_cast<std::size_t>(n) + static_cast<std::size_t>(c)]; }
  double operator()(int r, int c) const { return values[static_cast<std::size_t>(r) * static_cast<std::size_t>(n) + static_cast<std::size_t>(c)]; }
};

// H(q) (the velocities and the base motion do not enter H).
inline dense_matrix mass_matrix(const tree_model& model, tree_data& d, std::span<const double> q) {
  const std::vector<double> no_velocity(static_cast<std::size_t>(model.v_size()), 0.0);
  tree_kinematics(model, d, q.data(), no_velocity.data());
  dense_matrix h(model.v_size());
  for (std::size_t i = 0; i < static_cast<std::size_t>(model.size()); ++i) d.articulated_inertia[i] = d.inertia[i];
  for (int i = model.size() - 1; i >= 0; --i) {
    const std::size_t s = static_cast<std::size_t>(i);
    for (int l = 0; l < velocity_size(model[i].joint); ++l) {
      const int row = model.v_index(i) + l;
      const spatial_force f = d.articulated_inertia[s] * d.subspace[static_cast<std::size_t>(row)];
      for (int j = i; j >= 0; j = model[j].parent) {
        for (int k = 0; k < velocity_size(model[j].joint); ++k) {
          const int col = model.v_index(j) + k;
          h(row, col) = h(col, row) = dot(f, d.subspace[static_cast<std::size_t>(col)]);
        }
      }
    }
    const int parent = model[i].parent;
    if (parent >= 0) d.articulated_inertia[static_cast<std::size_t>(parent)] += d.articulated_inertia[s];
  }
  return h;
}

// H = L L^T in place (the lower triangle holds L). False if H is not positive definite.
inline bool cholesky_factor(dense_matrix& h) {
  for (int j = 0; j < h.n; ++j) {
    double diagonal = h(j, j);
    for (int k = 0; k < j; ++k) diagonal -= h(j, k) * h(j, k);
    if (!(diagonal > 0.0)) return false;
    h(j, j) = std::sqrt(diagonal);
    for (int i = j + 1; i < h.n; ++i) {
      double sum = h(i, j);
      for (int k = 0; k < j; ++k) sum -= h(i, k) * h(j, k);
      h(i, j) = sum / h(j, j);
    }
  }
  return true;
}

// x with L L^T x = b (L from cholesky_factor).
inline std::vector<double> cholesky_solve(const dense_matrix& l, std::vector<double> b) {
  for (int i = 0; i < l.n; ++i) {  // L y = b
    for (int k = 0; k < i; ++k) b[static_cast<std::size_t>(i)] -= l(i, k) * b[static_cast<std::size_t>(k)];
    b[static_cast<std::size_t>(i)] /= l(i, i);
  }
  for (int i = l.n - 1; i >= 0; --i) {  // L^T x = y
    for (int k = i + 1; k < l.n; ++k) b[static_cast<std::size_t>(i)] -= l(k, i) * b[static_cast<std::size_t>(k)];
    b[static_cast<std::size_t>(i)] /= l(i, i);
  }
  return b;
}

// qdd = H^-1 (tau - b) by the mass-matrix route; empty if H is singular.
inline std::vector<double> forward_dynamics_by_mass_matrix(const tree_model& model, tree_data& d,
                                                           std::span<const double> q, std::span<const double> qd,
                                                           std::span<const double> tau) {
  const std::vector<double> zero(static_cast<std::size_t>(model.v_size()), 0.0);
  inverse_dynamics(model, d, q, qd, zero);
  std::vector<double> rhs(tau.begin(), tau.end());
  for (std::size_t k = 0; k < rhs.size(); ++k) rhs[k] -= d.tau[k];
  dense_matrix h = mass_matrix(model, d, q);
  if (!cholesky_factor(h)) return {};
  return cholesky_solve(h, std::move(rhs));
}

}  // namespace framelab::dynamics
