// The registered `ad` benchmark run end to end on a tiny selection: one record per
// field and method, ratios against the plain evaluation, and every method (hand-written,
// dual by columns, dual_n, Eigen's AutoDiffScalar) summing to the same Jacobians.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "bench/report.hpp"
#include "bench/runner.hpp"
#include "tests/bench/run_benchmark.hpp"

namespace framelab::bench {
namespace {

constexpr double sum_tolerance = 1e-12;  // relative: the methods round differently, not more

TEST(ad_benchmark, a_tiny_run_times_every_method_and_all_agree_on_the_jacobian) {
  const benchmark_info* info = find_benchmark("ad");
  ASSERT_NE(info, nullptr);
  auto cases = test::cases_of("ad", {{"quick", "true"}, {"points", "16"}});
  ASSERT_EQ(cases.size(), 10u);  // 2 fields x 5 methods
  const auto records = test::run_cases(std::move(cases));
  ASSERT_EQ(records.size(), 10u);
  std::map<std::string, std::vector<double>> sums;  // field -> jacobian_sum of each method
  for (const auto& rec : records) {
    EXPECT_GT(rec.ns_per_item, 0.0);
    EXPECT_EQ(rec.unit, "Jacobian");
    for (const auto& [k, x] : rec.metrics) {
      if (k == "jacobian_sum") sums[rec.param("field")].push_back(x);
    }
  }
  ASSERT_EQ(sums.size(), 2u);
  for (const auto& [field, s] : sums) {
    ASSERT_EQ(s.size(), 4u) << field;
    for (double x : s) EXPECT_NEAR(x, s.front(), sum_tolerance * std::abs(s.front())) << field;
  }
  const auto ratios = compute_ratios(records, info->compare);
  int with_ratio = 0;
  for (double x : ratios) with_ratio += std::isnan(x) ? 0 : 1;
  EXPECT_EQ(with_ratio, 8);  // every method but the plain evaluation
}

TEST(ad_benchmark, bad_options_are_named) {
  const benchmark_info* info = find_benchmark("ad");
  ASSERT_NE(info, nullptr);
  option_values v;
  const auto error = resolve_options(*info, {{"fields", "7D"}}, v);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("--fields"), std::string::npos);
  EXPECT_TRUE(resolve_options(*info, {{"points", "0"}}, v).has_value());
}

}  // namespace
}  // namespace framelab::bench
