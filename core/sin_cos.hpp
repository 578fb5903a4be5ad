#pragma once
// sin x and cos x of one angle together, two ways:
// - sin_cos(x): the library's bits. The hyper-dual sin and cos (f and f') and the turn about an
//   axis (the half angle's sine and cosine) ask for both. In WebAssembly (emscripten's musl)
//   sincos reduces the argument modulo pi/2 once for both (__rem_pio2, 5 % of tank-turret's
//   `sim` under node, called twice per angle before) and gives the same bits as musl's sin and
//   cos; on the desktop the two calls, which the compiler already merges into glibc's sincos.
//   A result does not change.
// - sin_cos_inline(x): inlined, within 2 ulp of the true values for |x| < 1e5 (checked against
//   long double in tests/core/sin_cos_test.cpp); larger or non-finite x go to std::sin and
//   std::cos. For the hinges' half angles of the tree passes (core/dynamics/tree_kinematics.hpp):
//   the library's sincos is a call that the passes paid ~15 ns per joint for (a tenth of forward
//   dynamics on a hinge chain).
//     x = n pi/2 + r, |r| <= pi/4, n the nearest integer to x 2/pi
//       (pi/2 split in two: n pi/2_hi is exact for |n| < 2^20, so r loses nothing but the
//        last bits of n pi/2_lo)
//     sin r = r - r^3/3! + r^5/5! - ... - r^15/15!,  cos r = 1 - r^2/2! + ... + r^16/16!
//       (Taylor: the first term left out is below 1e-16 of the result for |r| <= pi/4)
//     by the quadrant n mod 4: (cos x, sin x) = (cos r, sin r), (-sin r, cos r),
//       (-cos r, -sin r), (sin r, -cos r)
#include <cmath>
#include <cstdint>
#include <type_traits>

#include <glm/gtc/quaternion.hpp>

#include "core/dynamics/double_bits.hpp"

namespace framelab {

template <class T>
struct sine_cosine {
  T sin = T(0), cos = T(1);  // the angle 0's
};

template <class T>
sine_cosine<T> sin_cos(T x) {
#if defined(__EMSCRIPTEN__)
  if constexpr (std::is_same_v<T, double>) {
    double s, c;
    ::sincos(x, &s, &c);
    return {s, c};
  }
#endif
  return {std::sin(x), std::cos(x)};
}

inline sine_cosine<double> sin_cos_inline(double x) {
  constexpr double two_over_pi = 0.63661977236758134308;
  constexpr double half_pi_hi = 1.57079632673412561417;   // pi/2 to 33 bits
  constexpr double half_pi_lo = 6.07710050650619224932e-11;  // pi/2 - half_pi_hi
  constexpr double round_shift = 6755399441055744.0;       // 1.5 * 2^52: (v + it) - it is v rounded to an integer
  if (!(std::abs(x) < 1.0e5)) return {std::sin(x), std::cos(x)};
  const double n = (x * two_over_pi + round_shift) - round_shift;
  const double r = (x - n * half_pi_hi) - n * half_pi_lo;
  const double z = r * r;
  const double sin_r =
      r + r * z *
              (-1.0 / 6.0 +
               z * (1.0 / 120.0 +
                    z * (-1.0 / 5040.0 +
                         z * (1.0 / 362880.0 +
                              z * (-1.0 / 39916800.0 + z * (1.0 / 6227020800.0 + z * (-1.0 / 1307674368000.0)))))));
  const double cos_r =
      1.0 - 0.5 * z +
      z * z *
          (1.0 / 24.0 +
           z * (-1.0 / 720.0 +
                z * (1.0 / 40320.0 +
                     z * (-1.0 / 3628800.0 +
                          z * (1.0 / 479001600.0 + z * (-1.0 / 87178291200.0 + z * (1.0 / 20922789888000.0)))))));
  // the quadrant's swap and signs without branches (the sign bit flipped by XOR)
  const auto quadrant = static_cast<std::uint64_t>(static_cast<std::int64_t>(n));
  const bool odd = (quadrant & 1) != 0;
  const std::uint64_t cos_sign = ((quadrant + 1) & 2) << 62, sin_sign = (quadrant & 2) << 62;
  const double cos_value = odd ? sin_r : cos_r, sin_value = odd ? cos_r : sin_r;
  return {dynamics::double_of_bits(dynamics::bits_of(sin_value) ^ sin_sign),
          dynamics::double_of_bits(dynamics::bits_of(cos_value) ^ cos_sign)};
}

// The unit quaternion of a turn by `angle` about the unit `axis`: (cos(angle/2), sin(angle/2) axis),
// glm::angleAxis's formula and bits, with one sin_cos.
template <class T>
glm::qua<T> turn_about(T angle, const glm::vec<3, T>& axis) {
  const sine_cosine<T> half = sin_cos(angle * T(0.5));
  return glm::qua<T>(half.cos, axis * half.sin);
}

}  // namespace framelab
