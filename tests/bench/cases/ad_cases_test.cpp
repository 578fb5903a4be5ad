// The AD benchmark's cases compute the same Jacobian every way: the hand-written
// derivatives of both fields against Richardson-extrapolated central differences
// (independent of AD), and every timed loop's checksum against the hand-written one.
#include "bench/cases/ad_cases.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace framelab::bench {
namespace {

constexpr double fd_tolerance = 1e-8;        // Richardson (h^4) error against the hand-written J, relative
constexpr double checksum_tolerance = 1e-12;  // AD against hand-written, relative to the sum of |J_ij|

template <class Field>
void expect_hand_written_matches_differences() {
  for (const auto& x : make_points<Field::n>(20, 7)) {
    const matrix<Field::n> J = Field::jacobian(x);
    for (std::size_t j = 0; j < Field::n; ++j) {
      // column j: (4 D(h/2) - D(h)) / 3 with D(h) = (V(x + h e_j) - V(x - h e_j)) / 2h
      const auto column = [&](double h) {
        auto plus = x, minus = x;
        plus[j] += h;
        minus[j] -= h;
        const auto a = Field::value(plus), b = Field::value(minus);
        std::array<double, Field::n> d;
        for (std::size_t i = 0; i < Field::n; ++i) d[i] = (a[i] - b[i]) / (2 * h);
        return d;
      };
      const auto d1 = column(1e-3), d2 = column(5e-4);
      for (std::size_t i = 0; i < Field::n; ++i) {
        EXPECT_NEAR(J[i][j], (4 * d2[i] - d1[i]) / 3, fd_tolerance * (1 + std::abs(J[i][j]))) << Field::name << " J" << i << j;
      }
    }
  }
}

TEST(ad_bench_cases, hand_written_jacobians_match_finite_differences) {
  expect_hand_written_matches_differences<field3>();
  expect_hand_written_matches_differences<field12>();
}

template <class Field>
void expect_same_checksums() {
  const auto points = make_points<Field::n>(64);
  double scale = 0;
  for (const auto& p : points) {
    for (const auto& row : Field::jacobian(p)) {
      for (double v : row) scale += std::abs(v);
    }
  }
  const double hand = run_hand_written<Field>(points);
  EXPECT_NEAR(run_dual_columns<Field>(points), hand, checksum_tolerance * scale) << Field::name;
  EXPECT_NEAR(run_dual_n<Field>(points), hand, checksum_tolerance * scale) << Field::name;
  EXPECT_EQ(run_dual_n<Field>(points), run_dual_columns<Field>(points)) << Field::name << ": the AD forms differ";
  EXPECT_TRUE(std::isfinite(run_plain<Field>(points)));
}

TEST(ad_bench_cases, every_method_computes_the_same_jacobians) {
  expect_same_checksums<field3>();
  expect_same_checksums<field12>();
}

}  // namespace
}  // namespace framelab::bench
