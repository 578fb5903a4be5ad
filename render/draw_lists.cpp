#include "render/draw_lists.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <thread>

#include "core/parallel_parts.hpp"

namespace framelab::render {

namespace {

// The rotation taking +y onto the unit vector d (half-angle quaternion about y x d).
glm::dquat rotation_from_y(const glm::dvec3& d) {
  const glm::dvec3 y(0.0, 1.0, 0.0);
  const double c = glm::dot(y, d);
  if (c < -0.999999) return glm::angleAxis(std::numbers::pi, glm::dvec3(1.0, 0.0, 0.0));
  const glm::dvec3 axis = glm::cross(y, d);
  return glm::normalize(glm::dquat(1.0 + c, axis.x, axis.y, axis.z));
}

mesh_kind round_sphere_for(double pixels) {
  return pixels < exact_sphere_pixels ? mesh_kind::small_round_sphere : mesh_kind::round_sphere;
}

mesh_kind sphere_mesh_for(double pixels) {
  if (pixels < speck_sphere_pixels) return mesh_kind::speck_sphere;
  if (pixels < tiny_sphere_pixels) return mesh_kind::tiny_sphere;
  if (pixels < small_sphere_pixels) return mesh_kind::small_sphere;
  return mesh_kind::sphere;
}

// A sphere of equal sizes on its three axes (an impostor draws it), not an ellipsoid.
bool is_round(const glm::dvec3& size) {
  return size.x == size.y && size.y == size.z;
}

// The on-screen diameter in pixels of a sphere node (which picks its mesh): a sphere of
// diameter d whose near side is z away covers about d / z pixels_per_radian.
double sphere_pixels(const view_node& node, const draw_settings& settings) {
  const double d = std::max({node.size.x, node.size.y, node.size.z}) * node.world.scale;
  const double z = glm::length(node.world.translation - settings.eye) - 0.5 * d;
  return z > 0.0 ? d / z * settings.pixels_per_radian : std::numeric_limits<double>::infinity();
}

glm::vec4 selection_tint(const glm::vec4& color) {
  return {glm::mix(glm::vec3(color), glm::vec3(1.0f, 0.9f, 0.5f), 0.45f), color.a};
}

// What build_draw_lists reads of a node: its shape to its world pose, a few cache lines.
constexpr std::size_t node_prefetch_distance = 8;
void prefetch_drawn_part(const view_node& node) {
  const auto* first = reinterpret_cast<const char*>(&node.shape);
  const auto* last = reinterpret_cast<const char*>(&node.world + 1);
  for (const char* p = first; p < last; p += 64) __builtin_prefetch(p);
  __builtin_prefetch(last - 1);
}

void add_segment(const glm::dvec3& a, const glm::dvec3& b, const glm::vec4& color, float width_px, draw_lists& out) {
  const glm::dvec3 points[] = {a, b};
  add_polyline(points, color, width_px, false, out);
}

}  // namespace

void draw_lists::clear() {
  batch = {};
  batch_hidden = 0;
  for (auto& list : opaque) list.clear();
  for (auto& list : translucent) list.clear();
  lines.clear();
}

std::size_t draw_lists::instance_count() const {
  std::size_t n = 0;
  for (std::size_t k = 0; k < mesh_kind_count; ++k) n += opaque[k].size() + translucent[k].size();
  return n;
}

// An impostor draws the exact sphere from its centre and its diameter alone (sphere.vert
// reads half the first axis's length), so its axes are the diameter along x, y and z
// whatever the rotation: no rotation matrix per ball.
void add_round_sphere(mesh_kind mesh, const glm::dvec3& centre, double diameter, std::uint32_t rgba, draw_lists& out) {
  const auto d = static_cast<float>(diameter);
  out.opaque_or_translucent(mesh, rgba).push_back(
      {glm::vec3(d, 0.0f, 0.0f), glm::vec3(0.0f, d, 0.0f), glm::vec3(0.0f, 0.0f, d), glm::vec3(centre), rgba});
}

// world = R (scale size_k) e_k + T for the unit mesh's axis k: the columns of R S diag(size).
void add_shape(shape_kind shape, const transform<double, 3>& pose, const glm::dvec3& size, const glm::vec4& color,
               double pixels, draw_lists& out) {
  mesh_kind mesh = mesh_kind::box;
  switch (shape) {
    case shape_kind::box: mesh = mesh_kind::box; break;
    case shape_kind::sphere: mesh = is_round(size) ? round_sphere_for(pixels) : sphere_mesh_for(pixels); break;
    case shape_kind::cylinder: mesh = mesh_kind::cylinder; break;
    case shape_kind::cone:
    case shape_kind::arrow: mesh = mesh_kind::cone; break;
    case shape_kind::none: return;
  }
  const std::uint32_t rgba = pack_rgba(color);
  if (mesh == mesh_kind::round_sphere || mesh == mesh_kind::small_round_sphere) {
    add_round_sphere(mesh, pose.translation, pose.scale * size.x, rgba, out);
    return;
  }
  const glm::dmat3 r = glm::mat3_cast(pose.rotation);
  const glm::dvec3 s = pose.scale * size;
  out.opaque_or_translucent(mesh, rgba).push_back(
      {glm::vec3(r[0] * s.x), glm::vec3(r[1] * s.y), glm::vec3(r[2] * s.z), glm::vec3(pose.translation), rgba});
}

// A shaft (cylinder) and a head (cone) from `from` along `vector`.
void add_arrow(const glm::dvec3& from, const glm::dvec3& vector, const glm::vec4& color, draw_lists& out) {
  const double length = glm::length(vector);
  if (!(length > 1e-6) || !std::isfinite(length)) return;
  const glm::dvec3 direction = vector / length;
  transform<double, 3> pose;
  pose.rotation = rotation_from_y(direction);
  const double width = std::clamp(0.04 * length, 0.03, 0.10);
  const double head = std::min(0.35 * length, 4.0 * width);
  const double shaft = length - head;
  pose.translation = from + 0.5 * shaft * direction;
  add_shape(shape_kind::cylinder, pose, {width, shaft, width}, color, 0.0, out);
  pose.translation = from + (shaft + 0.5 * head) * direction;
  add_shape(shape_kind::cone, pose, {2.6 * width, head, 2.6 * width}, color, 0.0, out);
}

// Stored as p0 p0 p1 ... pn pn (draw_lists.hpp): segment i runs from the point stored at
// i + 1 to the one at i + 2, so the first stored point and the last two carry width 0.
void add_polyline(std::span<const glm::dvec3> points, const glm::vec4& color, float width_px, bool fade,
                  draw_lists& out) {
  const std::size_t n = points.size();
  if (n < 2 || !(width_px > 0.0f)) return;
  const auto faded = [&](std::size_t i) {
    glm::vec4 c = color;
    // older = fainter: alpha from 25 % at the oldest point to 100 % at the newest
    if (fade) c.a *= 0.25f + 0.75f * static_cast<float>(i) / static_cast<float>(n - 1);
    return pack_rgba(c);
  };
  out.lines.reserve(out.lines.size() + n + 2);
  out.lines.push_back({glm::vec3(points[0]), faded(0), 0.0f});
  for (std::size_t i = 0; i < n; ++i) {
    out.lines.push_back({glm::vec3(points[i]), faded(i), i + 1 < n ? width_px : 0.0f});
  }
  out.lines.push_back({glm::vec3(points[n - 1]), faded(n - 1), 0.0f});
}

// A 1 m grid on y = 0 around the camera target, brighter every 5 m, and the axes
// x (red), y (green), z (blue), 1 m long.
void add_grid(const camera_setup& camera, float width_px, draw_lists& out) {
  const double extent = std::clamp(std::ceil(camera.distance * 1.5 / 5.0) * 5.0, 10.0, 500.0);
  const double step = extent > 100.0 ? 5.0 : 1.0;
  const glm::dvec3 c = glm::round(camera.target / 5.0) * 5.0;
  for (double u = -extent; u <= extent + 1e-9; u += step) {
    const bool major = std::fmod(std::abs(u), 5.0 * step) < 1e-9;
    const glm::vec4 color = major ? glm::vec4(0.42f, 0.44f, 0.50f, 1.0f) : glm::vec4(0.27f, 0.28f, 0.32f, 1.0f);
    add_segment({c.x + u, 0.0, c.z - extent}, {c.x + u, 0.0, c.z + extent}, color, width_px, out);
    add_segment({c.x - extent, 0.0, c.z + u}, {c.x + extent, 0.0, c.z + u}, color, width_px, out);
  }
  add_segment({0.0, 0.002, 0.0}, {1.0, 0.002, 0.0}, {0.95f, 0.25f, 0.25f, 1.0f}, 2.0f * width_px, out);
  add_segment({0.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.30f, 0.90f, 0.30f, 1.0f}, 2.0f * width_px, out);
  add_segment({0.0, 0.002, 0.0}, {0.0, 0.002, 1.0}, {0.30f, 0.50f, 1.00f, 1.0f}, 2.0f * width_px, out);
}

void build_draw_lists(const scene_view& view, const draw_settings& settings, draw_lists& out) {
  out.clear();
  if (settings.camera != nullptr) add_grid(*settings.camera, grid_width_px * settings.line_scale, out);
  for (const auto& t : view.trails) {
    if (!t.visible) continue;
    const float width = (t.width_px > 0.0f ? t.width_px : default_trail_width_px) * settings.line_scale;
    add_polyline(t.points, t.color, width, t.fade, out);
  }
  const std::size_t count = view.nodes.size();
  // Small or not by small_sphere_reach (sphere_pixels for ellipsoids).
  const double small_reach = small_sphere_reach(settings.pixels_per_radian);
  for (std::size_t i = 0; i < count; ++i) {
    // Nodes are large (names, dynamics) and far apart: fetch the lines this loop reads of a
    // node a few ahead, so that it waits on memory's bandwidth rather than its latency.
    if (i + node_prefetch_distance < count) prefetch_drawn_part(view.nodes[i + node_prefetch_distance]);
    const view_node& node = view.nodes[i];
    if (node.shape == shape_kind::none) continue;
    const bool selected = static_cast<int>(i) == settings.selected_node;
    const glm::vec4 color = selected ? selection_tint(node.color) : node.color;
    if (node.shape == shape_kind::sphere && is_round(node.size)) {
      const double d = node.size.x * node.world.scale;
      const glm::dvec3 to_eye = node.world.translation - settings.eye;
      const bool small = glm::dot(to_eye, to_eye) > d * d * small_reach * small_reach;
      add_round_sphere(small ? mesh_kind::small_round_sphere : mesh_kind::round_sphere, node.world.translation, d,
                       pack_rgba(color), out);
      continue;
    }
    const double pixels = node.shape == shape_kind::sphere ? sphere_pixels(node, settings) : 0.0;
    add_shape(node.shape, node.world, node.size, color, pixels, out);
  }
  add_batch_exceptions(view.spheres.spheres, settings.eye, small_reach, out);
  if (settings.sprites != nullptr && out.batch.size() >= occlusion_min_balls) {
    const std::span<const packed_sphere> visible =
        out.occlusion.cull(out.batch, *settings.sprites, settings.drawn_pixels, glm::vec3(settings.eye),
                           static_cast<float>(small_reach * small_reach), out.batch_visible);
    out.batch_hidden = out.batch.size() - visible.size();
    out.batch = visible;
  }
  for (const auto& v : view.vectors) {
    if (v.visible) add_arrow(v.origin, v.value * v.scale, v.color, out);
  }
}

namespace {

// A sphere of the batch that its point sprites skip: not small on screen, or see-through.
bool batch_exception(const packed_sphere& s, const glm::vec3& from, float reach_squared) {
  return !beyond_reach(s, from, reach_squared) || !opaque_rgba(s.rgba);
}

// Its copy in the lists.
void add_exception(const packed_sphere& s, const glm::vec3& from, float reach_squared, draw_lists& out) {
  add_round_sphere(beyond_reach(s, from, reach_squared) ? mesh_kind::small_round_sphere : mesh_kind::round_sphere,
                   glm::dvec3(s.centre), s.diameter, s.rgba, out);
}

// The exceptions of a batch too large to order, found in runs at once (the batch comes from
// memory, as the physics left it) and added in the batch's order.
void add_unordered_exceptions(std::span<const packed_sphere> batch, const glm::vec3& from, float reach_squared,
                              draw_lists& out) {
  constexpr std::size_t balls_per_run = 16384;  // a run's start costs a few microseconds
  out.exceptions_by_run.resize(runs_for(batch.size(), balls_per_run, std::thread::hardware_concurrency()));
  run_ranges(batch.size(), out.exceptions_by_run.size(),
             [&out, batch, from, reach_squared](std::size_t r, std::size_t first, std::size_t last) {
               std::vector<std::uint32_t>& found = out.exceptions_by_run[r];
               found.clear();
               for (std::size_t k = first; k < last; ++k) {
                 if (batch_exception(batch[k], from, reach_squared)) found.push_back(static_cast<std::uint32_t>(k));
               }
             });
  for (const std::vector<std::uint32_t>& found : out.exceptions_by_run) {
    for (const std::uint32_t k : found) add_exception(batch[k], from, reach_squared, out);
  }
}

}  // namespace

// Copies of the batch's spheres that its point sprites skip (see draw_lists::batch) go to the
// lists: the large ones as exact quads, the see-through ones to the translucent pass; in floats
// as the shader decides. The batch itself is drawn nearest first: a counting sort of the squared
// distances |c - eye|^2 into distance_buckets equal buckets from the nearest to the farthest
// (spheres of one bucket keep the batch's order). Drawn so, a ball hidden in a pile fails the
// depth test before it is shaded: of k spheres on one pixel in random order, 1 + 1/2 + ... + 1/k
// are shaded on average (2.9 of 10), in this order about one. A batch of more than
// ordered_batch_max spheres is drawn as it is: at 100,000 balls of 5 px the order saved no CPU
// measurable in the frame (setting up and binning the points outweigh their shading) and cost
// 29 ns per ball in the app (2 MB scattered after the physics had emptied the caches).
void add_batch_exceptions(std::span<const packed_sphere> batch, const glm::dvec3& eye, double small_reach,
                          draw_lists& out) {
  const glm::vec3 from(eye);
  const auto reach_squared = static_cast<float>(small_reach * small_reach);
  if (batch.size() > ordered_batch_max) {
    add_unordered_exceptions(batch, from, reach_squared, out);
    out.batch = batch;
    return;
  }
  out.batch_distance.resize(batch.size());
  float nearest = std::numeric_limits<float>::max(), farthest = 0.0f;
  for (std::size_t k = 0; k < batch.size(); ++k) {
    const packed_sphere& s = batch[k];
    const glm::vec3 to_eye = s.centre - from;
    const float distance = glm::dot(to_eye, to_eye);
    out.batch_distance[k] = distance;
    nearest = std::min(nearest, distance);
    farthest = std::max(farthest, distance);
    if (batch_exception(s, from, reach_squared)) add_exception(s, from, reach_squared, out);
  }
  // bucket = (distance - nearest) distance_buckets / (farthest - nearest), the last for NaN and beyond
  const float per_distance =
      farthest > nearest && std::isfinite(farthest - nearest) ? float(distance_buckets) / (farthest - nearest) : 0.0f;
  const auto bucket = [&](float distance) {
    const float t = (distance - nearest) * per_distance;
    return t < float(distance_buckets - 1) ? std::size_t(t) : distance_buckets - 1;
  };
  out.bucket_start.assign(distance_buckets + 1, 0);
  for (const float distance : out.batch_distance) ++out.bucket_start[bucket(distance) + 1];
  for (std::size_t b = 0; b < distance_buckets; ++b) out.bucket_start[b + 1] += out.bucket_start[b];
  out.batch_by_distance.resize(batch.size());
  for (std::size_t k = 0; k < batch.size(); ++k)
    out.batch_by_distance[out.bucket_start[bucket(out.batch_distance[k])]++] = batch[k];
  out.batch = out.batch_by_distance;
}

}  // namespace framelab::render
