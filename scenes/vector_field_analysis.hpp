#pragma once
// What the vector-field scene computes about a planar field dx/dt = V(x), for any
// callable V written over its scalar (scenes/vector_field_fields.hpp):
//   - the linearisation at a point: trace, determinant, eigenvalues (2x2 closed
//     form, complex pairs a +- bi), eigenvectors and the fixed-point class;
//   - the central-difference Jacobian and its error against a reference for a
//     sweep of step sizes (the truncation / round-off "V");
//   - RK4 steps (core/ode) and streamlines; Newton's method for fixed points with the AD Jacobian.
// Source: docs/articles.md, dual-numbers-autodiff for the Jacobian by dual numbers.
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/ad/autodiff.hpp"
#include "core/glm_config.hpp"
#include "core/ode/ode_stepper.hpp"

namespace framelab::planar_field {

// [SECTION] linearisation and fixed-point classification

enum class fixed_point_type { saddle, node, star, degenerate_node, spiral, center, non_isolated };
enum class stability { stable, unstable, neutral };

// Relative tolerances of the classification: trace, det and discriminant count as
// zero below these fractions of |J|, |J|^2, |J|^2 (|J| = largest |entry|).
inline constexpr double classification_tolerance = 1e-9;

struct linearization {
  double trace = 0;         // tau = a + d = div V
  double determinant = 0;   // Delta = ad - bc
  double discriminant = 0;  // tau^2 - 4 Delta
  double curl = 0;          // dV2/dx - dV1/dy (scalar curl)
  bool complex_pair = false;
  std::complex<double> lambda1, lambda2;  // lambda = tau/2 +- sqrt(tau^2 - 4 Delta)/2
  glm::dvec2 eigenvector1{0.0}, eigenvector2{0.0};  // unit, real eigenvalues only (else 0)
  fixed_point_type type = fixed_point_type::non_isolated;
  stability stable = stability::neutral;
};

// An eigenvector of J for the real eigenvalue lambda: (J - lambda I) v = 0. Each row
// (a - lambda, b), (c, d - lambda) gives v = (b, lambda - a) or (lambda - d, c); take the
// longer for accuracy. J = lambda I (every v works): the axis `fallback`.
inline glm::dvec2 eigenvector(const glm::dmat2& J, double lambda, glm::dvec2 fallback) {
  const double a = J[0][0], b = J[1][0], c = J[0][1], d = J[1][1];
  const glm::dvec2 v1(b, lambda - a), v2(lambda - d, c);
  const glm::dvec2 v = glm::dot(v1, v1) >= glm::dot(v2, v2) ? v1 : v2;
  const double n = glm::length(v);
  const double scale = std::max({std::abs(a), std::abs(b), std::abs(c), std::abs(d), std::abs(lambda)});
  return n > classification_tolerance * scale ? v / n : fallback;
}

// J = [[a, b], [c, d]] (rows), J[j][i] = dV_i/dx_j as core/ad/autodiff.hpp returns it.
inline linearization linearize(const glm::dmat2& J) {
  linearization l;
  const double a = J[0][0], b = J[1][0], c = J[0][1], d = J[1][1];
  l.trace = a + d;
  l.determinant = a * d - b * c;
  l.discriminant = l.trace * l.trace - 4.0 * l.determinant;
  l.curl = c - b;
  const double s = std::max({std::abs(a), std::abs(b), std::abs(c), std::abs(d)});
  const double tol1 = classification_tolerance * s, tol2 = classification_tolerance * s * s;

  // eigenvalues: complex pair tau/2 +- i sqrt(-D)/2; real: lambda1 = (tau + sign(tau) sqrt(D))/2,
  // lambda2 = Delta / lambda1 (no cancellation between tau and sqrt(D))
  if (l.discriminant < -tol2) {
    l.complex_pair = true;
    const double re = 0.5 * l.trace, im = 0.5 * std::sqrt(-l.discriminant);
    l.lambda1 = {re, im};
    l.lambda2 = {re, -im};
  } else {
    const double root = std::sqrt(std::max(0.0, l.discriminant));
    const double big = 0.5 * (l.trace + (l.trace >= 0.0 ? root : -root));
    const double small = big != 0.0 ? l.determinant / big : 0.0;
    l.lambda1 = std::max(big, small);
    l.lambda2 = std::min(big, small);
    l.eigenvector1 = eigenvector(J, l.lambda1.real(), {1.0, 0.0});
    l.eigenvector2 = eigenvector(J, l.lambda2.real(), {0.0, 1.0});
  }

  const auto sign_of = [tol1](double x) { return x > tol1 ? stability::unstable : x < -tol1 ? stability::stable : stability::neutral; };
  if (s == 0.0 || std::abs(l.determinant) <= tol2) {
    l.type = fixed_point_type::non_isolated;  // a zero eigenvalue: a line of fixed points or worse
    l.stable = sign_of(l.trace);
  } else if (l.determinant < 0.0) {
    l.type = fixed_point_type::saddle;
    l.stable = stability::unstable;
  } else if (std::abs(l.trace) <= tol1) {
    l.type = fixed_point_type::center;  // purely imaginary pair (the linear flow orbits)
    l.stable = stability::neutral;
  } else if (l.complex_pair) {
    l.type = fixed_point_type::spiral;
    l.stable = sign_of(l.trace);
  } else if (std::abs(l.discriminant) <= tol2) {
    // a repeated eigenvalue: J = lambda I is a star, anything else a degenerate node
    const bool diagonal = std::abs(b) <= tol1 && std::abs(c) <= tol1;
    l.type = diagonal ? fixed_point_type::star : fixed_point_type::degenerate_node;
    l.stable = sign_of(l.trace);
  } else {
    l.type = fixed_point_type::node;
    l.stable = sign_of(l.trace);
  }
  return l;
}

inline std::string describe(fixed_point_type t, stability s) {
  const std::string prefix = s == stability::stable ? "stable " : s == stability::unstable ? "unstable " : "";
  switch (t) {
    case fixed_point_type::saddle: return "saddle";
    case fixed_point_type::node: return prefix + "node";
    case fixed_point_type::star: return prefix + "star node";
    case fixed_point_type::degenerate_node: return prefix + "degenerate node";
    case fixed_point_type::spiral: return prefix + "spiral";
    case fixed_point_type::center: return "center";
    case fixed_point_type::non_isolated: return "degenerate (det J = 0)";
  }
  return "?";
}
inline std::string describe(const linearization& l) { return describe(l.type, l.stable); }

// [SECTION] finite differences

// Central difference, column j: (V(x + h e_j) - V(x - h e_j)) / 2h, error ~ h^2 V'''/6 + eps |V| / h
template <class F>
glm::dmat2 central_difference_jacobian(const F& V, glm::dvec2 x, double h) {
  glm::dmat2 J(0.0);
  for (int j = 0; j < 2; ++j) {
    glm::dvec2 e(0.0);
    e[j] = h;
    J[j] = (V(x + e) - V(x - e)) / (2.0 * h);
  }
  return J;
}

// ||A - B||_F / ||B||_F (||B|| = 0: the absolute error)
inline double relative_error(const glm::dmat2& A, const glm::dmat2& B) {
  double num = 0.0, den = 0.0;
  for (int j = 0; j < 2; ++j) {
    for (int i = 0; i < 2; ++i) {
      num += (A[j][i] - B[j][i]) * (A[j][i] - B[j][i]);
      den += B[j][i] * B[j][i];
    }
  }
  return den > 0.0 ? std::sqrt(num / den) : std::sqrt(num);
}

struct fd_error_curve {
  std::vector<double> steps;   // h (m), log-spaced
  std::vector<double> errors;  // relative error of the central difference at h
  double best_step = 0;        // the h of the smallest error
  double best_error = 0;
};

// The central difference's relative error against `reference` for `count` steps
// log-spaced over [h_min, h_max].
template <class F>
fd_error_curve sweep_fd_error(const F& V, glm::dvec2 x, const glm::dmat2& reference, double h_min, double h_max,
                              std::size_t count) {
  fd_error_curve c;
  c.steps.reserve(count);
  c.errors.reserve(count);
  c.best_error = INFINITY;
  const double l0 = std::log10(h_min), l1 = std::log10(h_max);
  for (std::size_t i = 0; i < count; ++i) {
    const double h = std::pow(10.0, l0 + (l1 - l0) * double(i) / double(std::max<std::size_t>(1, count - 1)));
    const double e = relative_error(central_difference_jacobian(V, x, h), reference);
    c.steps.push_back(h);
    c.errors.push_back(e);
    if (e < c.best_error) {
      c.best_error = e;
      c.best_step = h;
    }
  }
  return c;
}

// [SECTION] integration

// One classical RK4 step of the autonomous dx/dt = V(x) (core/ode/ode_stepper.hpp):
//   k1 = V(x), k2 = V(x + h k1/2), k3 = V(x + h k2/2), k4 = V(x + h k3),  x' = x + h (k1 + 2 k2 + 2 k3 + k4)/6
template <class F>
glm::dvec2 rk4_step(const F& V, glm::dvec2 x, double h) {
  const auto rate = [&V](double, const glm::dvec2& y) { return glm::dvec2(V(y)); };
  return ode::step(ode::method::rk4, rate, 0.0, x, h);
}

// The streamline's direction field V/|V| (arc length parametrisation: the same curves
// as dx/dt = V, at unit speed). Zero where |V| <= min_speed (a fixed point ends the line).
template <class F>
auto unit_direction(F V, double min_speed) {
  return [V, min_speed](glm::dvec2 x) {
    const glm::dvec2 v = V(x);
    const double n = glm::length(v);
    return n > min_speed && std::isfinite(n) ? v / n : glm::dvec2(0.0);
  };
}

// [SECTION] fixed points by Newton's method with the AD Jacobian

// x_{n+1} = x_n - J(x_n)^-1 V(x_n), J from one dual_n evaluation (framelab::value_and_jacobian).
// Converged when |V| <= tolerance * (1 + |J| |x|); nothing if V or J is not finite (a typed
// field may be undefined there: x/y at y = 0), J turns singular, the iterate leaves `radius`
// of the start or it does not converge in `max_iterations`.
template <class F>
std::optional<glm::dvec2> newton_fixed_point(const F& field, glm::dvec2 x, double radius, int max_iterations = 60,
                                             double tolerance = 1e-13) {
  const glm::dvec2 start = x;
  for (int it = 0; it < max_iterations; ++it) {
    const auto vj = value_and_jacobian(field, x);
    const glm::dmat2& J = vj.jacobian;
    const double scale = std::max({std::abs(J[0][0]), std::abs(J[0][1]), std::abs(J[1][0]), std::abs(J[1][1])});
    const double checksum = J[0][0] + J[0][1] + J[1][0] + J[1][1] + vj.value.x + vj.value.y;
    if (!std::isfinite(checksum)) return std::nullopt;  // NaN or inf anywhere in V or J
    if (glm::length(vj.value) <= tolerance * (1.0 + scale * glm::length(x))) return x;
    const double det = glm::determinant(J);
    if (!(std::abs(det) > 1e-14 * scale * scale)) return std::nullopt;
    x -= glm::inverse(J) * vj.value;
    if (!std::isfinite(x.x) || !std::isfinite(x.y) || glm::length(x - start) > radius) return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace framelab::planar_field
