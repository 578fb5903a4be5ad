#pragma once
// particle_state: a point mass's position and velocity in the frame it is integrated in,
// as a state of the ODE stepper (State + State, double * State, max_norm); particle_states:
// several, as one state.
#include <algorithm>
#include <cmath>
#include <vector>

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

// Every particle of a world as one state of the stepper: particles joined by a spring are
// stepped together, each stage reading the others' states of the same stage.
struct particle_states {
  std::vector<particle_state> items;

  friend particle_states operator+(const particle_states& a, const particle_states& b) {
    particle_states r{a.items};
    for (std::size_t i = 0; i < r.items.size(); ++i) r.items[i] = a.items[i] + b.items[i];
    return r;
  }
  friend particle_states operator*(double s, const particle_states& a) {
    particle_states r{a.items};
    for (auto& x : r.items) x = s * x;
    return r;
  }
  friend double max_norm(const particle_states& a) {
    double m = 0.0;
    for (const auto& x : a.items) m = std::max(m, max_norm(x));
    return m;
  }
};

}  // namespace framelab
