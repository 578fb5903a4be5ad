#pragma once
// sin x and cos x of one angle together: the hyper-dual sin and cos (f and f') and the turn
// about an axis (the half angle's sine and cosine) ask for both.
// In WebAssembly (emscripten's musl) sincos reduces the argument modulo pi/2 once for both
// (__rem_pio2, 5 % of tank-turret's `sim` under node, called twice per angle before) and gives
// the same bits as musl's sin and cos; on the desktop the two calls, which the compiler
// already merges into glibc's sincos. The library's bits either way, so a result does not
// change; core/dynamics/cos_sin.hpp is the joint passes' own, inlined and within 2 ulp.
#include <cmath>
#include <type_traits>

#include <glm/gtc/quaternion.hpp>

namespace framelab {

template <class T>
struct sine_cosine {
  T sin, cos;
};

template <class T>
sine_cosine<T> sin_cos(T x) {
#if defined(__EMSCRIPTEN__)
  if constexpr (std::is_same_v<T, double>) {
    double s, c;
    ::sincos(x, &s, &c);
    return {s, c};
  }
#endif
  return {std::sin(x), std::cos(x)};
}

// The unit quaternion of a turn by `angle` about the unit `axis`: (cos(angle/2), sin(angle/2) axis),
// glm::angleAxis's formula and bits, with one sin_cos.
template <class T>
glm::qua<T> turn_about(T angle, const glm::vec<3, T>& axis) {
  const sine_cosine<T> half = sin_cos(angle * T(0.5));
  return glm::qua<T>(half.cos, axis * half.sin);
}

}  // namespace framelab
