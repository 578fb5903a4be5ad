#pragma once
// What one frame draws, built on the CPU (no GL) from a scene_view: for each primitive
// mesh and pass the instances to draw in one instanced call, and every line (grid, axes,
// trails) as points of polylines for one instanced call of screen-space quads. The
// renderer streams these arrays to the GPU as they are (render/scene_renderer.hpp); tests
// and `framelab bench render` build them without a window.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/glm_config.hpp"
#include "core/scene_view.hpp"
#include "render/pixel_rect.hpp"
#include "render/point_sprite.hpp"
#include "render/sphere_occlusion.hpp"

namespace framelab::render {

// The meshes instances are drawn with. A round sphere (equal sizes) is an impostor that a
// fragment shader makes the exact sphere by casting each pixel's ray at it. One at least
// exact_sphere_pixels across is a screen-facing quad that writes its exact depth
// (round_sphere, shaders/sphere.vert); a smaller one is a point sprite, one vertex, at the
// depth of its near side (small_round_sphere, shaders/point_sphere.vert), so that 100,000
// balls cost 100,000 vertices and the hidden parts of a pile of small balls are rejected
// before they are shaded. An ellipsoid (a sphere of unequal sizes) is a mesh, coarser
// when drawn small, indistinguishable at that size: under small_sphere_pixels across
// 16 x 10 facets, under tiny_sphere_pixels 8 x 6, under speck_sphere_pixels 6 x 4, else 32 x 16.
enum class mesh_kind : std::uint8_t {
  box,
  sphere,
  small_sphere,
  tiny_sphere,
  speck_sphere,
  cylinder,
  cone,
  round_sphere,
  small_round_sphere
};
inline constexpr std::size_t mesh_kind_count = 9;
inline constexpr double exact_sphere_pixels = 32.0;
inline constexpr double small_sphere_pixels = 48.0;
inline constexpr double tiny_sphere_pixels = 18.0;
inline constexpr double speck_sphere_pixels = 6.0;

// A round sphere of diameter d is under exact_sphere_pixels across when
//   d ppr / (|c - eye| - d / 2) < exact  <=>  |c - eye| > d (ppr / exact + 1 / 2) = d reach,
// ppr the viewport's pixels per radian: compared squared, no square root or division per sphere.
inline double small_sphere_reach(double pixels_per_radian) {
  return pixels_per_radian / exact_sphere_pixels + 0.5;
}

// One posed, coloured copy of a unit mesh: world = axis_x * x + axis_y * y + axis_z * z + origin
// (the model matrix's upper 3 x 4, scale included), colour as RGBA bytes (R in the lowest byte).
struct mesh_instance {
  glm::vec3 axis_x;
  glm::vec3 axis_y;
  glm::vec3 axis_z;
  glm::vec3 origin;
  std::uint32_t rgba;
};
static_assert(sizeof(mesh_instance) == 52);

// One point of the line stream. Each polyline is stored with its first and last points
// repeated (p0 p0 p1 ... pn pn) so that every segment can read its neighbours for the joins;
// the segment from this point to the next is drawn width_px wide, and not at all where
// width_px is 0 (the repeated ends and the step from one polyline to the next).
struct line_point {
  glm::vec3 position;
  std::uint32_t rgba;
  float width_px;
};
static_assert(sizeof(line_point) == 20);

// The pixel width of a default trail at 100 % (a trail's own `width` overrides it) and of the grid.
inline constexpr float default_trail_width_px = 2.5f;
inline constexpr float grid_width_px = 1.0f;

// Where the frame is seen from, for the sphere meshes' level of detail and the grid.
struct draw_settings {
  glm::dvec3 eye{0.0};
  double pixels_per_radian = 1.0;  // viewport height / (2 tan(fov / 2))
  const camera_setup* camera = nullptr;  // the grid follows its target and distance; none: no grid
  int selected_node = -1;  // drawn tinted
  float line_scale = 1.0f;  // framebuffer pixels per pixel at 100 % (interface scale x HiDPI ratio)
  // The point sprites' camera and the pixels the scissor lets through (in the camera's viewport's
  // pixels), for culling the hidden balls of a batch of occlusion_min_balls or more
  // (render/sphere_occlusion.hpp); none: every ball is streamed.
  const sprite_camera* sprites = nullptr;
  pixel_rect drawn_pixels{};
};

struct draw_lists {
  // Opaque instances draw first with depth writes; translucent ones (ghosts) last, without.
  std::array<std::vector<mesh_instance>, mesh_kind_count> opaque;
  std::array<std::vector<mesh_instance>, mesh_kind_count> translucent;
  std::vector<line_point> lines;
  // The view's sphere batch (core/scene_view.hpp), nearest the eye first (add_batch_exceptions):
  // the renderer streams it to the GPU as it is and draws it as point sprites in the opaque pass
  // (shaders/point_sphere.vert). Its spheres that are not opaque and small on screen are skipped
  // there and drawn from the lists above instead, where build_draw_lists puts copies of them (a
  // few: near the eye, or see-through).
  std::span<const packed_sphere> batch;  // batch_by_distance's spheres, or the view's (valid while it is)
  std::vector<packed_sphere> batch_by_distance;
  std::vector<float> batch_distance;         // per sphere of the view's batch: |c - eye|^2 (scratch)
  std::vector<std::uint32_t> bucket_start;  // the counting sort's (scratch)
  std::vector<std::vector<std::uint32_t>> exceptions_by_run;  // a large batch's, in runs (scratch)
  // The batch's balls that can change a pixel, when culled (draw_settings::sprites): their copies
  // (the first batch.size() of them), and how many were left out.
  std::vector<packed_sphere> batch_visible;
  std::size_t batch_hidden = 0;
  // Its depth buffer (scratch), on one thread: the culling runs only where the GL rasterizes on
  // the CPU (render/software_rasterizer.hpp), whose own threads take the other cores. On two it
  // took 3.4 against 4.3 ms a frame of 100,000 balls but ~1.7 ms more CPU, and the frames were no
  // faster (docs/performance.md, 2026-11-27).
  sphere_occlusion occlusion{1, 8192};

  void clear();
  // The instances of the lists (a batch's points not counted).
  std::size_t instance_count() const;
  // The list an instance of `mesh` goes to: translucent when its alpha byte is below 255.
  std::vector<mesh_instance>& opaque_or_translucent(mesh_kind mesh, std::uint32_t rgba) {
    return (opaque_rgba(rgba) ? opaque : translucent)[static_cast<std::size_t>(mesh)];
  }
  // Segments the line draw call processes (drawn or skipped): one per point but the last three.
  std::size_t line_segment_count() const { return lines.size() < 4 ? 0 : lines.size() - 3; }
};

// Clears `out` and fills it with everything `view` shows: nodes, vector arrows, trails, and
// the ground grid with the axes when settings.camera is set. Keeps the arrays' capacity.
void build_draw_lists(const scene_view& view, const draw_settings& settings, draw_lists& out);

// The parts build_draw_lists is made of, for scenes of other kinds and for tests.
void add_shape(shape_kind shape, const transform<double, 3>& pose, const glm::dvec3& size, const glm::vec4& color,
               double pixels, draw_lists& out);
void add_arrow(const glm::dvec3& from, const glm::dvec3& vector, const glm::vec4& color, draw_lists& out);
// A polyline through `points`, `width_px` wide; with `fade` the older points (first) fainter.
void add_polyline(std::span<const glm::dvec3> points, const glm::vec4& color, float width_px, bool fade,
                  draw_lists& out);
void add_grid(const camera_setup& camera, float width_px, draw_lists& out);
// Points out.batch at the spheres of `batch`, nearest `eye` first up to ordered_batch_max of them
// (as they are beyond), and copies to the lists the spheres its point sprites skip: those within
// d small_reach of `eye` (not small) and the see-through ones.
inline constexpr std::size_t distance_buckets = 256;  // few: the placing pass writes to as many places at once
inline constexpr std::size_t ordered_batch_max = 32768;
// The batches whose hidden balls are culled (render/sphere_occlusion.hpp): from 10,000 balls the
// CPU per frame drops (-7 % at 10,000, -15 % at 20,000 in the packed box); at 4,000 (larger
// on screen, fewer hidden) the frame time did not change (docs/performance.md, 2026-11-27).
inline constexpr std::size_t occlusion_min_balls = 10000;
void add_batch_exceptions(std::span<const packed_sphere> batch, const glm::dvec3& eye, double small_reach,
                          draw_lists& out);

}  // namespace framelab::render
