// free-body through the scene API, against the closed-form torque-free motion
// (Jacobi elliptic functions, core/rotation/free_rotation_reference.hpp) and against
// properties that hold whatever the implementation: the invariants, omega
// constant without the gyroscopic term, energy growth of explicit Euler.
#include "scenes/free_body.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "scenes/simulation.hpp"

namespace framelab {
namespace {

constexpr double invariant_drift_tol = 1e-9;  // the issue's target for midpoint
constexpr double flip_period_tol = 5e-4;      // 0.05 %
constexpr double ghost_angle_tol = 2e-3;      // rad, midpoint vs closed form after 10 s at 120 Hz
constexpr double gyro_off_tol = 1e-12;        // omega is constant to round-off without omega x L

param_values free_body_defaults() {
  return param_values::defaults(free_body().parameters());
}

param_values free_body_with(std::initializer_list<std::pair<const char*, param_value>> changes) {
  param_values v = free_body_defaults();
  for (const auto& [name, value] : changes) v.set(name, value);
  return v;
}

// The rotation angle between two orientations: 2 acos |q1 . q2|.
double angle_between(const glm::dquat& a, const glm::dquat& b) {
  return 2.0 * std::acos(std::min(1.0, std::abs(glm::dot(glm::normalize(a), glm::normalize(b)))));
}

TEST(free_body, check_names_the_inertia_problem) {
  free_body scene;
  EXPECT_FALSE(scene.check(free_body_defaults()));
  const auto zero = scene.check(free_body_with({{"inertia", std::vector<double>{0.0, 1.0, 1.0}}}));
  ASSERT_TRUE(zero);
  EXPECT_NE(zero->find("inertia"), std::string::npos) << *zero;
  EXPECT_NE(zero->find("> 0"), std::string::npos) << *zero;
  const auto triangle = scene.check(free_body_with({{"inertia", std::vector<double>{1.0, 1.0, 3.0}}}));
  ASSERT_TRUE(triangle);
  EXPECT_EQ(triangle->rfind("inertia", 0), 0u) << *triangle;
  EXPECT_NE(triangle->find("triangle inequality"), std::string::npos) << *triangle;
  // A flat plate (I1 + I2 = I3) is a rigid body.
  EXPECT_FALSE(scene.check(free_body_with({{"inertia", std::vector<double>{1.0, 2.0, 3.0}}})));
}

TEST(free_body, box_edges_reproduce_the_principal_moments) {
  // For a uniform box, I1 = m/12 (a2^2 + a3^2): recompute the moments from the edges.
  for (const glm::dvec3 inertia : {glm::dvec3(1.0, 2.0, 2.5), glm::dvec3(3.0, 2.0, 2.0), glm::dvec3(1.0, 1.0, 1.0)}) {
    const glm::dvec3 a = box_edges_for_inertia(inertia, 2.0);
    const glm::dvec3 moments(a.y * a.y + a.z * a.z, a.x * a.x + a.z * a.z, a.x * a.x + a.y * a.y);
    const double k = inertia.x / moments.x;
    EXPECT_NEAR(moments.y * k, inertia.y, 1e-12);
    EXPECT_NEAR(moments.z * k, inertia.z, 1e-12);
    EXPECT_NEAR(std::max({a.x, a.y, a.z}), 2.0, 1e-12);
  }
}

TEST(free_body, midpoint_keeps_energy_and_momentum_and_flips_at_the_elliptic_period) {
  free_body scene;
  scene.reset(free_body_defaults());  // inertia (1, 2, 3), omega (0.01, 5, 0.01), midpoint, gyro on
  const double dt = 1.0 / 60.0;
  const int steps = 6000;  // 100 s
  std::vector<double> crossings;
  double prev = scene.body(0).body.principal_angular_velocity().y;
  for (int i = 0; i < steps; ++i) {
    scene.step(dt);
    const double cur = scene.body(0).body.principal_angular_velocity().y;
    if ((cur < 0.0) != (prev < 0.0)) crossings.push_back((i + prev / (prev - cur)) * dt);
    prev = cur;
  }
  const spinning_body& b = scene.body(0);
  EXPECT_LE(std::abs(b.energy_drift()), invariant_drift_tol);
  EXPECT_LE(std::abs(b.momentum_drift()), invariant_drift_tol);
  EXPECT_LE(b.momentum_direction_drift(), 1e-6);
  ASSERT_GE(crossings.size(), 10u);
  const double interval = (crossings.back() - crossings.front()) / static_cast<double>(crossings.size() - 1);
  const double exact = scene.reference().flip_interval();
  std::printf("  free-body midpoint 100 s: dE/E %.2e, d|L|/|L| %.2e, %zu flips, interval %.6f s vs %.6f s (%.2e)\n",
              b.energy_drift(), b.momentum_drift(), crossings.size(), interval, exact, interval / exact - 1.0);
  EXPECT_NEAR(interval / exact, 1.0, flip_period_tol);
}

TEST(free_body, ghost_follows_the_midpoint_body) {
  free_body scene;
  scene.reset(free_body_with({{"omega", std::vector<double>{0.3, 2.0, 0.5}}}));
  for (int i = 0; i < 1200; ++i) scene.step(1.0 / 120.0);  // 10 s
  const auto& nodes = scene.view().nodes;
  const double angle =
      angle_between(nodes[free_body::body_node].world.rotation, nodes[free_body::ghost_node].world.rotation);
  EXPECT_LT(angle, ghost_angle_tol);
  // And the ghost is the closed form itself, not a copy of the body.
  EXPECT_GT(angle, 0.0);
  EXPECT_LT(angle_between(nodes[free_body::ghost_node].world.rotation, scene.reference().principal_to_world(10.0)),
            1e-9);
}

TEST(free_body, without_the_gyroscopic_term_omega_never_changes) {
  free_body scene;
  scene.reset(free_body_with({{"gyro", false}, {"omega", std::vector<double>{0.4, 2.0, 0.7}}}));
  const glm::dvec3 omega0 = scene.body(0).body.angular_velocity;
  const glm::dvec3 l0 = scene.body(0).body.angular_momentum();
  for (int i = 0; i < 600; ++i) scene.step(1.0 / 60.0);
  EXPECT_LE(glm::length(scene.body(0).body.angular_velocity - omega0), gyro_off_tol * glm::length(omega0));
  // ... so L = I(R) omega turns with the body: not conserved.
  EXPECT_GT(glm::length(scene.body(0).body.angular_momentum() - l0), 0.05 * glm::length(l0));
}

TEST(free_body, explicit_euler_with_the_gyroscopic_term_gains_energy_every_step) {
  free_body scene;
  scene.reset(free_body_with({{"integrator", std::string("explicit-euler")}}));
  double previous = scene.body(0).energy();
  for (int i = 0; i < 1200; ++i) {
    scene.step(1.0 / 60.0);
    const double e = scene.body(0).energy();
    EXPECT_GE(e, previous * (1.0 - 1e-14));  // E' = E + 1/2 dt^2 alpha.I alpha
    previous = e;
  }
  EXPECT_GT(scene.body(0).energy_drift(), 1e-2);
}

TEST(free_body, settings_change_live_without_reset) {
  free_body scene;
  scene.reset(free_body_defaults());
  for (int i = 0; i < 60; ++i) scene.step(1.0 / 60.0);
  const rigid_body_d before = scene.body(0).body;
  scene.body(0).settings.integrator = integrator_kind::rk4;
  scene.step(1.0 / 60.0);
  // One step on from where it was (not from t = 0), now with rk4.
  EXPECT_LT(glm::length(scene.body(0).body.angular_velocity - before.angular_velocity), 0.5);
  EXPECT_NEAR(scene.body(0).time(), 61.0 / 60.0, 1e-12);
  EXPECT_EQ(scene.body(0).last_report().newton_iterations, 0);  // rk4 does no Newton solve
  EXPECT_DOUBLE_EQ(scene.last_dt(), 1.0 / 60.0);
}

TEST(free_body, a_refused_step_pauses_the_simulation_with_the_reason) {
  simulation sim;
  const scene_entry* entry = find_scene("free-body");
  ASSERT_NE(entry, nullptr);
  param_values values = free_body_defaults();
  values.set("omega", std::vector<double>{0.0, 300.0, 1.0});  // 5 rad per step at 60 Hz
  ASSERT_FALSE(sim.load(*entry, values));
  clock_settings clock;
  clock.dt = 1.0 / 60.0;
  ASSERT_FALSE(sim.set_clock(clock));
  sim.single_step();
  EXPECT_FALSE(sim.fault());  // split into substeps: fine
  auto& scene = dynamic_cast<free_body&>(sim.current_mutable());
  EXPECT_EQ(scene.body(0).last_report().substeps, 3);
  scene.body(0).settings.max_substeps = 1;  // now the same step must be refused
  const glm::dquat q = scene.body(0).body.orientation;
  sim.single_step();
  ASSERT_TRUE(sim.fault());
  EXPECT_NE(sim.fault()->find("step refused"), std::string::npos) << *sim.fault();
  EXPECT_NE(sim.fault()->find("reduce dt"), std::string::npos) << *sim.fault();
  EXPECT_TRUE(sim.paused());
  EXPECT_EQ(scene.body(0).body.orientation, q);  // nothing applied
  for (double v : sim.channel_values()) EXPECT_TRUE(std::isfinite(v));
  sim.single_step();  // stays stopped, no crash
  sim.reset();
  EXPECT_FALSE(sim.fault());
}

TEST(free_body, channels_start_with_the_issue_names_in_order) {
  const auto channels = free_body().channels();
  const char* expected[] = {"qw", "qx", "qy", "qz", "wx", "wy", "wz", "Lx", "Ly", "Lz", "energy"};
  ASSERT_GE(channels.size(), std::size(expected));
  for (std::size_t i = 0; i < std::size(expected); ++i) EXPECT_EQ(channels[i].name, expected[i]);
  free_body scene;
  scene.reset(free_body_defaults());
  const std::vector<double> out = read_channels(scene);
  EXPECT_DOUBLE_EQ(out[0], 1.0);                            // identity at t = 0
  EXPECT_DOUBLE_EQ(out[5], 5.0);                            // wy
  EXPECT_DOUBLE_EQ(out[8], 10.0);                           // Ly = I2 wy
  EXPECT_NEAR(out[10], 0.5 * (1e-4 + 50.0 + 3e-4), 1e-12);  // 1/2 sum I_i w_i^2
}

}  // namespace
}  // namespace framelab

namespace framelab {
namespace {

// Every channel of every spinning-body scene reads a finite value after a step.
TEST(spinning_scenes, read_a_finite_value_per_channel) {
  for (const char* name : {"free-body", "precession", "tennis-racket", "gyroscope"}) {
    const scene_entry* entry = find_scene(name);
    ASSERT_NE(entry, nullptr) << name;
    auto s = entry->create();
    s->reset(param_values::defaults(s->parameters()));
    s->step(1.0 / 60.0);
    const auto channels = s->channels();
    for (const auto& c : channels) {
      ASSERT_TRUE(c.read) << name << " channel " << c.name;
      EXPECT_TRUE(std::isfinite(c.read())) << name << " channel " << c.name;
    }
  }
}

}  // namespace
}  // namespace framelab
