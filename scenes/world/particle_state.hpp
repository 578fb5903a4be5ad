#pragma once
// particle_state: a point mass's position and velocity in the frame it is integrated in,
// as a state of the ODE stepper (State + State, double * State, max_norm).
#include <algorithm>
#include <cmath>

#include "core/glm_config.hpp"

namespace framelab {

// Every component finite (no NaN, no infinity).
inline bool finite(const glm::dvec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

struct particle_state {
  glm::dvec3 r{0.0};  // T1, m (frame coordinates)
  glm::dvec3 v{0.0};  // v1, m/s (relative to the frame, frame coordinates)

  friend particle_state operator+(const particle_state& a, const particle_state& b) { return {a.r + b.r, a.v + b.v}; }
  friend particle_state operator*(double s, const particle_state& a) { return {s * a.r, s * a.v}; }
  bool is_finite() const { return finite(r) && finite(v); }
  friend double max_norm(const particle_state& a) {
    double m = 0.0;
    for (int i = 0; i < 3; ++i) m = std::max({m, std::abs(a.r[i]), std::abs(a.v[i])});
    return m;
  }
};

}  // namespace framelab
