// The occlusion culling on several threads (render/sphere_occlusion.hpp: the sprites in runs of
// the batch, pass 1 in bands of rows, pass 2 in the runs) culls exactly the balls it culls on
// one thread in one run and one band, frame after frame: a packed block of 4,096 balls seen
// from a corner, again from there (the kept balls write first), from the other side (most
// write late) and from the corner again, in runs of 100 balls on 3 threads and as the
// renderer makes it (the machine's threads). Under ThreadSanitizer (a threaded test).
#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "render/orbit_camera.hpp"
#include "render/sphere_occlusion.hpp"

namespace framelab::render {
namespace {

constexpr int width = 640, height = 400;

struct view {
  double yaw_deg, pitch_deg, distance;
};

sprite_camera sprites_of(const view& v, glm::vec3& eye) {
  orbit_camera camera;
  camera.set({{0.0, 0.0, 0.0}, v.distance, v.yaw_deg, v.pitch_deg});
  eye = glm::vec3(camera.eye());
  return {.view = glm::mat4(camera.view()),
          .projection = glm::mat4(camera.projection(double(width) / height)),
          .viewport = {float(width), float(height)},
          .max_point_size = 255.0f};
}

// The centres kept in each frame of the views, in the batch's order.
std::vector<std::vector<glm::vec3>> kept_by_frame(sphere_occlusion& occlusion, const std::vector<packed_sphere>& balls,
                                                  const std::vector<view>& views) {
  std::vector<std::vector<glm::vec3>> frames;
  std::vector<packed_sphere> copies;
  for (const view& v : views) {
    glm::vec3 eye;
    const sprite_camera sprites = sprites_of(v, eye);
    const auto kept = occlusion.cull(balls, sprites, {0, 0, width, height}, eye, 1.0f, copies);
    frames.emplace_back();
    for (const packed_sphere& s : kept) frames.back().push_back(s.centre);
  }
  return frames;
}

TEST(sphere_occlusion_threads, cull_the_balls_one_thread_culls) {
  std::vector<packed_sphere> balls;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j)
      for (int k = 0; k < 16; ++k)
        balls.push_back({{0.1f * float(i) - 0.75f, 0.1f * float(j) - 0.75f, 0.1f * float(k) - 0.75f},
                         0.1f + 0.001f * float((i + j + k) % 10),
                         0xff000000u | std::uint32_t(i * 16 + j)});
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
