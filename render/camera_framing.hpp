#pragma once
// A camera that frames a scene's bodies: it keeps the current viewing direction (yaw,
// pitch) and looks at the centre of the bodies' bounding sphere from the distance at
// which that sphere spans `fill` of the narrower side of the view. Pure maths.
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
// fill in (0, 1]: 0.6 keeps the bodies in the middle 60 % (presentation mode's stage).
camera_setup framing_camera(const scene_view& view, const camera_setup& current, double aspect, double fill = 0.85);

}  // namespace framelab::render
