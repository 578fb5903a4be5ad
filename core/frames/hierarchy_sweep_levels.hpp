#pragma once
// The world sweep at the lower sweep levels (core/frames/sweep_level.hpp): the same
// preorder sweep as sweep_preorder (core/frames/hierarchy_sweep.hpp), over records that
// hold only what the level asks for, so it moves fewer bytes and computes less per node.
// The expressions are compose_into's, term for term and in the same order, so a level's
// results are bit for bit the full sweep's pose (and velocity) on the same compiler.
// Source: docs/articles.md, transform-hierarchy-dynamics,
// "Converting Local Dynamics To Global Dynamics".
#include <cstddef>
#include <type_traits>

#include "core/frames/hierarchy_sweep.hpp"
#include "core/frames/sweep_level.hpp"

namespace framelab {

// A parent as seen by its children in a level sweep: its global record and R as a matrix.
template <class Record>
struct level_frame {
  using scalar_type = typename Record::scalar_type;
  static constexpr int dimension = Record::dimension;

  Record global;
  glm::mat<dimension, dimension, scalar_type> rotation = glm::mat<dimension, dimension, scalar_type>(scalar_type(1));

  void refresh_rotation() { rotation = rotation_matrix(pose().rotation); }
  const transform<scalar_type, dimension>& pose() const {
    if constexpr (std::is_same_v<Record, transform<scalar_type, dimension>>)
      return global;
    else
      return global.pose;
  }
};

// The frame a sweep over Record keeps per depth (dynamic_transform: sweep_frame).
template <class Record>
using frame_of_t =
    std::conditional_t<std::is_same_v<Record, dynamic_transform<typename Record::scalar_type, Record::dimension>>,
                       sweep_frame<typename Record::scalar_type, Record::dimension>, level_frame<Record>>;

// Pose level, A3 = A2 o A1 with R2 taken from parent.rotation:
//   T3 = J2 T1 + T2,  R3 = R2 R1,  S3 = S2 S1
template <class T, int N>
inline void compose_into(const level_frame<transform<T, N>>& parent, const transform<T, N>& a1, transform<T, N>& a3) {
  const transform<T, N>& a2 = parent.global;
  const T s2 = a2.scale;
  const glm::vec<N, T> j2_t1 = parent.rotation * (s2 * a1.translation);
  a3.translation = a2.translation + j2_t1;
  a3.rotation = compose_rotations(a2.rotation, a1.rotation);
  a3.scale = s2 * a1.scale;
}

// Velocity level: the pose as above and
//   v3 = v2 + J2 v1 + w2 J2 T1
//   w3 = w2 + R2 w1 R2^T
template <class T, int N>
inline void compose_into(const level_frame<moving_transform<T, N>>& parent, const moving_transform<T, N>& a1,
                         moving_transform<T, N>& a3) {
  using vec = glm::vec<N, T>;
  const moving_transform<T, N>& a2 = parent.global;
  const glm::mat<N, N, T>& r2 = parent.rotation;
  const T s2 = a2.pose.scale;
  const auto& w2 = a2.angular_velocity;
  const vec j2_t1 = r2 * (s2 * a1.pose.translation);
  const vec j2_v1 = r2 * (s2 * a1.velocity);
  const vec w2_j2_t1 = skew_apply(w2, j2_t1);
  a3.pose.translation = a2.pose.translation + j2_t1;
  a3.pose.rotation = compose_rotations(a2.pose.rotation, a1.pose.rotation);
  a3.pose.scale = s2 * a1.pose.scale;
  a3.velocity = a2.velocity + j2_v1 + w2_j2_t1;
  a3.angular_velocity = w2 + conjugate_skew(r2, a1.angular_velocity);
}

// sweep_preorder over level records: nodes [first, last), stack[0] the base frame,
// max depth + 2 frames.
template <class Record, class Depth>
void sweep_preorder_level(const Record* local, const Depth* depth, Record* global, std::size_t first, std::size_t last,
                          level_frame<Record>* stack) {
  for (std::size_t i = first; i < last; ++i) {
    const std::size_t d = depth[i];
    level_frame<Record>& self = stack[d + 1];
    compose_into(stack[d], local[i], self.global);
    self.refresh_rotation();
    global[i] = self.global;
  }
}

}  // namespace framelab
