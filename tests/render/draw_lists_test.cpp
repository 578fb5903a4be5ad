// The frame's draw data (render/draw_lists.hpp), checked against independent answers:
// every instance places its unit mesh where the node's own 4x4 matrix (transform::to_matrix,
// times a scale by the size) places it; spheres pick their mesh by the size the camera's
// projection gives them on screen; the line stream holds each polyline's segments and
// nothing between two polylines, counted by brute force.
#include "render/draw_lists.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <tuple>
#include <vector>

#include "render/orbit_camera.hpp"

namespace framelab::render {
namespace {

constexpr double float_tolerance = 2e-6;  // relative, after the cast to float

glm::dvec3 placed(const mesh_instance& m, const glm::dvec3& p) {
  return glm::dvec3(m.axis_x) * p.x + glm::dvec3(m.axis_y) * p.y + glm::dvec3(m.axis_z) * p.z + glm::dvec3(m.origin);
}

glm::dquat random_rotation(std::mt19937& rng) {
  std::normal_distribution<double> n;
  return glm::normalize(glm::dquat(n(rng), n(rng), n(rng), n(rng)));
}

std::size_t total(const std::array<std::vector<mesh_instance>, mesh_kind_count>& lists) {
  std::size_t n = 0;
  for (const auto& l : lists) n += l.size();
  return n;
}

TEST(draw_lists, instances_place_the_unit_mesh_as_the_node_matrix_does) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-5.0, 5.0);
  std::uniform_real_distribution<double> positive(0.05, 3.0);
  scene_view view;
  for (int i = 0; i < 40; ++i) {
    view_node node;
    node.shape = i % 3 == 0 ? shape_kind::box : i % 3 == 1 ? shape_kind::cylinder : shape_kind::cone;
    node.size = {positive(rng), positive(rng), positive(rng)};
    node.world.translation = {u(rng), u(rng), u(rng)};
    node.world.rotation = random_rotation(rng);
    node.world.scale = positive(rng);
    view.nodes.push_back(node);
  }
  draw_lists lists;
  build_draw_lists(view, {}, lists);
  ASSERT_EQ(total(lists.opaque), view.nodes.size());
  // Instances of one mesh keep the nodes' order: walk each list beside the nodes of its shape.
  for (const auto& [shape, mesh] : {std::pair{shape_kind::box, mesh_kind::box},
                                   std::pair{shape_kind::cylinder, mesh_kind::cylinder},
                                   std::pair{shape_kind::cone, mesh_kind::cone}}) {
    const auto& list = lists.opaque[static_cast<std::size_t>(mesh)];
    std::size_t k = 0;
    for (const auto& node : view.nodes) {
      if (node.shape != shape) continue;
      ASSERT_LT(k, list.size());
      const glm::dmat4 model = node.world.to_matrix() * glm::scale(glm::dmat4(1.0), node.size);
      for (const glm::dvec3 corner : {glm::dvec3(0.5, 0.5, 0.5), glm::dvec3(-0.5, 0.5, -0.5), glm::dvec3(0.5, -0.5, 0.0),
                                      glm::dvec3(0.0, 0.0, 0.0)}) {
        const glm::dvec3 expected(model * glm::dvec4(corner, 1.0));
        const glm::dvec3 got = placed(list[k], corner);
        EXPECT_LT(glm::length(got - expected), float_tolerance * (1.0 + glm::length(expected)));
      }
      ++k;
    }
    EXPECT_EQ(k, list.size());
  }
}

TEST(draw_lists, colours_pass_translucency_and_selection) {
  scene_view view;
  view.nodes.push_back({"solid", -1, shape_kind::box, glm::dvec3(1.0), {1.0f, 0.0f, 0.0f, 1.0f}});
  view.nodes.push_back({"ghost", -1, shape_kind::box, glm::dvec3(1.0), {0.0f, 0.0f, 1.0f, 0.3f}});
  view.nodes.push_back({"frame", -1, shape_kind::none, glm::dvec3(1.0), {1.0f, 1.0f, 1.0f, 1.0f}});
  draw_lists lists;
  draw_settings settings;
  build_draw_lists(view, settings, lists);
  const auto box = static_cast<std::size_t>(mesh_kind::box);
  ASSERT_EQ(lists.opaque[box].size(), 1u);
  ASSERT_EQ(lists.translucent[box].size(), 1u);
  EXPECT_EQ(lists.instance_count(), 2u);  // the shapeless node draws nothing
  EXPECT_EQ(lists.opaque[box][0].rgba, 0xff0000ffu);  // R in the lowest byte
  EXPECT_EQ(lists.translucent[box][0].rgba >> 24, 77u);  // 0.3 x 255
  settings.selected_node = 0;
  build_draw_lists(view, settings, lists);
  EXPECT_NE(lists.opaque[box][0].rgba, 0xff0000ffu);
  EXPECT_GT((lists.opaque[box][0].rgba >> 8) & 0xffu, 0u);  // mixed toward yellow-white
}

// The true on-screen diameter of a sphere of radius r at distance D: the cone of half-angle
// asin(r / D) through the projection (pixels_per_radian is height / (2 tan(fov / 2))).
double projected_pixels(const orbit_camera& camera, const glm::dvec3& center, double radius, double height) {
  const glm::dmat4 clip_from_world = camera.projection(1.0) * camera.view();
  const glm::dvec3 to = center - camera.eye();
  const double half_angle = std::asin(radius / glm::length(to));
  // A point on the silhouette: the centre direction turned by half_angle in the view's vertical plane.
  const glm::dvec3 up = glm::normalize(glm::cross(glm::cross(to, glm::dvec3(0, 1, 0)), to));
  const glm::dvec3 edge = camera.eye() + glm::length(to) * (std::cos(half_angle) * glm::normalize(to) +
                                                            std::sin(half_angle) * up);
  const auto ndc_y = [&](const glm::dvec3& p) {
    const glm::dvec4 c = clip_from_world * glm::dvec4(p, 1.0);
    return c.y / c.w;
  };
  return 2.0 * std::abs(ndc_y(edge) - ndc_y(center)) * 0.5 * height;
}

// A round sphere is one impostor instance at any size: its axes are the diameter long
// (the vertex shader takes half the first one's length as the radius) and its origin is
// the centre. Under exact_sphere_pixels across on screen it keeps its quad's depth
// (small_round_sphere), from there on it writes its exact depth (round_sphere).
TEST(draw_lists, round_spheres_are_impostors_at_every_size) {
  orbit_camera camera;
  camera.set({{1.0, -2.0, 3.0}, 10.0, 0.0, 0.0});
  const double height = 720.0;
  const double fov = orbit_camera::field_of_view_deg * std::acos(-1.0) / 180.0;
  const draw_settings settings{.eye = camera.eye(), .pixels_per_radian = height / (2.0 * std::tan(0.5 * fov))};
  bool small_seen = false, exact_seen = false;
  for (double diameter = 1e-3; diameter < 9.0; diameter *= 1.3) {
    scene_view view;
    view.nodes.push_back({"ball", -1, shape_kind::sphere, glm::dvec3(diameter)});
    view.nodes.back().world.translation = {1.0, -2.0, 3.0};
    view.nodes.back().world.scale = 2.0;
    draw_lists lists;
    build_draw_lists(view, settings, lists);
    EXPECT_EQ(lists.instance_count(), 1u);
    const auto& exact = lists.opaque[static_cast<std::size_t>(mesh_kind::round_sphere)];
    const auto& small = lists.opaque[static_cast<std::size_t>(mesh_kind::small_round_sphere)];
    ASSERT_EQ(exact.size() + small.size(), 1u) << diameter;
    const mesh_instance& ball = exact.empty() ? small[0] : exact[0];
    for (const glm::vec3 axis : {ball.axis_x, ball.axis_y, ball.axis_z})
      EXPECT_NEAR(glm::length(axis), 2.0 * diameter, float_tolerance * 2.0 * diameter);
    EXPECT_EQ(ball.origin, glm::vec3(1.0f, -2.0f, 3.0f));
    // the size on screen by projecting its silhouette; the choice is exact away from the threshold
    const double pixels = projected_pixels(camera, glm::dvec3(1.0, -2.0, 3.0), diameter, height);
    if (pixels > 1.2 * exact_sphere_pixels) EXPECT_EQ(exact.size(), 1u) << pixels;
    if (pixels < exact_sphere_pixels / 1.2) EXPECT_EQ(small.size(), 1u) << pixels;
    small_seen = small_seen || !small.empty();
    exact_seen = exact_seen || !exact.empty();
  }
  EXPECT_TRUE(small_seen && exact_seen);
}

// A sphere batch is drawn nearest the eye first (every sphere once, each no farther than the next
// but for a bucket's width of |c - eye|^2); the
// lists hold copies of exactly those of its spheres its point sprites skip: the ones whose
// projected silhouette is not under exact_sphere_pixels (as quads) and the see-through ones
// (in the translucent pass), by the silhouette's size on screen, away from the threshold.
TEST(draw_lists, a_sphere_batch_is_drawn_nearest_first_but_for_large_or_see_through_spheres) {
  orbit_camera camera;
  camera.set({{0.0, 0.0, 0.0}, 10.0, 0.0, 0.0});
  const double height = 720.0;
  const double fov = orbit_camera::field_of_view_deg * std::acos(-1.0) / 180.0;
  const draw_settings settings{.eye = camera.eye(), .pixels_per_radian = height / (2.0 * std::tan(0.5 * fov))};
  scene_view view;
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(-3.0f, 3.0f);
  std::uniform_real_distribution<float> d(0.01f, 2.0f);
  for (int k = 0; k < 200; ++k) {
    const std::uint32_t alpha = k % 7 == 0 ? 0x80u : 0xffu;
    view.spheres.spheres.push_back({{u(rng), u(rng), u(rng)}, d(rng), alpha << 24 | 0x336699u});
  }
  draw_lists lists;
  build_draw_lists(view, settings, lists);
  const auto distance = [&](const packed_sphere& s) { return glm::distance(glm::dvec3(s.centre), camera.eye()); };
  const auto key = [&](const packed_sphere& s) { return std::tuple(distance(s), s.diameter, s.rgba); };
  std::vector<std::tuple<double, float, std::uint32_t>> drawn, given;
  for (const packed_sphere& s : lists.batch) drawn.push_back(key(s));
  for (const packed_sphere& s : view.spheres.spheres) given.push_back(key(s));
  std::sort(given.begin(), given.end());
  const double nearest = std::get<0>(given.front()), farthest = std::get<0>(given.back());
  const double bucket = (farthest * farthest - nearest * nearest) / double(distance_buckets);
  for (std::size_t k = 0; k + 1 < drawn.size(); ++k) {
    const double a = std::get<0>(drawn[k]), b = std::get<0>(drawn[k + 1]);
    EXPECT_LE(a * a, b * b + 1.01 * bucket) << k;
  }
  std::sort(drawn.begin(), drawn.end());
  EXPECT_EQ(drawn, given);  // every sphere once
  const auto& quads = lists.opaque[static_cast<std::size_t>(mesh_kind::round_sphere)];
  const auto copied = [](const std::vector<mesh_instance>& list, const packed_sphere& s) {
    return std::count_if(list.begin(), list.end(), [&](const mesh_instance& m) {
      return m.origin == s.centre && m.rgba == s.rgba && m.axis_x.x == s.diameter;
    });
  };
  std::size_t large = 0, see_through = 0;
  for (const packed_sphere& s : view.spheres.spheres) {
    const double pixels = projected_pixels(camera, glm::dvec3(s.centre), 0.5 * s.diameter, height);
    if ((s.rgba >> 24) < 255u) {
      ++see_through;
      const auto& list = lists.translucent[static_cast<std::size_t>(
          pixels < exact_sphere_pixels ? mesh_kind::small_round_sphere : mesh_kind::round_sphere)];
      if (std::abs(pixels / exact_sphere_pixels - 1.0) > 0.2) EXPECT_EQ(copied(list, s), 1) << pixels;
      continue;
    }
    if (pixels > 1.2 * exact_sphere_pixels) EXPECT_EQ(copied(quads, s), 1) << pixels;
    if (pixels < exact_sphere_pixels / 1.2) EXPECT_EQ(copied(quads, s), 0) << pixels;
    large += pixels > 1.2 * exact_sphere_pixels ? 1 : 0;
  }
  EXPECT_GT(large, 10u);  // the case is not empty
  EXPECT_EQ(total(lists.translucent), see_through);
  EXPECT_EQ(lists.opaque[static_cast<std::size_t>(mesh_kind::small_round_sphere)].size(), 0u);
}

// A batch of more than ordered_batch_max spheres is drawn as it is: the lists point at the view's own array.
TEST(draw_lists, a_large_sphere_batch_is_drawn_as_it_is) {
  scene_view view;
  view.spheres.spheres.resize(ordered_batch_max + 1);
  for (std::size_t k = 0; k < view.spheres.spheres.size(); ++k)
    view.spheres.spheres[k] = {{float(k % 181) * 0.01f, float(k / 181) * 0.01f, 0.0f}, 0.005f, 0xff336699u};
  draw_lists lists;
  build_draw_lists(view, {.eye = {0.0, 0.0, 10.0}, .pixels_per_radian = 870.0}, lists);
  EXPECT_EQ(lists.batch.data(), view.spheres.spheres.data());
  EXPECT_EQ(lists.batch.size(), view.spheres.spheres.size());
  EXPECT_EQ(lists.instance_count(), 0u);  // all small and opaque
  view.spheres.spheres.resize(ordered_batch_max);
  build_draw_lists(view, {.eye = {0.0, 0.0, 10.0}, .pixels_per_radian = 870.0}, lists);
  EXPECT_NE(lists.batch.data(), view.spheres.spheres.data());  // ordered: a copy
  EXPECT_EQ(lists.batch.size(), view.spheres.spheres.size());
}

// A batch too large to order finds its exceptions in runs on several threads: the lists hold a
// copy of each see-through sphere and of each sphere near the eye, in the batch's order.
TEST(draw_lists, a_large_sphere_batch_copies_its_exceptions_in_its_order) {
  scene_view view;
  view.spheres.spheres.resize(3 * ordered_batch_max);
  std::vector<glm::vec3> see_through, near_eye;
  for (std::size_t k = 0; k < view.spheres.spheres.size(); ++k) {
    packed_sphere& s = view.spheres.spheres[k];
    s = {{float(k % 181) * 0.01f, float(k / 181) * 0.01f, 0.0f}, 0.005f, 0xff336699u};
    if (k % 10007 == 5) {  // 0.5 m from the eye, 0.2 m across: hundreds of pixels
      s.centre = {float(k) * 1e-6f, 0.0f, 9.5f};
      s.diameter = 0.2f;
      near_eye.push_back(s.centre);
    } else if (k % 997 == 0) {
      s.rgba = 0x80336699u;
      see_through.push_back(s.centre);
    }
  }
  draw_lists lists;
  build_draw_lists(view, {.eye = {0.0, 0.0, 10.0}, .pixels_per_radian = 870.0}, lists);
  EXPECT_EQ(lists.batch.data(), view.spheres.spheres.data());
  const auto origins = [](const std::vector<mesh_instance>& list) {
    std::vector<glm::vec3> at;
    for (const mesh_instance& m : list) at.push_back(m.origin);
    return at;
  };
  EXPECT_EQ(origins(lists.translucent[static_cast<std::size_t>(mesh_kind::small_round_sphere)]), see_through);
  EXPECT_EQ(origins(lists.opaque[static_cast<std::size_t>(mesh_kind::round_sphere)]), near_eye);
  EXPECT_EQ(lists.instance_count(), see_through.size() + near_eye.size());
  EXPECT_GT(near_eye.size(), 5u);  // across the runs
}

// Ellipsoids (spheres of unequal sizes) are meshes, as fine as their size on screen needs.
TEST(draw_lists, ellipsoids_take_the_mesh_their_screen_size_asks_for) {
  orbit_camera camera;
  camera.set({{0.0, 0.0, 0.0}, 10.0, 0.0, 0.0});
  const double height = 720.0;
  const double fov = orbit_camera::field_of_view_deg * std::acos(-1.0) / 180.0;
  draw_settings settings{.eye = camera.eye(), .pixels_per_radian = height / (2.0 * std::tan(0.5 * fov))};
  for (double diameter = 0.01; diameter < 8.0; diameter *= 1.07) {
    scene_view view;
    view.nodes.push_back({"ball", -1, shape_kind::sphere, glm::dvec3(diameter, 0.8 * diameter, diameter)});
    draw_lists lists;
    build_draw_lists(view, settings, lists);
    const double pixels = projected_pixels(camera, glm::dvec3(0.0), 0.5 * diameter, height);
    std::size_t mesh = mesh_kind_count;
    for (std::size_t k = 0; k < mesh_kind_count; ++k)
      if (!lists.opaque[k].empty()) mesh = k;
    ASSERT_NE(mesh, mesh_kind_count);
    const auto kind = static_cast<mesh_kind>(mesh);
    // The estimate errs by less than 20 % from the projection; away from the thresholds the choice is exact.
    const auto clearly = [&](double threshold, bool above) {
      return above ? pixels > 1.2 * threshold : pixels < threshold / 1.2;
    };
    if (clearly(small_sphere_pixels, true)) EXPECT_EQ(kind, mesh_kind::sphere) << pixels;
    if (clearly(small_sphere_pixels, false) && clearly(tiny_sphere_pixels, true))
      EXPECT_EQ(kind, mesh_kind::small_sphere) << pixels;
    if (clearly(tiny_sphere_pixels, false) && clearly(speck_sphere_pixels, true))
      EXPECT_EQ(kind, mesh_kind::tiny_sphere) << pixels;
    if (clearly(speck_sphere_pixels, false)) EXPECT_EQ(kind, mesh_kind::speck_sphere) << pixels;
  }
}

TEST(draw_lists, an_arrow_runs_from_its_origin_to_its_tip) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-3.0, 3.0);
  for (int trial = 0; trial < 50; ++trial) {
    const glm::dvec3 from(u(rng), u(rng), u(rng));
    glm::dvec3 vector(u(rng), u(rng), u(rng));
    if (trial == 0) vector = {0.0, -2.0, 0.0};  // straight down: the rotation's special case
    draw_lists lists;
    add_arrow(from, vector, {1.0f, 1.0f, 0.0f, 1.0f}, lists);
    const auto& shaft = lists.opaque[static_cast<std::size_t>(mesh_kind::cylinder)];
    const auto& head = lists.opaque[static_cast<std::size_t>(mesh_kind::cone)];
    ASSERT_EQ(shaft.size(), 1u);
    ASSERT_EQ(head.size(), 1u);
    const double tolerance = 1e-5 * (1.0 + glm::length(from) + glm::length(vector));
    EXPECT_LT(glm::length(placed(shaft[0], {0.0, -0.5, 0.0}) - from), tolerance);  // the shaft's base
    EXPECT_LT(glm::length(placed(head[0], {0.0, 0.5, 0.0}) - (from + vector)), tolerance);  // the cone's tip
    EXPECT_LT(glm::length(placed(shaft[0], {0.0, 0.5, 0.0}) - placed(head[0], {0.0, -0.5, 0.0})), tolerance);
  }
  draw_lists none;
  add_arrow({0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, {1.0f, 1.0f, 1.0f, 1.0f}, none);
  add_arrow({0.0, 0.0, 0.0}, {NAN, 0.0, 0.0}, {1.0f, 1.0f, 1.0f, 1.0f}, none);
  EXPECT_EQ(none.instance_count(), 0u);
}

// The segments the line draw call shows: instance k joins stream points k + 1 and k + 2
// when the first carries a width (shaders/line.vert).
std::vector<std::pair<glm::vec3, glm::vec3>> drawn_segments(const draw_lists& lists) {
  std::vector<std::pair<glm::vec3, glm::vec3>> out;
  for (std::size_t k = 0; k < lists.line_segment_count(); ++k) {
    if (lists.lines[k + 1].width_px > 0.0f) out.emplace_back(lists.lines[k + 1].position, lists.lines[k + 2].position);
  }
  return out;
}

TEST(draw_lists, the_line_stream_holds_each_polyline_and_nothing_between_them) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-10.0, 10.0);
  scene_view view;
  std::vector<std::pair<glm::vec3, glm::vec3>> expected;  // brute force: consecutive points of each visible trail
  for (int t = 0; t < 12; ++t) {
    trail tr;
    const int n = t % 4;  // 0 and 1 point: nothing to draw
    for (int i = 0; i < n + t; ++i) tr.points.push_back({u(rng), u(rng), u(rng)});
    tr.visible = t != 7;
    tr.width_px = t % 2 == 0 ? 0.0f : 6.0f;
    if (tr.visible) {
      for (std::size_t i = 1; i < tr.points.size(); ++i)
        expected.emplace_back(glm::vec3(tr.points[i - 1]), glm::vec3(tr.points[i]));
    }
    view.trails.push_back(tr);
  }
  draw_lists lists;
  build_draw_lists(view, {.line_scale = 2.0f}, lists);
  EXPECT_EQ(drawn_segments(lists), expected);
  for (std::size_t k = 0; k + 1 < lists.lines.size(); ++k) {
    const float w = lists.lines[k].width_px;
    EXPECT_TRUE(w == 0.0f || w == 2.0f * default_trail_width_px || w == 12.0f) << w;
  }
  // The stream ends with the last polyline's repeated end: the final points carry no width.
  ASSERT_GE(lists.lines.size(), 2u);
  EXPECT_EQ(lists.lines.back().width_px, 0.0f);
}

TEST(draw_lists, a_fading_trail_goes_from_a_quarter_to_full_alpha) {
  const std::vector<glm::dvec3> points = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0, 0}};
  draw_lists lists;
  add_polyline(points, {1.0f, 1.0f, 1.0f, 0.8f}, 3.0f, true, lists);
  ASSERT_EQ(lists.lines.size(), points.size() + 2);
  const auto alpha = [&](std::size_t i) { return static_cast<double>(lists.lines[i + 1].rgba >> 24) / 255.0; };
  EXPECT_NEAR(alpha(0), 0.25 * 0.8, 1.0 / 255.0);
  EXPECT_NEAR(alpha(points.size() - 1), 0.8, 1.0 / 255.0);
  for (std::size_t i = 1; i < points.size(); ++i) EXPECT_GT(alpha(i), alpha(i - 1));
}

TEST(draw_lists, the_grid_is_thin_and_follows_the_camera) {
  camera_setup camera;
  camera.target = {52.0, 0.0, -8.0};
  camera.distance = 12.0;
  draw_lists lists;
  build_draw_lists({}, {.camera = &camera, .line_scale = 3.0f}, lists);
  const auto segments = drawn_segments(lists);
  ASSERT_GT(segments.size(), 40u);
  int near_target = 0;
  for (std::size_t k = 0; k < lists.line_segment_count(); ++k) {
    const float w = lists.lines[k + 1].width_px;
    if (w > 0.0f) EXPECT_TRUE(w == 3.0f * grid_width_px || w == 6.0f * grid_width_px) << w;
  }
  for (const auto& [a, b] : segments) {
    if (a.y == 0.0f && b.y == 0.0f && std::abs(0.5f * (a.x + b.x) - 50.0f) < 0.5f) ++near_target;
  }
  EXPECT_GT(near_target, 0);  // a grid line through the target's rounded centre (50, 0, -10)
}

TEST(draw_lists, large_scenes_build_whole) {
  scene_view view;
  view.nodes.resize(50'000);
  for (std::size_t i = 0; i < view.nodes.size(); ++i) {
    view.nodes[i].shape = shape_kind::sphere;
    view.nodes[i].size = glm::dvec3(0.01);
    view.nodes[i].world.translation = {double(i % 100), 0.0, double(i / 100)};
  }
  trail long_trail;
  long_trail.points.resize(1'000'000);
  for (std::size_t i = 0; i < long_trail.points.size(); ++i) long_trail.points[i] = {std::cos(1e-3 * i), 0.0, 1e-5 * i};
  view.trails.push_back(std::move(long_trail));
  draw_lists lists;
  build_draw_lists(view, {.pixels_per_radian = 800.0}, lists);
  EXPECT_EQ(lists.instance_count(), 50'000u);
  EXPECT_EQ(lists.lines.size(), 1'000'002u);
  EXPECT_EQ(drawn_segments(lists).size(), 999'999u);
}

}  // namespace
}  // namespace framelab::render
