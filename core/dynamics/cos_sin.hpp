#pragma once
// cos x and sin x together, inlined, for the hinges' half angles of the tree passes
// (core/dynamics/tree_kinematics.hpp): the library's sincos is a call that the passes paid
// ~15 ns per joint for (a tenth of forward dynamics on a hinge chain). Within 2 ulp of the
// true values for |x| < 1e5 (checked against long double in
// tests/core/dynamics/cos_sin_test.cpp); larger or non-finite x go to std::cos and std::sin.
//
//   x = n pi/2 + r, |r| <= pi/4, n the nearest integer to x 2/pi
//     (pi/2 split in two: n pi/2_hi is exact for |n| < 2^20, so r loses nothing but the
//      last bits of n pi/2_lo)
//   sin r = r - r^3/3! + r^5/5! - ... - r^15/15!,  cos r = 1 - r^2/2! + ... + r^16/16!
//     (Taylor: the first term left out is below 1e-16 of the result for |r| <= pi/4)
//   by the quadrant n mod 4: (cos x, sin x) = (cos r, sin r), (-sin r, cos r),
//     (-cos r, -sin r), (sin r, -cos r)
#include <cmath>
#include <cstdint>

#include "core/dynamics/double_bits.hpp"

namespace framelab::dynamics {

struct cos_sin_pair {
  double cos = 1.0, sin = 0.0;
};

inline cos_sin_pair cos_sin(double x) {
  constexpr double two_over_pi = 0.63661977236758134308;
  constexpr double half_pi_hi = 1.57079632673412561417;   // pi/2 to 33 bits
  constexpr double half_pi_lo = 6.07710050650619224932e-11;  // pi/2 - half_pi_hi
  constexpr double round_shift = 6755399441055744.0;       // 1.5 * 2^52: (v + it) - it is v rounded to an integer
  if (!(std::abs(x) < 1.0e5)) return {std::cos(x), std::sin(x)};
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
  return {double_of_bits(bits_of(cos_value) ^ cos_sign), double_of_bits(bits_of(sin_value) ^ sin_sign)};
}

}  // namespace framelab::dynamics
