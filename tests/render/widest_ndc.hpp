#pragma once
// How far a scene's shapes reach across the view, through the camera's own matrices:
// the largest |x| and |y| in normalised device coordinates over all shape corners
// (1 = the window's edge), or infinity when a corner is behind the camera.
#include <algorithm>
#include <cmath>
#include <limits>

#include "render/orbit_camera.hpp"

namespace framelab::render {

inline double widest_ndc(const scene_view& view, const camera_setup& setup, double aspect) {
  orbit_camera camera;
  camera.set(setup);
  const glm::dmat4 clip_from_world = camera.projection(aspect) * camera.view();
  double widest = 0.0;
  for (const auto& node : view.nodes) {
    for (int corner = 0; corner < 8; ++corner) {
      const glm::dvec3 sign((corner & 1) ? 1 : -1, (corner & 2) ? 1 : -1, (corner & 4) ? 1 : -1);
      const glm::dvec4 clip = clip_from_world * glm::dvec4(node.world.translation + 0.5 * sign * node.size, 1.0);
      if (clip.w <= 0.0) return std::numeric_limits<double>::infinity();
      widest = std::max({widest, std::abs(clip.x / clip.w), std::abs(clip.y / clip.w)});
    }
  }
  return widest;
}

}  // namespace framelab::render
