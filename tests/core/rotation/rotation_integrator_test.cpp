// The five rotation integrators against the closed-form torque-free solutions
// (symmetric top, Jacobi elliptic asymmetric top), conservation laws, orders
// of accuracy, the gyroscopic-term switch, subdivision and bad input.
#include "core/rotation/rotation_integrator.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>
#include <vector>

#include "core/ad/autodiff.hpp"
#include "core/rotation/free_rotation_reference.hpp"
#include "tests/core/rotation/flip_measurement.hpp"

namespace {

using namespace framelab;
using namespace framelab::rotation_test;
using dvec3 = glm::dvec3;
using dquat = glm::dquat;

constexpr double pi = std::numbers::pi;

// Issue targets at test scale (100 s; the 1000 s run at full scale is a Release soak:
// rotation_long_run_test.cpp).
constexpr double invariant_drift_tol = 1e-9;    // relative drift of energy and |L|
constexpr double l_direction_drift_tol = 1e-6;  // rad
constexpr double period_tol = 5e-4;             // 0.05 %
constexpr double precession_rate_tol = 5e-4;    // 0.05 %

double wrap(double d) {
  while (d > pi) d -= 2 * pi;
  while (d < -pi) d += 2 * pi;
  return d;
}

bool same_bits(const rigid_body_d& a, const rigid_body_d& b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// [SECTION] names and bad input

TEST(RotationIntegrator, ParsesNames) {
  for (integrator_kind k : all_integrators) EXPECT_EQ(parse_integrator(to_string(k)), k);
  EXPECT_EQ(parse_integrator("explicit-euler"), integrator_kind::explicit_euler);
  EXPECT_EQ(parse_integrator("rk4"), integrator_kind::rk4);
  EXPECT_FALSE(parse_integrator("euler").has_value());
  EXPECT_FALSE(parse_integrator("").has_value());
}

TEST(RotationIntegrator, BadInputIsRefusedAndNothingIsApplied) {
  const rigid_body_d good = make_body({1, 2, 3}, {0.1, 2, 0.3});
  struct bad_case {
    rigid_body_d body;
    double dt;
    rotation_settings s;
    const char* expect;
  };
  rigid_body_d flat = good, nan_omega = good, zero = good;
  flat.inertia = dvec3(1, 1, 3);
  nan_omega.angular_velocity.x = std::numeric_limits<double>::quiet_NaN();
  zero.inertia = dvec3(0, 1, 1);
  rotation_settings terms0 = settings(integrator_kind::magnus), terms4 = terms0;
  terms0.magnus_terms = 0;
  terms4.magnus_terms = 4;
  const std::vector<bad_case> cases{
      {good, 0.0, settings(integrator_kind::midpoint), "dt must be"},
      {good, -0.01, settings(integrator_kind::rk4), "dt must be"},
      {good, std::numeric_limits<double>::quiet_NaN(), settings(integrator_kind::magnus), "dt must be"},
      {flat, 0.01, settings(integrator_kind::midpoint), "triangle inequality"},
      {zero, 0.01, settings(integrator_kind::midpoint), "I1 must be > 0"},
      {nan_omega, 0.01, settings(integrator_kind::explicit_euler), "angular velocity"},
      {good, 0.01, terms0, "magnus_terms must be 1, 2 or 3"},
      {good, 0.01, terms4, "magnus_terms must be 1, 2 or 3"},
  };
  for (const bad_case& c : cases) {
    rigid_body_d b = c.body;
    const step_report<double> r = step(b, c.dt, c.s);
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.message.find(c.expect), std::string::npos) << r.message;
    EXPECT_TRUE(same_bits(b, c.body) || std::isnan(c.body.angular_velocity.x));
  }
  // A non-finite torque is refused too.
  rigid_body_d b = good;
  const auto r = step(b, 0.01, settings(integrator_kind::rk4), dvec3(std::numeric_limits<double>::infinity(), 0, 0));
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(same_bits(b, good));
}

TEST(RotationIntegrator, ExplodingStateIsNotApplied) {
  // explicit-euler with the gyroscopic term on a fast spin near the
  // intermediate axis blows up; the step that would turn the state
  // non-finite (or need absurd subdivision) is refused, the last finite state kept.
  rigid_body_d b = make_body({1, 2, 3}, {0.01, 5, 0.01});
  const rotation_settings s = settings(integrator_kind::explicit_euler);
  step_report<double> r;
  int steps = 0;
  for (; steps < 20000 && r.ok; ++steps) r = step(b, 1.0 / 60, s);
  ASSERT_FALSE(r.ok) << "expected the explicit scheme to blow up";
  EXPECT_FALSE(r.message.empty());
  EXPECT_TRUE(detail::finite_state(b));
  EXPECT_FALSE(validate(b).has_value());
}

// [SECTION] subdivision

TEST(RotationIntegrator, SubdividesBeyondTheConvergenceBound) {
  const rigid_body_d start = make_body({1, 2, 3}, {1, 0.5, 100});
  const double dt = 0.05;  // 5 rad per step > pi/sqrt(2)
  for (integrator_kind k : all_integrators) {
    rigid_body_d b = start, manual = start;
    const rotation_settings s = settings(k);
    const step_report<double> r = step(b, dt, s);
    ASSERT_TRUE(r.ok) << r.message;
    EXPECT_EQ(r.substeps, 3) << to_string(k);
    EXPECT_NEAR(r.rotation_per_step, 5.0, 0.05);
    EXPECT_NE(r.message.find("split into 3 substeps"), std::string::npos) << r.message;
    for (int i = 0; i < 3; ++i) step(manual, dt / 3, s);
    EXPECT_LT(rotation_distance(b.orientation, manual.orientation), 1e-12);
    EXPECT_LT(glm::length(b.angular_velocity - manual.angular_velocity), 1e-10);
  }
  // Small steps are not split and say nothing.
  rigid_body_d b = start;
  const step_report<double> r = step(b, 0.01, settings(integrator_kind::magnus));
  EXPECT_EQ(r.substeps, 1);
  EXPECT_TRUE(r.message.empty());
  // Subdivision off: one step, whatever its size.
  rotation_settings off = settings(integrator_kind::magnus);
  off.subdivide = false;
  b = start;
  EXPECT_EQ(step(b, dt, off).substeps, 1);
  // Beyond max_substeps the step is refused.
  rotation_settings capped = settings(integrator_kind::rk4);
  capped.max_substeps = 2;
  b = start;
  const step_report<double> refused = step(b, dt, capped);
  EXPECT_FALSE(refused.ok);
  EXPECT_NE(refused.message.find("reduce dt"), std::string::npos) << refused.message;
  EXPECT_TRUE(same_bits(b, start));
}

// [SECTION] steady spin

TEST(RotationIntegrator, SpinAboutAPrincipalAxisIsExact) {
  for (integrator_kind k : all_integrators) {
    for (bool gyro : {true, false}) {
      rigid_body_d b = make_body({1, 2, 3}, {0, 0, 3});
      b.orientation = glm::normalize(dquat(0.9, 0.3, 0.1, 0.2));
      b.principal_axes = dquat(1, 0, 0, 0);
      const dvec3 w = b.from_principal(dvec3(0, 0, 3));
      b.angular_velocity = w;
      const dquat q0 = b.orientation;
      const rotation_settings s = settings(k, gyro);
      for (int i = 0; i < 120; ++i) ASSERT_TRUE(step(b, 1.0 / 60, s).ok);
      EXPECT_LT(glm::length(b.angular_velocity - w), 1e-12) << to_string(k);
      // midpoint with the gyroscopic term rotates by 2 atan(h|w|/2) per step
      // (its Cayley map), midpoint4 by that sum over its three stages g1 h, g0 h, g1 h,
      // the others by h|w| (rk4 to its truncation error).
      const auto cayley_angle = [](double h) { return 2 * std::atan(3.0 * h / 2); };
      const double g1 = 1 / (2 - std::cbrt(2.0)), g0 = 1 - 2 * g1;
      double per_step = 3.0 / 60;
      if (gyro && k == integrator_kind::midpoint) per_step = cayley_angle(1.0 / 60);
      if (gyro && k == integrator_kind::midpoint4) per_step = 2 * cayley_angle(g1 / 60) + cayley_angle(g0 / 60);
      const double tol = k == integrator_kind::rk4 ? 1e-7 : 1e-12;
      EXPECT_LT(rotation_distance(b.orientation, rotation_quat(w / 3.0 * (120 * per_step)) * q0), tol)
          << to_string(k) << " gyro " << gyro;
    }
  }
}

// [SECTION] the special solver

TEST(Midpoint, NewtonJacobianFromADMatchesFiniteDifferences) {
  const midpoint_momentum_residual<double> f{dvec3(0.02, 10, 0.03), dvec3(1, 0.5, 1.0 / 3), 1.0 / 60};
  const dvec3 x(0.1, 9.9, -0.2);
  const glm::dmat3 j = jacobian(f, x);
  for (int c = 0; c < 3; ++c) {
    dvec3 e(0);
    e[c] = 1e-6;
    const dvec3 fd = (f(x + e) - f(x - e)) / 2e-6;
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(j[c][i], fd[i], 1e-8);
  }
}

TEST(Midpoint, OneStepKeepsWorldMomentumAndInvariants) {
  rigid_body_d b = make_body({0.7, 1.9, 2.4}, {1.5, -2.0, 3.0});
  b.orientation = glm::normalize(dquat(0.3, -0.5, 0.7, 0.2));
  b.principal_axes = glm::normalize(dquat(0.8, 0.1, 0.4, -0.3));
  const dvec3 l0 = b.angular_momentum();
  const double e0 = b.kinetic_energy();
  const step_report<double> r = step(b, 0.1, settings(integrator_kind::midpoint));
  ASSERT_TRUE(r.ok);
  EXPECT_GE(r.newton_iterations, 2);
  EXPECT_LE(r.newton_iterations, 8);
  EXPECT_LT(glm::length(b.angular_momentum() - l0) / glm::length(l0), 1e-14);
  EXPECT_NEAR(b.kinetic_energy() / e0, 1.0, 1e-14);
  EXPECT_GT(glm::length(b.angular_velocity - make_body({1, 1, 1}, {1.5, -2.0, 3.0}).angular_velocity), 1e-3);
}

TEST(Midpoint, DzhanibekovFlipKeepsInvariantsAndPeriod) {
  const dvec3 omega(0.01, 5, 0.01);  // the example: mostly about the intermediate axis
  const flip_measurement m = run_flips(integrator_kind::midpoint, omega, 1.0 / 60, 100);
  expect_flip_targets("midpoint, 100 s at 60 Hz", m, omega, {invariant_drift_tol, l_direction_drift_tol, period_tol, 18});
}

TEST(RotationIntegrator, OtherIntegratorsMissTheFlipTargets) {
  // For contrast (and so a regression that made them conservative would show):
  const dvec3 omega(0.01, 5, 0.01);
  const double period = asymmetric_top_reference<double>(dvec3(1, 2, 3), omega).period();
  const flip_measurement mag = run_flips(integrator_kind::magnus, omega, 1.0 / 60, 30);
  const flip_measurement rk = run_flips(integrator_kind::rk4, omega, 1.0 / 60, 100);
  std::printf("  magnus 30 s: |L| drift %.2e; rk4 100 s: energy drift %.2e, period error %.2e\n", mag.l_drift,
              rk.energy_drift, rk.period / period - 1);
  EXPECT_GT(mag.l_drift, 1e-2);
  EXPECT_GT(rk.energy_drift, 1e-7);
  EXPECT_GT(std::abs(rk.period / period - 1), period_tol);
}

// omega in the principal frame after `duration`, vs the elliptic solution.
double omega_error(integrator_kind k, const dvec3& omega, double dt, double duration) {
  rigid_body_d b = make_body({1, 2, 3}, omega);
  const rotation_settings s = settings(k);
  const int n = int(std::lround(duration / dt));
  for (int i = 0; i < n; ++i) step(b, dt, s);
  const asymmetric_top_reference<double> ref(dvec3(1, 2, 3), omega);
  return glm::length(b.principal_angular_velocity() - ref.omega_body(n * dt));
}

TEST(RotationIntegrator, OrdersOfAccuracyAgainstTheEllipticSolution) {
  // Error in omega after 5 s as dt halves: midpoint 2nd order (ratio 4), rk4 and
  // midpoint4 4th (16), magnus and explicit-euler 1st (2, alpha is held constant).
  const dvec3 omega(0.4, 1.2, 0.6);
  struct expectation {
    integrator_kind k;
    double ratio, tol;
  };
  for (const expectation& e :
       {expectation{integrator_kind::midpoint, 4, 0.2}, expectation{integrator_kind::rk4, 16, 1.5},
        expectation{integrator_kind::midpoint4, 16, 1.5}, expectation{integrator_kind::magnus, 2, 0.2},
        expectation{integrator_kind::explicit_euler, 2, 0.2}}) {
    const double e1 = omega_error(e.k, omega, 1.0 / 120, 5), e2 = omega_error(e.k, omega, 1.0 / 240, 5);
    std::printf("  %-15s error at dt=1/120 %.3e, 1/240 %.3e, ratio %.2f\n", std::string(to_string(e.k)).c_str(), e1, e2,
                e1 / e2);
    EXPECT_NEAR(e1 / e2, e.ratio, e.tol) << to_string(e.k);
  }
}

// [SECTION] symmetric top precession

struct precession {
  double body_rate, space_rate;
};

// Measured from the simulation: the unwrapped angle of (omega1, omega2) in the
// principal frame, and of the world symmetry axis about the (fixed) L.
precession measure_precession(double dt, double duration) {
  rigid_body_d b = make_body({1, 1, 2}, {0.5, 0, 2});  // a thin disc
  const rotation_settings s = settings(integrator_kind::midpoint);
  const dvec3 n = glm::normalize(b.angular_momentum());
  const dvec3 u = glm::normalize(glm::cross(n, dvec3(0, 1, 0))), v = glm::cross(n, u);
  auto body_angle = [&] {
    const dvec3 w = b.principal_angular_velocity();
    return std::atan2(w.y, w.x);
  };
  auto space_angle = [&] {
    const dvec3 a = b.from_principal(dvec3(0, 0, 1));
    return std::atan2(glm::dot(a, v), glm::dot(a, u));
  };
  double ab = body_angle(), as = space_angle(), total_b = 0, total_s = 0;
  const int steps = int(std::lround(duration / dt));
  for (int i = 0; i < steps; ++i) {
    step(b, dt, s);
    const double nb = body_angle(), ns = space_angle();
    total_b += wrap(nb - ab);
    total_s += wrap(ns - as);
    ab = nb;
    as = ns;
  }
  return {total_b / (steps * dt), total_s / (steps * dt)};
}

TEST(Midpoint, SymmetricTopPrecessionRates) {
  const symmetric_top_reference<double> ref(1, 2, dvec3(0.5, 0, 2));
  double prev_b = 0, prev_s = 0;
  for (double hz : {60.0, 120.0}) {
    const precession p = measure_precession(1 / hz, 100);
    const double eb = p.body_rate / ref.body_precession_rate() - 1;
    const double es = p.space_rate / ref.space_precession_rate() - 1;
    std::printf("  dt = 1/%g: body rate %.8f (err %.2e), space rate %.8f (err %.2e)\n", hz, p.body_rate, eb,
                p.space_rate, es);
    EXPECT_LE(std::abs(eb), precession_rate_tol);
    EXPECT_LE(std::abs(es), precession_rate_tol);
    if (prev_b != 0) {
      EXPECT_NEAR(prev_b / eb, 4.0, 0.2);  // second order
      EXPECT_NEAR(prev_s / es, 4.0, 0.2);
    }
    prev_b = eb;
    prev_s = es;
  }
}

// [SECTION] the gyroscopic term and the explicit scheme

TEST(ExplicitEuler, GainsEnergyEveryStep) {
  rigid_body_d b = make_body({1, 2, 3}, {0.5, 2.0, 0.5});
  const rotation_settings s = settings(integrator_kind::explicit_euler);
  const double h = 1.0 / 60, e0 = b.kinetic_energy();
  for (int i = 0; i < 600; ++i) {
    // predicted gain: 1/2 h^2 alpha . I alpha
    const dvec3 alpha = b.angular_acceleration(dvec3(0), true);
    const double gain = 0.5 * h * h * glm::dot(alpha, b.world_inertia() * alpha);
    const double e = b.kinetic_energy();
    ASSERT_TRUE(step(b, h, s).ok);
    EXPECT_NEAR(b.kinetic_energy() - e, gain, 1e-12 * e);
    EXPECT_GT(b.kinetic_energy(), e);
  }
  std::printf("  explicit-euler: energy x%.3f after 10 s\n", b.kinetic_energy() / e0);
  EXPECT_GT(b.kinetic_energy() / e0, 1.05);  // +9 % here: visible on a plot
}

TEST(GyroscopicTerm, OffMeansNoPrecessionAndLNotConserved) {
  for (integrator_kind k : all_integrators) {
    rigid_body_d b = make_body({1, 2, 3}, {0.3, 1.0, 0.5});
    const dvec3 w0 = b.angular_velocity, l0 = b.angular_momentum();
    const double e0 = b.kinetic_energy();
    const rotation_settings s = settings(k, false);
    for (int i = 0; i < 300; ++i) ASSERT_TRUE(step(b, 1.0 / 60, s).ok);
    // omega stays put (no precession) ...
    EXPECT_LT(glm::length(b.angular_velocity - w0), 1e-12) << to_string(k);
    // ... so L = I(R) omega turns with the body: not conserved.
    EXPECT_GT(angle_between(b.angular_momentum(), l0), 0.1) << to_string(k);
    // (energy is, since the body turns about omega itself)
    EXPECT_NEAR(b.kinetic_energy() / e0, 1.0, 1e-12) << to_string(k);
    // With the term on, L is (nearly) conserved by every integrator over this short run.
    rigid_body_d g = make_body({1, 2, 3}, {0.3, 1.0, 0.5});
    for (int i = 0; i < 300; ++i) step(g, 1.0 / 60, settings(k, true));
    EXPECT_LT(angle_between(g.angular_momentum(), l0), 0.1) << to_string(k);
  }
}

// [SECTION] torques

TEST(RotationIntegrator, SphericalBodyUnderConstantTorque) {
  // I = c 1: alpha = tau / c exactly, omega(t) = omega0 + alpha t for every integrator.
  const dvec3 tau(0.5, -1.0, 2.0), w0(1.0, 2.0, -0.5);
  for (integrator_kind k : all_integrators) {
    rigid_body_d b = make_body({2, 2, 2}, w0);
    for (int i = 0; i < 60; ++i) ASSERT_TRUE(step(b, 1.0 / 60, settings(k), tau).ok);
    const dvec3 expected = w0 + tau / 2.0;
    EXPECT_LT(glm::length(b.angular_velocity - expected), 1e-12) << to_string(k);
  }
}

TEST(Magnus, IntegratorTermsOnAPrescribedMotion) {
  // Spherical body, constant torque: the orientation follows q' = 1/2 omega(t) q
  // with omega linear in t. Magnus with 2 terms is 4th order, with 1 term 2nd.
  const dvec3 tau(3, -4, 2), w0(2, 1, -0.6);
  auto run = [&](int terms, int n) {
    rigid_body_d b = make_body({1, 1, 1}, w0);
    rotation_settings s = settings(integrator_kind::magnus);
    s.magnus_terms = terms;
    for (int i = 0; i < n; ++i) step(b, 1.0 / n, s, tau);
    return b.orientation;
  };
  const dquat ref = run(3, 4096);  // converged to ~1e-15 at this step
  const double e1a = rotation_distance(run(1, 32), ref), e1b = rotation_distance(run(1, 64), ref);
  const double e2a = rotation_distance(run(2, 32), ref), e2b = rotation_distance(run(2, 64), ref);
  EXPECT_NEAR(e1a / e1b, 4.0, 0.2);
  EXPECT_NEAR(e2a / e2b, 16.0, 1.0);
}

TEST(Midpoint, HeavyTopConservesTotalEnergyWithATorqueFunction) {
  // Symmetric top with a fixed tip under gravity: tau = r x m g, r = R (0, 0, l).
  // Total energy (kinetic + m g z) and L_z (about the vertical) are conserved
  // by the exact motion; the Strang-split midpoint keeps them to O(dt^2).
  const double m = 1, g = 9.81, l = 0.5;
  auto gravity = [&](const rigid_body_d& b) {
    return glm::cross(b.from_principal(dvec3(0, 0, l)), dvec3(0, 0, -m * g));
  };
  auto total_energy = [&](const rigid_body_d& b) {
    return b.kinetic_energy() + m * g * b.from_principal(dvec3(0, 0, l)).z;
  };
  auto run = [&](double dt) {
    rigid_body_d b = make_body({1.2, 1.2, 0.8}, {0, 0, 0});
    b.orientation = rotation_quat(dvec3(0.4, 0, 0));         // tilted
    b.angular_velocity = b.from_principal(dvec3(0, 0, 25));  // fast spin about the symmetry axis
    const double e0 = total_energy(b), lz0 = b.angular_momentum().z;
    double worst_e = 0, worst_lz = 0;
    for (int i = 0; i < int(std::lround(10 / dt)); ++i) {
      EXPECT_TRUE(step(b, dt, settings(integrator_kind::midpoint), gravity).ok);
      worst_e = std::max(worst_e, std::abs(total_energy(b) / e0 - 1));
      worst_lz = std::max(worst_lz, std::abs(b.angular_momentum().z / lz0 - 1));
    }
    return std::pair{worst_e, worst_lz};
  };
  const auto [e60, lz60] = run(1.0 / 60);
  const auto [e120, lz120] = run(1.0 / 120);
  std::printf("  heavy top 10 s: max energy error %.2e (1/60) %.2e (1/120); L_z %.2e %.2e\n", e60, e120, lz60, lz120);
  EXPECT_LT(e60, 1e-3);
  EXPECT_NEAR(e60 / e120, 4.0, 0.6);
  // tau is horizontal, so L_z changes only by the split's O(dt^2) error.
  EXPECT_LT(lz60, 1e-3);
}

TEST(RotationIntegrator, FloatInstantiation) {
  for (integrator_kind k : all_integrators) {
    rigid_body_f b;
    b.inertia = glm::vec3(1, 2, 3);
    b.angular_velocity = glm::vec3(0.2f, 1.0f, 0.3f);
    const float e0 = b.kinetic_energy();
    rotation_settings s;
    s.integrator = k;
    for (int i = 0; i < 60; ++i) ASSERT_TRUE(step(b, 1.0f / 60, s).ok) << to_string(k);
    EXPECT_NEAR(b.kinetic_energy() / e0, 1.0f, k == integrator_kind::explicit_euler ? 0.1f : 1e-3f);
  }
}

}  // namespace
