#pragma once
// Benchmark cases for the rotation integrators (wrapped by the bench engine as
// `framelab bench integrators`): cost per step, and accuracy after a fixed
// time against references, for dt = 1/30, 1/60, 1/120, 1/240.
//
// The body is the asymmetric top: inertia (1, 2, 3), torque-free,
// spinning mostly about the intermediate axis (the Dzhanibekov flip).
// References, all from the closed-form solution (core/rotation/free_rotation_reference.hpp):
// omega in the principal frame through Jacobi elliptic functions, the flip
// period 4 K(m) / lambda, and the orientation (elliptic functions plus a
// tabulated quadrature of the precession angle).

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/rotation/free_rotation_reference.hpp"
#include "core/rotation/rigid_body.hpp"
#include "core/rotation/rotation_integrator.hpp"

namespace framelab::bench {

struct rotation_bench_case {
  glm::dvec3 inertia{1, 2, 3};
  glm::dvec3 omega{0.01, 5, 0.01};  // principal = world frame at t = 0
  double duration = 100;            // s
  bool gyroscopic = true;
  int magnus_terms = 2;
  exp_kind exp = exp_kind::exact;
};

inline constexpr std::array<double, 4> rotation_bench_dts{1.0 / 30, 1.0 / 60, 1.0 / 120, 1.0 / 240};

inline rigid_body_d make_rotation_bench_body(const rotation_bench_case& c) {
  rigid_body_d b;
  b.inertia = c.inertia;
  b.angular_velocity = c.omega;
  return b;
}

inline rotation_settings make_rotation_bench_settings(integrator_kind k, const rotation_bench_case& c) {
  rotation_settings s;
  s.integrator = k;
  s.gyroscopic = c.gyroscopic;
  s.magnus_terms = c.magnus_terms;
  s.exp = c.exp;
  return s;
}

// [SECTION] cost

// Takes `steps` steps of 1/60 s and returns a checksum (so the work cannot be
// optimized away). The body restarts from its initial state every 600 steps,
// so an integrator that blows up (explicit-euler with the gyroscopic term)
// is timed on finite numbers like the others. Time it, divide by steps.
inline double rotation_bench_steps(integrator_kind k, std::size_t steps, const rotation_bench_case& c = {}) {
  const rigid_body_d start = make_rotation_bench_body(c);
  const rotation_settings s = make_rotation_bench_settings(k, c);
  rigid_body_d b = start;
  double checksum = 0;
  for (std::size_t i = 0; i < steps; ++i) {
    if (i % 600 == 0) {
      checksum += b.angular_velocity.x;
      b = start;
    }
    step(b, 1.0 / 60, s);
  }
  return checksum + b.angular_velocity.x + b.orientation.w;
}

// [SECTION] accuracy

struct rotation_bench_reference {
  double time = 0;                     // the case's duration
  glm::dvec3 omega_body{0};            // elliptic solution at `time`, principal frame
  glm::dquat orientation{1, 0, 0, 0};  // closed form at `time`
  double flip_period = 0;              // 4 K(m) / lambda
  int intermediate_axis = 1;
};

// Computes the references once per case (about a millisecond).
inline rotation_bench_reference make_rotation_bench_reference(const rotation_bench_case& c) {
  rotation_bench_reference r;
  r.time = c.duration;
  const asymmetric_top_reference<double> ref(c.inertia, c.omega);
  r.omega_body = ref.omega_body(c.duration);
  r.orientation = ref.principal_to_world(c.duration);
  r.flip_period = ref.period();
  r.intermediate_axis = ref.intermediate_axis();
  return r;
}

struct rotation_accuracy_result {
  integrator_kind integrator = integrator_kind::midpoint;
  double dt = 0;
  std::int64_t steps = 0;               // steps taken (fewer than planned if one was refused)
  bool completed = false;               // false: a step was refused (e.g. the state blew up)
  std::string message;                  // the refusal, if any
  double omega_error = 0;               // |omega_b - omega_ref| / |omega_ref| at the end
  double orientation_error = 0;         // rad, against the closed-form orientation
  double energy_drift = 0;              // |E / E0 - 1|
  double momentum_drift = 0;            // ||L| / |L0| - 1|
  double momentum_direction_drift = 0;  // rad, world-frame L
  double flip_period = 0;               // from sign changes of omega along the intermediate axis (0: < 3 changes)
  double flip_period_error = 0;         // flip_period / reference - 1
  int flips = 0;                        // sign changes seen
};

// Steps the case for its duration with step dt and compares with the references.
inline rotation_accuracy_result rotation_bench_accuracy(integrator_kind k, double dt, const rotation_bench_case& c,
                                                        const rotation_bench_reference& ref) {
  rotation_accuracy_result r;
  r.integrator = k;
  r.dt = dt;
  rigid_body_d b = make_rotation_bench_body(c);
  const rotation_settings s = make_rotation_bench_settings(k, c);
  const double e0 = b.kinetic_energy();
  const glm::dvec3 l0 = b.angular_momentum();
  const int axis = ref.intermediate_axis;
  std::vector<double> crossings;
  double prev = b.principal_angular_velocity()[axis];
  const auto n = static_cast<std::int64_t>(std::llround(c.duration / dt));
  const double h = c.duration / double(n);
  r.completed = true;
  for (std::int64_t i = 0; i < n; ++i) {
    const step_report<double> rep = step(b, h, s);
    if (!rep.ok) {
      r.completed = false;
      r.message = rep.message;
      break;
    }
    ++r.steps;
    const double cur = b.principal_angular_velocity()[axis];
    if ((cur < 0) != (prev < 0)) crossings.push_back((double(i) + prev / (prev - cur)) * h);
    prev = cur;
  }
  r.energy_drift = std::abs(b.kinetic_energy() / e0 - 1);
  const glm::dvec3 l = b.angular_momentum();
  r.momentum_drift = std::abs(glm::length(l) / glm::length(l0) - 1);
  r.momentum_direction_drift = std::atan2(glm::length(glm::cross(l, l0)), glm::dot(l, l0));
  r.flips = int(crossings.size());
  if (crossings.size() >= 3) {
    // two sign changes per period
    r.flip_period = 2 * (crossings.back() - crossings.front()) / double(crossings.size() - 1);
    r.flip_period_error = r.flip_period / ref.flip_period - 1;
  }
  if (r.completed) {
    r.omega_error = glm::length(b.principal_angular_velocity() - ref.omega_body) / glm::length(ref.omega_body);
    r.orientation_error = rotation_distance(b.orientation, ref.orientation);
  } else {
    r.omega_error = r.orientation_error = std::nan("");
  }
  return r;
}

}  // namespace framelab::bench
