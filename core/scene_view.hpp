#pragma once
// What a scene shows, described as plain data: nodes with shapes posed by world
// transforms, vector overlays, trails and a default camera. Scenes fill it in;
// render/ draws it; ui/ lists it. No GL or ImGui here (docs/design.md: arrows point
// toward core, physics stays free of graphics as with Box2D's b2DebugDraw).
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/frames/dynamic_transform.hpp"
#include "core/glm_config.hpp"
#include "core/frames/transform.hpp"

namespace framelab {

enum class shape_kind { none, box, sphere, cylinder, cone, arrow };

// One drawable node of a scene's hierarchy. `size` is the extent of the shape in
// the node's own frame (box: full edge lengths; sphere: diameter on each axis;
// cylinder and cone: diameter, height along +y, diameter).
struct view_node {
  std::string name;
  int parent = -1;  // index into scene_view::nodes, -1 for a root; parents come first
  shape_kind shape = shape_kind::none;
  glm::dvec3 size{1.0};
  glm::vec4 color{0.8f, 0.8f, 0.8f, 1.0f};
  transform<double, 3> local = transform<double, 3>::identity();
  transform<double, 3> world = transform<double, 3>::identity();
  // The node's dynamics when the scene tracks them (velocity, acceleration, angular
  // velocity and acceleration; the poses repeat local/world): local relative to the
  // parent, world relative to the world. Empty for nodes that are only drawn. The
  // scene tree shows them and offers the edits of scene::edit_node.
  std::optional<dynamic_transform<double, 3>> local_dynamics{};
  std::optional<dynamic_transform<double, 3>> world_dynamics{};
};

// The radius of the sphere around a node's shape in world units: half its largest size, scaled.
inline double bounding_radius(const view_node& node) {
  return 0.5 * node.world.scale * std::max({node.size.x, node.size.y, node.size.z});
}

// RGBA bytes, R in the lowest: each channel clamped to [0, 1] and rounded to nearest; NaN as 0
// (it fails every comparison). The colour of a packed_sphere and of the renderer's instances.
inline std::uint32_t pack_rgba(const glm::vec4& color) {
  const auto byte = [](float c) {
    return static_cast<std::uint32_t>((c > 0.0f ? std::min(c, 1.0f) : 0.0f) * 255.0f + 0.5f);
  };
  return byte(color.r) | byte(color.g) << 8 | byte(color.b) << 16 | byte(color.a) << 24;
}

// A packed colour's alpha byte is 255: drawn in the opaque pass; a body labels keep clear of.
inline bool opaque_rgba(std::uint32_t rgba) { return (rgba >> 24) == 255u; }

// One round sphere of a sphere_batch: 20 bytes, the layout the renderer streams to the GPU
// as it is (render/draw_lists.hpp). World coordinates in metres.
struct packed_sphere {
  glm::vec3 centre{0.0f};
  float diameter = 1.0f;
  std::uint32_t rgba = 0xffccccccu;  // pack_rgba
};
static_assert(sizeof(packed_sphere) == 20);

// Round spheres drawn alike in great numbers (the collisions scene's up to 100,000 balls):
// one packed record each, written by the scene once per frame and drawn without a copy.
// They are the only record of those spheres in the view (not nodes too): no name, parent,
// pose table or dynamics each; the scene tree lists the batch as one row, and a
// double-click on one of them points the camera at it.
struct sphere_batch {
  std::string name;  // what the spheres are ("balls"), for the scene tree
  std::vector<packed_sphere> spheres;
};

// An arrow drawn from `origin` along `value` (world units), e.g. a velocity or an
// inertial acceleration. `scale` converts the quantity's unit to metres on screen.
struct vector_overlay {
  std::string label;
  std::string unit;
  glm::dvec3 origin{0.0};
  glm::dvec3 value{0.0};
  double scale = 1.0;
  glm::vec4 color{1.0f, 1.0f, 0.0f, 1.0f};
  bool visible = true;
  std::string kind = {};  // what it shows, one of arrow_kind_names ("" when none fits)
};

// The kinds of arrows a scene may mark its vector overlays with: a scene file's arrow names
// (docs/scene-files.md) and the rigid bodies' L and torque. A script hides and shows arrows
// by these names (`hide arrows coriolis`).
inline constexpr const char* arrow_kind_names[] = {
    "velocity", "acceleration", "angular_velocity", "coriolis", "centrifugal",      "euler", "frame",
    "gravity",  "applied",      "constraint",       "angular_momentum", "torque"};

// A polyline through past positions, oldest first, drawn fainter toward the oldest; with
// `fade` off, a fixed curve drawn evenly (e.g. the polhode loops of a Poinsot view).
struct trail {
  std::string label;
  std::vector<glm::dvec3> points;
  glm::vec4 color{1.0f, 1.0f, 1.0f, 1.0f};
  bool visible = true;
  bool fade = true;
  float width_px = 0.0f;  // pixels at 100 % interface size (scaled with it); 0: the renderer's default
};

// Text shown in the 3D view at a world position (e.g. "midpoint: dE = 1e-12").
struct text_label {
  std::string text;
  glm::dvec3 position{0.0};
  glm::vec4 color{1.0f, 1.0f, 1.0f, 1.0f};
};

// Orbit camera placement: looks at `target` from `distance` metres, at `yaw_deg`
// around +y and `pitch_deg` above the ground plane.
struct camera_setup {
  glm::dvec3 target{0.0};
  double distance = 10.0;
  double yaw_deg = 30.0;
  double pitch_deg = 25.0;
  friend bool operator==(const camera_setup&, const camera_setup&) = default;
};

struct scene_view {
  std::vector<view_node> nodes;
  sphere_batch spheres;  // many round spheres, packed (empty in most scenes)
  std::vector<vector_overlay> vectors;
  std::vector<trail> trails;
  std::vector<text_label> labels;
  camera_setup camera;  // where the camera starts for this scene
};

// Recomputes every node's world transform from its local one in one sweep
// (parents are stored before their children): world_i = world_parent * local_i.
inline void update_world_transforms(scene_view& view) {
  for (auto& node : view.nodes) {
    node.world = node.parent < 0 ? node.local : view.nodes[static_cast<std::size_t>(node.parent)].world * node.local;
  }
}

// The index of the node called `name`, or nothing (the first one when names repeat).
inline std::optional<int> find_node(const scene_view& view, const std::string& name) {
  for (std::size_t i = 0; i < view.nodes.size(); ++i) {
    if (view.nodes[i].name == name) return static_cast<int>(i);
  }
  return std::nullopt;
}

}  // namespace framelab
