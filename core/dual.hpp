#pragma once
// dual<T>: the dual number x + eps y with eps^2 = 0, for forward-mode automatic
// differentiation. Source: ../shared/articles/dual-numbers-autodiff.txt.
//
// Evaluating a function written over a template scalar with the dual number
// (x, 1) gives its value and its derivative at x:
//   f~(x, 1) = (f(x), f'(x)).
// dual<T> and dual_n<T, K> (K dual parts at once, core/dual_n.hpp) are one
// class, basic_dual<T, Tangent>, whose dual part is a T or a std::array<T, K>.
// Operators against T, comparisons and the elementary functions (exp, log,
// sqrt, pow, sin, atan2, hypot, ...) are in core/dual_functions.hpp; their
// derivative rules in core/dual_rules.hpp.
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
// the elementary functions (see core/dual_rules.hpp): sqrt(dual(0, 0)) = (0, 0);
// the operators take no such exception: 1 / dual(0, 0) = (inf, NaN).
//
// dual<T>() leaves both parts uninitialised, like T: the type stays trivial,
// which glm::vec needs (its x/r/s unions); dual<T>{} is (0, 0).
#include "core/dual_functions.hpp"

#include <array>
#include <cstddef>
#include <type_traits>

namespace framelab {

namespace dual_detail {
template <class T, class Tangent>
inline constexpr bool is_tangent_v = std::is_same_v<T, Tangent>;
template <class T, std::size_t K>
inline constexpr bool is_tangent_v<T, std::array<T, K>> = true;

// SIMD lanes for the dual parts of dual_n (GCC/Clang vector extensions): the element-wise
// loops below run on whole vectors of parts, with the same IEEE operations per element as
// the scalar loop, so results do not change; only the speed does. K parts take the widest
// vectors that fit (32 bytes with AVX, then 16), then one part at a time: K = 3 doubles is
// one 16-byte vector and a double, K = 12 six 16-byte (or three 32-byte) vectors.
#if defined(__AVX__)
inline constexpr std::size_t simd_bytes = 32;
#else
inline constexpr std::size_t simd_bytes = 16;
#endif
template <class T, std::size_t Bytes = simd_bytes>
struct simd_of {
  using type = void;
};
template <std::size_t Bytes>
struct simd_of<double, Bytes> {
  typedef double type __attribute__((vector_size(Bytes)));
};
template <std::size_t Bytes>
struct simd_of<float, Bytes> {
  typedef float type __attribute__((vector_size(Bytes)));
};

// alignment of the dual parts: 16 bytes (an SSE vector) for std::array<T, K> of at least
// 16 bytes, so part vectors load aligned and fold into the arithmetic; T's otherwise
template <class T, class Tangent>
inline constexpr std::size_t parts_align = (!std::is_same_v<T, Tangent> && sizeof(Tangent) >= 16) ? 16 : alignof(Tangent);

// p exactly as rounded. Where the target has fused multiply-add (-mfma, -march=native, ARM64)
// the compiler may fuse a product of dual parts with a later addition into one fma, and it
// decides that differently in vector and scalar code, so dual_n would stop agreeing bit for bit
// with dual<T>. An empty asm that the optimiser cannot see through keeps each product rounded;
// it emits no instruction. Without fma there is nothing to fuse, and no barrier.
template <class V>
constexpr V rounded(V p) {
#if (defined(__FMA__) && (defined(__x86_64__) || defined(__i386__))) || defined(__aarch64__)
  if (!std::is_constant_evaluated()) {
    if constexpr (!std::is_same_v<V, long double>) {
#if defined(__aarch64__)
      asm("" : "+w"(p));
#else
      asm("" : "+x"(p));
#endif
    }
  }
#endif
  return p;
}

template <class T, class V>
V load(const T* p) {
  V v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}
template <class T, class V>
void store(T* p, const V& v) {
  __builtin_memcpy(p, &v, sizeof v);
}

// The dual part is a T (dual) or a std::array<T, K> (dual_n); these apply an
// element-wise operation to either kind. fn takes T, or a SIMD vector of T.
template <class T, class Tangent, class Fn>
constexpr Tangent map_parts(const Tangent& a, Fn fn) {
  if constexpr (std::is_same_v<Tangent, T>) {
    return fn(a);
  } else {
    using V = typename simd_of<T>::type;
    Tangent r;
    std::size_t k = 0;
    if constexpr (!std::is_void_v<V>) {
      constexpr std::size_t lanes = sizeof(V) / sizeof(T);
      if (!std::is_constant_evaluated()) {
        for (; k + lanes <= r.size(); k += lanes) store(&r[k], fn(load<T, V>(&a[k])));
        if constexpr (lanes * sizeof(T) > 16) {  // AVX: the rest in 16-byte vectors (K = 3, 6, ...)
          using V16 = typename simd_of<T, 16>::type;
          for (; k + 16 / sizeof(T) <= r.size(); k += 16 / sizeof(T)) store(&r[k], fn(load<T, V16>(&a[k])));
        }
      }
    }
    for (; k < r.size(); ++k) r[k] = fn(a[k]);
    return r;
  }
}
template <class T, class Tangent, class Fn>
constexpr Tangent map_parts(const Tangent& a, const Tangent& b, Fn fn) {
  if constexpr (std::is_same_v<Tangent, T>) {
    return fn(a, b);
  } else {
    using V = typename simd_of<T>::type;
    Tangent r;
    std::size_t k = 0;
    if constexpr (!std::is_void_v<V>) {
      constexpr std::size_t lanes = sizeof(V) / sizeof(T);
      if (!std::is_constant_evaluated()) {
        for (; k + lanes <= r.size(); k += lanes) store(&r[k], fn(load<T, V>(&a[k]), load<T, V>(&b[k])));
        if constexpr (lanes * sizeof(T) > 16) {  // AVX: the rest in 16-byte vectors
          using V16 = typename simd_of<T, 16>::type;
          for (; k + 16 / sizeof(T) <= r.size(); k += 16 / sizeof(T))
            store(&r[k], fn(load<T, V16>(&a[k]), load<T, V16>(&b[k])));
        }
      }
    }
    for (; k < r.size(); ++k) r[k] = fn(a[k], b[k]);
    return r;
  }
}
}  // namespace dual_detail

template <class T, class Tangent>
class basic_dual {
  static_assert(std::is_floating_point_v<T>, "framelab::dual needs a floating-point scalar");
  static_assert(dual_detail::is_tangent_v<T, Tangent>, "the dual part of framelab::basic_dual is T or std::array<T, K>");

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

  // (x, y) + (a, b) = (x + a, y + b)
  constexpr basic_dual& operator+=(const basic_dual& o) {
    x_ += o.x_;
    y_ = parts(y_, o.y_, [](auto y, auto b) { return y + b; });
    return *this;
  }
  // (x, y) - (a, b) = (x - a, y - b)
  constexpr basic_dual& operator-=(const basic_dual& o) {
    x_ -= o.x_;
    y_ = parts(y_, o.y_, [](auto y, auto b) { return y - b; });
    return *this;
  }
  // (x, y)(a, b) = (xa, ya + xb)
  constexpr basic_dual& operator*=(const basic_dual& o) {
    const T x = x_, a = o.x_;
    y_ = parts(y_, o.y_, [x, a](auto y, auto b) { return dual_detail::rounded(y * a) + dual_detail::rounded(x * b); });
    x_ = dual_detail::rounded(x * a);
    return *this;
  }
  // (x, y)/(a, b) = (x/a, (ya - xb)/a^2), computed as q = x/a, (y - q b)/a (no a^2 to overflow)
  constexpr basic_dual& operator/=(const basic_dual& o) {
    const T a = o.x_, q = x_ / a;
    y_ = parts(y_, o.y_, [q, a](auto y, auto b) { return (y - dual_detail::rounded(q * b)) / a; });
    x_ = q;
    return *this;
  }
  // (x, y) +- c = (x +- c, y)
  constexpr basic_dual& operator+=(T c) {
    x_ += c;
    return *this;
  }
  constexpr basic_dual& operator-=(T c) {
    x_ -= c;
    return *this;
  }
  // (x, y) c = (xc, yc)
  constexpr basic_dual& operator*=(T c) {
    x_ = dual_detail::rounded(x_ * c);
    y_ = parts(y_, [c](auto y) { return dual_detail::rounded(y * c); });
    return *this;
  }
  // (x, y)/c = (x/c, y/c)
  constexpr basic_dual& operator/=(T c) {
    x_ /= c;
    y_ = parts(y_, [c](auto y) { return y / c; });
    return *this;
  }
  // -(x, y) = (-x, -y)
  constexpr basic_dual operator-() const { return basic_dual(-x_, parts(y_, [](auto y) { return -y; })); }
  constexpr basic_dual operator+() const { return *this; }

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
template <class T>
using dual = basic_dual<T, T>;

template <class T, class Tangent>
struct is_ad_scalar<basic_dual<T, Tangent>> : std::true_type {};

// f(x + eps y) = f(x) + eps y f'(x)
// A finite f'(x) multiplies every part (0 f'(x) = 0 as it is); only an infinite or NaN f'(x)
// takes the masked product of dual_rules::weighted. One test per call, not one per part.
template <class T, class Tangent, class Rule>
basic_dual<T, Tangent> lift(const basic_dual<T, Tangent>& x, const Rule& rule) {
  const T fx = rule.f(x.real());
  const T dfx = dual_rules::df_of(rule, x.real(), fx);
  if (std::isfinite(dfx)) [[likely]]
    return {fx, dual_detail::map_parts<T, Tangent>(x.dual_part(), [dfx](auto y) { return dual_detail::rounded(y * dfx); })};
  return {fx, dual_detail::map_parts<T, Tangent>(x.dual_part(), [dfx](auto y) { return dual_rules::weighted(dfx, y); })};
}

// f(x + eps a, y + eps b) = f(x, y) + eps (a df/dx + b df/dy)
template <class T, class Tangent, class Rule>
basic_dual<T, Tangent> lift2(const basic_dual<T, Tangent>& x, const basic_dual<T, Tangent>& y, const Rule& rule) {
  const T fxy = rule.f(x.real(), y.real());
  const auto d = dual_rules::grad_of(rule, x.real(), y.real(), fxy);
  if (std::isfinite(d.dx) && std::isfinite(d.dy)) [[likely]]
    return {fxy, dual_detail::map_parts<T, Tangent>(x.dual_part(), y.dual_part(),
                                                    [d](auto a, auto b) { return dual_detail::rounded(a * d.dx) + dual_detail::rounded(b * d.dy); })};
  return {fxy, dual_detail::map_parts<T, Tangent>(x.dual_part(), y.dual_part(), [d](auto a, auto b) {
            return dual_rules::weighted(d.dx, a) + dual_rules::weighted(d.dy, b);
          })};
}

}  // namespace framelab
