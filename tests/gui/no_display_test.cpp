// With no display, the interactive GUI must not start: it exits 1 at once with one line
// naming the problem (it once ran unseen at full CPU for 100 minutes). A shot or a script
// needs no screen and renders offscreen instead. Each run is bounded by `timeout`, so a
// GUI that spins fails the test (exit code 124) instead of hanging it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/gui/gui_test_support.hpp"

namespace {

using framelab::gui_test::run;
namespace fs = std::filesystem;

constexpr const char* no_display = "env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER timeout 60 ";
constexpr const char* expected_error = "framelab: error: no display (set DISPLAY or use sim/shot under xvfb-run)\n";

TEST(no_display, the_interactive_gui_exits_1_naming_the_problem) {
  int exit_code = -1;
  const std::string output = run(std::string(no_display) + FRAMELAB_EXE, exit_code);
  EXPECT_EQ(exit_code, 1) << output;
  EXPECT_EQ(output, expected_error);
}

TEST(no_display, a_scene_argument_does_not_change_that) {
  int exit_code = -1;
  const std::string output = run(std::string(no_display) + FRAMELAB_EXE + " --scene carousel", exit_code);
  EXPECT_EQ(exit_code, 1) << output;
  EXPECT_EQ(output, expected_error);
}

TEST(no_display, a_shot_renders_offscreen) {
  const fs::path png = fs::temp_directory_path() / ("framelab_no_display_" + std::to_string(::getpid()) + ".png");
  int exit_code = -1;
  const std::string output = run(std::string(no_display) + FRAMELAB_EXE +
                                     " shot --scene free-body --frames 3 --size 640x360 --out " + png.string(),
                                 exit_code);
  EXPECT_EQ(exit_code, 0) << output;
  framelab::gui_test::expect_framelab_picture(png.string(), 640, 360);
  fs::remove(png);
}

TEST(no_display, a_script_renders_offscreen) {
  const fs::path dir = fs::temp_directory_path() / ("framelab_no_display_script_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path script = dir / "demo.script";
  const fs::path png = dir / "frame.png";
  std::ofstream(script) << "scene carousel\nwait 3\nshot " << png.string() << "\nquit\n";
  int exit_code = -1;
  const std::string output =
      run(std::string(no_display) + FRAMELAB_EXE + " --script " + script.string() + " --size 640x360", exit_code);
  EXPECT_EQ(exit_code, 0) << output;
  framelab::gui_test::expect_framelab_picture(png.string(), 640, 360);
  fs::remove_all(dir);
}

}  // namespace
