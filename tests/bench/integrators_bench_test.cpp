// The registered `integrators` benchmark run end to end for a short simulated time:
// one record per (integrator, dt), each carrying its accuracy metrics; the midpoint
// solver keeps energy and |L| where explicit Euler with the gyroscopic term gains
// energy (the same references as the physics tests, read through the benchmark).
#include <gtest/gtest.h>

#include "bench/runner.hpp"
#include "tests/bench/run_benchmark.hpp"

namespace framelab::bench {
namespace {

constexpr double midpoint_drift_tol = 1e-9;

double metric(const record& r, const std::string& name) {
  for (const auto& [key, value] : r.metrics) {
    if (key == name) return value;
  }
  ADD_FAILURE() << "no metric " << name;
  return 0.0;
}

TEST(integrators_benchmark, options_are_checked) {
  const benchmark_info* info = find_benchmark("integrators");
  ASSERT_NE(info, nullptr);
  option_values v;
  EXPECT_TRUE(resolve_options(*info, {{"integrators", "leapfrog"}}, v).has_value());
  EXPECT_TRUE(resolve_options(*info, {{"duration", "0"}}, v).has_value());
  ASSERT_FALSE(resolve_options(*info, {{"quick", "true"}}, v));
  std::vector<bench_case> cases;
  ASSERT_FALSE(make_cases(*info, v, cases));
  EXPECT_EQ(cases.size(), 20u);  // 5 integrators x 4 step sizes
}

TEST(integrators_benchmark, records_cost_and_accuracy_per_integrator_and_step) {
  const auto records = test::run_benchmark(
      "integrators", {{"quick", "true"}, {"duration", "5"}, {"integrators", "explicit-euler,midpoint"}});
  ASSERT_EQ(records.size(), 8u);
  for (const auto& rec : records) {
    SCOPED_TRACE(rec.param("integrator") + " at " + rec.param("steps_per_s") + " steps/s");
    EXPECT_GT(rec.ns_per_item, 0.0);
    EXPECT_EQ(rec.unit, "step");
    if (rec.param("integrator") == "midpoint") {
      EXPECT_EQ(metric(rec, "completed"), 1.0);
      EXPECT_LT(metric(rec, "energy_drift"), midpoint_drift_tol);
      EXPECT_LT(metric(rec, "momentum_drift"), midpoint_drift_tol);
    } else if (metric(rec, "completed") == 1.0) {
      EXPECT_GT(metric(rec, "energy_drift"), 1e-3) << "explicit Euler with the gyroscopic term gains energy";
    }
  }
}

}  // namespace
}  // namespace framelab::bench
