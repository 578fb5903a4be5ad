#pragma once
// Test helpers: smooth random motions A(t) and the dynamics measured from their
// poses by finite differences, independent of the article's formulas.
//   f'(t)  ~ (f(t-2h) - 8 f(t-h) + 8 f(t+h) - f(t+2h)) / (12 h)             O(h^4)
//   f''(t) ~ (-f(t-2h) + 16 f(t-h) - 30 f(t) + 16 f(t+h) - f(t+2h)) / (12 h^2)  O(h^4)
//   v = dT/dt, a = d2T/dt2, w = skew part of (dR/dt) R^T,
//   alpha = skew part of (d2R/dt2) R^T  (since d2R/dt2 R^T = alpha + w^2 and w^2 is symmetric).
// Motions are evaluated in long double so the differences lose little to rounding.
// The tests of the moving-frame headers share the tolerances, the measurement in
// double and the random changes of a jet at the end of this file:
//   using namespace framelab::test;
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>

#include "core/frames/dynamic_transform.hpp"
#include "core/frames/dynamics_delta.hpp"

namespace framelab::test {

using ld = long double;

template <class U, class T, int N>
transform<U, N> cast(const transform<T, N>& a) {
  transform<U, N> r;
  r.translation = glm::vec<N, U>(a.translation);
  if constexpr (N == 2) {
    r.rotation = U(a.rotation);
  } else {
    r.rotation = glm::qua<U>(U(a.rotation.w), U(a.rotation.x), U(a.rotation.y), U(a.rotation.z));
  }
  r.scale = U(a.scale);
  return r;
}
template <class U, class T, int N>
dynamic_transform<U, N> cast(const dynamic_transform<T, N>& a) {
  dynamic_transform<U, N> r;
  r.pose = cast<U>(a.pose);
  r.velocity = glm::vec<N, U>(a.velocity);
  r.accel = glm::vec<N, U>(a.accel);
  r.angular_velocity = skew_t<U, N>(a.angular_velocity);
  r.angular_accel = skew_t<U, N>(a.angular_accel);
  return r;
}

template <int N>
glm::vec<N, ld> random_vec(std::mt19937& rng, ld amplitude = 1) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  glm::vec<N, ld> v;
  for (int i = 0; i < N; ++i) v[i] = amplitude * ld(u(rng));
  return v;
}
template <int N>
skew_t<ld, N> random_skew(std::mt19937& rng, ld amplitude = 1) {
  if constexpr (N == 2) {
    return random_vec<1>(rng, amplitude).x;
  } else {
    return random_vec<3>(rng, amplitude);
  }
}

// exp of a skew vector applied before R0: exp(phi) R0
template <int N>
rotation_t<ld, N> exp_times(const skew_t<ld, N>& phi, const rotation_t<ld, N>& r0) {
  if constexpr (N == 2) {
    return phi + r0;
  } else {
    return rotation_from_vector(phi) * r0;
  }
}

// A smooth motion with sines and polynomials in every component:
//   T(t) = c0 + c1 t + c2 t^2 + c3 sin(k t + p)
//   R(t) = exp(phi(t)) R0,  phi(t) = d1 t + d2 t^2 + d3 sin(k t + p)
template <int N>
struct smooth_motion {
  glm::vec<N, ld> c0, c1, c2, c3;
  skew_t<ld, N> d1, d2, d3;
  rotation_t<ld, N> r0;
  ld k = 1, p = 0, scale = 1;

  static smooth_motion random(std::mt19937& rng, ld size = 1) {
    smooth_motion m;
    m.c0 = random_vec<N>(rng, 2 * size);
    m.c1 = random_vec<N>(rng, size);
    m.c2 = random_vec<N>(rng, size * 0.5L);
    m.c3 = random_vec<N>(rng, size * 0.5L);
    m.d1 = random_skew<N>(rng, 1);
    m.d2 = random_skew<N>(rng, 0.5L);
    m.d3 = random_skew<N>(rng, 0.5L);
    m.r0 = exp_times<N>(random_skew<N>(rng, 3), identity_rotation<ld, N>());
    std::uniform_real_distribution<double> u(0.5, 2.0);
    m.k = ld(u(rng));
    m.p = ld(u(rng));
    m.scale = ld(u(rng));
    return m;
  }
  transform<ld, N> at(ld t) const {
    transform<ld, N> a;
    const ld s = std::sin(k * t + p);
    a.translation = c0 + c1 * t + c2 * (t * t) + c3 * s;
    a.rotation = exp_times<N>(d1 * t + d2 * (t * t) + d3 * s, r0);
    a.scale = scale;
    return a;
  }
};

// A motion with prescribed dynamics at t0 (its 2-jet) plus cubic terms:
//   T(t) = T0 + v s + a s^2/2 + j s^3/6,  R(t) = exp(w s + alpha s^2/2 + jw s^3/6) R0,  s = t - t0.
// exp(phi(s)) with phi(0) = 0 has angular velocity phi'(0) and angular acceleration phi''(0) at s = 0.
template <int N>
struct jet_motion {
  dynamic_transform<ld, N> d0;
  glm::vec<N, ld> jerk = glm::vec<N, ld>(0);
  skew_t<ld, N> angular_jerk = zero_skew<ld, N>();
  ld t0 = 0;

  static jet_motion random(std::mt19937& rng, ld t0) {
    jet_motion m;
    m.t0 = t0;
    m.d0.pose = smooth_motion<N>::random(rng).at(t0);
    m.d0.velocity = random_vec<N>(rng);
    m.d0.accel = random_vec<N>(rng);
    m.d0.angular_velocity = random_skew<N>(rng);
    m.d0.angular_accel = random_skew<N>(rng);
    m.jerk = random_vec<N>(rng);
    m.angular_jerk = random_skew<N>(rng);
    return m;
  }
  transform<ld, N> at(ld t) const {
    const ld s = t - t0;
    transform<ld, N> a = d0.pose;
    a.translation += d0.velocity * s + d0.accel * (s * s / 2) + jerk * (s * s * s / 6);
    a.rotation = exp_times<N>(d0.angular_velocity * s + d0.angular_accel * (s * s / 2) + angular_jerk * (s * s * s / 6),
                              d0.pose.rotation);
    return a;
  }
};

constexpr ld default_fd_step = 1e-3L;

// Dynamics of pose_at(t) at t, measured by the 5-point stencils above.
template <int N, class F>
dynamic_transform<ld, N> fd_dynamics(const F& pose_at, ld t, ld h = default_fd_step) {
  std::array<transform<ld, N>, 5> p;
  for (int i = 0; i < 5; ++i) p[i] = pose_at(t + ld(i - 2) * h);
  const ld d1[5] = {1, -8, 0, 8, -1};
  const ld d2[5] = {-1, 16, -30, 16, -1};
  dynamic_transform<ld, N> d;
  d.pose = p[2];
  glm::mat<N, N, ld> rdot(0), rddot(0);
  for (int i = 0; i < 5; ++i) {
    d.velocity += p[i].translation * (d1[i] / (12 * h));
    d.accel += p[i].translation * (d2[i] / (12 * h * h));
    const auto r = rotation_matrix(p[i].rotation);
    rdot += r * (d1[i] / (12 * h));
    rddot += r * (d2[i] / (12 * h * h));
  }
  const auto rt = glm::transpose(rotation_matrix(p[2].rotation));
  d.angular_velocity = skew_from_matrix(rdot * rt);
  d.angular_accel = skew_from_matrix(rddot * rt);
  return d;
}

// max-norm of vectors / skews
template <int L, class T>
T max_abs(const glm::vec<L, T>& v) {
  T m = 0;
  for (int i = 0; i < L; ++i) m = std::max(m, std::abs(v[i]));
  return m;
}
template <class T>
requires std::is_floating_point_v<T> T max_abs(T v) {
  return std::abs(v);
}

// Largest difference between two dynamic transforms (pose as maps on the unit
// points, velocities, accelerations, angular velocity and acceleration).
struct dynamics_error {
  double pose = 0, velocity = 0, accel = 0, angular_velocity = 0, angular_accel = 0;
};
template <class T, int N>
dynamics_error compare(const dynamic_transform<T, N>& a, const dynamic_transform<T, N>& b) {
  dynamics_error e;
  glm::vec<N, T> x(T(0));
  e.pose = double(max_abs(a.pose(x) - b.pose(x)));
  for (int i = 0; i < N; ++i) {
    x = glm::vec<N, T>(T(0));
    x[i] = T(1);
    e.pose = std::max(e.pose, double(max_abs(a.pose(x) - b.pose(x))));
  }
  e.pose = std::max(e.pose, double(std::abs(a.pose.scale - b.pose.scale)));
  e.velocity = double(max_abs(a.velocity - b.velocity));
  e.accel = double(max_abs(a.accel - b.accel));
  e.angular_velocity = double(max_abs(a.angular_velocity - b.angular_velocity));
  e.angular_accel = double(max_abs(a.angular_accel - b.angular_accel));
  return e;
}

// ---- What the finite-difference tests share ----------------------------------

// Finite differences (h = 1e-3 in long double): O(h^4) truncation, ~1e-12 rounding.
constexpr double fd_tol_pose = 1e-12;
constexpr double fd_tol_vel = 1e-9;
constexpr double fd_tol_acc = 1e-7;
// Random motions (or instants) a test checks.
constexpr int trials = 20;

// The dynamics of pose_at(t) at t, measured by fd_dynamics and given in double.
template <int N, class F>
dynamic_transform<double, N> measure(const F& pose_at, ld t) {
  return cast<double>(fd_dynamics<N>(pose_at, t));
}

// A random change (dv, da, dw, dalpha), components in [-1, 1]: exact in double and long double.
template <int N>
dynamics_delta<double, N> random_delta(std::mt19937& rng) {
  return {glm::vec<N, double>(random_vec<N>(rng)), glm::vec<N, double>(random_vec<N>(rng)),
          skew_t<double, N>(random_skew<N>(rng)), skew_t<double, N>(random_skew<N>(rng))};
}

// The jet's rates at t0 changed by d; its pose is kept.
template <int N>
void add_to_jet(jet_motion<N>& m, const dynamics_delta<double, N>& d) {
  m.d0.velocity += glm::vec<N, ld>(d.velocity);
  m.d0.accel += glm::vec<N, ld>(d.accel);
  m.d0.angular_velocity += skew_t<ld, N>(d.angular_velocity);
  m.d0.angular_accel += skew_t<ld, N>(d.angular_accel);
}

// The fixture of the delta tests: a parent A2(t) (a smooth motion) and a child A1(t)
// (a jet at t0) whose local rates change by `local` at t0, its pose kept. `parent` is
// A2's measured dynamics at t0 and `global` the measured change of A2 o A1.
template <int N>
struct child_change {
  dynamic_transform<double, N> parent;
  dynamics_delta<double, N> local, global;

  static child_change random(std::mt19937& rng, ld t0) {
    const auto m2 = smooth_motion<N>::random(rng);
    const auto m1 = jet_motion<N>::random(rng, t0);
    child_change c;
    c.local = random_delta<N>(rng);
    auto m1_changed = m1;
    add_to_jet(m1_changed, c.local);
    c.parent = measure<N>([&](ld s) { return m2.at(s); }, t0);
    c.global = delta_between(measure<N>([&](ld s) { return m2.at(s) * m1.at(s); }, t0),
                             measure<N>([&](ld s) { return m2.at(s) * m1_changed.at(s); }, t0));
    return c;
  }
};

// Two changes agree: velocities within tol_vel, accelerations within tol_acc.
template <int N>
void expect_delta_near(const dynamics_delta<double, N>& a, const dynamics_delta<double, N>& b, double tol_vel,
                       double tol_acc) {
  EXPECT_LE(max_abs(a.velocity - b.velocity), tol_vel) << "dv";
  EXPECT_LE(max_abs(a.angular_velocity - b.angular_velocity), tol_vel) << "dw";
  EXPECT_LE(max_abs(a.accel - b.accel), tol_acc) << "da";
  EXPECT_LE(max_abs(a.angular_accel - b.angular_accel), tol_acc) << "dalpha";
}

}  // namespace framelab::test

#define FRAMELAB_EXPECT_DYNAMICS_NEAR(a, b, tol_pose, tol_vel, tol_acc) \
  do {                                                                  \
    const auto e_ = ::framelab::test::compare((a), (b));                \
    EXPECT_LE(e_.pose, (tol_pose)) << "pose";                           \
    EXPECT_LE(e_.velocity, (tol_vel)) << "velocity";                    \
    EXPECT_LE(e_.angular_velocity, (tol_vel)) << "angular velocity";    \
    EXPECT_LE(e_.accel, (tol_acc)) << "acceleration";                   \
    EXPECT_LE(e_.angular_accel, (tol_acc)) << "angular acceleration";   \
  } while (0)
