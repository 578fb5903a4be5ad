#pragma once
// Records the window: after each frame is drawn (before the swap), the back buffer goes
// into a video_writer (app/video_writer.hpp) that encodes on its own thread
// (app/background_video_writer.hpp), so drawing and encoding share the two cores.
// `framelab record`, File > Record and the script's `record start|stop` all go through here.
//
// Frame timing: a recording holds one frame per drawn frame, played back at a fixed
// rate, so the simulation must advance exactly 1/fps s per frame while recording for the
// video to play at true speed. `record` does that at its --fps; the interactive GUI and
// scripts record at gui_recording_fps and advance 1/60 s per frame while recording (the
// live view then runs at the display's rate, the video at true speed).
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/video_writer.hpp"
#include "ui/ui_state.hpp"

namespace framelab {

inline constexpr int gui_recording_fps = 60;

class screen_recorder {
 public:
  // Starts recording frames of this size (the window's drawable size; for .mp4 and .webm rounded
  // down to even sides, dropping the top row or right column).
  std::optional<std::string> start(const std::string& path, int width, int height, int fps);

  // Reads the back buffer into the recording (a GIF from 60 fps drawing: every second
  // frame, so the GIF runs at 30 fps and true speed). Fails, adding nothing, when the window's
  // size changed (a video's frame size is fixed); a failed frame write (reported here at
  // the next capture, or by stop) abandons the recording.
  std::optional<std::string> capture(int drawable_width, int drawable_height);

  // Finishes the file; on success `summary` reads "FILE (N frames, WxH, F fps)".
  std::optional<std::string> stop(std::string& summary);

  // Abandons a running recording: nothing is left under its path.
  void discard() { writer_.reset(); }

  bool active() const { return writer_ != nullptr; }
  int frames() const { return writer_ ? writer_->frames_written() : 0; }
  double seconds() const { return fps_ > 0 ? static_cast<double>(frames()) / fps_ : 0.0; }

 private:
  std::unique_ptr<video_writer> writer_;
  std::string path_;
  int source_width_ = 0;  // the drawable size the recording started with
  int source_height_ = 0;
  int width_ = 0;  // the frames' size
  int height_ = 0;
  int fps_ = 0;     // the video's
  int stride_ = 1;  // every stride-th drawn frame is kept (a GIF: video_format.hpp)
  long long drawn_ = 0;
  std::vector<unsigned char> pixels_;
};

// Once per frame, before drawing: starts or stops the recording the ui asked for
// (state.recording), tells the ui what is happening and puts the outcome on the status
// line. A recording of the stage (recording_link::stage_view) turns presentation mode on
// for its length, and leaving presentation mode ends it. While recording, status
// messages are held back (no text of framelab's own in the picture) and shown with the
// outcome. Returns the error when a start or a stop failed (a script stops then).
std::optional<std::string> serve_recording_requests(ui::ui_state& state, screen_recorder& recorder,
                                                    std::pair<int, int> drawable, int fps, std::ostream& out);

// After drawing, before the swap: adds the frame to a running recording. On failure the
// status line says why and the recording ends: finished and kept up to here when
// `keep_partial` (the interactive GUI: a resized window), abandoned otherwise (a `record`
// run must hold all its frames or nothing). Returns the error.
std::optional<std::string> capture_recording_frame(ui::ui_state& state, screen_recorder& recorder,
                                                   std::pair<int, int> drawable, bool keep_partial, std::ostream& out);

// When the app ends: finishes a running recording (a script or the GUI ending while
// recording keeps the file). A `record` run that stopped before its `required_frames`
// (the window was closed) discards it instead. Returns the error, if any.
std::optional<std::string> end_recording(ui::ui_state& state, screen_recorder& recorder, int required_frames,
                                         std::ostream& out);

// Progress of `framelab record` on stderr: one line per tenth of the frames.
class recording_progress {
 public:
  explicit recording_progress(int total_frames) : total_(total_frames) {}
  void update(int frames_done, std::ostream& err);

 private:
  int total_;
  int reported_tenths_ = 0;
};

}  // namespace framelab
