// tennis-racket: the T-handle's inertia against a brute-force sum over a fine
// grid of mass points, and the four copies' behaviour: gyro off never flips,
// midpoint flips with the elliptic-function ghost and keeps E and |L|,
// explicit-euler gains energy; a copy whose step is refused stops alone.
#include "scenes/tennis_racket.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

namespace framelab {
namespace {

constexpr double grid_inertia_tol = 2e-3;  // relative, midpoint-rule grid of 0.01 m cells
constexpr double ghost_omega_tol = 2e-2;   // rad/s, midpoint vs elliptic omega after 12 s at 120 Hz (|omega| = 6)
constexpr double racket_invariant_drift_tol = 1e-9;

param_values tennis_racket_defaults() {
  return param_values::defaults(tennis_racket().parameters());
}

// Inertia tensor about the centre of mass of the two boxes filled with point
// masses at the centres of `n` cells per metre (uniform density, 1 kg in all).
glm::dmat3 brute_force_inertia(const t_handle& t, int n) {
  struct point {
    glm::dvec3 p;
    double m;
  };
  std::vector<point> points;
  // The bar centred at the origin, the stem hanging below it (before shifting to the centre of mass).
  const auto fill = [&](const glm::dvec3& size, const glm::dvec3& centre) {
    const glm::ivec3 cells = glm::ivec3(glm::round(size * static_cast<double>(n)));
    const glm::dvec3 cell = size / glm::dvec3(cells);
    for (int i = 0; i < cells.x; ++i)
      for (int j = 0; j < cells.y; ++j)
        for (int k = 0; k < cells.z; ++k)
          points.push_back({centre - 0.5 * size + (glm::dvec3(i, j, k) + 0.5) * cell, cell.x * cell.y * cell.z});
  };
  fill(t.bar_size, glm::dvec3(0.0));
  fill(t.stem_size, glm::dvec3(0.0, -0.5 * (t.bar_size.y + t.stem_size.y), 0.0));
  double mass = 0.0;
  glm::dvec3 com(0.0);
  for (const auto& q : points) {
    mass += q.m;
    com += q.m * q.p;
  }
  com /= mass;
  glm::dmat3 inertia(0.0);
  for (const auto& q : points) {
    const glm::dvec3 r = q.p - com;
    const double m = q.m / mass;
    // I = sum m (|r|^2 1 - r r^T)
    for (int a = 0; a < 3; ++a)
      for (int b = 0; b < 3; ++b) inertia[a][b] += m * ((a == b ? glm::dot(r, r) : 0.0) - r[a] * r[b]);
  }
  return inertia;
}

TEST(tennis_racket, t_handle_inertia_matches_a_brute_force_sum) {
  const t_handle t = t_handle::make();
  const glm::dmat3 brute = brute_force_inertia(t, 100);
  for (int a = 0; a < 3; ++a) {
    EXPECT_NEAR(brute[a][a] / t.inertia[a], 1.0, grid_inertia_tol) << "axis " << a;
    for (int b = 0; b < 3; ++b) {
      if (a != b) {
        EXPECT_NEAR(brute[a][b], 0.0, 1e-9) << a << b;  // principal axes
      }
    }
  }
  // The stem's axis is the intermediate one: spinning about it is unstable.
  EXPECT_EQ(t.intermediate_axis, 1);
  EXPECT_LT(t.inertia.x, t.inertia.y);
  EXPECT_LT(t.inertia.y, t.inertia.z);
}

int sign_changes(const std::vector<double>& v) {
  int n = 0;
  for (std::size_t i = 1; i < v.size(); ++i) n += (v[i] < 0.0) != (v[i - 1] < 0.0);
  return n;
}

TEST(tennis_racket, each_copy_behaves_as_its_integrator_predicts) {
  tennis_racket scene;
  scene.reset(tennis_racket_defaults());
  ASSERT_EQ(scene.body_count(), 4u);
  EXPECT_FALSE(scene.body(0).settings.gyroscopic);
  EXPECT_EQ(scene.body(1).settings.integrator, integrator_kind::explicit_euler);
  EXPECT_EQ(scene.body(2).settings.integrator, integrator_kind::magnus);
  EXPECT_EQ(scene.body(3).settings.integrator, integrator_kind::midpoint);
  std::vector<std::vector<double>> spin_axis(5);  // the four copies, then the exact solution
  const double dt = 1.0 / 120.0;
  for (int i = 1; i <= 1440; ++i) {  // 12 s: two flips of the exact solution
    scene.step(dt);
    for (std::size_t c = 0; c < 4; ++c) spin_axis[c].push_back(scene.body(c).body.principal_angular_velocity().y);
    spin_axis[4].push_back(scene.reference().omega_body(i * dt).y);
  }
  const int exact_flips = sign_changes(spin_axis[4]);
  std::printf("  flips in 12 s: gyro off %d, euler %d, magnus %d, midpoint %d (exact %d, interval %.3f s)\n",
              sign_changes(spin_axis[0]), sign_changes(spin_axis[1]), sign_changes(spin_axis[2]),
              sign_changes(spin_axis[3]), exact_flips, scene.reference().flip_interval());
  EXPECT_EQ(sign_changes(spin_axis[0]), 0);  // never flips
  EXPECT_EQ(sign_changes(spin_axis[3]), exact_flips);
  EXPECT_GE(exact_flips, 2);
  // midpoint stays on the ghost and keeps the invariants.
  const double t = scene.time();
  EXPECT_LT(glm::length(scene.body(3).body.principal_angular_velocity() - scene.reference().omega_body(t)),
            ghost_omega_tol);
  EXPECT_LT(std::abs(scene.body(3).energy_drift()), racket_invariant_drift_tol);
  EXPECT_LT(std::abs(scene.body(3).momentum_drift()), racket_invariant_drift_tol);
  // explicit Euler gains energy; gyro off keeps energy but not L's direction; magnus loses |L|.
  std::printf("  12 s drifts: euler dE/E %.2e, magnus dE/E %.2e d|L|/|L| %.2e, gyro off L direction %.2e rad\n",
              scene.body(1).energy_drift(), scene.body(2).energy_drift(), scene.body(2).momentum_drift(),
              scene.body(0).momentum_direction_drift());
  EXPECT_GT(scene.body(1).energy_drift(), 1e-2);
  EXPECT_LT(std::abs(scene.body(0).energy_drift()), 1e-12);
  // (L sweeps a cone about the fixed omega: twice the angle between them, ~5e-3 rad for this small wobble)
  EXPECT_GT(scene.body(0).momentum_direction_drift(), 1e-3);
  EXPECT_GT(std::abs(scene.body(2).momentum_drift()), 1e-3);
}

TEST(tennis_racket, a_refused_copy_stops_alone_and_says_so) {
  tennis_racket scene;
  param_values values = tennis_racket_defaults();
  values.set("spin", 100.0);
  scene.reset(values);
  scene.body(1).settings.max_substeps = 1;
  for (int i = 0; i < 10; ++i) scene.step(0.05);  // 5 rad per step: needs 3 substeps
  EXPECT_TRUE(scene.body(1).failure());
  EXPECT_FALSE(scene.failure());  // the scene goes on
  EXPECT_NEAR(scene.body(3).time(), 0.5, 1e-12);
  EXPECT_NE(scene.view().labels[1].text.find("STOPPED"), std::string::npos);
  const std::vector<double> out = read_channels(scene);
  for (double v : out) EXPECT_TRUE(std::isfinite(v));
}

TEST(tennis_racket, channels_are_named_per_copy) {
  const auto channels = tennis_racket().channels();
  int found = 0;
  for (const auto& c : channels) {
    found += c.name == "energy_drift_midpoint" || c.name == "L_drift_explicit_euler" || c.name == "wby_gyro_off" ||
             c.name == "energy_magnus" || c.name == "wby_ref";
  }
  EXPECT_EQ(found, 5);
}

}  // namespace
}  // namespace framelab
