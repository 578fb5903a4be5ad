#pragma once
// The dual parts of basic_dual (core/ad/dual.hpp) and the element-wise loops over them.
// Source: docs/articles.md, dual-numbers-autodiff.
//
// A dual part is a T (dual<T>) or a std::array<T, K> (dual_n<T, K>). Every operator and
// elementary function applies one formula to each part, y_k -> g(y_k) or (y_k, b_k) -> g(y_k, b_k);
// map_parts runs that formula on whole SIMD vectors of parts at a time, with the same IEEE
// operations per element as the scalar loop, so the results do not change, only the speed.
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
inline constexpr std::size_t parts_align = (!std::is_same_v<T, Tangent> && sizeof(Tangent) >= 16) ? 16
                                                                                                  : alignof(Tangent);

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

}  // namespace framelab
