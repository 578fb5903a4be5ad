#pragma once
// Time-stepping a rigid body's rotation. Five integrators, chosen by name:
//
//   explicit-euler  omega' = omega + alpha dt; q' = exp(omega' dt / 2) q (the game-engine
//                   order: velocity first, then orientation with the new velocity).
//                   Torque-free with the gyroscopic term it gains energy every step:
//                   exp(omega' dt) fixes omega', so E' = 1/2 omega'.I(R) omega'
//                   = E + dt omega.I alpha + 1/2 dt^2 alpha.I alpha, and omega.I alpha =
//                   -omega.(omega x L) = 0, so E' = E + 1/2 dt^2 alpha.I alpha > E.
//   magnus          the article's scheme (docs/articles.md, rotational-integration): alpha from
//                   the start-of-step state, held constant; omega' = omega + alpha dt;
//                   q' = exp(Omega / 2) q with Omega = Omega1 (+ Omega2 (+ Omega3))
//   midpoint        implicit midpoint on the body-frame angular momentum with a
//                   consistent Cayley orientation update (core/rotation/midpoint_rotation.hpp);
//                   torque enters as two half kicks of the world L (Strang splitting)
//   rk4             classical Runge-Kutta on (q, omega) by core/ode/ode_stepper.hpp, q
//                   renormalized after the step; a reference
//   midpoint4       fourth order without losing the invariants: Yoshida's triple jump of the
//                   (symmetric, second-order) midpoint step M(h),
//                     M4(h) = M(g1 h) M(g0 h) M(g1 h),  g1 = 1 / (2 - 2^(1/3)),
//                     g0 = -2^(1/3) / (2 - 2^(1/3))    (2 g1 + g0 = 1; the middle step runs back)
//                   each stage keeps |L| and the energy as the midpoint step does.
//
// The names explicit-euler, midpoint and rk4 are core/ode's (ode::method_name), so a name
// means one method in the whole program: rk4 is ode::step itself; midpoint is the implicit
// midpoint rule, here on the body-frame momentum with the orientation on the rotation group;
// explicit-euler is the first-order explicit step, here in the game-engine order on the group.
//
// With `gyroscopic` off every integrator drops omega x L: alpha = I^-1 tau
// (torque-free: omega stays constant, no precession, L is not conserved).
//
// A step whose rotation angle (dt max(|omega|, |omega'|)) exceeds the Magnus
// series' convergence bound pi/sqrt(2) is split into equal substeps, and the
// report says so. Bad input (dt <= 0, NaN, invalid inertia, bad settings) and
// a state that would turn non-finite are reported and leave the body unchanged.

#include <array>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>

#include "core/glm_config.hpp"
#include "core/ode/ode_stepper.hpp"
#include "core/rotation/magnus.hpp"
#include "core/rotation/midpoint_rotation.hpp"
#include "core/rotation/quaternion_exp.hpp"
#include "core/rotation/rigid_body.hpp"

namespace framelab {

enum class integrator_kind { explicit_euler, magnus, midpoint, rk4, midpoint4 };

inline constexpr std::array<integrator_kind, 5> all_integrators{integrator_kind::explicit_euler,
                                                                integrator_kind::magnus, integrator_kind::midpoint,
                                                                integrator_kind::rk4, integrator_kind::midpoint4};

constexpr std::string_view to_string(integrator_kind k) {
  switch (k) {
    case integrator_kind::explicit_euler:
      return ode::method_name(ode::method::explicit_euler);
    case integrator_kind::magnus:
      return "magnus";
    case integrator_kind::midpoint:
      return ode::method_name(ode::method::midpoint);
    case integrator_kind::rk4:
      return ode::method_name(ode::method::rk4);
    case integrator_kind::midpoint4:
      return "midpoint4";
  }
  return "?";
}

// "explicit-euler", "magnus", "midpoint", "rk4" or "midpoint4"; anything else gives nullopt.
constexpr std::optional<integrator_kind> parse_integrator(std::string_view s) {
  for (integrator_kind k : all_integrators) {
    if (to_string(k) == s) return k;
  }
  return std::nullopt;
}

struct rotation_settings {
  integrator_kind integrator = integrator_kind::midpoint;
  bool gyroscopic = true;          // keep the omega x L term
  int magnus_terms = 2;            // 1..3 (magnus only)
  exp_kind exp = exp_kind::exact;  // quaternion exponential (explicit-euler, magnus, midpoint w/o gyro)
  bool subdivide = true;           // split steps beyond the convergence bound
  int max_substeps = 4096;         // beyond this the step is refused
};

inline std::optional<std::string> validate(const rotation_settings& s) {
  if (s.magnus_terms < 1 || s.magnus_terms > 3) {
    return "magnus_terms must be 1, 2 or 3 (got " + std::to_string(s.magnus_terms) + ")";
  }
  if (s.max_substeps < 1) return "max_substeps must be >= 1 (got " + std::to_string(s.max_substeps) + ")";
  return std::nullopt;
}

template <class T>
struct step_report {
  bool ok = true;              // false: nothing was applied, `message` says why
  int substeps = 0;            // substeps taken (1 = the step was not split)
  int newton_iterations = 0;   // midpoint: total Newton iterations over the substeps
  T rotation_per_step = T(0);  // estimated angle rotated in the whole step (rad)
  std::string message;         // empty when there is nothing to say
};

namespace detail {

template <class T>
bool finite3(const glm::vec<3, T>& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

template <class T>
bool finite_state(const rigid_body<T>& b) {
  const glm::qua<T>& q = b.orientation;
  return finite3(b.angular_velocity) && std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) &&
         std::isfinite(q.z);
}

// The quaternion derivative q' = 1/2 omega q (omega as an imaginary quaternion).
template <class T>
glm::qua<T> quat_rate(const glm::qua<T>& q, const glm::vec<3, T>& omega) {
  return glm::qua<T>(T(0), T(0.5) * omega) * q;
}

template <class T, class TorqueFn>
void explicit_euler_step(rigid_body<T>& b, T h, const rotation_settings& s, TorqueFn& torque) {
  // alpha = I^-1 (tau - omega x L), from the start-of-step state
  const glm::vec<3, T> alpha = b.angular_acceleration(torque(std::as_const(b)), s.gyroscopic);
  // omega' = omega + alpha dt
  b.angular_velocity += alpha * h;
  // q' = exp(1/2 omega' dt) q  (velocity first, as game engines step)
  b.orientation = glm::normalize(rotation_quat(b.angular_velocity * h, s.exp) * b.orientation);
}

template <class T, class TorqueFn>
void magnus_step(rigid_body<T>& b, T h, const rotation_settings& s, TorqueFn& torque) {
  // alpha from the start-of-step state, held constant over the step
  const glm::vec<3, T> alpha = b.angular_acceleration(torque(std::as_const(b)), s.gyroscopic);
  // Omega = Omega1 + Omega2 + Omega3 (truncated)
  const glm::vec<3, T> big_omega = magnus_vector(b.angular_velocity, alpha, h, s.magnus_terms);
  // q' = exp(1/2 Omega) q
  b.orientation = glm::normalize(rotation_quat(big_omega, s.exp) * b.orientation);
  // omega' = omega + alpha dt
  b.angular_velocity += alpha * h;
}

// The rotation state (q, omega) as a vector space for ode::step (q as four numbers: the
// stages leave the unit sphere, the step renormalizes at the end).
template <class T>
struct orientation_rate_state {
  glm::qua<T> q;
  glm::vec<3, T> omega;
  friend orientation_rate_state operator+(const orientation_rate_state& a, const orientation_rate_state& b) {
    return {a.q + b.q, a.omega + b.omega};
  }
  friend orientation_rate_state operator*(T s, const orientation_rate_state& a) { return {s * a.q, s * a.omega}; }
  friend T max_norm(const orientation_rate_state& a) { return std::max(ode::max_norm(a.q), ode::max_norm(a.omega)); }
};

template <class T, class TorqueFn>
void rk4_step(rigid_body<T>& b, T h, const rotation_settings& s, TorqueFn& torque) {
  using state = orientation_rate_state<T>;
  rigid_body<T> stage = b;
  // y' = f(y): q' = 1/2 omega q, omega' = alpha(q, omega) (the torque sees q normalized)
  const auto f = [&](T, const state& y) {
    stage.orientation = glm::normalize(y.q);
    stage.angular_velocity = y.omega;
    const glm::vec<3, T> alpha = stage.angular_acceleration(torque(std::as_const(stage)), s.gyroscopic);
    return state{quat_rate(y.q, y.omega), alpha};
  };
  const state next = ode::step(ode::method::rk4, f, T(0), state{b.orientation, b.angular_velocity}, h);
  b.orientation = glm::normalize(next.q);
  b.angular_velocity = next.omega;
}

// Returns false (with a message) when Newton does not converge.
template <class T, class TorqueFn>
bool midpoint_step(rigid_body<T>& b, T h, const rotation_settings& s, TorqueFn& torque, step_report<T>& r) {
  if (!s.gyroscopic) {
    // Without omega x L the body obeys I omega' = tau: kick omega by half a
    // step, rotate with constant omega (exactly, q' = exp(omega h / 2) q),
    // kick by the other half at the new orientation.
    b.angular_velocity += (T(0.5) * h) * b.angular_acceleration(torque(std::as_const(b)), false);
    b.orientation = glm::normalize(rotation_quat(b.angular_velocity * h, s.exp) * b.orientation);
    b.angular_velocity += (T(0.5) * h) * b.angular_acceleration(torque(std::as_const(b)), false);
    return true;
  }
  // Everything in the principal frame; omega is converted once at each end
  // of the step. Half kick: L_b <- L_b + h/2 R^T tau
  const glm::qua<T> r_start = b.principal_to_world();
  const glm::vec<3, T> tau0 = torque(std::as_const(b));
  glm::vec<3, T> l_body = b.inertia * b.principal_angular_velocity();
  if (tau0 != glm::vec<3, T>(T(0))) l_body += (T(0.5) * h) * detail::rotate_by(glm::conjugate(r_start), tau0);
  // Torque-free implicit midpoint: L_b' = L_b + h L_m x omega_m
  const midpoint_momentum_solution<T> sol = solve_midpoint_momentum(l_body, b.inertia, h);
  r.newton_iterations += sol.iterations;
  if (!sol.converged) {
    std::ostringstream os;
    os << "midpoint: Newton iteration did not converge in " << sol.iterations
       << " iterations (h |omega| = " << h * glm::length(b.angular_velocity) << " rad)";
    r.message = os.str();
    return false;
  }
  // R' = R cay(h omega_m): q' = q c, so that R' L_b' = R L_b
  const glm::qua<T> r_next = glm::normalize(r_start * sol.body_increment);
  b.orientation = glm::normalize(r_next * glm::conjugate(b.principal_axes));
  l_body = sol.l_next;
  // omega = R' I~^-1 L_b'
  b.angular_velocity = b.from_principal(l_body / b.inertia);
  // Second half kick with the torque at the new state: L_b' <- L_b' + h/2 R'^T tau
  const glm::vec<3, T> tau1 = torque(std::as_const(b));
  if (tau1 != glm::vec<3, T>(T(0))) {
    l_body += (T(0.5) * h) * b.to_principal(tau1);
    b.angular_velocity = b.from_principal(l_body / b.inertia);
  }
  return true;
}

// The triple jump's weights: g1 = 1 / (2 - 2^(1/3)), g0 = -2^(1/3) / (2 - 2^(1/3)).
template <class T>
struct triple_jump {
  static T outer() { return T(1) / (T(2) - std::cbrt(T(2))); }
  static T inner() { return -std::cbrt(T(2)) * outer(); }
};

// The midpoint rule's own variables: the principal frame's orientation R and the
// body-frame angular momentum L_b. The three stages of midpoint4 stay in them, so the
// world angular velocity is computed once at the end (each round trip through the
// world frame costs about one rounding of |L| and of the energy).
template <class T>
struct principal_state {
  glm::qua<T> r;         // principal frame -> world
  glm::vec<3, T> l_body;  // L_b = I~ omega_b
};

template <class T>
principal_state<T> principal_state_of(const rigid_body<T>& b) {
  return {b.principal_to_world(), b.inertia * b.principal_angular_velocity()};
}

// The body with that state: q = R principal_axes^-1, omega = R I~^-1 L_b.
template <class T>
void set_principal_state(rigid_body<T>& b, const principal_state<T>& p) {
  b.orientation = glm::normalize(p.r * glm::conjugate(b.principal_axes));
  b.angular_velocity = b.from_principal(p.l_body / b.inertia);
}

// Half a torque kick in the principal frame: L_b <- L_b + h/2 R^T tau, with the torque of
// the state as it is (the body is only written for the torque function to read).
template <class T, class TorqueFn>
void half_kick(principal_state<T>& p, rigid_body<T>& b, T h, TorqueFn& torque) {
  set_principal_state(b, p);
  const glm::vec<3, T> tau = torque(std::as_const(b));
  if (tau != glm::vec<3, T>(T(0))) p.l_body += (T(0.5) * h) * detail::rotate_by(glm::conjugate(p.r), tau);
}

// One midpoint stage on the principal state, as midpoint_step does it: half kick,
// torque-free implicit midpoint L_b' = L_b + h L_m x omega_m with R' = R cay(h omega_m),
// half kick.
template <class T, class TorqueFn>
bool midpoint_stage(principal_state<T>& p, rigid_body<T>& b, T h, TorqueFn& torque, step_report<T>& r) {
  half_kick(p, b, h, torque);
  const midpoint_momentum_solution<T> sol = solve_midpoint_momentum(p.l_body, b.inertia, h);
  r.newton_iterations += sol.iterations;
  if (!sol.converged) {
    r.message = "midpoint4: Newton iteration did not converge in " + std::to_string(sol.iterations) + " iterations";
    return false;
  }
  p.r = glm::normalize(p.r * sol.body_increment);
  p.l_body = sol.l_next;
  half_kick(p, b, h, torque);
  return true;
}

// M4(h) = M(g1 h) M(g0 h) M(g1 h): the composition of a symmetric second-order method
// with these weights cancels the h^3 error term, leaving a symmetric fourth-order method.
// Without the gyroscopic term there is nothing implicit: the stages are midpoint_step's.
template <class T, class TorqueFn>
bool midpoint4_step(rigid_body<T>& b, T h, const rotation_settings& s, TorqueFn& torque, step_report<T>& r) {
  const T outer = triple_jump<T>::outer() * h, inner = triple_jump<T>::inner() * h;
  if (!s.gyroscopic) {
    return midpoint_step(b, outer, s, torque, r) && midpoint_step(b, inner, s, torque, r) &&
           midpoint_step(b, outer, s, torque, r);
  }
  principal_state<T> p = principal_state_of(b);
  if (!midpoint_stage(p, b, outer, torque, r) || !midpoint_stage(p, b, inner, torque, r) ||
      !midpoint_stage(p, b, outer, torque, r))
    return false;
  set_principal_state(b, p);
  return true;
}

template <class T>
std::string format_double(T v) {
  std::ostringstream os;
  os.precision(4);
  os << v;
  return os.str();
}

}  // namespace detail

// Advances `body` by dt. `torque(body)` returns the world-frame torque for a
// state; it is sampled where each integrator needs it (start of step for
// explicit-euler and magnus, every stage for rk4, the two half kicks of each
// midpoint stage).
template <class T, class TorqueFn>
requires std::invocable < TorqueFn&, const rigid_body<T>
& > step_report<T> step(rigid_body<T>& body, T dt, const rotation_settings& s, TorqueFn&& torque) {
  step_report<T> r;
  auto fail = [&r](std::string msg) {
    r.ok = false;
    r.message = std::move(msg);
    return r;
  };
  if (!std::isfinite(dt) || !(dt > T(0)))
    return fail("dt must be a finite number > 0 (got " + detail::format_double(dt) + ")");
  if (auto err = validate(s)) return fail(*err);
  if (auto err = validate(body)) return fail(*err);

  const glm::vec<3, T> tau0 = torque(std::as_const(body));
  if (!detail::finite3(tau0)) return fail("torque is not finite");
  const glm::vec<3, T> alpha0 = body.angular_acceleration(tau0, s.gyroscopic);
  r.rotation_per_step = rotation_per_step(body.angular_velocity, alpha0, dt);
  const std::int64_t n = s.subdivide ? magnus_substeps_needed(r.rotation_per_step) : 1;
  if (n == 0) return fail("rotation per step is not finite");
  if (n > s.max_substeps) {
    return fail("rotation per step " + detail::format_double(r.rotation_per_step) + " rad would need " +
                std::to_string(n) + " substeps to stay below pi/sqrt(2) (limit " + std::to_string(s.max_substeps) +
                "); step refused, reduce dt");
  }

  rigid_body<T> work = body;
  const T h = dt / T(n);
  for (std::int64_t i = 0; i < n; ++i) {
    switch (s.integrator) {
      case integrator_kind::explicit_euler:
        detail::explicit_euler_step(work, h, s, torque);
        break;
      case integrator_kind::magnus:
        detail::magnus_step(work, h, s, torque);
        break;
      case integrator_kind::rk4:
        detail::rk4_step(work, h, s, torque);
        break;
      case integrator_kind::midpoint:
      case integrator_kind::midpoint4: {
        const bool converged = s.integrator == integrator_kind::midpoint
                                   ? detail::midpoint_step(work, h, s, torque, r)
                                   : detail::midpoint4_step(work, h, s, torque, r);
        if (!converged) {
          r.ok = false;
          r.substeps = int(i);
          return r;
        }
        break;
      }
    }
  }
  r.substeps = int(n);
  if (!detail::finite_state(work)) {
    return fail(std::string(to_string(s.integrator)) + ": the state became non-finite; step not applied");
  }
  body = work;
  if (n > 1) {
    r.message = "rotation per step " + detail::format_double(r.rotation_per_step) +
                " rad exceeds the Magnus convergence bound pi/sqrt(2) = 2.221 rad: step split into " +
                std::to_string(n) + " substeps";
  }
  return r;
}

// Constant world-frame torque over the step (zero: torque-free).
template <class T>
step_report<T> step(rigid_body<T>& body, T dt, const rotation_settings& s,
                    const glm::vec<3, T>& torque = glm::vec<3, T>(T(0))) {
  return step(body, dt, s, [torque](const rigid_body<T>&) { return torque; });
}

}  // namespace framelab
