#include "app/video_writer.hpp"

#include "app/ffmpeg_encoder.hpp"
#include "app/png_sequence.hpp"
#include "app/video_format.hpp"

namespace framelab {

std::optional<std::string> open_video_writer(const std::string& path, int width, int height, int fps,
                                             std::unique_ptr<video_writer>& writer) {
  video_format format = video_format::mp4;
  if (auto error = video_format_for(path, format)) return error;
  if (auto error = check_video_size(format, width, height)) return path + ": " + *error;
  if (auto error = check_video_output(path, format)) return error;
  if (fps < 1) return path + ": the frame rate must be at least 1 frame per second";
  if (format == video_format::png_folder) {
    auto folder = std::make_unique<png_sequence>();
    if (auto error = folder->open(path, width, height)) return error;
    writer = std::move(folder);
  } else {
    auto encoder = std::make_unique<ffmpeg_encoder>();
    if (auto error = encoder->open(path, format, width, height, fps)) return error;
    writer = std::move(encoder);
  }
  return std::nullopt;
}

}  // namespace framelab
