// The registered `hierarchy` benchmark run end to end on small trees: both storages
// and the bandwidth bound (a copy of the sweep's bytes) are measured in one case on the
// same tree (the case checks that the two worlds agree), each record names its storage,
// kernel, sweep level and locals, the flat and bound records get a ratio against the pointer tree,
// and every record carries the bandwidth metrics.
#include <gtest/gtest.h>

#include <cmath>

#include "bench/cases/hierarchy_cases.hpp"
#include "bench/report.hpp"
#include "bench/runner.hpp"
#include "tests/bench/run_benchmark.hpp"

namespace framelab::bench {
namespace {

TEST(hierarchy_benchmark, options_and_cases) {
  const benchmark_info* info = find_benchmark("hierarchy");
  ASSERT_NE(info, nullptr);
  option_values v;
  ASSERT_FALSE(resolve_options(*info, {}, v));
  EXPECT_EQ(v.text("nodes"), "1000000");
  EXPECT_EQ(v.text("locals"), "exact,compact");
  EXPECT_EQ(v.text("levels"), "acceleration,velocity,pose");
  std::vector<bench_case> cases;
  ASSERT_FALSE(make_cases(*info, v, cases));
  ASSERT_EQ(cases.size(), 4u);  // compact locals at the acceleration level only
  EXPECT_EQ(cases[0].params, (param_list{{"storage", "all"},
                                         {"kernel", hierarchy_simd_available() ? "avx2" : "portable"},
                                         {"level", "acceleration"},
                                         {"locals", "exact"},
                                         {"bytes_per_node", "324"},
                                         {"nodes", "1000000"}}));
  EXPECT_EQ(cases[1].params[3].second, "compact");
  EXPECT_EQ(cases[1].params[4].second, "260");
  EXPECT_EQ(cases[2].params[2].second, "velocity");
  EXPECT_EQ(cases[2].params[4].second, "228");
  EXPECT_EQ(cases[3].params[2].second, "pose");
  EXPECT_EQ(cases[3].params[3].second, "exact");
  EXPECT_EQ(cases[3].params[4].second, "132");
  ASSERT_FALSE(resolve_options(*info, {{"quick", "true"}}, v));
  EXPECT_EQ(v.text("nodes"), "10000,100000");
  EXPECT_TRUE(resolve_options(*info, {{"nodes", "0"}}, v).has_value());
  EXPECT_TRUE(resolve_options(*info, {{"kernels", "sideways"}}, v).has_value());
  EXPECT_TRUE(resolve_options(*info, {{"locals", "half"}}, v).has_value());
  EXPECT_TRUE(resolve_options(*info, {{"levels", "jerk"}}, v).has_value());
}

TEST(hierarchy_benchmark, a_tiny_run_measures_both_storages_with_ratios) {
  const benchmark_info* info = find_benchmark("hierarchy");
  ASSERT_NE(info, nullptr);
  auto cases = test::cases_of("hierarchy", {{"quick", "true"}, {"nodes", "500,3000"}, {"kernels", "auto,portable"}});
  const std::size_t kernels = hierarchy_simd_available() ? 2 : 1;
  ASSERT_EQ(cases.size(), 2 * 4 * kernels);  // sizes x (level, locals) x kernels
  const auto records = test::run_cases(std::move(cases));
  ASSERT_EQ(records.size(), 3 * 8 * kernels);
  const auto metric = [](const record& rec, const std::string& name) {
    for (const auto& [k, v] : rec.metrics)
      if (k == name) return v;
    return std::nan("");
  };
  const char* storages[] = {"pointer tree", "bandwidth bound", "flat hierarchy"};
  for (std::size_t i = 0; i < records.size(); ++i) {
    const record& rec = records[i];
    EXPECT_EQ(rec.param("storage"), storages[i % 3]);
    EXPECT_FALSE(rec.param("kernel").empty());
    EXPECT_GT(rec.ns_per_item, 0.0);
    EXPECT_EQ(rec.unit, "node");
    const std::string level = rec.param("level");
    const double bytes = level == "pose"                    ? 132.0
                         : level == "velocity"              ? 228.0
                         : rec.param("locals") == "compact" ? 260.0
                                                            : 324.0;
    EXPECT_EQ(rec.param("bytes_per_node"), std::to_string(int(bytes)));
    EXPECT_EQ(metric(rec, "bytes_per_node"), bytes);
    // bound = bytes / bandwidth, and the ratios are positive
    EXPECT_GT(metric(rec, "bandwidth_gb_s"), 0.0);
    EXPECT_NEAR(metric(rec, "bound_ns_per_node") * metric(rec, "bandwidth_gb_s"), bytes, 1e-9 * bytes);
    EXPECT_GT(metric(rec, "flat_over_bound"), 0.0);
    EXPECT_GT(metric(rec, "pointer_over_flat"), 0.0);
  }
  const auto ratios = compute_ratios(records, info->compare);
  for (std::size_t i = 0; i < records.size(); ++i) EXPECT_EQ(std::isnan(ratios[i]), i % 3 == 0) << i;
}

}  // namespace
}  // namespace framelab::bench
