#pragma once
// invalid_reason: why a dynamic transform is not acceptable as hierarchy node data
// (core/frames/hierarchy.hpp): every component finite, the scale positive, the 3D
// rotation a unit quaternion.
#include <cmath>
#include <string>
#include <type_traits>

#include "core/frames/dynamic_transform.hpp"

namespace framelab {

// Why a dynamic transform is not acceptable as node data (empty if it is).
template <class T, int N>
std::string invalid_reason(const dynamic_transform<T, N>& d) {
  const auto finite = [](const auto& v) {
    if constexpr (std::is_floating_point_v<std::decay_t<decltype(v)>>) {
      return std::isfinite(v);
    } else {
      for (int i = 0; i < v.length(); ++i)
        if (!std::isfinite(v[i])) return false;
      return true;
    }
  };
  if (!finite(d.pose.translation)) return "translation is not finite";
  if (!std::isfinite(d.pose.scale) || !(d.pose.scale > T(0))) return "scale must be a positive finite number";
  if constexpr (N == 2) {
    if (!std::isfinite(d.pose.rotation)) return "rotation angle is not finite";
  } else {
    const auto& q = d.pose.rotation;
    if (!finite(glm::vec<4, T>(q.w, q.x, q.y, q.z))) return "rotation quaternion is not finite";
    if (std::abs(glm::length(q) - T(1)) > T(1e-3)) return "rotation quaternion is not of unit length";
  }
  if (!finite(d.velocity)) return "velocity is not finite";
  if (!finite(d.accel)) return "acceleration is not finite";
  if (!finite(d.angular_velocity)) return "angular velocity is not finite";
  if (!finite(d.angular_accel)) return "angular acceleration is not finite";
  return {};
}

}  // namespace framelab
