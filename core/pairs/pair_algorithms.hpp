#pragma once
// Algorithms over the pairs of a range that keep the nested-loop structure
//   for each element a = X[i]:  for each later (or every) element b = X[j]:  f(a, b)
// instead of stepping one flat pair iterator. The inner loop is then a plain loop
// over the underlying range with a fixed, so the compiler can vectorize it; stepping a
// pairs iterator has a row-change branch in every step and does not vectorize.
//
//   algorithm                         pairs visited                    same set as
//   for_each_pair(r, f)               all n^2 ordered (X[i], X[j])     pairs(r)
//   for_each_distinct_pair(r, f)      n(n-1)/2, i < j                  distinct_pairs(r)
//   count_if_distinct_pairs(r, pred)  n(n-1)/2, i < j                  distinct_pairs(r)
//   count_if_pairs(r, pred)           the same: another name for count_if_distinct_pairs
//                                     (the article's count, "distinct pairs whose sum is even")
//
// All visit pairs in nested-loop order, each exactly once, in both kernels. f / pred is
// called as f(std::pair<R, R>(a, b)), the pair the views hand out (R = the range's
// reference type), when it accepts that, and as f(a, b) otherwise; so a predicate written
// for std::count_if over distinct_pairs(r) works unchanged.
//
// Each takes an optional pair_kernel (core/pairs/pair_kernel.hpp): by default, over a
// random-access range on a CPU with AVX2, the same loop runs compiled for AVX2 (8 ints per
// instruction instead of SSE2's 4); pair_kernel::portable forces the default-target loop.
// Chunked versions for threads: core/pairs/pairs_chunks.hpp.
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <ranges>
#include <type_traits>
#include <utility>

#include "core/pairs/pair_kernel.hpp"
#include "core/pairs/pairs_support.hpp"

#if defined(__GNUC__) && !defined(__clang__)
// Four vector iterations per loop trip: fewer loop-control instructions per pair.
#define FRAMELAB_PAIR_UNROLL _Pragma("GCC unroll 4")
#else
#define FRAMELAB_PAIR_UNROLL
#endif

namespace framelab {
namespace detail {

// A row [j, last) whose length is known up front and whose elements are reachable as j[k].
template <class I, class S>
inline constexpr bool indexed_row = std::random_access_iterator<I>&& std::sized_sentinel_for<S, I>;

// The number of elements b of the row [j, last) with pred(a, b), called in row order.
// Over a random-access row the count runs in blocks of at most 2^30 elements with a 32-bit
// counter: the vectorizer then keeps 4 (SSE2) or 8 (AVX2) counters in one register, where a
// 64-bit counter would hold half as many and widen every comparison result first.
template <class Ref, class Pred, class A, class I, class S>
FRAMELAB_PAIR_INLINE constexpr std::ptrdiff_t count_row(Pred& pred, A& a, I j, const S& last) {
  std::ptrdiff_t count = 0;
  if constexpr (indexed_row<I, S>) {
    using difference = std::iter_difference_t<I>;
    constexpr difference max_block = difference(1) << 30;
    for (difference m = last - j; m > 0;) {
      const difference block = m < max_block ? m : max_block;
      std::uint32_t block_count = 0;
      FRAMELAB_PAIR_UNROLL
      for (difference k = 0; k < block; ++k)
        block_count += static_cast<bool>(invoke_on_pair<Ref>(pred, a, j[k])) ? 1u : 0u;
      count += static_cast<std::ptrdiff_t>(block_count);
      j += block;
      m -= block;
    }
  } else {
    for (; j != last; ++j) count += static_cast<bool>(invoke_on_pair<Ref>(pred, a, *j)) ? 1 : 0;
  }
  return count;
}

// The loops themselves, written once; each kernel below inlines them.
template <class R, class Pred>
FRAMELAB_PAIR_INLINE constexpr std::ptrdiff_t count_distinct_loop(R& r, Pred& pred) {
  using ref = std::ranges::range_reference_t<R>;
  std::ptrdiff_t count = 0;
  const auto last = std::ranges::end(r);
  for (auto i = std::ranges::begin(r); i != last; ++i) {
    auto j = std::ranges::next(i);
    if (j == last) break;  // the last element starts no pair
    auto&& a = *i;
    count += count_row<ref>(pred, a, std::move(j), last);
  }
  return count;
}

template <class R, class F>
FRAMELAB_PAIR_INLINE constexpr void for_each_distinct_loop(R& r, F& f) {
  using ref = std::ranges::range_reference_t<R>;
  const auto last = std::ranges::end(r);
  for (auto i = std::ranges::begin(r); i != last; ++i) {
    auto j = std::ranges::next(i);
    if (j == last) break;
    auto&& a = *i;
    for (; j != last; ++j) invoke_on_pair<ref>(f, a, *j);
  }
}

template <class R, class F>
FRAMELAB_PAIR_INLINE constexpr void for_each_pair_loop(R& r, F& f) {
  using ref = std::ranges::range_reference_t<R>;
  const auto first = std::ranges::begin(r);
  const auto last = std::ranges::end(r);
  for (auto i = first; i != last; ++i) {
    auto&& a = *i;
    for (auto j = first; j != last; ++j) invoke_on_pair<ref>(f, a, *j);
  }
}

// The AVX2 clones: the same loops, compiled for AVX2 with f / pred inlined (in a build
// without FRAMELAB_PAIR_AVX2 plain copies that run_avx2 never selects).
template <class R, class Pred>
FRAMELAB_PAIR_AVX2_TARGET std::ptrdiff_t count_distinct_avx2(R& r, Pred& pred) {
  return count_distinct_loop(r, pred);
}
template <class R, class F>
FRAMELAB_PAIR_AVX2_TARGET void for_each_distinct_avx2(R& r, F& f) {
  for_each_distinct_loop(r, f);
}
template <class R, class F>
FRAMELAB_PAIR_AVX2_TARGET void for_each_pair_avx2(R& r, F& f) {
  for_each_pair_loop(r, f);
}

// true: run the AVX2 clone (never during constant evaluation); throws if avx2 is asked for
// where it cannot run.
template <class R>
constexpr bool run_avx2(pair_kernel kernel, const char* algorithm) {
  if (std::is_constant_evaluated()) return false;
  return use_avx2_pair_kernel(kernel, std::ranges::random_access_range<R>, algorithm);
}

}  // namespace detail

// f on each of the n^2 ordered pairs (X[i], X[j]), i, j in [0, n), in nested-loop order.
template <std::ranges::forward_range R, class F>
requires pair_invocable<F, std::ranges::range_reference_t<R>>
constexpr F for_each_pair(R&& r, F f, pair_kernel kernel = pair_kernel::automatic) {
  if (detail::run_avx2<R>(kernel, "for_each_pair"))
    detail::for_each_pair_avx2(r, f);
  else
    detail::for_each_pair_loop(r, f);
  return f;
}

// f on each of the n(n-1)/2 distinct pairs (X[i], X[j]), i < j, in nested-loop order.
template <std::ranges::forward_range R, class F>
requires pair_invocable<F, std::ranges::range_reference_t<R>>
constexpr F for_each_distinct_pair(R&& r, F f, pair_kernel kernel = pair_kernel::automatic) {
  if (detail::run_avx2<R>(kernel, "for_each_distinct_pair"))
    detail::for_each_distinct_avx2(r, f);
  else
    detail::for_each_distinct_loop(r, f);
  return f;
}

// The number of distinct pairs (X[i], X[j]), i < j, for which pred is true:
// the same count as std::count_if over distinct_pairs(r), in a loop that vectorizes.
template <std::ranges::forward_range R, class Pred>
requires pair_invocable<Pred, std::ranges::range_reference_t<R>>
constexpr std::ptrdiff_t count_if_distinct_pairs(R&& r, Pred pred, pair_kernel kernel = pair_kernel::automatic) {
  if (detail::run_avx2<R>(kernel, "count_if_distinct_pairs")) return detail::count_distinct_avx2(r, pred);
  return detail::count_distinct_loop(r, pred);
}

// count_if_pairs counts DISTINCT pairs (i < j), like count_if_distinct_pairs. It is the name
// the benchmark of the article's example uses; the count over all n^2 ordered pairs would
// be std::count_if over pairs(r).
template <std::ranges::forward_range R, class Pred>
requires pair_invocable<Pred, std::ranges::range_reference_t<R>>
constexpr std::ptrdiff_t count_if_pairs(R&& r, Pred pred, pair_kernel kernel = pair_kernel::automatic) {
  return count_if_distinct_pairs(std::forward<R>(r), std::move(pred), kernel);
}

}  // namespace framelab
