// The orbit camera's maths: eye placement, picking rays, ray-sphere hits.
#include <cmath>

#include <gtest/gtest.h>

#include "render/orbit_camera.hpp"

namespace framelab::render {
namespace {

constexpr double tol = 1e-9;

TEST(orbit_camera, eye_sits_at_the_distance_and_pitch) {
  orbit_camera camera;
  camera.set({{1.0, 2.0, 3.0}, 10.0, 30.0, 45.0});
  const glm::dvec3 offset = camera.eye() - glm::dvec3(1.0, 2.0, 3.0);
  EXPECT_NEAR(glm::length(offset), 10.0, tol);
  EXPECT_NEAR(offset.y, 10.0 * std::sin(45.0 * M_PI / 180.0), tol);
  camera.orbit(0.0, 1000.0);
  EXPECT_LE(camera.setup().pitch_deg, 89.0);
  camera.zoom(1.0);
  EXPECT_LT(camera.setup().distance, 10.0);
}

TEST(orbit_camera, the_centre_pixel_ray_goes_through_the_target) {
  orbit_camera camera;
  camera.set({{0.5, 0.0, -2.0}, 7.0, -20.0, 30.0});
  const ray r = camera.pick_ray(400.0, 300.0, 800.0, 600.0);
  const glm::dvec3 to_target = glm::normalize(camera.setup().target - r.origin);
  EXPECT_NEAR(glm::dot(r.direction, to_target), 1.0, 1e-9);
  // An off-centre pixel's ray misses the target but hits a sphere drawn there when it is big enough.
  const ray side = camera.pick_ray(600.0, 300.0, 800.0, 600.0);
  EXPECT_LT(ray_sphere_distance(side, camera.setup().target, 0.1), 0.0);
  EXPECT_GT(ray_sphere_distance(side, camera.setup().target, 5.0), 0.0);
}

TEST(orbit_camera, ray_sphere_distance_matches_a_brute_force_march) {
  const ray r{{0.0, 0.0, 0.0}, glm::normalize(glm::dvec3(1.0, 0.2, 0.1))};
  const glm::dvec3 center(5.0, 1.3, 0.2);
  const double radius = 0.8;
  double marched = -1.0;
  for (double s = 0.0; s < 20.0; s += 1e-5) {
    if (glm::distance(r.origin + s * r.direction, center) <= radius) {
      marched = s;
      break;
    }
  }
  ASSERT_GT(marched, 0.0);
  EXPECT_NEAR(ray_sphere_distance(r, center, radius), marched, 2e-5);
}

}  // namespace
}  // namespace framelab::render
