// The browser's stand-in for app/ffmpeg_encoder.cpp: ffmpeg's libraries are not in the page.
// A .webm goes to the browser's own encoders (web_shell.html's framelabPage.startRecording):
// each frame the recorder reads from the back buffer (the whole canvas; a stage recording is
// presentation mode, the stage filling it) is turned upright and encoded as VP8 by the
// browser's VideoEncoder with frame i at i / fps, as the desktop's writer stamps it, into a
// WebM the page writes itself (web_shell.html's `webm`); where the browser has no
// VideoEncoder, its MediaRecorder records the frames, stamped with the time they were drawn.
// finish() stops the recording; the page then puts the WebM at the path and hands it over as
// a download, as every saved file (download()). .mp4 and .gif are refused with the reason
// (PNG folders record as on the desktop).
#include <emscripten.h>

#include "app/ffmpeg_encoder.hpp"

namespace framelab {

struct ffmpeg_encoder::libav {};  // here: a recording of the page is running

ffmpeg_encoder::ffmpeg_encoder() = default;

namespace {

const std::string no_ffmpeg = "the browser version records .webm (the browser's own VP8 encoder) and PNG folders, "
                              "no .mp4 or .gif (no ffmpeg in the page)";

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdollar-in-identifier-extension"
// Writes "" or why the page cannot record into `why`.
EM_JS(void, page_start_recording, (int width, int height, int fps, char* why, int size), {
  var reason = typeof framelabPage === "undefined" ? "no browser page here (node): no video encoder"
                                                   : framelabPage.startRecording(width, height, fps);
  stringToUTF8(reason, why, size);
});
EM_JS(void, page_record_frame, (const unsigned char* rgba, int width, int height), {
  framelabPage.recordFrame(HEAPU8.subarray(rgba, rgba + width * height * 4), width, height);
});
// `path` "": abandoned, nothing is kept.
EM_JS(void, page_stop_recording, (const char* path), { framelabPage.stopRecording(UTF8ToString(path)); });
#pragma clang diagnostic pop

}  // namespace

ffmpeg_encoder::~ffmpeg_encoder() {
  if (av_) page_stop_recording("");
}

std::optional<std::string> ffmpeg_encoder::open(const std::string& path, video_format format, int width, int height,
                                                int fps) {
  path_ = path;
  width_ = width;
  height_ = height;
  if (format != video_format::webm) return path + ": " + no_ffmpeg;
  if (auto error = check_video_size(format, width, height)) return path + ": " + *error;
  if (auto error = check_video_output(path, format)) return error;
  char why[256] = {};
  page_start_recording(width, height, fps, why, sizeof why);
  if (why[0] != '\0') return path + ": " + why;
  av_ = std::make_unique<libav>();
  return std::nullopt;
}

std::optional<std::string> ffmpeg_encoder::add_frame(const unsigned char* rgba_bottom_up) {
  if (!av_) return path_ + ": the recording is not open";
  page_record_frame(rgba_bottom_up, width_, height_);
  ++frames_;
  return std::nullopt;
}

std::optional<std::string> ffmpeg_encoder::finish() {
  if (!av_) return path_ + ": the recording failed; nothing was written";
  av_.reset();
  page_stop_recording(path_.c_str());  // the page writes the file when the browser hands it over
  return std::nullopt;
}

std::string ffmpeg_encoder::mp4_encoder_name() { return "none (browser)"; }

}  // namespace framelab
