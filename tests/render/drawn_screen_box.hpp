#pragma once
// The screen rectangle a scene's drawn shapes cover, measured the way the renderer draws
// them: points densely spread over each unit shape (render/primitive_mesh.cpp: centred,
// extents 1) taken through the node's world transform and the camera's own projection *
// view matrix into normalised device coordinates. Independent of render/camera_framing's
// outline points and tangent formulas; nothing when a point is behind the camera.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>

#include "render/orbit_camera.hpp"

namespace framelab::render {

struct ndc_rect {
  glm::dvec2 low{std::numeric_limits<double>::infinity()};
  glm::dvec2 high{-std::numeric_limits<double>::infinity()};
  double width_fraction() const { return 0.5 * (high.x - low.x); }  // of the window's width
  double height_fraction() const { return 0.5 * (high.y - low.y); }
  double widest() const { return std::max({-low.x, -low.y, high.x, high.y}); }
};

inline std::optional<ndc_rect> drawn_screen_box(const scene_view& view, const camera_setup& setup, double aspect) {
  orbit_camera camera;
  camera.set(setup);
  const glm::dmat4 clip_from_world = camera.projection(aspect) * camera.view();
  ndc_rect rect;
  bool behind = false;
  const auto add = [&](const glm::dvec3& world) {
    const glm::dvec4 clip = clip_from_world * glm::dvec4(world, 1.0);
    if (clip.w <= 0.0) behind = true;
    const glm::dvec2 ndc(clip.x / clip.w, clip.y / clip.w);
    rect.low = glm::min(rect.low, ndc);
    rect.high = glm::max(rect.high, ndc);
  };
  constexpr int slices = 24;
  constexpr int stacks = 12;
  const double pi = std::numbers::pi;
  for (const auto& node : view.nodes) {
    const auto unit = [&](const glm::dvec3& u) { add(node.world.apply_point(node.size * u)); };
    switch (node.shape) {
      case shape_kind::none:
        break;
      case shape_kind::sphere:
        for (int i = 0; i <= stacks; ++i) {
          for (int j = 0; j < slices; ++j) {
            const double polar = pi * i / stacks;
            const double a = 2.0 * pi * j / slices;
            unit(0.5 * glm::dvec3(std::sin(polar) * std::cos(a), std::cos(polar), std::sin(polar) * std::sin(a)));
          }
        }
        break;
      case shape_kind::cylinder:
      case shape_kind::cone:
        for (int j = 0; j < slices; ++j) {
          const double a = 2.0 * pi * j / slices;
          unit({0.5 * std::cos(a), -0.5, 0.5 * std::sin(a)});
          if (node.shape == shape_kind::cylinder) unit({0.5 * std::cos(a), 0.5, 0.5 * std::sin(a)});
        }
        if (node.shape == shape_kind::cone) unit({0.0, 0.5, 0.0});
        break;
      default:
        for (int corner = 0; corner < 8; ++corner)
          unit({(corner & 1) ? 0.5 : -0.5, (corner & 2) ? 0.5 : -0.5, (corner & 4) ? 0.5 : -0.5});
    }
  }
  for (const auto& v : view.vectors) {
    if (!v.visible) continue;
    add(v.origin);
    add(v.origin + v.value * v.scale);
  }
  if (behind || !(rect.high.x >= rect.low.x)) return std::nullopt;
  return rect;
}

}  // namespace framelab::render
