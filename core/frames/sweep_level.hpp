#pragma once
// sweep_level: how much of the dynamics a hierarchy's world sweep computes, and the
// records it sweeps at each level (core/frames/hierarchy.hpp, set_sweep_level):
//   pose:         A3 = A2 o A1 only, (T, R, S)                        transform<T, N>
//   velocity:     the pose and v3, w3                                  moving_transform<T, N>
//   acceleration: the pose, v3, w3, a3 and alpha3 (the default)        dynamic_transform<T, N>
// A scene that reads no global acceleration (most draw poses, some show velocities)
// asks for less, and the sweep moves and computes less per node: in 3D double, 64, 112
// or 160 bytes per record read and as many written.
// What a lower level does not compute is reported as NaN (with_untracked_nan), never
// as a number that could be taken for a result.
// Source: docs/articles.md, transform-hierarchy-dynamics
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "core/frames/dynamic_transform.hpp"

namespace framelab {

enum class sweep_level {
  pose,          // T, R, S
  velocity,      // and v, w
  acceleration,  // and a, alpha: everything (the default)
};

inline const char* sweep_level_name(sweep_level level) {
  switch (level) {
    case sweep_level::pose:
      return "pose";
    case sweep_level::velocity:
      return "velocity";
    case sweep_level::acceleration:
      break;
  }
  return "acceleration";
}

// A transform with its first time derivatives: a dynamic_transform without a and alpha.
template <class T, int N>
struct moving_transform {
  using scalar_type = T;
  static constexpr int dimension = N;

  transform<T, N> pose;                               // A = (T, R, S)
  glm::vec<N, T> velocity = glm::vec<N, T>(T(0));     // v
  skew_t<T, N> angular_velocity = zero_skew<T, N>();  // w
};
using moving_transform3d = moving_transform<double, 3>;

// The record a sweep at `level` reads and writes for each node.
template <class T, int N, sweep_level level>
using sweep_record_t = std::conditional_t<
    level == sweep_level::pose, transform<T, N>,
    std::conditional_t<level == sweep_level::velocity, moving_transform<T, N>, dynamic_transform<T, N>>>;

// The part of d a record keeps.
template <class T, int N>
void take_tracked(const dynamic_transform<T, N>& d, transform<T, N>& out) {
  out = d.pose;
}
template <class T, int N>
void take_tracked(const dynamic_transform<T, N>& d, moving_transform<T, N>& out) {
  out.pose = d.pose;
  out.velocity = d.velocity;
  out.angular_velocity = d.angular_velocity;
}

// A record as full dynamics: what the level does not track is NaN.
template <class T, int N>
dynamic_transform<T, N> with_untracked_nan(const moving_transform<T, N>& m) {
  constexpr T nan = std::numeric_limits<T>::quiet_NaN();
  dynamic_transform<T, N> d;
  d.pose = m.pose;
  d.velocity = m.velocity;
  d.angular_velocity = m.angular_velocity;
  d.accel = glm::vec<N, T>(nan);
  d.angular_accel = skew_t<T, N>(nan);
  return d;
}
template <class T, int N>
dynamic_transform<T, N> with_untracked_nan(const transform<T, N>& pose) {
  constexpr T nan = std::numeric_limits<T>::quiet_NaN();
  moving_transform<T, N> m;
  m.pose = pose;
  m.velocity = glm::vec<N, T>(nan);
  m.angular_velocity = skew_t<T, N>(nan);
  return with_untracked_nan(m);
}
// d with what `level` does not track set to NaN
template <class T, int N>
dynamic_transform<T, N> with_untracked_nan(const dynamic_transform<T, N>& d, sweep_level level) {
  if (level == sweep_level::pose) return with_untracked_nan(d.pose);
  if (level == sweep_level::velocity) {
    moving_transform<T, N> m;
    take_tracked(d, m);
    return with_untracked_nan(m);
  }
  return d;
}

// Bytes the world sweep moves per node at `level`: it reads the local record and the
// depth and writes the global record (streaming stores on big trees: no read for ownership).
template <class T, int N>
constexpr std::size_t sweep_level_bytes_per_node(sweep_level level) {
  const std::size_t record = level == sweep_level::pose       ? sizeof(transform<T, N>)
                             : level == sweep_level::velocity ? sizeof(moving_transform<T, N>)
                                                              : sizeof(dynamic_transform<T, N>);
  return record + sizeof(std::uint32_t) + record;
}

}  // namespace framelab
