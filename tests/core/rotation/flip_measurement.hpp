// The torque-free (1, 2, 3) body of the rotation integrator tests: stepping it and
// measuring the Dzhanibekov flips (rotation_integrator_test.cpp at test scale,
// rotation_long_run_test.cpp the 1000 s run in the Release build).
#pragma once
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "core/rotation/free_rotation_reference.hpp"
#include "core/rotation/rotation_integrator.hpp"

namespace framelab::rotation_test {

using dvec3 = glm::dvec3;

inline rotation_settings settings(integrator_kind k, bool gyro = true) {
  rotation_settings s;
  s.integrator = k;
  s.gyroscopic = gyro;
  return s;
}

inline rigid_body_d make_body(dvec3 inertia, dvec3 omega) {
  rigid_body_d b;
  b.inertia = inertia;
  b.angular_velocity = omega;
  return b;
}

// Angle between two vectors, accurate for small angles.
inline double angle_between(const dvec3& a, const dvec3& b) {
  return std::atan2(glm::length(glm::cross(a, b)), glm::dot(a, b));
}

struct flip_measurement {
  double energy_drift, l_drift, l_direction_drift, period;
  int flips;
};

// Steps the (1, 2, 3) body for `duration` and measures drifts and the flip
// period from sign changes of omega_2 in the principal frame.
inline flip_measurement run_flips(integrator_kind k, dvec3 omega, double dt, double duration) {
  rigid_body_d b = make_body({1, 2, 3}, omega);
  const rotation_settings s = settings(k);
  const double e0 = b.kinetic_energy();
  const dvec3 l0 = b.angular_momentum();
  std::vector<double> crossings;
  double prev = b.principal_angular_velocity().y;
  const int n = int(std::lround(duration / dt));
  for (int i = 0; i < n; ++i) {
    EXPECT_TRUE(step(b, dt, s).ok);
    const double cur = b.principal_angular_velocity().y;
    if ((cur < 0) != (prev < 0)) crossings.push_back((i + prev / (prev - cur)) * dt);  // linear interpolation
    prev = cur;
  }
  const dvec3 l = b.angular_momentum();
  flip_measurement m{};
  m.energy_drift = std::abs(b.kinetic_energy() / e0 - 1);
  m.l_drift = std::abs(glm::length(l) / glm::length(l0) - 1);
  m.l_direction_drift = angle_between(l, l0);
  m.flips = int(crossings.size());
  // two sign changes of omega_2 per period
  m.period = crossings.size() >= 3 ? 2 * (crossings.back() - crossings.front()) / double(crossings.size() - 1) : 0;
  return m;
}

// What a run of run_flips is held to: drifts of energy and |L| (relative), of L's
// direction (rad), the fewest flips, and the period against the elliptic-function one.
struct flip_targets {
  double invariant_drift, l_direction_drift, period;
  int min_flips;
};

// Prints the run (named `run`) beside the (1, 2, 3) body's elliptic-function period and
// checks it against the targets.
inline void expect_flip_targets(const char* run, const flip_measurement& m, dvec3 omega, const flip_targets& t) {
  const double period = asymmetric_top_reference<double>(dvec3(1, 2, 3), omega).period();
  std::printf(
      "  %s: energy drift %.2e, |L| drift %.2e, L direction %.2e rad, "
      "%d flips, period %.9f s vs elliptic %.9f s (%.2e)\n",
      run, m.energy_drift, m.l_drift, m.l_direction_drift, m.flips, m.period, period, m.period / period - 1);
  EXPECT_LE(m.energy_drift, t.invariant_drift);
  EXPECT_LE(m.l_drift, t.invariant_drift);
  EXPECT_LE(m.l_direction_drift, t.l_direction_drift);
  EXPECT_GE(m.flips, t.min_flips);
  EXPECT_NEAR(m.period / period, 1.0, t.period);
}

}  // namespace framelab::rotation_test
