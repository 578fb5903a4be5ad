#pragma once
// The world model's one message for an implicit step that did not converge
// (core/ode/ode_stepper.hpp, step_result::converged false), for the particles and the joints:
// "integrator midpoint: the implicit step did not converge in 100 iterations at t = 1.250 s,
// dt = 0.5 s; reset with a smaller dt or another integrator".
#include <cstdio>
#include <string>

#include "core/ode/ode_stepper.hpp"

namespace framelab {

inline std::string not_converged_text(ode::method m, int iterations, double t, double dt) {
  char text[200];
  std::snprintf(text, sizeof text,
                "integrator %s: the implicit step did not converge in %d iterations at t = %.3f s, dt = %.4g s; "
                "reset with a smaller dt or another integrator",
                ode::method_name(m).data(), iterations, t, dt);
  return text;
}

}  // namespace framelab
