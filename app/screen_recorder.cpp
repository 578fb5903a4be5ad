#include "app/screen_recorder.hpp"

#include <ostream>
#include <utility>

#include "app/background_video_writer.hpp"
#include "app/video_format.hpp"
#include "render/gl_api.hpp"
#include "ui/presentation.hpp"

namespace framelab {

std::optional<std::string> screen_recorder::start(const std::string& path, int width, int height, int fps) {
  if (active()) return "a recording is running already (" + path_ + ")";
  video_format format = video_format::mp4;
  if (auto error = video_format_for(path, format)) return error;
  source_width_ = width;
  source_height_ = height;
  // yuv420p needs even sides; a window can have any size, so the odd row or column goes.
  width_ = needs_even_sides(format) ? width & ~1 : width;
  height_ = needs_even_sides(format) ? height & ~1 : height;
  // A GIF keeps every stride-th drawn frame, so that it plays at true speed in a browser.
  stride_ = format == video_format::gif ? gif_frame_stride(fps) : 1;
  drawn_ = 0;
  fps_ = fps / stride_;
  path_ = path;
  std::unique_ptr<video_writer> encoder;
  if (auto error = open_video_writer(path, width_, height_, fps_, encoder)) return error;
  pixels_.resize(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_) * 4);
  writer_ = std::make_unique<background_video_writer>(std::move(encoder), pixels_.size());
  return std::nullopt;
}

std::optional<std::string> screen_recorder::capture(int drawable_width, int drawable_height) {
  if (!active()) return std::nullopt;
  if (drawable_width != source_width_ || drawable_height != source_height_) {
    return "the window was resized from " + std::to_string(source_width_) + "x" + std::to_string(source_height_) +
           " (a video keeps one size)";
  }
  if (drawn_++ % stride_ != 0) return std::nullopt;  // a GIF's dropped frame
  // Rows from the bottom: the dropped odd row of an .mp4 is the top one (the menu bar's edge).
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, pixels_.data());
  if (auto error = writer_->add_frame(pixels_.data())) {
    writer_.reset();  // removes the unfinished file
    return error;
  }
  return std::nullopt;
}

std::optional<std::string> screen_recorder::stop(std::string& summary) {
  if (!active()) return std::nullopt;
  std::unique_ptr<video_writer> writer = std::move(writer_);
  const int frames = writer->frames_written();
  if (auto error = writer->finish()) return error;
  summary = path_ + " (" + std::to_string(frames) + " frames, " + std::to_string(width_) + "x" +
            std::to_string(height_) + ", " + std::to_string(fps_) + " fps)";
  return std::nullopt;
}

namespace {

// The status messages held back while recording come back with the recording's outcome.
void report_stop(ui::ui_state& state, const std::string& summary, std::ostream& out) {
  out << "wrote " << summary << "\n";
  ui::recording_link& link = state.recording;
  const std::string held = std::exchange(link.held_message, std::string());
  ui::set_message(state, "Recorded " + summary + (held.empty() ? "" : "; while recording: " + held),
                  link.held_is_error);
  link.held_is_error = false;
}

// A stage recording shows presentation mode: turned on when it starts, off when it ends.
void enter_stage(ui::ui_state& state) {
  ui::recording_link& link = state.recording;
  link.entered_presentation = link.stage_view && !ui::presenting(state);
  if (link.entered_presentation) ui::enter_presentation(state);
}

void leave_stage(ui::ui_state& state) {
  if (std::exchange(state.recording.entered_presentation, false)) ui::leave_presentation(state);
}

// While recording, the status line stays empty (it would be in the picture); the last
// message is kept for the end.
void hold_messages(ui::ui_state& state) {
  if (state.message.empty()) return;
  state.recording.held_message = std::exchange(state.message, std::string());
  state.recording.held_is_error = state.message_is_error;
}

}  // namespace

std::optional<std::string> serve_recording_requests(ui::ui_state& state, screen_recorder& recorder,
                                                    std::pair<int, int> drawable, int fps, std::ostream& out) {
  ui::recording_link& link = state.recording;
  std::optional<std::string> failure;
  // Leaving presentation mode (Tab, Esc) ends a recording of the stage.
  if (recorder.active() && link.stage_view && !ui::presenting(state)) link.stop = true;
  if (link.stop) {
    link.stop = false;
    leave_stage(state);
    std::string summary;
    if ((failure = recorder.stop(summary))) {
      ui::set_message(state, "Recording failed: " + *failure, true);
    } else if (!summary.empty()) {
      report_stop(state, summary, out);
    }
  }
  if (!link.start_path.empty()) {
    const std::string path = std::exchange(link.start_path, std::string());
    if ((failure = recorder.start(path, drawable.first, drawable.second, fps))) {
      ui::set_message(state, "Not recording: " + *failure, true);
    } else {
      link.held_message.clear();
      enter_stage(state);
    }
  }
  if (recorder.active()) hold_messages(state);
  link.active = recorder.active();
  link.seconds = recorder.seconds();
  return failure;
}

std::optional<std::string> capture_recording_frame(ui::ui_state& state, screen_recorder& recorder,
                                                   std::pair<int, int> drawable, bool keep_partial, std::ostream& out) {
  if (!recorder.active()) return std::nullopt;
  std::optional<std::string> error = recorder.capture(drawable.first, drawable.second);
  if (error) {
    std::string summary;
    std::optional<std::string> stop_error;
    if (keep_partial) {
      stop_error = recorder.stop(summary);
    } else {
      recorder.discard();
    }
    if (!summary.empty()) out << "wrote " << summary << "\n";
    leave_stage(state);
    ui::set_message(state,
                    "Recording stopped: " + *error +
                        (stop_error        ? "; " + *stop_error
                         : summary.empty() ? ""
                                           : "; kept " + summary),
                    true);
  }
  state.recording.active = recorder.active();
  state.recording.seconds = recorder.seconds();
  return error;
}

std::optional<std::string> end_recording(ui::ui_state& state, screen_recorder& recorder, int required_frames,
                                         std::ostream& out) {
  if (!recorder.active()) return std::nullopt;
  if (recorder.frames() < required_frames) {
    const int frames = recorder.frames();
    recorder.discard();
    return "stopped after " + std::to_string(frames) + " of " + std::to_string(required_frames) +
           " frames; nothing written";
  }
  std::string summary;
  leave_stage(state);
  if (auto error = recorder.stop(summary)) return error;
  report_stop(state, summary, out);
  return std::nullopt;
}

void recording_progress::update(int frames_done, std::ostream& err) {
  const int tenths = total_ > 0 ? static_cast<int>(10LL * frames_done / total_) : 10;
  if (tenths <= reported_tenths_) return;
  reported_tenths_ = tenths;
  err << "framelab: recording " << frames_done << "/" << total_ << " frames (" << 10 * tenths << "%)\n";
}

}  // namespace framelab
