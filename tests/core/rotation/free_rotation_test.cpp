// The closed-form torque-free references against a fine, test-local
// Runge-Kutta integration of Euler's equations and the orientation ODE.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "core/rotation/free_rotation_reference.hpp"

namespace {

using namespace framelab;
using dvec3 = glm::dvec3;
using dquat = glm::dquat;

constexpr double omega_tol = 1e-9;        // rad/s, closed form vs fine RK4
constexpr double orientation_tol = 1e-9;  // rad

// Torque-free motion in the principal frame: I omega' = (I omega) x omega,
// q' = 1/2 q omega_b (q principal -> world).
struct euler_state {
  dquat q;
  dvec3 w;
};

euler_state integrate_euler(const dvec3& inertia, euler_state s, double t_end, double h = 1e-3) {
  auto f = [&](const euler_state& y) {
    const dvec3 dw = glm::cross(inertia * y.w, y.w) / inertia;
    return euler_state{y.q * dquat(0, 0.5 * y.w), dw};
  };
  auto add = [](const euler_state& a, const euler_state& d, double k) {
    return euler_state{a.q + d.q * k, a.w + d.w * k};
  };
  const int n = int(std::lround(t_end / h));
  h = t_end / n;
  for (int i = 0; i < n; ++i) {
    const euler_state k1 = f(s), k2 = f(add(s, k1, h / 2)), k3 = f(add(s, k2, h / 2)), k4 = f(add(s, k3, h));
    s.q = glm::normalize(s.q + (k1.q + k2.q * 2.0 + k3.q * 2.0 + k4.q) * (h / 6));
    s.w = s.w + (k1.w + k2.w * 2.0 + k3.w * 2.0 + k4.w) * (h / 6);
  }
  return s;
}

void expect_vec_near(const dvec3& a, const dvec3& b, double tol, const char* what) {
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(a[i], b[i], tol) << what << " component " << i;
}

double angle_between(const dquat& a, const dquat& b) {
  const dquat d = glm::conjugate(a) * b;
  return 2 * std::atan2(std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z), std::abs(d.w));
}

TEST(SymmetricTop, MatchesEulerEquations) {
  const dvec3 inertia(2, 2, 3.5);
  const dvec3 w0(0.4, -0.3, 1.7);
  const dquat r0 = glm::normalize(dquat(0.9, 0.2, -0.3, 0.1));
  const symmetric_top_reference<double> ref(2, 3.5, w0, r0);
  euler_state s{r0, w0};
  double t = 0;
  for (double t_next : {0.5, 3.0, 11.0}) {
    s = integrate_euler(inertia, s, t_next - t);
    t = t_next;
    expect_vec_near(ref.omega_body(t), s.w, omega_tol, "omega_body");
    EXPECT_LT(angle_between(ref.principal_to_world(t), s.q), orientation_tol) << "t=" << t;
  }
}

TEST(SymmetricTop, PrecessionRates) {
  // Oblate top, omega3 > 0: the body-frame omega turns counter-clockwise about z at
  // (I3 - I1)/I1 omega3 and the world symmetry axis about L at |L|/I1.
  const double i1 = 1.0, i3 = 1.8;
  const dvec3 w0(0.5, 0, 2.0);
  const symmetric_top_reference<double> ref(i1, i3, w0);
  EXPECT_DOUBLE_EQ(ref.body_precession_rate(), 0.8 * 2.0);
  EXPECT_DOUBLE_EQ(ref.space_precession_rate(), std::sqrt(0.25 + 3.6 * 3.6) / 1.0);
  // Quarter turn of the body-frame omega, from RK4.
  const double t = (std::numbers::pi / 2) / ref.body_precession_rate();
  const euler_state s = integrate_euler(dvec3(i1, i1, i3), euler_state{dquat(1, 0, 0, 0), w0}, t);
  expect_vec_near(s.w, dvec3(0, 0.5, 2.0), 1e-9, "quarter turn");
}

struct asymmetric_case {
  dvec3 inertia;
  dvec3 w0;
};

const std::vector<asymmetric_case> asymmetric_cases{
    {{1, 2, 3}, {0.01, 5, 0.01}},    // near the intermediate axis (Dzhanibekov)
    {{1, 2, 3}, {0.3, 1.0, 2.0}},    // circles axis 3
    {{1, 2, 3}, {2.0, 1.0, 0.2}},    // circles axis 1
    {{1, 2, 3}, {-1.0, 0.7, -0.4}},  // negative components
    {{3, 1, 2}, {0.2, 0.1, 3.0}},    // intermediate moment on axis 3
    {{2, 3, 1}, {1.0, -0.5, 0.8}},   // odd and even relabellings
    {{3, 2, 1}, {0.05, -4.0, 0.1}}, {{2, 1, 3}, {0.6, 0.2, -1.1}}, {{1.5, 2.0, 2.5}, {1e-3, 2.0, 0.0}},
};

TEST(AsymmetricTop, MatchesEulerEquations) {
  for (const asymmetric_case& c : asymmetric_cases) {
    const asymmetric_top_reference<double> ref(c.inertia, c.w0);
    ASSERT_FALSE(ref.steady());
    expect_vec_near(ref.omega_body(0), c.w0, 1e-12, "t=0");
    euler_state s{dquat(1, 0, 0, 0), c.w0};
    double t = 0;
    for (double t_next : {0.7, 4.0, 15.0}) {
      s = integrate_euler(c.inertia, s, t_next - t);
      t = t_next;
      SCOPED_TRACE(testing::Message() << "inertia " << c.inertia.x << "," << c.inertia.y << "," << c.inertia.z
                                      << " t=" << t);
      expect_vec_near(ref.omega_body(t), s.w, 1e-8, "omega_body");
    }
  }
}

TEST(AsymmetricTop, OrientationMatchesEulerEquations) {
  const dquat r0 = glm::normalize(dquat(0.7, -0.2, 0.5, 0.3));
  for (const asymmetric_case& c : asymmetric_cases) {
    const asymmetric_top_reference<double> ref(c.inertia, c.w0, r0);
    EXPECT_LT(angle_between(ref.principal_to_world(0), r0), 1e-14);
    euler_state s{r0, c.w0};
    double t = 0;
    for (double t_next : {0.7, 4.0, 15.0, 31.3}) {
      s = integrate_euler(c.inertia, s, t_next - t);
      t = t_next;
      SCOPED_TRACE(testing::Message() << "inertia " << c.inertia.x << "," << c.inertia.y << "," << c.inertia.z
                                      << " t=" << t);
      EXPECT_LT(angle_between(ref.principal_to_world(t), s.q), 1e-8);
      // L_w = R(t) I omega_b(t) stays put
      const dvec3 l = ref.principal_to_world(t) * (c.inertia * ref.omega_body(t));
      expect_vec_near(l, ref.angular_momentum_world(), 1e-12, "L world");
    }
  }
  // Steady spin and the separatrix start (an equilibrium) rotate uniformly.
  const asymmetric_top_reference<double> steady(dvec3(1, 2, 3), dvec3(0, 2, 0), r0);
  EXPECT_LT(angle_between(steady.principal_to_world(1.5), rotation_quat(r0 * dvec3(0, 3, 0)) * r0), 1e-14);
}

TEST(AsymmetricTop, PeriodReturnsOmega) {
  for (const asymmetric_case& c : asymmetric_cases) {
    const asymmetric_top_reference<double> ref(c.inertia, c.w0);
    const double period = ref.period();
    ASSERT_TRUE(std::isfinite(period));
    const euler_state s = integrate_euler(c.inertia, euler_state{dquat(1, 0, 0, 0), c.w0}, period, 5e-4);
    expect_vec_near(s.w, c.w0, 1e-8, "after one period");
    // Half a period: the intermediate-axis component (b) has flipped sign
    // and the circled axis (c) has not.
    const euler_state h = integrate_euler(c.inertia, euler_state{dquat(1, 0, 0, 0), c.w0}, period / 2, 5e-4);
    const int b = ref.intermediate_axis(), k = ref.circled_axis();
    EXPECT_NEAR(h.w[k], c.w0[k], 1e-8);
    if (std::abs(c.w0[b]) > 1e-3) {
      EXPECT_LT(h.w[b] * c.w0[b], 0.0) << "no flip in half a period";
    }
  }
}

TEST(AsymmetricTop, InvariantsAndParameters) {
  const asymmetric_top_reference<double> ref(dvec3(1, 2, 3), dvec3(0.01, 5, 0.01));
  EXPECT_NEAR(ref.kinetic_energy(), 0.5 * (1e-4 + 2 * 25 + 3 * 1e-4), 1e-12);
  EXPECT_NEAR(ref.parameter_m() + ref.parameter_mc(), 1.0, 1e-15);
  EXPECT_GT(ref.parameter_m(), 0.99);  // close to the separatrix
  EXPECT_EQ(ref.intermediate_axis(), 1);
  for (double t : {3.0, 40.0, 97.5}) {
    const dvec3 w = ref.omega_body(t);
    const dvec3 l = dvec3(1, 2, 3) * w;
    EXPECT_NEAR(0.5 * glm::dot(w, l), ref.kinetic_energy(), 1e-11);
    EXPECT_NEAR(glm::length(l), ref.angular_momentum_magnitude(), 1e-11);
  }
}

TEST(AsymmetricTop, EqualMomentsReduceToTheSymmetricTop) {
  const dquat r0 = glm::normalize(dquat(0.9, 0.1, 0.3, -0.2));
  const dvec3 w0(0.5, -0.2, 2.0);
  const symmetric_top_reference<double> sym(1, 2, w0, r0);
  const asymmetric_top_reference<double> oblate(dvec3(1, 1, 2), w0, r0);
  for (double t : {0.3, 2.0, 9.0}) {
    expect_vec_near(oblate.omega_body(t), sym.omega_body(t), 1e-12, "oblate omega");
    EXPECT_LT(angle_between(oblate.principal_to_world(t), sym.principal_to_world(t)), 1e-10) << t;
  }
  // Prolate (I2 = I3) against Euler's equations, and a sphere.
  const dvec3 prolate(1, 2, 2);
  const asymmetric_top_reference<double> p(prolate, w0);
  const euler_state s = integrate_euler(prolate, euler_state{dquat(1, 0, 0, 0), w0}, 3.0);
  expect_vec_near(p.omega_body(3.0), s.w, 1e-9, "prolate omega");
  EXPECT_LT(angle_between(p.principal_to_world(3.0), s.q), 1e-9);
  const asymmetric_top_reference<double> sphere(dvec3(2, 2, 2), w0);
  EXPECT_TRUE(sphere.steady());
  expect_vec_near(sphere.omega_body(5), w0, 0, "sphere");
}

TEST(AsymmetricTop, SteadyAndSeparatrix) {
  // Spin about the largest or smallest axis: steady.
  const asymmetric_top_reference<double> s3(dvec3(1, 2, 3), dvec3(0, 0, 2));
  EXPECT_TRUE(s3.steady());
  expect_vec_near(s3.omega_body(10), dvec3(0, 0, 2), 0, "steady about 3");
  const asymmetric_top_reference<double> s1(dvec3(1, 2, 3), dvec3(-1.5, 0, 0));
  EXPECT_TRUE(s1.steady());
  expect_vec_near(s1.omega_body(10), dvec3(-1.5, 0, 0), 0, "steady about 1");
  // Exactly about the intermediate axis: on the separatrix (m = 1), infinite period.
  const asymmetric_top_reference<double> sep(dvec3(1, 2, 3), dvec3(0, 2, 0));
  EXPECT_TRUE(std::isinf(sep.period()));
  const dvec3 w = sep.omega_body(5);
  EXPECT_NEAR(std::abs(w.y), 2.0, 1e-12);
}

}  // namespace
