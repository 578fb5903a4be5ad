// The stage's picture (ui/stage_area.hpp): centred on the free area, covering the clip,
// and no larger than that; canvas pixels and NDC round-trip. Checked against the
// definition on a grid of free areas inside a 1280x720 window.
#include "ui/stage_area.hpp"

#include <gtest/gtest.h>

namespace framelab::ui {
namespace {

TEST(stage_area, the_picture_is_centred_on_the_free_area_and_covers_the_clip) {
  const screen_rect window{0.0f, 0.0f, 1280.0f, 720.0f};
  for (float left = 0.0f; left <= 400.0f; left += 100.0f) {
    for (float top = 20.0f; top <= 200.0f; top += 60.0f) {
      for (float right_gap = 0.0f; right_gap <= 300.0f; right_gap += 150.0f) {
        const screen_rect free{left, top, window.width - left - right_gap, window.height - top - 40.0f};
        const stage_viewport s = stage_centred_on(free, window);
        EXPECT_FLOAT_EQ(s.canvas.centre_x(), free.centre_x());
        EXPECT_FLOAT_EQ(s.canvas.centre_y(), free.centre_y());
        EXPECT_LE(s.canvas.x, window.x);
        EXPECT_LE(s.canvas.y, window.y);
        EXPECT_GE(s.canvas.right(), window.right());
        EXPECT_GE(s.canvas.bottom(), window.bottom());
        // the least such canvas: one of its edges on each axis is the window's
        EXPECT_TRUE(s.canvas.x == window.x || s.canvas.right() == window.right());
        EXPECT_TRUE(s.canvas.y == window.y || s.canvas.bottom() == window.bottom());
        const ndc_point centre = canvas_to_ndc(s, free.centre_x(), free.centre_y());
        EXPECT_NEAR(centre.x, 0.0, 1e-6);
        EXPECT_NEAR(centre.y, 0.0, 1e-6);
        float px = 0.0f, py = 0.0f;
        ndc_to_canvas(s, canvas_to_ndc(s, 123.0f, 456.0f), px, py);
        EXPECT_NEAR(px, 123.0f, 1e-3f);
        EXPECT_NEAR(py, 456.0f, 1e-3f);
      }
    }
  }
  const stage_viewport centred = stage_centred_on(window, window);
  EXPECT_EQ(centred.canvas, window) << "a free area centred in the window: the picture is the window";
}

// A margin along the panels' edges only: a free area touching the window's left and bottom edges
// keeps them, and loses `share` of its size along the right and top, where panels are.
TEST(stage_area, the_margin_from_the_panels_leaves_the_window_edges_alone) {
  const screen_rect window{0.0f, 0.0f, 1280.0f, 720.0f};
  const stage_viewport s = stage_centred_on({0.0f, 120.0f, 900.0f, 600.0f}, window);
  const screen_rect clear = clear_of_panels(s, 0.05f);
  EXPECT_FLOAT_EQ(clear.x, 0.0f);
  EXPECT_FLOAT_EQ(clear.bottom(), 720.0f);
  EXPECT_FLOAT_EQ(clear.right(), 900.0f - 45.0f);
  EXPECT_FLOAT_EQ(clear.y, 120.0f + 30.0f);
  const stage_viewport whole = stage_centred_on(window, window);
  EXPECT_EQ(clear_of_panels(whole, 0.05f), window) << "no panel: the whole window";
}

}  // namespace
}  // namespace framelab::ui
