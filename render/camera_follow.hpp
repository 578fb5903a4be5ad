#pragma once
// Presentation mode keeps the bodies on stage: once a drawn shape leaves the inner
// `leave_fill` of the view (a tank that drives off), the camera glides to the stage's
// framing (framing_camera at `stage_fill`) and stops there; it keeps the lecturer's
// viewing direction (yaw, pitch) and does nothing while the bodies stay in view.
// The glide is exponential with time constant tau, re-aimed every frame at the moving
// bodies:  x <- x + (1 - e^(-dt/tau)) (x_framed - x)  for the target, and the same for
// ln(distance), so zooming is as smooth far away as close up. Pure maths.
#include "render/camera_framing.hpp"

namespace framelab::render {

struct follow_settings {
  double stage_fill = 0.6;   // where the glide puts the bodies (presentation's middle 60 %)
  double leave_fill = 0.9;   // a shape beyond this part of the view starts a glide
  double tau_seconds = 0.4;  // the glide's time constant
  double arrive = 0.01;      // there: target within 1 % of the distance, distance within 1 %
};

class camera_follower {
 public:
  explicit camera_follower(follow_settings settings = {}) : settings_(settings) {}

  // The camera for this frame, `dt_seconds` after the last one; aspect = width / height.
  camera_setup update(const scene_view& view, const camera_setup& current, double aspect, double dt_seconds);
  bool gliding() const { return gliding_; }
  void stop() { gliding_ = false; }  // the camera is the lecturer's again

 private:
  follow_settings settings_;
  bool gliding_ = false;
};

}  // namespace framelab::render
