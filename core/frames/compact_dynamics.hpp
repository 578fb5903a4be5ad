#pragma once
// compact_dynamics3: a 3D dynamic transform stored in 96 bytes instead of 160, for
// the hierarchy's compact sweep (core/frames/hierarchy.hpp, sweep_locals::compact):
// the rotation quaternion q stays in double (so it stays unit to double precision and
// every rotation formula agrees), T, S, v, a, w and alpha are rounded to float.
// Widening back to double is exact, so a sweep that reads compact locals computes
// exactly (to double rounding) the world of the float-rounded locals:
//   A1' = (fl(T1), q1, fl(S1)),  v1' = fl(v1), a1' = fl(a1), w1' = fl(w1), alpha1' = fl(alpha1)
// with fl(x) = x (1 + d), |d| <= 2^-24 (round to nearest float).
// Layout (the SIMD kernel relies on it): q (x, y, z, w) at bytes 0..31, then 16 floats:
// T 0..2, S 3, v 4..6, a 7..9, w 10..12, alpha 13..15.
// Source: docs/articles.md, transform-hierarchy-dynamics
#include <cmath>
#include <cstddef>
#include <string>
#include <type_traits>

#include "core/frames/dynamic_transform.hpp"

namespace framelab {

struct alignas(32) compact_dynamics3 {
  glm::dquat rotation = identity_rotation<double, 3>();  // q, exact
  glm::vec3 translation = glm::vec3(0.0f);               // fl(T)
  float scale = 1.0f;                                    // fl(S)
  glm::vec3 velocity = glm::vec3(0.0f);                  // fl(v)
  glm::vec3 accel = glm::vec3(0.0f);                     // fl(a)
  glm::vec3 angular_velocity = glm::vec3(0.0f);          // fl(w)
  glm::vec3 angular_accel = glm::vec3(0.0f);             // fl(alpha)
};
static_assert(std::is_standard_layout_v<compact_dynamics3> && sizeof(compact_dynamics3) == 96);
static_assert(offsetof(compact_dynamics3, translation) == 32 && offsetof(compact_dynamics3, scale) == 44 &&
              offsetof(compact_dynamics3, velocity) == 48 && offsetof(compact_dynamics3, angular_accel) == 84);

// Rounds T, S, v, a, w, alpha to float; q is kept. Not inlined (off the hot path: the
// hierarchy calls it on edits): inlined into round_to_compact, GCC 12 at -O2/-O3 copied
// T.x and T.y through unrounded (tests/core/frames/hierarchy_compact_test.cpp caught it).
__attribute__((noinline)) inline compact_dynamics3 to_compact(const dynamic_transform3d& d) {
  const auto fl = [](const glm::dvec3& v) {
    return glm::vec3(static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z));
  };
  compact_dynamics3 c;
  c.rotation = d.pose.rotation;
  c.translation = fl(d.pose.translation);
  c.scale = static_cast<float>(d.pose.scale);
  c.velocity = fl(d.velocity);
  c.accel = fl(d.accel);
  c.angular_velocity = fl(d.angular_velocity);
  c.angular_accel = fl(d.angular_accel);
  return c;
}

// Exact: every float is a double.
inline dynamic_transform3d widen(const compact_dynamics3& c) {
  const auto wide = [](const glm::vec3& v) {
    return glm::dvec3(static_cast<double>(v.x), static_cast<double>(v.y), static_cast<double>(v.z));
  };
  dynamic_transform3d d;
  d.pose.rotation = c.rotation;
  d.pose.translation = wide(c.translation);
  d.pose.scale = static_cast<double>(c.scale);
  d.velocity = wide(c.velocity);
  d.accel = wide(c.accel);
  d.angular_velocity = wide(c.angular_velocity);
  d.angular_accel = wide(c.angular_accel);
  return d;
}

// The dynamics the compact sweep sees for d: widen(to_compact(d)).
inline dynamic_transform3d round_to_compact(const dynamic_transform3d& d) {
  return widen(to_compact(d));
}

// Why d cannot be stored compactly (empty if it can): a value beyond float's range
// (|x| > 3.4e38) would become infinite, and a scale that small would round to 0.
inline std::string compact_reason(const dynamic_transform3d& d) {
  const compact_dynamics3 c = to_compact(d);
  const auto finite = [](const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); };
  if (!finite(c.translation) || !finite(c.velocity) || !finite(c.accel) || !finite(c.angular_velocity) ||
      !finite(c.angular_accel))
    return "a component is beyond float range (the compact sweep stores float locals)";
  if (!std::isfinite(c.scale) || !(c.scale > 0.0f))
    return "the scale is not a positive float (the compact sweep stores float locals)";
  return {};
}

}  // namespace framelab
