#pragma once
// Benchmark cases for the pair views (no timing here: the bench engine wraps them).
// The article's example: count the distinct pairs of 1, 2, ..., n whose sum is even.
// For n = 2^17 the answer is 4,294,901,760 (C(2^16, 2) odd pairs + C(2^16, 2) even pairs).
// Three ways, to be compared in one run with the same build flags:
//   (a) std::count_if over distinct_pairs(v): the generic flat pair iterator
//   (b) framelab::count_if_pairs(v, pred):    the nested structure, vectorized inner loop,
//                                             AVX2 chosen at run time (or forced portable)
//   (c) the hand-written nested index loop:   the baseline, with the default flags
//   (c avx2) the same hand loop compiled for AVX2, the target (b) dispatches to: the fair
//            baseline for (b) on an AVX2 CPU
//   (d) count_if_in_chunk on `threads` threads over chunk_distinct_pairs(v, threads)
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/parallel_parts.hpp"
#include "core/pairs/pair_kernel.hpp"
#include "core/pairs/pairs.hpp"

namespace framelab::bench {

// 1, 2, ..., n
inline std::vector<int> ascending_values(int n) {
  std::vector<int> v(static_cast<std::size_t>(n < 0 ? 0 : n));
  std::iota(v.begin(), v.end(), 1);
  return v;
}

// Pairs (x, y) of 1..n with x + y even: both odd or both even, so
//   C(ceil(n/2), 2) + C(floor(n/2), 2).
inline std::uint64_t even_sum_pairs_closed_form(int n) {
  const auto c2 = [](std::uint64_t m) { return m * (m - (m > 0 ? 1 : 0)) / 2; };
  const auto un = static_cast<std::uint64_t>(n < 0 ? 0 : n);
  return c2((un + 1) / 2) + c2(un / 2);
}

// (a)
inline std::uint64_t count_even_sum_pairs_std_count_if(int n) {
  const auto v = ascending_values(n);
  const auto ps = distinct_pairs(v);
  return static_cast<std::uint64_t>(
      std::count_if(ps.begin(), ps.end(), [](auto p) { return (p.first + p.second) % 2 == 0; }));
}

// (b); kernel = portable gives the default-target loop on any CPU
inline std::uint64_t count_even_sum_pairs_count_if_pairs(int n, pair_kernel kernel = pair_kernel::automatic) {
  const auto v = ascending_values(n);
  return static_cast<std::uint64_t>(count_if_pairs(
      v, [](auto p) { return (p.first + p.second) % 2 == 0; }, kernel));
}

namespace detail {
// The hand loop as one writes it; both (c) cases inline this very source.
FRAMELAB_PAIR_INLINE std::uint64_t even_sum_hand_loop(const std::vector<int>& v, int n) {
  std::uint64_t count = 0;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) count += (v[i] + v[j]) % 2 == 0 ? 1 : 0;
  return count;
}
}  // namespace detail

// (c)
inline std::uint64_t count_even_sum_pairs_hand_loop(int n) {
  const auto v = ascending_values(n);
  return detail::even_sum_hand_loop(v, n);
}

#if FRAMELAB_PAIR_AVX2
namespace detail {
FRAMELAB_PAIR_AVX2_TARGET inline std::uint64_t even_sum_hand_loop_avx2(const std::vector<int>& v, int n) {
  return even_sum_hand_loop(v, n);
}
}  // namespace detail
#endif

// (c avx2): only where pair_kernel_available(pair_kernel::avx2); throws otherwise.
inline std::uint64_t count_even_sum_pairs_hand_loop_avx2(int n) {
  if (!pair_kernel_available(pair_kernel::avx2))
    throw std::invalid_argument("count_even_sum_pairs_hand_loop_avx2: this build or CPU has no AVX2");
  const auto v = ascending_values(n);
#if FRAMELAB_PAIR_AVX2
  return detail::even_sum_hand_loop_avx2(v, n);
#else
  return 0;
#endif
}

// (d)
inline std::uint64_t count_even_sum_pairs_threads(int n, unsigned threads) {
  const auto v = ascending_values(n);
  const auto chunks = chunk_distinct_pairs(v, threads == 0 ? 1 : threads);
  std::vector<std::uint64_t> counts(chunks.size());
  run_parts(chunks.size(), [&](std::size_t c) {
    counts[c] =
        static_cast<std::uint64_t>(count_if_in_chunk(chunks[c], [](auto p) { return (p.first + p.second) % 2 == 0; }));
  });
  return std::accumulate(counts.begin(), counts.end(), std::uint64_t{0});
}

}  // namespace framelab::bench
