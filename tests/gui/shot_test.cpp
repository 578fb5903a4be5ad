// GUI smoke test: runs the real `framelab shot` (SDL window, GL renderer, ImGui
// panels) for every registered scene and checks the PNG: right size, a real picture
// (many distinct colours), the ImGui main menu bar drawn across the top, and a frame
// time printed.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "scenes/registry.hpp"
#include "tests/gui/gui_test_support.hpp"

namespace {

using framelab::gui_test::run;

constexpr int width = 640;
constexpr int height = 400;

class shot_test : public testing::TestWithParam<std::string> {};

TEST_P(shot_test, writes_a_non_blank_png_with_panels) {
  const auto dir = std::filesystem::temp_directory_path() / ("framelab_shot_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto png = dir / (GetParam() + ".png");
  int exit_code = -1;
  const std::string output = run(std::string(FRAMELAB_EXE) + " shot --scene " + GetParam() + " --frames 30 --size " +
                                     std::to_string(width) + "x" + std::to_string(height) + " --out " + png.string(),
                                 exit_code);
  ASSERT_EQ(exit_code, 0) << output;
  EXPECT_NE(output.find("mean frame time"), std::string::npos) << output;

  framelab::gui_test::expect_framelab_picture(png.string(), width, height);
  std::filesystem::remove_all(dir);
}

std::vector<std::string> scene_names() {
  std::vector<std::string> names;
  for (const auto& entry : framelab::registered_scenes()) names.push_back(entry.info.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(every_scene, shot_test, testing::ValuesIn(scene_names()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& c : name) {
                             if (c == '-') c = '_';
                           }
                           return name;
                         });

}  // namespace
