#pragma once
// A reusable line plot drawn with ImGui's draw list (there is no ImPlot package):
// axes with tick labels, several series, a legend, autoscale or fixed ranges, a
// log-scale x axis, and a readout of the nearest sample under the mouse. Used by
// the plots panel and the benchmark panels. Readable at any size and scale: the data
// area is at least min_plot_lines text lines tall (the plot grows to keep it), the
// legend sits above the data (never over a curve), the margins are measured from the
// tick labels so none is cut, and x tick labels are spaced so none overlaps another.
#include <imgui.h>

#include <span>
#include <string>
#include <vector>

namespace framelab::ui {

struct plot_series {
  std::string label;
  std::span<const double> x;
  std::span<const double> y;
  ImU32 color = IM_COL32(255, 255, 255, 255);
};

struct plot_options {
  std::string x_label;  // with its unit, e.g. "t (s)"
  std::string y_label;
  bool log_x = false;     // x > 0 only; other samples are skipped
  bool log_y = false;     // y > 0 only; other samples are skipped
  bool autoscale = true;  // fit the data; otherwise use the ranges below
  double x_min = 0.0, x_max = 1.0;
  double y_min = 0.0, y_max = 1.0;
  ImVec2 size{0.0f, 200.0f};  // 0 width: the available width; the height grows to min_plot_lines
};

inline constexpr float min_plot_lines = 8.0f;  // the data area's least height, in text lines

// The height of a plot whose data area is min_plot_lines tall, with room for the
// legend of `series` entries, the y title and the x axis, at the current font.
float min_plot_height(std::size_t series = 3);

// The range a plot shows: [min, max] with max > min (padded when the data is flat).
struct plot_range {
  double min = 0.0;
  double max = 1.0;
};

// Data range of the finite values of all series along x (or y), padded so that a
// constant series still gets a non-empty range; a log axis's range is in decades. Along a
// linear y axis, values that spread over less than flat_share of their size are shown over
// that share around their middle: a conserved quantity (5 +- 10^-9 of rounding) is drawn as
// the flat line it is, not magnified into a fall. Exposed for tests.
inline constexpr double flat_share = 1e-3;
plot_range data_range(std::span<const plot_series> series, bool along_x, bool log_x, bool log_y = false);

// The labels of a linear axis's ticks `step` apart: the decimals the step needs, or for values
// of 10^5 and more or under 10^-3 as few significant digits as keep neighbours apart; never
// two neighbours alike.
std::vector<std::string> linear_tick_labels(const std::vector<double>& ticks, double step);

// The labels of a log axis's ticks at 10^exponent: whole decades as "0.01", "1000" or
// "1e-12", others with the fewest significant digits (2 to 6) that keep neighbours apart.
std::vector<std::string> log_tick_labels(const std::vector<double>& exponents);

// "Nice" tick positions (1, 2, 5 x 10^k steps) covering [min, max].
std::vector<double> nice_ticks(double min, double max, int target_count);

// The index of the sample of `s` nearest to `axis_x` along the x axis as drawn (in
// decades on a log axis), for the hover readout; s.x ascending and not empty.
std::size_t nearest_sample(const plot_series& s, double axis_x, bool log_x);

// Draws the plot as one item of the current window. Hovering shows a tooltip with the x
// value and each series' nearest sample (value and x), and marks those samples.
void line_plot(const char* id, std::span<const plot_series> series, const plot_options& options);

// A distinct colour for series i (a qualitative palette).
ImU32 series_color(std::size_t i);

}  // namespace framelab::ui
