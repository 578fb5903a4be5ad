// Jacobi elliptic functions and elliptic integrals against independent
// identities, limits, known values and numerical quadrature.
#include "core/rotation/jacobi_elliptic.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

namespace {

using framelab::elliptic_f;
using framelab::elliptic_k;
using framelab::elliptic_k_mc;
using framelab::jacobi_elliptic;

constexpr double pi = std::numbers::pi;
constexpr double identity_tol = 1e-14;    // sn^2 + cn^2 = 1 etc.
constexpr double value_tol = 1e-13;       // against closed forms
constexpr double fd_tol = 1e-8;           // central difference, step 1e-5
constexpr double quadrature_tol = 1e-12;  // against composite Gauss-Legendre

const std::vector<double> parameters{0.0, 1e-6, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99, 0.999999, 1.0};
const std::vector<double> arguments{-7.3, -2.0, -0.4, 0.0, 0.3, 1.0, 1.7, 2.5, 4.0, 11.0, 123.4};

// Composite 8-point Gauss-Legendre quadrature of f over [a, b].
template <class F>
double integrate(F f, double a, double b, int panels = 200) {
  static const double x[4] = {0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363};
  static const double w[4] = {0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763};
  double sum = 0;
  const double h = (b - a) / panels;
  for (int p = 0; p < panels; ++p) {
    const double mid = a + (p + 0.5) * h, half = h / 2;
    for (int i = 0; i < 4; ++i) sum += w[i] * half * (f(mid - half * x[i]) + f(mid + half * x[i]));
  }
  return sum;
}

TEST(JacobiElliptic, PythagoreanIdentities) {
  for (double m : parameters) {
    for (double u : arguments) {
      const auto j = jacobi_elliptic(u, m);
      EXPECT_NEAR(j.sn * j.sn + j.cn * j.cn, 1.0, identity_tol) << "m=" << m << " u=" << u;
      EXPECT_NEAR(j.dn * j.dn + m * j.sn * j.sn, 1.0, identity_tol) << "m=" << m << " u=" << u;
    }
  }
}

TEST(JacobiElliptic, DerivativesMatchFiniteDifferences) {
  // d sn/du = cn dn,  d cn/du = -sn dn,  d dn/du = -m sn cn
  const double h = 1e-5;
  for (double m : parameters) {
    for (double u : arguments) {
      const auto j = jacobi_elliptic(u, m);
      const auto p = jacobi_elliptic(u + h, m), q = jacobi_elliptic(u - h, m);
      EXPECT_NEAR((p.sn - q.sn) / (2 * h), j.cn * j.dn, fd_tol) << "m=" << m << " u=" << u;
      EXPECT_NEAR((p.cn - q.cn) / (2 * h), -j.sn * j.dn, fd_tol) << "m=" << m << " u=" << u;
      EXPECT_NEAR((p.dn - q.dn) / (2 * h), -m * j.sn * j.cn, fd_tol) << "m=" << m << " u=" << u;
    }
  }
}

TEST(JacobiElliptic, LimitsAreCircularAndHyperbolic) {
  for (double u : arguments) {
    const auto c = jacobi_elliptic(u, 0.0);  // k = 0: sin, cos, 1
    EXPECT_NEAR(c.sn, std::sin(u), value_tol);
    EXPECT_NEAR(c.cn, std::cos(u), value_tol);
    EXPECT_NEAR(c.dn, 1.0, value_tol);
    const auto h = jacobi_elliptic(u, 1.0);  // k = 1: tanh, sech, sech
    EXPECT_NEAR(h.sn, std::tanh(u), value_tol);
    EXPECT_NEAR(h.cn, 1.0 / std::cosh(u), value_tol);
    EXPECT_NEAR(h.dn, 1.0 / std::cosh(u), value_tol);
  }
  // Close to m = 1 the functions approach tanh/sech continuously (|u| small).
  const auto n = jacobi_elliptic(0.8, 1.0 - 1e-12, 1e-12);
  EXPECT_NEAR(n.sn, std::tanh(0.8), 1e-11);
  EXPECT_NEAR(n.dn, 1.0 / std::cosh(0.8), 1e-11);
}

TEST(JacobiElliptic, SpecialValuesAndPeriods) {
  for (double m : parameters) {
    if (m == 1.0) continue;
    const double k = elliptic_k(m);
    // sn(K) = 1, cn(K) = 0, dn(K) = sqrt(1 - m)
    const auto q = jacobi_elliptic(k, m);
    EXPECT_NEAR(q.sn, 1.0, value_tol) << m;
    EXPECT_NEAR(q.cn, 0.0, 1e-12) << m;
    EXPECT_NEAR(q.dn, std::sqrt(1 - m), 1e-12) << m;
    // sn(u + 2K) = -sn(u), cn(u + 2K) = -cn(u), dn(u + 2K) = dn(u)
    for (double u : {0.3, 1.1, -2.2}) {
      const auto a = jacobi_elliptic(u, m), b = jacobi_elliptic(u + 2 * k, m);
      EXPECT_NEAR(b.sn, -a.sn, 1e-12);
      EXPECT_NEAR(b.cn, -a.cn, 1e-12);
      EXPECT_NEAR(b.dn, a.dn, 1e-12);
    }
  }
}

TEST(EllipticK, KnownValues) {
  EXPECT_NEAR(elliptic_k(0.0), pi / 2, 1e-15);
  EXPECT_TRUE(std::isinf(elliptic_k(1.0)));
  // K(1/2) = Gamma(1/4)^2 / (4 sqrt(pi))
  const double g = std::tgamma(0.25);
  EXPECT_NEAR(elliptic_k(0.5), g * g / (4 * std::sqrt(pi)), 1e-14);
  // Near m = 1: K ~ ln(4 / k') + O(k'^2 ln k'), k' = sqrt(mc)
  const double mc = 1e-12;
  EXPECT_NEAR(elliptic_k_mc(mc), std::log(4 / std::sqrt(mc)), 1e-9);
  EXPECT_TRUE(std::isnan(elliptic_k(1.5)));
}

TEST(EllipticK, MatchesQuadrature) {
  for (double m : {0.1, 0.5, 0.9, 0.99}) {
    const double q = integrate([m](double t) { return 1 / std::sqrt(1 - m * std::sin(t) * std::sin(t)); }, 0, pi / 2);
    EXPECT_NEAR(elliptic_k(m), q, quadrature_tol) << m;
  }
}

TEST(EllipticF, MatchesQuadratureAndInvertsAmplitude) {
  for (double m : {0.0, 0.2, 0.75, 0.95}) {
    for (double phi : {-4.0, -1.2, 0.0, 0.4, 1.5, 2.0, 3.9, 7.0}) {
      const double q = integrate([m](double t) { return 1 / std::sqrt(1 - m * std::sin(t) * std::sin(t)); }, 0, phi);
      const double f = elliptic_f(phi, m);
      EXPECT_NEAR(f, q, quadrature_tol) << "m=" << m << " phi=" << phi;
      // sn(F(phi|m)) = sin(phi), cn(F(phi|m)) = cos(phi)
      const auto j = jacobi_elliptic(f, m);
      EXPECT_NEAR(j.sn, std::sin(phi), 1e-13);
      EXPECT_NEAR(j.cn, std::cos(phi), 1e-13);
    }
  }
  // F(pi/2 | m) = K(m)
  EXPECT_NEAR(elliptic_f(pi / 2, 0.6), elliptic_k(0.6), 1e-14);
}

TEST(JacobiElliptic, OutOfDomainIsNaN) {
  EXPECT_TRUE(std::isnan(jacobi_elliptic(1.0, -0.1).sn));
  EXPECT_TRUE(std::isnan(jacobi_elliptic(1.0, 1.1).sn));
  EXPECT_TRUE(std::isnan(jacobi_elliptic(std::nan(""), 0.5).dn));
}

TEST(JacobiElliptic, FloatInstantiation) {
  const auto j = jacobi_elliptic(0.7f, 0.4f);
  EXPECT_NEAR(j.sn * j.sn + j.cn * j.cn, 1.0f, 1e-6f);
  EXPECT_NEAR(elliptic_k(0.0f), float(pi / 2), 1e-6f);
}

}  // namespace
