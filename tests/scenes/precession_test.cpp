// precession: the measured precession rates of the simulated coin against the
// closed form of the torque-free symmetric top (body frame (I3 - I1)/I1 omega3,
// space frame |L|/I1), their second-order convergence as dt halves, the ghost,
// the cones' geometry, and no precession without the gyroscopic term.
#include "scenes/precession.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>

namespace framelab {
namespace {

constexpr double rate_tol = 5e-4;         // 0.05 %, the target at dt = 1/60
constexpr double precession_order_tol = 0.6;         // on the error ratio 4 of a second-order method
constexpr double precession_ghost_angle_tol = 2e-3;  // rad after 5 s at 120 Hz (measured 8.6e-4)
constexpr double precession_geometry_tol = 1e-9;

param_values precession_defaults() {
  return param_values::defaults(precession().parameters());
}

double wrap(double a) {
  return std::remainder(a, 2.0 * std::numbers::pi);
}

struct measured_rates {
  double body, space;
};

// Unwrapped angles over `duration`: omega about the symmetry axis in the body
// frame (atan2 of its principal x, y components), and the symmetry axis about L
// in the world (its angle in a plane perpendicular to L).
measured_rates measure(const param_values& values, double dt, double duration) {
  precession scene;
  scene.reset(values);
  const glm::dvec3 l = scene.body(0).body.angular_momentum();
  const glm::dvec3 e1 = glm::normalize(glm::cross(l, glm::dvec3(1.0, 0.0, 0.0)));
  const glm::dvec3 e2 = glm::cross(glm::normalize(l), e1);
  const auto body_angle = [&] {
    const glm::dvec3 w = scene.body(0).body.principal_angular_velocity();
    return std::atan2(w.y, w.x);
  };
  const auto space_angle = [&] {
    const glm::dvec3 a = scene.symmetry_axis();
    return std::atan2(glm::dot(a, e2), glm::dot(a, e1));
  };
  double body_total = 0.0, space_total = 0.0, body_prev = body_angle(), space_prev = space_angle();
  const int steps = static_cast<int>(std::lround(duration / dt));
  for (int i = 0; i < steps; ++i) {
    scene.step(dt);
    const double b = body_angle(), s = space_angle();
    body_total += wrap(b - body_prev);
    space_total += wrap(s - space_prev);
    body_prev = b;
    space_prev = s;
  }
  return {body_total / (steps * dt), space_total / (steps * dt)};
}

TEST(precession, midpoint_rates_match_the_closed_form_and_converge_at_second_order) {
  const param_values values = precession_defaults();  // coin r = 1 m, 0.12 m thick, |omega| = 3 rad/s, tilt 20 deg
  precession scene;
  scene.reset(values);
  const double body_exact = scene.reference().body_precession_rate();
  const double space_exact = scene.reference().space_precession_rate();
  // Independent of the reference class: I1 = (3 r^2 + h^2)/12, I3 = r^2/2, omega3 = 3 cos 20 deg
  const double i1 = (3.0 + 0.12 * 0.12) / 12.0, i3 = 0.5, w3 = 3.0 * std::cos(20.0 * std::numbers::pi / 180.0);
  const double w1 = 3.0 * std::sin(20.0 * std::numbers::pi / 180.0);
  EXPECT_NEAR(body_exact, (i3 - i1) / i1 * w3, 1e-12);
  EXPECT_NEAR(space_exact, std::hypot(i1 * w1, i3 * w3) / i1, 1e-12);

  const measured_rates r60 = measure(values, 1.0 / 60.0, 20.0);
  const measured_rates r120 = measure(values, 1.0 / 120.0, 20.0);
  const double body_err60 = r60.body / body_exact - 1.0, body_err120 = r120.body / body_exact - 1.0;
  const double space_err60 = r60.space / space_exact - 1.0, space_err120 = r120.space / space_exact - 1.0;
  std::printf("  body rate %.6f vs %.6f (%.2e; 1/120: %.2e), space rate %.6f vs %.6f (%.2e; 1/120: %.2e)\n", r60.body,
              body_exact, body_err60, body_err120, r60.space, space_exact, space_err60, space_err120);
  EXPECT_LT(std::abs(body_err60), rate_tol);
  EXPECT_LT(std::abs(space_err60), rate_tol);
  EXPECT_NEAR(body_err60 / body_err120, 4.0, precession_order_tol);
  EXPECT_NEAR(space_err60 / space_err120, 4.0, precession_order_tol);
}

TEST(precession, prolate_cylinder_precesses_the_other_way_in_the_body) {
  param_values values = precession_defaults();
  values.set("thickness", 4.0);  // I1 > I3: (I3 - I1)/I1 < 0
  precession scene;
  scene.reset(values);
  EXPECT_LT(scene.reference().body_precession_rate(), 0.0);
  const measured_rates r = measure(values, 1.0 / 60.0, 20.0);
  EXPECT_NEAR(r.body / scene.reference().body_precession_rate(), 1.0, rate_tol);
  EXPECT_NEAR(r.space / scene.reference().space_precession_rate(), 1.0, rate_tol);
}

TEST(precession, ghost_follows_the_midpoint_coin) {
  precession scene;
  scene.reset(precession_defaults());
  for (int i = 0; i < 600; ++i) scene.step(1.0 / 120.0);
  const auto& nodes = scene.view().nodes;
  const glm::dquat body = nodes[precession::body_frame].world.rotation;
  const glm::dquat ghost = nodes[precession::ghost_frame].world.rotation;
  const double angle = 2.0 * std::acos(std::min(1.0, std::abs(glm::dot(body, ghost))));
  std::printf("  ghost vs midpoint coin after 5 s: %.2e rad\n", angle);
  EXPECT_LT(angle, precession_ghost_angle_tol);
}

TEST(precession, cones_touch_along_omega_with_the_right_half_angles) {
  precession scene;
  scene.reset(precession_defaults());
  for (int i = 0; i < 100; ++i) scene.step(1.0 / 120.0);
  const auto& nodes = scene.view().nodes;
  const glm::dvec3 w = scene.body(0).body.angular_velocity, l = scene.body(0).body.angular_momentum();
  // Body cone: half-angle = tilt (20 deg), the constant angle between omega and the axle.
  const view_node& body_cone = nodes[precession::body_cone];
  EXPECT_NEAR(std::atan(0.5 * body_cone.size.x / body_cone.size.y), 20.0 * std::numbers::pi / 180.0, 1e-9);
  // Space cone: half-angle = angle(omega, L); its axis (the cone's -y) is along L.
  const view_node& space_cone = nodes[precession::space_cone];
  const double space_half = std::atan(0.5 * space_cone.size.x / space_cone.size.y);
  EXPECT_NEAR(space_half, std::acos(glm::dot(glm::normalize(w), glm::normalize(l))), 1e-9);
  const glm::dvec3 axis = -space_cone.world.rotate(glm::dvec3(0.0, 1.0, 0.0));
  EXPECT_NEAR(glm::dot(axis, glm::normalize(l)), 1.0, precession_geometry_tol);
  // Both slant lengths equal the omega arrow: they meet at its tip.
  const double slant_body = body_cone.size.y / std::cos(std::atan(0.5 * body_cone.size.x / body_cone.size.y));
  const double slant_space = space_cone.size.y / std::cos(space_half);
  EXPECT_NEAR(slant_body, slant_space, precession_geometry_tol);
  EXPECT_NEAR(slant_body, glm::length(scene.view().vectors[0].value) * scene.view().vectors[0].scale, precession_geometry_tol);
}

TEST(precession, without_the_gyroscopic_term_omega_stays_put) {
  param_values values = precession_defaults();
  values.set("gyro", false);
  precession scene;
  scene.reset(values);
  const glm::dvec3 w0 = scene.body(0).body.angular_velocity;
  for (int i = 0; i < 600; ++i) scene.step(1.0 / 60.0);
  EXPECT_LT(glm::length(scene.body(0).body.angular_velocity - w0), 1e-12);
  // while the ghost (the real motion) has precessed: omega has moved on the space cone.
  EXPECT_GT(glm::length(scene.reference().omega_world(10.0) - w0), 0.1);
}

}  // namespace
}  // namespace framelab
