#pragma once
// The measured order of a method: how fast its error falls as its step shrinks. For an
// error e = C dt^p, log e = log C + p log dt, so p is the slope of log e against log dt;
// over several step sizes it is the least-squares slope
//   p = sum (u_i - u_mean)(v_i - v_mean) / sum (u_i - u_mean)^2,   u = log dt, v = log e.
// `bench integrators` reports it for each integrator (midpoint 2, midpoint4 and rk4 4,
// explicit-euler and magnus 1) and the Benchmarks panel shows it in the legend of its
// log-log error plot.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bench/benchmark.hpp"
#include "bench/record.hpp"

namespace framelab::bench {

// The least-squares slope of y against x; nothing with fewer than two distinct x.
std::optional<double> least_squares_slope(std::span<const double> x, std::span<const double> y);

// One line of an order plot: the (x, metric) points of one series value, and their slope
// on log-log axes. Points with a non-positive or non-finite x or metric are left out (an
// error of exactly 0, a run that was refused).
struct order_line {
  std::string series;  // the plot_series value, e.g. "midpoint4"
  std::vector<double> x;
  std::vector<double> y;
  std::optional<double> order;  // the slope of log y against log x
};

// What the x axis shows: the order plot's x_label, else its parameter (or 1 / it).
std::string x_label(const order_plot& plot);

// The lines of info.order (metric against a numeric param), one per value of
// info.plot_series in the order the records first show them.
std::vector<order_line> order_lines(const benchmark_info& info, const std::vector<record>& records);

// "measured order of <metric> against <x label>: midpoint 2.00, midpoint4 4.01, ..." and a
// newline; empty when the benchmark declares no order plot.
std::string format_orders(const benchmark_info& info, const std::vector<record>& records);

}  // namespace framelab::bench
