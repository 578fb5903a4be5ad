#pragma once
// What the GUI tests share: running the real framelab binary and checking the PNG it
// wrote (right size, a real picture with many distinct colours, ImGui's main menu
// bar across the top).
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <stb_image.h>

namespace framelab::gui_test {

constexpr std::size_t min_distinct_colours = 200;  // a blank or flat image has a handful

// Runs a shell command; its standard output and error together.
inline std::string run(const std::string& command, int& exit_code) {
  std::string output;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return output;
  std::array<char, 512> buffer{};
  while (fgets(buffer.data(), buffer.size(), pipe) != nullptr) output += buffer.data();
  exit_code = WEXITSTATUS(pclose(pipe));
  return output;
}

inline void expect_framelab_picture(const std::string& png, int width, int height) {
  int w = 0, h = 0, channels = 0;
  std::unique_ptr<unsigned char, void (*)(void*)> pixels(stbi_load(png.c_str(), &w, &h, &channels, 3), stbi_image_free);
  ASSERT_NE(pixels, nullptr) << "cannot read " << png;
  EXPECT_EQ(w, width) << png;
  EXPECT_EQ(h, height) << png;
  std::set<unsigned> colours;
  for (int i = 0; i < w * h; ++i) {
    const unsigned char* p = pixels.get() + 3 * i;
    colours.insert((unsigned(p[0]) << 16) | (unsigned(p[1]) << 8) | p[2]);
  }
  EXPECT_GE(colours.size(), min_distinct_colours) << png;
  // ImGui's dark style paints the main menu bar (0.14, 0.14, 0.14): most of the top row.
  int menu_bar_pixels = 0;
  for (int x = 0; x < w; ++x) {
    const unsigned char* p = pixels.get() + 3 * (2 * w + x);
    if (std::abs(p[0] - 36) <= 3 && std::abs(p[1] - 36) <= 3 && std::abs(p[2] - 36) <= 3) ++menu_bar_pixels;
  }
  EXPECT_GT(menu_bar_pixels, w / 2) << png << ": the main menu bar is missing";
}

}  // namespace framelab::gui_test
