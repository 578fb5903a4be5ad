#pragma once
// box_columns<T, N>: boxes stored by coordinate (one array of min_k and one of max_k per axis,
// "structure of arrays"), and the one test the uniform grid's pair search is made of
// (core/collision/broadphase_uniform_grid.hpp): which boxes of a run [begin, end) overlap box a.
//
// Boxes a and b overlap (core/collision/broadphase_aabb.hpp) unless on some axis k
//   b.max_k < a.min_k  or  a.max_k < b.min_k,
// 2N comparisons. By columns, four consecutive boxes of doubles are compared at once with AVX2
// (the float grids keep the portable test): 2N vector comparisons and ors and one movemask give
// a bit per box, whose set bits are the overlapping ones. A comparison with NaN is false in both forms (the
// ordered "less than"), so the answers are the portable test's, bit for bit.
// The columns are padded by one vector's worth of entries, so that the last group of a run
// loads past its end without leaving the array; the lanes past the end are masked off.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/collision/broadphase_aabb.hpp"
#include "core/cpu_features.hpp"

#if FRAMELAB_X86_DISPATCH
#include <immintrin.h>
#endif

namespace framelab {

template <class T, int N>
struct box_columns {
  static constexpr std::size_t padding = 8;  // the widest vector's lanes (8 floats)
  std::array<std::vector<T>, N> min, max;

  std::size_t size() const { return size_; }
  void resize(std::size_t n) {
    size_ = n;
    for (int k = 0; k < N; ++k) {
      min[k].resize(n + padding);
      max[k].resize(n + padding);
    }
  }
  void set(std::size_t p, const aabb<T, N>& b) {
    for (int k = 0; k < N; ++k) {
      min[k][p] = b.min[k];
      max[k][p] = b.max[k];
    }
  }
  aabb<T, N> get(std::size_t p) const {
    aabb<T, N> b;
    for (int k = 0; k < N; ++k) {
      b.min[k] = min[k][p];
      b.max[k] = max[k][p];
    }
    return b;
  }

 private:
  std::size_t size_ = 0;
};

// Writes to `hits` the q in [begin, end) whose box overlaps a, in ascending order, and returns
// how many; `hits` has room for end - begin + padding entries. Portable: one box at a time,
// every test written without a branch (in a pile about one candidate in four overlaps, so a
// branch per test would be mispredicted often).
template <class T, int N>
std::uint32_t overlapping_in_run(const box_columns<T, N>& c, const aabb<T, N>& a, std::uint32_t begin,
                                 std::uint32_t end, std::uint32_t* hits) {
  std::uint32_t found = 0;
  for (std::uint32_t q = begin; q < end; ++q) {
    unsigned separated = 0;
    for (int k = 0; k < N; ++k) separated |= unsigned(c.max[k][q] < a.min[k]) | unsigned(a.max[k] < c.min[k][q]);
    hits[found] = q;
    found += separated == 0;
  }
  return found;
}

#if FRAMELAB_X86_DISPATCH
namespace box_columns_detail {
#define FRAMELAB_AVX2_INLINE __attribute__((target("avx2"), always_inline)) inline

// The lanes of a 4-bit mask, lowest first (the first popcount(m) entries count).
inline constexpr std::array<std::array<std::uint8_t, 4>, 16> lanes_of = [] {
  std::array<std::array<std::uint8_t, 4>, 16> t{};
  for (unsigned m = 0; m < 16; ++m) {
    unsigned n = 0;
    for (unsigned lane = 0; lane < 4; ++lane)
      if (m >> lane & 1u) t[m][n++] = std::uint8_t(lane);
  }
  return t;
}();

// Appends the set lanes of `mask` (4 bits) as q + lane to hits, without a branch.
FRAMELAB_AVX2_INLINE std::uint32_t append_lanes(unsigned mask, std::uint32_t q, std::uint32_t* hits,
                                               std::uint32_t found) {
  const std::array<std::uint8_t, 4>& lanes = lanes_of[mask];
  for (int n = 0; n < 4; ++n) hits[found + n] = q + lanes[n];
  return found + std::uint32_t(std::popcount(mask));
}

// Lanes whose box is not separated from a on any axis: bit l for box q + l.
template <int N>
FRAMELAB_AVX2_INLINE unsigned overlap_mask4(const box_columns<double, N>& c, const __m256d* a_min,
                                           const __m256d* a_max, std::uint32_t q) {
  __m256d separated = _mm256_setzero_pd();
  for (int k = 0; k < N; ++k) {
    const __m256d b_min = _mm256_loadu_pd(c.min[k].data() + q);
    const __m256d b_max = _mm256_loadu_pd(c.max[k].data() + q);
    separated = _mm256_or_pd(separated, _mm256_cmp_pd(b_max, a_min[k], _CMP_LT_OQ));
    separated = _mm256_or_pd(separated, _mm256_cmp_pd(a_max[k], b_min, _CMP_LT_OQ));
  }
  return ~unsigned(_mm256_movemask_pd(separated)) & 0xFu;
}
}  // namespace box_columns_detail

// overlapping_in_run for doubles, four boxes at a time with AVX2 (the caller checks
// cpu_has_avx2_fma()): the same hits in the same order.
template <int N>
__attribute__((target("avx2"))) inline std::uint32_t overlapping_in_run_avx2(
    const box_columns<double, N>& c, const aabb<double, N>& a, std::uint32_t begin, std::uint32_t end,
    std::uint32_t* hits) {
  using namespace box_columns_detail;
  __m256d a_min[N], a_max[N];  // (not std::array: its template argument would drop __m256d's alignment attribute)
  for (int k = 0; k < N; ++k) {
    a_min[k] = _mm256_set1_pd(a.min[k]);
    a_max[k] = _mm256_set1_pd(a.max[k]);
  }
  std::uint32_t found = 0;
  for (std::uint32_t q = begin; q < end; q += 4) {
    unsigned mask = overlap_mask4<N>(c, a_min, a_max, q);
    if (end - q < 4) mask &= (1u << (end - q)) - 1u;  // the lanes past the run
    found = append_lanes(mask, q, hits, found);
  }
  return found;
}
#undef FRAMELAB_AVX2_INLINE
#endif

}  // namespace framelab
