// The occlusion culling on several threads (render/sphere_occlusion.hpp: the sprites in runs of
// the batch, pass 1 in bands of rows, pass 2 in the runs) culls exactly the balls it culls on
// one thread in one run and one band, frame after frame: a packed block of 4,096 balls seen
// from a corner, again from there (the kept balls write first), from the other side (most
// write late) and from the corner again, in runs of 100 balls on 3 threads and as the
// renderer makes it (the machine's threads). Under ThreadSanitizer (a threaded test).
#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "render/sphere_occlusion.hpp"
#include "tests/render/occlusion_scenes.hpp"

namespace framelab::render {
namespace {

using namespace occlusion_scenes;

struct view {
  double yaw_deg, pitch_deg, distance;
};

// The centres kept in each frame of the views, in the batch's order.
std::vector<std::vector<glm::vec3>> kept_by_frame(sphere_occlusion& occlusion, const std::vector<packed_sphere>& balls,
                                                  const std::vector<view>& views) {
  std::vector<std::vector<glm::vec3>> frames;
  std::vector<packed_sphere> copies;
  for (const view& v : views) {
    const camera_case c = looking_at_origin(v.yaw_deg, v.pitch_deg, v.distance);
    const auto kept = occlusion.cull(balls, c.sprites, {0, 0, width, height}, glm::vec3(c.camera.eye()), 1.0f, copies);
    frames.emplace_back();
    for (const packed_sphere& s : kept) frames.back().push_back(s.centre);
  }
  return frames;
}

TEST(sphere_occlusion_threads, cull_the_balls_one_thread_culls) {
  const std::vector<packed_sphere> balls = packed_block_of(16);
  // From 9 m the balls are ~5 px across, from 5 m ~10 (rows of 8 and of 16 pixels).
  for (const double distance : {9.0, 5.0}) {
    const std::vector<view> views = {
        {30.0, 25.0, distance}, {30.0, 25.0, distance}, {210.0, -20.0, distance}, {30.0, 25.0, distance}};
    sphere_occlusion one(1, std::numeric_limits<std::size_t>::max());
    const auto expected = kept_by_frame(one, balls, views);
    ASSERT_LT(expected[0].size(), balls.size() / 2);
    sphere_occlusion in_runs(3, 100);
    sphere_occlusion as_renderer;
    for (sphere_occlusion* occlusion : {&in_runs, &as_renderer}) {
      const auto frames = kept_by_frame(*occlusion, balls, views);
      ASSERT_EQ(frames.size(), expected.size());
      for (std::size_t f = 0; f < frames.size(); ++f) {
        ASSERT_EQ(frames[f].size(), expected[f].size()) << "frame " << f << ", " << distance << " m";
        for (std::size_t k = 0; k < frames[f].size(); ++k) EXPECT_EQ(frames[f][k], expected[f][k]) << k;
      }
    }
  }
}

}  // namespace
}  // namespace framelab::render
