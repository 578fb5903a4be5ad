// The browser's stand-in for app/ffmpeg_encoder.cpp: ffmpeg's libraries are not in the page,
// so a recording to .mp4 or .gif is refused with the reason (PNG folders still record).
#include "app/ffmpeg_encoder.hpp"

namespace framelab {

struct ffmpeg_encoder::libav {};

ffmpeg_encoder::ffmpeg_encoder() = default;
ffmpeg_encoder::~ffmpeg_encoder() = default;

namespace {
const std::string no_ffmpeg = "the browser version records no .mp4 or .gif (no ffmpeg in the page)";
}

std::optional<std::string> ffmpeg_encoder::open(const std::string&, video_format, int, int, int) { return no_ffmpeg; }

std::optional<std::string> ffmpeg_encoder::add_frame(const unsigned char*) { return no_ffmpeg; }

std::optional<std::string> ffmpeg_encoder::finish() { return no_ffmpeg; }

std::string ffmpeg_encoder::mp4_encoder_name() { return "none (browser)"; }

}  // namespace framelab
