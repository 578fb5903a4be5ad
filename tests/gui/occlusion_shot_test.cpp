// Occlusion culling of the ball batch (render/sphere_occlusion.hpp) changes no pixel: the
// collisions scene's packed box of 40,000 balls (a batch of at least occlusion_min_balls),
// shot with the hidden balls left out and with every ball streamed (`shot --draw-hidden`), is
// the same picture pixel for pixel below the stage's labels (whose broadphase timing, like the
// window's frame time, differs from run to run); and the culling happened: over half the balls.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>

#include "tests/gui/gui_test_support.hpp"

namespace {

using framelab::gui_test::png_picture;
using framelab::gui_test::run;

constexpr int occlusion_width = 1280, occlusion_height = 720;

struct culled_shot {
  std::string output;
  long culled = -1, balls = -1;
};

culled_shot shoot(const std::filesystem::path& png, bool draw_hidden) {
  int exit_code = -1;
  culled_shot shot;
  shot.output = run(std::string(FRAMELAB_EXE) +
                        " shot --scene collisions --set balls=40000 --set radius=0.03 --frames 2 --size " +
                        std::to_string(occlusion_width) + "x" + std::to_string(occlusion_height) + " --out " +
                        png.string() + (draw_hidden ? " --draw-hidden" : ""),
                    exit_code);
  EXPECT_EQ(exit_code, 0) << shot.output;
  std::smatch m;
  if (std::regex_search(shot.output, m, std::regex("hidden balls culled: ([0-9]+) of ([0-9]+)"))) {
    shot.culled = std::stol(m[1]);
    shot.balls = std::stol(m[2]);
  }
  return shot;
}

TEST(occlusion_shot_test, culling_the_hidden_balls_changes_no_pixel) {
  const auto dir = std::filesystem::temp_directory_path() / ("framelab_occlusion_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const culled_shot culled = shoot(dir / "culled.png", false), every = shoot(dir / "every.png", true);
  EXPECT_EQ(culled.balls, 40000) << culled.output;
  EXPECT_GT(culled.culled, culled.balls / 2) << culled.output;
  EXPECT_EQ(every.culled, 0) << every.output;
  const png_picture a((dir / "culled.png").string()), b((dir / "every.png").string());
  ASSERT_TRUE(a.loaded() && b.loaded());
  // The stage right of the panels, below the box's labels: the front of the box of balls.
  const int x0 = 330, y0 = 240;
  int differing = 0;
  for (int y = y0; y < occlusion_height; ++y) {
    for (int x = x0; x < occlusion_width; ++x) differing += std::equal(a.at(x, y), a.at(x, y) + 3, b.at(x, y)) ? 0 : 1;
  }
  EXPECT_EQ(differing, 0);
  // The region shows balls (colours by speed, saturated), not only the background.
  const int ball_pixels = a.count(
      [](int r, int g, int b) {
        return std::max({r, g, b}) - std::min({r, g, b}) > 60;
      },
      x0, y0, occlusion_width, occlusion_height);
  EXPECT_GT(ball_pixels, 30000);
  if (!HasFailure()) std::filesystem::remove_all(dir);
}

}  // namespace
