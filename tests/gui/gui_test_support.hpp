#pragma once
// What the GUI tests share: running the real framelab binary and checking the PNG it
// wrote (right size, a real picture with many distinct colours, ImGui's main menu
// bar across the top).
#include <gtest/gtest.h>
#include <stb_image.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>
#include <set>
#include <string>

namespace framelab::gui_test {

constexpr std::size_t min_distinct_colours = 200;  // a blank or flat image has a handful

// Runs a shell command once; its standard output and error together.
inline std::string run_once(const std::string& command, int& exit_code) {
  std::string output;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return output;
  std::array<char, 512> buffer{};
  while (fgets(buffer.data(), buffer.size(), pipe) != nullptr) output += buffer.data();
  exit_code = WEXITSTATUS(pclose(pipe));
  return output;
}

// LeakSanitizer's own tracer sometimes crashes at exit in a process that ran GL driver
// threads ("Tracer caught signal 11", google/sanitizers#1353): a failure of the tool, not
// a leak it found (that report reads "detected memory leaks").
inline bool leak_checker_crashed(const std::string& output) {
  return output.find("LeakSanitizer has encountered a fatal error") != std::string::npos;
}

// Runs a shell command; its standard output and error together. A run whose leak checker
// crashed is run again, up to twice more, so that flake does not fail the test (on a loaded
// host it came twice in a row once, 2026-11-28); a third crash does. A run's files are there
// for the next: a command whose outputs refuse to be overwritten (a recording into a folder)
// passes `forget_outputs`, which removes them.
inline std::string run(const std::string& command, int& exit_code, const std::function<void()>& forget_outputs = {}) {
  std::string output = run_once(command, exit_code);
  for (int again = 0; again < 2 && leak_checker_crashed(output); ++again) {
    if (forget_outputs) forget_outputs();
    output = run_once(command, exit_code);
  }
  return output;
}

// A PNG read back as RGB bytes, top row first; empty (loaded() false) when unreadable.
struct png_picture {
  int width = 0;
  int height = 0;
  std::unique_ptr<unsigned char, void (*)(void*)> pixels{nullptr, stbi_image_free};

  explicit png_picture(const std::string& png) {
    int channels = 0;
    pixels.reset(stbi_load(png.c_str(), &width, &height, &channels, 3));
  }
  bool loaded() const { return pixels != nullptr; }
  const unsigned char* at(int x, int y) const { return pixels.get() + 3 * (y * width + x); }
  int luminance(int x, int y) const {
    const unsigned char* p = at(x, y);
    return (299 * p[0] + 587 * p[1] + 114 * p[2]) / 1000;
  }
  // The pixels of [x0, x1) x [y0, y1) whose colour matches (match(r, g, b)).
  template <class Match>
  int count(Match match, int x0, int y0, int x1, int y1) const {
    int n = 0;
    for (int y = y0; y < y1; ++y) {
      for (int x = x0; x < x1; ++x) n += match(at(x, y)[0], at(x, y)[1], at(x, y)[2]) ? 1 : 0;
    }
    return n;
  }
  template <class Match>
  int count(Match match) const {
    return count(match, 0, 0, width, height);
  }
  // ImGui's dark style paints the main menu bar (0.14, 0.14, 0.14): its pixels on row 2.
  int menu_bar_pixels() const {
    const auto menu_grey = [](int r, int g, int b) {
      return std::abs(r - 36) <= 3 && std::abs(g - 36) <= 3 && std::abs(b - 36) <= 3;
    };
    return count(menu_grey, 0, 2, width, 3);
  }
};

// Where a test's pictures go: a fresh temporary folder, removed when the test passed;
// FRAMELAB_KEEP_SHOTS=DIR puts them in DIR and keeps them (to look at them).
struct shot_folder {
  std::filesystem::path path;
  bool keep = false;

  explicit shot_folder(const std::string& prefix) {
    const char* kept = std::getenv("FRAMELAB_KEEP_SHOTS");
    keep = kept != nullptr && kept[0] != '\0';
    path = keep ? std::filesystem::path(kept)
                : std::filesystem::temp_directory_path() / (prefix + "_" + std::to_string(::getpid()));
    std::filesystem::create_directories(path);
  }
  void remove_unless_kept(bool failed) const {
    if (!failed && !keep) std::filesystem::remove_all(path);
  }
};

inline void expect_framelab_picture(const std::string& png, int width, int height) {
  const png_picture picture(png);
  ASSERT_TRUE(picture.loaded()) << "cannot read " << png;
  EXPECT_EQ(picture.width, width) << png;
  EXPECT_EQ(picture.height, height) << png;
  std::set<unsigned> colours;
  for (int i = 0; i < picture.width * picture.height; ++i) {
    const unsigned char* p = picture.pixels.get() + 3 * i;
    colours.insert((unsigned(p[0]) << 16) | (unsigned(p[1]) << 8) | p[2]);
  }
  EXPECT_GE(colours.size(), min_distinct_colours) << png;
  EXPECT_GT(picture.menu_bar_pixels(), picture.width / 2) << png << ": the main menu bar is missing";
}

}  // namespace framelab::gui_test
