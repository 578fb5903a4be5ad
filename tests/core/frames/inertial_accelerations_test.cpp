// Inertial accelerations: finite differences of a particle's path seen from a
// moving frame, textbook closed forms, and the carousel: a free puck integrated
// in a spinning-up platform's frame moves on a straight line in the world.
#include "core/frames/inertial_accelerations.hpp"

#include <gtest/gtest.h>

#include "tests/core/frames/motion_fd.hpp"

namespace {
using namespace framelab;
using namespace framelab::test;

constexpr double closed_form_tol = 1e-12;

// A particle of mass m under a constant world force F: x(t) = x0 + u t + F t^2 / (2m).
// Seen from a smooth moving frame A2(t), its local path is T1(t) = A2(t)^{-1}(x(t)).
// local_acceleration(A2, T1, v1, F, m) must equal d2T1/dt2.
template <int N>
void local_acceleration_matches_fd() {
  std::mt19937 rng(41);
  for (int k = 0; k < trials; ++k) {
    const auto frame = smooth_motion<N>::random(rng);
    const auto x0 = test::random_vec<N>(rng, 2), u = test::random_vec<N>(rng), force = test::random_vec<N>(rng, 3);
    const ld mass = 1.7L;
    const ld t = -1 + 0.1L * k;
    const auto particle_local = [&](ld s) {
      transform<ld, N> p;  // the particle as a (translation-only) transform, seen from the frame
      p.translation = x0 + u * s + force * (s * s / (2 * mass));
      return frame.at(s).inverse() * p;
    };
    const auto local = measure<N>(particle_local, t);
    const auto a2 = measure<N>([&](ld s) { return frame.at(s); }, t);
    const glm::vec<N, double> a1 =
        local_acceleration(a2, local.pose.translation, local.velocity, glm::vec<N, double>(force), double(mass));
    EXPECT_LE(test::max_abs(a1 - local.accel), fd_tol_acc);
    // without force the four inertial terms alone give the local acceleration
    const auto free_local = measure<N>(
        [&](ld s) {
          transform<ld, N> p;
          p.translation = x0 + u * s;
          return frame.at(s).inverse() * p;
        },
        t);
    const auto terms = compute_inertial_accelerations(a2, free_local.pose.translation, free_local.velocity);
    EXPECT_LE(test::max_abs(terms.frame + terms.centrifugal + terms.coriolis + terms.euler - free_local.accel),
              fd_tol_acc);
  }
}
TEST(inertial_accelerations, local_acceleration_matches_fd_2d) {
  local_acceleration_matches_fd<2>();
}
TEST(inertial_accelerations, local_acceleration_matches_fd_3d) {
  local_acceleration_matches_fd<3>();
}

// Textbook cases, frame rotating counter-clockwise about z at the origin, unit scale:
//   centrifugal at radius r: w^2 r, pointing outward
//   Coriolis for radial speed u outward: 2 w u, deflecting to the right (-y at +x)
//   Euler for angular acceleration alpha at radius r: alpha r, against the spin-up (-y at +x)
//   frame: a translating frame accelerating by a gives -a
TEST(inertial_accelerations, textbook_cases_3d) {
  const double w = 1.5, alpha = 0.4, r = 2.0, u = 0.7;
  dynamic_transform3d frame;
  frame.angular_velocity = {0.0, 0.0, w};
  frame.angular_accel = {0.0, 0.0, alpha};
  frame.accel = {0.3, -0.2, 0.1};
  const auto terms = compute_inertial_accelerations(frame, glm::dvec3(r, 0, 0), glm::dvec3(u, 0, 0));
  EXPECT_NEAR(glm::length(terms.centrifugal - glm::dvec3(w * w * r, 0, 0)), 0.0, closed_form_tol);
  EXPECT_NEAR(glm::length(terms.coriolis - glm::dvec3(0, -2 * w * u, 0)), 0.0, closed_form_tol);
  EXPECT_NEAR(glm::length(terms.euler - glm::dvec3(0, -alpha * r, 0)), 0.0, closed_form_tol);
  EXPECT_NEAR(glm::length(terms.frame + frame.accel), 0.0, closed_form_tol);
}
TEST(inertial_accelerations, textbook_cases_2d) {
  const double w = 1.5, alpha = 0.4, r = 2.0, u = 0.7;
  dynamic_transform2d frame;
  frame.pose.rotation = 0.8;  // terms are expressed in the frame's basis, so the frame's angle does not matter here
  frame.angular_velocity = w;
  frame.angular_accel = alpha;
  const auto terms = compute_inertial_accelerations(frame, glm::dvec2(r, 0), glm::dvec2(u, 0));
  EXPECT_NEAR(glm::length(terms.centrifugal - glm::dvec2(w * w * r, 0)), 0.0, closed_form_tol);
  EXPECT_NEAR(glm::length(terms.coriolis - glm::dvec2(0, -2 * w * u)), 0.0, closed_form_tol);
  EXPECT_NEAR(glm::length(terms.euler - glm::dvec2(0, -alpha * r)), 0.0, closed_form_tol);
  EXPECT_NEAR(glm::length(terms.frame), 0.0, closed_form_tol);
  // float build
  dynamic_transform2f ff;
  ff.angular_velocity = 2.0f;
  EXPECT_NEAR(compute_inertial_accelerations(ff, glm::vec2(1, 0), glm::vec2(0)).centrifugal.x, 4.0f, 1e-6f);
}

// ---- carousel ---------------------------------------------------------------
// Platform: centre c(t) = c0 + vc t + ac t^2 / 2, angle theta(t) = theta0 + w0 t + alpha t^2 / 2,
// scale S (metres per platform unit). A free puck (no force) moves on x(t) = x0 + u t
// in the world. We integrate it in the platform frame with RK4 on
//   dT1/dt = v1,  dv1/dt = local_acceleration(A2(t), T1, v1, 0, m)
// and map it back to the world at every step.
struct carousel {
  glm::dvec2 c0{0.5, -0.25}, vc{0.0, 0.0}, ac{0.0, 0.0};
  double theta0 = 0.3, w0 = 0.8, alpha = 0.6, scale = 1.5;
  glm::dvec2 x0{1.0, 0.5}, u{0.4, 0.9};

  dynamic_transform2d platform(double t) const {
    dynamic_transform2d a;
    a.pose.translation = c0 + vc * t + ac * (t * t / 2);
    a.pose.rotation = theta0 + w0 * t + alpha * t * t / 2;
    a.pose.scale = scale;
    a.velocity = vc + ac * t;
    a.accel = ac;
    a.angular_velocity = w0 + alpha * t;
    a.angular_accel = alpha;
    return a;
  }
  glm::dvec2 world_puck(double t) const { return x0 + u * t; }

  // Largest world-position error over [0, duration] integrating with step dt.
  double max_world_error(double dt, double duration) const {
    const int steps = int(std::lround(duration / dt));
    // Initial local state of the free puck, by hand in 2D:
    //   T1 = R(-theta) (x0 - c) / S
    //   v1 = d/dt [R(-theta) (x - c) / S] = R(-theta) ((u - vc) - w perp(x0 - c)) / S
    const auto p0 = platform(0);
    const glm::dvec2 rel = x0 - p0.pose.translation;
    glm::dvec2 t1 = inverse_rotate(p0.pose.rotation, rel) / scale;
    glm::dvec2 v1 = inverse_rotate(p0.pose.rotation, (u - p0.velocity) - p0.angular_velocity * perp(rel)) / scale;
    const auto acc = [&](double t, glm::dvec2 p, glm::dvec2 v) {
      return local_acceleration(platform(t), p, v, glm::dvec2(0), 1.0);
    };
    double err = 0;
    for (int i = 0; i < steps; ++i) {
      const double t = i * dt;
      const glm::dvec2 k1x = v1, k1v = acc(t, t1, v1);
      const glm::dvec2 k2x = v1 + k1v * (dt / 2), k2v = acc(t + dt / 2, t1 + k1x * (dt / 2), k2x);
      const glm::dvec2 k3x = v1 + k2v * (dt / 2), k3v = acc(t + dt / 2, t1 + k2x * (dt / 2), k3x);
      const glm::dvec2 k4x = v1 + k3v * dt, k4v = acc(t + dt, t1 + k3x * dt, k4x);
      t1 += (k1x + 2.0 * k2x + 2.0 * k3x + k4x) * (dt / 6);
      v1 += (k1v + 2.0 * k2v + 2.0 * k3v + k4v) * (dt / 6);
      err = std::max(err, glm::length(platform(t + dt).pose(t1) - world_puck(t + dt)));
    }
    return err;
  }
};

// RK4: the error shrinks ~16x per halving of dt; we require at least 12x (order > 3.5)
constexpr double rk4_min_ratio = 12.0;
constexpr double carousel_tol_at_60hz = 1e-5;  // metres over 4 s at dt = 1/60

void expect_fourth_order(const carousel& c) {
  const double duration = 4.0;
  const double e1 = c.max_world_error(1.0 / 60, duration);
  const double e2 = c.max_world_error(1.0 / 120, duration);
  const double e3 = c.max_world_error(1.0 / 240, duration);
  EXPECT_LT(e1, carousel_tol_at_60hz);
  EXPECT_GT(e1 / e2, rk4_min_ratio) << e1 << " " << e2;
  EXPECT_GT(e2 / e3, rk4_min_ratio) << e2 << " " << e3;
}

TEST(inertial_accelerations, carousel_free_puck_moves_straight_in_world) {
  expect_fourth_order(carousel{});
}

TEST(inertial_accelerations, carousel_on_an_accelerating_truck) {
  carousel c;
  c.vc = {0.7, -0.3};
  c.ac = {-0.4, 0.25};  // exercises the frame term -a~2 too
  expect_fourth_order(c);
}

TEST(inertial_accelerations, without_inertial_terms_the_puck_leaves_the_line) {
  // Sanity of the setup: dropping the inertial terms (a1 = 0 in the platform frame)
  // carries the puck around with the platform, far off the straight line.
  carousel c;
  const auto p0 = c.platform(0);
  const glm::dvec2 t1 = inverse_rotate(p0.pose.rotation, c.x0 - p0.pose.translation) / c.scale;
  const double t = 4.0;
  EXPECT_GT(glm::length(c.platform(t).pose(t1) - c.world_puck(t)), 0.5);
}
}  // namespace
