#pragma once
// The special solver for the gyroscopic term: implicit midpoint on the
// body-frame angular momentum, with an orientation update built from the same
// midpoint angular velocity so the world-frame L is conserved exactly.
//
// Derivation (torque-free, principal frame, L_b = I~ omega_b, R: principal -> world).
// From tau = I alpha + omega x L (docs/articles.md, torque-to-angular-acceleration) with
// L = R L_b and dR/dt = omega_x R:
//   dL_b/dt = L_b x omega_b                                  (Euler's equations)
// Implicit midpoint with step h:
//   L_b' = L_b + h L_m x omega_m,   L_m = (L_b + L_b')/2,   omega_m = I~^-1 L_m
// It keeps every quadratic invariant: (L_b' - L_b) . L_m = 0 gives |L_b'| = |L_b|,
// (L_b' - L_b) . omega_m = 0 gives L_b'.I~^-1 L_b' = L_b.I~^-1 L_b (energy).
// For fixed omega_m the update is linear:
//   (1 + h/2 omega_m_x) L_b' = (1 - h/2 omega_m_x) L_b
//   L_b' = Q L_b,   Q = (1 + h/2 omega_m_x)^-1 (1 - h/2 omega_m_x)
// Q is the Cayley transform: the rotation by the angle -2 atan(h|omega_m|/2)
// about omega_m. The world momentum stays R L_b exactly if R' L_b' = R L_b, i.e.
//   R' = R Q^T = R cay(h omega_m),
// the rotation by +2 atan(h|omega_m|/2) about omega_m, in the body, on the right.
// As a quaternion, rotation by theta about n with tan(theta/2) = h|omega_m|/2:
//   c = (1, h/2 omega_m) / |(1, h/2 omega_m)|,   q' = q c
// (no trigonometry). Note cay(h w) = exp(h w) + O(h^3): using exp(h omega_m)
// instead would let the world L drift by O(h^3) per step.
//
// The Newton solve of the momentum equation takes its Jacobian from
// dual-number AD over the residual written once for any scalar.

#include <cmath>
#include <limits>

#include "core/ad/autodiff.hpp"
#include "core/glm_config.hpp"

namespace framelab {

// Residual of the implicit midpoint momentum update, generic in the scalar so
// the Newton Jacobian can come from dual numbers:
//   F(L_b') = L_b' - L_b - h (L_m x omega_m),  L_m = (L_b + L_b')/2,  omega_m = I~^-1 L_m
template <class T>
struct midpoint_momentum_residual {
  glm::vec<3, T> l_start;      // L_b
  glm::vec<3, T> inv_inertia;  // I~^-1 (diagonal)
  T h;

  template <class S>
  glm::vec<3, S> operator()(const glm::vec<3, S>& l_next) const {
    // L_m = (L_b + L_b')/2
    const S m0 = (S(l_start.x) + l_next.x) * S(T(0.5));
    const S m1 = (S(l_start.y) + l_next.y) * S(T(0.5));
    const S m2 = (S(l_start.z) + l_next.z) * S(T(0.5));
    // omega_m = I~^-1 L_m
    const S w0 = m0 * S(inv_inertia.x);
    const S w1 = m1 * S(inv_inertia.y);
    const S w2 = m2 * S(inv_inertia.z);
    // F = L_b' - L_b - h (L_m x omega_m)
    const S hh(h);
    return glm::vec<3, S>(l_next.x - S(l_start.x) - hh * (m1 * w2 - m2 * w1),
                          l_next.y - S(l_start.y) - hh * (m2 * w0 - m0 * w2),
                          l_next.z - S(l_start.z) - hh * (m0 * w1 - m1 * w0));
  }
};

template <class T>
struct midpoint_momentum_solution {
  glm::vec<3, T> l_next{T(0)};                         // L_b'
  glm::vec<3, T> omega_mid{T(0)};                      // omega_m = I~^-1 (L_b + L_b')/2
  glm::qua<T> body_increment{T(1), T(0), T(0), T(0)};  // c: q' = q c
  int iterations = 0;
  bool converged = false;
};

// One torque-free implicit-midpoint step of the principal-frame momentum,
// solved by Newton's method:
//   J dx = -F(x),   J = dF/dx (from AD),   x <- x + dx
// starting from the explicit-Euler guess x0 = L_b + h L_b x omega_b.
// Converged when |dx| <= 16 eps |L_b|.
template <class T>
midpoint_momentum_solution<T> solve_midpoint_momentum(const glm::vec<3, T>& l_start, const glm::vec<3, T>& inertia, T h,
                                                      int max_iterations = 30) {
  midpoint_momentum_solution<T> sol;
  const glm::vec<3, T> inv = T(1) / inertia;
  const midpoint_momentum_residual<T> residual{l_start, inv, h};
  const T scale = glm::length(l_start);
  const T tol = T(16) * std::numeric_limits<T>::epsilon() * scale;

  glm::vec<3, T> x = l_start + h * glm::cross(l_start, inv * l_start);
  if (scale == T(0)) {
    x = l_start;
    sol.converged = true;
  }
  for (int it = 1; it <= max_iterations && !sol.converged; ++it) {
    // F(x) and J = dF/dx from one evaluation with dual_n<T, 3>
    const auto fj = value_and_jacobian(residual, x);
    const glm::vec<3, T> dx = -(glm::inverse(fj.jacobian) * fj.value);
    x += dx;
    sol.iterations = it;
    if (!(glm::length(dx) <= tol)) continue;  // also continues on NaN, until max_iterations
    sol.converged = true;
  }
  if (!sol.converged && scale > T(0)) {
    // Round-off can keep |dx| hovering just above tol: accept a residual at
    // round-off level.
    const T r = glm::length(residual(x));
    sol.converged = r <= T(1024) * std::numeric_limits<T>::epsilon() * scale;
  }
  sol.l_next = x;
  // omega_m = I~^-1 (L_b + L_b')/2
  sol.omega_mid = inv * (T(0.5) * (l_start + x));
  // c = (1, h/2 omega_m) / |(1, h/2 omega_m)|
  sol.body_increment = glm::normalize(glm::qua<T>(T(1), (T(0.5) * h) * sol.omega_mid));
  return sol;
}

}  // namespace framelab
