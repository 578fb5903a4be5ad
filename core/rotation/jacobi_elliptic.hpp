#pragma once
// Jacobi elliptic functions sn, cn, dn and the elliptic integrals of the first
// kind, for the closed-form torque-free asymmetric top
// (core/rotation/free_rotation_reference.hpp).
//
// Parameter convention: m = k^2 (k the modulus), mc = 1 - m the complementary
// parameter. Functions that take both let callers near m = 1 pass mc computed
// without cancellation.
//
// Method: the arithmetic-geometric mean (descending Landen / Gauss transform).
//   a0 = 1, b0 = sqrt(mc), c0 = sqrt(m)
//   a_n = (a_{n-1} + b_{n-1})/2,  b_n = sqrt(a_{n-1} b_{n-1}),  c_n = (a_{n-1} - b_{n-1})/2
// until c_N is negligible; then K(m) = pi / (2 a_N) and, for the amplitude,
//   phi_N = 2^N a_N u,   phi_{n-1} = (phi_n + asin(c_n/a_n sin phi_n)) / 2
//   sn = sin phi_0,  cn = cos phi_0,  dn = sqrt(cn^2 + mc sn^2)
// (dn from cn^2 + mc sn^2 = 1 - m sn^2, a sum of two non-negative terms, so it
// stays accurate when dn is small near m = 1).
// The incomplete integral F(phi|m) uses Carlson's symmetric form
//   F(phi|m) = sin(phi) R_F(cos^2 phi, 1 - m sin^2 phi, 1),  |phi| <= pi/2
//   F(phi + j pi | m) = F(phi|m) + 2 j K(m)

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>

namespace framelab {

template <class T>
struct jacobi_sn_cn_dn {
  T sn, cn, dn;
};

namespace detail {

// The AGM sequence of (1, sqrt(mc)); a.back() is AGM(1, sqrt(mc)).
template <class T>
struct agm_sequence {
  static constexpr int max_terms = 40;
  std::array<T, max_terms> a{}, c{};
  int n = 0;  // index of the last term
};

template <class T>
agm_sequence<T> agm(T m, T mc) {
  agm_sequence<T> s;
  s.a[0] = T(1);
  s.c[0] = std::sqrt(m);
  T b = std::sqrt(mc);
  const T eps = std::numeric_limits<T>::epsilon();
  while (s.n + 1 < agm_sequence<T>::max_terms && std::abs(s.c[s.n]) > eps * s.a[s.n]) {
    const T a_prev = s.a[s.n];
    ++s.n;
    s.a[s.n] = (a_prev + b) / T(2);
    s.c[s.n] = (a_prev - b) / T(2);
    b = std::sqrt(a_prev * b);
  }
  return s;
}

}  // namespace detail

// Complete elliptic integral of the first kind from the complementary
// parameter: K = pi / (2 AGM(1, sqrt(mc))). K(mc = 0) = +infinity.
template <class T>
T elliptic_k_mc(T mc) {
  if (!(mc >= T(0) && mc <= T(1))) return std::numeric_limits<T>::quiet_NaN();
  if (mc == T(0)) return std::numeric_limits<T>::infinity();
  const detail::agm_sequence<T> s = detail::agm(T(1) - mc, mc);
  return std::numbers::pi_v<T> / (T(2) * s.a[s.n]);
}

// K(m) = integral_0^{pi/2} dtheta / sqrt(1 - m sin^2 theta)
template <class T>
T elliptic_k(T m) {
  return elliptic_k_mc(T(1) - m);
}

// sn, cn, dn of (u | m), with mc = 1 - m given by the caller.
// Domain 0 <= m <= 1; outside it the result is NaN.
template <class T>
jacobi_sn_cn_dn<T> jacobi_elliptic(T u, T m, T mc) {
  const T nan = std::numeric_limits<T>::quiet_NaN();
  if (!(m >= T(0) && m <= T(1) && mc >= T(0) && mc <= T(1)) || !std::isfinite(u)) return {nan, nan, nan};
  if (mc == T(0)) {
    // m = 1: sn = tanh u, cn = dn = sech u
    const T sech = T(1) / std::cosh(u);
    return {std::tanh(u), sech, sech};
  }
  const detail::agm_sequence<T> s = detail::agm(m, mc);
  const T a_n = s.a[s.n];
  // sn and cn have period 4K, K = pi/(2 a_N): reduce u to [-2K, 2K] first.
  const T four_k = T(2) * std::numbers::pi_v<T> / a_n;
  u -= four_k * std::round(u / four_k);
  // phi_N = 2^N a_N u
  T phi = std::ldexp(a_n * u, s.n);
  // phi_{n-1} = (phi_n + asin(c_n/a_n sin phi_n)) / 2
  for (int i = s.n; i >= 1; --i) {
    phi = (phi + std::asin(s.c[i] / s.a[i] * std::sin(phi))) / T(2);
  }
  const T sn = std::sin(phi), cn = std::cos(phi);
  // dn^2 = 1 - m sn^2 = cn^2 + mc sn^2
  return {sn, cn, std::sqrt(cn * cn + mc * sn * sn)};
}

template <class T>
jacobi_sn_cn_dn<T> jacobi_elliptic(T u, T m) {
  return jacobi_elliptic(u, m, T(1) - m);
}

// Carlson's symmetric elliptic integral
//   R_F(x, y, z) = 1/2 integral_0^inf dt / sqrt((t + x)(t + y)(t + z)),
// x, y, z >= 0 with at most one zero. Duplication
//   lambda = sqrt(x) sqrt(y) + sqrt(y) sqrt(z) + sqrt(z) sqrt(x),  x <- (x + lambda)/4 (same for y, z)
// until the arguments agree to ~1e-3 relative, then the series
//   R_F ~ (1 - E2/10 + E3/14 + E2^2/24 - 3 E2 E3/44) / sqrt(A),
//   A = (x+y+z)/3, X = 1 - x/A, Y = 1 - y/A, Z = -(X + Y), E2 = XY - Z^2, E3 = XYZ
// (truncation error ~ max(|X|,|Y|,|Z|)^6).
template <class T>
T carlson_rf(T x, T y, T z) {
  const T tol = std::pow(std::numeric_limits<T>::epsilon(), T(1) / T(6));
  T a = (x + y + z) / T(3);
  for (int i = 0; i < 100; ++i) {
    const T dev = std::max({std::abs(a - x), std::abs(a - y), std::abs(a - z)});
    if (dev <= tol * std::abs(a)) break;
    const T sx = std::sqrt(x), sy = std::sqrt(y), sz = std::sqrt(z);
    const T lambda = sx * sy + sy * sz + sz * sx;
    x = (x + lambda) / T(4);
    y = (y + lambda) / T(4);
    z = (z + lambda) / T(4);
    a = (x + y + z) / T(3);
  }
  const T big_x = T(1) - x / a, big_y = T(1) - y / a;
  const T big_z = -(big_x + big_y);
  const T e2 = big_x * big_y - big_z * big_z;
  const T e3 = big_x * big_y * big_z;
  return (T(1) - e2 / T(10) + e3 / T(14) + e2 * e2 / T(24) - T(3) * e2 * e3 / T(44)) / std::sqrt(a);
}

// Incomplete elliptic integral of the first kind
//   F(phi|m) = integral_0^phi dtheta / sqrt(1 - m sin^2 theta),
// for any real phi (the inverse of the amplitude: sn(F(phi|m)) = sin phi).
template <class T>
T elliptic_f(T phi, T m, T mc) {
  if (!(m >= T(0) && m <= T(1) && mc >= T(0) && mc <= T(1))) return std::numeric_limits<T>::quiet_NaN();
  const T pi = std::numbers::pi_v<T>;
  const T j = std::round(phi / pi);
  const T r = phi - j * pi;  // in [-pi/2, pi/2]
  const T s = std::sin(r), c = std::cos(r);
  // F(r|m) = sin r R_F(cos^2 r, 1 - m sin^2 r, 1), with 1 - m sin^2 = cos^2 + mc sin^2
  const T f = s * carlson_rf(c * c, c * c + mc * s * s, T(1));
  if (j == T(0)) return f;
  return f + T(2) * j * elliptic_k_mc(mc);
}

template <class T>
T elliptic_f(T phi, T m) {
  return elliptic_f(phi, m, T(1) - m);
}

}  // namespace framelab
