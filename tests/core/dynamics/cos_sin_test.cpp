// core/dynamics/cos_sin.hpp against the long double library functions (an independent
// reduction and series): within 2 ulp of the true value, or 2 ulp of 1 near a zero of the
// function (where the reduction's absolute error, ~1e-16 of 1, is what matters for a hinge's
// quaternion), and exactly std::cos / std::sin past its range and for non-finite x.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "core/dynamics/cos_sin.hpp"

namespace framelab::dynamics {
namespace {

// |got - want| in units of the last place of max(|want|, 1/2): relative where the value is
// not small, absolute (~1.1e-16) near zero.
double cos_sin_error_ulp(double got, long double want) {
  const double scale = std::max(std::abs(static_cast<double>(want)), 0.5);
  const double ulp = std::ldexp(1.0, std::ilogb(scale) - 52);
  return static_cast<double>(std::abs(static_cast<long double>(got) - want)) / ulp;
}

TEST(CosSin, MatchesTheLibraryWithinTwoUlp) {
  std::mt19937 rng(7);
  double worst = 0.0;
  for (const double range : {1.0, 4.0, 100.0, 9.0e4}) {
    std::uniform_real_distribution<double> u(-range, range);
    for (int k = 0; k < 20000; ++k) {
      const double x = u(rng);
      const cos_sin_pair cs = cos_sin(x);
      worst = std::max({worst, cos_sin_error_ulp(cs.cos, std::cos(static_cast<long double>(x))),
                        cos_sin_error_ulp(cs.sin, std::sin(static_cast<long double>(x)))});
    }
  }
  // the quadrant boundaries and their neighbours
  for (int n = -8; n <= 8; ++n) {
    for (const double offset : {-1e-9, 0.0, 1e-9}) {
      const double x = n * 0.785398163397448309616 + offset;
      const cos_sin_pair cs = cos_sin(x);
      worst = std::max({worst, cos_sin_error_ulp(cs.cos, std::cos(static_cast<long double>(x))),
                        cos_sin_error_ulp(cs.sin, std::sin(static_cast<long double>(x)))});
    }
  }
  EXPECT_LT(worst, 2.0);
  EXPECT_EQ(cos_sin(0.0).cos, 1.0);
  EXPECT_EQ(cos_sin(0.0).sin, 0.0);
}

TEST(CosSin, OutsideItsRangeIsTheLibrarys) {
  for (const double x : {1.0e5, -3.0e7, 1.0e300}) {
    EXPECT_EQ(cos_sin(x).cos, std::cos(x));
    EXPECT_EQ(cos_sin(x).sin, std::sin(x));
  }
  EXPECT_TRUE(std::isnan(cos_sin(std::numeric_limits<double>::quiet_NaN()).sin));
  EXPECT_TRUE(std::isnan(cos_sin(std::numeric_limits<double>::infinity()).cos));
}

}  // namespace
}  // namespace framelab::dynamics
