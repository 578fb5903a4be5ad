#pragma once
// dual<T>: the dual number x + eps y with eps^2 = 0, for forward-mode automatic
// differentiation. Source: docs/articles.md, dual-numbers-autodiff.
//
// Evaluating a function written over a template scalar with the dual number
// (x, 1) gives its value and its derivative at x:
//   f~(x, 1) = (f(x), f'(x)).
// dual<T> and dual_n<T, K> (K dual parts at once, core/ad/dual_n.hpp) are one
// class, basic_dual<T, Tangent, Zeros>, whose dual part is a T or a std::array<T, K>;
// the parts and the SIMD loops over them are in core/ad/dual_parts.hpp.
// Operators against T, comparisons and the elementary functions (exp, log,
// sqrt, pow, sin, atan2, hypot, ...) are in core/ad/dual_functions.hpp; their
// derivative rules in core/ad/dual_rules.hpp.
//
//   framelab::dual<double> x(0.5, 1.0);        // x = 0.5, dx = 1
//   auto y = sin(x) * exp(x);                  // found by ADL
//   y.real();       // sin(0.5) e^0.5
//   y.dual_part();  // (cos(0.5) + sin(0.5)) e^0.5
//
// Domain edges behave like the real function, with the derivative following
// the rule in IEEE arithmetic: log(dual(0, 1)) = (-inf, +inf),
// sqrt(dual(0, 1)) = (0, +inf) (never a silent 0), log(dual(-1, 1)) = (NaN, NaN),
// 1 / dual(0, 1) = (+inf, -inf). A dual part that is exactly 0 stays 0 through
// the elementary functions (see core/ad/dual_rules.hpp): sqrt(dual(0, 0)) = (0, 0);
// the operators take no such exception: 1 / dual(0, 0) = (inf, NaN). That exception
// costs a test in every function; basic_dual<T, Tangent, zero_parts::ieee> drops it
// (sqrt gives (0, NaN) there) and is what the helpers of core/ad/autodiff.hpp evaluate with
// first, falling back to the default only where it would differ.
//
// dual<T>() leaves both parts uninitialised, like T: the type stays trivial,
// which glm::vec needs (its x/r/s unions); dual<T>{} is (0, 0).
#include "core/ad/dual_functions.hpp"
#include "core/ad/dual_parts.hpp"

#include <array>
#include <cstddef>
#include <type_traits>

namespace framelab {

// What an elementary function does with a dual part that is exactly 0 where f'(x) is
// infinite or NaN (sqrt and log at 0, asin at 1, any f outside its domain):
enum class zero_parts {
  kept,  // it stays 0: the input does not move in that direction (dual<T>, dual_n<T, K>)
  ieee,  // 0 f'(x) as IEEE computes it, NaN: no test per function. The helpers of
         // core/ad/autodiff.hpp evaluate with this first, and again with `kept` only where
         // such an f'(x) was met, which gives the `kept` result bit for bit.
};

namespace dual_detail {
// Set by a zero_parts::ieee function whose f'(x) (or a partial derivative) was infinite or
// NaN: the one place where ieee and kept numbers differ. The helpers of core/ad/autodiff.hpp
// clear it, evaluate, and evaluate again with kept numbers if it was set.
inline thread_local bool non_finite_derivative_seen = false;
}  // namespace dual_detail

template <class T, class Tangent, zero_parts Zeros = zero_parts::kept>
class basic_dual {
  static_assert(std::is_floating_point_v<T>, "framelab::dual needs a floating-point scalar");
  static_assert(dual_detail::is_tangent_v<T, Tangent>,
                "the dual part of framelab::basic_dual is T or std::array<T, K>");

 public:
  using value_type = T;
  using dual_part_type = Tangent;

  basic_dual() = default;
  // x = (x, 0): a constant
  constexpr basic_dual(T x) : y_{}, x_(x) {}  // NOLINT(google-explicit-constructor): T converts like a real number
  // (x, y)
  constexpr basic_dual(T x, const Tangent& y) : y_(y), x_(x) {}

  constexpr T real() const { return x_; }
  constexpr const Tangent& dual_part() const { return y_; }

  // The operators build their result in place (hidden friends, chosen over the generic
  // templates of core/ad/dual_functions.hpp); *= and /= call them, += and -= update in place.

  // (x, y) + (a, b) = (x + a, y + b)
  friend constexpr basic_dual operator+(const basic_dual& u, const basic_dual& v) {
    return {u.x_ + v.x_, parts(u.y_, v.y_, [](auto y, auto b) { return y + b; })};
  }
  // (x, y) - (a, b) = (x - a, y - b)
  friend constexpr basic_dual operator-(const basic_dual& u, const basic_dual& v) {
    return {u.x_ - v.x_, parts(u.y_, v.y_, [](auto y, auto b) { return y - b; })};
  }
  // (x, y)(a, b) = (xa, ya + xb)
  friend constexpr basic_dual operator*(const basic_dual& u, const basic_dual& v) {
    const T x = u.x_, a = v.x_;
    return {dual_detail::rounded(x * a), parts(u.y_, v.y_, [x, a](auto y, auto b) {
              return dual_detail::rounded(y * a) + dual_detail::rounded(x * b);
            })};
  }
  // (x, y)/(a, b) = (x/a, (ya - xb)/a^2), computed as q = x/a, (y - q b)/a (no a^2 to overflow)
  friend constexpr basic_dual operator/(const basic_dual& u, const basic_dual& v) {
    const T a = v.x_, q = u.x_ / a;
    return {q, parts(u.y_, v.y_, [q, a](auto y, auto b) { return (y - dual_detail::rounded(q * b)) / a; })};
  }
  // (x, y) +- c = (x +- c, y),  c - (x, y) = (c - x, -y)
  friend constexpr basic_dual operator+(const basic_dual& u, T c) { return {u.x_ + c, u.y_}; }
  friend constexpr basic_dual operator+(T c, const basic_dual& u) { return {c + u.x_, u.y_}; }
  friend constexpr basic_dual operator-(const basic_dual& u, T c) { return {u.x_ - c, u.y_}; }
  friend constexpr basic_dual operator-(T c, const basic_dual& u) {
    return {c - u.x_, parts(u.y_, [](auto y) { return -y; })};
  }
  // (x, y) c = (xc, yc)
  friend constexpr basic_dual operator*(const basic_dual& u, T c) {
    return {dual_detail::rounded(u.x_ * c), parts(u.y_, [c](auto y) { return dual_detail::rounded(y * c); })};
  }
  friend constexpr basic_dual operator*(T c, const basic_dual& u) { return u * c; }
  // (x, y)/c = (x/c, y/c),  c/(x, y) = (c, 0)/(x, y)
  friend constexpr basic_dual operator/(const basic_dual& u, T c) {
    return {u.x_ / c, parts(u.y_, [c](auto y) { return y / c; })};
  }
  friend constexpr basic_dual operator/(T c, const basic_dual& u) { return basic_dual(c) / u; }
  // -(x, y) = (-x, -y)
  constexpr basic_dual operator-() const {
    return basic_dual(-x_, parts(y_, [](auto y) { return -y; }));
  }
  constexpr basic_dual operator+() const { return *this; }

  // a sum s += a[j] keeps s where it is
  constexpr basic_dual& operator+=(const basic_dual& o) {
    x_ += o.x_;
    y_ = parts(y_, o.y_, [](auto y, auto b) { return y + b; });
    return *this;
  }
  constexpr basic_dual& operator-=(const basic_dual& o) {
    x_ -= o.x_;
    y_ = parts(y_, o.y_, [](auto y, auto b) { return y - b; });
    return *this;
  }
  constexpr basic_dual& operator*=(const basic_dual& o) { return *this = *this * o; }
  constexpr basic_dual& operator/=(const basic_dual& o) { return *this = *this / o; }
  constexpr basic_dual& operator+=(T c) {
    x_ += c;
    return *this;
  }
  constexpr basic_dual& operator-=(T c) {
    x_ -= c;
    return *this;
  }
  constexpr basic_dual& operator*=(T c) { return *this = *this * c; }
  constexpr basic_dual& operator/=(T c) { return *this = *this / c; }

 private:
  template <class... A>
  static constexpr Tangent parts(const A&... a) {
    return dual_detail::map_parts<T, Tangent>(a...);
  }

  // the parts first, on a 16-byte boundary, so part vectors load aligned (and fold into arithmetic)
  alignas(dual_detail::parts_align<T, Tangent>) Tangent y_;
  T x_;
};

// dual<T>: one dual part, dual_part() is a T.
template <class T, zero_parts Zeros = zero_parts::kept>
using dual = basic_dual<T, T, Zeros>;

template <class T, class Tangent, zero_parts Z>
struct is_ad_scalar<basic_dual<T, Tangent, Z>> : std::true_type {};

// f(x + eps y) = f(x) + eps y f'(x)
// zero_parts::ieee: every part times f'(x), with no branch; an infinite or NaN f'(x) only
// raises dual_detail::non_finite_derivative_seen. zero_parts::kept: the same product where
// f'(x) is finite (0 f'(x) = 0 as it is); an infinite or NaN f'(x) takes the masked product
// of dual_rules::weighted, one test per call, not one per part.
template <class T, class Tangent, zero_parts Z, class Rule>
basic_dual<T, Tangent, Z> lift(const basic_dual<T, Tangent, Z>& x, const Rule& rule) {
  const dual_rules::value_and_slope<T> values = dual_rules::f_and_df_of(rule, x.real());
  const T fx = values.f, dfx = values.df;
  if constexpr (Z == zero_parts::ieee) dual_detail::non_finite_derivative_seen |= !std::isfinite(dfx);
  if (Z == zero_parts::ieee || std::isfinite(dfx)) [[likely]]
    return {fx,
            dual_detail::map_parts<T, Tangent>(x.dual_part(), [dfx](auto y) { return dual_detail::rounded(y * dfx); })};
  return {fx,
          dual_detail::map_parts<T, Tangent>(x.dual_part(), [dfx](auto y) { return dual_rules::weighted(dfx, y); })};
}

// f(x + eps a, y + eps b) = f(x, y) + eps (a df/dx + b df/dy), zero parts as in lift
template <class T, class Tangent, zero_parts Z, class Rule>
basic_dual<T, Tangent, Z> lift2(const basic_dual<T, Tangent, Z>& x, const basic_dual<T, Tangent, Z>& y,
                                const Rule& rule) {
  const T fxy = rule.f(x.real(), y.real());
  const auto d = dual_rules::grad_of(rule, x.real(), y.real(), fxy);
  if constexpr (Z == zero_parts::ieee)
    dual_detail::non_finite_derivative_seen |= !(std::isfinite(d.dx) && std::isfinite(d.dy));
  if (Z == zero_parts::ieee || (std::isfinite(d.dx) && std::isfinite(d.dy))) [[likely]]
    return {fxy, dual_detail::map_parts<T, Tangent>(x.dual_part(), y.dual_part(), [d](auto a, auto b) {
              return dual_detail::rounded(a * d.dx) + dual_detail::rounded(b * d.dy);
            })};
  return {fxy, dual_detail::map_parts<T, Tangent>(x.dual_part(), y.dual_part(), [d](auto a, auto b) {
            return dual_rules::weighted(d.dx, a) + dual_rules::weighted(d.dy, b);
          })};
}

}  // namespace framelab
