#pragma once
// Operators and elementary functions written once for every forward-mode AD
// number of framelab: dual<T>, dual_n<T, K> (core/ad/dual.hpp, core/ad/dual_n.hpp)
// and hyper_dual<T> (core/ad/hyper_dual.hpp).
//
// A number type D takes part by providing
//   value_type (its real scalar T), real(), an implicit constructor from T
//   (all infinitesimal parts 0), members +=, -=, *=, /= against D and T, unary -,
//   lift(x, rule) and lift2(x, y, rule): how it applies a rule of core/ad/dual_rules.hpp,
//   and a specialisation of is_ad_scalar.
// A type may also define its own binary operators (basic_dual does, as hidden friends
// that build the result in place; overload resolution prefers them to these templates).
// Everything below is a free function of namespace framelab, found by ADL, so
// one template serves T and D alike:
//   template <class S> S wave(S x) { using std::sin; using std::exp; return sin(x) * exp(-x); }
//
// Real parts are computed exactly as the plain T expression would be (x + a,
// x a, x / a, std::sin(x), ...), one IEEE operation at a time, so evaluating
// with D does not change the value (up to the ulp a compiler may save by
// fusing a * b + c of the plain expression into an fma, as clang does).
// Constants: write S(3) * x in code templated over S; with S = float, 3.0 * x
// would be double arithmetic, with S = dual<float> it is float.
// Comparisons look at the real part only: x == y, x < y, ... compare real().
#include "core/ad/dual_rules.hpp"

#include <cmath>
#include <compare>
#include <concepts>
#include <type_traits>

namespace framelab {

template <class D>
struct is_ad_scalar : std::false_type {};
template <class D>
concept ad_scalar = is_ad_scalar<std::remove_cvref_t<D>>::value;
// The real scalar of an AD number. As a parameter type it is not deduced, so
// x * 2 and 2 * x convert the 2 to T.
template <ad_scalar D>
using ad_value_t = typename D::value_type;

// [SECTION] arithmetic: the type's compound assignment does the work

template <ad_scalar D> constexpr D operator+(D a, const D& b) { return a += b; }
template <ad_scalar D> constexpr D operator+(D a, ad_value_t<D> b) { return a += b; }
template <ad_scalar D> constexpr D operator+(ad_value_t<D> a, D b) { return b += a; }
template <ad_scalar D> constexpr D operator-(D a, const D& b) { return a -= b; }
template <ad_scalar D> constexpr D operator-(D a, ad_value_t<D> b) { return a -= b; }
template <ad_scalar D> constexpr D operator-(ad_value_t<D> a, const D& b) {
  D r = -b;
  return r += a;
}
template <ad_scalar D> constexpr D operator*(D a, const D& b) { return a *= b; }
template <ad_scalar D> constexpr D operator*(D a, ad_value_t<D> b) { return a *= b; }
template <ad_scalar D> constexpr D operator*(ad_value_t<D> a, D b) { return b *= a; }
template <ad_scalar D> constexpr D operator/(D a, const D& b) { return a /= b; }
template <ad_scalar D> constexpr D operator/(D a, ad_value_t<D> b) { return a /= b; }
template <ad_scalar D> constexpr D operator/(ad_value_t<D> a, const D& b) {
  D r(a);
  return r /= b;
}

// [SECTION] comparisons by real part (the reversed forms T == D, T < D come from C++20 rewriting)

template <ad_scalar D> constexpr bool operator==(const D& a, const D& b) { return a.real() == b.real(); }
template <ad_scalar D> constexpr bool operator==(const D& a, ad_value_t<D> b) { return a.real() == b; }
template <ad_scalar D> constexpr auto operator<=>(const D& a, const D& b) { return a.real() <=> b.real(); }
template <ad_scalar D> constexpr auto operator<=>(const D& a, ad_value_t<D> b) { return a.real() <=> b; }

template <ad_scalar D> bool isnan(const D& x) { return std::isnan(x.real()); }
template <ad_scalar D> bool isinf(const D& x) { return std::isinf(x.real()); }
template <ad_scalar D> bool isfinite(const D& x) { return std::isfinite(x.real()); }

// [SECTION] elementary functions of one argument
// f(x + eps y) = f(x) + eps y f'(x); the rule for each f is in core/ad/dual_rules.hpp.

#define FRAMELAB_AD_UNARY(name) \
  template <ad_scalar D>        \
  D name(const D& x) {          \
    return lift(x, dual_rules::name##_rule{}); \
  }
FRAMELAB_AD_UNARY(exp)    // exp' = exp
FRAMELAB_AD_UNARY(expm1)  // expm1' = exp
FRAMELAB_AD_UNARY(log)    // log' = 1/x            (log(0) = -inf, log'(0) = +inf)
FRAMELAB_AD_UNARY(log1p)  // log1p' = 1/(1 + x)
FRAMELAB_AD_UNARY(log2)   // log2' = 1/(x ln 2)
FRAMELAB_AD_UNARY(log10)  // log10' = 1/(x ln 10)
FRAMELAB_AD_UNARY(sqrt)   // sqrt' = 1/(2 sqrt x)  (sqrt'(0) = +inf)
FRAMELAB_AD_UNARY(cbrt)   // cbrt' = 1/(3 cbrt(x)^2)
FRAMELAB_AD_UNARY(sin)    // sin' = cos
FRAMELAB_AD_UNARY(cos)    // cos' = -sin
FRAMELAB_AD_UNARY(tan)    // tan' = 1 + tan^2
FRAMELAB_AD_UNARY(asin)   // asin' = 1/sqrt(1 - x^2)
FRAMELAB_AD_UNARY(acos)   // acos' = -1/sqrt(1 - x^2)
FRAMELAB_AD_UNARY(atan)   // atan' = 1/(1 + x^2)
FRAMELAB_AD_UNARY(sinh)   // sinh' = cosh
FRAMELAB_AD_UNARY(cosh)   // cosh' = sinh
FRAMELAB_AD_UNARY(tanh)   // tanh' = 1/cosh^2
FRAMELAB_AD_UNARY(asinh)  // asinh' = 1/sqrt(x^2 + 1)
FRAMELAB_AD_UNARY(acosh)  // acosh' = 1/sqrt(x^2 - 1)
FRAMELAB_AD_UNARY(atanh)  // atanh' = 1/(1 - x^2)
FRAMELAB_AD_UNARY(abs)    // abs' = sign(x), 0 at x = 0
FRAMELAB_AD_UNARY(floor)  // floor' = 0
FRAMELAB_AD_UNARY(ceil)   // ceil' = 0
#undef FRAMELAB_AD_UNARY

template <ad_scalar D> D fabs(const D& x) { return abs(x); }

// [SECTION] powers

// (x^p)' = p x^(p-1) for a constant exponent p
template <ad_scalar D> D pow(const D& x, ad_value_t<D> p) {
  return lift(x, dual_rules::pow_exponent_rule<ad_value_t<D>>{p});
}
// (x^n)' = n x^(n-1) for an integer n (the article's (x, y)^n = (x^n, n x^(n-1) y))
template <ad_scalar D, std::integral I> D pow(const D& x, I n) {
  return pow(x, static_cast<ad_value_t<D>>(n));
}
// (a^y)' = a^y ln a for a constant base a
template <ad_scalar D> D pow(ad_value_t<D> a, const D& y) {
  return lift(y, dual_rules::pow_base_rule<ad_value_t<D>>{a});
}
// d(x^y) = y x^(y-1) dx + x^y ln x dy; a constant exponent (dy = 0) adds nothing,
// so pow(x, D(2)) works for x < 0 like pow(x, 2)
template <ad_scalar D> D pow(const D& x, const D& y) { return lift2(x, y, dual_rules::pow_rule{}); }

// [SECTION] functions of two arguments (a T argument is a constant: all its dual parts are 0)

// d atan2(y, x) = (x dy - y dx)/(x^2 + y^2)
template <ad_scalar D> D atan2(const D& y, const D& x) { return lift2(y, x, dual_rules::atan2_rule{}); }
template <ad_scalar D> D atan2(const D& y, ad_value_t<D> x) { return atan2(y, D(x)); }
template <ad_scalar D> D atan2(ad_value_t<D> y, const D& x) { return atan2(D(y), x); }
// d hypot(x, y) = (x dx + y dy)/hypot(x, y)
template <ad_scalar D> D hypot(const D& x, const D& y) { return lift2(x, y, dual_rules::hypot_rule{}); }
template <ad_scalar D> D hypot(const D& x, ad_value_t<D> y) { return hypot(x, D(y)); }
template <ad_scalar D> D hypot(ad_value_t<D> x, const D& y) { return hypot(D(x), y); }

// fmin and fmax pick one argument, derivatives and all, like std::fmin/fmax:
// a NaN argument loses to a number; on a tie the first argument wins.
template <ad_scalar D> D fmin(const D& a, const D& b) {
  return (std::isnan(a.real()) || b.real() < a.real()) ? b : a;
}
template <ad_scalar D> D fmax(const D& a, const D& b) {
  return (std::isnan(a.real()) || b.real() > a.real()) ? b : a;
}
template <ad_scalar D> D fmin(const D& a, ad_value_t<D> b) { return fmin(a, D(b)); }
template <ad_scalar D> D fmin(ad_value_t<D> a, const D& b) { return fmin(D(a), b); }
template <ad_scalar D> D fmax(const D& a, ad_value_t<D> b) { return fmax(a, D(b)); }
template <ad_scalar D> D fmax(ad_value_t<D> a, const D& b) { return fmax(D(a), b); }

}  // namespace framelab
