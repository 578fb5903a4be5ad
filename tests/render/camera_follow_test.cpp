// Presentation's follow camera, checked through the camera's own matrices (tests/render/drawn_screen_box.hpp):
// a body that stays in view never moves the camera; a body that drives off at speed
// stays inside the window the whole time, and once it stops the camera comes to rest
// with it on the stage (presentation_fill), keeping the lecturer's viewing direction.
#include "render/camera_follow.hpp"

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

constexpr double aspect = 16.0 / 9.0;
constexpr double frame_seconds = 1.0 / 60.0;

scene_view one_box_at(const glm::dvec3& where) {
  view_node box;
  box.shape = shape_kind::box;
  box.size = {2.0, 1.0, 3.0};
  box.world.translation = where;
  scene_view view;
  view.nodes.push_back(box);
  return view;
}

// A camera on the stage around the box at the start.
camera_setup staged_on(const scene_view& view) {
  return framing_camera(view, camera_setup{{0.0, 0.0, 0.0}, 10.0, 30.0, 25.0}, aspect, presentation_fill);
}

TEST(camera_follow, bodies_in_view_means_every_corner_is_inside_that_part_of_the_view) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> coordinate(-30.0, 30.0);
  std::uniform_real_distribution<double> distance(2.0, 80.0);
  int inside = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const scene_view view = one_box_at({coordinate(rng), 0.2 * coordinate(rng), coordinate(rng)});
    const camera_setup camera{{0.0, 0.0, 0.0}, distance(rng), 12.0 * trial, 10.0 + trial % 60};
    if (!bodies_in_view(view, camera, aspect, 0.9)) continue;
    ++inside;
    EXPECT_LE(widest(view, camera, aspect), 0.9 + 1e-9) << "trial " << trial;
  }
  EXPECT_GT(inside, 20);  // the check saw both answers
}

TEST(camera_follow, a_body_that_stays_in_view_leaves_the_camera_alone) {
  const scene_view view = one_box_at({1.0, 0.0, -2.0});
  camera_setup camera = staged_on(view);
  const camera_setup start = camera;
  camera_follower follower;
  scene_view moved = view;
  for (int frame = 0; frame < 300; ++frame) {
    // wobbling a little around its place, never near the view's edge
    moved.nodes[0].world.translation = view.nodes[0].world.translation + 0.2 * std::sin(0.05 * frame);
    camera = follower.update(moved, camera, aspect, frame_seconds);
    ASSERT_FALSE(follower.gliding()) << "frame " << frame;
  }
  EXPECT_EQ(camera.target, start.target);
  EXPECT_EQ(camera.distance, start.distance);
}

TEST(camera_follow, a_body_that_drives_off_stays_in_the_window_and_ends_on_the_stage) {
  scene_view view = one_box_at({0.0, 0.0, 0.0});
  camera_setup camera = staged_on(view);
  const camera_setup start = camera;
  camera_follower follower;
  bool glided = false;
  // 10 s at 6 m/s along x and z (a tank, about 25 km/h), then 3 s standing still
  for (int frame = 0; frame < 13 * 60; ++frame) {
    if (frame < 10 * 60) view.nodes[0].world.translation += glm::dvec3(6.0, 0.0, -3.0) * frame_seconds;
    camera = follower.update(view, camera, aspect, frame_seconds);
    glided = glided || follower.gliding();
    ASSERT_LE(widest(view, camera, aspect), 1.0) << "the body left the window at frame " << frame;
  }
  EXPECT_TRUE(glided);
  EXPECT_FALSE(follower.gliding()) << "the camera came to rest once the body stopped";
  EXPECT_LE(widest(view, camera, aspect), presentation_fill * 1.05) << "back on the stage";
  EXPECT_GE(widest(view, camera, aspect), presentation_fill * 0.95) << "and fills it";
  EXPECT_GT(glm::length(camera.target - start.target), 60.0);
  EXPECT_EQ(camera.yaw_deg, start.yaw_deg);
  EXPECT_EQ(camera.pitch_deg, start.pitch_deg);
}

TEST(camera_follow, a_broken_or_empty_scene_keeps_the_camera_finite_and_still) {
  const camera_setup start{{1.0, 2.0, 3.0}, 9.0, 10.0, 20.0};
  camera_follower follower;
  const camera_setup empty = follower.update(scene_view{}, start, aspect, frame_seconds);
  EXPECT_EQ(empty.target, start.target);
  EXPECT_EQ(empty.distance, start.distance);
  const scene_view broken = one_box_at({std::nan(""), 0.0, 0.0});
  const camera_setup after = follower.update(broken, start, aspect, frame_seconds);
  EXPECT_EQ(after.target, start.target);
  EXPECT_EQ(after.distance, start.distance);
  EXPECT_FALSE(follower.gliding());
  const scene_view far = one_box_at({1e300, 0.0, 0.0});
  const camera_setup huge = follower.update(far, start, aspect, 1e9);
  EXPECT_TRUE(std::isfinite(huge.distance) && huge.distance > 0.0);
  EXPECT_TRUE(std::isfinite(huge.target.x) && std::isfinite(huge.target.y) && std::isfinite(huge.target.z));
}

}  // namespace
}  // namespace framelab::render
