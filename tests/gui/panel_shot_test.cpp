// The panels at a lecture hall's sizes, in the real window: every scene at 1920x1080
// with the interface at 200 % (Ctrl+= in steps of ui::ui_scale_step_percent from a
// script run's 100 %) and at 3840x2160 with it at 300 % (--ui-scale 300), one script and
// one process per window size. Each picture is checked where a viewer would look: the menu bar is as
// tall as the scaled font (its grey measured from the top), and no panel covers the
// middle of the stage (the centre 50 % of the window shows no panel background). The
// pictures are kept when a check fails, and always with FRAMELAB_KEEP_SHOTS=DIR.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "scenes/registry.hpp"
#include "tests/gui/gui_test_support.hpp"
#include "ui/ui_scale.hpp"

namespace {

namespace fs = std::filesystem;
using framelab::gui_test::png_picture;
using framelab::gui_test::run;

// ImGui's dark main menu bar (0.14, 0.14, 0.14).
bool menu_grey(int r, int g, int b) {
  return std::abs(r - 36) <= 3 && std::abs(g - 36) <= 3 && std::abs(b - 36) <= 3;
}

// A panel's background (ImGui's dark window, 0.06 grey at 94 % over the stage): a dark
// neutral grey, unlike the stage's blue-grey (28, 31, 38) and anything lit in the scene.
bool panel_background(int r, int g, int b) {
  return r >= 8 && r <= 20 && std::abs(r - g) <= 2 && std::abs(r - b) <= 2;
}

// The menu bar's height: the longest run of menu-grey rows from the top, over the columns
// of the window's middle third (between the menus at the left and the status at the right).
int menu_bar_height(const png_picture& p) {
  int tallest = 0;
  for (int x = p.width / 3; x < p.width * 2 / 3; x += 7) {
    int y = 0;
    while (y < p.height / 4 && !menu_grey(p.at(x, y)[0], p.at(x, y)[1], p.at(x, y)[2])) ++y;  // a top border
    int rows = 0;
    for (; y < p.height / 4 && menu_grey(p.at(x, y)[0], p.at(x, y)[1], p.at(x, y)[2]); ++y) ++rows;
    tallest = std::max(tallest, rows);
  }
  return tallest;
}

class panel_shots : public testing::Test {
 protected:
  void SetUp() override {
    for (const auto& entry : framelab::registered_scenes()) scenes_.push_back(entry.info.name);
  }
  void TearDown() override { folder_.remove_unless_kept(HasFailure()); }

  // How the interface gets to its size: Ctrl+= keys in the script, or --ui-scale.
  enum class scaled_by { keys, option };

  // Shoots every scene with the panels open at width x height and the interface at
  // `percent`; checks each picture.
  void shoot(int width, int height, int percent, scaled_by how) {
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    const fs::path script = dir_ / ("panels_" + size + ".script");
    {
      std::ofstream out(script);
      for (int p = framelab::ui::min_ui_scale_percent; how == scaled_by::keys && p < percent;
           p += framelab::ui::ui_scale_step_percent)
        out << "key ctrl+=\n";
      for (const auto& scene : scenes_) out << "scene " << scene << "\nwait 4\nshot " << png(scene, size) << "\n";
    }
    int exit_code = -1;
    const std::string option = how == scaled_by::option ? " --ui-scale " + std::to_string(percent) : "";
    const std::string output =
        run(std::string(FRAMELAB_EXE) + " --script " + script.string() + " --size " + size + option, exit_code);
    ASSERT_EQ(exit_code, 0) << output;
    const int scaled_font = static_cast<int>(framelab::ui::ui_font_pixels * framelab::ui::ui_scale_factor(percent));
    for (const auto& scene : scenes_) {
      SCOPED_TRACE(scene + " at " + size + ", " + std::to_string(percent) + " %");
      const png_picture picture(png(scene, size));
      ASSERT_TRUE(picture.loaded()) << png(scene, size);
      EXPECT_EQ(picture.width, width);
      EXPECT_EQ(picture.height, height);
      EXPECT_GE(menu_bar_height(picture), scaled_font) << "the interface is not at " << percent << " %";
      const int x0 = width / 4, y0 = height / 4, x1 = width - width / 4, y1 = height - height / 4;
      const int covered = picture.count(panel_background, x0, y0, x1, y1);
      EXPECT_LT(covered, (x1 - x0) * (y1 - y0) / 50) << "a panel covers the middle of the stage";
    }
  }
  std::string png(const std::string& scene, const std::string& size) const {
    return (dir_ / ("panels_" + scene + "_" + size + ".png")).string();
  }

  std::vector<std::string> scenes_;
  framelab::gui_test::shot_folder folder_{"framelab_panels"};
  const fs::path& dir_ = folder_.path;
};

TEST_F(panel_shots, every_scene_at_1920x1080_200_percent) {
  shoot(1920, 1080, 200, scaled_by::keys);
}

TEST_F(panel_shots, every_scene_at_3840x2160_300_percent) {
  shoot(3840, 2160, 300, scaled_by::option);
}

}  // namespace
