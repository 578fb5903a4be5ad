// The registered `broadphase` benchmark on small sizes: both methods per size (the
// sort-and-sweep case checks its last answer against the brute force), the brute force
// skipped above --brute-max, ratios against the brute force, and the sphere full step.
#include <gtest/gtest.h>

#include <cmath>

#include "bench/report.hpp"
#include "bench/runner.hpp"

namespace framelab::bench {
namespace {

TEST(broadphase_benchmark, options_and_cases) {
  const benchmark_info* info = find_benchmark("broadphase");
  ASSERT_NE(info, nullptr);
  option_values v;
  ASSERT_FALSE(resolve_options(*info, {}, v));
  EXPECT_EQ(v.text("sizes"), "10,30,100,300,1000,3000,10000,30000,100000");
  std::vector<bench_case> cases;
  ASSERT_FALSE(make_cases(*info, v, cases));
  EXPECT_EQ(cases.size(), 2u * 9u + 2u);  // both methods at every size, two sphere steps
  ASSERT_FALSE(resolve_options(*info, {{"quick", "true"}}, v));
  EXPECT_EQ(v.text("brute-max"), "10000");
  EXPECT_TRUE(resolve_options(*info, {{"sizes", "1"}}, v).has_value());
  EXPECT_TRUE(resolve_options(*info, {{"spheres", "-5"}}, v).has_value());
}

TEST(broadphase_benchmark, a_small_run_measures_both_methods_and_the_sphere_step) {
  const benchmark_info* info = find_benchmark("broadphase");
  ASSERT_NE(info, nullptr);
  option_values v;
  ASSERT_FALSE(resolve_options(*info, {{"sizes", "50,400,2000"}, {"brute-max", "400"}, {"spheres", "300"}}, v));
  std::vector<bench_case> cases;
  ASSERT_FALSE(make_cases(*info, v, cases));
  ASSERT_EQ(cases.size(), 2u + 2u + 1u + 2u);  // 2000: sort-and-sweep only
  runner r;
  ASSERT_FALSE(r.start(std::move(cases)));
  r.wait();
  ASSERT_TRUE(r.progress().errors.empty()) << r.progress().errors.front();
  const auto records = r.records();
  ASSERT_EQ(records.size(), 7u);
  const auto ratios = compute_ratios(records, info->compare);
  for (std::size_t i = 0; i < records.size(); ++i) {
    EXPECT_GT(records[i].ns_per_item, 0.0) << i;
    const bool boxes = records[i].param("test") == "boxes";
    EXPECT_EQ(records[i].unit, boxes ? "update" : "step") << i;
    // a ratio where the brute force was measured at the same size
    const bool has_baseline =
        boxes && records[i].param("method") == "sort-and-sweep" && records[i].param("size") != "2000";
    EXPECT_EQ(std::isfinite(ratios[i]), has_baseline) << i;
  }
}

}  // namespace
}  // namespace framelab::bench
