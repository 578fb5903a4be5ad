// The rotation integrators' Dzhanibekov flip at the full scale, 1000 s of simulated
// time: a soak, run in the Release build (release_tests) like the endurance test; under
// ASan it took 10 s (rotation_integrator_test.cpp runs the same measurement over 100 s).
#include <gtest/gtest.h>

#include <cstdio>

#include "core/rotation/free_rotation_reference.hpp"
#include "tests/core/rotation/flip_measurement.hpp"

namespace {

using framelab::asymmetric_top_reference;
using framelab::integrator_kind;
using framelab::rotation_test::dvec3;
using framelab::rotation_test::flip_measurement;
using framelab::rotation_test::run_flips;

constexpr double long_run_l_direction_drift_tol = 1e-6;  // rad, as at test scale

TEST(Midpoint4, DzhanibekovFlipOver1000sKeepsInvariantsAndTheExactPeriod) {
  // The targets at full scale: 1000 s at dt = 1/60 s, energy and |L| kept to
  // 1e-11, the flip period within 1e-6 of the elliptic-function value (the
  // second-order midpoint rule is at ~2e-4 there).
  constexpr double midpoint4_invariant_tol = 1e-11, midpoint4_period_tol = 1e-6;
  const dvec3 omega(0.01, 5, 0.01);
  const flip_measurement m = run_flips(integrator_kind::midpoint4, omega, 1.0 / 60, 1000);
  const double period = asymmetric_top_reference<double>(dvec3(1, 2, 3), omega).period();
  std::printf(
      "  midpoint4, 1000 s at 60 Hz: energy drift %.2e, |L| drift %.2e, L direction %.2e rad, "
      "%d flips, period %.9f s vs elliptic %.9f s (%.2e)\n",
      m.energy_drift, m.l_drift, m.l_direction_drift, m.flips, m.period, period, m.period / period - 1);
  EXPECT_LE(m.energy_drift, midpoint4_invariant_tol);
  EXPECT_LE(m.l_drift, midpoint4_invariant_tol);
  EXPECT_LE(m.l_direction_drift, long_run_l_direction_drift_tol);
  EXPECT_GE(m.flips, 180);
  EXPECT_NEAR(m.period / period, 1.0, midpoint4_period_tol);
}

}  // namespace
