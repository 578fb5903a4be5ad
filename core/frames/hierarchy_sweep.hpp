#pragma once
// The world sweep of a transform hierarchy stored in depth-first preorder:
// nodes are visited in array order; a node at depth d has its parent's global
// dynamics on top of a small stack (slot d), so no parent index is read and the
// parent's data is always in L1, and subtrees are contiguous ranges.
// Each node computes its global dynamics A3 = A2 o A1 from its parent's A2 and
// its local A1, and caches R3 as a matrix for its own children, so the
// quaternion (or angle) is turned into a matrix once per node, not once per use.
// Source: docs/articles.md, transform-hierarchy-dynamics,
// "Converting Local Dynamics To Global Dynamics".
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/frames/dynamic_transform.hpp"

namespace framelab {

// The pose of a sweep record: a transform is its own pose, the other records
// (moving_transform, dynamic_transform) hold one.
template <class T, int N>
transform<T, N>& pose_of(transform<T, N>& record) {
  return record;
}
template <class T, int N>
const transform<T, N>& pose_of(const transform<T, N>& record) {
  return record;
}
template <class Record>
auto& pose_of(Record& record) {
  return record.pose;
}

// What a record carries beyond its pose (core/frames/sweep_level.hpp): v and w, then a and alpha.
template <class Record>
concept carries_velocity = requires(Record r) { r.velocity; };
template <class Record>
concept carries_acceleration = requires(Record r) { r.accel; };

// A parent as seen by its children during the sweep: its global record and R as a matrix.
template <class Record>
struct record_frame {
  using scalar_type = typename Record::scalar_type;
  static constexpr int dimension = Record::dimension;

  Record global;
  glm::mat<dimension, dimension, scalar_type> rotation = glm::mat<dimension, dimension, scalar_type>(scalar_type(1));

  void refresh_rotation() { rotation = rotation_matrix(pose_of(global).rotation); }
};
template <class T, int N>
using sweep_frame = record_frame<dynamic_transform<T, N>>;

// a3 = a2 o a1 with a2 = parent.global, the formulas of dynamic_transform::operator*
// with R2 taken from parent.rotation, as far as the record goes:
//   T3 = J2 T1 + T2,  R3 = R2 R1,  S3 = S2 S1
//   v3 = v2 + J2 v1 + w2 J2 T1
//   w3 = w2 + R2 w1 R2^T
//   a3 = a2 + J2 a1 + alpha2 J2 T1 + (w2)^2 J2 T1 + 2 w2 J2 v1
//   alpha3 = alpha2 + R2 alpha1 R2^T + [w2, w3]
// A lower level's results are bit for bit the full record's pose (and velocity): the
// expressions are the same whatever the record.
template <class Record>
inline void compose_into(const record_frame<Record>& parent, const Record& a1, Record& a3) {
  using T = typename Record::scalar_type;
  using vec = glm::vec<Record::dimension, T>;
  const Record& a2 = parent.global;
  const auto& r2 = parent.rotation;
  const T s2 = pose_of(a2).scale;
  const vec j2_t1 = r2 * (s2 * pose_of(a1).translation);
  pose_of(a3).translation = pose_of(a2).translation + j2_t1;
  pose_of(a3).rotation = compose_rotations(pose_of(a2).rotation, pose_of(a1).rotation);
  pose_of(a3).scale = s2 * pose_of(a1).scale;
  if constexpr (carries_velocity<Record>) {
    const auto& w2 = a2.angular_velocity;
    const vec j2_v1 = r2 * (s2 * a1.velocity);
    const vec w2_j2_t1 = skew_apply(w2, j2_t1);
    a3.velocity = a2.velocity + j2_v1 + w2_j2_t1;
    a3.angular_velocity = w2 + conjugate_skew(r2, a1.angular_velocity);
    if constexpr (carries_acceleration<Record>) {
      const vec j2_a1 = r2 * (s2 * a1.accel);
      a3.accel = a2.accel + j2_a1 + skew_apply(a2.angular_accel, j2_t1) + skew_apply(w2, w2_j2_t1) +
                 T(2) * skew_apply(w2, j2_v1);
      a3.angular_accel = a2.angular_accel + conjugate_skew(r2, a1.angular_accel) + commutator(w2, a3.angular_velocity);
    }
  }
}

// to = from. On WebAssembly field by field: the whole record's assignment is one memcpy of
// up to 160 bytes, which bulk memory makes a memory.copy, under V8 a call out of the compiled
// code (the fields' copies stay loads and stores; tank-turret's world sweep under node 8 % faster).
// Elsewhere the whole record: on x86-64 the fields' copies made the portable sweep of 10^5
// nodes 5 % slower (`bench hierarchy --kernels portable`: 47.4 against 51.0 ns per node).
template <class Record>
constexpr std::size_t copied_bytes() {
  using pose_type = std::remove_cvref_t<decltype(pose_of(std::declval<Record&>()))>;
  std::size_t bytes = sizeof(pose_type::translation) + sizeof(pose_type::rotation) + sizeof(pose_type::scale);
  if constexpr (carries_velocity<Record>) bytes += sizeof(Record::velocity) + sizeof(Record::angular_velocity);
  if constexpr (carries_acceleration<Record>) bytes += sizeof(Record::accel) + sizeof(Record::angular_accel);
  return bytes;
}
template <class Record>
inline void copy_record(const Record& from, Record& to) {
  static_assert(copied_bytes<Record>() == sizeof(Record), "copy_record: a field of the record is not copied");
#if defined(__wasm__)
  pose_of(to).translation = pose_of(from).translation;
  pose_of(to).rotation = pose_of(from).rotation;
  pose_of(to).scale = pose_of(from).scale;
  if constexpr (carries_velocity<Record>) {
    to.velocity = from.velocity;
    to.angular_velocity = from.angular_velocity;
    if constexpr (carries_acceleration<Record>) {
      to.accel = from.accel;
      to.angular_accel = from.angular_accel;
    }
  }
#else
  to = from;
#endif
}

// Sweeps nodes [first, last) of a preorder layout, at any sweep level (Record: transform,
// moving_transform or dynamic_transform). depth[i] is the node's depth below the sweep's
// base frame stack[0] (the world, or the parent of a subtree); stack must hold max
// depth + 2 frames. Writes global[i] for every node.
// Every node's R is turned into a matrix, children or not: skipping it for leaves (the
// next node no deeper) saved 3 % in cache but cost 10 % at 10^6 nodes (38.7 against 35.1
// ns/node; mispredicted branches leave fewer loads in flight, and this kernel has no
// software prefetch). The AVX2 kernels skip their frame for leaves.
template <class Record, class Depth>
void sweep_preorder(const Record* local, const Depth* depth, Record* global, std::size_t first, std::size_t last,
                    record_frame<Record>* stack) {
  for (std::size_t i = first; i < last; ++i) {
    const std::size_t d = depth[i];
    record_frame<Record>& self = stack[d + 1];
    compose_into(stack[d], local[i], self.global);
    self.refresh_rotation();
    copy_record(self.global, global[i]);
  }
}

}  // namespace framelab
