// The triangle of tree algorithms checked against each other on random trees with hinges,
// sliders and balls, a moving base, moving placements and external forces:
//   RNEA(q, qd, ABA(q, qd, tau)) = tau                           (1e-12 relative)
//   H from the composite-rigid-body algorithm = the columns RNEA(e_k) - RNEA(0)
//   ABA = H^-1 (tau - RNEA(q, qd, 0))                              (mass-matrix route)
// and the base's and placements' motion entering as the same thing (a moving base against
// the identical motion given to every root's placement).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "core/dynamics/composite_rigid_body.hpp"
#include "core/dynamics/newton_euler.hpp"
#include "bench/cases/joint_trees.hpp"

namespace framelab::dynamics {
namespace {

// Relative to the largest generalised force in play: the applied tau or the bias
// RNEA(q, qd, 0) (gravity, the base's motion and the velocity products on whole subtrees).
constexpr double round_off = 1e-12;

double max_abs(const std::vector<double>& v) {
  double m = 0.0;
  for (double x : v) m = std::max(m, std::abs(x));
  return m;
}

struct case_setup {
  tree_model model;
  tree_data data;
  joint_state state;
  std::vector<double> tau;
};

case_setup random_case(unsigned seed, int n, bool chain) {
  std::mt19937 rng(seed);
  tree_model model = sample::random_tree(rng, n, chain);
  tree_data data(model);
  sample::randomize_drive(rng, model, data);
  joint_state state = sample::random_state(rng, model);
  std::vector<double> tau = sample::random_vector(rng, model.v_size());
  return {std::move(model), std::move(data), std::move(state), std::move(tau)};
}

// Both builds of the articulated-body passes: forward_dynamics (the AVX2 one on a CPU that has
// it) and the plain one every x86-64 runs (forward_dynamics_portable).
TEST(TreeAlgorithms, InverseDynamicsUndoesForwardDynamics) {
  for (const bool plain : {false, true}) {
    for (unsigned seed = 1; seed <= 20; ++seed) {
      auto c = random_case(seed, 3 + static_cast<int>(seed), seed % 2 == 0);
      inverse_dynamics(c.model, c.data, c.state.q, c.state.qd, std::vector<double>(c.tau.size(), 0.0));
      const double scale = std::max({1.0, max_abs(c.tau), max_abs(c.data.tau)});
      if (plain)
        forward_dynamics_portable(c.model, c.data, c.state.q, c.state.qd, c.tau);
      else
        forward_dynamics(c.model, c.data, c.state.q, c.state.qd, c.tau);
      const std::vector<double> qdd = c.data.qdd;
      inverse_dynamics(c.model, c.data, c.state.q, c.state.qd, qdd);
      for (std::size_t k = 0; k < c.tau.size(); ++k)
        EXPECT_NEAR(c.data.tau[k], c.tau[k], round_off * scale)
            << (plain ? "plain" : "dispatched") << " build, seed " << seed << " dof " << k;
    }
  }
}

TEST(TreeAlgorithms, MassMatrixColumnsAreUnitAccelerationForces) {
  for (unsigned seed = 1; seed <= 10; ++seed) {
    auto c = random_case(100 + seed, 4 + static_cast<int>(seed), seed % 2 == 1);
    const dense_matrix h = mass_matrix(c.model, c.data, c.state.q);
    const int n = c.model.v_size();
    std::vector<double> qdd(static_cast<std::size_t>(n), 0.0);
    inverse_dynamics(c.model, c.data, c.state.q, c.state.qd, qdd);
    const std::vector<double> bias = c.data.tau;
    for (int k = 0; k < n; ++k) {
      std::fill(qdd.begin(), qdd.end(), 0.0);
      qdd[static_cast<std::size_t>(k)] = 1.0;
      inverse_dynamics(c.model, c.data, c.state.q, c.state.qd, qdd);
      for (int r = 0; r < n; ++r)
        EXPECT_NEAR(h(r, k), c.data.tau[static_cast<std::size_t>(r)] - bias[static_cast<std::size_t>(r)],
                    round_off * std::max(1.0, max_abs(bias)))
            << "seed " << seed << " H(" << r << ", " << k << ")";
    }
  }
}

TEST(TreeAlgorithms, ArticulatedBodyMatchesTheMassMatrixRoute) {
  for (unsigned seed = 1; seed <= 10; ++seed) {
    auto c = random_case(200 + seed, 5 + static_cast<int>(seed), seed % 2 == 0);
    const std::vector<double> by_matrix = forward_dynamics_by_mass_matrix(c.model, c.data, c.state.q, c.state.qd, c.tau);
    ASSERT_EQ(by_matrix.size(), c.tau.size());
    forward_dynamics(c.model, c.data, c.state.q, c.state.qd, c.tau);
    const double scale = std::max(1.0, max_abs(by_matrix));
    for (std::size_t k = 0; k < c.tau.size(); ++k)
      EXPECT_NEAR(c.data.qdd[k], by_matrix[k], 1e-10 * scale) << "seed " << seed << " dof " << k;
  }
}

// The base's motion G_base enters exactly as if every root's placement were G_base o P_i.
TEST(TreeAlgorithms, MovingBaseIsTheRootsPlacementMotion) {
  auto c = random_case(300, 8, false);
  tree_data composed = c.data;
  for (int i = 0; i < c.model.size(); ++i)
    if (c.model[i].parent < 0) composed.placement_motion[static_cast<std::size_t>(i)] = c.data.base * c.data.placement_motion[static_cast<std::size_t>(i)];
  composed.base = dynamic_transform3::identity();
  forward_dynamics(c.model, c.data, c.state.q, c.state.qd, c.tau);
  forward_dynamics(c.model, composed, c.state.q, c.state.qd, c.tau);
  for (std::size_t k = 0; k < c.tau.size(); ++k) EXPECT_NEAR(c.data.qdd[k], composed.qdd[k], 1e-11);
}

// The model refuses what the loader must refuse too.
TEST(TreeAlgorithms, ModelNamesWhatIsInvalid) {
  body b;
  b.mass = 1.0;
  b.principal_inertia = {1.0, 1.0, 3.0};
  EXPECT_NE(tree_model({b}).invalid_reason().value_or("").find("triangle"), std::string::npos);
  b.principal_inertia = {1.0, 1.0, 1.0};
  b.joint = hinge{vec3(0.0)};
  EXPECT_NE(tree_model({b}).invalid_reason().value_or("").find("unit"), std::string::npos);
  b.joint = hinge{};
  b.parent = 0;
  EXPECT_NE(tree_model({b}).invalid_reason().value_or("").find("parent"), std::string::npos);
  b.parent = -1;
  EXPECT_FALSE(tree_model({b}).invalid_reason().has_value());
}

}  // namespace
}  // namespace framelab::dynamics
