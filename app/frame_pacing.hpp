#pragma once
// A quiet laptop: the interactive window draws at most at the display's refresh rate, also
// where vsync does not hold frames back (Xvfb, some VMs and remote desktops: swap returns
// at once and the loop would spin), and when nothing moves it draws only on input.
// Shots, recordings and scripts are not paced: they run at 1/60 s per frame as fast as
// the machine can.
namespace framelab {

inline constexpr int fallback_refresh_hz = 60;

// The rate to pace at from the rate the display reports (SDL_GetCurrentDisplayMode; 0 when
// unknown): the reported one when plausible (24 to 500 Hz), else 60 Hz.
int pacing_rate_hz(int reported_hz);

// Keeps frames at least 1/rate apart, on a fixed schedule: a frame that ends early sleeps
// until the next one is due (so sleeping a little long does not slow the rate), a frame
// that ends late starts the schedule again from now (no burst of catch-up frames).
class frame_pacer {
 public:
  explicit frame_pacer(int rate_hz) : period_s_(1.0 / rate_hz) {}
  // Called when a frame is on screen, `now_s` on a steady clock: how long to sleep (s).
  double sleep_after_frame(double now_s);
  double period_s() const { return period_s_; }

 private:
  double period_s_;
  double due_s_ = 0.0;  // when the next frame may start
};

// What keeps the window drawing without input.
struct frame_demand {
  bool simulation_running = false;  // not paused: things move
  bool benchmark_running = false;   // its progress and ETA
  bool recording = false;           // every frame goes into the video
  bool camera_gliding = false;      // presentation mode's camera gliding after the bodies
  bool lesson_counting = false;     // a lesson playing and not at a pause: its `wait` counts frames
  bool script_running = false;      // a script plays as fast as it can
};
bool needs_continuous_frames(const frame_demand& demand);

// After input or a change ImGui needs a few frames to settle (hover states, windows that
// size themselves to their content); then an idle window waits for input, drawing anyway
// every idle_redraw_ms (a tooltip's delay, a message that changed).
inline constexpr int settle_frames = 3;
inline constexpr int idle_redraw_ms = 500;

// Counts the frames since the last input or change; says when the window may wait.
class idle_tracker {
 public:
  void frame_drawn(bool input_or_change) { quiet_frames_ = input_or_change ? 0 : quiet_frames_ + 1; }
  bool may_wait_for_input() const { return quiet_frames_ >= settle_frames; }

 private:
  int quiet_frames_ = 0;
};

}  // namespace framelab
