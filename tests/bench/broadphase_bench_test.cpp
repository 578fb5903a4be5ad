// The registered `broadphase` benchmark on small sizes: the three methods per size (the
// sort-and-sweep and grid cases check their last answer against the brute force), the brute
// force skipped above --brute-max, ratios against sort-and-sweep at the same size, and the
// sphere full step with sort-and-sweep, with the grid, and with the grid's pair search on every
// core.
#include <gtest/gtest.h>

#include <cmath>

#include "bench/report.hpp"
#include "bench/runner.hpp"
#include "tests/bench/run_benchmark.hpp"

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
  EXPECT_EQ(v.text("brute-max"), "10000");
  // sort-and-sweep and the grid at every size, the brute force up to 10,000, six sphere steps
  // (a gas and a settled pile, each with sort-and-sweep, the grid and the grid on every core)
  EXPECT_EQ(cases.size(), 2u * 9u + 7u + 6u);
  EXPECT_EQ(info->compare.baseline, "sort-and-sweep");
  ASSERT_FALSE(resolve_options(*info, {{"quick", "true"}}, v));
  EXPECT_EQ(v.text("sizes"), "10,100,1000,10000");
  ASSERT_FALSE(resolve_options(*info, {{"sizes", "1e6"}}, v));  // a million is reachable
  ASSERT_FALSE(make_cases(*info, v, cases));
  EXPECT_EQ(cases.size(), 2u + 6u);  // no brute force at a million
  EXPECT_TRUE(resolve_options(*info, {{"sizes", "1"}}, v).has_value());
  EXPECT_TRUE(resolve_options(*info, {{"spheres", "-5"}}, v).has_value());
}

TEST(broadphase_benchmark, a_small_run_measures_the_three_methods_and_the_sphere_steps) {
  const benchmark_info* info = find_benchmark("broadphase");
  ASSERT_NE(info, nullptr);
  auto cases = test::cases_of("broadphase", {{"sizes", "50,400,2000"}, {"brute-max", "400"}, {"spheres", "300"}});
  ASSERT_EQ(cases.size(), 2u + 3u + 3u + 6u);  // 2000: no brute force
  const auto records = test::run_cases(std::move(cases));
  ASSERT_EQ(records.size(), 14u);
  const auto ratios = compute_ratios(records, info->compare);
  int grid_records = 0;
  for (std::size_t i = 0; i < records.size(); ++i) {
    EXPECT_GT(records[i].ns_per_item, 0.0) << i;
    const bool boxes = records[i].param("test") == "boxes";
    EXPECT_EQ(records[i].unit, boxes ? "update" : "step") << i;
    // a ratio for every method but the baseline (sort-and-sweep is measured at every size)
    EXPECT_EQ(std::isfinite(ratios[i]), records[i].param("method") != "sort-and-sweep") << i;
    if (records[i].param("method") == "uniform grid") {
      ++grid_records;
      bool has_pairs = false;
      for (const auto& [name, value] : records[i].metrics) has_pairs |= name == "overlapping_pairs";
      EXPECT_EQ(has_pairs, boxes) << i;
    }
  }
  EXPECT_EQ(grid_records, 5);
}

}  // namespace
}  // namespace framelab::bench
