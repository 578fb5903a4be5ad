#pragma once
// The derivative table shared by dual<T>, dual_n<T, K> and hyper_dual<T>.
// Source: docs/articles.md, dual-numbers-autodiff, "Extending Real
// Functions to the Dual Plane": any differentiable f extends to the dual plane by
//   f~(x, y) = (f(x), y f'(x)),
// so an elementary function is known to the dual numbers once its value f(x)
// and its derivative f'(x) are. Each function is written ONCE here as a rule:
//   f(x)               the real function, exactly as <cmath> computes it,
//   df(x, fx)          f'(x)   (fx = f(x) is passed in so a rule can reuse it),
//   d2f(x, fx, dfx)    f''(x)  (only hyper_dual asks for it).
// Two-argument rules give the partial derivatives instead (grad, hess).
// Each number type says once how it applies a rule (its `lift`, `lift2`).
//
// Domain edges: the rules are evaluated with plain IEEE arithmetic, exactly
// like the real formula, with no clamping. Where f' is
// infinite (sqrt, cbrt at 0; log, log2, log10 at 0; log1p at -1; asin, acos
// at +-1; acosh at 1; atanh at +-1) the dual part is y f'(x) = +-inf, the sign
// following y and f'. Outside the domain f(x) is NaN and so is f'(x) (df_of).
// One deliberate exception, applied by every lift through `weighted`: a dual
// part that is exactly zero stays zero (0 f'(x) = 0 even for f' = inf or NaN),
// since the input does not move in that direction. (dual and dual_n call
// `weighted` only when f' is not finite; for a finite f' the plain product
// 0 f'(x) is already zero, +0 or -0.) Without it a Jacobian
// column of a variable that sqrt(x0) does not depend on would read NaN at x0 = 0.
#include <cmath>
#include <type_traits>
#include <numbers>

#include "core/sin_cos.hpp"

namespace framelab::dual_rules {

// [SECTION] helpers

// c w, where a zero weight w contributes exactly zero even if c is infinite or
// NaN: an argument that does not vary in a direction (the exponent of
// pow(x, D(2.0)), or sqrt(x0) seen from x1) must not spoil it with 0 * inf.
template <class T, class W>
constexpr W weighted(T c, W w) {
  if constexpr (std::is_same_v<W, T>) {
    return w == T(0) ? T(0) : c * w;
  } else {
    // a SIMD vector of parts (core/ad/dual.hpp): the product, masked to +0 in the lanes where w == 0
    const W product = c * w;
    const auto nonzero = w != W{};
    return __builtin_bit_cast(W, __builtin_bit_cast(decltype(nonzero), product) & nonzero);
  }
}

// Partial derivatives of a two-argument rule f(x, y); x is the first argument.
template <class T>
struct partials {
  T dx, dy;  // df/dx, df/dy
};
template <class T>
struct second_partials {
  T dxx, dxy, dyy;  // d2f/dx2, d2f/dxdy, d2f/dy2
};

// f'(x) and f''(x) of a rule, NaN where f(x) is NaN: outside the domain there
// is no derivative, even where the formula for f' gives a number (1/x for log
// at x = -1). The lifts call these, not the rule's df, d2f, grad, hess.
//
// A rule whose formula for f' is NaN wherever f is NaN already (sin' = cos is NaN
// at +-inf like sin; sqrt' = 1/(2 sqrt x) is NaN for x < 0 like sqrt) says so with
//   static constexpr bool df_nan_where_f_nan = true;
// and df_of returns its f' without the test (tests/core/ad/dual_zero_parts_test.cpp checks each claim).
template <class Rule>
concept df_nan_where_f_nan = Rule::df_nan_where_f_nan;

template <class Rule, class T>
T df_of(const Rule& rule, T x, T fx) {
  if constexpr (df_nan_where_f_nan<Rule>) {
    return rule.df(x, fx);
  } else {
    return std::isnan(fx) ? fx : rule.df(x, fx);
  }
}
// f(x) and f'(x) (as df_of gives it) for the lifts. A rule that computes both at once says so
// with a static f_df(x) returning them (sin and cos: one argument reduction, core/sin_cos.hpp).
template <class T>
struct value_and_slope {
  T f, df;
};
template <class Rule, class T>
value_and_slope<T> f_and_df_of(const Rule& rule, T x) {
  if constexpr (requires { Rule::f_df(x); }) {
    return Rule::f_df(x);
  } else {
    const T fx = rule.f(x);
    return {fx, df_of(rule, x, fx)};
  }
}
template <class Rule, class T>
T d2f_of(const Rule& rule, T x, T fx, T dfx) {
  return std::isnan(fx) ? fx : rule.d2f(x, fx, dfx);
}
template <class Rule, class T>
partials<T> grad_of(const Rule& rule, T x, T y, T fxy) {
  return std::isnan(fxy) ? partials<T>{fxy, fxy} : rule.grad(x, y, fxy);
}
template <class Rule, class T>
second_partials<T> hess_of(const Rule& rule, T x, T y, T fxy) {
  return std::isnan(fxy) ? second_partials<T>{fxy, fxy, fxy} : rule.hess(x, y, fxy);
}

// [SECTION] exponentials and logarithms

// (e^x)' = e^x, (e^x)'' = e^x
struct exp_rule {
  static constexpr bool df_nan_where_f_nan = true;
  template <class T> static T f(T x) { return std::exp(x); }
  template <class T> static T df(T, T fx) { return fx; }
  template <class T> static T d2f(T, T, T dfx) { return dfx; }
};
// (e^x - 1)' = e^x (not fx + 1: that cancels for x << 0), (e^x - 1)'' = e^x
struct expm1_rule {
  static constexpr bool df_nan_where_f_nan = true;
  template <class T> static T f(T x) { return std::expm1(x); }
  template <class T> static T df(T x, T) { return std::exp(x); }
  template <class T> static T d2f(T, T, T dfx) { return dfx; }
};
// (log x)' = 1/x, (log x)'' = -1/x^2
struct log_rule {
  template <class T> static T f(T x) { return std::log(x); }
  template <class T> static T df(T x, T) { return T(1) / x; }
  template <class T> static T d2f(T, T, T dfx) { return -dfx * dfx; }
};
// (log(1 + x))' = 1/(1 + x), (log(1 + x))'' = -1/(1 + x)^2
struct log1p_rule {
  template <class T> static T f(T x) { return std::log1p(x); }
  template <class T> static T df(T x, T) { return T(1) / (T(1) + x); }
  template <class T> static T d2f(T, T, T dfx) { return -dfx * dfx; }
};
// (log2 x)' = 1/(x ln 2), (log2 x)'' = -1/(x^2 ln 2) = -f'(x)/x
struct log2_rule {
  template <class T> static T f(T x) { return std::log2(x); }
  template <class T> static T df(T x, T) { return T(1) / (x * std::numbers::ln2_v<T>); }
  template <class T> static T d2f(T x, T, T dfx) { return -dfx / x; }
};
// (log10 x)' = 1/(x ln 10), (log10 x)'' = -1/(x^2 ln 10) = -f'(x)/x
struct log10_rule {
  template <class T> static T f(T x) { return std::log10(x); }
  template <class T> static T df(T x, T) { return T(1) / (x * std::numbers::ln10_v<T>); }
  template <class T> static T d2f(T x, T, T dfx) { return -dfx / x; }
};

// [SECTION] powers and roots

// (sqrt x)' = 1/(2 sqrt x)  (+inf at 0), (sqrt x)'' = -1/(4 x sqrt x) = -f'(x)/(2x)
struct sqrt_rule {
  static constexpr bool df_nan_where_f_nan = true;
  template <class T> static T f(T x) { return std::sqrt(x); }
  template <class T> static T df(T, T fx) { return T(0.5) / fx; }
  template <class T> static T d2f(T x, T, T dfx) { return -dfx / (T(2) * x); }
};
// (cbrt x)' = 1/(3 cbrt(x)^2)  (+inf at 0), (cbrt x)'' = -2/(9 x cbrt(x)^2) = -2 f'(x)/(3x)
struct cbrt_rule {
  static constexpr bool df_nan_where_f_nan = true;
  template <class T> static T f(T x) { return std::cbrt(x); }
  template <class T> static T df(T, T fx) { return T(1) / (T(3) * fx * fx); }
  template <class T> static T d2f(T x, T, T dfx) { return T(-2) * dfx / (T(3) * x); }
};
// x^p for a constant p: (x^p)' = p x^(p-1), (x^p)'' = p (p-1) x^(p-2).
// p = 0 and p = 1 give exact zeros (x^0 and x^1 are smooth at x = 0).
template <class T>
struct pow_exponent_rule {
  T p;
  T f(T x) const { return std::pow(x, p); }
  T df(T x, T) const { return p == T(0) ? T(0) : p * std::pow(x, p - T(1)); }
  T d2f(T x, T, T) const {
    return (p == T(0) || p == T(1)) ? T(0) : p * (p - T(1)) * std::pow(x, p - T(2));
  }
};
// a^y for a constant base a: (a^y)' = a^y ln a, (a^y)'' = a^y (ln a)^2.
// Where a^y = 0 (a = 0, y > 0) the derivative is 0, not 0 * (-inf).
template <class T>
struct pow_base_rule {
  static constexpr bool df_nan_where_f_nan = true;
  T a;
  T f(T y) const { return std::pow(a, y); }
  T df(T, T fy) const { return fy == T(0) ? T(0) : fy * std::log(a); }
  T d2f(T, T, T dfy) const { return dfy == T(0) ? T(0) : dfy * std::log(a); }
};
// x^y, both varying:
//   df/dx = y x^(y-1)             df/dy = x^y ln x
//   d2f/dx2 = y (y-1) x^(y-2)     d2f/dxdy = x^(y-1) (1 + y ln x)     d2f/dy2 = x^y (ln x)^2
struct pow_rule {
  template <class T> static T f(T x, T y) { return std::pow(x, y); }
  template <class T> static partials<T> grad(T x, T y, T fxy) {
    return {pow_exponent_rule<T>{y}.df(x, fxy), pow_base_rule<T>{x}.df(y, fxy)};
  }
  template <class T> static second_partials<T> hess(T x, T y, T fxy) {
    const T log_x = std::log(x);
    return {pow_exponent_rule<T>{y}.d2f(x, fxy, T(0)), std::pow(x, y - T(1)) * (T(1) + y * log_x),
            fxy == T(0) ? T(0) : fxy * log_x * log_x};
  }
};
// hypot(x, y) = h = sqrt(x^2 + y^2), computed without overflow:
//   df/dx = x/h   df/dy = y/h   d2f/dx2 = y^2/h^3   d2f/dxdy = -x y/h^3   d2f/dy2 = x^2/h^3
// (at the origin h = 0 and the derivatives are NaN, as for the real function)
struct hypot_rule {
  template <class T> static T f(T x, T y) { return std::hypot(x, y); }
  template <class T> static partials<T> grad(T x, T y, T h) { return {x / h, y / h}; }
  template <class T> static second_partials<T> hess(T x, T y, T h) {
    const T u = x / h, v = y / h;
    return {v * v / h, -u * v / h, u * u / h};
  }
};

// [SECTION] trigonometric functions

// sin' = cos, sin'' = -sin
struct sin_rule {
  static constexpr bool df_nan_where_f_nan = true;
  template <class T> static T f(T x) { return std::sin(x); }
  template <class T> static T df(T x, T) { return std::cos(x); }
  template <class T> static value_and_slope<T> f_df(T x) { const auto r = sin_cos(x); return {r.sin, r.cos}; }
  template <class T> static T d2f(T, T fx, T) { return -fx; }
};
// cos' = -sin, cos'' = -cos
struct cos_rule {
  static constexpr bool df_nan_where_f_nan = true;
  template <class T> static T f(T x) { return std::cos(x); }
  template <class T> static T df(T x, T) { return -std::sin(x); }
  template <class T> static value_and_slope<T> f_df(T x) { const auto r = sin_cos(x); return {r.cos, -r.sin}; }
  template <class T> static T d2f(T, T fx, T) { return -fx; }
};
// tan' = 1 + tan^2, tan'' = 2 tan (1 + tan^2)
struct tan_rule {
  static constexpr bool df_nan_where_f_nan = true;
  template <class T> static T f(T x) { return std::tan(x); }
  template <class T> static T df(T, T fx) { return T(1) + fx * fx; }
  template <class T> static T d2f(T, T fx, T dfx) { return T(2) * fx * dfx; }
};
// asin' = 1/sqrt(1 - x^2) = 1/sqrt((1 - x)(1 + x))  (+inf at +-1), asin'' = x/(1 - x^2)^(3/2) = x asin'^3
struct asin_rule {
  static constexpr bool df_nan_where_f_nan = true;
  template <class T> static T f(T x) { return std::asin(x); }
  template <class T> static T df(T x, T) { return T(1) / std::sqrt((T(1) - x) * (T(1) + x)); }
  template <class T> static T d2f(T x, T, T dfx) { return x * dfx * dfx * dfx; }
};
// acos' = -1/sqrt(1 - x^2)  (-inf at +-1), acos'' = -x/(1 - x^2)^(3/2) = x acos'^3
struct acos_rule {
  static constexpr bool df_nan_where_f_nan = true;
  template <class T> static T f(T x) { return std::acos(x); }
  template <class T> static T df(T x, T) { return T(-1) / std::sqrt((T(1) - x) * (T(1) + x)); }
  template <class T> static T d2f(T x, T, T dfx) { return x * dfx * dfx * dfx; }
};
// atan' = 1/(1 + x^2), atan'' = -2x/(1 + x^2)^2 = -2x atan'^2
struct atan_rule {
  static constexpr bool df_nan_where_f_nan = true;
  template <class T> static T f(T x) { return std::atan(x); }
  template <class T> static T df(T x, T) { return T(1) / (T(1) + x * x); }
  template <class T> static T d2f(T x, T, T dfx) { return T(-2) * x * dfx * dfx; }
};
// atan2(y, x), the angle of the point (x, y); r^2 = x^2 + y^2 (scaled by h = hypot(x, y)):
//   df/dy = x/r^2   df/dx = -y/r^2   d2f/dy2 = -2xy/r^4   d2f/dydx = (y^2 - x^2)/r^4   d2f/dx2 = 2xy/r^4
// The rule's first argument is y, as in std::atan2(y, x).
struct atan2_rule {
  template <class T> static T f(T y, T x) { return std::atan2(y, x); }
  template <class T> static partials<T> grad(T y, T x, T) {
    const T h = std::hypot(x, y);
    return {(x / h) / h, (-y / h) / h};
  }
  template <class T> static second_partials<T> hess(T y, T x, T) {
    const T h = std::hypot(x, y), u = x / h, v = y / h;
    return {T(-2) * u * v / h / h, (v * v - u * u) / h / h, T(2) * u * v / h / h};
  }
};

// [SECTION] hyperbolic functions

// sinh' = cosh, sinh'' = sinh
struct sinh_rule {
  static constexpr bool df_nan_where_f_nan = true;
  template <class T> static T f(T x) { return std::sinh(x); }
  template <class T> static T df(T x, T) { return std::cosh(x); }
  template <class T> static T d2f(T, T fx, T) { return fx; }
};
// cosh' = sinh, cosh'' = cosh
struct cosh_rule {
  static constexpr bool df_nan_where_f_nan = true;
  template <class T> static T f(T x) { return std::cosh(x); }
  template <class T> static T df(T x, T) { return std::sinh(x); }
  template <class T> static T d2f(T, T fx, T) { return fx; }
};
// tanh' = 1/cosh^2 (= 1 - tanh^2, which cancels for large |x|), tanh'' = -2 tanh tanh'
struct tanh_rule {
  static constexpr bool df_nan_where_f_nan = true;
  template <class T> static T f(T x) { return std::tanh(x); }
  template <class T> static T df(T x, T) {
    const T c = std::cosh(x);
    return T(1) / (c * c);
  }
  template <class T> static T d2f(T, T fx, T dfx) { return T(-2) * fx * dfx; }
};
// asinh' = 1/sqrt(x^2 + 1) = 1/hypot(x, 1), asinh'' = -x/(x^2 + 1)^(3/2) = -x asinh'^3
struct asinh_rule {
  static constexpr bool df_nan_where_f_nan = true;
  template <class T> static T f(T x) { return std::asinh(x); }
  template <class T> static T df(T x, T) { return T(1) / std::hypot(x, T(1)); }
  template <class T> static T d2f(T x, T, T dfx) { return -x * dfx * dfx * dfx; }
};
// acosh' = 1/sqrt(x^2 - 1) = 1/(sqrt(x - 1) sqrt(x + 1))  (+inf at 1), acosh'' = -x acosh'^3
struct acosh_rule {
  static constexpr bool df_nan_where_f_nan = true;
  template <class T> static T f(T x) { return std::acosh(x); }
  template <class T> static T df(T x, T) { return T(1) / (std::sqrt(x - T(1)) * std::sqrt(x + T(1))); }
  template <class T> static T d2f(T x, T, T dfx) { return -x * dfx * dfx * dfx; }
};
// atanh' = 1/(1 - x^2) = 1/((1 - x)(1 + x))  (+inf at +-1), atanh'' = 2x/(1 - x^2)^2 = 2x atanh'^2
struct atanh_rule {
  template <class T> static T f(T x) { return std::atanh(x); }
  template <class T> static T df(T x, T) { return T(1) / ((T(1) - x) * (T(1) + x)); }
  template <class T> static T d2f(T x, T, T dfx) { return T(2) * x * dfx * dfx; }
};

// [SECTION] piecewise functions

// |x|' = sign(x), |x|'' = 0. At x = 0 the one-sided derivatives are -1 and +1;
// we take their mean, 0 (as JAX and Eigen do). NaN stays NaN.
struct abs_rule {
  static constexpr bool df_nan_where_f_nan = true;
  template <class T> static T f(T x) { return std::abs(x); }
  template <class T> static T df(T x, T) { return x > T(0) ? T(1) : x < T(0) ? T(-1) : x == T(0) ? T(0) : x; }
  template <class T> static T d2f(T, T, T) { return T(0); }
};
// floor' = 0, floor'' = 0 (the jumps at integers are not seen)
struct floor_rule {
  template <class T> static T f(T x) { return std::floor(x); }
  template <class T> static T df(T, T) { return T(0); }
  template <class T> static T d2f(T, T, T) { return T(0); }
};
// ceil' = 0, ceil'' = 0
struct ceil_rule {
  template <class T> static T f(T x) { return std::ceil(x); }
  template <class T> static T df(T, T) { return T(0); }
  template <class T> static T d2f(T, T, T) { return T(0); }
};

}  // namespace framelab::dual_rules
