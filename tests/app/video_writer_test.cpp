// Recordings (app/video_writer.hpp): synthetic frames of known colours written as H.264
// .mp4, .gif, .webm and a PNG folder, then read back by an independent decoder (libavcodec's
// decoding side, stb_image): the frame count, the size, and the colours of the top and
// bottom halves of the first and last frames (which also proves the rows were flipped
// from GL's bottom-up order). Bad paths give a message naming the problem and leave
// nothing behind.
#include "app/video_writer.hpp"

#include <gtest/gtest.h>
#include <stb_image.h>
#include <unistd.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <memory>

#include "app/video_format.hpp"
#include "tests/app/decoded_video.hpp"

namespace framelab {
namespace {

namespace fs = std::filesystem;
using video_test::decode_video;
using video_test::rgb_picture;

using rgb = std::array<double, 3>;

// Colours the GIF's 3-3-2 palette holds exactly, so all three formats are held to one
// tolerance: what lossy H.264 and GIF dithering leave of a flat area's mean.
constexpr rgb red{255, 0, 0};
constexpr rgb blue{0, 0, 255};
constexpr rgb green{0, 255, 0};
constexpr rgb white{255, 255, 255};
constexpr double mean_tolerance = 12.0;  // of 255

constexpr int width = 160;
constexpr int height = 96;
constexpr int frame_count = 12;
constexpr int fps = 24;

rgb mix(const rgb& a, const rgb& b, double t) {
  return {a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t};
}

// Frame i, as glReadPixels gives it (rows bottom-up, RGBA): the top half goes from red
// to green over the frames, the bottom half from blue to white.
std::vector<unsigned char> synthetic_frame(int i, int w = width, int h = height) {
  const double t = frame_count > 1 ? static_cast<double>(i) / (frame_count - 1) : 0.0;
  const rgb top = mix(red, green, t);
  const rgb bottom = mix(blue, white, t);
  std::vector<unsigned char> pixels(static_cast<std::size_t>(w) * h * 4);
  for (int row = 0; row < h; ++row) {
    const rgb& c = row < h / 2 ? bottom : top;  // row 0 is the bottom of the picture
    for (int x = 0; x < w; ++x) {
      unsigned char* p = pixels.data() + (static_cast<std::size_t>(row) * w + x) * 4;
      for (int k = 0; k < 3; ++k) p[k] = static_cast<unsigned char>(std::lround(c[k]));
      p[3] = 255;
    }
  }
  return pixels;
}

// The means of the top and bottom halves, away from the edge between them (H.264 blurs
// colour across a few pixels there).
void expect_halves(const rgb_picture& picture, const rgb& top, const rgb& bottom, const std::string& what) {
  ASSERT_EQ(picture.rgb.size(), static_cast<std::size_t>(picture.width) * picture.height * 3) << what;
  const int margin = 8;
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(picture.mean(k, 0, 0, picture.width, picture.height / 2 - margin), top[k], mean_tolerance)
        << what << " top, channel " << k;
    EXPECT_NEAR(picture.mean(k, 0, picture.height / 2 + margin, picture.width, picture.height), bottom[k],
                mean_tolerance)
        << what << " bottom, channel " << k;
  }
}

class video_writer_test : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("framelab_video_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir_);
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // Writes frame_count synthetic frames; returns the error, or "" when all went well.
  std::string record(const std::string& out, int w = width, int h = height) const {
    std::unique_ptr<video_writer> writer;
    if (auto error = open_video_writer(out, w, h, fps, writer)) return *error;
    for (int i = 0; i < frame_count; ++i) {
      if (auto error = writer->add_frame(synthetic_frame(i, w, h).data())) return *error;
    }
    if (writer->frames_written() != frame_count) return "frames_written() is wrong";
    if (auto error = writer->finish()) return *error;
    return "";
  }

  // What the test folder holds besides `except`: left-over temporary files.
  std::vector<std::string> other_files(const std::string& except = "") const {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir_)) {
      if (entry.path().filename() != except) names.push_back(entry.path().filename().string());
    }
    return names;
  }

  fs::path dir_;
};

void expect_video(const std::string& file, const std::string& codec) {
  const auto video = decode_video(file);
  ASSERT_TRUE(video.error.empty()) << video.error;
  EXPECT_EQ(video.codec, codec);
  EXPECT_EQ(video.width, width);
  EXPECT_EQ(video.height, height);
  EXPECT_EQ(video.frames, frame_count);
  expect_halves(video.first, red, blue, file + " first frame");
  expect_halves(video.last, green, white, file + " last frame");
}

TEST_F(video_writer_test, mp4_decodes_to_the_frames_written) {
  ASSERT_EQ(record(path("clip.mp4")), "");
  expect_video(path("clip.mp4"), "h264");
  EXPECT_NEAR(decode_video(path("clip.mp4")).frame_rate, fps, 0.01);
  EXPECT_TRUE(other_files("clip.mp4").empty());
}

// .webm: VP8 by ffmpeg's libvpx on the desktop (the page's VideoEncoder: tests/web/page_features_test.py).
TEST_F(video_writer_test, webm_decodes_to_the_frames_written) {
  ASSERT_EQ(record(path("clip.webm")), "");
  expect_video(path("clip.webm"), "vp8");
  EXPECT_NEAR(decode_video(path("clip.webm")).frame_rate, fps, 0.01);
  std::ifstream in(path("clip.webm"), std::ios::binary);
  char ebml[4] = {};
  in.read(ebml, 4);
  EXPECT_EQ(std::string(ebml, 4), std::string("\x1a\x45\xdf\xa3", 4));  // Matroska's EBML header
  EXPECT_TRUE(other_files("clip.webm").empty());
}

TEST_F(video_writer_test, gif_decodes_to_the_frames_written) {
  ASSERT_EQ(record(path("clip.gif")), "");
  expect_video(path("clip.gif"), "gif");
  EXPECT_TRUE(other_files("clip.gif").empty());
}

TEST_F(video_writer_test, a_folder_gets_one_png_per_frame) {
  ASSERT_EQ(record(path("frames") + "/"), "");
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir_ / "frames")) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  ASSERT_EQ(names.size(), static_cast<std::size_t>(frame_count));
  EXPECT_EQ(names.front(), "frame_00000.png");
  EXPECT_EQ(names.back(), "frame_00011.png");
  for (const auto& [name, top, bottom] :
       {std::tuple{names.front(), red, blue}, std::tuple{names.back(), green, white}}) {
    int w = 0, h = 0, channels = 0;
    const std::string file = (dir_ / "frames" / name).string();
    std::unique_ptr<unsigned char, void (*)(void*)> pixels(stbi_load(file.c_str(), &w, &h, &channels, 3),
                                                           stbi_image_free);
    ASSERT_NE(pixels, nullptr) << file;
    ASSERT_EQ(w, width);
    ASSERT_EQ(h, height);
    rgb_picture picture{w, h, std::vector<unsigned char>(pixels.get(), pixels.get() + w * h * 3)};
    expect_halves(picture, top, bottom, file);  // lossless: exact, but the same check
    EXPECT_EQ(picture.rgb[0], top[0]) << file << ": the top-left pixel";
  }
  EXPECT_TRUE(other_files("frames").empty());
}

TEST_F(video_writer_test, an_existing_empty_folder_is_filled) {
  fs::create_directory(dir_ / "empty");
  ASSERT_EQ(record(path("empty")), "");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_ / "empty"), fs::directory_iterator()), frame_count);
}

// Against the rule's words, case by case: k divides fps, fps / k <= 50, no smaller k does.
TEST(gif_frame_stride, keeps_the_most_frames_that_play_at_true_speed) {
  EXPECT_EQ(gif_frame_stride(60), 2);  // the GUI's recordings: a 30 fps GIF
  EXPECT_EQ(gif_frame_stride(50), 1);
  EXPECT_EQ(gif_frame_stride(120), 3);
  for (int fps = 1; fps <= 240; ++fps) {
    const int k = gif_frame_stride(fps);
    ASSERT_EQ(fps % k, 0) << fps;
    EXPECT_LE(fps / k, max_gif_fps) << fps;
    for (int smaller = 1; smaller < k; ++smaller) EXPECT_TRUE(fps % smaller != 0 || fps / smaller > max_gif_fps) << fps;
  }
}

TEST_F(video_writer_test, formats_follow_the_extension) {
  video_format format = video_format::gif;
  EXPECT_FALSE(video_format_for("a/b.MP4", format));
  EXPECT_EQ(format, video_format::mp4);
  EXPECT_FALSE(video_format_for("b.gif", format));
  EXPECT_EQ(format, video_format::gif);
  EXPECT_FALSE(video_format_for("c.WebM", format));
  EXPECT_EQ(format, video_format::webm);
  EXPECT_FALSE(video_format_for("shots/", format));
  EXPECT_EQ(format, video_format::png_folder);
  EXPECT_FALSE(video_format_for(dir_.string(), format));  // an existing folder
  EXPECT_EQ(format, video_format::png_folder);
  EXPECT_TRUE(video_format_for("demo", format));
  EXPECT_TRUE(video_format_for("", format));
}

// Each bad request: an error naming the problem, and the folder left as it was.
TEST_F(video_writer_test, bad_requests_name_the_problem_and_leave_nothing) {
  std::ofstream(dir_ / "a_file") << "x";
  fs::create_directory(dir_ / "full");
  std::ofstream(dir_ / "full" / "keep.txt") << "x";
  const std::vector<std::pair<std::string, std::string>> cases{
      {path("clip.avi"), "unknown extension '.avi'; use .mp4, .gif"},
      {path("clip"), "no extension"},
      {path("missing/clip.mp4"), "does not exist"},
      {path("a_file/clip.gif"), "does not exist"},
      {path("missing/frames/"), "does not exist"},
      {path("full"), "not empty"},
      {path("a_file") + "/", "not a folder"},
  };
  for (const auto& [out, expected] : cases) {
    const std::string error = record(out);
    EXPECT_NE(error.find(expected), std::string::npos) << out << " -> " << error;
  }
  const std::string odd = record(path("odd.mp4"), width + 1, height);
  EXPECT_NE(odd.find("even width and height, got 161x96"), std::string::npos) << odd;
  const std::string odd_webm = record(path("odd.webm"), width, height + 1);
  EXPECT_NE(odd_webm.find("VP8 (.webm) needs an even width and height, got 160x97"), std::string::npos) << odd_webm;
  auto left = other_files();
  std::sort(left.begin(), left.end());
  EXPECT_EQ(left, (std::vector<std::string>{"a_file", "full"}));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_ / "full"), fs::directory_iterator()), 1);
}

TEST_F(video_writer_test, odd_sizes_are_fine_for_gif_and_png) {
  ASSERT_EQ(record(path("odd.gif"), width + 1, height + 1), "");
  EXPECT_EQ(decode_video(path("odd.gif")).width, width + 1);
  ASSERT_EQ(record(path("odd/"), width + 1, height + 1), "");
}

TEST_F(video_writer_test, an_abandoned_recording_leaves_nothing) {
  for (const char* name : {"gone.mp4", "gone.gif", "gone/"}) {
    std::unique_ptr<video_writer> writer;
    ASSERT_FALSE(open_video_writer(path(name), width, height, fps, writer)) << name;
    ASSERT_FALSE(writer->add_frame(synthetic_frame(0).data())) << name;
    EXPECT_FALSE(other_files().empty()) << name << ": the temporary output exists while recording";
    writer.reset();  // e.g. the app quit with an error
    EXPECT_TRUE(other_files().empty()) << name;
  }
}

TEST_F(video_writer_test, an_existing_file_is_replaced_only_when_the_new_one_is_complete) {
  std::ofstream(path("clip.mp4")) << "the previous recording";
  {
    std::unique_ptr<video_writer> writer;
    ASSERT_FALSE(open_video_writer(path("clip.mp4"), width, height, fps, writer));
    ASSERT_FALSE(writer->add_frame(synthetic_frame(0).data()));
  }  // abandoned
  EXPECT_EQ(fs::file_size(path("clip.mp4")), std::string("the previous recording").size());
  ASSERT_EQ(record(path("clip.mp4")), "");
  EXPECT_EQ(decode_video(path("clip.mp4")).frames, frame_count);
}

}  // namespace
}  // namespace framelab
