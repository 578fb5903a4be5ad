// gyroscope: the heavy symmetric top against closed-form facts of the Lagrange
// top (derived here from the Lagrangian, not taken from the scene):
//   L = 1/2 I1 (theta'^2 + phi'^2 sin^2 theta) + 1/2 I3 omega3^2 - g l cos theta   (per kg)
//   steady precession: I1 cos(theta) Omega^2 - I3 omega3 Omega + g l = 0
//   released with phi' = 0: the tilt turns back where (I3 omega3)^2 (u0 - u) = 2 I1 g l (1 - u^2), u = cos theta
//   conserved: energy, L_y (the torque is horizontal), L . axis = I3 omega3 (the torque is normal to the axle)
#include "core/angle_units.hpp"
#include "scenes/gyroscope.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>

namespace framelab {
namespace {

constexpr double steady_rate_tol = 3e-4;   // relative, midpoint at 480 Hz over 10 s (measured 1.5e-4)
constexpr double steady_tilt_tol = 1e-3;   // rad, no visible nutation at 480 Hz (measured 6.4e-4)
constexpr double order_tol = 0.8;          // on the error ratio 4 of a second-order method
constexpr double turning_tilt_tol = 2e-3;  // rad, sampled at 480 Hz
constexpr double energy_bound = 1e-3;      // |E/E0 - 1| of midpoint (Strang-split gravity) at 120 Hz
constexpr double conserved_tol = 1e-10;    // relative, L_y and L . axis

param_values gyroscope_defaults() {
  return param_values::defaults(gyroscope().parameters());
}

struct top_constants {
  double i1, i3, gl;
};
top_constants constants(const param_values& v) {
  const double r = 0.7, h = 0.16, l = v.number("arm");
  return {(3.0 * r * r + h * h) / 12.0 + l * l, 0.5 * r * r, v.number("gravity") * l};
}

struct steady_run {
  double rate, tilt_range, initial_rate;
};
steady_run run_steady(const param_values& values, double dt, double duration) {
  gyroscope scene;
  scene.reset(values);
  double tilt_min = scene.tilt(), tilt_max = scene.tilt();
  const int steps = static_cast<int>(std::lround(duration / dt));
  for (int i = 0; i < steps; ++i) {
    scene.step(dt);
    tilt_min = std::min(tilt_min, scene.tilt());
    tilt_max = std::max(tilt_max, scene.tilt());
  }
  return {scene.azimuth() / (steps * dt), tilt_max - tilt_min, scene.initial_precession_rate()};
}

TEST(gyroscope, steady_start_precesses_at_the_closed_form_rate_without_nodding) {
  param_values values = gyroscope_defaults();
  values.set("start", std::string("steady"));
  const top_constants c = constants(values);
  const double theta = 60.0 * deg, a = c.i3 * 50.0;
  // The slow root of I1 cos(theta) Omega^2 - a Omega + g l = 0
  const double omega_slow =
      (a - std::sqrt(a * a - 4.0 * c.i1 * std::cos(theta) * c.gl)) / (2.0 * c.i1 * std::cos(theta));
  const steady_run r240 = run_steady(values, 1.0 / 240.0, 10.0), r480 = run_steady(values, 1.0 / 480.0, 10.0);
  EXPECT_NEAR(r480.initial_rate / omega_slow, 1.0, 1e-12);
  const double err240 = r240.rate / omega_slow - 1.0, err480 = r480.rate / omega_slow - 1.0;
  std::printf("  steady: rate %.6f vs %.6f rad/s (%.2e; 240 Hz %.2e), tilt range %.2e rad (240 Hz %.2e)\n", r480.rate,
              omega_slow, err480, err240, r480.tilt_range, r240.tilt_range);
  // The gravity kicks are Strang-split around the midpoint step: second order, so the
  // steady state is off by O(h^2) (a faint nutation that shrinks 4x per halving).
  EXPECT_LT(std::abs(err480), steady_rate_tol);
  EXPECT_LT(r480.tilt_range, steady_tilt_tol);
  EXPECT_NEAR(err240 / err480, 4.0, order_tol);
  EXPECT_NEAR(r240.tilt_range / r480.tilt_range, 4.0, order_tol);
}

TEST(gyroscope, released_top_nods_down_to_the_closed_form_turning_point) {
  const param_values values = gyroscope_defaults();  // released, spin 50 rad/s, tilt 60 deg
  const top_constants c = constants(values);
  const double u0 = std::cos(60.0 * deg), a2 = std::pow(c.i3 * 50.0, 2);
  // 2 I1 g l u^2 - a^2 u - (2 I1 g l - a^2 u0) = 0, the root below u0
  const double k = 2.0 * c.i1 * c.gl;
  const double u_turn = (a2 - std::sqrt(a2 * a2 + 4.0 * k * (k - a2 * u0))) / (2.0 * k);
  gyroscope scene;
  scene.reset(values);
  double tilt_max = 0.0, tilt_min = 10.0;
  for (int i = 0; i < 1440; ++i) {  // 3 s, a few nutation periods
    scene.step(1.0 / 480.0);
    tilt_max = std::max(tilt_max, scene.tilt());
    tilt_min = std::min(tilt_min, scene.tilt());
  }
  std::printf("  released: tilt %.4f .. %.4f rad, turning points %.4f .. %.4f rad\n", tilt_min, tilt_max, 60.0 * deg,
              std::acos(u_turn));
  EXPECT_NEAR(tilt_max, std::acos(u_turn), turning_tilt_tol);
  EXPECT_NEAR(tilt_min, 60.0 * deg, turning_tilt_tol);
  EXPECT_GT(scene.azimuth(), 0.0);  // it goes round, counter-clockwise about +y
}

TEST(gyroscope, midpoint_keeps_energy_bounded_and_the_two_momenta_exactly) {
  gyroscope scene;
  scene.reset(gyroscope_defaults());
  const spinning_body& b = scene.body(0);
  const double ly0 = b.body.angular_momentum().y, l_axis0 = glm::dot(b.body.angular_momentum(), scene.axis());
  double worst = 0.0;
  for (int i = 0; i < 2400; ++i) {  // 20 s at 120 Hz
    scene.step(1.0 / 120.0);
    worst = std::max(worst, std::abs(b.energy_drift()));
  }
  std::printf("  20 s: worst |dE/E| %.2e, L_y %.2e, L.axis %.2e\n", worst, b.body.angular_momentum().y / ly0 - 1.0,
              glm::dot(b.body.angular_momentum(), scene.axis()) / l_axis0 - 1.0);
  EXPECT_LT(worst, energy_bound);
  EXPECT_NEAR(b.body.angular_momentum().y / ly0, 1.0, conserved_tol);
  EXPECT_NEAR(glm::dot(b.body.angular_momentum(), scene.axis()) / l_axis0, 1.0, conserved_tol);
}

TEST(gyroscope, without_the_gyroscopic_term_it_precesses_far_too_slowly) {
  // Dropping omega x L leaves omega' = I^-1 tau: the fast-spinning axle follows omega,
  // which turns sideways at |tau| / (I1 omega3 sin theta) per radian, i.e. it precesses at
  // g l / (I1 omega3) instead of about g l / (I3 omega3): I1/I3 = 6.4 times too slowly.
  param_values values = gyroscope_defaults();
  values.set("gyro", false);
  const top_constants c = constants(values);
  gyroscope scene;
  scene.reset(values);
  double tilt_max = 0.0;
  for (int i = 0; i < 4800; ++i) {  // 20 s
    scene.step(1.0 / 240.0);
    tilt_max = std::max(tilt_max, scene.tilt());
  }
  const double game_rate = c.gl / (c.i1 * 50.0);
  std::printf("  gyro off: rate %.4f rad/s vs g l/(I1 omega3) %.4f; tilt max %.4f rad\n", scene.azimuth() / 20.0,
              game_rate, tilt_max);
  EXPECT_NEAR(scene.azimuth() / 20.0 / game_rate, 1.0, 0.02);
  EXPECT_LT(tilt_max - 60.0 * deg, 0.02);  // hardly any nodding
  gyroscope real;
  real.reset(gyroscope_defaults());
  for (int i = 0; i < 4800; ++i) real.step(1.0 / 240.0);
  EXPECT_GT(real.azimuth() / scene.azimuth(), 5.0);
}

TEST(gyroscope, a_top_that_does_not_spin_falls_like_a_pendulum) {
  param_values values = gyroscope_defaults();
  values.set("spin", 0.0);
  gyroscope scene;
  scene.reset(values);
  double tilt_max = 0.0;
  for (int i = 0; i < 240; ++i) {
    scene.step(1.0 / 120.0);
    tilt_max = std::max(tilt_max, scene.tilt());
  }
  // From rest at 60 deg it swings through the bottom up to 300 deg: 180 deg away from the vertical.
  EXPECT_GT(tilt_max, 175.0 * deg);  // (sampled: the bottom is passed at full speed)
}

TEST(gyroscope, check_refuses_a_steady_start_that_does_not_exist) {
  param_values values = gyroscope_defaults();
  values.set("start", std::string("steady"));
  values.set("spin", 2.0);
  const auto error = gyroscope().check(values);
  ASSERT_TRUE(error);
  EXPECT_EQ(error->rfind("start:", 0), 0u) << *error;
  values.set("tilt", 120.0);  // below the horizontal a steady precession always exists
  EXPECT_FALSE(gyroscope().check(values));
}

}  // namespace
}  // namespace framelab
