#pragma once
// Splitting the distinct pairs of a range into k chunks of equal size, for k threads.
//
// With P = n(n-1)/2 pairs, q = P / k and e = P mod k, chunk c in [0, k) holds positions
//   [s(c), s(c + 1)),   s(c) = c q + min(c, e),
// so the first e chunks hold q + 1 pairs and the others q: sizes differ by at most one,
// and together the chunks cover every pair exactly once, in nested-loop order.
// Each chunk is a std::ranges::subrange of distinct_pairs iterators: iterate it like any
// range, or use for_each_in_chunk / count_if_in_chunk, which walk it row by row with the
// vectorizable inner loop of core/pairs/pair_algorithms.hpp.
// Boundaries cost O(1) each over a random-access sized range (the closed form of
// core/pairs/pairs_index.hpp) and O(n) each otherwise.
#include <algorithm>
#include <cstddef>
#include <iterator>
#include <ranges>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/pairs/pair_algorithms.hpp"
#include "core/pairs/pairs_distinct_view.hpp"
#include "core/pairs/pairs_index.hpp"

namespace framelab {

namespace detail {
// std::ranges::distance(first, last) (which emscripten's libc++ 13 lacks): the difference
// where the sentinel gives it, else counted.
template <class It, class Sentinel>
constexpr std::ptrdiff_t element_count(It first, const Sentinel& last) {
  if constexpr (std::sized_sentinel_for<Sentinel, It>) {
    return static_cast<std::ptrdiff_t>(last - first);
  } else {
    std::ptrdiff_t n = 0;
    for (; first != last; ++first) ++n;
    return n;
  }
}
}  // namespace detail

// The iterators of distinct_pairs_view (they expose base_i(), base_j(), ...).
template <class It>
concept distinct_pairs_iterator = std::forward_iterator<It> && requires {
  It::is_distinct_pairs_iterator;
};

// k chunks (k >= 1) of the distinct pairs of r. The chunks refer to r itself, so r must
// outlive them: r is an lvalue or a borrowed range (std::views::iota, a std::span).
template <std::ranges::viewable_range R>
requires std::ranges::forward_range<R> && std::ranges::borrowed_range<R>
auto chunk_distinct_pairs(R&& r, std::size_t k) {
  if (k == 0) throw std::invalid_argument("chunk_distinct_pairs: the chunk count k must be at least 1");
  // An lvalue is referred to, never copied (std::views::all would copy a view such as a
  // filter_view, whose iterators point into it, and the copy dies with this function).
  auto view = [&] {
    if constexpr (std::is_lvalue_reference_v<R>)
      return distinct_pairs(std::ranges::ref_view(r));
    else
      return distinct_pairs(std::forward<R>(r));
  }();
  using iterator = std::ranges::iterator_t<decltype(view)>;
  using chunk = std::ranges::subrange<iterator>;

  const auto begin = view.begin();
  const auto first = begin.base_first();
  const auto last = begin.base_end();
  const std::ptrdiff_t n = detail::element_count(first, last);
  const std::ptrdiff_t total = distinct_pair_count(n);
  const auto kk = static_cast<std::ptrdiff_t>(k);
  const std::ptrdiff_t q = total / kk;
  const std::ptrdiff_t e = total % kk;

  // end of all pairs: j at the underlying end (an iterator even over a non-common range)
  const auto end_iterator = std::ranges::next(first, last);
  const iterator end(first, end_iterator, end_iterator, last);

  // The iterator at position s < P. Random access: the closed form. Otherwise walk the
  // rows from the previous boundary (row_i at index row_index), O(n) per boundary.
  auto row_i = first;
  std::ptrdiff_t row_index = 0;
  const auto at = [&](std::ptrdiff_t s) -> iterator {
    if (s == total) return end;
    if constexpr (std::random_access_iterator<iterator>) {
      return begin + s;
    } else {
      const auto [i, j] = distinct_pair_at(n, s);
      std::ranges::advance(row_i, i - row_index);
      row_index = i;
      return iterator(first, row_i, std::ranges::next(row_i, j - i), last);
    }
  };

  std::vector<chunk> chunks;
  chunks.reserve(k);
  iterator chunk_begin = at(0);
  for (std::ptrdiff_t c = 0; c < kk; ++c) {
    const std::ptrdiff_t s_next = (c + 1) * q + std::min(c + 1, e);
    iterator chunk_end = at(s_next);
    chunks.emplace_back(chunk_begin, chunk_end);
    chunk_begin = std::move(chunk_end);
  }
  return chunks;
}

namespace detail {

// row(a, j, row_end) for each run of pairs of [b, e) that share their first element a = X[i].
template <distinct_pairs_iterator It, class Row>
constexpr void for_each_chunk_row(const It& b, const It& e, Row&& row) {
  const auto& last = b.base_end();
  auto i = b.base_i();
  auto j = b.base_j();
  const bool stops_mid_triangle = !(e.base_j() == last);
  while (!(j == last)) {
    auto&& a = *i;
    if (stops_mid_triangle && i == e.base_i()) {  // the chunk ends inside this row
      row(a, j, e.base_j());
      return;
    }
    row(a, j, last);  // the rest of row i, then row i + 1 from column i + 2
    ++i;
    j = std::ranges::next(i);
  }
}

}  // namespace detail

// f on each pair of the chunk, in order, like for_each_distinct_pair on the whole range.
template <distinct_pairs_iterator It, class F>
requires pair_invocable<F, typename It::element_reference>
constexpr F for_each_in_chunk(const std::ranges::subrange<It>& chunk, F f) {
  using ref = typename It::element_reference;
  detail::for_each_chunk_row(chunk.begin(), chunk.end(), [&f](auto& a, auto j, const auto& row_end) {
    for (; j != row_end; ++j) detail::invoke_on_pair<ref>(f, a, *j);
  });
  return f;
}

// The number of pairs of the chunk for which pred is true (summed over all chunks:
// count_if_distinct_pairs of the whole range).
template <distinct_pairs_iterator It, class Pred>
requires pair_invocable<Pred, typename It::element_reference>
constexpr std::ptrdiff_t count_if_in_chunk(const std::ranges::subrange<It>& chunk, Pred pred) {
  using ref = typename It::element_reference;
  std::ptrdiff_t count = 0;
  detail::for_each_chunk_row(chunk.begin(), chunk.end(), [&](auto& a, auto j, const auto& row_end) {
    std::ptrdiff_t row_count = 0;
    for (; j != row_end; ++j) row_count += static_cast<bool>(detail::invoke_on_pair<ref>(pred, a, *j)) ? 1 : 0;
    count += row_count;
  });
  return count;
}

}  // namespace framelab
