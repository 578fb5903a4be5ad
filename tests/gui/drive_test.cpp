// The GUI keeps responding: a script drives the real app (SDL window, GL renderer,
// ImGui panels) through every scene, the shortcuts and the Benchmarks panel (start,
// cancel, restart a run, switch scene while it runs), taking a screenshot of each;
// the app must exit cleanly with every picture written and no sanitizer report.
// A broken script is refused before any window opens, naming the file and line.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "scenes/registry.hpp"
#include "tests/gui/gui_test_support.hpp"

namespace {

using framelab::gui_test::run;
namespace fs = std::filesystem;

constexpr int width = 800;
constexpr int height = 500;

class drive_test : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("framelab_drive_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir_);
  }
  std::string png(const std::string& name) const { return (dir_ / (name + ".png")).string(); }
  std::string write_script(const std::string& text) const {
    const fs::path file = dir_ / "drive.script";
    std::ofstream(file) << text;
    return file.string();
  }
  std::string play(const std::string& script_file, int& exit_code) const {
    return run(std::string(FRAMELAB_EXE) + " --script " + script_file + " --size " + std::to_string(width) + "x" +
                   std::to_string(height),
               exit_code);
  }
  fs::path dir_;
};

void expect_no_sanitizer_report(const std::string& output) {
  for (const char* report : {"AddressSanitizer", "LeakSanitizer", "ThreadSanitizer", "runtime error:"}) {
    EXPECT_EQ(output.find(report), std::string::npos) << output;
  }
}

TEST_F(drive_test, every_scene_shortcuts_and_the_benchmarks_panel) {
  std::string script = "# every scene, a picture of each\n";
  std::vector<std::string> pictures;
  for (const auto& entry : framelab::registered_scenes()) {
    script += "scene " + entry.info.name + "\nwait 10\nshot " + png(entry.info.name) + "\n";
    pictures.push_back(png(entry.info.name));
  }
  // A shipped preset: free-body with Poinsot's construction.
  script += "scene " + std::string(FRAMELAB_SOURCE_DIR) + "/assets/scenes/free-body-poinsot.json\nwait 20\nshot " +
            png("free_body_poinsot") + "\n";
  pictures.push_back(png("free_body_poinsot"));
  script +=
      "key space\nwait 3\nkey .\nkey r\nkey f1\nwait 2\nkey esc\nwait 2\n"  // pause, step, reset, help on/off
      "show benchmarks\nbench select integrators\nbench set quick true\nbench set duration 1\n"
      "bench run\nwait 10\nshot " +
      png("bench_running") +
      "\n"
      "bench cancel\nbench wait 3000\nshot " +
      png("bench_cancelled") +
      "\n"
      "bench set integrators midpoint,midpoint4\nbench run\nbench wait 6000\nbench tab Order\nwait 2\nshot " +
      png("bench_order_plot") +
      "\n"
      "bench run\nwait 5\nscene carousel\nwait 20\nshot " +
      png("bench_while_switching") +
      "\n"
      "bench cancel\nbench wait 3000\nhide benchmarks\nscene tank-turret\nwait 5\nquit\n";
  for (const char* name : {"bench_running", "bench_cancelled", "bench_order_plot", "bench_while_switching"})
    pictures.push_back(png(name));

  int exit_code = -1;
  const std::string output = play(write_script(script), exit_code);
  ASSERT_EQ(exit_code, 0) << output;
  expect_no_sanitizer_report(output);
  for (const auto& picture : pictures) {
    EXPECT_NE(output.find("wrote " + picture), std::string::npos) << output;
    framelab::gui_test::expect_framelab_picture(picture, width, height);
  }
}

TEST_F(drive_test, an_unknown_command_is_refused_before_a_window_opens) {
  int exit_code = -1;
  const std::string file = write_script("wait 2\nfly away\n");
  const std::string output = play(file, exit_code);
  EXPECT_EQ(exit_code, 2) << output;
  EXPECT_NE(output.find(file + ":2: unknown command 'fly'"), std::string::npos) << output;
}

TEST_F(drive_test, a_failing_step_stops_the_app_naming_the_line) {
  int exit_code = -1;
  // (An unknown scene or parameter is refused before the window opens: tests/gui/lesson_play_test.cpp.)
  const std::string output =
      play(write_script("wait 2\nbench set no_such_option 3\nshot " + png("never") + "\n"), exit_code);
  EXPECT_EQ(exit_code, 1) << output;
  EXPECT_NE(output.find(":2: "), std::string::npos) << output;
  EXPECT_NE(output.find("no_such_option"), std::string::npos) << output;
  EXPECT_FALSE(fs::exists(png("never")));
}

}  // namespace

namespace {

// Issue 27's bad input for the renderer: a window shrunk to 1x1 pixel and grown to 8K, and
// a scene file of 50,000 shapes, draw without a crash or a sanitizer report, and the
// picture afterwards is a whole framelab window.
TEST_F(drive_test, the_renderer_survives_tiny_and_huge_windows) {
  int exit_code = -1;
  const std::string output = play(write_script("scene carousel\nwait 2\nwindow 1x1\nwait 3\nwindow 7680x4320\nwait 2\n"
                                               "window " + std::to_string(width) + "x" + std::to_string(height) +
                                               "\nwait 3\nshot " + png("after") + "\n"),
                                  exit_code);
  EXPECT_EQ(exit_code, 0) << output;
  expect_no_sanitizer_report(output);
  framelab::gui_test::expect_framelab_picture(png("after"), width, height);
}

TEST_F(drive_test, a_window_size_out_of_range_is_refused_before_a_window_opens) {
  int exit_code = -1;
  const std::string file = write_script("window 0x100\n");
  const std::string output = play(file, exit_code);
  EXPECT_EQ(exit_code, 2) << output;
  EXPECT_NE(output.find(file + ":1: window: expected WxH"), std::string::npos) << output;
}

TEST_F(drive_test, a_scene_file_of_fifty_thousand_shapes_draws) {
  const fs::path world = dir_ / "many.json";
  {
    std::ofstream out(world);
    out << R"({"title": "many shapes", "frames": [{"name": "cloud", "shapes": [)";
    for (int i = 0; i < 50'000; ++i) {
      out << (i == 0 ? "" : ",") << R"({"shape": "sphere", "radius": 0.03, "offset": [)" << 0.1 * (i % 250) << ", "
          << 0.1 * (i / 250 % 10) << ", " << 0.1 * (i / 2500) << "]}";
    }
    out << "]}]}";
  }
  int exit_code = -1;
  const std::string shot = png("many");
  const std::string output = run(std::string(FRAMELAB_EXE) + " shot --scene " + world.string() + " --frames 4 --size " +
                                     std::to_string(width) + "x" + std::to_string(height) + " --out " + shot,
                                 exit_code);
  ASSERT_EQ(exit_code, 0) << output;
  expect_no_sanitizer_report(output);
  framelab::gui_test::expect_framelab_picture(shot, width, height);
}

}  // namespace
