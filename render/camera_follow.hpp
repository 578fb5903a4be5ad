#pragma once
// Presentation mode keeps the bodies on stage: once a drawn shape leaves the inner
// `leave_fill` of the view (a tank that drives off), the camera glides to the stage's
// framing (framing_camera at `stage_fill`: the bodies' screen box centred, its larger
// side presentation_fill of the window's) and stops there; it keeps the lecturer's
// viewing direction (yaw, pitch) and does nothing while the bodies stay in view.
// Bodies that shrink below `shrink_fill` (a car driving away, a scene that packs together)
// are brought back up to the stage's size the same way.
// The glide is exponential with time constant tau, re-aimed every frame at the moving
// bodies:  x <- x + (1 - e^(-dt/tau)) (x_framed + v tau - x)  for the target, where v is
// the framed target's velocity (so a body driving at constant speed is followed without
// lagging v tau behind), and  x <- x + (1 - e^(-dt/tau)) (x_framed - x)  for ln(distance),
// so zooming is as smooth far away as close up. Pure maths.
#include <string>

#include "render/camera_framing.hpp"

namespace framelab::render {

// Presentation mode frames the bodies to fill 80 % of the window's width or height
// (issue 23: at least 60 %, with room left for the readouts and the transport bar).
inline constexpr double presentation_fill = 0.8;

struct follow_settings {
  double stage_fill = presentation_fill;  // where the glide puts the bodies
  double leave_fill = 0.9;                // a shape beyond this part of the view starts a glide
  double shrink_fill = 0.65;              // so does a screen box whose larger half side is below this
  double tau_seconds = 0.3;               // the glide's time constant
  double arrive = 0.01;                   // there: target within 1 % of the distance, distance within 1 %
};

class camera_follower {
 public:
  explicit camera_follower(follow_settings settings = {}) : settings_(settings) {}

  // The camera for this frame, `dt_seconds` after the last one; aspect = width / height;
  // the bodies (those `focus` names: camera_framing.hpp) are kept in `area` of the window.
  camera_setup update(const scene_view& view, const camera_setup& current, double aspect, double dt_seconds,
                      const stage_area& area = {}, const focus_names& focus = {});
  bool gliding() const { return gliding_; }
  void stop() {  // the camera is the lecturer's again
    gliding_ = false;
    last_goal_.reset();
  }

 private:
  bool on_stage(const scene_view& view, const camera_setup& current, double aspect, const stage_area& area,
                const focus_names& focus) const;

  follow_settings settings_;
  bool gliding_ = false;
  std::optional<glm::dvec3> last_goal_;  // the framed target one frame ago, while gliding
};

// A camera that follows one node (a script's `camera follow NODE`): its target on the
// node's world position every frame (nothing moves while the view has no such node).
// Riding (`camera ride NODE`) it also turns with the node about +y, so the view stays
// fixed to the node's frame: the node's heading about +y is
//   theta = atan2(-x_w.z, x_w.x)  for its x axis x_w in the world
// (a turn by theta about +y takes x to (cos theta, 0, -sin theta)), and yaw grows by
// theta's change.
class node_follower {
 public:
  void start(std::string node, bool ride) {
    node_ = std::move(node);
    ride_ = ride;
    last_heading_.reset();
  }
  const std::string& node() const { return node_; }
  bool riding() const { return ride_; }
  camera_setup update(const scene_view& view, const camera_setup& current);

 private:
  std::string node_;
  bool ride_ = false;
  std::optional<double> last_heading_;  // rad
};

}  // namespace framelab::render
