// Trees of hinges against answers found without the tree algorithms:
//  - a hinge pendulum's period against T = 4 sqrt(L/g) K(sin^2(theta0/2)) (the complete
//    elliptic integral by the arithmetic-geometric mean, core/rotation/jacobi_elliptic.hpp)
//    at 10 and 170 degrees;
//  - a double pendulum against the textbook Lagrangian equations of two point masses in
//    absolute angles, integrated separately; its energy over 60 s;
//  - a pendulum on a turning platform (the base turns by a formula) against the same pendulum
//    with the platform as a driven hinge, solved through the mass matrix for the free joint.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "core/dynamics/composite_rigid_body.hpp"
#include "core/dynamics/tree_energy.hpp"
#include "core/rotation/jacobi_elliptic.hpp"
#include "tests/core/dynamics/lagrangian_double_pendulum.hpp"

namespace framelab::dynamics {
namespace {

constexpr double g = 9.81;

body point_mass_link(int parent, const vec3& pivot, double length, double mass) {
  body b;
  b.parent = parent;
  b.joint = hinge{vec3(0.0, 0.0, 1.0)};
  b.placement.translation = pivot;
  b.mass = mass;
  b.center_of_mass = vec3(0.0, -length, 0.0);
  return b;
}

// The quarter period: from theta0 at rest to the first theta = 0, the crossing found by Newton
// on the size of the last step (d theta / dh = theta dot at the step's end).
double quarter_period(double theta0, double length, double h) {
  const tree_model model({point_mass_link(-1, vec3(0.0), length, 1.0)}, vec3(0.0, -g, 0.0));
  tree_data data(model);
  joint_state y{{theta0}, {0.0}};
  double t = 0.0;
  for (;;) {
    const joint_state next = step_tree(ode::method::rk4, model, data, t, y, h, no_drive{}).y;
    if (next.q[0] <= 0.0) break;
    y = next;
    t += h;
  }
  double last = h;
  for (int k = 0; k < 20; ++k) {
    const joint_state end = step_tree(ode::method::rk4, model, data, t, y, last, no_drive{}).y;
    last -= end.q[0] / end.qd[0];
  }
  return t + last;
}

TEST(Pendulum, PeriodMatchesTheEllipticIntegral) {
  const double length = 1.0;
  for (double degrees : {10.0, 170.0}) {
    const double theta0 = degrees * std::numbers::pi / 180.0;
    const double c = std::cos(theta0 / 2.0);
    const double exact = 4.0 * std::sqrt(length / g) * elliptic_k_mc(c * c);  // mc = 1 - sin^2(theta0/2)
    const double measured = 4.0 * quarter_period(theta0, length, 1e-3);
    EXPECT_NEAR(measured / exact, 1.0, 1e-9) << degrees << " degrees: T = " << measured << " s, exact " << exact;
  }
}

// The tree's joints: q0 = th1, q1 = th2 - th1 (the second hinge turns relative to the first link).
tree_model double_pendulum(double m1, double m2, double l1, double l2) {
  return tree_model({point_mass_link(-1, vec3(0.0), l1, m1), point_mass_link(0, vec3(0.0, -l1, 0.0), l2, m2)},
                    vec3(0.0, -g, 0.0));
}

TEST(Pendulum, DoublePendulumMatchesTheLagrangianEquations) {
  const testing::lagrangian_double_pendulum reference{1.0, 0.7, 1.0, 0.8, g};
  const tree_model model = double_pendulum(reference.m1, reference.m2, reference.l1, reference.l2);
  tree_data data(model);
  glm::dvec4 y_ref(1.2, 0.4, 0.0, 0.5);
  joint_state y{{y_ref.x, y_ref.y - y_ref.x}, {y_ref.z, y_ref.w - y_ref.z}};
  const double h = 2.5e-4;
  double worst = 0.0;
  for (int k = 0; k < 20000; ++k) {  // 5 s
    y = step_tree(ode::method::rk4, model, data, k * h, y, h, no_drive{}).y;
    y_ref = ode::step(ode::method::rk4, reference, k * h, y_ref, h);
    worst = std::max({worst, std::abs(y.q[0] - y_ref.x), std::abs(y.q[0] + y.q[1] - y_ref.y)});
  }
  EXPECT_LT(worst, 1e-9) << "largest angle difference over 5 s (rad)";
}

TEST(Pendulum, DoublePendulumKeepsItsEnergy) {
  const tree_model model = double_pendulum(1.0, 0.7, 1.0, 0.8);
  tree_data data(model);
  joint_state y{{1.2, -0.8}, {0.0, 0.5}};
  const double e0 = total_energy(model, data, y);
  const double h = 2e-3;
  double worst = 0.0;
  for (int k = 0; k < 15000; ++k) {  // 30 s, a few dozen swings (60 s took 8 s under ASan)
    y = step_tree(ode::method::rk4, model, data, k * h, y, h, no_drive{}).y;
    if (k % 100 == 99) worst = std::max(worst, std::abs(total_energy(model, data, y) - e0) / std::abs(e0));
  }
  EXPECT_LT(worst, 1e-8) << "largest relative energy change over 30 s";
}

// The platform turns about the vertical by phi(t) = w t + b t^2 / 2; the pendulum hangs from
// a pivot off its axis and swings about the platform's z axis.
struct platform_motion {
  double w = 0.7, b = 0.3;
  double angle(double t) const { return w * t + 0.5 * b * t * t; }
  double rate(double t) const { return w + b * t; }
};

body platform_pendulum(int parent) {
  body p = point_mass_link(parent, vec3(0.6, 1.0, 0.2), 1.0, 1.3);
  p.principal_inertia = {0.02, 0.03, 0.04};
  return p;
}

TEST(Pendulum, TurningBaseMatchesADrivenHinge) {
  const platform_motion platform;
  const vec3 up(0.0, 1.0, 0.0);
  // (a) the platform as the base's motion
  const tree_model on_base({platform_pendulum(-1)}, vec3(0.0, -g, 0.0));
  tree_data base_data(on_base);
  const auto turn_base = [&](double t, const joint_state&, tree_data& d, std::span<double>) {
    d.base.pose.rotation = glm::angleAxis(platform.angle(t), up);
    d.base.angular_velocity = platform.rate(t) * up;
    d.base.angular_accel = platform.b * up;
  };
  // (b) the platform as a hinge of its own, driven: H11 qdd1 = tau1 - b1 - H10 qdd0
  body stage;
  stage.joint = hinge{up};
  stage.mass = 5.0;
  stage.principal_inertia = {1.0, 2.0, 1.5};
  const tree_model driven({stage, platform_pendulum(0)}, vec3(0.0, -g, 0.0));
  tree_data driven_data(driven);
  const auto free_joint_rate = [&](double t, const glm::dvec2& y) {
    const std::vector<double> q{platform.angle(t), y.x}, qd{platform.rate(t), y.y}, none{0.0, 0.0};
    inverse_dynamics(driven, driven_data, q, qd, none);
    const double bias = driven_data.tau[1];
    const dense_matrix h = mass_matrix(driven, driven_data, q);
    return glm::dvec2(y.y, (-bias - h(1, 0) * platform.b) / h(1, 1));
  };
  joint_state y{{0.4}, {-0.2}};
  glm::dvec2 y_driven(0.4, -0.2);
  const double h = 1e-3;
  double worst = 0.0, swing = 0.0;
  for (int k = 0; k < 3000; ++k) {  // 3 s
    y = step_tree(ode::method::rk4, on_base, base_data, k * h, y, h, turn_base).y;
    y_driven = ode::step(ode::method::rk4, free_joint_rate, k * h, y_driven, h);
    worst = std::max(worst, std::abs(y.q[0] - y_driven.x));
    swing = std::max(swing, std::abs(y.q[0] - 0.4));
  }
  EXPECT_LT(worst, 1e-10) << "largest angle difference over 3 s (rad)";
  EXPECT_GT(swing, 0.1) << "the pendulum swung (rad)";
}

}  // namespace
}  // namespace framelab::dynamics
