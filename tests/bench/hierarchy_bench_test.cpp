// The registered `hierarchy` benchmark run end to end on small trees: both storages
// and the bandwidth bound (a copy of the sweep's bytes) are measured in one case on the
// same tree (the case checks that the two worlds agree), each record names its storage,
// kernel, sweep level, locals and threads, the flat and bound records get a ratio
// against the pointer tree, and every record carries the bandwidth metrics. The bound's
// copy, split over threads, copies every byte.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <thread>

#include "bench/cases/bandwidth_copy.hpp"
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
  const unsigned hardware = std::thread::hardware_concurrency();
  EXPECT_EQ(v.text("threads"), hardware > 1 ? "1," + std::to_string(std::min(hardware, 64u)) : "1");
  ASSERT_FALSE(resolve_options(*info, {{"threads", "1"}}, v));
  std::vector<bench_case> cases;
  ASSERT_FALSE(make_cases(*info, v, cases));
  ASSERT_EQ(cases.size(), 4u);  // compact locals at the acceleration level only
  EXPECT_EQ(cases[0].params, (param_list{{"storage", "all"},
                                         {"kernel", hierarchy_simd_available() ? "avx2" : "portable"},
                                         {"level", "acceleration"},
                                         {"locals", "exact"},
                                         {"threads", "1"},
                                         {"bytes_per_node", "324"},
                                         {"nodes", "1000000"}}));
  EXPECT_EQ(cases[1].params[3].second, "compact");
  EXPECT_EQ(cases[1].params[5].second, "260");
  EXPECT_EQ(cases[2].params[2].second, "velocity");
  EXPECT_EQ(cases[2].params[5].second, "228");
  EXPECT_EQ(cases[3].params[2].second, "pose");
  EXPECT_EQ(cases[3].params[3].second, "exact");
  EXPECT_EQ(cases[3].params[5].second, "132");
  // More threads: every exact case again; compact locals sweep on one thread only.
  ASSERT_FALSE(resolve_options(*info, {{"threads", "1,3"}}, v));
  ASSERT_FALSE(make_cases(*info, v, cases));
  ASSERT_EQ(cases.size(), 7u);
  EXPECT_EQ(cases[1].params[4].second, "3");
  EXPECT_EQ(cases[2].params[3].second, "compact");
  EXPECT_TRUE(resolve_options(*info, {{"threads", "0"}}, v).has_value());
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
  // Small trees: each case is timed for at least 3 samples, and what is checked is the
  // records' structure and arithmetic, not the speed (500 and 3000 nodes: 20 s under TSan).
  auto cases = test::cases_of(
      "hierarchy", {{"quick", "true"}, {"nodes", "100,400"}, {"kernels", "auto,portable"}, {"threads", "1,2"}});
  const std::size_t kernels = hierarchy_simd_available() ? 2 : 1;
  ASSERT_EQ(cases.size(), 2 * 7 * kernels);  // sizes x (level, locals, threads) x kernels
  const auto records = test::run_cases(std::move(cases));
  ASSERT_EQ(records.size(), 3 * 14 * kernels);
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

TEST(hierarchy_benchmark, the_bounds_copy_on_several_threads_copies_every_byte) {
  for (const std::size_t threads : {1, 2, 3, 7}) {
    copy_workload w = make_copy_workload(3 * 4096 + 200);
    EXPECT_EQ(w.source.size() % 64, 0u);
    EXPECT_GE(w.moved_bytes(), 3u * 4096 + 200);
    std::iota(w.source.begin(), w.source.end(), static_cast<unsigned char>(threads));
    run_copy(w, threads);
    EXPECT_TRUE(std::equal(w.source.begin(), w.source.end(), w.target.begin())) << threads << " threads";
  }
}

}  // namespace
}  // namespace framelab::bench
