// The interface scale: steps stay on the 25 % grid within 100..300 %, and a display's
// density picks the nearest step.
#include "ui/ui_scale.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace framelab::ui {
namespace {

TEST(ui_scale, steps_walk_the_grid_and_stop_at_the_ends) {
  int percent = min_ui_scale_percent;
  for (int expected = 125; expected <= max_ui_scale_percent; expected += ui_scale_step_percent) {
    percent = step_ui_scale(percent, +1);
    EXPECT_EQ(percent, expected);
  }
  EXPECT_EQ(step_ui_scale(percent, +1), max_ui_scale_percent);
  for (int k = 0; k < 20; ++k) percent = step_ui_scale(percent, -1);
  EXPECT_EQ(percent, min_ui_scale_percent);
  EXPECT_EQ(step_ui_scale(140, +1), 150);  // off the grid: onto it
  EXPECT_EQ(step_ui_scale(140, -1), 125);
  EXPECT_EQ(step_ui_scale(-5, -1), min_ui_scale_percent);
  EXPECT_EQ(step_ui_scale(100000, +1), max_ui_scale_percent);
}

TEST(ui_scale, the_display_density_picks_the_nearest_step) {
  EXPECT_EQ(ui_scale_for_dpi(96.0f), 100);
  EXPECT_EQ(ui_scale_for_dpi(144.0f), 150);
  EXPECT_EQ(ui_scale_for_dpi(192.0f), 200);
  EXPECT_EQ(ui_scale_for_dpi(120.0f), 125);
  EXPECT_EQ(ui_scale_for_dpi(1000.0f), max_ui_scale_percent);
  EXPECT_EQ(ui_scale_for_dpi(72.0f), min_ui_scale_percent);
  EXPECT_EQ(ui_scale_for_dpi(0.0f), min_ui_scale_percent);
  EXPECT_EQ(ui_scale_for_dpi(std::nanf("")), min_ui_scale_percent);
  EXPECT_EQ(ui_scale_for_dpi(INFINITY), min_ui_scale_percent);
}

TEST(ui_scale, a_desktop_scale_factor_stands_in_for_an_unknown_density) {
  EXPECT_EQ(ui_scale_for_desktop_factor("2", nullptr), 200);
  EXPECT_EQ(ui_scale_for_desktop_factor(nullptr, "1.5"), 150);
  EXPECT_EQ(ui_scale_for_desktop_factor("", "1.25"), 125);
  EXPECT_EQ(ui_scale_for_desktop_factor("2", "1.5"), 200);  // GDK_SCALE first
  EXPECT_EQ(ui_scale_for_desktop_factor("9", nullptr), max_ui_scale_percent);
  EXPECT_EQ(ui_scale_for_desktop_factor(nullptr, nullptr), min_ui_scale_percent);
  EXPECT_EQ(ui_scale_for_desktop_factor("two", "-1"), min_ui_scale_percent);
  EXPECT_EQ(ui_scale_for_desktop_factor("2x", "nan"), min_ui_scale_percent);
}

}  // namespace
}  // namespace framelab::ui
