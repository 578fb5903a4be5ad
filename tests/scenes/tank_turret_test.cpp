// tank-turret: the composed world poses obey the geometry of the programmed motion,
// checked with quantities that do not depend on how the poses are composed: the
// hull stays on its circle at its speed and faces along its path, the barrel keeps
// its length, and the muzzle's height follows the barrel's pitch.
#include "scenes/tank_turret.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "bench/cases/tank_cases.hpp"
#include "core/rotation/quaternion_exp.hpp"
#include "scenes/registry.hpp"

namespace framelab {
namespace {

constexpr double geometry_tol = 1e-9;
constexpr double difference_tol = 1e-5;  // central differences with h = 1e-4 s

param_values tank_turret_defaults() {
  return param_values::defaults(tank_turret().parameters());
}

glm::dvec3 node_position(tank_turret& scene, int node) {
  return scene.view().nodes[static_cast<std::size_t>(node)].world.translation;
}

TEST(tank_turret, hull_runs_on_its_circle_at_its_speed_facing_forward) {
  tank_turret scene;
  param_values values = tank_turret_defaults();
  values.set("drive_radius", 6.0);
  values.set("drive_speed", 2.5);
  scene.reset(values);
  const double h = 1e-4;
  for (int i = 0; i < 50; ++i) {
    scene.step(0.1);
    const glm::dvec3 p = node_position(scene, tank_turret::hull);
    EXPECT_NEAR(std::hypot(p.x, p.z), 6.0, geometry_tol);
    // Central difference of the hull position: speed and direction.
    tank_turret probe;
    probe.reset(values);
    probe.step(scene.time() - h);
    const glm::dvec3 before = node_position(probe, tank_turret::hull);
    probe.step(2.0 * h);
    const glm::dvec3 velocity = (node_position(probe, tank_turret::hull) - before) / (2.0 * h);
    EXPECT_NEAR(glm::length(velocity), 2.5, difference_tol);
    const glm::dvec3 forward = scene.view().nodes[tank_turret::hull].world.rotate(glm::dvec3(1.0, 0.0, 0.0));
    EXPECT_NEAR(glm::dot(forward, velocity / glm::length(velocity)), 1.0, difference_tol);
  }
}

TEST(tank_turret, barrel_keeps_its_length_and_the_muzzle_rises_with_the_pitch) {
  tank_turret scene;
  param_values values = tank_turret_defaults();
  values.set("barrel_amplitude", 30.0);
  values.set("barrel_period", 2.0);
  scene.reset(values);
  const double barrel_length =
      glm::distance(node_position(scene, tank_turret::muzzle), node_position(scene, tank_turret::barrel_pivot));
  const double rest_height =
      node_position(scene, tank_turret::muzzle).y - node_position(scene, tank_turret::barrel_pivot).y;
  EXPECT_NEAR(rest_height, 0.0, geometry_tol);
  for (int i = 0; i < 40; ++i) {
    scene.step(0.05);
    const glm::dvec3 pivot = node_position(scene, tank_turret::barrel_pivot);
    const glm::dvec3 tip = node_position(scene, tank_turret::muzzle);
    EXPECT_NEAR(glm::distance(tip, pivot), barrel_length, geometry_tol);
    // The hull and turret only yaw, so the muzzle is L sin(beta) above the pivot.
    const double beta = 30.0 * std::numbers::pi / 180.0 * std::sin(2.0 * std::numbers::pi * scene.time() / 2.0);
    EXPECT_NEAR(tip.y - pivot.y, barrel_length * std::sin(beta), geometry_tol);
  }
}

TEST(tank_turret, channels_report_the_muzzle_world_position) {
  tank_turret scene;
  scene.reset(tank_turret_defaults());
  scene.step(0.3);
  const std::vector<double> channels = read_channels(scene);
  const glm::dvec3 muzzle = node_position(scene, tank_turret::muzzle);
  EXPECT_EQ(channels[5], muzzle.x);
  EXPECT_EQ(channels[6], muzzle.y);
  EXPECT_EQ(channels[7], muzzle.z);
}

// [SECTION] composed dynamics against finite differences of the composed poses

constexpr double fd_velocity_tol = 1e-7;       // m/s, fourth-order differences, h = 1e-3 s
constexpr double fd_acceleration_tol = 1e-5;   // m/s^2
constexpr double fd_angular_tol = 1e-6;        // rad/s (second-order differences, h = 1e-4 s)
constexpr double fd_angular_accel_tol = 1e-3;  // rad/s^2 (a difference of differences, h = 1e-4 s)

param_values busy_values() {
  param_values values = tank_turret_defaults();
  values.set("drive_radius", 6.0);
  values.set("drive_speed", 4.0);
  values.set("turret_rate", 70.0);
  values.set("barrel_amplitude", 25.0);
  values.set("barrel_period", 1.7);
  return values;
}

// The tank's world poses at time t (the programme is analytic in t, so one step gets there).
std::vector<transform<double, 3>> world_poses_at(const param_values& values, double t) {
  tank_turret probe;
  probe.reset(values);
  probe.step(t);
  std::vector<transform<double, 3>> poses;
  for (int i = 0; i < tank_turret::node_count; ++i)
    poses.push_back(probe.view().nodes[static_cast<std::size_t>(i)].world);
  return poses;
}

TEST(tank_turret, every_node_composed_dynamics_match_finite_differences_of_world_poses) {
  const param_values values = busy_values();
  for (const double t : {0.37, 1.9, 4.25}) {
    tank_turret scene;
    scene.reset(values);
    scene.step(t);
    const double h = 1e-3;
    const auto m2 = world_poses_at(values, t - 2 * h), m1 = world_poses_at(values, t - h);
    const auto p0 = world_poses_at(values, t);
    const auto p1 = world_poses_at(values, t + h), p2 = world_poses_at(values, t + 2 * h);
    const double k = 1e-4;
    const auto qm = world_poses_at(values, t - k), qp = world_poses_at(values, t + k);
    const auto qmm = world_poses_at(values, t - 2 * k), qpp = world_poses_at(values, t + 2 * k);
    for (int i = 0; i < tank_turret::node_count; ++i) {
      const auto n = static_cast<std::size_t>(i);
      const auto x = [&](const std::vector<transform<double, 3>>& poses) { return poses[n].translation; };
      // v = (-x(t+2h) + 8 x(t+h) - 8 x(t-h) + x(t-2h)) / 12h
      const glm::dvec3 v = (-x(p2) + 8.0 * x(p1) - 8.0 * x(m1) + x(m2)) / (12.0 * h);
      // a = (-x(t+2h) + 16 x(t+h) - 30 x(t) + 16 x(t-h) - x(t-2h)) / 12h^2
      const glm::dvec3 a = (-x(p2) + 16.0 * x(p1) - 30.0 * x(p0) + 16.0 * x(m1) - x(m2)) / (12.0 * h * h);
      // dR/dt = w R: w ~ log(R(t+k) R(t-k)^T) / 2k; alpha ~ (w(t+k) - w(t-k)) / 2k
      const auto omega_between = [&](const std::vector<transform<double, 3>>& later,
                                     const std::vector<transform<double, 3>>& earlier, double span) {
        return rotation_vector(later[n].rotation * glm::inverse(earlier[n].rotation)) / span;
      };
      const glm::dvec3 w = omega_between(qp, qm, 2.0 * k);
      const glm::dvec3 alpha = (omega_between(qpp, p0, 2.0 * k) - omega_between(p0, qmm, 2.0 * k)) / (2.0 * k);
      const dynamic_transform<double, 3> world = scene.world_dynamics(i);
      const auto& name = scene.view().nodes[n].name;
      EXPECT_NEAR(glm::distance(world.velocity, v), 0.0, fd_velocity_tol) << name << " t = " << t;
      EXPECT_NEAR(glm::distance(world.accel, a), 0.0, fd_acceleration_tol) << name << " t = " << t;
      EXPECT_NEAR(glm::distance(world.angular_velocity, w), 0.0, fd_angular_tol) << name << " t = " << t;
      EXPECT_NEAR(glm::distance(world.angular_accel, alpha), 0.0, fd_angular_accel_tol) << name << " t = " << t;
      // The view carries the same dynamics for the inspector.
      ASSERT_TRUE(scene.view().nodes[n].world_dynamics.has_value());
      EXPECT_EQ(scene.view().nodes[n].world_dynamics->velocity, world.velocity);
    }
  }
}

// The scene stands on its file (assets/builtin/tank-turret.json): its frames' world
// dynamics, from the expressions by hyper-duals, match the tank as it was written by hand
// (derivatives on paper, bench/cases/tank_cases.hpp) within 1e-9 relative over 60 s.
TEST(tank_turret, the_file_moves_every_part_as_the_hand_written_tank_did_for_60_s) {
  for (const bool busy : {false, true}) {
    const param_values values = busy ? busy_values() : tank_turret_defaults();
    bench::hand_written_tank::settings s;
    s.drive_radius = values.number("drive_radius");
    s.drive_speed = values.number("drive_speed");
    s.turret_rate_deg = values.number("turret_rate");
    s.barrel_amplitude_deg = values.number("barrel_amplitude");
    s.barrel_period = values.number("barrel_period");
    bench::hand_written_tank reference(s);
    tank_turret scene;
    scene.reset(values);
    const double dt = 1.0 / 120.0;
    double t = 0.0, worst = 0.0;
    const auto relative = [](const glm::dvec3& a, const glm::dvec3& b) {
      return glm::distance(a, b) / std::max({glm::length(a), glm::length(b), 1.0});
    };
    for (int k = 0; k < 7200; ++k) {
      scene.step(dt);
      reference.pose_at(t += dt);
      for (int i = 0; i < tank_turret::node_count; ++i) {
        const auto& ours = scene.world_dynamics(i);
        const auto& theirs = reference.world(i);
        worst = std::max({worst, relative(ours.pose.translation, theirs.pose.translation),
                          relative(ours.velocity, theirs.velocity), relative(ours.accel, theirs.accel),
                          relative(ours.angular_velocity, theirs.angular_velocity),
                          relative(ours.angular_accel, theirs.angular_accel)});
      }
    }
    EXPECT_LT(worst, 1e-9) << (busy ? "busy" : "default") << " parameters";
    EXPECT_NEAR(scene.time(), t, 1e-9);
  }
}

TEST(tank_turret, muzzle_speed_channel_is_the_composed_world_speed) {
  tank_turret scene;
  scene.reset(busy_values());
  scene.step(1.3);
  const std::vector<double> channels = read_channels(scene);
  EXPECT_EQ(channels[8], glm::length(scene.world_dynamics(tank_turret::muzzle).velocity));
  EXPECT_GT(channels[8], 1.0);
}

// [SECTION] shells

constexpr double parabola_tol = 1e-9;  // m

TEST(tank_turret, shell_leaves_with_muzzle_velocity_plus_muzzle_speed_and_flies_the_closed_form_parabola) {
  param_values values = busy_values();
  values.set("muzzle_speed", 20.0);
  values.set("gravity", 9.81);
  tank_turret scene;
  scene.reset(values);
  scene.step(0.8);
  scene.trigger("fire");
  ASSERT_EQ(scene.shells().size(), 1u);
  const double t0 = scene.time();
  // Launch velocity: a finite difference of the muzzle's world position plus the
  // muzzle speed along the barrel's world axis (the barrel cylinder's local +y).
  const double h = 1e-3;
  const auto x = [&](double t) { return world_poses_at(values, t)[tank_turret::muzzle].translation; };
  const glm::dvec3 muzzle_v = (-x(t0 + 2 * h) + 8.0 * x(t0 + h) - 8.0 * x(t0 - h) + x(t0 - 2 * h)) / (12.0 * h);
  const glm::dvec3 axis = scene.view().nodes[tank_turret::barrel].world.rotate(glm::dvec3(0.0, 1.0, 0.0));
  const glm::dvec3 v0 = muzzle_v + 20.0 * axis;
  const glm::dvec3 p0 = scene.view().nodes[tank_turret::muzzle].world.translation;
  EXPECT_NEAR(glm::distance(scene.shells()[0].launch_velocity, v0), 0.0, fd_velocity_tol);
  EXPECT_EQ(scene.shells()[0].launch_position, p0);
  // p(t) = p0 + v0 (t - t0) - g (t - t0)^2 / 2 y, while in the air; several step sizes.
  const glm::dvec3 v_exact = scene.shells()[0].launch_velocity;
  int airborne_steps = 0;
  for (const double dt : {0.01, 0.013, 0.004}) {
    for (int i = 0; i < 40 && !scene.shells()[0].landed; ++i) {
      scene.step(dt);
      if (scene.shells()[0].landed) break;
      const double tau = scene.time() - t0;
      const glm::dvec3 expected = p0 + v_exact * tau - 0.5 * 9.81 * tau * tau * glm::dvec3(0.0, 1.0, 0.0);
      EXPECT_NEAR(glm::distance(scene.shells()[0].position, expected), 0.0, parabola_tol) << "tau = " << tau;
      ++airborne_steps;
    }
  }
  EXPECT_GT(airborne_steps, 20);
  // The shell is drawn as a sphere with a trail.
  EXPECT_EQ(scene.view().nodes.size(), static_cast<std::size_t>(tank_turret::node_count) + 1);
  EXPECT_EQ(scene.view().nodes.back().shape, shape_kind::sphere);
  EXPECT_GT(scene.view().trails.back().points.size(), 20u);
}

TEST(tank_turret, several_shells_fly_and_the_oldest_goes_past_the_limit) {
  param_values values = tank_turret_defaults();
  values.set("auto_fire_period", 0.25);
  tank_turret scene;
  scene.reset(values);
  for (int i = 0; i < 120; ++i) scene.step(1.0 / 60.0);
  EXPECT_GE(scene.shells().size(), 3u);
  for (int i = 0; i < 600; ++i) scene.step(1.0 / 60.0);
  EXPECT_EQ(scene.shells().size(), tank_turret::max_shells);
  EXPECT_EQ(scene.view().trails.size(), 2 + tank_turret::max_shells);
  ASSERT_EQ(scene.actions().size(), 1u);
  EXPECT_EQ(scene.actions().front().name, "fire");
  EXPECT_EQ(scene.actions().front().shortcut, "F");
}

// [SECTION] editing nodes

TEST(tank_turret, editing_the_muzzle_globally_converts_to_local_through_the_barrel) {
  tank_turret scene;
  scene.reset(tank_turret_defaults());
  scene.step(0.7);
  dynamic_transform<double, 3> target = scene.world_dynamics(tank_turret::muzzle);
  target.pose.translation += glm::dvec3(0.3, -0.2, 0.1);
  target.velocity = {1.0, 2.0, 3.0};
  node_edit edit;
  edit.what = node_edit::kind::set_global;
  edit.dynamics = target;
  ASSERT_FALSE(scene.edit_node(tank_turret::muzzle, edit).has_value());
  const auto& muzzle = scene.view().nodes[tank_turret::muzzle];
  EXPECT_NEAR(glm::distance(muzzle.world.translation, target.pose.translation), 0.0, geometry_tol);
  EXPECT_NEAR(glm::distance(scene.world_dynamics(tank_turret::muzzle).velocity, target.velocity), 0.0, geometry_tol);
  // parent.world * local = world
  const auto& barrel = scene.view().nodes[tank_turret::barrel];
  EXPECT_NEAR(glm::distance(barrel.world.apply_point(muzzle.local.translation), target.pose.translation), 0.0,
              geometry_tol);
  EXPECT_FALSE(scene.programmed(tank_turret::muzzle));
  EXPECT_TRUE(scene.programmed(tank_turret::barrel));
}

TEST(tank_turret, invalid_edits_are_refused_and_change_nothing) {
  tank_turret scene;
  scene.reset(tank_turret_defaults());
  scene.step(0.5);
  const auto before = scene.local_dynamics(tank_turret::turret);
  node_edit edit;
  edit.what = node_edit::kind::set_local;
  edit.dynamics = before;
  edit.dynamics.pose.scale = 0.0;
  auto error = scene.edit_node(tank_turret::turret, edit);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("scale"), std::string::npos) << *error;
  edit.dynamics = before;
  edit.dynamics.velocity.y = std::nan("");
  error = scene.edit_node(tank_turret::turret, edit);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("velocity"), std::string::npos) << *error;
  edit.what = node_edit::kind::velocity_change;
  edit.delta_velocity = {std::nan(""), 0.0, 0.0};
  EXPECT_TRUE(scene.edit_node(tank_turret::turret, edit).has_value());
  EXPECT_TRUE(scene.edit_node(99, edit).has_value());
  EXPECT_EQ(scene.local_dynamics(tank_turret::turret).pose.translation, before.pose.translation);
  EXPECT_EQ(scene.local_dynamics(tank_turret::turret).velocity, before.velocity);
  EXPECT_TRUE(scene.programmed(tank_turret::turret));
}

TEST(tank_turret, impulse_on_the_hull_with_and_without_counteracting_its_children) {
  for (const bool counteract : {false, true}) {
    tank_turret scene;
    scene.reset(tank_turret_defaults());
    scene.step(1.1);
    const glm::dvec3 dv{-1.5, 0.0, 0.8};
    const glm::dvec3 hull_before = scene.world_dynamics(tank_turret::hull).velocity;
    std::vector<glm::dvec3> before;
    for (int i = 0; i < tank_turret::node_count; ++i) before.push_back(scene.world_dynamics(i).velocity);
    node_edit edit;
    edit.what = node_edit::kind::velocity_change;
    edit.delta_velocity = dv;
    edit.counteract_children = counteract;
    ASSERT_FALSE(scene.edit_node(tank_turret::hull, edit).has_value());
    EXPECT_NEAR(glm::distance(scene.world_dynamics(tank_turret::hull).velocity, hull_before + dv), 0.0, 1e-12);
    for (int i = tank_turret::left_track; i < tank_turret::node_count; ++i) {
      const glm::dvec3 expected =
          counteract ? before[static_cast<std::size_t>(i)] : before[static_cast<std::size_t>(i)] + dv;
      EXPECT_NEAR(glm::distance(scene.world_dynamics(i).velocity, expected), 0.0, 1e-12)
          << scene.view().nodes[static_cast<std::size_t>(i)].name << (counteract ? " (counteract)" : "");
    }
  }
}

TEST(tank_turret, a_released_hull_keeps_driving_its_circle) {
  tank_turret scene;
  param_values values = tank_turret_defaults();
  values.set("drive_radius", 6.0);
  values.set("drive_speed", 2.5);
  scene.reset(values);
  scene.step(0.4);
  node_edit edit;
  edit.what = node_edit::kind::set_local;
  edit.dynamics = scene.local_dynamics(tank_turret::hull);  // the same values: released, not changed
  ASSERT_FALSE(scene.edit_node(tank_turret::hull, edit).has_value());
  EXPECT_FALSE(scene.programmed(tank_turret::hull));
  for (int i = 0; i < 600; ++i) {
    scene.step(1.0 / 120.0);
    const glm::dvec3 p = node_position(scene, tank_turret::hull);
    EXPECT_NEAR(std::hypot(p.x, p.z), 6.0, 1e-6);
  }
}

TEST(tank_turret, shells_cannot_be_edited) {
  tank_turret scene;
  scene.reset(tank_turret_defaults());
  scene.trigger("fire");
  const auto error = scene.edit_node(tank_turret::node_count, node_edit{});
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("shell"), std::string::npos);
}

}  // namespace
}  // namespace framelab
