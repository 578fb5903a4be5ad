// A script's camera commands: `camera follow NODE` keeps the target on the node;
// `camera ride NODE` also turns with it, so the node's axes stay put in the camera's own
// view matrix (checked through orbit_camera, independent of the heading formula). And
// framing into a part of the window (presentation with a plot beside the 3D view).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "render/camera_follow.hpp"
#include "render/orbit_camera.hpp"
#include "tests/render/drawn_screen_box.hpp"

namespace framelab::render {
namespace {

scene_view turning_box(double angle_rad, const glm::dvec3& where) {
  view_node box;
  box.name = "turntable";
  box.shape = shape_kind::box;
  box.size = {4.0, 0.5, 2.0};
  box.world.translation = where;
  box.world.rotation = glm::angleAxis(angle_rad, glm::dvec3(0.0, 1.0, 0.0));
  scene_view view;
  view.nodes.push_back(box);
  return view;
}

glm::dvec3 in_camera(const camera_setup& setup, const glm::dvec3& world_direction) {
  orbit_camera camera;
  camera.set(setup);
  return glm::dvec3(camera.view() * glm::dvec4(world_direction, 0.0));
}

TEST(node_follow, follow_keeps_the_target_on_the_node_and_ride_turns_with_it) {
  const double rate = 0.9;  // rad/s, more than a full turn over the run
  camera_setup follow{{0.0, 0.0, 0.0}, 12.0, 30.0, 25.0};
  camera_setup ride = follow;
  node_follower follower;
  node_follower rider;
  follower.start("turntable", false);
  rider.start("turntable", true);
  glm::dvec3 first_axis{0.0};
  for (int frame = 0; frame < 600; ++frame) {
    const double t = frame / 60.0;
    const glm::dvec3 where(3.0 * std::cos(0.3 * t), 0.5, -2.0 * t);
    const scene_view view = turning_box(rate * t, where);
    follow = follower.update(view, follow);
    ride = rider.update(view, ride);
    EXPECT_EQ(follow.target, where);
    EXPECT_EQ(ride.target, where);
    EXPECT_EQ(follow.yaw_deg, 30.0);
    const glm::dvec3 axis = in_camera(ride, view.nodes[0].world.rotate(glm::dvec3(1.0, 0.0, 0.0)));
    if (frame == 0) first_axis = axis;
    EXPECT_NEAR(glm::length(axis - first_axis), 0.0, 1e-9) << "frame " << frame;
  }
  EXPECT_FALSE(find_node(turning_box(0.0, {}), "nothing"));
  EXPECT_EQ(find_node(turning_box(0.0, {}), "turntable"), 0);
}

TEST(node_follow, framing_into_the_left_of_the_window_keeps_the_bodies_there) {
  const stage_area left{{-0.42, 0.0}, {0.58, 1.0}};
  for (const double yaw : {0.0, 40.0, 130.0}) {
    const scene_view view = turning_box(0.3, {5.0, 0.0, 1.0});
    const camera_setup framed = framing_camera(view, {{0.0, 0.0, 0.0}, 10.0, yaw, 25.0}, 16.0 / 9.0, 0.8, left);
    const auto box = drawn_screen_box(view, framed, 16.0 / 9.0);
    ASSERT_TRUE(box);
    EXPECT_LE(box->high.x, -0.42 + 0.8 * 0.58 + 1e-9) << "yaw " << yaw;
    EXPECT_GE(box->low.x, -0.42 - 0.8 * 0.58 - 1e-9) << "yaw " << yaw;
    EXPECT_GE(std::max(box->width_fraction() / 0.58, box->height_fraction()), 0.8 * 0.95) << "yaw " << yaw;
  }
}

}  // namespace
}  // namespace framelab::render
