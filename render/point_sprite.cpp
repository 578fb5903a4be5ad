#include "render/point_sprite.hpp"

#include <algorithm>
#include <cmath>

namespace framelab::render {

namespace {

// point_sphere.vert's cover(): along one screen axis, in the plane of that axis and the view
// direction, the sphere is a circle of radius r at (a, b) (b = -z, its distance ahead), and the
// eye's tangents to it have slopes tan(phi -+ beta), tan phi = a / b, tan beta = r / sqrt(a^2 + b^2 - r^2):
//   X in [(t - u) / (1 + t u), (t + u) / (1 - t u)],  t = a / b, u = tan beta,
// X = x / -z; false when a tangent reaches 90 degrees (|t u| >= 0.99), where the shader draws nothing.
bool cover(float a, float b, float r, glm::vec2& range) {
  const float t = a / b;
  const float u = r / std::sqrt(a * a + b * b - r * r);
  range = {(t - u) / (1.0f + t * u), (t + u) / (1.0f - t * u)};
  return std::abs(t * u) < 0.99f;
}

// How far inside the clip volume (normalised device coordinates, [-1, 1]) a sprite's vertex must
// be for the GL certainly to keep it, whatever its float rounding.
constexpr float clip_margin = 1e-4f;

bool certainly_inside(float ndc) {
  return std::abs(ndc) < 1.0f - clip_margin;
}

}  // namespace

// As point_sphere.vert, with c the centre in eye coordinates, b = -c.z, d = |c|, P the projection
// (NDC x = P00 X - P20, X = x / -z) and W x H the viewport:
//   square: side clamp(max(P00 W, P11 H) / 2 (high - low), 1, max_point_size) around the cover()
//           intervals' middle; window = (NDC + 1) / 2 (W, H);
//   depth:  the near side on the line of sight, c (1 - r / d), through P: (NDC z + 1) / 2.
// The fragment shader keeps the pixels (X, Y) with |k M (X - X_c)| <= 1, X_c = c.xy / b,
// k = (b / d) sqrt(d^2 - r^2) / r, M's rows side.xy and up.xy: the screen components of two
// orthonormal vectors across the line of sight, so |M v| <= |v| and it keeps every pixel with
// |X - X_c| <= 1 / k (in pixels 1 / k times P00 W / 2 = P11 H / 2).
std::optional<point_sprite> point_sprite_of(const glm::vec3& centre, float diameter, const sprite_camera& camera) {
  const float r = 0.5f * diameter;
  const glm::vec3 c(camera.view * glm::vec4(centre, 1.0f));
  const float b = -c.z;
  glm::vec2 x, y;
  if (!(b > 1.0001f * r) || !cover(c.x, b, r, x) || !cover(c.y, b, r, y)) return std::nullopt;
  const glm::vec2 scale(camera.projection[0][0], camera.projection[1][1]);
  const glm::vec2 shift(camera.projection[2][0], camera.projection[2][1]);
  const glm::vec2 low(x.x, y.x), high(x.y, y.y);
  const glm::vec2 pixels = 0.5f * scale * (high - low) * camera.viewport;
  const float d = glm::length(c);
  const glm::vec4 near_side = camera.projection * glm::vec4(c * (1.0f - r / d), 1.0f);
  const glm::vec2 ndc = scale * (0.5f * (low + high)) - shift;
  const float ndc_z = near_side.z / near_side.w;
  if (!(near_side.w > 0.0f) || !certainly_inside(ndc.x) || !certainly_inside(ndc.y) || !certainly_inside(ndc_z)) {
    return std::nullopt;
  }
  point_sprite sprite;
  sprite.size = std::clamp(std::max(pixels.x, pixels.y), 1.0f, camera.max_point_size);
  sprite.centre = 0.5f * (ndc + 1.0f) * camera.viewport;
  sprite.depth = 0.5f * ndc_z + 0.5f;
  const glm::vec2 disc_ndc = scale * glm::vec2(c.x, c.y) / b - shift;
  sprite.disc_centre = 0.5f * (disc_ndc + 1.0f) * camera.viewport;
  const float inverse_k = r * d / (b * std::sqrt(d * d - r * r));
  sprite.disc_radius = 0.5f * inverse_k * std::min(scale.x * camera.viewport.x, scale.y * camera.viewport.y);
  return sprite;
}

}  // namespace framelab::render
