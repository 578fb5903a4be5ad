// Occlusion culling of a sphere batch (render/sphere_occlusion.hpp) and the point sprite it
// reasons with (render/point_sprite.hpp), against independent geometry: rays through the
// sprite's disc hit the sphere (orbit_camera's ray_sphere_distance), the sphere's outline
// (points of its surface through the camera's own matrices) lies in the sprite's square, and
// the culling's three cases: a ball exactly behind a larger one is left out; one that peeks out
// from behind it by a pixel, and one at the same depth, are not.
#include "render/sphere_occlusion.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "tests/render/occlusion_scenes.hpp"

namespace framelab::render {
namespace {

using namespace occlusion_scenes;

// Window pixels of a world point through the camera's matrices (in doubles).
glm::dvec2 window_of(const camera_case& c, const glm::dvec3& p) {
  const glm::dvec4 clip = c.camera.projection(double(width) / height) * c.camera.view() * glm::dvec4(p, 1.0);
  return 0.5 * (glm::dvec2(clip) / clip.w + 1.0) * glm::dvec2(width, height);
}

TEST(point_sprite, its_disc_is_on_the_sphere_and_its_square_holds_the_outline) {
  const camera_case c = looking_at_origin();
  for (const glm::dvec3 centre : {glm::dvec3(0.0), glm::dvec3(2.5, 1.2, -3.0), glm::dvec3(-1.0, -1.4, 4.0)}) {
    const double radius = 0.06;
    const auto sprite = point_sprite_of(glm::vec3(centre), float(2.0 * radius), c.sprites);
    ASSERT_TRUE(sprite);
    EXPECT_GT(sprite->disc_radius, 0.4 * sprite->size);
    for (int k = 0; k < 64; ++k) {
      const double a = 2.0 * std::numbers::pi * k / 64.0;
      // The disc's rim: its ray hits the sphere, up to the shader's first-order outline (an error
      // of the order of r / d of the radius, point_sphere.vert).
      const double first_order = 1.0 - 2.0 * radius / glm::distance(centre, c.camera.eye());
      const glm::dvec2 rim = glm::dvec2(sprite->disc_centre) +
                             first_order * double(sprite->disc_radius) * glm::dvec2(std::cos(a), std::sin(a));
      const ray r = c.camera.pick_ray(rim.x, height - rim.y, width, height);
      EXPECT_GE(ray_sphere_distance(r, centre, radius), 0.0) << k;
      // Points of the surface: inside the square.
      for (int m = 1; m < 16; ++m) {
        const double polar = std::numbers::pi * m / 16.0;
        const glm::dvec3 p =
            centre + radius * glm::dvec3(std::sin(polar) * std::cos(a), std::cos(polar), std::sin(polar) * std::sin(a));
        const glm::dvec2 w = window_of(c, p);
        EXPECT_LE(std::abs(w.x - sprite->centre.x), 0.5 * sprite->size + 1e-3);
        EXPECT_LE(std::abs(w.y - sprite->centre.y), 0.5 * sprite->size + 1e-3);
      }
    }
    // Its depth: the near side's on the line of sight, through the projection (in doubles).
    const glm::dvec3 eye_centre(c.camera.view() * glm::dvec4(centre, 1.0));
    const glm::dvec3 near_side = eye_centre * (1.0 - radius / glm::length(eye_centre));
    const glm::dvec4 clip = c.camera.projection(double(width) / height) * glm::dvec4(near_side, 1.0);
    EXPECT_NEAR(sprite->depth, 0.5 * clip.z / clip.w + 0.5, 1e-6);
  }
  EXPECT_FALSE(point_sprite_of({0.0f, 0.0f, 9.0f}, 0.1f, c.sprites));   // behind the eye
  EXPECT_FALSE(point_sprite_of({40.0f, 0.0f, 0.0f}, 0.1f, c.sprites));  // beside the view
}

// One thread (tests/render/sphere_occlusion_threads_test.cpp: the same balls culled on more).
sphere_occlusion on_one_thread() {
  return {1, std::numeric_limits<std::size_t>::max()};
}

// Culls `balls` as the renderer's whole viewport would; the indices of those kept.
std::vector<std::size_t> kept(const camera_case& c, const std::vector<packed_sphere>& balls) {
  sphere_occlusion occlusion = on_one_thread();
  std::vector<packed_sphere> copies;
  const auto visible = occlusion.cull(balls, c.sprites, {0, 0, width, height}, glm::vec3(c.camera.eye()), 1.0f, copies);
  std::vector<std::size_t> indices;
  for (const packed_sphere& v : visible) {
    for (std::size_t k = 0; k < balls.size(); ++k) {
      if (v.centre == balls[k].centre && v.diameter == balls[k].diameter) indices.push_back(k);
    }
  }
  return indices;
}

// A 0.4 m ball at the origin, 8 m ahead (~24 px across), and a 0.1 m one 1 m behind it (~5 px):
// exactly behind, culled; moved sideways until its outline passes the large one's by one pixel,
// kept; twins (the same ball twice, equal depths), both kept.
TEST(sphere_occlusion, culls_a_ball_behind_a_larger_one_but_not_one_peeking_out_or_at_equal_depth) {
  const camera_case c = looking_at_origin();
  constexpr std::uint32_t grey = 0xff808080u;
  const packed_sphere front{{0.0f, 0.0f, 0.0f}, 0.4f, grey};
  const packed_sphere behind{{0.0f, 0.0f, -1.0f}, 0.1f, grey};
  EXPECT_EQ(kept(c, {front, behind}), (std::vector<std::size_t>{0}));
  EXPECT_EQ(kept(c, {behind, front}), (std::vector<std::size_t>{1}));  // in either order

  // Its outline's right edge one pixel right of the front one's: the offset on screen is
  // front radius - behind radius + 1 pixel.
  const double front_px = 0.2 * c.pixels_per_metre_at(8.0), behind_px = 0.05 * c.pixels_per_metre_at(9.0);
  const double shift_px = front_px - behind_px + 1.0;
  packed_sphere peeking = behind;
  peeking.centre.x = float(shift_px / c.pixels_per_metre_at(9.0));
  EXPECT_EQ(kept(c, {front, peeking}), (std::vector<std::size_t>{0, 1}));
  // Two pixels inside the front one's outline: hidden again.
  peeking.centre.x = float((shift_px - 3.0) / c.pixels_per_metre_at(9.0));
  EXPECT_EQ(kept(c, {front, peeking}), (std::vector<std::size_t>{0}));

  // Twins: equal depths, neither is nearer.
  EXPECT_EQ(kept(c, {front, front}).size(), 4u);  // each matches both: two kept
  // A smaller ball at the front one's depth (its near side at the same distance), inside its outline.
  const packed_sphere level{{0.0f, 0.05f, 0.15f}, 0.1f, grey};
  EXPECT_EQ(kept(c, {front, level}), (std::vector<std::size_t>{0, 1}));
}

// Only the point sprites take part: a see-through ball is neither hidden nor hides, a ball near
// the eye (drawn as a quad from the lists) likewise, and pixels the scissor cuts off count as hidden.
TEST(sphere_occlusion, only_opaque_point_sprites_take_part_and_the_scissor_hides) {
  const camera_case c = looking_at_origin();
  const packed_sphere front{{0.0f, 0.0f, 0.0f}, 0.4f, 0xff808080u};
  const packed_sphere behind{{0.0f, 0.0f, -1.0f}, 0.1f, 0xff808080u};
  packed_sphere glass_front = front, glass_behind = behind;
  glass_front.rgba = glass_behind.rgba = 0x80808080u;
  EXPECT_EQ(kept(c, {glass_front, behind}), (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(kept(c, {front, glass_behind}), (std::vector<std::size_t>{0, 1}));
  sphere_occlusion occlusion = on_one_thread();
  std::vector<packed_sphere> copies;
  const std::vector<packed_sphere> pair{front, behind};
  // reach 100: both within diameter x 100 of the eye, drawn as quads.
  EXPECT_EQ(occlusion.cull(pair, c.sprites, {0, 0, width, height}, glm::vec3(c.camera.eye()), 1e4f, copies).size(), 2u);
  // Only the left half drawn: the front ball (at the centre) loses its right half, and a ball
  // right of it all is cut off (nothing of it is drawn).
  const packed_sphere right{{1.0f, 0.0f, 0.0f}, 0.1f, 0xff808080u};
  const std::vector<packed_sphere> apart{front, right};
  const auto visible =
      occlusion.cull(apart, c.sprites, {0, 0, width / 2, height}, glm::vec3(c.camera.eye()), 1.0f, copies);
  ASSERT_EQ(visible.size(), 1u);
  EXPECT_EQ(visible[0].centre, front.centre);
}

// The pixel centres (x, y) of a sprite's square (strictly inside: no margin), clipped to the viewport.
template <class Visit>
void for_each_pixel_of(const point_sprite& sprite, Visit visit) {
  const float half = 0.5f * sprite.size;
  const int x0 = std::max(0, int(std::floor(sprite.centre.x - half))),
            x1 = std::min(width - 1, int(sprite.centre.x + half));
  const int y0 = std::max(0, int(std::floor(sprite.centre.y - half))),
            y1 = std::min(height - 1, int(sprite.centre.y + half));
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      const glm::vec2 p(float(x) + 0.5f, float(y) + 0.5f);
      if (std::abs(p.x - sprite.centre.x) < half && std::abs(p.y - sprite.centre.y) < half) visit(x, y, p);
    }
  }
}

// A packed block of 1,728 touching balls (12^3, 8 at a time through the vector path where the
// CPU has it), seen from above a corner: most are culled, and every culled one is hidden by a
// brute-force picture of the kept ones alone: at every pixel centre in its square, a kept
// ball's sprite (its square and disc, no margins) is nearer. The next frame culls the same, and
// so does a frame after one seen from elsewhere.
class packed_block : public testing::TestWithParam<double> {};

// From 8 m the balls are ~6 px across, from 4.5 m ~11 (the vector path's rows of 8 and of 16 pixels).
TEST_P(packed_block, every_culled_ball_is_behind_the_kept_ones) {
  const camera_case c = looking_at_origin(30.0, 25.0, GetParam());
  const std::vector<packed_sphere> balls = packed_block_of(12);
  sphere_occlusion occlusion = on_one_thread();
  std::vector<packed_sphere> copies;
  const auto first = occlusion.cull(balls, c.sprites, {0, 0, width, height}, glm::vec3(c.camera.eye()), 1.0f, copies);
  const std::vector<packed_sphere> first_kept(first.begin(), first.end());
  // The next frame writes only the balls this one kept: among them the nearest writer of every
  // pixel, so the buffer and what is culled are the same.
  const auto visible = occlusion.cull(balls, c.sprites, {0, 0, width, height}, glm::vec3(c.camera.eye()), 1.0f, copies);
  ASSERT_EQ(visible.size(), first_kept.size());
  for (std::size_t k = 0; k < visible.size(); ++k) EXPECT_EQ(visible[k].centre, first_kept[k].centre) << k;
  // After another frame (seen from the other side, other balls kept), the same again: the balls
  // kept there write first, the others that are not hidden after them.
  sphere_occlusion moved = on_one_thread();
  std::vector<packed_sphere> moved_copies;
  const camera_case other = looking_at_origin(210.0, -20.0);
  moved.cull(balls, other.sprites, {0, 0, width, height}, glm::vec3(other.camera.eye()), 1.0f, moved_copies);
  const auto after = moved.cull(balls, c.sprites, {0, 0, width, height}, glm::vec3(c.camera.eye()), 1.0f, moved_copies);
  ASSERT_EQ(after.size(), first_kept.size());
  for (std::size_t k = 0; k < after.size(); ++k) EXPECT_EQ(after[k].centre, first_kept[k].centre) << k;
  EXPECT_LT(visible.size(), balls.size() / 2);
  std::vector<float> nearest(std::size_t(width) * height, 2.0f);
  for (const packed_sphere& s : visible) {
    if (const auto sprite = point_sprite_of(s.centre, s.diameter, c.sprites)) {
      for_each_pixel_of(*sprite, [&](int x, int y, const glm::vec2& p) {
        float& n = nearest[std::size_t(y) * width + x];
        if (glm::distance(p, sprite->disc_centre) < sprite->disc_radius) n = std::min(n, sprite->depth);
      });
    }
  }
  std::size_t checked = 0;
  for (const packed_sphere& s : balls) {
    if (std::any_of(visible.begin(), visible.end(), [&](const packed_sphere& v) { return v.centre == s.centre; }))
      continue;
    const auto sprite = point_sprite_of(s.centre, s.diameter, c.sprites);
    ASSERT_TRUE(sprite);
    for_each_pixel_of(*sprite, [&](int x, int y, const glm::vec2&) {
      EXPECT_LT(nearest[std::size_t(y) * width + x], sprite->depth) << x << ", " << y;
    });
    ++checked;
  }
  EXPECT_EQ(checked, balls.size() - visible.size());
}

INSTANTIATE_TEST_SUITE_P(sphere_occlusion, packed_block, testing::Values(8.0, 4.5));

}  // namespace
}  // namespace framelab::render
