// `framelab record` records the stage by default (presentation mode's picture, for
// slides): decoded again, its top rows are the scene's blue-grey background, not the menu
// bar's neutral grey that `--view window` shows (tests/gui/record_test.cpp); the scene
// moves; a bad --view exits 2 before a window opens, naming the choices.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/app/decoded_video.hpp"
#include "tests/gui/gui_test_support.hpp"

namespace {

using framelab::gui_test::run;
using framelab::video_test::decode_video;
using framelab::video_test::rgb_picture;
namespace fs = std::filesystem;

// The 3D view is cleared to (0.11, 0.12, 0.15): blue exceeds red by about 10 of 255;
// ImGui's menu bar is a neutral grey (blue - red about 2 after encoding).
constexpr double min_background_blue_over_red = 5.0;

// blue - red over the top 4 rows of the right 40 % (the readouts sit top left).
double top_rows_blue_over_red(const rgb_picture& p) {
  const int x0 = p.width * 6 / 10;
  return p.mean(2, x0, 0, p.width, 4) - p.mean(0, x0, 0, p.width, 4);
}

TEST(record_stage, record_shows_the_stage_by_default_without_the_menu_bar) {
  const fs::path dir = fs::temp_directory_path() / ("framelab_record_stage_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string out = (dir / "stage.mp4").string();
  int exit_code = -1;
  const std::string output =
      run(std::string(FRAMELAB_EXE) + " record --scene carousel --seconds 0.5 --fps 30 --size 320x240 --out " + out,
          exit_code);
  ASSERT_EQ(exit_code, 0) << output;
  EXPECT_NE(output.find("wrote " + out + " (15 frames, 320x240, 30 fps)"), std::string::npos) << output;
  const auto video = decode_video(out);
  ASSERT_TRUE(video.error.empty()) << video.error;
  EXPECT_EQ(video.frames, 15);
  for (const rgb_picture* frame : {&video.first, &video.last}) {
    EXPECT_GT(top_rows_blue_over_red(*frame), min_background_blue_over_red) << "a menu bar across the top?";
  }
  double motion = 0.0;
  for (std::size_t i = 0; i < video.first.rgb.size() && i < video.last.rgb.size(); ++i)
    motion += std::abs(video.first.rgb[i] - video.last.rgb[i]);
  EXPECT_GT(motion / static_cast<double>(video.first.rgb.size()), 0.2) << "the scene did not move";
  if (!HasFailure()) fs::remove_all(dir);
}

// A lesson's `record start FILE stage` records the stage; `record start FILE` the window.
TEST(record_stage, a_script_records_the_stage_when_it_says_stage) {
  const fs::path dir = fs::temp_directory_path() / ("framelab_script_stage_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string stage = (dir / "stage.mp4").string(), window = (dir / "window.mp4").string();
  const std::string script = (dir / "record.lesson").string();
  std::ofstream(script) << "scene carousel\nwait 3\nrecord start " << stage << " stage\nwait 10\nrecord stop\n"
                        << "wait 3\nrecord start " << window << "\nwait 10\nrecord stop\n";
  int exit_code = -1;
  const std::string output = run(std::string(FRAMELAB_EXE) + " --script " + script + " --size 320x240", exit_code);
  ASSERT_EQ(exit_code, 0) << output;
  const auto on_stage = decode_video(stage), whole = decode_video(window);
  ASSERT_TRUE(on_stage.error.empty()) << on_stage.error;
  ASSERT_TRUE(whole.error.empty()) << whole.error;
  EXPECT_GT(top_rows_blue_over_red(on_stage.last), min_background_blue_over_red) << "a menu bar across the top?";
  EXPECT_LT(top_rows_blue_over_red(whole.last), min_background_blue_over_red) << "no menu bar in the window view?";
  if (!HasFailure()) fs::remove_all(dir);
}

TEST(record_stage, a_bad_view_exits_two_before_a_window_opens) {
  int exit_code = -1;
  const std::string out = (fs::temp_directory_path() / "framelab_never_written.mp4").string();
  const std::string output =
      run(std::string(FRAMELAB_EXE) + " record --scene carousel --view slides --out " + out, exit_code);
  EXPECT_EQ(exit_code, 2) << output;
  EXPECT_NE(output.find("--view: expected stage or window, got 'slides'"), std::string::npos) << output;
  EXPECT_FALSE(fs::exists(out));
}

}  // namespace
