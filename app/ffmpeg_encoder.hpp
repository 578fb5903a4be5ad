#pragma once
// A recording encoded by ffmpeg's libraries (Debian's libavcodec, libavformat, libswscale):
//   .mp4  H.264 by libx264 (preset "veryfast", constant quality crf 18: sharp UI text at
//         a few MB per minute), or MPEG-4 part 2 where libx264 is not installed; yuv420p
//         with BT.709 colours, and the index at the front (faststart) so a slide can
//         start playing before the file is read to the end;
//   .gif  the GIF encoder on 8-bit 3-3-2 colours (swscale's ordered dither);
//   .webm VP8 by libvpx (Debian's libavcodec links it), yuv420p BT.709 as for .mp4.
// Frames are converted from GL's bottom-up RGBA by swscale, reading the rows backwards.
#include <filesystem>
#include <memory>

#include "app/video_format.hpp"
#include "app/video_writer.hpp"

struct AVFormatContext;
struct AVCodecContext;
struct AVFrame;
struct AVPacket;
struct SwsContext;

namespace framelab {

class ffmpeg_encoder final : public video_writer {
 public:
  ffmpeg_encoder();
  ~ffmpeg_encoder() override;

  // Opens the encoder and the temporary output file. `format` is mp4, gif or webm.
  std::optional<std::string> open(const std::string& path, video_format format, int width, int height, int fps);

  std::optional<std::string> add_frame(const unsigned char* rgba_bottom_up) override;
  std::optional<std::string> finish() override;
  int frames_written() const override { return frames_; }

  // The encoder chosen for .mp4 on this machine ("libx264" or "mpeg4").
  static std::string mp4_encoder_name();

 private:
  std::optional<std::string> open_encoder(video_format format, int fps);
  std::optional<std::string> open_output();
  // Sends a frame (nullptr: the end) and writes every packet the encoder gives back.
  std::optional<std::string> encode(const AVFrame* frame);
  std::optional<std::string> fail(const std::string& what, int av_error);
  void discard();

  struct libav;  // the libav objects, freed in order by its destructor
  std::unique_ptr<libav> av_;
  std::string path_;
  std::filesystem::path temporary_;  // empty when nothing is open
  int width_ = 0;
  int height_ = 0;
  int frames_ = 0;
  bool failed_ = false;
};

}  // namespace framelab
