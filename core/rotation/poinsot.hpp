#pragma once
// Poinsot's construction of torque-free motion (docs/articles.md,
// torque-to-angular-acceleration: Poinsot's construction). All body-frame
// quantities are in the principal frame, where the inertia I~ = diag(I1, I2, I3).
//
//   E = 1/2 omega^T I omega,   L = I omega = R I~ R^T omega      (both constant)
//
// The energy (Poinsot) ellipsoid, fixed in the body:  { x : x^T I~ x = 1 },
// semi-axes 1/sqrt(I_k) along the principal axes. The point
//   p = omega / sqrt(2E)
// lies on it (p^T I p = omega^T I omega / 2E = 1). The ellipsoid's normal at p is
// I p = L / sqrt(2E): fixed in space, so the tangent plane at p, at distance
//   d = p . L / |L| = sqrt(2E) / |L|
// from the centre, is fixed too: the invariable plane. p is on the instantaneous
// axis of rotation, so it does not move: the ellipsoid rolls on the plane without
// slipping. The path of p in the body is the polhode, its path on the plane the
// herpolhode.
//
// Polhodes on the |L| sphere: in the body, L_b = I~ omega_b keeps its length and
// its energy,
//   L1^2 + L2^2 + L3^2 = |L|^2,    L1^2/I1 + L2^2/I2 + L3^2/I3 = 2E,
// so it moves on the intersection of a sphere and an ellipsoid: closed loops
// around the axes of largest and smallest inertia, separated by the separatrix
// (E = |L|^2 / (2 I_mid)) through the intermediate axis.
//
// Bad input (a moment <= 0 or not finite, E <= 0, |L| = 0, anything not finite)
// gives nullopt or an empty result: no NaN comes out of these functions.

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <vector>

#include "core/glm_config.hpp"
#include "core/rotation/rigid_body.hpp"

namespace framelab {

namespace detail {
template <class T>
bool all_finite(const glm::vec<3, T>& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}
template <class T>
bool positive_moments(const glm::vec<3, T>& inertia) {
  return all_finite(inertia) && inertia.x > T(0) && inertia.y > T(0) && inertia.z > T(0);
}
}  // namespace detail

// Semi-axes of the energy ellipsoid x^T I~ x = 1: a_k = 1/sqrt(I_k).
// nullopt unless every moment is finite and > 0.
template <class T>
std::optional<glm::vec<3, T>> energy_ellipsoid_semi_axes(const glm::vec<3, T>& inertia) {
  if (!detail::positive_moments(inertia)) return std::nullopt;
  return T(1) / glm::sqrt(inertia);
}

// The contact point p = omega / sqrt(2E), in whatever frame omega is given.
// nullopt unless E > 0 and everything is finite.
template <class T>
std::optional<glm::vec<3, T>> contact_point(const glm::vec<3, T>& omega, T energy) {
  if (!std::isfinite(energy) || !(energy > T(0)) || !detail::all_finite(omega)) return std::nullopt;
  return omega / std::sqrt(T(2) * energy);
}

// Distance of the invariable plane from the ellipsoid's centre: d = sqrt(2E) / |L|.
// nullopt unless E > 0, |L| > 0 and both finite.
template <class T>
std::optional<T> invariable_plane_distance(T energy, T momentum_norm) {
  if (!std::isfinite(energy) || !std::isfinite(momentum_norm)) return std::nullopt;
  if (!(energy > T(0)) || !(momentum_norm > T(0))) return std::nullopt;
  return std::sqrt(T(2) * energy) / momentum_norm;
}

// The construction for a body's current state, body-frame parts in the principal frame.
template <class T>
struct poinsot_construction {
  glm::qua<T> attitude{T(1), T(0), T(0), T(0)};  // R: principal frame -> world (poses the ellipsoid)
  glm::vec<3, T> semi_axes{T(0)};                // 1/sqrt(I_k)
  glm::vec<3, T> contact_body{T(0)};             // p = omega_b / sqrt(2E) (the polhode's point)
  glm::vec<3, T> contact_world{T(0)};            // R p (the herpolhode's point, from the centre)
  glm::vec<3, T> plane_normal{T(0)};             // L / |L|
  T plane_distance = T(0);                       // d = sqrt(2E) / |L|
};

// nullopt when the body is at rest (E = 0) or its inertia or state is not usable.
template <class T>
std::optional<poinsot_construction<T>> poinsot_construction_of(const rigid_body<T>& body) {
  const auto semi_axes = energy_ellipsoid_semi_axes(body.inertia);
  if (!semi_axes) return std::nullopt;
  const glm::vec<3, T> omega_b = body.principal_angular_velocity();
  // E = 1/2 omega_b^T I~ omega_b,  L_b = I~ omega_b
  const glm::vec<3, T> l_b = body.inertia * omega_b;
  const T energy = T(0.5) * glm::dot(omega_b, l_b);
  const T l_norm = glm::length(l_b);
  const auto p = contact_point(omega_b, energy);
  const auto d = invariable_plane_distance(energy, l_norm);
  if (!p || !d) return std::nullopt;
  poinsot_construction<T> c;
  c.attitude = body.principal_to_world();
  c.semi_axes = *semi_axes;
  c.contact_body = *p;
  c.contact_world = body.from_principal(*p);
  c.plane_normal = body.from_principal(l_b / l_norm);
  c.plane_distance = *d;
  if (!detail::all_finite(c.contact_world) || !detail::all_finite(c.plane_normal)) return std::nullopt;
  return c;
}

// [SECTION] polhodes on the |L| sphere

// One closed loop of L_b on the |L| sphere (principal frame), first point repeated last.
template <class T>
struct polhode_curve {
  T energy = T(0);          // E of every point: L_b^T I~^-1 L_b = 2E
  int axis = 0;             // the principal axis the loop goes around (0, 1, 2)
  bool separatrix = false;  // E = |L|^2 / (2 I_mid): the loops through the intermediate axis
  std::vector<glm::vec<3, T>> points;
};

// The energies a body with these moments and this |L| can have:
//   E_min = |L|^2 / (2 I_max) (spin about the largest axis),
//   E_sep = |L|^2 / (2 I_mid), E_max = |L|^2 / (2 I_min).
template <class T>
struct polhode_energies {
  T low, separatrix, high;
};

template <class T>
std::optional<polhode_energies<T>> polhode_energy_range(const glm::vec<3, T>& inertia, T momentum_norm) {
  if (!detail::positive_moments(inertia) || !std::isfinite(momentum_norm) || !(momentum_norm > T(0)))
    return std::nullopt;
  const T l2 = momentum_norm * momentum_norm;
  if (!std::isfinite(l2) || !(l2 > T(0))) return std::nullopt;  // |L|^2 overflows or underflows
  const T lo = std::min({inertia.x, inertia.y, inertia.z}), hi = std::max({inertia.x, inertia.y, inertia.z});
  const T mid = inertia.x + inertia.y + inertia.z - lo - hi;
  const polhode_energies<T> e{l2 / (T(2) * hi), l2 / (T(2) * mid), l2 / (T(2) * lo)};
  if (!std::isfinite(e.high) || !(e.low > T(0))) return std::nullopt;
  return e;
}

namespace detail {
// Appends the points of the loop strictly between parameters t0 and t1 (points x0, x1),
// bisecting while the curve's midpoint is farther than `flatness` from the chord's:
// near the separatrix L_k = sqrt(...) turns sharply close to the intermediate axis,
// where evenly spaced parameters would cut the corner.
template <class T, class PointAt>
void refine_loop(const PointAt& point_at, T t0, const glm::vec<3, T>& x0, T t1, const glm::vec<3, T>& x1, T flatness,
                 int depth, std::vector<glm::vec<3, T>>& out) {
  const T tm = T(0.5) * (t0 + t1);
  const glm::vec<3, T> xm = point_at(tm);
  if (depth <= 0 || !(glm::length(xm - T(0.5) * (x0 + x1)) > flatness)) return;
  refine_loop(point_at, t0, x0, tm, xm, flatness, depth - 1, out);
  out.push_back(xm);
  refine_loop(point_at, tm, xm, t1, x1, flatness, depth - 1, out);
}
}  // namespace detail

// The two loops (L_k > 0 and L_k < 0) of energy E around principal axis k, with at
// least `points` points each. Eliminating L_k^2 between the sphere and the energy
// ellipsoid leaves an ellipse in the (i, j) plane:
//   L_i^2 (1/I_i - 1/I_k) + L_j^2 (1/I_j - 1/I_k) = 2E - |L|^2 / I_k
//   L_i = A cos(theta),  L_j = B sin(theta),
//   A^2 = (2E - |L|^2/I_k) / (1/I_i - 1/I_k),  B^2 = (2E - |L|^2/I_k) / (1/I_j - 1/I_k)
// and back on the sphere  L_k = +-sqrt(|L|^2 - L_i^2 - L_j^2).
// theta is evenly spaced, then each interval is bisected (up to 12 times) until the
// polyline is as flat as `points` even steps around a great circle: the curve's
// midpoint within |L| (pi/points)^2 / 2 of the chord's (a great circle's sagitta).
// Axis k must be the largest (E_min <= E <= E_sep) or the smallest (E_sep <= E <= E_max)
// moment, strictly larger (smaller) than the other two; otherwise, or out of range, empty.
template <class T>
std::vector<polhode_curve<T>> polhode_loops_about(const glm::vec<3, T>& inertia, T momentum_norm, T energy, int k,
                                                  int points) {
  const auto range = polhode_energy_range(inertia, momentum_norm);
  if (!range || k < 0 || k > 2 || points < 3 || !std::isfinite(energy)) return {};
  const int i = (k + 1) % 3, j = (k + 2) % 3;
  const T inv_k = T(1) / inertia[k];
  const T di = T(1) / inertia[i] - inv_k, dj = T(1) / inertia[j] - inv_k;
  // Both differences of one sign: k is the strictly largest (> 0) or smallest (< 0) axis.
  if (!((di > T(0) && dj > T(0)) || (di < T(0) && dj < T(0)))) return {};
  const T l2 = momentum_norm * momentum_norm;
  const T rhs = T(2) * energy - l2 * inv_k;
  const T a2 = rhs / di, b2 = rhs / dj;
  // Out of range: the ellipse is imaginary or leaves the sphere (beyond the separatrix).
  const T slack = T(64) * std::numeric_limits<T>::epsilon() * l2;
  if (!(a2 >= -slack && b2 >= -slack && a2 <= l2 + slack && b2 <= l2 + slack)) return {};
  const T a = std::sqrt(std::max(a2, T(0))), b = std::sqrt(std::max(b2, T(0)));
  const T sep = range->separatrix;
  const bool on_separatrix = std::abs(energy - sep) <= T(64) * std::numeric_limits<T>::epsilon() * sep;
  const T step = T(2) * std::numbers::pi_v<T> / T(points);
  const T flatness = momentum_norm * T(0.5) * (T(0.5) * step) * (T(0.5) * step);
  constexpr int max_bisections = 12;

  std::vector<polhode_curve<T>> loops;
  for (const T sign : {T(1), T(-1)}) {
    const auto point_at = [&](T theta) {
      glm::vec<3, T> l(T(0));
      l[i] = a * std::cos(theta);
      l[j] = b * std::sin(theta);
      l[k] = sign * std::sqrt(std::max(l2 - l[i] * l[i] - l[j] * l[j], T(0)));
      return l;
    };
    polhode_curve<T> c{energy, k, on_separatrix, {}};
    c.points.reserve(static_cast<std::size_t>(points) + 1);
    glm::vec<3, T> x0 = point_at(T(0));
    c.points.push_back(x0);
    for (int n = 1; n <= points; ++n) {
      const T t0 = step * T(n - 1), t1 = step * T(n % points);
      const glm::vec<3, T> x1 = point_at(t1);
      detail::refine_loop(point_at, t0, x0, n == points ? T(2) * std::numbers::pi_v<T> : t1, x1, flatness,
                          max_bisections, c.points);
      c.points.push_back(x1);
      x0 = x1;
    }
    for (const auto& l : c.points)
      if (!detail::all_finite(l)) return {};  // only with extreme moments: nothing rather than NaN
    loops.push_back(std::move(c));
  }
  return loops;
}

// The loops of L_b for one energy, about whichever axis they circle (the largest
// moment's below the separatrix, the smallest's above, the largest's on it when it
// is strictly the largest). Empty for bad input, an energy out of [E_min, E_max],
// or a sphere-like body (I1 = I2 = I3: every L_b stays put).
template <class T>
std::vector<polhode_curve<T>> polhode_loops(const glm::vec<3, T>& inertia, T momentum_norm, T energy, int points) {
  const auto range = polhode_energy_range(inertia, momentum_norm);
  if (!range) return {};
  int lo = 0, hi = 0;
  for (int a = 1; a < 3; ++a) {
    if (inertia[a] < inertia[lo]) lo = a;
    if (inertia[a] > inertia[hi]) hi = a;
  }
  if (energy <= range->separatrix) {
    auto loops = polhode_loops_about(inertia, momentum_norm, energy, hi, points);
    if (!loops.empty()) return loops;
  }
  return polhode_loops_about(inertia, momentum_norm, energy, lo, points);
}

// The family drawn on the |L| sphere: `count` energies evenly spaced strictly inside
// (E_min, E_max), E_m = E_min + (E_max - E_min) m / (count + 1), m = 1..count, plus the
// separatrix; two loops per energy. Empty for bad input or count < 0, points < 3.
template <class T>
std::vector<polhode_curve<T>> polhode_curves_on_momentum_sphere(const glm::vec<3, T>& inertia, T momentum_norm,
                                                                int count, int points_per_curve) {
  const auto range = polhode_energy_range(inertia, momentum_norm);
  if (!range || count < 0 || points_per_curve < 3) return {};
  std::vector<polhode_curve<T>> curves;
  auto add = [&](T energy) {
    for (auto& c : polhode_loops(inertia, momentum_norm, energy, points_per_curve)) curves.push_back(std::move(c));
  };
  for (int m = 1; m <= count; ++m) add(range->low + (range->high - range->low) * T(m) / T(count + 1));
  add(range->separatrix);
  return curves;
}

}  // namespace framelab
