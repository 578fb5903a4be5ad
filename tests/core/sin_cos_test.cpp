// core/sin_cos.hpp: sin_cos gives std::sin's and std::cos's bits, turn_about glm::angleAxis's,
// for any double (random bit patterns: huge, subnormal, inf, NaN), angles up to 10^3 rad and
// tiny ones (musl's sin, cos and sincos switch to x and 1 at slightly different thresholds).
// Built for WebAssembly, where sin_cos calls musl's sincos, the same check passed on 6 x 10^6
// values under node (2026-11-27, issue 28).
#include "core/sin_cos.hpp"

#include <gtest/gtest.h>

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

}  // namespace
