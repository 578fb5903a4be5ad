// Framing the bodies (presentation mode): after framing, every corner of every drawn
// shape projects inside `fill` of the view, through the camera's own matrices
// (tests/render/drawn_screen_box.hpp); and the frame is tight: the shapes reach `fill`.
#include "render/camera_framing.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "tests/render/drawn_screen_box.hpp"

namespace framelab::render {
namespace {

// How far the drawn shapes reach across the view (1 = the window's edge; infinity: behind the camera).
double widest(const scene_view& view, const camera_setup& camera, double aspect) {
  const auto box = drawn_screen_box(view, camera, aspect);
  return box ? box->widest() : std::numeric_limits<double>::infinity();
}

scene_view random_scene(std::mt19937& rng, int nodes) {
  std::uniform_real_distribution<double> position(-20.0, 20.0);
  std::uniform_real_distribution<double> extent(0.05, 3.0);
  scene_view view;
  for (int i = 0; i < nodes; ++i) {
    view_node node;
    node.shape = i % 2 == 0 ? shape_kind::box : shape_kind::sphere;
    node.size = {extent(rng), extent(rng), extent(rng)};
    node.world.translation = {position(rng), 0.3 * position(rng), position(rng)};
    view.nodes.push_back(node);
  }
  return view;
}

TEST(camera_framing, every_body_is_in_view_and_the_frame_is_tight) {
  std::mt19937 rng(7);
  for (const double aspect : {16.0 / 9.0, 1.0, 0.5}) {
    for (int trial = 0; trial < 20; ++trial) {
      const scene_view view = random_scene(rng, 1 + trial % 7);
      const camera_setup start{{100.0, 5.0, -40.0}, 1.0, 20.0 * trial, 5.0 + 3.0 * trial};
      const camera_setup framed = framing_camera(view, start, aspect);
      EXPECT_DOUBLE_EQ(framed.yaw_deg, start.yaw_deg);
      EXPECT_DOUBLE_EQ(framed.pitch_deg, start.pitch_deg);
      // The default fill, 0.85: the shapes reach 85 % of the way to the window's edge, no more, no less.
      const double reach = widest(view, framed, aspect);
      EXPECT_LE(reach, 0.85 + 1e-9) << "aspect " << aspect << " trial " << trial;
      EXPECT_GT(reach, 0.85 * 0.95) << "aspect " << aspect << " trial " << trial;
      // Presentation's stage: everything inside the middle 60 % of the narrower side.
      const camera_setup staged = framing_camera(view, start, aspect, 0.6);
      EXPECT_LE(widest(view, staged, aspect), 0.6 + 1e-9);
      EXPECT_GT(widest(view, staged, aspect), 0.6 * 0.95);
    }
  }
}

// The bounding sphere holds every corner, and is no bigger than it must be: some corner
// lies beyond radius / sqrt(2) from its centre.
TEST(camera_framing, the_bounds_hold_every_corner_and_are_not_loose) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 50; ++trial) {
    const scene_view view = random_scene(rng, 1 + trial % 9);
    const auto bounds = bodies_bounds(view);
    ASSERT_TRUE(bounds);
    double farthest = 0.0;
    for (const auto& node : view.nodes) {
      for (int corner = 0; corner < 8; ++corner) {
        const glm::dvec3 sign((corner & 1) ? 1 : -1, (corner & 2) ? 1 : -1, (corner & 4) ? 1 : -1);
        const double d = glm::length(node.world.translation + 0.5 * sign * node.size - bounds->centre);
        EXPECT_LE(d, bounds->radius * (1.0 + 1e-12));
        farthest = std::max(farthest, d);
      }
    }
    EXPECT_GE(farthest, bounds->radius / std::sqrt(2.0));
  }
}

TEST(camera_framing, a_scene_without_bodies_keeps_the_camera) {
  scene_view empty;
  const camera_setup start{{1.0, 2.0, 3.0}, 9.0, 10.0, 20.0};
  const camera_setup framed = framing_camera(empty, start, 1.5);
  EXPECT_EQ(framed.target, start.target);
  EXPECT_DOUBLE_EQ(framed.distance, start.distance);
  view_node broken;
  broken.shape = shape_kind::box;
  broken.world.translation = {std::nan(""), 0.0, 0.0};
  empty.nodes.push_back(broken);
  EXPECT_DOUBLE_EQ(framing_camera(empty, start, 1.5).distance, start.distance);
}

// A scene's own camera kept clear of the panels: where the bodies already lie within `fill` of
// the free area it is left exactly as it is; else only its distance grows, to where the
// bodies (measured independently, drawn_screen_box) reach `fill` of the area and no further.
TEST(camera_framing, a_camera_backs_off_only_as_far_as_the_bodies_need) {
  std::mt19937 rng(23);
  const stage_area right_of_panels{{0.2, -0.1}, {0.6, 0.8}};  // a panel column left, a bar above
  const double fill = 0.95;
  int backed_off = 0, kept = 0;
  for (const double aspect : {16.0 / 9.0, 1.0}) {
    for (int trial = 0; trial < 30; ++trial) {
      scene_view view = random_scene(rng, 1 + trial % 5);
      // odd trials all boxes, whose drawn corners are exact: the frame's tightness is measured on those
      const bool boxes = trial % 2 == 1;
      if (boxes)
        for (view_node& node : view.nodes) node.shape = shape_kind::box;
      // every shape whole in the picture (framed to 98 % of it), then farther by up to 2x
      camera_setup start = framing_camera(view, {{0.0, 0.0, 0.0}, 10.0, 12.0 * trial, 10.0 + trial}, aspect, 0.98);
      start.distance *= 1.0 + trial / 30.0;
      const camera_setup fitted = backed_off_to_fit(view, start, aspect, fill, right_of_panels);
      EXPECT_EQ(fitted.target, start.target);
      EXPECT_EQ(fitted.yaw_deg, start.yaw_deg);
      EXPECT_EQ(fitted.pitch_deg, start.pitch_deg);
      const auto reach_in_area = [&](const camera_setup& camera) {
        const auto box = drawn_screen_box(view, camera, aspect);
        if (!box) return std::numeric_limits<double>::infinity();
        const glm::dvec2 low = (box->low - right_of_panels.centre) / right_of_panels.half;
        const glm::dvec2 high = (box->high - right_of_panels.centre) / right_of_panels.half;
        return std::max({-low.x, -low.y, high.x, high.y});
      };
      const double before = reach_in_area(start);
      if (before <= fill) {
        EXPECT_EQ(fitted.distance, start.distance) << "trial " << trial;
        ++kept;
        continue;
      }
      ++backed_off;
      EXPECT_GT(fitted.distance, start.distance);
      EXPECT_LE(reach_in_area(fitted), fill + 1e-6) << "aspect " << aspect << " trial " << trial;
      if (boxes) EXPECT_GT(reach_in_area(fitted), fill - 1e-3) << "aspect " << aspect << " trial " << trial;
    }
  }
  EXPECT_GT(backed_off, 10);  // both cases were met
  EXPECT_GT(kept, 5);
}

// A ground that runs off the picture's edges is scenery: the camera backs off for the body near
// the panels, not until the whole ground shows.
TEST(camera_framing, a_ground_running_off_the_picture_does_not_push_the_camera_back) {
  scene_view view;
  view_node ground;
  ground.shape = shape_kind::box;
  ground.size = {400.0, 0.1, 400.0};
  view.nodes.push_back(ground);
  view_node body;
  body.shape = shape_kind::box;
  body.size = {1.0, 1.0, 1.0};
  body.world.translation = {-3.5, 0.5, 0.0};  // toward the picture's left edge, under a panel column
  view.nodes.push_back(body);
  const camera_setup start{{0.0, 0.5, 0.0}, 10.0, 0.0, 15.0};
  const double aspect = 16.0 / 9.0;
  const stage_area right_of_panels{{0.3, 0.0}, {0.7, 1.0}};
  const auto body_box = [&](const camera_setup& camera) {
    scene_view only_body;
    only_body.nodes.push_back(body);
    return drawn_screen_box(only_body, camera, aspect);
  };
  ASSERT_TRUE(body_box(start));
  ASSERT_LT(body_box(start)->low.x, right_of_panels.centre.x - 0.95 * right_of_panels.half.x);  // under the panels
  const camera_setup fitted = backed_off_to_fit(view, start, aspect, 0.95, right_of_panels);
  ASSERT_TRUE(body_box(fitted));
  EXPECT_GE(body_box(fitted)->low.x, right_of_panels.centre.x - 0.95 * right_of_panels.half.x - 1e-6);
  EXPECT_LT(fitted.distance, 2.0 * start.distance);  // the ground still runs off the picture
  EXPECT_GT(widest(view, fitted, aspect), 1.0);
}

}  // namespace
}  // namespace framelab::render
