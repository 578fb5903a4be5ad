#include "render/camera_follow.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

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

bool camera_follower::on_stage(const scene_view& view, const camera_setup& current, double aspect,
                               const stage_area& area, const focus_names& focus) const {
  const drawn_shapes shapes = shapes_of(view, focus);
  if (shapes.empty()) return true;
  const std::optional<screen_box> box = screen_bounds(shapes, current, aspect);
  if (!box || !box_within(*box, area, settings_.leave_fill)) return false;
  const glm::dvec2 half = 0.5 * (box->high - box->low) / area.half;
  return std::max(half.x, half.y) >= settings_.shrink_fill;
}

camera_setup camera_follower::update(const scene_view& view, const camera_setup& current, double aspect,
                                     double dt_seconds, const stage_area& area, const focus_names& focus) {
  if (!gliding_ && on_stage(view, current, aspect, area, focus)) return current;
  const camera_setup goal = framing_camera(view, current, aspect, settings_.stage_fill, area, focus);
  if (!finite(goal) || !finite(current)) {
    stop();
    return current;
  }
  gliding_ = true;
  const double dt = std::max(dt_seconds, 0.0);
  // the framed target's velocity, fed forward: x <- x + k (x_goal + v tau - x), k = 1 - e^(-dt/tau)
  const glm::dvec3 velocity = last_goal_ && dt > 0.0 ? (goal.target - *last_goal_) / dt : glm::dvec3(0.0);
  last_goal_ = goal.target;
  const double k = 1.0 - std::exp(-dt / settings_.tau_seconds);
  camera_setup next = current;
  next.target = current.target + k * (goal.target + settings_.tau_seconds * velocity - current.target);
  next.distance = current.distance * std::pow(goal.distance / current.distance, k);
  if (arrived(next, goal, settings_.arrive)) stop();
  return next;
}

}  // namespace framelab::render

namespace framelab::render {

camera_setup node_follower::update(const scene_view& view, const camera_setup& current) {
  const std::optional<int> index = find_node(view, node_);
  if (!index) return current;
  const auto& world = view.nodes[static_cast<std::size_t>(*index)].world;
  camera_setup next = current;
  if (!glm::any(glm::isnan(world.translation)) && !glm::any(glm::isinf(world.translation)))
    next.target = world.translation;
  if (ride_) {
    const glm::dvec3 x_axis = world.rotate(glm::dvec3(1.0, 0.0, 0.0));
    const double heading = std::atan2(-x_axis.z, x_axis.x);  // theta = atan2(-x_w.z, x_w.x)
    if (last_heading_ && std::isfinite(heading))
      next.yaw_deg = std::remainder(
          next.yaw_deg + std::remainder(heading - *last_heading_, 2.0 * std::numbers::pi) * 180.0 / std::numbers::pi,
          360.0);
    last_heading_ = heading;
  }
  return next;
}

}  // namespace framelab::render
