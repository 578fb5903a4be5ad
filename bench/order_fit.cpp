#include "bench/order_fit.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "bench/report.hpp"

namespace framelab::bench {

std::optional<double> least_squares_slope(std::span<const double> x, std::span<const double> y) {
  const std::size_t n = std::min(x.size(), y.size());
  if (n < 2) return std::nullopt;
  double x_mean = 0.0, y_mean = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    x_mean += x[i];
    y_mean += y[i];
  }
  x_mean /= double(n);
  y_mean /= double(n);
  // p = sum (u_i - u_mean)(v_i - v_mean) / sum (u_i - u_mean)^2
  double covariance = 0.0, variance = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    covariance += (x[i] - x_mean) * (y[i] - y_mean);
    variance += (x[i] - x_mean) * (x[i] - x_mean);
  }
  if (!(variance > 0.0)) return std::nullopt;
  return covariance / variance;
}

namespace {

std::optional<double> metric_of(const record& r, const std::string& name) {
  for (const auto& [k, v] : r.metrics)
    if (k == name) return v;
  return std::nullopt;
}

bool usable(double v) {
  return std::isfinite(v) && v > 0.0;
}

}  // namespace

std::string x_label(const order_plot& plot) {
  if (!plot.x_label.empty()) return plot.x_label;
  return plot.reciprocal_x ? "1 / " + plot.x : plot.x;
}

namespace {

void fit(order_line& line) {
  std::vector<double> log_x, log_y;
  for (std::size_t i = 0; i < line.x.size(); ++i) {
    log_x.push_back(std::log(line.x[i]));
    log_y.push_back(std::log(line.y[i]));
  }
  line.order = least_squares_slope(log_x, log_y);
}

}  // namespace

std::vector<order_line> order_lines(const benchmark_info& info, const std::vector<record>& records) {
  std::vector<order_line> lines;
  if (info.order.metric.empty()) return lines;
  for (const std::string& series : distinct_values(records, info.plot_series)) {
    order_line line;
    line.series = series;
    for (const record& r : records) {
      if (r.param(info.plot_series) != series) continue;
      const auto x = numeric_value(r.param(info.order.x));
      const auto y = metric_of(r, info.order.metric);
      if (!x || !y || !usable(*x) || !usable(*y)) continue;
      line.x.push_back(info.order.reciprocal_x ? 1.0 / *x : *x);
      line.y.push_back(*y);
    }
    fit(line);
    lines.push_back(std::move(line));
  }
  return lines;
}

std::string format_orders(const benchmark_info& info, const std::vector<record>& records) {
  if (info.order.metric.empty()) return {};
  std::string text = "measured order of " + info.order.metric + " against " + x_label(info.order) + ":";
  const auto lines = order_lines(info, records);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    char value[48];
    if (lines[i].order) {
      std::snprintf(value, sizeof value, "%.2f", *lines[i].order);
    } else {
      std::snprintf(value, sizeof value, "- (fewer than 2 points)");
    }
    text += (i == 0 ? " " : ", ") + lines[i].series + " " + value;
  }
  return text + "\n";
}

}  // namespace framelab::bench
