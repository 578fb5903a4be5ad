#pragma once
// A camera that frames a scene's bodies: it keeps the current viewing direction (yaw,
// pitch), looks at the centre of the bodies' bounds and backs off until every drawn
// shape (taken as its bounding sphere) lies within `fill` of the view on both axes.
// Pure maths.
#include "core/scene_view.hpp"

namespace framelab::render {

struct bounding_sphere {
  glm::dvec3 centre{0.0};
  double radius = 0.0;
};

// The sphere around every drawn node (each taken as its own bounding sphere) and every
// visible arrow; nothing when the scene draws nothing finite.
std::optional<bounding_sphere> bodies_bounds(const scene_view& view);

// `current` aimed at the bodies (unchanged when there are none); aspect = width / height;
// fill in (0, 1]: 0.6 keeps the bodies in the middle 60 % of each side (presentation mode's stage).
camera_setup framing_camera(const scene_view& view, const camera_setup& current, double aspect, double fill = 0.85);

// The least distance from camera.target, in camera's direction, at which every drawn
// shape lies within `fill` of the view (0 when the scene draws nothing).
double framing_distance(const scene_view& view, const camera_setup& camera, double aspect, double fill);

// Every drawn shape within `fill` of the view seen through `camera`.
bool bodies_in_view(const scene_view& view, const camera_setup& camera, double aspect, double fill);

}  // namespace framelab::render
