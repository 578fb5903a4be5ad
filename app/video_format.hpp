#pragma once
// What a recording's output path asks for (`framelab record --out`, File > Record,
// the script's `record start`):
//   NAME.mp4   H.264 video (libx264; MPEG-4 part 2 where libx264 is missing), yuv420p,
//              so width and height must be even
//   NAME.gif   an animated GIF (256 colours); browsers slow down frames shorter than
//              2/100 s, so GIFs play best at 50 fps or less
//   NAME.webm  VP8 video, yuv420p, so width and height must be even: on the desktop by
//              ffmpeg's libvpx, in the browser by its VideoEncoder (or MediaRecorder)
//              (app/platform/web_video_encoder.cpp), which does not do .mp4 and .gif
//   DIR/       a folder of numbered PNGs, frame_00000.png, frame_00001.png, ... (a path
//              ending in '/', or a folder that exists)
#include <optional>
#include <string>

namespace framelab {

enum class video_format { mp4, gif, webm, png_folder };

// True for the formats stored as yuv420p (one colour sample per 2x2 pixels): .mp4, .webm.
bool needs_even_sides(video_format format);

// The format for this path, or why there is none (no or an unknown extension).
std::optional<std::string> video_format_for(const std::string& path, video_format& format);

// Whether the format can hold frames of this size (H.264's yuv420p needs even sides).
std::optional<std::string> check_video_size(video_format format, int width, int height);

// Whether a recording can go to `path`: the folder it goes in exists; a file output is
// not a folder; a PNG folder does not exist yet or is empty (never mixed with an earlier
// recording's frames).
std::optional<std::string> check_video_output(const std::string& path, video_format format);

// A GIF's frame delays are whole hundredths of a second, and browsers stretch delays
// under 2/100 s to 1/10 s: a GIF plays at true speed at max_gif_fps or less.
inline constexpr int max_gif_fps = 50;

// Of frames drawn at `fps` (a whole number >= 1), a GIF keeps every k-th: the least k that
// divides fps with fps / k <= max_gif_fps (60 fps: every second frame, a 30 fps GIF).
int gif_frame_stride(int fps);

inline constexpr const char* supported_video_outputs = ".mp4, .gif, .webm, or a folder (a path ending in /) for PNGs";

}  // namespace framelab
