// GUI smoke test: runs the real `framelab shot` (SDL window, GL renderer, ImGui
// panels) for every registered scene and checks the PNG: right size, a real picture
// (many distinct colours), the ImGui main menu bar drawn across the top, and a frame
// time printed.
#include <array>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <stb_image.h>

#include "scenes/registry.hpp"

namespace {

constexpr int width = 640;
constexpr int height = 400;
constexpr std::size_t min_distinct_colours = 200;  // a blank or flat image has a handful

std::string run(const std::string& command, int& exit_code) {
  std::string output;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return output;
  std::array<char, 512> buffer{};
  while (fgets(buffer.data(), buffer.size(), pipe) != nullptr) output += buffer.data();
  exit_code = WEXITSTATUS(pclose(pipe));
  return output;
}

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

  int w = 0, h = 0, channels = 0;
  std::unique_ptr<unsigned char, void (*)(void*)> pixels(stbi_load(png.c_str(), &w, &h, &channels, 3), stbi_image_free);
  ASSERT_NE(pixels, nullptr) << "cannot read " << png;
  EXPECT_EQ(w, width);
  EXPECT_EQ(h, height);
  std::set<unsigned> colours;
  for (int i = 0; i < w * h; ++i) {
    const unsigned char* p = pixels.get() + 3 * i;
    colours.insert((unsigned(p[0]) << 16) | (unsigned(p[1]) << 8) | p[2]);
  }
  EXPECT_GE(colours.size(), min_distinct_colours);
  // ImGui's dark style paints the main menu bar (0.14, 0.14, 0.14): most of the top row.
  int menu_bar_pixels = 0;
  for (int x = 0; x < w; ++x) {
    const unsigned char* p = pixels.get() + 3 * (2 * w + x);
    if (std::abs(p[0] - 36) <= 3 && std::abs(p[1] - 36) <= 3 && std::abs(p[2] - 36) <= 3) ++menu_bar_pixels;
  }
  EXPECT_GT(menu_bar_pixels, w / 2) << "the main menu bar is missing";
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
