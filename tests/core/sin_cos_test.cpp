// core/sin_cos.hpp: sin_cos gives std::sin's and std::cos's bits, turn_about glm::angleAxis's,
// for any double (random bit patterns: huge, subnormal, inf, NaN), angles up to 10^3 rad and
// tiny ones (musl's sin, cos and sincos switch to x and 1 at slightly different thresholds).
// Built for WebAssembly, where sin_cos calls musl's sincos, the same check passed on 6 x 10^6
// values under node (2026-11-27, issue 28).
// sin_cos_inline against the long double library functions (an independent reduction and
// series): within 2 ulp of the true value, or 2 ulp of 1 near a zero of the function (where the
// reduction's absolute error, ~1e-16 of 1, is what matters for a hinge's quaternion), and
// exactly std::sin / std::cos past its range and for non-finite x.
#include "core/sin_cos.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include <glm/gtc/quaternion.hpp>

namespace {

std::vector<double> sin_cos_test_angles() {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> wide(-1000.0, 1000.0), tiny(-1e-7, 1e-7);
  std::vector<double> out = {0.0, -0.0, 0x1p-27, 0x1.6a09ep-27, 0x1p-26, 0.7853981633974483, 1e22, 1e300,
                             std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN(),
                             std::numeric_limits<double>::denorm_min()};
  for (int i = 0; i < 3000; ++i) {
    out.push_back(std::bit_cast<double>(rng()));
    out.push_back(wide(rng));
    out.push_back(tiny(rng));
  }
  return out;
}

std::uint64_t sin_cos_test_bits(double x) { return std::bit_cast<std::uint64_t>(x); }

TEST(sin_cos, gives_the_bits_of_sin_and_cos) {
  for (const double x : sin_cos_test_angles()) {
    const auto r = framelab::sin_cos(x);
    ASSERT_EQ(sin_cos_test_bits(r.sin), sin_cos_test_bits(std::sin(x))) << x;
    ASSERT_EQ(sin_cos_test_bits(r.cos), sin_cos_test_bits(std::cos(x))) << x;
  }
}

TEST(sin_cos, turn_about_is_glm_angle_axis) {
  const glm::dvec3 axis = glm::normalize(glm::dvec3(0.3, -0.5, 0.8));
  for (const double x : sin_cos_test_angles()) {
    const glm::dquat expected = glm::angleAxis(x, axis), got = framelab::turn_about(x, axis);
    for (int k = 0; k < 4; ++k)
      ASSERT_EQ(sin_cos_test_bits(got[k]), sin_cos_test_bits(expected[k])) << x << " component " << k;
  }
}

// |got - want| in units of the last place of max(|want|, 1/2): relative where the value is
// not small, absolute (~1.1e-16) near zero.
double inline_error_ulp(double got, long double want) {
  const double scale = std::max(std::abs(static_cast<double>(want)), 0.5);
  const double ulp = std::ldexp(1.0, std::ilogb(scale) - 52);
  return static_cast<double>(std::abs(static_cast<long double>(got) - want)) / ulp;
}

TEST(sin_cos_inline, is_within_two_ulp_of_the_long_double_library) {
  std::mt19937 rng(7);
  double worst = 0.0;
  for (const double range : {1.0, 4.0, 100.0, 9.0e4}) {
    std::uniform_real_distribution<double> u(-range, range);
    for (int k = 0; k < 20000; ++k) {
      const double x = u(rng);
      const framelab::sine_cosine<double> cs = framelab::sin_cos_inline(x);
      worst = std::max({worst, inline_error_ulp(cs.cos, std::cos(static_cast<long double>(x))),
                        inline_error_ulp(cs.sin, std::sin(static_cast<long double>(x)))});
    }
  }
  // the quadrant boundaries and their neighbours
  for (int n = -8; n <= 8; ++n) {
    for (const double offset : {-1e-9, 0.0, 1e-9}) {
      const double x = n * 0.785398163397448309616 + offset;
      const framelab::sine_cosine<double> cs = framelab::sin_cos_inline(x);
      worst = std::max({worst, inline_error_ulp(cs.cos, std::cos(static_cast<long double>(x))),
                        inline_error_ulp(cs.sin, std::sin(static_cast<long double>(x)))});
    }
  }
  EXPECT_LT(worst, 2.0);
  EXPECT_EQ(framelab::sin_cos_inline(0.0).cos, 1.0);
  EXPECT_EQ(framelab::sin_cos_inline(0.0).sin, 0.0);
}

TEST(sin_cos_inline, outside_its_range_is_the_librarys) {
  for (const double x : {1.0e5, -3.0e7, 1.0e300}) {
    EXPECT_EQ(framelab::sin_cos_inline(x).cos, std::cos(x));
    EXPECT_EQ(framelab::sin_cos_inline(x).sin, std::sin(x));
  }
  EXPECT_TRUE(std::isnan(framelab::sin_cos_inline(std::numeric_limits<double>::quiet_NaN()).sin));
  EXPECT_TRUE(std::isnan(framelab::sin_cos_inline(std::numeric_limits<double>::infinity()).cos));
}

}  // namespace
