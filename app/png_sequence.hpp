#pragma once
// A recording as a folder of numbered PNGs (frame_00000.png, frame_00001.png, ...), for
// slides that want single pictures or for an editor to cut. The frames go into a
// temporary folder next to the target, renamed onto it by finish(); the target must not
// exist yet or be an empty folder (rename replaces an empty folder atomically), so an
// earlier recording is never mixed with this one.
#include <filesystem>
#include <string>
#include <vector>

#include "app/video_writer.hpp"

namespace framelab {

class png_sequence final : public video_writer {
 public:
  ~png_sequence() override;

  // `path` names the folder (a trailing '/' is allowed), checked by check_video_output.
  std::optional<std::string> open(const std::string& path, int width, int height);

  std::optional<std::string> add_frame(const unsigned char* rgba_bottom_up) override;
  std::optional<std::string> finish() override;
  int frames_written() const override { return frames_; }

  static std::string frame_name(int index);  // "frame_00042.png"

 private:
  void discard();

  std::filesystem::path folder_;
  std::filesystem::path temporary_;  // empty when nothing is open
  int width_ = 0;
  int height_ = 0;
  int frames_ = 0;
  bool failed_ = false;
  std::vector<unsigned char> rgb_;  // one frame, top-down
};

}  // namespace framelab
