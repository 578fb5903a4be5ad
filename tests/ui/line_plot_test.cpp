// The plot widget's axis maths, against brute-force expectations.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "ui/line_plot.hpp"

namespace framelab::ui {
namespace {

TEST(line_plot, ticks_are_nice_steps_covering_the_range) {
  for (const auto& [lo, hi] : std::vector<std::pair<double, double>>{{0.0, 1.0}, {-3.7, 12.2}, {1e-6, 3e-6}, {100.0, 100000.0}}) {
    const auto ticks = nice_ticks(lo, hi, 5);
    ASSERT_GE(ticks.size(), 2u) << lo << " " << hi;
    const double step = ticks[1] - ticks[0];
    const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
    EXPECT_TRUE(std::abs(mantissa - 1.0) < 1e-9 || std::abs(mantissa - 2.0) < 1e-9 || std::abs(mantissa - 5.0) < 1e-9)
        << step;
    EXPECT_GE(ticks.front(), lo - 1e-9 * step);
    EXPECT_LE(ticks.back(), hi + 1e-9 * step);
    EXPECT_LT(ticks.front() - step, lo);  // no tick missing at either end
    EXPECT_GT(ticks.back() + step, hi);
  }
  EXPECT_TRUE(nice_ticks(1.0, 1.0, 5).empty());
  EXPECT_TRUE(nice_ticks(0.0, std::numeric_limits<double>::infinity(), 5).empty());
}

TEST(line_plot, data_range_skips_non_finite_samples_and_pads_flat_series) {
  const std::vector<double> x{0.0, 1.0, 2.0, 3.0};
  const std::vector<double> y{1.0, std::numeric_limits<double>::quiet_NaN(), -2.0, 5.0};
  const std::vector<plot_series> series{{"s", x, y, 0}};
  const plot_range xr = data_range(series, true, false);
  EXPECT_EQ(xr.min, 0.0);
  EXPECT_EQ(xr.max, 3.0);
  const plot_range yr = data_range(series, false, false);
  EXPECT_LT(yr.min, -2.0);
  EXPECT_GT(yr.max, 5.0);
  // Log x: the range is in decades of the usable samples.
  const plot_range logx = data_range(series, true, true);
  EXPECT_NEAR(logx.min, std::log10(2.0), 1e-15);  // x = 0 is not positive, x = 1 has a NaN y
  EXPECT_NEAR(logx.max, std::log10(3.0), 1e-15);
  const std::vector<double> flat{4.0, 4.0, 4.0, 4.0};
  const std::vector<plot_series> flat_series{{"flat", x, flat, 0}};
  const plot_range fr = data_range(flat_series, false, false);
  EXPECT_LT(fr.min, 4.0);
  EXPECT_GT(fr.max, 4.0);
}

}  // namespace
}  // namespace framelab::ui
