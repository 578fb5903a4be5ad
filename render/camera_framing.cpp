#include "render/camera_framing.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "render/orbit_camera.hpp"

namespace framelab::render {

namespace {

bool finite(const glm::dvec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

std::vector<bounding_sphere> drawn_spheres(const scene_view& view) {
  std::vector<bounding_sphere> spheres;
  for (const auto& node : view.nodes) {
    if (node.shape == shape_kind::none) continue;
    // A shape of full extents `size` fits in the sphere of half its diagonal.
    const double radius = 0.5 * node.world.scale * glm::length(node.size);
    if (finite(node.world.translation) && std::isfinite(radius)) spheres.push_back({node.world.translation, radius});
  }
  for (const auto& v : view.vectors) {
    const glm::dvec3 tip = v.origin + v.value * v.scale;
    if (v.visible && finite(v.origin) && finite(tip))
      spheres.push_back({0.5 * (v.origin + tip), 0.5 * glm::length(tip - v.origin)});
  }
  return spheres;
}

}  // namespace

std::optional<bounding_sphere> bodies_bounds(const scene_view& view) {
  const std::vector<bounding_sphere> spheres = drawn_spheres(view);
  if (spheres.empty()) return std::nullopt;
  // Centre: the middle of the spheres' bounding box; radius: the farthest sphere's far side.
  glm::dvec3 low(std::numeric_limits<double>::infinity());
  glm::dvec3 high(-std::numeric_limits<double>::infinity());
  for (const auto& s : spheres) {
    low = glm::min(low, s.centre - glm::dvec3(s.radius));
    high = glm::max(high, s.centre + glm::dvec3(s.radius));
  }
  bounding_sphere bounds{0.5 * (low + high), 0.0};
  for (const auto& s : spheres)
    bounds.radius = std::max(bounds.radius, glm::length(s.centre - bounds.centre) + s.radius);
  return bounds;
}

// The camera looks along -forward at the target from distance D. A sphere at offset
// (x, y, z) from the target (camera right, up, forward coordinates) of radius r stays
// within the fraction f of the half-view when, with its nearest depth D - z - r,
//   (|x| + r) / (D - z - r) <= f tan(half horizontal angle), and the same for |y|, vertical:
//   D >= z + r + (|x| + r) / (f tan(h_x)),   D >= z + r + (|y| + r) / (f tan(h_y)).
// Returns the least such D over every drawn shape (0 when there are none).
double framing_distance(const scene_view& view, const camera_setup& camera_at_target, double aspect, double fill) {
  const double tan_vertical = std::tan(0.5 * orbit_camera::field_of_view_deg * std::numbers::pi / 180.0);
  const double tan_horizontal = std::max(aspect, 1e-3) * tan_vertical;
  const double f = std::clamp(fill, 0.05, 1.0);
  camera_setup unit = camera_at_target;
  unit.distance = 1.0;
  orbit_camera camera;
  camera.set(unit);
  const glm::dvec3 forward = glm::normalize(camera.eye() - unit.target);  // from the target toward the eye
  const glm::dvec3 right = glm::normalize(glm::cross(glm::dvec3(0.0, 1.0, 0.0), forward));
  const glm::dvec3 up = glm::cross(forward, right);
  double distance = 0.0;
  for (const auto& s : drawn_spheres(view)) {
    const glm::dvec3 offset = s.centre - unit.target;
    const double z = glm::dot(offset, forward);
    const double reach_x = (std::abs(glm::dot(offset, right)) + s.radius) / (f * tan_horizontal);
    const double reach_y = (std::abs(glm::dot(offset, up)) + s.radius) / (f * tan_vertical);
    distance = std::max(distance, z + s.radius + std::max(reach_x, reach_y));
  }
  return distance;
}

camera_setup framing_camera(const scene_view& view, const camera_setup& current, double aspect, double fill) {
  const std::optional<bounding_sphere> bounds = bodies_bounds(view);
  if (!bounds || !(bounds->radius > 0.0)) return current;
  camera_setup framed = current;
  framed.target = bounds->centre;
  framed.distance = framing_distance(view, framed, aspect, fill);
  return framed;
}

bool bodies_in_view(const scene_view& view, const camera_setup& camera, double aspect, double fill) {
  return camera.distance >= framing_distance(view, camera, aspect, fill);
}

}  // namespace framelab::render
