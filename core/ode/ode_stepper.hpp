#pragma once
// The one ODE stepper: a single step of dy/dt = f(t, y) by one of three methods, chosen by
// name. Every hand-written integration loop of the project calls this (the rotation
// integrators' rk4, the free local motion of a hierarchy node, the carousel's puck, the
// vector-field streamlines), so a method's name means the same formula everywhere:
//
//   explicit-euler  y1 = y0 + h f(t, y0)                                 order 1
//   midpoint        the IMPLICIT midpoint rule (Gauss-Legendre, one stage):  order 2
//                     y1 = y0 + h f(t + h/2, (y0 + y1) / 2)
//                   solved by fixed-point iteration. It is symmetric and keeps every
//                   quadratic invariant of the flow exactly (a harmonic oscillator's energy,
//                   |L| of a free body), as core/rotation's "midpoint" does for rotation.
//                   The explicit midpoint (RK2) is deliberately not offered, so that
//                   "midpoint" is one method in the whole program.
//   rk4             the classical Runge-Kutta method:                      order 4
//                     k1 = f(t, y0)            k2 = f(t + h/2, y0 + h/2 k1)
//                     k3 = f(t + h/2, y0 + h/2 k2)   k4 = f(t + h, y0 + h k3)
//                     y1 = y0 + h/6 (k1 + 2 k2 + 2 k3 + k4)
//
// (Butcher tableaux: Hairer, Norsett, Wanner, Solving ODE I, II.1 and II.7.)
//
// State is any vector-space-like type: `State + State`, `T * State` (T the scalar of t and
// h) and `max_norm(State)` (found here for floating-point numbers, glm vectors and
// quaternions and std::array of those, and by argument-dependent lookup for a caller's
// struct: declare it as a hidden friend). f(t, y) returns dy/dt as a State. The norm is
// only read by the implicit midpoint's stopping test.
#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/glm_config.hpp"

namespace framelab::ode {

enum class method { explicit_euler, midpoint, rk4 };

inline constexpr std::array all_methods{method::explicit_euler, method::midpoint, method::rk4};

// "explicit-euler", "midpoint", "rk4".
constexpr std::string_view method_name(method m) {
  switch (m) {
    case method::explicit_euler:
      return "explicit-euler";
    case method::midpoint:
      return "midpoint";
    case method::rk4:
      return "rk4";
  }
  return "?";
}

// The names, highest order first (rk4, midpoint, explicit-euler): what a choice offers.
inline std::vector<std::string> method_names_by_order() {
  std::vector<std::string> names;
  for (auto m = all_methods.rbegin(); m != all_methods.rend(); ++m) names.emplace_back(method_name(*m));
  return names;
}

// The same names; anything else (e.g. "euler", "RK4", "") gives nullopt.
constexpr std::optional<method> parse_method(std::string_view name) {
  for (method m : all_methods) {
    if (method_name(m) == name) return m;
  }
  return std::nullopt;
}

// The order of accuracy of each method (the global error shrinks as h^order).
constexpr int method_order(method m) {
  return m == method::explicit_euler ? 1 : m == method::midpoint ? 2 : 4;
}

// [SECTION] The vector-space helpers the stepper reads

// The largest absolute component (for the implicit midpoint's stopping test).
template <std::floating_point T>
T max_norm(T x) {
  return std::abs(x);
}
template <glm::length_t N, std::floating_point T, glm::qualifier Q>
T max_norm(const glm::vec<N, T, Q>& v) {
  T m = T(0);
  for (glm::length_t i = 0; i < N; ++i) m = std::max(m, std::abs(v[i]));
  return m;
}
template <std::floating_point T, glm::qualifier Q>
T max_norm(const glm::qua<T, Q>& q) {
  return std::max(std::max(std::abs(q.w), std::abs(q.x)), std::max(std::abs(q.y), std::abs(q.z)));
}
template <class E, std::size_t N>
auto max_norm(const std::array<E, N>& a) {
  decltype(max_norm(a[0])) m{0};
  for (const E& e : a) m = std::max(m, max_norm(e));
  return m;
}

// std::array as a state: element-wise sum and scaling (found by the stepper's own lookup).
template <class E, std::size_t N>
std::array<E, N> operator+(const std::array<E, N>& a, const std::array<E, N>& b) {
  std::array<E, N> r;
  for (std::size_t i = 0; i < N; ++i) r[i] = a[i] + b[i];
  return r;
}
template <std::floating_point T, class E, std::size_t N>
std::array<E, N> operator*(T s, const std::array<E, N>& a) {
  std::array<E, N> r;
  for (std::size_t i = 0; i < N; ++i) r[i] = s * a[i];
  return r;
}

// [SECTION] The step

// How the implicit midpoint's fixed-point iteration stops: when an iterate moves by at
// most `relative_tolerance` times the state's max norm, or gives up after `max_iterations`
// (it contracts by about h L / 2 per iteration, L the Lipschitz constant of f: it converges
// for h L < 2 and needs many iterations near that bound).
template <std::floating_point T>
struct solver_options {
  T relative_tolerance = T(8) * std::numeric_limits<T>::epsilon();
  int max_iterations = 100;
};

template <class State>
struct step_result {
  State y;                // the state after the step (the last iterate if not converged)
  bool converged = true;  // false: the implicit midpoint did not converge (or went non-finite)
  int iterations = 0;     // implicit midpoint: fixed-point iterations taken (0 for the explicit methods)
};

template <std::floating_point T, class State, class F>
requires std::invocable<const F&, T, const State&> step_result<State> step_checked(
    method m, const F& f, T t, const State& y, T h, const solver_options<T>& options = {}) {
  const T half = h / T(2);
  switch (m) {
    case method::explicit_euler:  // y1 = y0 + h f(t, y0)
      return {y + h * f(t, y)};
    case method::midpoint: {  // y1 = y0 + h f(t + h/2, (y0 + y1) / 2), iterated from y1 = y0
      step_result<State> r{y, false, 0};
      while (r.iterations < options.max_iterations) {
        const State next = y + h * f(t + half, T(0.5) * (y + r.y));
        const T moved = max_norm(next + T(-1) * r.y);
        r.y = next;
        ++r.iterations;
        if (!std::isfinite(moved)) return r;
        if (moved <= options.relative_tolerance * max_norm(next)) {
          r.converged = true;
          return r;
        }
      }
      return r;
    }
    case method::rk4: {  // k1..k4 at t, t + h/2, t + h/2, t + h; y1 = y0 + h/6 (k1 + 2 k2 + 2 k3 + k4)
      const State k1 = f(t, y);
      const State k2 = f(t + half, y + half * k1);
      const State k3 = f(t + half, y + half * k2);
      const State k4 = f(t + h, y + h * k3);
      return {y + (h / T(6)) * (k1 + T(2) * k2 + T(2) * k3 + k4)};
    }
  }
  return {y, false, 0};
}

// The state after one step of size h from (t, y). The implicit midpoint returns its last
// iterate even when it did not converge: callers whose h is chosen by a user should call
// step_checked and report `converged == false`.
template <std::floating_point T, class State, class F>
requires std::invocable<const F&, T, const State&> State step(method m, const F& f, T t, const State& y, T h) {
  return step_checked(m, f, t, y, h).y;
}

}  // namespace framelab::ode
