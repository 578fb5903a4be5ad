#pragma once
// The Magnus expansion of the orientation update under constant angular
// acceleration, after docs/articles.md, rotational-integration:
//
//   R' = exp(Omega_x) R,   q' = exp(Omega / 2) q,   Omega = Omega1 + Omega2 + Omega3 + ...
//
// with omega the world-frame angular velocity at the start of the step,
// alpha the (constant) angular acceleration, omega' = omega + alpha dt.
// The series converges while the angle rotated per step stays below pi/sqrt(2).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

#include "core/glm_config.hpp"

namespace framelab {

// The series' convergence bound on the angle rotated in one step (~127 deg).
template <class T>
inline constexpr T magnus_convergence_bound = std::numbers::pi_v<T> / std::numbers::sqrt2_v<T>;

// Omega1 = 1/2 (omega + omega') dt
template <class T>
glm::vec<3, T> magnus_omega1(const glm::vec<3, T>& omega, const glm::vec<3, T>& omega_next, T dt) {
  return (T(0.5) * dt) * (omega + omega_next);
}

// Omega2 = 1/12 alpha x omega dt^3 = 1/12 omega' x omega dt^2
template <class T>
glm::vec<3, T> magnus_omega2(const glm::vec<3, T>& omega, const glm::vec<3, T>& omega_next, T dt) {
  return (dt * dt / T(12)) * glm::cross(omega_next, omega);
}

// Omega3 = 1/240 alpha x (alpha x omega) dt^5
template <class T>
glm::vec<3, T> magnus_omega3(const glm::vec<3, T>& omega, const glm::vec<3, T>& alpha, T dt) {
  const T dt2 = dt * dt;
  return (dt2 * dt2 * dt / T(240)) * glm::cross(alpha, glm::cross(alpha, omega));
}

// Omega truncated after `terms` terms (1, 2 or 3; clamped to that range).
template <class T>
glm::vec<3, T> magnus_vector(const glm::vec<3, T>& omega, const glm::vec<3, T>& alpha, T dt, int terms) {
  const glm::vec<3, T> omega_next = omega + alpha * dt;
  glm::vec<3, T> big_omega = magnus_omega1(omega, omega_next, dt);
  if (terms >= 2) big_omega += magnus_omega2(omega, omega_next, dt);
  if (terms >= 3) big_omega += magnus_omega3(omega, alpha, dt);
  return big_omega;
}

// Upper bound on the angle rotated in one step of constant angular
// acceleration: |omega(t)| is convex in t, so
//   integral |omega(t)| dt <= dt max(|omega|, |omega'|).
template <class T>
T rotation_per_step(const glm::vec<3, T>& omega, const glm::vec<3, T>& alpha, T dt) {
  return dt * std::max(glm::length(omega), glm::length(omega + alpha * dt));
}

// Number of equal substeps that bring each substep's rotation below the
// convergence bound (1 when no subdivision is needed; 0 if the angle is not
// finite).
// Saturates at 2^40 for absurd angles (callers cap far lower).
template <class T>
std::int64_t magnus_substeps_needed(T rotation_angle) {
  if (!std::isfinite(rotation_angle)) return 0;
  if (rotation_angle <= magnus_convergence_bound<T>) return 1;
  const T n = std::ceil(rotation_angle / magnus_convergence_bound<T> * T(1.0001));
  return n > T(1099511627776.0) ? std::int64_t(1099511627776) : static_cast<std::int64_t>(n);
}

}  // namespace framelab
