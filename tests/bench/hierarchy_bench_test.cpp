// The registered `hierarchy` benchmark run end to end on small trees: both storages
// are measured in one case on the same tree (the case checks that their worlds agree),
// each record names its storage and kernel, and the flat records get a ratio against
// the pointer tree.
#include <gtest/gtest.h>

#include <cmath>

#include "bench/report.hpp"
#include "bench/runner.hpp"
#include "bench/cases/hierarchy_cases.hpp"

namespace framelab::bench {
namespace {

TEST(hierarchy_benchmark, options_and_cases) {
  const benchmark_info* info = find_benchmark("hierarchy");
  ASSERT_NE(info, nullptr);
  option_values v;
  ASSERT_FALSE(resolve_options(*info, {}, v));
  EXPECT_EQ(v.text("nodes"), "1000000");
  std::vector<bench_case> cases;
  ASSERT_FALSE(make_cases(*info, v, cases));
  EXPECT_EQ(cases.size(), 1u);
  ASSERT_FALSE(resolve_options(*info, {{"quick", "true"}}, v));
  EXPECT_EQ(v.text("nodes"), "10000,100000");
  EXPECT_TRUE(resolve_options(*info, {{"nodes", "0"}}, v).has_value());
  EXPECT_TRUE(resolve_options(*info, {{"kernels", "sideways"}}, v).has_value());
}

TEST(hierarchy_benchmark, a_tiny_run_measures_both_storages_with_ratios) {
  const benchmark_info* info = find_benchmark("hierarchy");
  ASSERT_NE(info, nullptr);
  option_values v;
  ASSERT_FALSE(resolve_options(*info, {{"quick", "true"}, {"nodes", "500,3000"}, {"kernels", "auto,portable"}}, v));
  std::vector<bench_case> cases;
  ASSERT_FALSE(make_cases(*info, v, cases));
  const std::size_t kernels = hierarchy_simd_available() ? 2 : 1;
  ASSERT_EQ(cases.size(), 2 * kernels);
  runner r;
  ASSERT_FALSE(r.start(std::move(cases)));
  r.wait();
  ASSERT_TRUE(r.progress().errors.empty()) << r.progress().errors.front();
  const auto records = r.records();
  ASSERT_EQ(records.size(), 4 * kernels);
  for (std::size_t i = 0; i < records.size(); ++i) {
    EXPECT_EQ(records[i].param("storage"), i % 2 == 0 ? "pointer tree" : "flat hierarchy");
    EXPECT_FALSE(records[i].param("kernel").empty());
    EXPECT_GT(records[i].ns_per_item, 0.0);
    EXPECT_EQ(records[i].unit, "node");
  }
  const auto ratios = compute_ratios(records, info->compare);
  for (std::size_t i = 0; i < records.size(); ++i) EXPECT_EQ(std::isnan(ratios[i]), i % 2 == 0) << i;
}

}  // namespace
}  // namespace framelab::bench
