#pragma once
// The compact world sweep of a 3D double hierarchy (sweep_locals::compact in
// core/frames/hierarchy.hpp): the same preorder sweep as sweep_preorder, reading the
// locals as compact_dynamics3 (96 bytes: q in double, the rest in float;
// core/frames/compact_dynamics.hpp) instead of dynamic_transform3d (160 bytes), and
// writing the same double global records. Bytes moved per node: 96 + 4 (depth) + 160
// written = 260 instead of 324, and the sweep of 10^6 nodes is bound by memory
// bandwidth (`framelab bench hierarchy` measures the bound).
// The world is exactly (to double rounding) the world of the float-rounded locals,
// widen(to_compact(local)); tests/core/frames/hierarchy_compact_test.cpp checks that,
// and the distance to the world of the unrounded locals.
//
// The AVX2 kernel is the exact kernel's (core/frames/hierarchy_sweep_simd.hpp) with
// the float components widened as they are broadcast (vbroadcastss + vcvtps2pd, no
// shuffles), and the sums ordered so that what the parent computed enters last:
//   a3 = a2 + ((J2 a1 + alpha2 J2 T1) + w2 (w2 J2 T1 + 2 J2 v1))
// (not ((a2 + J2 a1) + ...): a child's a3 waits for its parent's a2 one add, not seven
// chained FMAs), likewise v3, w3, alpha3, and q3 = (w1 q2 + x1 q2 (x) i) + (y1 q2 (x) j
// + z1 q2 (x) k) as a tree. In a preorder sweep a node is often its predecessor's child,
// so these chains set the time per node in cache. Results agree with the portable
// kernel to rounding.
// Source: docs/articles.md, transform-hierarchy-dynamics, "Dynamics of the Composition".
#include <cstddef>
#include <cstdint>

#include "core/frames/compact_dynamics.hpp"
#include "core/frames/hierarchy_sweep.hpp"
#include "core/frames/hierarchy_sweep_simd.hpp"

namespace framelab {

// sweep_preorder over compact locals, portable: each local widened, then compose_into.
template <class Depth>
void sweep_preorder_compact(const compact_dynamics3* local, const Depth* depth, dynamic_transform3d* global,
                            std::size_t first, std::size_t last, sweep_frame<double, 3>* stack) {
  for (std::size_t i = first; i < last; ++i) {
    const std::size_t d = depth[i];
    sweep_frame<double, 3>& self = stack[d + 1];
    compose_into(stack[d], widen(local[i]), self.global);
    self.refresh_rotation();
    global[i] = self.global;
  }
}

#if FRAMELAB_HIERARCHY_SIMD
namespace simd_compact_detail {
#define FRAMELAB_SIMD_INLINE __attribute__((target("avx2,fma"), always_inline)) inline
// A float from memory in all four lanes, as double.
FRAMELAB_SIMD_INLINE __m256d broadcast_f(const float* x) {
  return _mm256_cvtps_pd(_mm_broadcast_ss(x));
}
// M x with M by its columns and x three floats in memory: c0 x0 + c1 x1 + c2 x2
FRAMELAB_SIMD_INLINE __m256d mat_vec_f(__m256d c0, __m256d c1, __m256d c2, const float* x) {
  return _mm256_fmadd_pd(c2, broadcast_f(x + 2), _mm256_fmadd_pd(c1, broadcast_f(x + 1), _mm256_mul_pd(c0, broadcast_f(x))));
}

// self = parent o local; writes the global record to out (streaming if `stream`).
template <bool stream>
FRAMELAB_SIMD_INLINE void compose(const simd_frame& p, const compact_dynamics3* local, simd_frame& o, double* out) {
  using namespace simd_detail;
  const double* q1 = reinterpret_cast<const double*>(local);                         // x, y, z, w
  const float* f = reinterpret_cast<const float*>(reinterpret_cast<const char*>(local) + 32);  // T S v a w alpha
  const __m256d zero = _mm256_setzero_pd();
  // J2 x = R2 S2 x
  const __m256d j2_t1 = mat_vec_f(p.scol0, p.scol1, p.scol2, f + 0);
  const __m256d j2_v1 = mat_vec_f(p.scol0, p.scol1, p.scol2, f + 4);
  const __m256d t_yzx = yzx(j2_t1), t_zxy = zxy(j2_t1);
  // w2 J2 T1
  const __m256d w2_j2_t1 = add_cross(zero, p.w_yzx, p.w_zxy, t_yzx, t_zxy);
  // e = w2 J2 T1 + 2 J2 v1, so (w2)^2 J2 T1 + 2 w2 J2 v1 = w2 e
  const __m256d e = _mm256_fmadd_pd(_mm256_set1_pd(2.0), j2_v1, w2_j2_t1);
  // T3 = T2 + J2 T1
  const __m256d t3 = _mm256_add_pd(p.translation, j2_t1);
  o.translation = t3;
  // v3 = v2 + (J2 v1 + w2 J2 T1)
  const __m256d v3 = _mm256_add_pd(p.velocity, _mm256_add_pd(j2_v1, w2_j2_t1));
  o.velocity = v3;
  // a3 = a2 + ((J2 a1 + alpha2 J2 T1) + w2 e)
  const __m256d alpha2 = p.angular_accel;
  __m256d sum = mat_vec_f(p.scol0, p.scol1, p.scol2, f + 7);
  sum = add_cross(sum, yzx(alpha2), zxy(alpha2), t_yzx, t_zxy);
  sum = add_cross(sum, p.w_yzx, p.w_zxy, yzx(e), zxy(e));
  const __m256d a3 = _mm256_add_pd(p.accel, sum);
  o.accel = a3;
  // w3 = w2 + R2 w1 R2^T = w2 + R2 w1 (vector form)
  const __m256d w3 = _mm256_add_pd(p.angular_velocity, mat_vec_f(p.col0, p.col1, p.col2, f + 10));
  const __m256d w3_yzx = yzx(w3), w3_zxy = zxy(w3);
  o.angular_velocity = w3;
  o.w_yzx = w3_yzx;
  o.w_zxy = w3_zxy;
  // alpha3 = alpha2 + R2 alpha1 R2^T + [w2, w3] = alpha2 + (R2 alpha1 + w2 x w3)
  const __m256d alpha3 =
      _mm256_add_pd(alpha2, add_cross(mat_vec_f(p.col0, p.col1, p.col2, f + 13), p.w_yzx, p.w_zxy, w3_yzx, w3_zxy));
  o.angular_accel = alpha3;
  // S3 = S2 S1
  const __m256d s3 = _mm256_mul_pd(p.scale, broadcast_f(f + 3));
  o.scale = s3;
  // R3 = R2 R1: q3 = q2 (x) q1 = (w1 q2 + x1 q2 (x) i) + (y1 q2 (x) j + z1 q2 (x) k)
  const __m256d q3 =
      _mm256_add_pd(_mm256_fmadd_pd(p.q_i, _mm256_broadcast_sd(q1 + 0), _mm256_mul_pd(p.rotation, _mm256_broadcast_sd(q1 + 3))),
                    _mm256_fmadd_pd(p.q_k, _mm256_broadcast_sd(q1 + 2), _mm256_mul_pd(p.q_j, _mm256_broadcast_sd(q1 + 1))));
  finish<stream>(o, q3, s3, t3, v3, a3, w3, alpha3, out);
}
#undef FRAMELAB_SIMD_INLINE
}  // namespace simd_compact_detail

// Compact local records are prefetched this many nodes ahead in streaming sweeps.
inline constexpr std::size_t simd_compact_prefetch_nodes = 24;

// sweep_preorder_compact with the AVX2 kernel; stack[0] must be set (set_world).
__attribute__((target("avx2,fma"))) inline void sweep_preorder_compact_simd(const compact_dynamics3* local,
                                                                            const std::uint32_t* depth,
                                                                            dynamic_transform3d* global,
                                                                            std::size_t first, std::size_t last,
                                                                            simd_frame* stack) {
  auto* g = reinterpret_cast<double*>(global);
  const bool stream = (last - first) * sizeof(dynamic_transform3d) >= simd_stream_min_bytes &&
                      reinterpret_cast<std::uintptr_t>(global + first) % 32 == 0;
  if (stream) {
    for (std::size_t i = first; i < last; ++i) {
      // the record simd_compact_prefetch_nodes ahead (96 bytes: 2 lines; past the end: harmless hints)
      const char* ahead = reinterpret_cast<const char*>(local + i + simd_compact_prefetch_nodes);
      _mm_prefetch(ahead, _MM_HINT_T0);
      _mm_prefetch(ahead + 64, _MM_HINT_T0);
      simd_compact_detail::compose<true>(stack[depth[i]], local + i, stack[depth[i] + 1], g + 20 * i);
    }
    _mm_sfence();
  } else {
    for (std::size_t i = first; i < last; ++i)
      simd_compact_detail::compose<false>(stack[depth[i]], local + i, stack[depth[i] + 1], g + 20 * i);
  }
}
#endif  // FRAMELAB_HIERARCHY_SIMD

}  // namespace framelab
