#pragma once
// Benchmark cases for forward-mode AD (wrapped by the bench engine as `framelab bench ad`):
// the full Jacobian of a smooth 3D and a smooth 12D field (trigonometric and exponential
// terms) by
//   (a) hand-written derivative code,
//   (b) n evaluations with dual<double> (framelab::jacobian_by_columns, the article's method),
//   (c) one evaluation with dual_n<double, n> (framelab::jacobian),
//   (d) Eigen's AutoDiffScalar with a fixed-size derivative vector (bench code only: Eigen
//       is a benchmark-only dependency, so that case lives in bench/ad_bench.cpp),
// all as ratios to one plain evaluation of the field. Source of the method:
// docs/articles.md, dual-numbers-autodiff. No timing here: each run_* loops over
// a set of points and returns a checksum, so the work cannot be optimised away.
//
// The fields are written once over the scalar S (as the article's MyVectorField), with
// every intermediate declared as S (never auto), so they also take expression-template
// scalars such as Eigen's AutoDiffScalar.
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "common/splitmix64.hpp"
#include "core/ad/autodiff.hpp"

namespace framelab::bench {

template <std::size_t N>
using point = std::array<double, N>;
template <std::size_t N>
using matrix = std::array<std::array<double, N>, N>;  // row-major: J[i][j] = dV_i/dx_j

// [SECTION] the 3D field
//   V0 = sin(x0) e^(x1/2) + cos(x2)
//   V1 = cos(x0 x1) + e^(-x2^2)
//   V2 = x0 sin(x1 + x2) + e^(0.3 x0)
struct field3 {
  static constexpr std::size_t n = 3;
  static constexpr const char* name = "3D";

  template <class S>
  static std::array<S, 3> value(const std::array<S, 3>& x) {
    using std::cos;
    using std::exp;
    using std::sin;
    const S v0 = sin(x[0]) * exp(0.5 * x[1]) + cos(x[2]);
    const S v1 = cos(x[0] * x[1]) + exp(-(x[2] * x[2]));
    const S v2 = x[0] * sin(x[1] + x[2]) + exp(0.3 * x[0]);
    return {v0, v1, v2};
  }

  // by hand, sharing the subexpressions a person would
  static matrix<3> jacobian(const point<3>& x) {
    const double e1 = std::exp(0.5 * x[1]), s0 = std::sin(x[0]);
    const double sp = std::sin(x[0] * x[1]);
    const double q = x[1] + x[2], cq = std::cos(q);
    matrix<3> J;
    J[0] = {std::cos(x[0]) * e1, 0.5 * s0 * e1, -std::sin(x[2])};
    J[1] = {-x[1] * sp, -x[0] * sp, -2.0 * x[2] * std::exp(-(x[2] * x[2]))};
    J[2] = {std::sin(q) + 0.3 * std::exp(0.3 * x[0]), x[0] * cq, x[0] * cq};
    return J;
  }
};

// [SECTION] the 12D field: 12 phase oscillators coupled through their mean field
// (Kuramoto), each with a Gaussian-damped natural frequency. Every V_i depends on every x_j.
//   S = sum_j sin x_j,  C = sum_j cos x_j,  g_i = e^(-a x_i^2)
//   V_i = w_i g_i + (K/n) (S cos x_i - C sin x_i)     (= w_i g_i + (K/n) sum_j sin(x_j - x_i))
struct field12 {
  static constexpr std::size_t n = 12;
  static constexpr const char* name = "12D";
  static constexpr double a = 0.1, coupling = 2.0;
  static constexpr double omega(std::size_t i) { return 1.0 + 0.1 * double(i); }

  template <class S>
  static std::array<S, 12> value(const std::array<S, 12>& x) {
    using std::cos;
    using std::exp;
    using std::sin;
    std::array<S, 12> s, c;
    S sum_sin = S(0.0), sum_cos = S(0.0);
    for (std::size_t j = 0; j < n; ++j) {
      s[j] = sin(x[j]);
      c[j] = cos(x[j]);
      sum_sin += s[j];
      sum_cos += c[j];
    }
    std::array<S, 12> v;
    for (std::size_t i = 0; i < n; ++i) {
      const S g = exp(-a * (x[i] * x[i]));
      const S mean_field = sum_sin * c[i] - sum_cos * s[i];
      v[i] = omega(i) * g + (coupling / double(n)) * mean_field;
    }
    return v;
  }

  // J_ij = (K/n)(cos x_j cos x_i + sin x_j sin x_i) + delta_ij [-2 a x_i w_i g_i - (K/n)(S sin x_i + C cos x_i)]
  static matrix<12> jacobian(const point<12>& x) {
    std::array<double, 12> s, c;
    double sum_sin = 0.0, sum_cos = 0.0;
    for (std::size_t j = 0; j < n; ++j) {
      s[j] = std::sin(x[j]);
      c[j] = std::cos(x[j]);
      sum_sin += s[j];
      sum_cos += c[j];
    }
    constexpr double k = coupling / double(n);
    matrix<12> J;
    for (std::size_t i = 0; i < n; ++i) {
      const double kc = k * c[i], ks = k * s[i];
      for (std::size_t j = 0; j < n; ++j) J[i][j] = kc * c[j] + ks * s[j];
      J[i][i] += -2.0 * a * x[i] * omega(i) * std::exp(-a * (x[i] * x[i])) - (ks * sum_sin + kc * sum_cos);
    }
    return J;
  }
};

// [SECTION] points and the timed loops

// `count` points with coordinates uniform in [-2, 2] (splitmix64, the same on every platform)
template <std::size_t N>
std::vector<point<N>> make_points(std::size_t count, std::uint64_t seed = 1) {
  std::vector<point<N>> points(count);
  splitmix64 random(seed);
  for (auto& p : points) {
    for (double& v : p) v = random.uniform(-2.0, 2.0);
  }
  return points;
}

template <std::size_t N>
double sum_of(const matrix<N>& J) {
  double s = 0.0;
  for (const auto& row : J) {
    for (double v : row) s += v;
  }
  return s;
}

// the baseline: one plain evaluation per point
template <class Field>
double run_plain(const std::vector<point<Field::n>>& points) {
  double checksum = 0.0;
  for (const auto& p : points) {
    for (double v : Field::value(p)) checksum += v;
  }
  return checksum;
}

// (a) hand-written derivative code
template <class Field>
double run_hand_written(const std::vector<point<Field::n>>& points) {
  double checksum = 0.0;
  for (const auto& p : points) checksum += sum_of<Field::n>(Field::jacobian(p));
  return checksum;
}

// (b) n evaluations with dual<double>: V~(x + eps e_j) gives column j
template <class Field>
double run_dual_columns(const std::vector<point<Field::n>>& points) {
  double checksum = 0.0;
  for (const auto& p : points) {
    checksum += sum_of<Field::n>(jacobian_by_columns([](const auto& x) { return Field::value(x); }, p));
  }
  return checksum;
}

// (c) one evaluation with dual_n<double, n>: all n directions at once
template <class Field>
double run_dual_n(const std::vector<point<Field::n>>& points) {
  double checksum = 0.0;
  for (const auto& p : points) checksum += sum_of<Field::n>(jacobian([](const auto& x) { return Field::value(x); }, p));
  return checksum;
}

}  // namespace framelab::bench
