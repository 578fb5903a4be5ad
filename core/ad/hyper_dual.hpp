#pragma once
// hyper_dual<T>: x0 + eps1 x1 + eps2 x2 + eps1 eps2 x12 with eps1^2 = eps2^2 = 0
// and eps1 eps2 != 0, for exact second derivatives (Fike and Alonso's
// hyper-dual numbers; it extends the article's dual numbers,
// docs/articles.md, dual-numbers-autodiff, "extensions to the higher derivatives").
//
// The Taylor series stops after the eps1 eps2 term:
//   f(x + eps1 a + eps2 b) = f(x) + eps1 a f'(x) + eps2 b f'(x) + eps1 eps2 a b f''(x),
// so seeding x + eps1 + eps2 reads f' from eps1() (and eps2()) and f'' from
// eps12(), exactly, with no step size. For f: R^n -> R, seeding variable i
// with eps1 and variable j with eps2 gives d2f/dxi dxj in eps12():
// framelab::hessian (core/ad/autodiff.hpp) does this.
//
// Same habits as dual<T>: the elementary functions and operators against T are
// in core/ad/dual_functions.hpp (rules with f'' in core/ad/dual_rules.hpp), found by
// ADL; comparisons look at the real part; domain edges follow the rule in IEEE
// arithmetic (sqrt(hyper_dual(0, 1, 1)) has eps1 = eps2 = +inf, eps12 = -inf);
// a part that is exactly 0 stays 0.
//
//   framelab::hyper_dual<double> x(0.5, 1.0, 1.0);   // x = 0.5, seeded twice
//   auto y = sin(x) * x;  // y.eps1() = sin 0.5 + 0.5 cos 0.5, y.eps12() = 2 cos 0.5 - 0.5 sin 0.5
#include "core/ad/dual_functions.hpp"

#include <type_traits>

namespace framelab {

template <class T>
class hyper_dual {
  static_assert(std::is_floating_point_v<T>, "framelab::hyper_dual needs a floating-point scalar");

 public:
  using value_type = T;

  hyper_dual() = default;  // uninitialised like T; hyper_dual<T>{} is 0
  // x = x + eps1 0 + eps2 0 + eps1 eps2 0: a constant
  constexpr hyper_dual(T x) : x0_(x), x1_(0), x2_(0), x12_(0) {}  // NOLINT(google-explicit-constructor)
  constexpr hyper_dual(T x, T e1, T e2, T e12 = T(0)) : x0_(x), x1_(e1), x2_(e2), x12_(e12) {}

  constexpr T real() const { return x0_; }
  constexpr T eps1() const { return x1_; }
  constexpr T eps2() const { return x2_; }
  constexpr T eps12() const { return x12_; }

  // sums and differences act part by part
  constexpr hyper_dual& operator+=(const hyper_dual& o) {
    x0_ += o.x0_, x1_ += o.x1_, x2_ += o.x2_, x12_ += o.x12_;
    return *this;
  }
  constexpr hyper_dual& operator-=(const hyper_dual& o) {
    x0_ -= o.x0_, x1_ -= o.x1_, x2_ -= o.x2_, x12_ -= o.x12_;
    return *this;
  }
  // x a = x0 a0 + eps1 (x1 a0 + x0 a1) + eps2 (x2 a0 + x0 a2) + eps1 eps2 (x12 a0 + x1 a2 + x2 a1 + x0 a12)
  constexpr hyper_dual& operator*=(const hyper_dual& a) {
    const hyper_dual x = *this;
    x0_ = x.x0_ * a.x0_;
    x1_ = x.x1_ * a.x0_ + x.x0_ * a.x1_;
    x2_ = x.x2_ * a.x0_ + x.x0_ * a.x2_;
    x12_ = x.x12_ * a.x0_ + x.x1_ * a.x2_ + x.x2_ * a.x1_ + x.x0_ * a.x12_;
    return *this;
  }
  // q = x/a solves q a = x part by part:
  //   q0 = x0/a0, q1 = (x1 - q0 a1)/a0, q2 = (x2 - q0 a2)/a0, q12 = (x12 - q0 a12 - q1 a2 - q2 a1)/a0
  constexpr hyper_dual& operator/=(const hyper_dual& a) {
    const T q0 = x0_ / a.x0_;
    const T q1 = (x1_ - q0 * a.x1_) / a.x0_;
    const T q2 = (x2_ - q0 * a.x2_) / a.x0_;
    x12_ = (x12_ - q0 * a.x12_ - q1 * a.x2_ - q2 * a.x1_) / a.x0_;
    x0_ = q0, x1_ = q1, x2_ = q2;
    return *this;
  }
  constexpr hyper_dual& operator+=(T c) {
    x0_ += c;
    return *this;
  }
  constexpr hyper_dual& operator-=(T c) {
    x0_ -= c;
    return *this;
  }
  constexpr hyper_dual& operator*=(T c) {
    x0_ *= c, x1_ *= c, x2_ *= c, x12_ *= c;
    return *this;
  }
  constexpr hyper_dual& operator/=(T c) {
    x0_ /= c, x1_ /= c, x2_ /= c, x12_ /= c;
    return *this;
  }
  constexpr hyper_dual operator-() const { return hyper_dual(-x0_, -x1_, -x2_, -x12_); }
  constexpr hyper_dual operator+() const { return *this; }

 private:
  T x0_, x1_, x2_, x12_;
};

template <class T>
struct is_ad_scalar<hyper_dual<T>> : std::true_type {};

// f(x0 + eps1 x1 + eps2 x2 + eps1 eps2 x12)
//   = f(x0) + eps1 x1 f' + eps2 x2 f' + eps1 eps2 (x12 f' + x1 x2 f'')
template <class T, class Rule>
hyper_dual<T> lift(const hyper_dual<T>& x, const Rule& rule) {
  using dual_rules::weighted;
  const dual_rules::value_and_slope<T> values = dual_rules::f_and_df_of(rule, x.real());
  const T f = values.f, df = values.df;
  const T d2f = dual_rules::d2f_of(rule, x.real(), f, df);
  return {f, weighted(df, x.eps1()), weighted(df, x.eps2()),
          weighted(df, x.eps12()) + weighted(d2f, x.eps1() * x.eps2())};
}

// f(u, v) with u = u0 + eps1 u1 + eps2 u2 + eps1 eps2 u12 and v alike:
//   eps1:       fu u1 + fv v1          eps2: fu u2 + fv v2
//   eps1 eps2:  fu u12 + fv v12 + fuu u1 u2 + fuv (u1 v2 + u2 v1) + fvv v1 v2
template <class T, class Rule>
hyper_dual<T> lift2(const hyper_dual<T>& u, const hyper_dual<T>& v, const Rule& rule) {
  using dual_rules::weighted;
  const T f = rule.f(u.real(), v.real());
  const auto d = dual_rules::grad_of(rule, u.real(), v.real(), f);
  const auto h = dual_rules::hess_of(rule, u.real(), v.real(), f);
  return {f, weighted(d.dx, u.eps1()) + weighted(d.dy, v.eps1()),
          weighted(d.dx, u.eps2()) + weighted(d.dy, v.eps2()),
          weighted(d.dx, u.eps12()) + weighted(d.dy, v.eps12()) + weighted(h.dxx, u.eps1() * u.eps2()) +
              weighted(h.dxy, u.eps1() * v.eps2() + u.eps2() * v.eps1()) + weighted(h.dyy, v.eps1() * v.eps2())};
}

}  // namespace framelab
