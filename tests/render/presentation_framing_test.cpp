// Presentation mode's stage, for every scene: after the camera frames the scene (as Tab
// does) and while it follows the bodies for a few seconds of simulation, the screen box
// of the drawn shapes and arrows covers at least 60 % of the window's width or height
// and stays inside the window, measured through the camera's own matrices with densely
// sampled shapes (tests/render/drawn_screen_box.hpp). 1920x1080 and a 4:3 projector.
#include <gtest/gtest.h>

#include "render/camera_follow.hpp"
#include "scenes/registry.hpp"
#include "scenes/simulation.hpp"
#include "tests/render/drawn_screen_box.hpp"

namespace framelab::render {
namespace {

constexpr double required_fill = 0.6;

TEST(presentation_framing, every_scene_fills_at_least_60_percent_of_the_window) {
  for (const double aspect : {1920.0 / 1080.0, 4.0 / 3.0}) {
    for (const auto& entry : registered_scenes()) {
      SCOPED_TRACE(entry.info.name + " at aspect " + std::to_string(aspect));
      simulation sim;
      ASSERT_FALSE(sim.load(entry, param_values::defaults(entry.create()->parameters())));
      camera_setup camera = framing_camera(sim.view(), sim.view().camera, aspect, presentation_fill);
      camera_follower follower;
      for (int frame = 0; frame <= 240; ++frame) {
        if (frame % 60 == 0) {
          const auto box = drawn_screen_box(sim.view(), camera, aspect);
          ASSERT_TRUE(box) << "a shape behind the camera at frame " << frame;
          EXPECT_LE(box->widest(), 1.0) << "a shape outside the window at frame " << frame;
          EXPECT_GE(std::max(box->width_fraction(), box->height_fraction()), required_fill)
              << "frame " << frame << ": the bodies cover " << 100.0 * box->width_fraction() << " % of the width, "
              << 100.0 * box->height_fraction() << " % of the height";
        }
        sim.advance(1.0 / 60.0);
        camera = follower.update(sim.view(), camera, aspect, 1.0 / 60.0);
      }
    }
  }
}

}  // namespace
}  // namespace framelab::render
