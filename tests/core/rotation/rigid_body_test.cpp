// rigid_body against a body made of point masses (inertia, L, energy from
// their sums) and the angular acceleration against tau = dL/dt by finite
// differences; inertia validation.
#include "core/rotation/rigid_body.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/rotation/quaternion_exp.hpp"

namespace {

using namespace framelab;
using dvec3 = glm::dvec3;
using dquat = glm::dquat;

constexpr double sum_tol = 1e-12;
constexpr double fd_tol = 1e-7;

struct point_mass {
  double m;
  dvec3 r;  // principal frame
};

// Six masses on the principal axes at +-a, +-b, +-c: principal moments
// I1 = 2 m (b^2 + c^2), I2 = 2 m (c^2 + a^2), I3 = 2 m (a^2 + b^2).
struct point_body {
  std::vector<point_mass> points;
  dvec3 moments;
};

point_body make_point_body(double m, double a, double b, double c) {
  point_body p;
  for (double s : {-1.0, 1.0}) {
    p.points.push_back({m, {s * a, 0, 0}});
    p.points.push_back({m, {0, s * b, 0}});
    p.points.push_back({m, {0, 0, s * c}});
  }
  p.moments = dvec3(2 * m * (b * b + c * c), 2 * m * (c * c + a * a), 2 * m * (a * a + b * b));
  return p;
}

rigid_body_d make_body(const point_body& p) {
  rigid_body_d b;
  b.inertia = p.moments;
  b.orientation = glm::normalize(dquat(0.8, 0.1, -0.5, 0.3));
  b.principal_axes = glm::normalize(dquat(0.9, -0.2, 0.1, 0.4));
  b.angular_velocity = dvec3(0.7, -1.3, 2.1);
  return b;
}

TEST(RigidBody, MatchesPointMassSums) {
  const point_body p = make_point_body(0.5, 1.0, 0.6, 0.3);
  const rigid_body_d b = make_body(p);
  const dquat r = b.orientation * b.principal_axes;
  const dvec3 w = b.angular_velocity;
  glm::dmat3 inertia(0.0);
  dvec3 l(0.0);
  double energy = 0;
  for (const point_mass& pm : p.points) {
    const dvec3 x = r * pm.r;          // world position
    const dvec3 v = glm::cross(w, x);  // velocity
    l += pm.m * glm::cross(x, v);      // L = sum m x × v
    energy += 0.5 * pm.m * glm::dot(v, v);
    // I = sum m (|x|^2 1 - x x^T)
    inertia += pm.m * (glm::dot(x, x) * glm::dmat3(1.0) - glm::outerProduct(x, x));
  }
  const glm::dmat3 bi = b.world_inertia();
  for (int c = 0; c < 3; ++c)
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(bi[c][i], inertia[c][i], sum_tol);
  const dvec3 bl = b.angular_momentum();
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(bl[i], l[i], sum_tol);
  EXPECT_NEAR(b.kinetic_energy(), energy, sum_tol);
}

TEST(RigidBody, FramesAreConsistent) {
  const rigid_body_d b = make_body(make_point_body(1, 1, 2, 3));
  const dvec3 v(0.3, -0.4, 1.2);
  const dvec3 back = b.from_principal(b.to_principal(v));
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(back[i], v[i], 1e-15);
  const dvec3 wb = b.body_angular_velocity(), wp = b.principal_angular_velocity();
  const dvec3 wp2 = glm::conjugate(b.principal_axes) * wb;
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(wp[i], wp2[i], 1e-15);
  rigid_body_d c = b;
  c.set_angular_momentum(b.angular_momentum());
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(c.angular_velocity[i], b.angular_velocity[i], 1e-14);
}

// tau = dL/dt, with L(t) = I(q(t)) omega(t), q(t) = exp(omega t / 2) q, omega(t) = omega + alpha t.
dvec3 torque_by_finite_difference(const rigid_body_d& b, const dvec3& alpha) {
  const double h = 1e-5;
  auto l_at = [&](double t) {
    rigid_body_d c = b;
    c.orientation = rotation_quat(b.angular_velocity * t) * b.orientation;
    c.angular_velocity = b.angular_velocity + alpha * t;
    return c.angular_momentum();
  };
  return (l_at(h) - l_at(-h)) / (2 * h);
}

TEST(RigidBody, AngularAccelerationGivesTauAsRateOfL) {
  const rigid_body_d b = make_body(make_point_body(1, 1, 2, 3));
  for (const dvec3& tau : {dvec3(0), dvec3(1.5, -2, 0.5)}) {
    const dvec3 alpha = b.angular_acceleration(tau, true);
    const dvec3 dl = torque_by_finite_difference(b, alpha);
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(dl[i], tau[i], fd_tol);
  }
}

TEST(RigidBody, TorqueFreeBodyHasGyroscopicAcceleration) {
  const rigid_body_d b = make_body(make_point_body(1, 1, 2, 3));
  // omega not along a principal axis: L not parallel to omega, so alpha != 0
  const dvec3 alpha = b.angular_acceleration(dvec3(0), true);
  EXPECT_GT(glm::length(alpha), 0.1);
  // without the term: alpha = I^-1 tau (zero here), and dL/dt != 0 (L not conserved)
  const dvec3 alpha_off = b.angular_acceleration(dvec3(0), false);
  EXPECT_EQ(glm::length(alpha_off), 0.0);
  EXPECT_GT(glm::length(torque_by_finite_difference(b, alpha_off)), 0.1);
  // with torque: I alpha = tau
  const dvec3 tau(1, 2, -3);
  const dvec3 ia = b.world_inertia() * b.angular_acceleration(tau, false);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(ia[i], tau[i], 1e-13);
}

TEST(RigidBody, SpinAboutPrincipalAxisIsSteady) {
  rigid_body_d b;
  b.inertia = dvec3(1, 2, 3);
  b.angular_velocity = dvec3(0, 5, 0);
  const dvec3 alpha = b.angular_acceleration(dvec3(0), true);
  EXPECT_EQ(glm::length(alpha), 0.0);
}

TEST(ValidateInertia, AcceptsRigidBodies) {
  EXPECT_FALSE(validate_inertia(dvec3(1, 2, 3)).has_value());  // equality: a flat lamina
  EXPECT_FALSE(validate_inertia(dvec3(1, 1, 2)).has_value());
  EXPECT_FALSE(validate_inertia(dvec3(0.1, 0.2, 0.3)).has_value());
  EXPECT_FALSE(validate_inertia(dvec3(2, 2, 2)).has_value());
  EXPECT_FALSE(validate_inertia(glm::vec3(1, 2, 2.5f)).has_value());
}

TEST(ValidateInertia, RejectsWithAClearMessage) {
  auto msg = [](dvec3 v) { return validate_inertia(v).value_or(""); };
  EXPECT_NE(msg(dvec3(0, 1, 1)).find("I1 must be > 0"), std::string::npos) << msg(dvec3(0, 1, 1));
  EXPECT_NE(msg(dvec3(1, -1, 1)).find("I2 must be > 0"), std::string::npos);
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  EXPECT_NE(msg(dvec3(1, 1, nan)).find("I3 is not a finite number"), std::string::npos);
  EXPECT_NE(msg(dvec3(inf, 1, 1)).find("I1 is not a finite number"), std::string::npos);
  const std::string t = msg(dvec3(1, 1, 3));
  EXPECT_NE(t.find("triangle inequality I1 + I2 >= I3"), std::string::npos) << t;
  EXPECT_NE(t.find("inertia (1, 1, 3)"), std::string::npos) << t;
  EXPECT_NE(msg(dvec3(5, 1, 2)).find("I2 + I3 >= I1"), std::string::npos);
  EXPECT_NE(msg(dvec3(1, 4, 2)).find("I3 + I1 >= I2"), std::string::npos);
}

TEST(ValidateBody, RejectsNonFiniteAndNonUnitState) {
  rigid_body_d b;
  b.inertia = dvec3(1, 2, 3);
  EXPECT_FALSE(validate(b).has_value());
  b.angular_velocity.y = std::numeric_limits<double>::quiet_NaN();
  EXPECT_NE(validate(b).value_or("").find("angular velocity"), std::string::npos);
  b.angular_velocity = dvec3(0);
  b.orientation = dquat(2, 0, 0, 0);
  EXPECT_NE(validate(b).value_or("").find("unit quaternion"), std::string::npos);
  b.orientation = dquat(1, 0, 0, 0);
  b.inertia = dvec3(1, 1, 5);
  EXPECT_NE(validate(b).value_or("").find("triangle"), std::string::npos);
}

TEST(RigidBody, FloatInstantiation) {
  rigid_body_f b;
  b.inertia = glm::vec3(1, 2, 3);
  b.angular_velocity = glm::vec3(0.1f, 2.0f, 0.3f);
  EXPECT_GT(b.kinetic_energy(), 0.0f);
  EXPECT_FALSE(validate(b).has_value());
}

}  // namespace
