#pragma once
// The compact world sweep of a 3D double hierarchy (sweep_locals::compact in
// core/frames/hierarchy.hpp): the same preorder sweep as sweep_preorder, reading the
// locals as compact_dynamics3 (96 bytes: q in double, the rest in float;
// core/frames/compact_dynamics.hpp) instead of dynamic_transform3d (160 bytes), and
// writing the same double global records. Bytes moved per node: 96 + 4 (depth) + 160
// written = 260 instead of 324 (`framelab bench hierarchy --locals compact` measures
// it against a copy of the same bytes).
// The world is exactly (to double rounding) the world of the float-rounded locals,
// widen(to_compact(local)); tests/core/frames/hierarchy_compact_test.cpp checks that,
// and the distance to the world of the unrounded locals.
//
// The AVX2 kernel is the exact kernel's (core/frames/hierarchy_sweep_simd.hpp) with the
// 16 floats widened 4 at a time (vcvtps2pd) into a buffer it broadcasts from, and the
// sums ordered so that what the parent computed enters last:
//   a3 = a2 + ((J2 a1 + alpha2 J2 T1) + w2 (w2 J2 T1 + 2 J2 v1))
// (a child's a3 waits one add for its parent's a2, not seven chained FMAs), likewise
// v3, w3, alpha3, and q3 = (w1 q2 + x1 q2 (x) i) + (y1 q2 (x) j + z1 q2 (x) k) as a tree.
// Results agree with the portable kernel to rounding.
// Measured on the 2-core Zen 3 host (issue 17), 10^6 nodes: 21.8 ns per node against
// the exact sweep's 20.7, because both kernels are compute-bound there (in cache,
// 1000 nodes: 19.9 and 19.2 ns; llvm-mca -mcpu=znver3: ~50 cycles of FP-pipe pressure
// per node) while the copy of 260 bytes takes 14.3-15.5 ns: the fewer bytes pay only
// once the kernel gets under the bound. Not used by default. Also measured (in cache,
// under load) and slower: a slim parent frame (10 vectors instead of 18, the children
// deriving J2, w2's permutations and q2 (x) i, j, k), and one vcvtps2pd per broadcast.
// With the leaf skip and the cheaper R columns (2026-11-25): 18.5 ns against the exact
// sweep's 16.9 at 10^6 nodes, 15.8-16.1 and 13.8-14.0 in cache: still slower.
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
// self = parent o local; writes the global record to out (streaming if `stream`).
template <bool stream>
FRAMELAB_SIMD_INLINE void compose(const simd_frame& p, const compact_dynamics3* local, simd_frame& o, double* out,
                                  bool has_children) {
  using namespace simd_detail;
  const double* q1 = reinterpret_cast<const double*>(local);                                   // x, y, z, w
  const float* f = reinterpret_cast<const float*>(reinterpret_cast<const char*>(local) + 32);  // T S v a w alpha
  // the 16 floats widened, 4 at a time, into a buffer the kernel broadcasts from (loads,
  // no shuffles; the empty asm keeps the compiler from turning those loads into shuffles)
  alignas(32) double b[16];
  _mm256_store_pd(b + 0, _mm256_cvtps_pd(_mm_load_ps(f + 0)));
  _mm256_store_pd(b + 4, _mm256_cvtps_pd(_mm_load_ps(f + 4)));
  _mm256_store_pd(b + 8, _mm256_cvtps_pd(_mm_load_ps(f + 8)));
  _mm256_store_pd(b + 12, _mm256_cvtps_pd(_mm_load_ps(f + 12)));
  asm("" : "+m"(b));
  const __m256d zero = _mm256_setzero_pd();
  // J2 x = R2 S2 x
  const __m256d j2_t1 = mat_vec(p.scol0, p.scol1, p.scol2, b + 0);
  const __m256d j2_v1 = mat_vec(p.scol0, p.scol1, p.scol2, b + 4);
  const __m256d t_yzx = yzx(j2_t1), t_zxy = zxy(j2_t1);
  // w2 J2 T1
  const __m256d w2_j2_t1 = add_cross(zero, p.w_yzx, p.w_zxy, t_yzx, t_zxy);
  // e = w2 J2 T1 + 2 J2 v1, so (w2)^2 J2 T1 + 2 w2 J2 v1 = w2 e
  const __m256d e = _mm256_fmadd_pd(_mm256_set1_pd(2.0), j2_v1, w2_j2_t1);
  // T3 = T2 + J2 T1
  const __m256d t3 = _mm256_add_pd(p.translation, j2_t1);
  // v3 = v2 + (J2 v1 + w2 J2 T1)
  const __m256d v3 = _mm256_add_pd(p.velocity, _mm256_add_pd(j2_v1, w2_j2_t1));
  // a3 = a2 + ((J2 a1 + alpha2 J2 T1) + w2 e)
  const __m256d alpha2 = p.angular_accel;
  __m256d sum = mat_vec(p.scol0, p.scol1, p.scol2, b + 7);
  sum = add_cross(sum, yzx(alpha2), zxy(alpha2), t_yzx, t_zxy);
  sum = add_cross(sum, p.w_yzx, p.w_zxy, yzx(e), zxy(e));
  const __m256d a3 = _mm256_add_pd(p.accel, sum);
  // w3 = w2 + R2 w1 R2^T = w2 + R2 w1 (vector form)
  const __m256d w3 = _mm256_add_pd(p.angular_velocity, mat_vec(p.col0, p.col1, p.col2, b + 10));
  const __m256d w3_yzx = yzx(w3), w3_zxy = zxy(w3);
  // alpha3 = alpha2 + R2 alpha1 R2^T + [w2, w3] = alpha2 + (R2 alpha1 + w2 x w3)
  const __m256d alpha3 =
      _mm256_add_pd(alpha2, add_cross(mat_vec(p.col0, p.col1, p.col2, b + 13), p.w_yzx, p.w_zxy, w3_yzx, w3_zxy));
  // S3 = S2 S1
  const __m256d s3 = _mm256_mul_pd(p.scale, _mm256_broadcast_sd(b + 3));
  // R3 = R2 R1: q3 = q2 (x) q1 = (w1 q2 + x1 q2 (x) i) + (y1 q2 (x) j + z1 q2 (x) k)
  const __m256d q3 = _mm256_add_pd(
      _mm256_fmadd_pd(p.q_i, _mm256_broadcast_sd(q1 + 0), _mm256_mul_pd(p.rotation, _mm256_broadcast_sd(q1 + 3))),
      _mm256_fmadd_pd(p.q_k, _mm256_broadcast_sd(q1 + 2), _mm256_mul_pd(p.q_j, _mm256_broadcast_sd(q1 + 1))));
  store_record<stream>(out, t3, q3, s3, v3, a3, w3, alpha3);
  if (has_children) set_frame_for_children(o, t3, q3, s3, v3, a3, w3, w3_yzx, w3_zxy, alpha3);
}

#undef FRAMELAB_SIMD_INLINE
}  // namespace simd_compact_detail

// Compact local records are prefetched this many nodes ahead in streaming sweeps.
inline constexpr std::size_t simd_compact_prefetch_nodes = 24;

// sweep_preorder_compact with the AVX2 kernel; stack[0] must be set (set_world).
// Ranges of at least stream_min_bytes of output are written with streaming stores.
__attribute__((target("avx2,fma"))) inline void sweep_preorder_compact_simd(
    const compact_dynamics3* local, const std::uint32_t* depth, dynamic_transform3d* global, std::size_t first,
    std::size_t last, simd_frame* stack, std::size_t stream_min_bytes = simd_stream_min_bytes) {
  auto* g = reinterpret_cast<double*>(global);
  const bool stream = (last - first) * sizeof(dynamic_transform3d) >= stream_min_bytes &&
                      reinterpret_cast<std::uintptr_t>(global + first) % 32 == 0;
  if (stream) {
    for (std::size_t i = first; i < last; ++i) {
      // the record simd_compact_prefetch_nodes ahead (96 bytes: 2 lines; past the end: harmless hints)
      const char* ahead = reinterpret_cast<const char*>(local + i + simd_compact_prefetch_nodes);
      _mm_prefetch(ahead, _MM_HINT_T0);
      _mm_prefetch(ahead + 64, _MM_HINT_T0);
      simd_compact_detail::compose<true>(stack[depth[i]], local + i, stack[depth[i] + 1], g + 20 * i,
                                         simd_detail::has_children(depth, i, last));
    }
    _mm_sfence();
  } else {
    for (std::size_t i = first; i < last; ++i)
      simd_compact_detail::compose<false>(stack[depth[i]], local + i, stack[depth[i] + 1], g + 20 * i,
                                          simd_detail::has_children(depth, i, last));
  }
}

#endif  // FRAMELAB_HIERARCHY_SIMD

}  // namespace framelab
