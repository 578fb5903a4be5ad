// advance_free_motion (core/frames/local_motion.hpp) against closed-form motions: a node
// at rest stays put, a coasting node keeps a straight line, a constant own-frame
// acceleration gives the parabola T + v t + a t^2 / 2, and a steady speed with a steady
// turn rate drives the circle of radius |v| / |w| (the tank's hull), with the error
// falling as dt^4 (RK4).
#include "core/frames/local_motion.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace framelab {
namespace {

constexpr double exact_tol = 1e-12;  // motions RK4 integrates exactly (polynomials of degree <= 4)
constexpr double circle_tol = 1e-9;  // 10 s of circle at dt = 1/120 s
constexpr double order_tol = 0.5;    // measured order against 4

dynamic_transform<double, 3> start(glm::dvec3 t, glm::dvec3 v, glm::dvec3 w, glm::dvec3 a) {
  dynamic_transform<double, 3> d{};
  d.pose.translation = t;
  d.pose.rotation = glm::angleAxis(0.3, glm::normalize(glm::dvec3(1.0, 2.0, 0.5)));
  d.velocity = v;
  d.angular_velocity = w;
  d.accel = a;
  return d;
}

void advance(dynamic_transform<double, 3>& d, double dt, int steps) {
  for (int i = 0; i < steps; ++i) advance_free_motion(d, dt);
}

TEST(local_motion, a_node_at_rest_stays_put) {
  auto d = start({1.0, 2.0, 3.0}, glm::dvec3(0.0), glm::dvec3(0.0), glm::dvec3(0.0));
  const auto before = d;
  advance(d, 1.0 / 60.0, 600);
  EXPECT_EQ(d.pose.translation, before.pose.translation);
  EXPECT_LT(
      glm::length(glm::dvec4(d.pose.rotation.x - before.pose.rotation.x, d.pose.rotation.y - before.pose.rotation.y,
                             d.pose.rotation.z - before.pose.rotation.z, d.pose.rotation.w - before.pose.rotation.w)),
      exact_tol);
  EXPECT_EQ(d.velocity, glm::dvec3(0.0));
}

TEST(local_motion, constant_own_frame_acceleration_gives_the_parabola) {
  const glm::dvec3 t0(1.0, -2.0, 0.5), v0(3.0, 1.0, -2.0), a(0.5, -9.81, 0.25);
  auto d = start(t0, v0, glm::dvec3(0.0), a);
  const double dt = 1.0 / 50.0, time = 4.0;
  advance(d, dt, 200);
  // T = T0 + v0 t + a t^2 / 2,  v = v0 + a t
  EXPECT_LT(glm::length(d.pose.translation - (t0 + v0 * time + 0.5 * a * time * time)), exact_tol * 100);
  EXPECT_LT(glm::length(d.velocity - (v0 + a * time)), exact_tol * 100);
}

// The circle: w = (0, W, 0), v perpendicular to w, a = w x v. Centre c = T0 + w x v0 / W^2;
// after time t the offset from c and the velocity are turned by W t about y.
double circle_error(double dt, double time) {
  const double turn_rate = 0.7;
  const glm::dvec3 w(0.0, turn_rate, 0.0), t0(4.0, 0.0, -1.0), v0(0.0, 0.0, 5.0);
  auto d = start(t0, v0, w, glm::cross(w, v0));
  advance(d, dt, static_cast<int>(std::lround(time / dt)));
  const glm::dvec3 centre = t0 + glm::cross(w, v0) / (turn_rate * turn_rate);
  const glm::dquat turn = glm::angleAxis(turn_rate * time, glm::dvec3(0.0, 1.0, 0.0));
  const glm::dvec3 expected_t = centre + turn * (t0 - centre);
  const glm::dvec3 expected_v = turn * v0;
  return glm::length(d.pose.translation - expected_t) + glm::length(d.velocity - expected_v);
}

TEST(local_motion, steady_speed_and_turn_rate_drive_a_circle) {
  EXPECT_LT(circle_error(1.0 / 120.0, 10.0), circle_tol);
}

TEST(local_motion, the_circle_error_falls_as_dt_to_the_fourth) {
  const double coarse = circle_error(1.0 / 10.0, 10.0), fine = circle_error(1.0 / 20.0, 10.0);
  EXPECT_NEAR(std::log2(coarse / fine), 4.0, order_tol) << coarse << " " << fine;
}

}  // namespace
}  // namespace framelab
