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
// All visit pairs in nested-loop order. f / pred is called as f(std::pair<R, R>(a, b)),
// the pair the views hand out (R = the range's reference type), when it accepts that, and
// as f(a, b) otherwise; so a predicate written for std::count_if over distinct_pairs(r)
// works unchanged. Chunked versions for threads: core/pairs_chunks.hpp.
#include <cstddef>
#include <iterator>
#include <ranges>
#include <utility>

#include "core/pairs_support.hpp"

namespace framelab {
namespace detail {

// row(a, j, last) for each row i of the distinct-pair triangle: a = X[i], and the row's
// partners are X[j] for j in [i + 1, n), given as the iterator range [j, last).
template <std::ranges::forward_range R, class Row>
constexpr void for_each_distinct_row(R& r, Row&& row) {
  const auto last = std::ranges::end(r);
  for (auto i = std::ranges::begin(r); i != last; ++i) {
    auto j = std::ranges::next(i);
    if (j == last) break;  // the last element starts no pair
    auto&& a = *i;
    row(a, std::move(j), last);
  }
}

}  // namespace detail

// f on each of the n^2 ordered pairs (X[i], X[j]), i, j in [0, n), in nested-loop order.
template <std::ranges::forward_range R, class F>
requires pair_invocable<F, std::ranges::range_reference_t<R>>
constexpr F for_each_pair(R&& r, F f) {
  using ref = std::ranges::range_reference_t<R>;
  const auto first = std::ranges::begin(r);
  const auto last = std::ranges::end(r);
  for (auto i = first; i != last; ++i) {
    auto&& a = *i;
    for (auto j = first; j != last; ++j) detail::invoke_on_pair<ref>(f, a, *j);
  }
  return f;
}

// f on each of the n(n-1)/2 distinct pairs (X[i], X[j]), i < j, in nested-loop order.
template <std::ranges::forward_range R, class F>
requires pair_invocable<F, std::ranges::range_reference_t<R>>
constexpr F for_each_distinct_pair(R&& r, F f) {
  using ref = std::ranges::range_reference_t<R>;
  detail::for_each_distinct_row(r, [&f](auto& a, auto j, const auto& last) {
    for (; j != last; ++j) detail::invoke_on_pair<ref>(f, a, *j);
  });
  return f;
}

// The number of distinct pairs (X[i], X[j]), i < j, for which pred is true:
// the same count as std::count_if over distinct_pairs(r), in a loop that vectorizes.
template <std::ranges::forward_range R, class Pred>
requires pair_invocable<Pred, std::ranges::range_reference_t<R>>
constexpr std::ptrdiff_t count_if_distinct_pairs(R&& r, Pred pred) {
  using ref = std::ranges::range_reference_t<R>;
  std::ptrdiff_t count = 0;
  detail::for_each_distinct_row(r, [&](auto& a, auto j, const auto& last) {
    // a separate counter per row keeps the inner loop free of stores to `count`
    std::ptrdiff_t row_count = 0;
    for (; j != last; ++j) row_count += static_cast<bool>(detail::invoke_on_pair<ref>(pred, a, *j)) ? 1 : 0;
    count += row_count;
  });
  return count;
}

// count_if_pairs counts DISTINCT pairs (i < j), like count_if_distinct_pairs. It is the name
// the benchmark of the article's example uses; the count over all n^2 ordered pairs would
// be std::count_if over pairs(r).
template <std::ranges::forward_range R, class Pred>
requires pair_invocable<Pred, std::ranges::range_reference_t<R>>
constexpr std::ptrdiff_t count_if_pairs(R&& r, Pred pred) {
  return count_if_distinct_pairs(std::forward<R>(r), std::move(pred));
}

}  // namespace framelab
