// Presentation mode's stage, for every scene: after the camera frames the scene (as Tab
// does) and while it follows the bodies for 2 s of simulation, the screen box
// of the drawn shapes and arrows covers at least 60 % of the window's width or height
// and stays inside the window, measured through the camera's own matrices with densely
// sampled shapes (tests/render/drawn_screen_box.hpp). 1920x1080 and a 4:3 projector.
#include <gtest/gtest.h>

#include <array>

#include "render/camera_follow.hpp"
#include "scenes/registry.hpp"
#include "scenes/simulation.hpp"
#include "tests/render/drawn_screen_box.hpp"

namespace framelab::render {
namespace {

constexpr double required_fill = 0.6;

TEST(presentation_framing, every_scene_fills_at_least_60_percent_of_the_window) {
  constexpr std::array<double, 2> aspects = {1920.0 / 1080.0, 4.0 / 3.0};
  for (const auto& entry : registered_scenes()) {
    SCOPED_TRACE(entry.info.name);
    simulation sim;
    ASSERT_FALSE(sim.load(entry, param_values::defaults(entry.create()->parameters())));
    std::array<camera_setup, 2> cameras;
    std::array<camera_follower, 2> followers;
    for (std::size_t a = 0; a < aspects.size(); ++a)
      cameras[a] = framing_camera(sim.view(), sim.view().camera, aspects[a], presentation_fill);
    for (int frame = 0; frame <= 120; ++frame) {
      for (std::size_t a = 0; a < aspects.size(); ++a) {
        if (frame % 30 != 0) continue;
        const auto box = drawn_screen_box(sim.view(), cameras[a], aspects[a]);
        ASSERT_TRUE(box) << "a shape behind the camera at frame " << frame << ", aspect " << aspects[a];
        EXPECT_LE(box->widest(), 1.0) << "a shape outside the window at frame " << frame << ", aspect " << aspects[a];
        EXPECT_GE(std::max(box->width_fraction(), box->height_fraction()), required_fill)
            << "frame " << frame << ", aspect " << aspects[a] << ": the bodies cover " << 100.0 * box->width_fraction()
            << " % of the width, " << 100.0 * box->height_fraction() << " % of the height";
      }
      sim.advance(1.0 / 60.0);
      for (std::size_t a = 0; a < aspects.size(); ++a)
        cameras[a] = followers[a].update(sim.view(), cameras[a], aspects[a], 1.0 / 60.0);
    }
  }
}

}  // namespace
}  // namespace framelab::render
