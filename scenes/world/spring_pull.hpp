#pragma once
// A spring of a world file (scenes/world/world_spec.hpp, spring_spec) between two end points
// moving in the world: the one formula for its length, tension and stored energy, read by the
// joint tree (scenes/world/world_joints.hpp: ends on links) and by the particles
// (scenes/world/world_model.hpp: ends on particles).
//   u = (p_to - p_from) / |p_to - p_from|
//   T = k (|d| - L0) + c (v_to - v_from) . u      (positive: pulls the ends together)
//   force on the "to" end: -T u; on the "from" end: +T u;  energy k (|d| - L0)^2 / 2
#include "scenes/world/world_spec.hpp"

namespace framelab {

struct spring_now {
  glm::dvec3 from{0.0}, to{0.0};  // world end points (m)
  double length = 0.0, tension = 0.0, energy = 0.0;  // m, N, J
  glm::dvec3 direction{0.0};      // u (zero when the ends meet: no pull)
  glm::dvec3 force_on_to() const { return -tension * direction; }
};

inline spring_now spring_between(const spring_spec& s, const glm::dvec3& from, const glm::dvec3& from_velocity,
                                 const glm::dvec3& to, const glm::dvec3& to_velocity) {
  spring_now now{from, to, glm::length(to - from), 0.0, 0.0, glm::dvec3(0.0)};
  if (!(now.length > 0.0)) return now;
  now.direction = (to - from) / now.length;
  const double stretch = now.length - s.rest_length;
  now.tension = s.stiffness * stretch + s.damping * glm::dot(to_velocity - from_velocity, now.direction);
  now.energy = 0.5 * s.stiffness * stretch * stretch;
  return now;
}

}  // namespace framelab
