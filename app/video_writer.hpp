#pragma once
// Writes a recording frame by frame: a video file through ffmpeg's libraries
// (app/ffmpeg_encoder.hpp) or a folder of numbered PNGs (app/png_sequence.hpp), chosen by
// the output path (app/video_format.hpp).
//
// Nothing half-written ever sits under the final name: a writer works on a temporary
// name next to the target (common/atomic_file.hpp) and finish() renames it into place.
// A writer destroyed before finish(), or one that failed, removes what it wrote.
#include <memory>
#include <optional>
#include <string>

namespace framelab {

class video_writer {
 public:
  video_writer() = default;
  video_writer(const video_writer&) = delete;
  video_writer& operator=(const video_writer&) = delete;
  virtual ~video_writer() = default;

  // Adds one frame: width*height RGBA pixels (4 bytes each, no row padding), rows
  // bottom-up as glReadPixels returns them. Returns the reason on failure; the writer
  // is then unusable and finish() fails too.
  virtual std::optional<std::string> add_frame(const unsigned char* rgba_bottom_up) = 0;

  // Flushes and closes the output and renames it onto its path. Returns the reason on
  // failure (then nothing is left under the path).
  virtual std::optional<std::string> finish() = 0;

  virtual int frames_written() const = 0;
};

// Opens a writer for `path` (format from the path, size checked for it) that takes
// width x height frames at `fps` frames per second. Returns the reason on failure, with
// nothing created.
std::optional<std::string> open_video_writer(const std::string& path, int width, int height, int fps,
                                             std::unique_ptr<video_writer>& writer);

}  // namespace framelab
