#pragma once
// An orbit camera: looks at a target from a distance, at a yaw around +y and a pitch
// above the ground. Drag to orbit, pan, wheel to zoom. Pure maths (no GL), so it is
// unit-testable; the renderer takes its matrices.
#include "core/glm_config.hpp"
#include "core/scene_view.hpp"

namespace framelab::render {

struct ray {
  glm::dvec3 origin;
  glm::dvec3 direction;  // unit length
};

class orbit_camera {
 public:
  void set(const camera_setup& setup);
  const camera_setup& setup() const { return setup_; }

  // Mouse deltas in pixels.
  void orbit(double dx, double dy);
  void pan(double dx, double dy, double viewport_height);
  void zoom(double wheel_steps);

  glm::dvec3 eye() const;
  glm::dmat4 view() const;
  glm::dmat4 projection(double aspect) const;
  // The ray through pixel (x, y) of a viewport (origin top-left).
  ray pick_ray(double x, double y, double width, double height) const;

  static constexpr double field_of_view_deg = 45.0;

 private:
  camera_setup setup_;
};

// Distance along `r` to the sphere (center, radius), or a negative number on a miss.
double ray_sphere_distance(const ray& r, const glm::dvec3& center, double radius);

}  // namespace framelab::render
