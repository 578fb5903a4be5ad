// `framelab record` and the script's `record start|stop`, end to end: the real window
// rendered offscreen, encoded, and decoded again by libavcodec (tests/app/decoded_video.hpp):
// exactly the requested number of frames at the requested size, pictures of the app
// (its menu bar across the top, the scene moving between the first and the last frame),
// PNG folders with one readable picture per frame. In the ASan build the app's encoder
// paths run under LeakSanitizer too.
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

constexpr int width = 320;
constexpr int height = 240;
constexpr double menu_bar_grey = 36.0;   // ImGui's dark style, (0.14, 0.14, 0.14)
constexpr double lossy_tolerance = 8.0;  // H.264 and the GIF's palette, per channel
constexpr double min_motion = 0.5;       // mean |difference| first -> last frame, of 255

// The app's picture: the top rows are the menu bar's grey (on average: the GIF's
// palette has no such grey and dithers it from its neighbours).
void expect_menu_bar(const rgb_picture& picture, const std::string& what) {
  for (int channel = 0; channel < 3; ++channel) {
    EXPECT_NEAR(picture.mean(channel, 0, 1, picture.width, 4), menu_bar_grey, lossy_tolerance)
        << what << ", channel " << channel << ": no menu bar across the top (flipped or blank?)";
  }
}

double mean_difference(const rgb_picture& a, const rgb_picture& b) {
  double sum = 0.0;
  for (std::size_t i = 0; i < a.rgb.size() && i < b.rgb.size(); ++i) sum += std::abs(a.rgb[i] - b.rgb[i]);
  return a.rgb.empty() ? 0.0 : sum / static_cast<double>(a.rgb.size());
}

void expect_recording(const std::string& file, const std::string& codec, int frames, int w, int h, double fps) {
  const auto video = decode_video(file);
  ASSERT_TRUE(video.error.empty()) << video.error;
  EXPECT_EQ(video.codec, codec) << file;
  EXPECT_EQ(video.frames, frames) << file;
  EXPECT_EQ(video.width, w) << file;
  EXPECT_EQ(video.height, h) << file;
  if (codec == "h264") {
    EXPECT_NEAR(video.frame_rate, fps, 0.01) << file;
  }
  expect_menu_bar(video.first, file + " first frame");
  expect_menu_bar(video.last, file + " last frame");
  EXPECT_GT(mean_difference(video.first, video.last), min_motion) << file << ": the scene did not move";
}

void expect_png_folder(const fs::path& folder, int frames, int w, int h) {
  int count = 0;
  for (const auto& entry : fs::directory_iterator(folder)) {
    static_cast<void>(entry);
    ++count;
  }
  EXPECT_EQ(count, frames) << folder;
  char last[32];
  std::snprintf(last, sizeof last, "frame_%05d.png", frames - 1);
  framelab::gui_test::expect_framelab_picture((folder / last).string(), w, h);
}

class record_test : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("framelab_record_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir_);
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::string record(const std::string& out, int& exit_code) const {
    return run(std::string(FRAMELAB_EXE) + " record --scene carousel --seconds 1 --fps 30 --view window --size " +
                   std::to_string(width) + "x" + std::to_string(height) + " --out " + out,
               exit_code, [&out] { fs::remove_all(out); });
  }
  fs::path dir_;
};

void expect_no_sanitizer_report(const std::string& output) {
  for (const char* report : {"AddressSanitizer", "LeakSanitizer", "runtime error:"}) {
    EXPECT_EQ(output.find(report), std::string::npos) << output;
  }
}

TEST_F(record_test, mp4_gif_and_folder_hold_seconds_times_fps_frames_of_the_window) {
  for (const std::string name : {"demo.mp4", "demo.gif", "frames/"}) {
    int exit_code = -1;
    const std::string output = record(path(name), exit_code);
    ASSERT_EQ(exit_code, 0) << output;
    expect_no_sanitizer_report(output);
    EXPECT_NE(output.find("wrote " + path(name) + " (30 frames, 320x240, 30 fps)"), std::string::npos) << output;
    EXPECT_NE(output.find("framelab: recording 30/30 frames (100%)"), std::string::npos) << output;
    EXPECT_NE(output.find("framelab: recording 15/30 frames (50%)"), std::string::npos) << output;
  }
  expect_recording(path("demo.mp4"), "h264", 30, width, height, 30.0);
  expect_recording(path("demo.gif"), "gif", 30, width, height, 30.0);
  expect_png_folder(dir_ / "frames", 30, width, height);
}

TEST_F(record_test, a_script_records_between_start_and_stop_and_at_its_end) {
  // An odd window: the .mp4 drops a row and a column (yuv420p), the PNGs keep them all.
  const std::string script = path("record.script");
  std::ofstream(script) << "scene carousel\nwait 3\nrecord start " << path("part.mp4")
                        << "\nwait 19\nrecord stop\nrecord start " << path("part.gif") << "\nwait 19\nrecord stop"
                        << "\nwait 2\nrecord start " << path("tail/")
                        << "\nwait 4\n";  // the script ends while recording: the folder is finished
  int exit_code = -1;
  const std::string output = run(std::string(FRAMELAB_EXE) + " --script " + script + " --size 321x241", exit_code,
                                 [this] { fs::remove_all(dir_ / "tail"); });
  ASSERT_EQ(exit_code, 0) << output;
  expect_no_sanitizer_report(output);
  EXPECT_NE(output.find("wrote " + path("part.mp4") + " (20 frames, 320x240, 60 fps)"), std::string::npos) << output;
  // A GIF keeps every second frame of the 60 drawn per second: 30 fps, still true speed.
  EXPECT_NE(output.find("wrote " + path("part.gif") + " (10 frames, 321x241, 30 fps)"), std::string::npos) << output;
  EXPECT_NE(output.find("wrote " + path("tail/") + " (5 frames, 321x241, 60 fps)"), std::string::npos) << output;
  expect_recording(path("part.mp4"), "h264", 20, 320, 240, 60.0);
  expect_recording(path("part.gif"), "gif", 10, 321, 241, 30.0);
  expect_png_folder(dir_ / "tail", 5, 321, 241);
}

TEST_F(record_test, a_bad_output_exits_two_before_a_window_opens_and_writes_nothing) {
  int exit_code = -1;
  std::string output = record(path("missing/demo.mp4"), exit_code);
  EXPECT_EQ(exit_code, 2) << output;
  EXPECT_NE(output.find("--out: " + path("missing/demo.mp4") + ": the folder it goes in"), std::string::npos) << output;
  output = record(path("demo.avi"), exit_code);
  EXPECT_EQ(exit_code, 2) << output;
  EXPECT_NE(output.find("unknown extension '.avi'"), std::string::npos) << output;
  EXPECT_TRUE(fs::is_empty(dir_));
}

}  // namespace
