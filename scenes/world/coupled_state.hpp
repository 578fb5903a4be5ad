#pragma once
// coupled_state: every particle and the joint tree's coordinates as ONE state of the project's
// ODE stepper (core/ode/ode_stepper.hpp), for a world whose springs couple them (a spring
// between two particles, or from a particle to a body, a joint frame or a frame below one):
// each stage of the step reads every part at that same stage.
#include <algorithm>

#include "core/dynamics/tree_motion.hpp"
#include "scenes/world/particle_state.hpp"

namespace framelab {

struct coupled_state {
  particle_states particles;
  dynamics::joint_state joints;  // empty without a joint tree

  friend coupled_state operator+(const coupled_state& a, const coupled_state& b) {
    return {a.particles + b.particles, a.joints + b.joints};
  }
  friend coupled_state operator*(double s, const coupled_state& a) { return {s * a.particles, s * a.joints}; }
  friend double max_norm(const coupled_state& a) { return std::max(max_norm(a.particles), max_norm(a.joints)); }
};

}  // namespace framelab
