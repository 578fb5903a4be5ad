// The registered `pairs` benchmark on small sizes: five methods per size (four on a CPU
// without AVX2: no "hand loop (avx2)"), each count checked against the closed form inside
// the case (a wrong count would be an error), and ratios against the hand loop.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "bench/cases/pairs_cases.hpp"
#include "bench/report.hpp"
#include "bench/runner.hpp"
#include "tests/bench/run_benchmark.hpp"

namespace framelab::bench {
namespace {

TEST(pairs_benchmark, options_and_cases) {
  const benchmark_info* info = find_benchmark("pairs");
  ASSERT_NE(info, nullptr);
  option_values v;
  ASSERT_FALSE(resolve_options(*info, {}, v));
  EXPECT_EQ(v.text("sizes"), "1024,16384,131072");
  ASSERT_FALSE(resolve_options(*info, {{"quick", "true"}}, v));
  EXPECT_EQ(v.text("sizes"), "1024,16384");
  EXPECT_TRUE(resolve_options(*info, {{"sizes", "1"}}, v).has_value());
  EXPECT_EQ(even_sum_pairs_closed_form(1 << 17), 4'294'901'760ull);  // the article's answer
}

TEST(pairs_benchmark, a_small_run_counts_right_and_compares_to_the_hand_loop) {
  const benchmark_info* info = find_benchmark("pairs");
  ASSERT_NE(info, nullptr);
  auto cases = test::cases_of("pairs", {{"sizes", "300,1001"}});
  const bool avx2 = pair_kernel_available(pair_kernel::avx2);
  const std::size_t methods = avx2 ? 5u : 4u;
  ASSERT_EQ(cases.size(), 2 * methods);
  const auto records = test::run_cases(std::move(cases));
  ASSERT_EQ(records.size(), 2 * methods);
  const auto ratios = compute_ratios(records, info->compare);
  std::set<std::string> seen;
  for (std::size_t i = 0; i < records.size(); ++i) {
    seen.insert(records[i].param("method"));
    EXPECT_EQ(records[i].unit, "pair");
    EXPECT_GT(records[i].ns_per_item, 0.0);
    EXPECT_EQ(std::isnan(ratios[i]), records[i].param("method") == "hand loop") << i;
    ASSERT_EQ(records[i].metrics.size(), 1u);
    const int n = std::stoi(records[i].param("size"));
    EXPECT_EQ(records[i].metrics[0].second, double(even_sum_pairs_closed_form(n)));
  }
  std::set<std::string> want = {"hand loop", "count_if_pairs", "count_if_pairs (portable)",
                                "std::count_if over distinct_pairs"};
  if (avx2) want.insert("hand loop (avx2)");
  EXPECT_EQ(seen, want);
}

}  // namespace
}  // namespace framelab::bench
