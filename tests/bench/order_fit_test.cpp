// The measured order of a method (bench/order_fit.hpp): the least-squares slope against
// exact power laws, the points an order plot leaves out, and the integrators benchmark's
// measured orders against the theory (midpoint 2, midpoint4 4).
#include "bench/order_fit.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "bench/report.hpp"
#include "tests/bench/run_benchmark.hpp"

namespace framelab::bench {
namespace {

constexpr double exact_slope_tol = 1e-12;
constexpr double measured_order_tol = 0.3;  // the fit over 1/30 .. 1/240 s, against the theory

record error_record(const std::string& method, double dt, double error) {
  record r;
  r.params = {{"method", method}, {"dt_s", std::to_string(dt)}};
  r.metrics = {{"error", error}};
  return r;
}

benchmark_info order_info() {
  benchmark_info info;
  info.plot_series = "method";
  info.order = {.metric = "error", .x = "dt_s", .title = "error vs dt"};
  return info;
}

TEST(order_fit, the_slope_of_an_exact_power_law_is_its_exponent) {
  for (const double p : {1.0, 2.0, 2.5, 4.0}) {
    std::vector<double> u, v;
    for (const double dt : {0.1, 0.05, 0.02, 0.01}) {
      u.push_back(std::log(dt));
      v.push_back(std::log(3.0 * std::pow(dt, p)));
    }
    const auto slope = least_squares_slope(u, v);
    ASSERT_TRUE(slope.has_value());
    EXPECT_NEAR(*slope, p, exact_slope_tol);
  }
}

TEST(order_fit, fewer_than_two_distinct_x_give_no_slope) {
  const std::vector<double> one{1.0}, same{2.0, 2.0}, y{1.0, 3.0};
  EXPECT_FALSE(least_squares_slope(one, one).has_value());
  EXPECT_FALSE(least_squares_slope(same, y).has_value());
}

TEST(order_fit, lines_leave_out_zero_and_non_finite_errors) {
  const std::vector<record> records{
      error_record("a", 0.1, 1e-2), error_record("a", 0.05, 2.5e-3), error_record("a", 0.025, 0.0),
      error_record("b", 0.1, std::numeric_limits<double>::quiet_NaN()), error_record("b", 0.05, 1e-3)};
  const auto lines = order_lines(order_info(), records);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].series, "a");
  EXPECT_EQ(lines[0].x.size(), 2u);
  ASSERT_TRUE(lines[0].order.has_value());
  EXPECT_NEAR(*lines[0].order, 2.0, 1e-9);  // 1e-2 -> 2.5e-3 as dt halves
  EXPECT_EQ(lines[1].x.size(), 1u);
  EXPECT_FALSE(lines[1].order.has_value());
  const std::string text = format_orders(order_info(), records);
  EXPECT_NE(text.find("measured order of error against dt_s: a 2.00, b -"), std::string::npos) << text;
}

TEST(order_fit, a_reciprocal_x_plots_against_the_step) {
  // steps per second 10, 20, 40 with errors falling as dt^2: slope +2 against dt = 1 / x.
  std::vector<record> records;
  for (const double steps : {10.0, 20.0, 40.0}) {
    record r;
    r.params = {{"method", "a"}, {"rate", std::to_string(steps)}};
    r.metrics = {{"error", 5.0 / (steps * steps)}};
    records.push_back(r);
  }
  benchmark_info info;
  info.plot_series = "method";
  info.order = {.metric = "error", .x = "rate", .x_label = "dt (s)", .title = "Order", .reciprocal_x = true};
  const auto lines = order_lines(info, records);
  ASSERT_EQ(lines.size(), 1u);
  ASSERT_TRUE(lines[0].order.has_value());
  EXPECT_NEAR(*lines[0].order, 2.0, exact_slope_tol);
  EXPECT_NEAR(lines[0].x.front(), 0.1, exact_slope_tol);
  EXPECT_NE(format_orders(info, records).find("against dt (s): a 2.00"), std::string::npos);
}

TEST(order_fit, the_integrators_benchmark_measures_orders_2_and_4) {
  const benchmark_info* info = find_benchmark("integrators");
  ASSERT_NE(info, nullptr);
  const auto records =
      test::run_benchmark("integrators", {{"quick", "true"}, {"duration", "5"}, {"integrators", "midpoint,midpoint4"}});
  const auto lines = order_lines(*info, records);
  ASSERT_EQ(lines.size(), 2u);
  for (const auto& line : lines) {
    ASSERT_TRUE(line.order.has_value()) << line.series;
    const double theory = line.series == "midpoint4" ? 4.0 : 2.0;
    EXPECT_NEAR(*line.order, theory, measured_order_tol) << line.series;
  }
  EXPECT_NE(format_report(*info, records).find("measured order of omega_error against dt (s)"), std::string::npos);
}

}  // namespace
}  // namespace framelab::bench
