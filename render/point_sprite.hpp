#pragma once
// Where a round sphere's point sprite falls on screen and at what depth, computed as
// shaders/point_sphere.vert computes it (on the CPU, no GL), for the batch's occlusion culling
// (render/sphere_occlusion.hpp): the sprite's square, its depth, and a disc of pixels the
// fragment shader certainly keeps.
#include <optional>

#include "core/glm_config.hpp"
#include "core/scene_view.hpp"

namespace framelab::render {

// The camera as the point sprite shader sees it: its u_view, u_projection, the viewport's
// size (u_viewport.zw, framebuffer pixels) and u_max_point_size.
struct sprite_camera {
  glm::mat4 view{1.0f};
  glm::mat4 projection{1.0f};
  glm::vec2 viewport{1.0f};
  float max_point_size = 1.0f;
};

// A sphere of a batch small on screen, which the point sprites draw when it is opaque
// (render/draw_lists.hpp): beyond diameter x reach of the eye, |c - eye|^2 > d^2 reach^2
// (small_sphere_reach; compared squared, in floats as the lists decide).
inline bool beyond_reach(const packed_sphere& s, const glm::vec3& eye, float reach_squared) {
  const glm::vec3 to_eye = s.centre - eye;
  return glm::dot(to_eye, to_eye) > s.diameter * s.diameter * reach_squared;
}

// A drawn sprite in window pixels of its viewport (origin at its lower left, pixel (i, j)
// centred at (i + 1/2, j + 1/2)), as the GL rasterizes a point: the square of side `size`
// around `centre`, all at `depth` (the window depth, 0 near to 1 far). The fragment shader
// keeps of it the pixels inside the sphere's outline, which holds the disc of `disc_radius`
// around `disc_centre`.
struct point_sprite {
  glm::vec2 centre{0.0f};
  float size = 1.0f;
  float depth = 1.0f;
  glm::vec2 disc_centre{0.0f};
  float disc_radius = 0.0f;
};

// The sprite of the sphere (centre, diameter) as point_sphere.vert draws it; nothing when
// the shader draws none (behind or around the eye, a tangent at 90 degrees) or the GL clips
// its vertex (outside the view volume: beside, nearer than the near or beyond the far plane).
std::optional<point_sprite> point_sprite_of(const glm::vec3& centre, float diameter, const sprite_camera& camera);

}  // namespace framelab::render
