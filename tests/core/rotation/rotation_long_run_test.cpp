// The rotation integrators' Dzhanibekov flip at the full scale, 1000 s of simulated
// time: a soak, run in the Release build (release_tests) like the endurance test; under
// ASan it took 10 s (rotation_integrator_test.cpp runs the same measurement over 100 s).
#include <gtest/gtest.h>

#include "tests/core/rotation/flip_measurement.hpp"

namespace {

using framelab::integrator_kind;
using framelab::rotation_test::dvec3;
using framelab::rotation_test::expect_flip_targets;
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
  expect_flip_targets("midpoint4, 1000 s at 60 Hz", m, omega,
                      {midpoint4_invariant_tol, long_run_l_direction_drift_tol, midpoint4_period_tol, 180});
}

}  // namespace
