#pragma once
// The 3D double-precision world sweep with AVX2 + FMA: one node's composition
// A3 = A2 o A1 with its 3-vectors in 4-wide registers (lane 3 unused), selected
// at run time (hierarchy_simd_available()), so the default x86-64 build uses it
// on CPUs that have it and the portable kernel (core/frames/hierarchy_sweep.hpp) elsewhere.
// Same formulas as compose_into; results agree to rounding (FMA).
// Kept off port 5 (the shuffle port, which bounded the first version): the local
// record's components enter as broadcast loads from memory, the parent's frame
// carries what its children need precomputed (J2's columns, q2 (x) i, j, k, w2's
// permutations), and sums are folded into FMA chains. 17.5 -> 16 ns per node in cache.
// A node without children (about half of a random tree) computes and stores no frame,
// and R's columns come from q (x) i, j, k in two FMAs each: 19.2 -> 13.8 ns per node
// in cache on the issue-17 host (147 -> 124 instructions per node, callgrind).
// Source: docs/articles.md, transform-hierarchy-dynamics, "Dynamics of the Composition".
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "core/cpu_features.hpp"
#include "core/frames/hierarchy_sweep.hpp"

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define FRAMELAB_HIERARCHY_SIMD 1
#include <immintrin.h>
#else
#define FRAMELAB_HIERARCHY_SIMD 0
#endif

namespace framelab {

// The kernel reads and writes dynamic_transform3d as 20 doubles:
// T 0..2, q (x, y, z, w) 3..6, S 7, v 8..10, a 11..13, w 14..16, alpha 17..19.
static_assert(std::is_standard_layout_v<dynamic_transform3d> && sizeof(dynamic_transform3d) == 20 * sizeof(double));
static_assert(offsetof(dynamic_transform3d, velocity) == 8 * sizeof(double) &&
              offsetof(dynamic_transform3d, angular_accel) == 17 * sizeof(double));
static_assert(offsetof(glm::dquat, x) == 0 && offsetof(glm::dquat, w) == 3 * sizeof(double),
              "the SIMD sweep expects GLM's default quaternion storage (x, y, z, w)");

// Output arrays at least this large are written with streaming stores (they do
// not fit in the caches, and reading them back would only evict the input). The
// default of every SIMD sweep's stream_min_bytes (hierarchy::set_stream_min_bytes).
inline constexpr std::size_t simd_stream_min_bytes = std::size_t(8) << 20;

// true if this build has the SIMD kernel and the CPU can run it.
inline bool hierarchy_simd_available() {
#if FRAMELAB_HIERARCHY_SIMD
  return cpu_has_avx2_fma();
#else
  return false;
#endif
}

#if FRAMELAB_HIERARCHY_SIMD
// A parent as seen by its children: 3-vectors in lanes 0..2, R as three columns,
// w also pre-permuted for cross products, q as (x, y, z, w), S in every lane.
// q_i, q_j, q_k are q (x) i, q (x) j, q (x) k, so a child's q (x) q1 is four FMAs
// with q1's components broadcast from memory (no shuffles).
struct alignas(32) simd_frame {
  __m256d translation, velocity, accel, angular_velocity, w_yzx, w_zxy, angular_accel;
  __m256d col0, col1, col2, rotation, q_i, q_j, q_k, scale;
  __m256d scol0, scol1, scol2;  // the columns of J = R S
};

namespace simd_detail {
#define FRAMELAB_SIMD_INLINE __attribute__((target("avx2,fma"), always_inline)) inline
template <int k>
FRAMELAB_SIMD_INLINE __m256d lane(__m256d x) {
  return _mm256_permute4x64_pd(x, _MM_SHUFFLE(k, k, k, k));
}
FRAMELAB_SIMD_INLINE __m256d yzx(__m256d x) {
  return _mm256_permute4x64_pd(x, _MM_SHUFFLE(3, 0, 2, 1));
}
FRAMELAB_SIMD_INLINE __m256d zxy(__m256d x) {
  return _mm256_permute4x64_pd(x, _MM_SHUFFLE(3, 1, 0, 2));
}
// M x + y with M given by its columns and x by three doubles in memory
// (broadcast loads, no shuffles): c0 x0 + c1 x1 + c2 x2 + y
FRAMELAB_SIMD_INLINE __m256d mat_vec_add(__m256d c0, __m256d c1, __m256d c2, const double* x, __m256d y) {
  return _mm256_fmadd_pd(
      c2, _mm256_broadcast_sd(x + 2),
      _mm256_fmadd_pd(c1, _mm256_broadcast_sd(x + 1), _mm256_fmadd_pd(c0, _mm256_broadcast_sd(x), y)));
}
FRAMELAB_SIMD_INLINE __m256d mat_vec(__m256d c0, __m256d c1, __m256d c2, const double* x) {
  return _mm256_fmadd_pd(c2, _mm256_broadcast_sd(x + 2),
                         _mm256_fmadd_pd(c1, _mm256_broadcast_sd(x + 1), _mm256_mul_pd(c0, _mm256_broadcast_sd(x))));
}
// y + a x b = y + a_yzx b_zxy - a_zxy b_yzx, with b's permutations given
FRAMELAB_SIMD_INLINE __m256d add_cross(__m256d y, __m256d a_yzx, __m256d a_zxy, __m256d b_yzx, __m256d b_zxy) {
  return _mm256_fmadd_pd(a_yzx, b_zxy, _mm256_fnmadd_pd(a_zxy, b_yzx, y));
}
// a x b = a_yzx b_zxy - a_zxy b_yzx
FRAMELAB_SIMD_INLINE __m256d cross(__m256d a_yzx, __m256d a_zxy, __m256d b) {
  return _mm256_fmsub_pd(a_yzx, zxy(b), _mm256_mul_pd(a_zxy, yzx(b)));
}

// q (x) i, q (x) j, q (x) k: lanes (x, y, z, w): q (x) i = (w, z, -y, -x), q (x) j = (-z, w, x, -y),
// q (x) k = (y, -x, w, -z)
FRAMELAB_SIMD_INLINE void quaternion_units(__m256d q, __m256d& q_i, __m256d& q_j, __m256d& q_k) {
  q_i = _mm256_xor_pd(_mm256_permute4x64_pd(q, _MM_SHUFFLE(0, 1, 2, 3)), _mm256_setr_pd(0.0, 0.0, -0.0, -0.0));
  q_j = _mm256_xor_pd(_mm256_permute4x64_pd(q, _MM_SHUFFLE(1, 0, 3, 2)), _mm256_setr_pd(-0.0, 0.0, 0.0, -0.0));
  q_k = _mm256_xor_pd(_mm256_permute4x64_pd(q, _MM_SHUFFLE(2, 3, 0, 1)), _mm256_setr_pd(0.0, -0.0, 0.0, -0.0));
}

// R as three columns from q and q (x) i, j, k (unit q = (u, w)): column k of R is
//   R e_k = (2 w^2 - 1) e_k + 2 u_k u + 2 w [u]x e_k = 2 w (q (x) e_k) + 2 u_k q - e_k   (lanes 0..2)
// because the vector part of q (x) e_k is w e_k + [u]x e_k (lane 3 comes out ~0, unused).
// Two FMAs per column on q (x) e_k, which the children need anyway (14 -> 7 vector operations).
FRAMELAB_SIMD_INLINE void rotation_columns(__m256d q, __m256d q_i, __m256d q_j, __m256d q_k, __m256d& col0,
                                           __m256d& col1, __m256d& col2) {
  const __m256d q2 = _mm256_add_pd(q, q), two_w = lane<3>(q2);
  col0 = _mm256_fmadd_pd(two_w, q_i, _mm256_fmsub_pd(lane<0>(q2), q, _mm256_setr_pd(1, 0, 0, 0)));
  col1 = _mm256_fmadd_pd(two_w, q_j, _mm256_fmsub_pd(lane<1>(q2), q, _mm256_setr_pd(0, 1, 0, 0)));
  col2 = _mm256_fmadd_pd(two_w, q_k, _mm256_fmsub_pd(lane<2>(q2), q, _mm256_setr_pd(0, 0, 1, 0)));
}

// The global record, 20 doubles: T 0..2, q 3..6, S 7, v 8..10, a 11..13, w 14..16, alpha 17..19.
template <bool stream>
FRAMELAB_SIMD_INLINE void store_record(double* out, __m256d t3, __m256d q3, __m256d s3, __m256d v3, __m256d a3,
                                       __m256d w3, __m256d alpha3) {
  if constexpr (stream) {  // five aligned 4-double blocks, written around the caches
    _mm256_stream_pd(out + 0, _mm256_blend_pd(t3, _mm256_permute4x64_pd(q3, _MM_SHUFFLE(0, 2, 1, 0)), 0b1000));
    _mm256_stream_pd(out + 4, _mm256_blend_pd(_mm256_permute4x64_pd(q3, _MM_SHUFFLE(3, 3, 2, 1)), s3, 0b1000));
    _mm256_stream_pd(out + 8, _mm256_blend_pd(v3, _mm256_permute4x64_pd(a3, _MM_SHUFFLE(0, 2, 1, 0)), 0b1000));
    _mm256_stream_pd(out + 12, _mm256_blend_pd(_mm256_permute4x64_pd(a3, _MM_SHUFFLE(3, 3, 2, 1)),
                                               _mm256_permute4x64_pd(w3, _MM_SHUFFLE(1, 0, 3, 3)), 0b1100));
    _mm256_stream_pd(out + 16, _mm256_blend_pd(_mm256_permute4x64_pd(alpha3, _MM_SHUFFLE(2, 1, 0, 3)), lane<2>(w3), 1));
  } else {  // overlapping unaligned stores, each overwriting the previous one's unused lane
    _mm256_storeu_pd(out + 0, t3);
    _mm256_storeu_pd(out + 3, q3);
    _mm_store_sd(out + 7, _mm256_castpd256_pd128(s3));
    _mm256_storeu_pd(out + 8, v3);
    _mm256_storeu_pd(out + 11, a3);
    _mm256_storeu_pd(out + 14, w3);
    _mm256_storeu_pd(out + 16, _mm256_blend_pd(_mm256_permute4x64_pd(alpha3, _MM_SHUFFLE(2, 1, 0, 3)), lane<2>(w3), 1));
  }
}

// What the children need of R3 once q3 is known: q3 (x) i, j, k, J3 = R3 S3 and (if they
// rotate angular vectors: not at the pose level) R3's columns.
template <bool with_rotation_columns = true>
FRAMELAB_SIMD_INLINE void set_rotation_for_children(simd_frame& o, __m256d q3, __m256d s3) {
  __m256d q_i, q_j, q_k, col0, col1, col2;
  quaternion_units(q3, q_i, q_j, q_k);
  rotation_columns(q3, q_i, q_j, q_k, col0, col1, col2);
  o.rotation = q3;
  o.q_i = q_i;
  o.q_j = q_j;
  o.q_k = q_k;
  if constexpr (with_rotation_columns) {
    o.col0 = col0;
    o.col1 = col1;
    o.col2 = col2;
  }
  o.scol0 = _mm256_mul_pd(col0, s3);
  o.scol1 = _mm256_mul_pd(col1, s3);
  o.scol2 = _mm256_mul_pd(col2, s3);
}

// The whole frame a node leaves for its children at the acceleration level. Call it once
// the parent's frame is read: the compiler cannot tell the two frames apart, so a store
// to o before would make it read the parent again.
FRAMELAB_SIMD_INLINE void set_frame_for_children(simd_frame& o, __m256d t3, __m256d q3, __m256d s3, __m256d v3,
                                                 __m256d a3, __m256d w3, __m256d w3_yzx, __m256d w3_zxy,
                                                 __m256d alpha3) {
  o.translation = t3;
  o.velocity = v3;
  o.accel = a3;
  o.angular_velocity = w3;
  o.w_yzx = w3_yzx;
  o.w_zxy = w3_zxy;
  o.angular_accel = alpha3;
  o.scale = s3;
  set_rotation_for_children(o, q3, s3);
}

// R3 = R2 R1 as quaternions, q1 (x, y, z, w) in memory:
//   q3 = q2 (x) q1 = w1 q2 + x1 q2 (x) i + y1 q2 (x) j + z1 q2 (x) k
FRAMELAB_SIMD_INLINE __m256d compose_quaternion(const simd_frame& p, const double* q1) {
  __m256d q3 = _mm256_mul_pd(p.rotation, _mm256_broadcast_sd(q1 + 3));
  q3 = _mm256_fmadd_pd(p.q_i, _mm256_broadcast_sd(q1 + 0), q3);
  q3 = _mm256_fmadd_pd(p.q_j, _mm256_broadcast_sd(q1 + 1), q3);
  return _mm256_fmadd_pd(p.q_k, _mm256_broadcast_sd(q1 + 2), q3);
}

// self = parent o local; writes the global record to out (streaming if `stream`).
// A node without children (about half of a random tree's) writes no frame: nobody reads it.
template <bool stream>
FRAMELAB_SIMD_INLINE void compose(const simd_frame& p, const double* l, simd_frame& o, double* out, bool has_children) {
  const __m256d zero = _mm256_setzero_pd();
  // J2 x = R2 S2 x, with J2's columns from the parent's frame
  const __m256d j2_t1 = mat_vec(p.scol0, p.scol1, p.scol2, l + 0);
  const __m256d j2_v1 = mat_vec(p.scol0, p.scol1, p.scol2, l + 8);
  const __m256d t_yzx = yzx(j2_t1), t_zxy = zxy(j2_t1);
  // w2 J2 T1
  const __m256d w2_j2_t1 = add_cross(zero, p.w_yzx, p.w_zxy, t_yzx, t_zxy);
  // e = w2 J2 T1 + 2 J2 v1, so (w2)^2 J2 T1 + 2 w2 J2 v1 = w2 e
  const __m256d e = _mm256_fmadd_pd(_mm256_set1_pd(2.0), j2_v1, w2_j2_t1);
  // T3 = T2 + J2 T1
  const __m256d t3 = _mm256_add_pd(p.translation, j2_t1);
  // v3 = v2 + J2 v1 + w2 J2 T1
  const __m256d v3 = _mm256_add_pd(_mm256_add_pd(p.velocity, j2_v1), w2_j2_t1);
  // a3 = a2 + J2 a1 + alpha2 J2 T1 + (w2)^2 J2 T1 + 2 w2 J2 v1
  const __m256d alpha2 = p.angular_accel;
  __m256d a3 = mat_vec_add(p.scol0, p.scol1, p.scol2, l + 11, p.accel);
  a3 = add_cross(a3, yzx(alpha2), zxy(alpha2), t_yzx, t_zxy);
  a3 = add_cross(a3, p.w_yzx, p.w_zxy, yzx(e), zxy(e));
  // w3 = w2 + R2 w1 R2^T = w2 + R2 w1 (vector form)
  const __m256d w3 = mat_vec_add(p.col0, p.col1, p.col2, l + 14, p.angular_velocity);
  const __m256d w3_yzx = yzx(w3), w3_zxy = zxy(w3);
  // alpha3 = alpha2 + R2 alpha1 R2^T + [w2, w3] = alpha2 + R2 alpha1 + w2 x w3
  const __m256d alpha3 =
      add_cross(mat_vec_add(p.col0, p.col1, p.col2, l + 17, alpha2), p.w_yzx, p.w_zxy, w3_yzx, w3_zxy);
  // S3 = S2 S1
  const __m256d s3 = _mm256_mul_pd(p.scale, _mm256_broadcast_sd(l + 7));
  // R3 = R2 R1 (q3 = q2 (x) q1)
  const __m256d q3 = compose_quaternion(p, l + 3);
  store_record<stream>(out, t3, q3, s3, v3, a3, w3, alpha3);
  if (has_children) set_frame_for_children(o, t3, q3, s3, v3, a3, w3, w3_yzx, w3_zxy, alpha3);
}

// In a preorder array, node i has children iff the next node is deeper.
FRAMELAB_SIMD_INLINE bool has_children(const std::uint32_t* depth, std::size_t i, std::size_t last) {
  return i + 1 < last && depth[i + 1] > depth[i];
}

#undef FRAMELAB_SIMD_INLINE
}  // namespace simd_detail

// The world frame: identity, at rest.
__attribute__((target("avx2,fma"))) inline void set_world(simd_frame& f) {
  const __m256d zero = _mm256_setzero_pd();
  f.translation = f.velocity = f.accel = f.angular_velocity = f.w_yzx = f.w_zxy = f.angular_accel = zero;
  f.col0 = _mm256_setr_pd(1, 0, 0, 0);
  f.col1 = _mm256_setr_pd(0, 1, 0, 0);
  f.col2 = _mm256_setr_pd(0, 0, 1, 0);
  f.scol0 = f.col0;
  f.scol1 = f.col1;
  f.scol2 = f.col2;
  f.rotation = _mm256_setr_pd(0, 0, 0, 1);
  f.q_i = _mm256_setr_pd(1, 0, 0, 0);
  f.q_j = _mm256_setr_pd(0, 1, 0, 0);
  f.q_k = _mm256_setr_pd(0, 0, 1, 0);
  f.scale = _mm256_set1_pd(1.0);
}

// One node: self = parent o local, out = its global dynamics (for recursive users; self
// is left unset if the node has no children).
__attribute__((target("avx2,fma"))) inline void compose_into_simd(const simd_frame& parent,
                                                                  const dynamic_transform3d& local, simd_frame& self,
                                                                  dynamic_transform3d& out, bool has_children = true) {
  simd_detail::compose<false>(parent, reinterpret_cast<const double*>(&local), self, reinterpret_cast<double*>(&out),
                              has_children);
}

// Local records are prefetched this many nodes ahead in streaming sweeps: the
// hardware prefetcher alone keeps too few misses in flight for one core to read
// 160 MB at full speed (1e6 nodes: 27 -> 20 ns per node measured, with huge pages).
inline constexpr std::size_t simd_prefetch_nodes = 20;

namespace simd_detail {
// Nodes [first, last) of a preorder range, first < last: node i has children iff the next
// node is deeper (the range's last node has none in it); each depth is read once.
template <bool stream>
__attribute__((target("avx2,fma"))) inline void sweep_range(const double* l, const std::uint32_t* depth, double* g,
                                                            std::size_t first, std::size_t last, simd_frame* stack) {
  std::uint32_t d = depth[first];
  for (std::size_t i = first; i + 1 < last; ++i) {
    if constexpr (stream) {
      // the local record simd_prefetch_nodes ahead (3 lines; past the end: harmless hints)
      const char* ahead = reinterpret_cast<const char*>(l + 20 * (i + simd_prefetch_nodes));
      _mm_prefetch(ahead, _MM_HINT_T0);
      _mm_prefetch(ahead + 64, _MM_HINT_T0);
      _mm_prefetch(ahead + 128, _MM_HINT_T0);
    }
    const std::uint32_t next = depth[i + 1];
    compose<stream>(stack[d], l + 20 * i, stack[d + 1], g + 20 * i, next > d);
    d = next;
  }
  compose<stream>(stack[d], l + 20 * (last - 1), stack[d + 1], g + 20 * (last - 1), false);
}
}  // namespace simd_detail

// sweep_preorder for 3D double with the SIMD kernel; stack[0] must be set (set_world).
// Ranges of at least stream_min_bytes of output are written with streaming stores.
__attribute__((target("avx2,fma"))) inline void sweep_preorder_simd(
    const dynamic_transform3d* local, const std::uint32_t* depth, dynamic_transform3d* global, std::size_t first,
    std::size_t last, simd_frame* stack, std::size_t stream_min_bytes = simd_stream_min_bytes) {
  if (first >= last) return;
  const auto* l = reinterpret_cast<const double*>(local);
  auto* g = reinterpret_cast<double*>(global);
  const bool stream = (last - first) * sizeof(dynamic_transform3d) >= stream_min_bytes &&
                      reinterpret_cast<std::uintptr_t>(global + first) % 32 == 0;
  if (stream) {
    simd_detail::sweep_range<true>(l, depth, g, first, last, stack);
    _mm_sfence();
  } else {
    simd_detail::sweep_range<false>(l, depth, g, first, last, stack);
  }
}
#endif  // FRAMELAB_HIERARCHY_SIMD

}  // namespace framelab
