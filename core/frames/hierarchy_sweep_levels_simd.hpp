#pragma once
// The 3D double world sweep at the lower sweep levels (core/frames/sweep_level.hpp) with
// AVX2 + FMA: the exact kernel's (core/frames/hierarchy_sweep_simd.hpp) steps for what the
// level asks, and nothing else, on records of 64 (pose) or 112 (velocity) bytes instead
// of 160. The same intrinsics in the same order as the full kernel, so the results are
// bit for bit the full kernel's pose (and velocity).
// Pose level, per node: J2 T1 (3 FMAs), q2 (x) q1 (4), S2 S1, then R3, J3 and q3 (x) i, j, k
// for the children; velocity adds J2 v1, w2 x J2 T1 and R2 w1. No a3, alpha3 or [w2, w3].
// Source: docs/articles.md, transform-hierarchy-dynamics, "Dynamics of the Composition".
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "core/frames/hierarchy_sweep_simd.hpp"
#include "core/frames/sweep_level.hpp"

namespace framelab {

// The kernels read and write transform3d as 8 doubles: T 0..2, q (x, y, z, w) 3..6, S 7;
// moving_transform3d as 14: the pose, v 8..10, w 11..13.
static_assert(std::is_standard_layout_v<transform3d> && sizeof(transform3d) == 8 * sizeof(double) &&
              offsetof(transform3d, rotation) == 3 * sizeof(double) && offsetof(transform3d, scale) == 56);
static_assert(std::is_standard_layout_v<moving_transform3d> && sizeof(moving_transform3d) == 14 * sizeof(double) &&
              offsetof(moving_transform3d, velocity) == 8 * sizeof(double) &&
              offsetof(moving_transform3d, angular_velocity) == 11 * sizeof(double));

#if FRAMELAB_HIERARCHY_SIMD
namespace simd_level_detail {
#define FRAMELAB_SIMD_INLINE __attribute__((target("avx2,fma"), always_inline)) inline
using namespace simd_detail;

// The pose, 8 doubles: T 0..2, q 3..6, S 7 (two aligned 4-double blocks when streaming).
template <bool stream>
FRAMELAB_SIMD_INLINE void store_pose(double* out, __m256d t3, __m256d q3, __m256d s3) {
  const __m256d t_qx = _mm256_blend_pd(t3, _mm256_permute4x64_pd(q3, _MM_SHUFFLE(0, 2, 1, 0)), 0b1000);
  const __m256d qyzw_s = _mm256_blend_pd(_mm256_permute4x64_pd(q3, _MM_SHUFFLE(3, 3, 2, 1)), s3, 0b1000);
  if constexpr (stream) {
    _mm256_stream_pd(out + 0, t_qx);
    _mm256_stream_pd(out + 4, qyzw_s);
  } else {
    _mm256_storeu_pd(out + 0, t_qx);
    _mm256_storeu_pd(out + 4, qyzw_s);
  }
}

// The velocity-level record, 14 doubles: the pose, v 8..10, w 11..13. 112-byte records
// start on 16-byte boundaries only, so streaming stores are 16 bytes wide.
template <bool stream>
FRAMELAB_SIMD_INLINE void store_moving(double* out, __m256d t3, __m256d q3, __m256d s3, __m256d v3, __m256d w3) {
  if constexpr (stream) {
    const __m256d t_qx = _mm256_blend_pd(t3, _mm256_permute4x64_pd(q3, _MM_SHUFFLE(0, 2, 1, 0)), 0b1000);
    const __m256d qyzw_s = _mm256_blend_pd(_mm256_permute4x64_pd(q3, _MM_SHUFFLE(3, 3, 2, 1)), s3, 0b1000);
    const __m256d v_wx = _mm256_blend_pd(v3, _mm256_permute4x64_pd(w3, _MM_SHUFFLE(0, 2, 1, 0)), 0b1000);
    const __m256d wyz = _mm256_permute4x64_pd(w3, _MM_SHUFFLE(3, 3, 2, 1));
    _mm_stream_pd(out + 0, _mm256_castpd256_pd128(t_qx));
    _mm_stream_pd(out + 2, _mm256_extractf128_pd(t_qx, 1));
    _mm_stream_pd(out + 4, _mm256_castpd256_pd128(qyzw_s));
    _mm_stream_pd(out + 6, _mm256_extractf128_pd(qyzw_s, 1));
    _mm_stream_pd(out + 8, _mm256_castpd256_pd128(v_wx));
    _mm_stream_pd(out + 10, _mm256_extractf128_pd(v_wx, 1));
    _mm_stream_pd(out + 12, _mm256_castpd256_pd128(wyz));
  } else {  // overlapping unaligned stores, each overwriting the previous one's unused lane
    _mm256_storeu_pd(out + 0, t3);
    _mm256_storeu_pd(out + 3, q3);
    _mm_store_sd(out + 7, _mm256_castpd256_pd128(s3));
    _mm256_storeu_pd(out + 8, v3);
    // (v_z, w) at 10..13: the last store ends inside the record
    _mm256_storeu_pd(out + 10, _mm256_blend_pd(_mm256_permute4x64_pd(w3, _MM_SHUFFLE(2, 1, 0, 3)), lane<2>(v3), 1));
  }
}

// Pose level: self = parent o local (if it has children); writes the global pose to out.
//   T3 = T2 + J2 T1,  R3 = R2 R1,  S3 = S2 S1
template <bool stream>
FRAMELAB_SIMD_INLINE void compose_pose(const simd_frame& p, const double* l, simd_frame& o, double* out,
                                       bool has_children) {
  const __m256d t3 = _mm256_add_pd(p.translation, mat_vec(p.scol0, p.scol1, p.scol2, l + 0));
  const __m256d s3 = _mm256_mul_pd(p.scale, _mm256_broadcast_sd(l + 7));
  const __m256d q3 = compose_quaternion(p, l + 3);
  store_pose<stream>(out, t3, q3, s3);
  if (!has_children) return;
  // the frame for the children, written once the parent's is read
  o.translation = t3;
  o.scale = s3;
  set_rotation_for_children<false>(o, q3, s3);  // the pose level rotates no angular vectors
}

// Velocity level: the pose as above and
//   v3 = v2 + J2 v1 + w2 J2 T1
//   w3 = w2 + R2 w1 R2^T = w2 + R2 w1 (vector form)
template <bool stream>
FRAMELAB_SIMD_INLINE void compose_moving(const simd_frame& p, const double* l, simd_frame& o, double* out,
                                         bool has_children) {
  const __m256d zero = _mm256_setzero_pd();
  const __m256d j2_t1 = mat_vec(p.scol0, p.scol1, p.scol2, l + 0);
  const __m256d j2_v1 = mat_vec(p.scol0, p.scol1, p.scol2, l + 8);
  const __m256d w2_j2_t1 = add_cross(zero, p.w_yzx, p.w_zxy, yzx(j2_t1), zxy(j2_t1));
  const __m256d t3 = _mm256_add_pd(p.translation, j2_t1);
  const __m256d v3 = _mm256_add_pd(_mm256_add_pd(p.velocity, j2_v1), w2_j2_t1);
  const __m256d w3 = mat_vec_add(p.col0, p.col1, p.col2, l + 11, p.angular_velocity);
  const __m256d s3 = _mm256_mul_pd(p.scale, _mm256_broadcast_sd(l + 7));
  const __m256d q3 = compose_quaternion(p, l + 3);
  store_moving<stream>(out, t3, q3, s3, v3, w3);
  if (!has_children) return;
  o.translation = t3;
  o.velocity = v3;
  o.angular_velocity = w3;
  o.w_yzx = yzx(w3);
  o.w_zxy = zxy(w3);
  o.scale = s3;
  set_rotation_for_children(o, q3, s3);
}

// self = parent o local at Record's level
template <class Record, bool stream>
FRAMELAB_SIMD_INLINE void compose(const simd_frame& p, const double* l, simd_frame& o, double* out, bool has_children) {
  if constexpr (std::is_same_v<Record, transform3d>)
    compose_pose<stream>(p, l, o, out, has_children);
  else
    compose_moving<stream>(p, l, o, out, has_children);
}

// Records are prefetched this many nodes ahead in streaming sweeps (about as many bytes
// ahead as the full kernel's 20 nodes of 160 bytes).
template <class Record>
inline constexpr std::size_t prefetch_nodes = std::is_same_v<Record, transform3d> ? 48 : 28;

}  // namespace simd_level_detail

#undef FRAMELAB_SIMD_INLINE

// One node at a lower level: self = parent o local (left unset without children), out =
// its global record (for recursive users).
__attribute__((target("avx2,fma"))) inline void compose_into_simd(const simd_frame& parent, const transform3d& local,
                                                                  simd_frame& self, transform3d& out,
                                                                  bool has_children = true) {
  simd_level_detail::compose_pose<false>(parent, reinterpret_cast<const double*>(&local), self,
                                         reinterpret_cast<double*>(&out), has_children);
}
__attribute__((target("avx2,fma"))) inline void compose_into_simd(const simd_frame& parent,
                                                                  const moving_transform3d& local, simd_frame& self,
                                                                  moving_transform3d& out, bool has_children = true) {
  simd_level_detail::compose_moving<false>(parent, reinterpret_cast<const double*>(&local), self,
                                           reinterpret_cast<double*>(&out), has_children);
}

namespace simd_level_detail {
// Nodes [first, last) of a preorder range, first < last: node i has children iff the next
// node is deeper (the range's last node has none in it); each depth is read once.
template <class Record, bool stream>
__attribute__((target("avx2,fma"))) inline void sweep_range(const double* l, const std::uint32_t* depth, double* g,
                                                            std::size_t first, std::size_t last, simd_frame* stack) {
  constexpr std::size_t doubles = sizeof(Record) / sizeof(double);
  std::uint32_t d = depth[first];
  for (std::size_t i = first; i + 1 < last; ++i) {
    if constexpr (stream) {
      // the record prefetch_nodes ahead (it spans at most 2 lines from its start on; past the end: harmless hints)
      const char* ahead = reinterpret_cast<const char*>(l + doubles * (i + prefetch_nodes<Record>));
      _mm_prefetch(ahead, _MM_HINT_T0);
      if constexpr (sizeof(Record) > 64) _mm_prefetch(ahead + 64, _MM_HINT_T0);
    }
    const std::uint32_t next = depth[i + 1];
    compose<Record, stream>(stack[d], l + doubles * i, stack[d + 1], g + doubles * i, next > d);
    d = next;
  }
  compose<Record, stream>(stack[d], l + doubles * (last - 1), stack[d + 1], g + doubles * (last - 1), false);
}
}  // namespace simd_level_detail

// sweep_preorder for 3D double pose or velocity records with the SIMD kernel;
// stack[0] must be set (set_world). Ranges of at least stream_min_bytes of output are
// written with streaming stores.
template <class Record>
__attribute__((target("avx2,fma"))) void sweep_preorder_level_simd(const Record* local, const std::uint32_t* depth,
                                                                   Record* global, std::size_t first, std::size_t last,
                                                                   simd_frame* stack,
                                                                   std::size_t stream_min_bytes = simd_stream_min_bytes) {
  static_assert(std::is_same_v<Record, transform3d> || std::is_same_v<Record, moving_transform3d>);
  if (first >= last) return;
  const auto* l = reinterpret_cast<const double*>(local);
  auto* g = reinterpret_cast<double*>(global);
  const bool stream = (last - first) * sizeof(Record) >= stream_min_bytes &&
                      reinterpret_cast<std::uintptr_t>(global + first) % 32 == 0;
  if (stream) {
    simd_level_detail::sweep_range<Record, true>(l, depth, g, first, last, stack);
    _mm_sfence();
  } else {
    simd_level_detail::sweep_range<Record, false>(l, depth, g, first, last, stack);
  }
}
#endif  // FRAMELAB_HIERARCHY_SIMD

}  // namespace framelab
