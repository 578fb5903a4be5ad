// tank-turret: the composed world poses obey the geometry of the programmed motion,
// checked with quantities that do not depend on how the poses are composed: the
// hull stays on its circle at its speed and faces along its path, the barrel keeps
// its length, and the muzzle's height follows the barrel's pitch.
#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

#include "scenes/registry.hpp"
#include "scenes/tank_turret.hpp"

namespace framelab {
namespace {

constexpr double geometry_tol = 1e-9;
constexpr double difference_tol = 1e-5;  // central differences with h = 1e-4 s

param_values defaults() { return param_values::defaults(tank_turret().parameters()); }

glm::dvec3 node_position(tank_turret& scene, int node) { return scene.view().nodes[static_cast<std::size_t>(node)].world.translation; }

TEST(tank_turret, hull_runs_on_its_circle_at_its_speed_facing_forward) {
  tank_turret scene;
  param_values values = defaults();
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
  param_values values = defaults();
  values.set("barrel_amplitude", 30.0);
  values.set("barrel_period", 2.0);
  scene.reset(values);
  const double barrel_length = glm::distance(node_position(scene, tank_turret::muzzle),
                                             node_position(scene, tank_turret::barrel_pivot));
  const double rest_height = node_position(scene, tank_turret::muzzle).y - node_position(scene, tank_turret::barrel_pivot).y;
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
  scene.reset(defaults());
  scene.step(0.3);
  std::vector<double> channels(scene.channels().size());
  scene.read_channels(channels);
  const glm::dvec3 muzzle = node_position(scene, tank_turret::muzzle);
  EXPECT_EQ(channels[5], muzzle.x);
  EXPECT_EQ(channels[6], muzzle.y);
  EXPECT_EQ(channels[7], muzzle.z);
}

}  // namespace
}  // namespace framelab
