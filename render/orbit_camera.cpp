#include "render/orbit_camera.hpp"

#include <algorithm>
#include <cmath>

namespace framelab::render {

namespace {
constexpr double deg = 3.14159265358979323846 / 180.0;
constexpr double min_distance = 0.05;
constexpr double max_distance = 1.0e5;
}  // namespace

void orbit_camera::set(const camera_setup& setup) {
  setup_ = setup;
  setup_.pitch_deg = std::clamp(setup_.pitch_deg, -89.0, 89.0);
  setup_.distance = std::clamp(setup_.distance, min_distance, max_distance);
}

void orbit_camera::orbit(double dx, double dy) {
  setup_.yaw_deg -= 0.3 * dx;
  setup_.pitch_deg = std::clamp(setup_.pitch_deg + 0.3 * dy, -89.0, 89.0);
}

// Moves the target in the view plane so the point under the mouse follows it.
void orbit_camera::pan(double dx, double dy, double viewport_height) {
  const glm::dmat4 v = view();
  const glm::dvec3 right(v[0][0], v[1][0], v[2][0]);
  const glm::dvec3 up(v[0][1], v[1][1], v[2][1]);
  const double metres_per_pixel =
      2.0 * setup_.distance * std::tan(0.5 * field_of_view_deg * deg) / std::max(1.0, viewport_height);
  setup_.target += (-dx * right + dy * up) * metres_per_pixel;
}

void orbit_camera::zoom(double wheel_steps) {
  setup_.distance = std::clamp(setup_.distance * std::pow(0.88, wheel_steps), min_distance, max_distance);
}

// eye = target + d (cos(pitch) sin(yaw), sin(pitch), cos(pitch) cos(yaw))
glm::dvec3 orbit_camera::eye() const {
  const double yaw = setup_.yaw_deg * deg;
  const double pitch = setup_.pitch_deg * deg;
  return setup_.target +
         setup_.distance * glm::dvec3(std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw));
}

glm::dmat4 orbit_camera::view() const { return glm::lookAt(eye(), setup_.target, glm::dvec3(0.0, 1.0, 0.0)); }

glm::dmat4 orbit_camera::projection(double aspect) const {
  const double near_plane = std::max(0.01, setup_.distance * 0.01);
  const double far_plane = setup_.distance * 100.0 + 100.0;
  return glm::perspective(field_of_view_deg * deg, std::max(aspect, 1e-3), near_plane, far_plane);
}

ray orbit_camera::pick_ray(double x, double y, double width, double height) const {
  const glm::dmat4 inverse = glm::inverse(projection(width / std::max(1.0, height)) * view());
  const double nx = 2.0 * x / std::max(1.0, width) - 1.0;
  const double ny = 1.0 - 2.0 * y / std::max(1.0, height);
  const glm::dvec4 near_point = inverse * glm::dvec4(nx, ny, -1.0, 1.0);
  const glm::dvec4 far_point = inverse * glm::dvec4(nx, ny, 1.0, 1.0);
  const glm::dvec3 a = glm::dvec3(near_point) / near_point.w;
  const glm::dvec3 b = glm::dvec3(far_point) / far_point.w;
  return {a, glm::normalize(b - a)};
}

// |o + s d - c|^2 = r^2  =>  s = -b - sqrt(b^2 - q), with b = d.(o - c), q = |o - c|^2 - r^2
double ray_sphere_distance(const ray& r, const glm::dvec3& center, double radius) {
  const glm::dvec3 oc = r.origin - center;
  const double b = glm::dot(r.direction, oc);
  const double q = glm::dot(oc, oc) - radius * radius;
  const double discriminant = b * b - q;
  if (discriminant < 0.0) return -1.0;
  const double root = std::sqrt(discriminant);
  const double near_hit = -b - root;
  return near_hit >= 0.0 ? near_hit : -b + root;
}

}  // namespace framelab::render
