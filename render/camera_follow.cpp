#include "render/camera_follow.hpp"

#include <algorithm>
#include <cmath>

namespace framelab::render {

namespace {

bool finite(const camera_setup& c) {
  return std::isfinite(c.target.x) && std::isfinite(c.target.y) && std::isfinite(c.target.z) &&
         std::isfinite(c.distance) && c.distance > 0.0;
}

bool arrived(const camera_setup& at, const camera_setup& goal, double tolerance) {
  return glm::length(at.target - goal.target) <= tolerance * goal.distance &&
         std::abs(std::log(at.distance / goal.distance)) <= tolerance;
}

}  // namespace

camera_setup camera_follower::update(const scene_view& view, const camera_setup& current, double aspect,
                                     double dt_seconds) {
  if (!gliding_ && bodies_in_view(view, current, aspect, settings_.leave_fill)) return current;
  const camera_setup goal = framing_camera(view, current, aspect, settings_.stage_fill);
  if (!finite(goal) || !finite(current)) {
    gliding_ = false;
    return current;
  }
  gliding_ = true;
  // x <- x + k (x_goal - x), k = 1 - e^(-dt/tau); ln(distance) likewise
  const double k = 1.0 - std::exp(-std::max(dt_seconds, 0.0) / settings_.tau_seconds);
  camera_setup next = current;
  next.target = current.target + k * (goal.target - current.target);
  next.distance = current.distance * std::pow(goal.distance / current.distance, k);
  if (arrived(next, goal, settings_.arrive)) gliding_ = false;
  return next;
}

}  // namespace framelab::render
