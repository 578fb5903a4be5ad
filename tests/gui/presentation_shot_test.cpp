// Presentation mode in the real window, every scene at 1920x1080 and two at 3840x2160,
// all from one script per size (cheap: one process each): no menu bar on the stage, and
// the readouts' text lines at least 1/40 of the window's height (the back row). The
// pictures are kept when a check fails, and always with FRAMELAB_KEEP_SHOTS=DIR (to
// look at them). How much of the window the bodies fill is checked headlessly, for
// every scene, in tests/render/presentation_framing_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "scenes/registry.hpp"
#include "tests/gui/gui_test_support.hpp"

namespace {

namespace fs = std::filesystem;
using framelab::gui_test::png_picture;
using framelab::gui_test::run;

// The tallest run of consecutive rows holding white text pixels in the readouts' corner
// (top left): one line of readout text, ascenders to descenders.
int tallest_text_line(const png_picture& p) {
  int tallest = 0;
  int run_length = 0;
  for (int y = 0; y < p.height * 3 / 10; ++y) {
    bool bright = false;
    for (int x = 0; x < p.width * 35 / 100 && !bright; ++x) bright = p.luminance(x, y) > 200;
    run_length = bright ? run_length + 1 : 0;
    tallest = std::max(tallest, run_length);
  }
  return tallest;
}

class presentation_shots : public testing::Test {
 protected:
  void TearDown() override { folder_.remove_unless_kept(HasFailure()); }

  // Shoots `scenes` in presentation mode at width x height; checks each picture.
  void shoot(const std::vector<std::string>& scenes, int width, int height) {
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    const fs::path script = dir_ / ("present_" + size + ".script");
    {
      std::ofstream out(script);
      out << "present on\n";
      for (const auto& scene : scenes) out << "scene " << scene << "\nwait 12\nshot " << png(scene, size) << "\n";
    }
    int exit_code = -1;
    const std::string output =
        run(std::string(FRAMELAB_EXE) + " --script " + script.string() + " --size " + size, exit_code);
    ASSERT_EQ(exit_code, 0) << output;
    for (const auto& scene : scenes) {
      SCOPED_TRACE(scene + " at " + size);
      const png_picture picture(png(scene, size));
      ASSERT_TRUE(picture.loaded()) << png(scene, size);
      EXPECT_EQ(picture.width, width);
      EXPECT_EQ(picture.height, height);
      EXPECT_LT(picture.menu_bar_pixels(), width / 10) << "a menu bar on the stage";
      EXPECT_GE(tallest_text_line(picture), height / 40) << "readouts too small for the back row";
    }
  }
  std::string png(const std::string& scene, const std::string& size) const {
    return (dir_ / ("present_" + scene + "_" + size + ".png")).string();
  }

  framelab::gui_test::shot_folder folder_{"framelab_present"};
  const fs::path& dir_ = folder_.path;
};

TEST_F(presentation_shots, every_scene_at_1920x1080_and_two_at_3840x2160) {
  std::vector<std::string> scenes;
  for (const auto& entry : framelab::registered_scenes()) scenes.push_back(entry.info.name);
  shoot(scenes, 1920, 1080);
  shoot({"carousel", "tennis-racket"}, 3840, 2160);
}

// Issue 27: a trail is at least 3 px wide by default in presentation mode at 1080p. A pen
// drawing a straight magenta line (a colour nothing else on the stage has): its width is
// the line's pixels over its length (the farthest two of them apart).
TEST_F(presentation_shots, a_default_trail_is_at_least_three_pixels_wide_at_1080p) {
  const fs::path world = dir_ / "pen.json";
  std::ofstream(world) << R"({"title": "pen", "gravity": [0, 0, 0], "particles": [{"name": "pen",
      "position": [-1, 0.5, 0], "velocity": [1, 0, 0], "radius": 0.05, "trail": {"color": [1, 0, 1]}}]})";
  const fs::path script = dir_ / "pen.script";
  const std::string shot = (dir_ / "pen.png").string();
  std::ofstream(script) << "scene " << world.string() << "\npresent on\nwait 120\nshot " << shot << "\n";
  int exit_code = -1;
  const std::string output =
      run(std::string(FRAMELAB_EXE) + " --script " + script.string() + " --size 1920x1080", exit_code);
  ASSERT_EQ(exit_code, 0) << output;
  const png_picture picture(shot);
  ASSERT_TRUE(picture.loaded());
  std::vector<std::pair<int, int>> magenta;
  for (int y = 0; y < picture.height; ++y) {
    for (int x = 0; x < picture.width; ++x) {
      const unsigned char* p = picture.at(x, y);
      if (p[0] > 150 && p[1] < 110 && p[2] > 150) magenta.emplace_back(x, y);
    }
  }
  ASSERT_GT(magenta.size(), 100u) << shot;
  const auto [left, right] = std::minmax_element(magenta.begin(), magenta.end());
  const double length = std::hypot(right->first - left->first, right->second - left->second);
  ASSERT_GT(length, 100.0) << shot;
  EXPECT_GE(static_cast<double>(magenta.size()) / length, 3.0) << shot;
}

}  // namespace
