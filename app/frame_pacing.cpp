#include "app/frame_pacing.hpp"

namespace framelab {

int pacing_rate_hz(int reported_hz) {
  return reported_hz >= 24 && reported_hz <= 500 ? reported_hz : fallback_refresh_hz;
}

double frame_pacer::sleep_after_frame(double now_s) {
  if (now_s >= due_s_) {  // late (or the first frame): the next one is due a period from now
    due_s_ = now_s + period_s_;
    return 0.0;
  }
  const double sleep = due_s_ - now_s;
  due_s_ += period_s_;
  return sleep;
}

bool needs_continuous_frames(const frame_demand& demand) {
  return demand.simulation_running || demand.benchmark_running || demand.recording || demand.camera_gliding ||
         demand.lesson_counting || demand.script_running;
}

}  // namespace framelab
