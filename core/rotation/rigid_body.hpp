#pragma once
// Rotational state of a rigid body and the torque-to-angular-acceleration
// relation of docs/articles.md, torque-to-angular-acceleration:
//
//   I = R I~ R^T,   L = I omega,   alpha = I^-1 (tau - omega x L)
//
// Frames. `orientation` maps body to world. The body's principal axes may be
// rotated inside the body by `principal_axes` (principal frame -> body frame,
// identity by default), so R = orientation * principal_axes maps the
// principal frame, where the inertia I~ = diag(inertia) is constant, to the
// world. Angular velocity is stored in the world frame.

#include <cmath>
#include <limits>
#include <optional>
#include <sstream>
#include <string>

#include "core/glm_config.hpp"

namespace framelab {

namespace detail {
// q v q* / |q|^2 = v + 2 (w (u x v) + u x (u x v)) / |q|^2,  q = (w, u).
// An exact rotation for any non-zero q (GLM's q * v assumes |q| = 1 and scales
// by |q|^2 otherwise): the body <-> world round trips of omega and L every
// step then carry no systematic bias from quaternion renormalization.
template <class T>
glm::vec<3, T> rotate_by(const glm::qua<T>& q, const glm::vec<3, T>& v) {
  const glm::vec<3, T> u(q.x, q.y, q.z);
  const glm::vec<3, T> uv = glm::cross(u, v);
  const T n2 = q.w * q.w + glm::dot(u, u);
  return v + (T(2) / n2) * (q.w * uv + glm::cross(u, uv));
}
}  // namespace detail

template <class T>
struct rigid_body {
  glm::qua<T> orientation{T(1), T(0), T(0), T(0)};     // body -> world
  glm::vec<3, T> angular_velocity{T(0)};               // omega, world frame
  glm::vec<3, T> inertia{T(1)};                        // principal moments I~ (principal frame)
  glm::qua<T> principal_axes{T(1), T(0), T(0), T(0)};  // principal frame -> body frame

  // R: principal frame -> world.
  glm::qua<T> principal_to_world() const { return orientation * principal_axes; }

  // Vector components between world and principal frames.
  glm::vec<3, T> to_principal(const glm::vec<3, T>& v_world) const {
    return detail::rotate_by(glm::conjugate(principal_to_world()), v_world);
  }
  glm::vec<3, T> from_principal(const glm::vec<3, T>& v_principal) const {
    return detail::rotate_by(principal_to_world(), v_principal);
  }

  // omega in the body frame (the frame `orientation` maps from).
  glm::vec<3, T> body_angular_velocity() const {
    return detail::rotate_by(glm::conjugate(orientation), angular_velocity);
  }
  // omega in the principal frame (Euler's equations' frame).
  glm::vec<3, T> principal_angular_velocity() const { return to_principal(angular_velocity); }

  // I = R I~ R^T
  glm::mat<3, 3, T> world_inertia() const {
    const glm::mat<3, 3, T> r = glm::mat3_cast(principal_to_world());
    glm::mat<3, 3, T> d(T(0));
    d[0][0] = inertia.x;
    d[1][1] = inertia.y;
    d[2][2] = inertia.z;
    return r * d * glm::transpose(r);
  }

  // L = I omega = R I~ R^T omega
  glm::vec<3, T> angular_momentum() const { return from_principal(inertia * to_principal(angular_velocity)); }

  // T = 1/2 omega . L
  T kinetic_energy() const { return T(0.5) * glm::dot(angular_velocity, angular_momentum()); }

  // Sets omega from a world-frame angular momentum: omega = R I~^-1 R^T L.
  void set_angular_momentum(const glm::vec<3, T>& l_world) {
    angular_velocity = from_principal(to_principal(l_world) / inertia);
  }

  // alpha = I^-1 (tau - omega x L); with `gyroscopic` false the omega x L
  // term is dropped (alpha = I^-1 tau, the game-engine shortcut).
  // Evaluated in the principal frame, where I^-1 = diag(1/I~), then rotated
  // back: I^-1 x = R I~^-1 R^T x.
  glm::vec<3, T> angular_acceleration(const glm::vec<3, T>& torque_world, bool gyroscopic = true) const {
    const glm::vec<3, T> w = to_principal(angular_velocity);
    glm::vec<3, T> rhs = to_principal(torque_world);
    // tau - omega x L, with L = I~ omega in the principal frame
    if (gyroscopic) rhs -= glm::cross(w, inertia * w);
    return from_principal(rhs / inertia);
  }
};

using rigid_body_d = rigid_body<double>;
using rigid_body_f = rigid_body<float>;

namespace detail {
template <class T>
std::string format_vec3(const glm::vec<3, T>& v) {
  std::ostringstream os;
  os.precision(std::numeric_limits<T>::max_digits10 > 9 ? 10 : 7);
  os << "(" << v.x << ", " << v.y << ", " << v.z << ")";
  return os.str();
}
}  // namespace detail

// Checks three principal moments of inertia. Returns nullopt when they can
// belong to a rigid body, else a message naming what is wrong:
//   each moment finite and > 0, and the triangle inequality
//   I1 + I2 >= I3, I2 + I3 >= I1, I3 + I1 >= I2
// (equality is a flat lamina; a relative slack of a few ulps is allowed so
// that e.g. (0.1, 0.2, 0.3) is accepted).
template <class T>
std::optional<std::string> validate_inertia(const glm::vec<3, T>& inertia) {
  // (the message is only built on failure: this runs every step)
  auto where = [&inertia] { return "inertia " + detail::format_vec3(inertia) + ": "; };
  const char* names[3] = {"I1", "I2", "I3"};
  for (int i = 0; i < 3; ++i) {
    if (!std::isfinite(inertia[i])) {
      return where() + names[i] + " is not a finite number";
    }
    if (!(inertia[i] > T(0))) {
      return where() + names[i] + " must be > 0 (a principal moment of inertia is positive)";
    }
  }
  const T slack = T(8) * std::numeric_limits<T>::epsilon() * (inertia.x + inertia.y + inertia.z);
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3, k = (i + 2) % 3;
    if (inertia[i] + inertia[j] + slack < inertia[k]) {
      std::ostringstream os;
      os << where() << "moments violate the triangle inequality " << names[i] << " + " << names[j] << " >= " << names[k]
         << " (" << inertia[i] << " + " << inertia[j] << " < " << inertia[k]
         << "); no rigid body has these principal moments";
      return os.str();
    }
  }
  return std::nullopt;
}

// Checks a whole body: valid inertia, finite state, unit quaternions (length
// within sqrt(epsilon) of 1; the integrators renormalize every step).
template <class T>
std::optional<std::string> validate(const rigid_body<T>& body) {
  if (auto err = validate_inertia(body.inertia)) return err;
  auto finite_quat = [](const glm::qua<T>& q) {
    return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
  };
  const T unit_tol = std::sqrt(std::numeric_limits<T>::epsilon());
  if (!finite_quat(body.orientation)) return std::string("orientation is not finite");
  if (std::abs(glm::length(body.orientation) - T(1)) > unit_tol) {
    return std::string("orientation is not a unit quaternion (length ") +
           std::to_string(double(glm::length(body.orientation))) + ")";
  }
  if (!finite_quat(body.principal_axes)) return std::string("principal_axes is not finite");
  if (std::abs(glm::length(body.principal_axes) - T(1)) > unit_tol) {
    return std::string("principal_axes is not a unit quaternion (length ") +
           std::to_string(double(glm::length(body.principal_axes))) + ")";
  }
  const glm::vec<3, T>& w = body.angular_velocity;
  if (!(std::isfinite(w.x) && std::isfinite(w.y) && std::isfinite(w.z))) {
    return "angular velocity " + detail::format_vec3(w) + " is not finite";
  }
  return std::nullopt;
}

}  // namespace framelab
