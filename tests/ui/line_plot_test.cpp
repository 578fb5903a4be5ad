// The plot widget's axis maths, against brute-force expectations, and its hover readout.
#include "ui/line_plot.hpp"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace framelab::ui {
namespace {

TEST(line_plot, ticks_are_nice_steps_covering_the_range) {
  for (const auto& [lo, hi] :
       std::vector<std::pair<double, double>>{{0.0, 1.0}, {-3.7, 12.2}, {1e-6, 3e-6}, {100.0, 100000.0}}) {
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

// A conserved quantity that wobbles by its rounding (5 +- 10^-9) is drawn flat: over flat_share
// of its size around its middle, not magnified into a fall; one that moves by 1 % gets its own
// range; an all-zero series a range of +-1.
TEST(line_plot, a_conserved_quantity_is_drawn_flat_not_magnified) {
  std::vector<double> t, conserved, moving;
  for (int i = 0; i < 200; ++i) {
    t.push_back(0.01 * i);
    conserved.push_back(5.0 + 1e-9 * std::sin(0.1 * i));
    moving.push_back(5.0 * (1.0 + 0.01 * std::sin(0.1 * i)));
  }
  const std::vector<plot_series> flat{{"L", t, conserved, 0}};
  const plot_range r = data_range(flat, false, false);
  EXPECT_NEAR(r.max - r.min, flat_share * 5.0, 1e-12);
  EXPECT_NEAR(0.5 * (r.min + r.max), 5.0, 1e-9);
  // On the plot's height the wobble is under a millionth of it.
  EXPECT_LT(2e-9 / (r.max - r.min), 1e-6);
  const std::vector<plot_series> moves{{"x", t, moving, 0}};
  const plot_range m = data_range(moves, false, false);
  const auto [low, high] = std::minmax_element(moving.begin(), moving.end());
  EXPECT_NEAR(m.max - m.min, 1.1 * (*high - *low), 1e-12);  // the data, padded 5 % each side
  const std::vector<double> zeros(t.size(), 0.0);
  const std::vector<plot_series> zero{{"z", t, zeros, 0}};
  const plot_range z = data_range(zero, false, false);
  EXPECT_EQ(z.min, -1.0);
  EXPECT_EQ(z.max, 1.0);
}

// Linear ticks are labelled apart and each label reads its tick to within half a step, at any
// size: a conserved quantity's narrow range near 5, large values 10 apart, tiny ones.
TEST(line_plot, linear_tick_labels_never_repeat_and_read_their_ticks) {
  for (const auto& [lo, hi] : std::vector<std::pair<double, double>>{
           {4.9975, 5.0025}, {100000.0, 100010.0}, {1e-7, 1.2e-7}, {-3.0, 12.0}, {123456789.0, 123456999.0}}) {
    const std::vector<double> ticks = nice_ticks(lo, hi, 5);
    ASSERT_GE(ticks.size(), 2u);
    const double step = ticks[1] - ticks[0];
    const std::vector<std::string> labels = linear_tick_labels(ticks, step);
    ASSERT_EQ(labels.size(), ticks.size());
    for (std::size_t i = 1; i < labels.size(); ++i) EXPECT_NE(labels[i - 1], labels[i]) << lo << " .. " << hi;
    for (std::size_t i = 0; i < labels.size(); ++i)
      EXPECT_NEAR(std::stod(labels[i]), ticks[i], 0.5 * step) << labels[i];
  }
}

// The sample the hover readout names is the nearest one along the axis as drawn: by
// value on a linear axis, in decades on a log axis (a brute-force search over all of them).
TEST(line_plot, the_hover_readout_names_the_nearest_sample_along_the_drawn_axis) {
  const std::vector<double> x{100.0, 1000.0, 10000.0, 20000.0};
  const std::vector<double> y{1.0, 2.0, 3.0, 4.0};
  const plot_series s{"s", x, y, 0};
  for (const bool log_x : {false, true}) {
    for (double at = 50.0; at < 30000.0; at *= 1.07) {
      const double axis = log_x ? std::log10(at) : at;
      std::size_t best = 0;
      for (std::size_t i = 1; i < x.size(); ++i) {
        const double d = std::abs((log_x ? std::log10(x[i]) : x[i]) - axis);
        if (d < std::abs((log_x ? std::log10(x[best]) : x[best]) - axis)) best = i;
      }
      EXPECT_EQ(nearest_sample(s, axis, log_x), best) << at << (log_x ? " log" : " linear");
    }
  }
  EXPECT_EQ(nearest_sample(s, std::log10(437.0), true), 1u);  // 437 is nearer 1000 than 100 in decades
  EXPECT_EQ(nearest_sample(s, 437.0, false), 0u);
}

// Hovering the plot opens a tooltip (the x value and each series' value); away from it, none.
TEST(line_plot, hovering_the_plot_opens_its_readout) {
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(800.0f, 600.0f);
  io.DeltaTime = 1.0f / 60.0f;
  io.IniFilename = nullptr;
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  const std::vector<double> x{0.0, 1.0, 2.0};
  const std::vector<double> y{0.0, 1.0, 4.0};
  const plot_series series[] = {{"y (m)", x, y, IM_COL32(255, 0, 0, 255)}};
  const auto tooltip_shown = [&](ImVec2 mouse) {
    bool shown = false;
    for (int k = 0; k < 3; ++k) {
      io.MousePos = mouse;
      ImGui::NewFrame();
      ImGui::SetNextWindowPos(ImVec2(0, 0));
      ImGui::SetNextWindowSize(ImVec2(600, 400));
      ImGui::Begin("plot window");
      plot_options options;
      options.x_label = "t (s)";
      line_plot("p", series, options);
      ImGui::End();
      shown = false;
      for (ImGuiWindow* w : GImGui->Windows) shown = shown || ((w->Flags & ImGuiWindowFlags_Tooltip) && w->Active);
      ImGui::Render();
    }
    return shown;
  };
  EXPECT_TRUE(tooltip_shown(ImVec2(300, 200)));   // over the data
  EXPECT_FALSE(tooltip_shown(ImVec2(700, 500)));  // outside the window
  ImGui::DestroyContext();
}

}  // namespace
}  // namespace framelab::ui

namespace framelab {
namespace {

// Log-axis ticks inside one decade are labelled apart ("0.02 0.025 0.03", not "0.02 0.02 0.03").
TEST(log_tick_labels, neighbours_never_repeat) {
  for (const auto& [lo, hi] : std::vector<std::pair<double, double>>{{0.02, 0.035}, {1.0, 1.3}, {0.5, 5000.0}}) {
    const std::vector<double> ticks = ui::nice_ticks(std::log10(lo), std::log10(hi), 6);
    const std::vector<std::string> labels = ui::log_tick_labels(ticks);
    ASSERT_EQ(labels.size(), ticks.size());
    for (std::size_t i = 1; i < labels.size(); ++i) EXPECT_NE(labels[i - 1], labels[i]) << lo << " .. " << hi;
    for (std::size_t i = 0; i < labels.size(); ++i)  // each label reads its tick's value to its own digits
      EXPECT_NEAR(std::stod(labels[i]) / std::pow(10.0, ticks[i]), 1.0, 0.05) << labels[i];
  }
  EXPECT_EQ(ui::log_tick_labels({-2.0, 0.0, 3.0, 6.0}), (std::vector<std::string>{"0.01", "1", "1000", "1e6"}));
}

}  // namespace
}  // namespace framelab
