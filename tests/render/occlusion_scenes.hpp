#pragma once
// What the occlusion culling's tests look at (tests/render/sphere_occlusion_test.cpp and
// sphere_occlusion_threads_test.cpp): a 640 x 400 viewport, the renderer's camera looking at the
// origin (as scene_renderer hands it to render/sphere_occlusion.hpp), and a packed block of balls.
#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

#include "core/scene_view.hpp"
#include "render/orbit_camera.hpp"
#include "render/point_sprite.hpp"

namespace framelab::render::occlusion_scenes {

inline constexpr int width = 640, height = 400;

struct camera_case {
  orbit_camera camera;
  sprite_camera sprites;
  double pixels_per_metre_at(double distance) const {
    const double fov = orbit_camera::field_of_view_deg * std::numbers::pi / 180.0;
    return height / (2.0 * std::tan(0.5 * fov)) / distance;
  }
};

// Looking at the origin from 8 m (down -z by default).
inline camera_case looking_at_origin(double yaw_deg = 0.0, double pitch_deg = 0.0, double distance = 8.0) {
  camera_case c;
  c.camera.set({{0.0, 0.0, 0.0}, distance, yaw_deg, pitch_deg});
  c.sprites = {.view = glm::mat4(c.camera.view()),
               .projection = glm::mat4(c.camera.projection(double(width) / height)),
               .viewport = {float(width), float(height)},
               .max_point_size = 255.0f};
  return c;
}

// side^3 opaque balls 0.1 m apart around the origin, touching or overlapping (0.100 to 0.109 m across).
inline std::vector<packed_sphere> packed_block_of(int side) {
  std::vector<packed_sphere> balls;
  const float corner = -0.05f * float(side - 1);
  for (int i = 0; i < side; ++i)
    for (int j = 0; j < side; ++j)
      for (int k = 0; k < side; ++k)
        balls.push_back({{corner + 0.1f * float(i), corner + 0.1f * float(j), corner + 0.1f * float(k)},
                         0.1f + 0.001f * float((i + j + k) % 10),
                         0xff000000u | std::uint32_t(i * side + j)});
  return balls;
}

}  // namespace framelab::render::occlusion_scenes
