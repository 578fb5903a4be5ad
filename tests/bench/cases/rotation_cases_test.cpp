// The rotation benchmark cases at small scale: they run, report sane numbers,
// and rank the integrators the way the full benchmark should.
#include "bench/cases/rotation_cases.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace framelab;
using namespace framelab::bench;

TEST(RotationBench, StepCaseRunsEveryIntegrator) {
  for (integrator_kind k : all_integrators) {
    const double checksum = rotation_bench_steps(k, 1500);  // crosses two restarts
    EXPECT_TRUE(std::isfinite(checksum)) << to_string(k);
  }
}

TEST(RotationBench, ReferenceMatchesTheCase) {
  rotation_bench_case c;
  c.duration = 0;
  const rotation_bench_reference r0 = make_rotation_bench_reference(c);
  EXPECT_NEAR(glm::length(r0.omega_body - c.omega), 0.0, 1e-12);
  EXPECT_NEAR(rotation_angle(r0.orientation), 0.0, 1e-12);
  EXPECT_EQ(r0.intermediate_axis, 1);
  EXPECT_NEAR(r0.flip_period, 10.05, 0.01);
}

TEST(RotationBench, AccuracyCaseRanksIntegrators) {
  rotation_bench_case c;
  c.duration = 25;  // two and a half flip periods
  const rotation_bench_reference ref = make_rotation_bench_reference(c);
  const rotation_accuracy_result mid = rotation_bench_accuracy(integrator_kind::midpoint, 1.0 / 60, c, ref);
  EXPECT_TRUE(mid.completed);
  EXPECT_EQ(mid.steps, 1500);
  EXPECT_LT(mid.energy_drift, 1e-12);
  EXPECT_LT(mid.momentum_drift, 1e-12);
  EXPECT_LT(mid.momentum_direction_drift, 1e-12);
  EXPECT_EQ(mid.flips, 5);
  EXPECT_NEAR(mid.flip_period_error, 0.0, 5e-4);
  EXPECT_LT(mid.omega_error, 1e-3);
  EXPECT_LT(mid.orientation_error, 0.1);

  // Halving dt: the midpoint's omega error drops ~4x.
  const rotation_accuracy_result mid2 = rotation_bench_accuracy(integrator_kind::midpoint, 1.0 / 120, c, ref);
  EXPECT_NEAR(mid.omega_error / mid2.omega_error, 4.0, 0.5);

  const rotation_accuracy_result rk = rotation_bench_accuracy(integrator_kind::rk4, 1.0 / 240, c, ref);
  EXPECT_TRUE(rk.completed);
  EXPECT_LT(rk.omega_error, 1e-3);

  // explicit-euler at 1/30 blows up (after ~47 s): reported, not thrown or crashed.
  rotation_bench_case c60 = c;
  c60.duration = 60;
  const rotation_accuracy_result ee =
      rotation_bench_accuracy(integrator_kind::explicit_euler, 1.0 / 30, c60, make_rotation_bench_reference(c60));
  EXPECT_FALSE(ee.completed);
  EXPECT_FALSE(ee.message.empty());
  EXPECT_LT(ee.steps, 1800);
  EXPECT_TRUE(std::isnan(ee.omega_error));
  EXPECT_GT(ee.energy_drift, 10.0);
}

}  // namespace
