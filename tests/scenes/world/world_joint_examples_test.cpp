// The shipped joint scene files (assets/worlds/, issue 29) against answers found without the
// articulated-body algorithm:
//  - double-pendulum.json: the left copy against the textbook Lagrangian equations, each copy's
//    energy kept, and the two copies (1 mm apart) parting;
//  - watt-governor.json: the flyballs settle at cos(theta) = g / (omega^2 L);
//  - ferris-gondolas.json: a gondola on its hinge against a particle on a rod of the same length
//    hung from the same rim point in the wheel's frame (the particle code's inertial
//    accelerations, scenes/world/world_model.hpp), and it swings when the wheel starts;
//  - wheel-on-stool.json: the vertical angular momentum about the stool's axis stays constant
//    (1e-9) while the hands flip the spinning wheel, and the stool turns;
//  - two-carts.json: started in a normal mode the carts follow a cos(w t) with w = sqrt(k/m) or
//    sqrt(3k/m);
//  - gyrocompass.json: the gimbal swings about north with the pendulum period
//    2 K / sqrt(C s Omega cos(lambda) / A);
//  - vibration-absorber.json: the driven cart and its absorber particle follow the steady
//    solution of the two-mass equations, the cart still when the absorber is tuned.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <numbers>

#include "core/rotation/jacobi_elliptic.hpp"
#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_scene.hpp"
#include "tests/core/dynamics/lagrangian_double_pendulum.hpp"
#include "tests/scenes/world/channel_by_name.hpp"

namespace framelab {
namespace {

std::shared_ptr<world_spec> load_asset(const char* name) {
  auto spec = std::make_shared<world_spec>();
  const auto error = load_world(std::string(FRAMELAB_SOURCE_DIR) + "/assets/worlds/" + name, *spec);
  EXPECT_FALSE(error.has_value()) << *error;
  return spec;
}

std::unique_ptr<world_scene> start(std::shared_ptr<world_spec> spec) {
  auto scene = std::make_unique<world_scene>(spec);
  scene->reset(param_values::defaults(scene->parameters()));
  EXPECT_FALSE(scene->failure().has_value()) << scene->failure().value_or("");
  return scene;
}

using test::channel_reader;

TEST(WorldJointExamples, DoublePendulumFollowsLagrangeKeepsEnergyAndParts) {
  const auto scene = start(load_asset("double-pendulum.json"));
  const channel_reader scene_read(*scene);
  const double h = 1.0 / 240.0;
  glm::dvec4 y(scene_read("a_q"), scene_read("a_q") + scene_read("a_lower_q"), 0.0, 0.0);
  const double ea = scene_read("a_energy"), eb = scene_read("b_energy");
  double lagrange = 0.0, energy = 0.0, apart_at_1s = 0.0, apart = 0.0;
  for (int k = 1; k <= 20 * 240; ++k) {
    scene->step(h);
    if (k <= 3 * 240) {
      y = ode::step(ode::method::rk4, testing::lagrangian_double_pendulum{}, (k - 1) * h, y, h);
      lagrange = std::max({lagrange, std::abs(scene_read("a_q") - y.x),
                           std::abs(scene_read("a_q") + scene_read("a_lower_q") - y.y)});
    }
    if (k % 24 == 0)
      energy = std::max({energy, std::abs(scene_read("a_energy") - ea), std::abs(scene_read("b_energy") - eb)});
    const double gap = std::abs(scene_read("a_q") - scene_read("b_q"));
    if (k == 240) apart_at_1s = gap;
    apart = std::max(apart, gap);
  }
  EXPECT_LT(lagrange, 1e-7) << "rad, left copy against the Lagrangian equations over 3 s";
  EXPECT_LT(energy, 1e-5 * std::abs(ea)) << "J, energy change over 20 s";
  EXPECT_LT(apart_at_1s, 0.05) << "rad: still together after 1 s";
  EXPECT_GT(apart, 1.0) << "rad: apart within 20 s";
  EXPECT_FALSE(scene->failure().has_value());
}

TEST(WorldJointExamples, GovernorSettlesWhereGravityBalancesTheCentrifugalForce) {
  const auto scene = start(load_asset("watt-governor.json"));
  const channel_reader scene_read(*scene);
  for (int k = 0; k < 30 * 240; ++k) scene->step(1.0 / 240.0);
  const double expected = std::acos(9.81 / (6.0 * 6.0 * 0.5));
  EXPECT_NEAR(scene_read("right_q"), expected, 1e-4);
  EXPECT_NEAR(scene_read("left_q"), -expected, 1e-4);
  EXPECT_NEAR(scene_read("theta_expected"), expected, 1e-12);
}

TEST(WorldJointExamples, GondolaOnAHingeIsAParticleOnARodInTheWheel) {
  auto spec = load_asset("ferris-gondolas.json");
  int wheel = -1, gondola = -1;
  for (std::size_t f = 0; f < spec->frames.size(); ++f) {
    if (spec->frames[f].name == "wheel") wheel = int(f);
    if (spec->frames[f].name == "gondola1") gondola = int(f);
  }
  ASSERT_GE(gondola, 0);
  spec->frames[std::size_t(gondola)].joint->damping = 0.0;  // the particle has no friction
  particle_spec bob;  // hung from gondola1's hinge (radius 8, angle 0) by the cabin's 1.65 m
  bob.name = "bob";
  bob.frame = wheel;
  bob.position = {constant_expression(8.0), constant_expression(-1.65), constant_expression(0.0)};
  bob.velocity = {constant_expression(0.0), constant_expression(0.0), constant_expression(0.0)};
  bob.mass = constant_expression(400.0);
  bob.force = bob.velocity;
  bob.tie = tie_kind::rod;
  bob.pivot = {constant_expression(8.0), constant_expression(0.0), constant_expression(0.0)};
  bob.length = constant_expression(1.65);
  spec->particles.push_back(bob);
  const auto scene = start(spec);
  const channel_reader scene_read(*scene);
  double worst = 0.0, swing = 0.0;
  for (int k = 0; k < 30 * 120; ++k) {
    scene->step(1.0 / 120.0);
    const glm::dvec3 d = scene->model().particle(0).r - glm::dvec3(8.0, 0.0, 0.0);
    // the same angle from the wheel's -y axis, q unwrapped, the particle's in (-pi, pi]
    worst = std::max(worst, std::abs(std::remainder(std::atan2(d.x, -d.y) - scene_read("gondola1_q"), 2.0 * std::numbers::pi)));
    // the lean from plumb: q plus the wheel's angle (q = -wheel angle hangs straight down)
    const glm::dvec3 w = scene->model().frame_world(std::size_t(gondola)).pose.rotate(glm::dvec3(0.0, -1.0, 0.0));
    swing = std::max(swing, std::abs(std::atan2(w.x, -w.y)));
  }
  EXPECT_LT(worst, 1e-6) << "rad, hinge against the particle on a rod over 30 s";
  EXPECT_GT(swing, 0.01) << "rad: the gondola swung when the wheel started and stopped";
}

TEST(WorldJointExamples, StoolKeepsTheVerticalAngularMomentum) {
  const auto scene = start(load_asset("wheel-on-stool.json"));
  const channel_reader scene_read(*scene);
  const double l0 = scene_read("stool_Ly");
  EXPECT_NEAR(l0, 0.25 * 20.0, 1e-12) << "kg m^2/s: the wheel's I w at the start";
  double drift = 0.0, stool = 0.0;
  for (int k = 0; k < 10 * 240; ++k) {
    scene->step(1.0 / 240.0);
    drift = std::max(drift, std::abs(scene_read("stool_Ly") - l0));
    stool = std::max(stool, std::abs(scene_read("stool_qd")));
  }
  EXPECT_LT(drift, 1e-9 * std::abs(l0)) << "kg m^2/s over 10 s";
  EXPECT_GT(stool, 0.5) << "rad/s: the stool turned";
}

// Two carts on sliders joined wall-cart-cart-wall by springs of k = 10 N/m (m = 1 kg): started in a
// normal mode, each cart follows a cos(w t) with w = sqrt(k/m) (in step) or sqrt(3k/m) (opposed).
TEST(WorldJointExamples, CartsOscillateInTheirNormalModes) {
  for (const double sign : {1.0, -1.0}) {
    auto spec = load_asset("two-carts.json");
    auto scene = std::make_unique<world_scene>(spec);
    param_values values = param_values::defaults(scene->parameters());
    values.set("a1", 0.2);
    values.set("a2", 0.2 * sign);
    scene->reset(values);
    ASSERT_FALSE(scene->failure().has_value()) << *scene->failure();
    const channel_reader scene_read(*scene);
    const double w = std::sqrt((sign > 0 ? 10.0 : 30.0) / 1.0);
    double worst = 0.0;
    for (int k = 1; k <= 10 * 240; ++k) {
      scene->step(1.0 / 240.0);
      const double t = k / 240.0;
      worst = std::max({worst, std::abs(scene_read("cart1_q") - 0.2 * std::cos(w * t)),
                        std::abs(scene_read("cart2_q") - sign * 0.2 * std::cos(w * t))});
    }
    EXPECT_LT(worst, 1e-7) << "m over 10 s, mode " << (sign > 0 ? "sqrt(k/m)" : "sqrt(3k/m)");
    EXPECT_NEAR(scene_read("middle_length"), 0.7 +
                                                   (scene_read("cart2_q") - scene_read("cart1_q")), 1e-12);
  }
}

// The gyrocompass's azimuth obeys the pendulum equation A psi'' = -C s Omega cos(lambda) sin(psi)
// (to O(Omega / s)): the half period from its start at psi0 to the far turning point is
// 2 K(sin^2(psi0/2)) / w0, w0 = sqrt(C s Omega cos(lambda) / A) (core/rotation/jacobi_elliptic.hpp).
TEST(WorldJointExamples, GyrocompassSwingsAboutNorthWithThePendulumPeriod) {
  const auto scene = start(load_asset("gyrocompass.json"));
  const channel_reader scene_read(*scene);
  const double a = 0.03, c = 0.02, s = 1000.0, omega = 0.05, latitude = 0.8, psi0 = 0.5;
  const double w0 = std::sqrt(c * s * omega * std::cos(latitude) / a);
  const double half_period = 2.0 * elliptic_k_mc(std::cos(psi0 / 2.0) * std::cos(psi0 / 2.0)) / w0;
  // the first turning point after the start: gimbal_qd changes sign from negative to positive
  const double h = 1.0 / 2400.0;
  double previous_qd = 0.0, turned_at = -1.0, lowest = 0.0;
  for (int k = 1; k <= int(2.0 * half_period / h) && turned_at < 0.0; ++k) {
    scene->step(h);
    const double qd = scene_read("gimbal_qd");
    lowest = std::min(lowest, scene_read("gimbal_q"));
    if (k > 10 && previous_qd < 0.0 && qd >= 0.0) turned_at = (k - 1) * h + h * previous_qd / (previous_qd - qd);
    previous_qd = qd;
  }
  EXPECT_NEAR(turned_at / half_period, 1.0, 2e-3) << "the swing from +psi0 to the far side, s";
  EXPECT_NEAR(lowest, -psi0, 5e-3) << "rad: it swings through north to about -psi0";
}

// The driven cart (m1 = 1 kg on k1 = 100 N/m, force F0 sin(w t)) and the absorber particle
// (m2 = 0.2 kg on k2 = 20 N/m from the cart): m1 x1'' = -k1 x1 + k2 (x2 - x1) + F0 sin(w t),
// m2 x2'' = -k2 (x2 - x1) (gravity only shifts the marks) are solved by x = X sin(w t) with
//   (k1 + k2 - m1 w^2) X1 - k2 X2 = F0,  -k2 X1 + (k2 - m2 w^2) X2 = 0,
// which the file's start (x = 0, v = w X) makes the whole motion. Tuned (w = 10 rad/s,
// k2 = m2 w^2) X1 = 0: the cart stays within 5e-8 m of its mark (rk4 at h = 1/240 s: the
// absorber's error is 1.2e-8 m over 1 s, its amplitude 0.1 m).
TEST(WorldJointExamples, AbsorberHoldsTheDrivenCartStill) {
  const double k1 = 100.0, k2 = 20.0, m1 = 1.0, m2 = 0.2, f0 = 2.0;
  for (const double w : {10.0, 9.0}) {
    auto spec = load_asset("vibration-absorber.json");
    auto scene = std::make_unique<world_scene>(spec);
    param_values values = param_values::defaults(scene->parameters());
    values.set("w", w);
    scene->reset(values);
    ASSERT_FALSE(scene->failure().has_value()) << *scene->failure();
    const channel_reader scene_read(*scene);
    // Cramer's rule on the 2 x 2 system above
    const double a11 = k1 + k2 - m1 * w * w, a12 = -k2, a22 = k2 - m2 * w * w;
    const double det = a11 * a22 - a12 * a12;
    const double x1_amplitude = f0 * a22 / det, x2_amplitude = -a12 * f0 / det;
    double worst_cart = 0.0, worst_absorber = 0.0;
    const double h = 1.0 / 240.0;
    for (int k = 1; k <= 240; ++k) {
      scene->step(h);
      const double s = std::sin(w * k * h);
      worst_cart = std::max(worst_cart, std::abs(scene_read("cart_q") - x1_amplitude * s));
      worst_absorber = std::max(worst_absorber, std::abs(scene_read("absorber_world_y") - 0.6 - x2_amplitude * s));
    }
    EXPECT_LT(worst_cart, 5e-8) << "m over 1 s at w = " << w << " (X1 = " << x1_amplitude << " m)";
    EXPECT_LT(worst_absorber, 5e-8) << "m over 1 s at w = " << w << " (X2 = " << x2_amplitude << " m)";
  }
}

}  // namespace
}  // namespace framelab
