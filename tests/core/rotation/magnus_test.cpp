// The Magnus terms measured on a prescribed angular velocity with constant
// angular acceleration, omega(t) = omega0 + alpha t, against a very fine
// Runge-Kutta integration of q' = 1/2 omega q.
#include "core/rotation/magnus.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>

#include "core/rotation/quaternion_exp.hpp"

namespace {

using namespace framelab;
using dvec3 = glm::dvec3;
using dquat = glm::dquat;

const dvec3 omega0(2.0, 1.0, -0.6);
const dvec3 alpha(-3.0, 4.0, 2.0);
constexpr double duration = 2.0;

dvec3 omega_at(double t) {
  return omega0 + alpha * t;
}

// q' = 1/2 omega(t) q by classical RK4 with n steps (q renormalized at the end).
dquat reference(int n) {
  dquat q(1, 0, 0, 0);
  const double h = duration / n;
  auto f = [](double t, const dquat& y) { return dquat(0, 0.5 * omega_at(t)) * y; };
  for (int i = 0; i < n; ++i) {
    const double t = i * h;
    const dquat k1 = f(t, q), k2 = f(t + h / 2, q + k1 * (h / 2)), k3 = f(t + h / 2, q + k2 * (h / 2)),
                k4 = f(t + h, q + k3 * h);
    q = q + (k1 + k2 * 2.0 + k3 * 2.0 + k4) * (h / 6);
  }
  return glm::normalize(q);
}

const dquat& ref() {
  static const dquat r = reference(200000);
  return r;
}

// Orientation error (rad) after `duration` with n Magnus steps of `terms` terms.
double magnus_error(int n, int terms, exp_kind k = exp_kind::exact) {
  dquat q(1, 0, 0, 0);
  const double h = duration / n;
  for (int i = 0; i < n; ++i) {
    const dvec3 w = omega_at(i * h);
    q = glm::normalize(rotation_quat(magnus_vector(w, alpha, h, terms), k) * q);
  }
  return rotation_distance(q, ref());
}

TEST(MagnusReference, IsConverged) {
  // The reference itself against one with half the steps: far below the errors measured.
  EXPECT_LT(rotation_distance(reference(100000), ref()), 1e-11);
}

TEST(Magnus, TermsMatchTheirDefinitions) {
  const double dt = 0.1;
  const dvec3 w1 = omega0 + alpha * dt;
  // Omega2 = 1/12 alpha x omega dt^3 = 1/12 omega' x omega dt^2 (the two article forms agree)
  const dvec3 a = magnus_omega2(omega0, w1, dt), b = glm::cross(alpha, omega0) * (dt * dt * dt / 12);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(a[i], b[i], 1e-15);
  // Constant omega (alpha = 0): Omega = omega dt exactly, higher terms vanish.
  const dvec3 c = magnus_vector(omega0, dvec3(0), dt, 3);
  for (int i = 0; i < 3; ++i) EXPECT_DOUBLE_EQ(c[i], omega0[i] * dt);
}

TEST(Magnus, OrderOfAccuracy) {
  // Error ratios when the step halves: 2^p for order p.
  std::printf("  steps   Omega1       ratio   +Omega2      ratio   +Omega3      ratio\n");
  double prev[4] = {0, 0, 0, 0};
  double ratio[4] = {0, 0, 0, 0};
  for (int n : {16, 32, 64, 128}) {
    double e[4];
    for (int terms = 1; terms <= 3; ++terms) {
      e[terms] = magnus_error(n, terms);
      ratio[terms] = prev[terms] > 0 ? prev[terms] / e[terms] : 0;
      prev[terms] = e[terms];
    }
    std::printf("  %5d   %.3e  %5.2f   %.3e  %5.2f   %.3e  %5.2f\n", n, e[1], ratio[1], e[2], ratio[2], e[3], ratio[3]);
  }
  // Omega1 alone: second order (ratio 4); Omega1 + Omega2: fourth order (ratio 16).
  EXPECT_NEAR(ratio[1], 4.0, 0.2);
  EXPECT_NEAR(ratio[2], 16.0, 1.0);
  // Omega3 is an O(dt^5) local term, but the expansion's Omega4 has an
  // omega x (omega x (omega x alpha)) dt^5 part too, so three terms stay
  // fourth order (on this motion Omega3 does not even shrink the constant).
  EXPECT_NEAR(ratio[3], 16.0, 1.0);
}

TEST(Magnus, Omega3CapturesTheAlphaAlphaOmegaPartOfOneStep) {
  // One step with |omega| << |alpha| dt: the O(dt^5) local error is then
  // dominated by alpha x (alpha x omega), which Omega3 is.
  const dvec3 w0(0.2, 0.0, 0.0), a(0.0, 6.0, 3.0);
  const double h = 0.3;
  dquat ref(1, 0, 0, 0);
  const int n = 20000;
  for (int i = 0; i < n; ++i) {  // fine RK4 of q' = 1/2 (w0 + a t) q
    const double t = i * h / n, s = h / n;
    auto f = [&](double tt, const dquat& y) { return dquat(0, 0.5 * (w0 + a * tt)) * y; };
    const dquat k1 = f(t, ref), k2 = f(t + s / 2, ref + k1 * (s / 2)), k3 = f(t + s / 2, ref + k2 * (s / 2)),
                k4 = f(t + s, ref + k3 * s);
    ref = ref + (k1 + k2 * 2.0 + k3 * 2.0 + k4) * (s / 6);
  }
  ref = glm::normalize(ref);
  const double e2 = rotation_distance(rotation_quat(magnus_vector(w0, a, h, 2)), ref);
  const double e3 = rotation_distance(rotation_quat(magnus_vector(w0, a, h, 3)), ref);
  std::printf("  one step, |alpha| h / |omega| = %.1f: error 2 terms %.3e, 3 terms %.3e\n",
              glm::length(a) * h / glm::length(w0), e2, e3);
  EXPECT_LT(e3, 0.1 * e2);
}

TEST(Magnus, ApproxExponentialIsFourthOrderWithALargerConstant) {
  // The normalized third-order exponential over-rotates by ~theta^5/480 per
  // step (theta the step's angle): also fourth order globally, but here it
  // dominates the Magnus truncation error of Omega1 + Omega2.
  const double exact = magnus_error(128, 2, exp_kind::exact);
  const double approx = magnus_error(128, 2, exp_kind::approx);
  std::printf("  128 steps, Omega1+Omega2: exact exp %.3e rad, approx exp %.3e rad\n", exact, approx);
  EXPECT_NEAR(magnus_error(64, 2, exp_kind::approx) / approx, 16.0, 1.5);
  // Predicted from the per-step angle error (axes nearly aligned step to step).
  double predicted = 0;
  const double h = duration / 128;
  for (int i = 0; i < 128; ++i) {
    const double theta = glm::length(magnus_vector(omega_at(i * h), alpha, h, 2));
    predicted += std::pow(theta, 5) / 480;
  }
  EXPECT_NEAR(approx, predicted, 0.3 * predicted);
}

TEST(Magnus, SubstepsNeeded) {
  const double bound = std::numbers::pi / std::sqrt(2.0);
  EXPECT_NEAR(magnus_convergence_bound<double>, bound, 1e-15);
  EXPECT_EQ(magnus_substeps_needed(0.5), 1);
  EXPECT_EQ(magnus_substeps_needed(bound), 1);
  EXPECT_EQ(magnus_substeps_needed(bound * 1.5), 2);
  EXPECT_EQ(magnus_substeps_needed(bound * 3.0), 4);  // the margin keeps each substep strictly inside
  EXPECT_EQ(magnus_substeps_needed(std::nan("")), 0);
  // rotation_per_step bounds the integral of |omega| over the step.
  const double dt = 0.5;
  double integral = 0;
  for (int i = 0; i < 10000; ++i) integral += glm::length(omega_at((i + 0.5) * dt / 10000)) * dt / 10000;
  EXPECT_GE(rotation_per_step(omega0, alpha, dt), integral);
}

}  // namespace
