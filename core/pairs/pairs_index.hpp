#pragma once
// Closed-form maps between a pair's position k in iteration order and its
// element indices (i, j), for the two pair sets of a range of n elements.
// Source: docs/articles.md, distinct-pairs-iteration (the nested loops).
//
//   pairs:          for i in [0, n): for j in [0, n):     k = 0, 1, ..., n^2 - 1
//   distinct pairs: for i in [0, n): for j in [i + 1, n): k = 0, 1, ..., n(n-1)/2 - 1
//
// The random-access pair iterators jump with these maps, and the chunking of
// distinct pairs for threads uses them to find chunk boundaries in O(1).
// Valid while the pair count fits in std::ptrdiff_t: n < 3.03e9 for all pairs (n^2 < 2^63),
// n < 2^32 for distinct pairs.
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace framelab {

// The element indices (i, j) of one pair.
struct pair_indices {
  std::ptrdiff_t i = 0;
  std::ptrdiff_t j = 0;
  friend constexpr bool operator==(const pair_indices&, const pair_indices&) = default;
};

// [SECTION] all ordered pairs (i, j), including (i, i)

// |X x X| = n^2
constexpr std::ptrdiff_t ordered_pair_count(std::ptrdiff_t n) {
  return n * n;
}

// k = i n + j
constexpr std::ptrdiff_t ordered_pair_index(std::ptrdiff_t n, std::ptrdiff_t i, std::ptrdiff_t j) {
  return i * n + j;
}

// i = k / n, j = k mod n   (requires n > 0 and 0 <= k < n^2)
constexpr pair_indices ordered_pair_at(std::ptrdiff_t n, std::ptrdiff_t k) {
  return {k / n, k % n};
}

// [SECTION] distinct pairs (i, j), i < j, in nested-loop order

// n(n-1)/2 unordered pairs of different positions (halving the even factor first keeps
// the product in range up to n = 2^32)
constexpr std::ptrdiff_t distinct_pair_count(std::ptrdiff_t n) {
  if (n < 2) return 0;
  return n % 2 == 0 ? (n / 2) * (n - 1) : n * ((n - 1) / 2);
}

// Rows 0 .. i-1 of the triangle hold (n-1) + (n-2) + ... + (n-i) = i(2n - i - 1)/2 pairs,
// and (i, j) is number j - i - 1 of row i:
//   k = i(2n - i - 1)/2 + (j - i - 1)
// (i(2n - i - 1) is always even: one of i and 2n - i - 1 is even; halve that one first.)
constexpr std::ptrdiff_t distinct_pair_index(std::ptrdiff_t n, std::ptrdiff_t i, std::ptrdiff_t j) {
  const std::ptrdiff_t rows_before = i % 2 == 0 ? (i / 2) * (2 * n - i - 1) : i * ((2 * n - i - 1) / 2);
  return rows_before + (j - i - 1);
}

namespace detail {

// T(m) = m(m+1)/2, the m-th triangular number (m < 2^32 keeps it in 64 bits).
constexpr std::uint64_t triangular(std::uint64_t m) {
  return m * (m + 1) / 2;
}

// floor(sqrt(x)): Newton's iteration x_{t+1} = (x_t + x / x_t) / 2 from a guess >= sqrt(x)
// during constant evaluation, the FPU otherwise (the caller corrects the last digit anyway).
constexpr std::uint64_t approximate_isqrt(std::uint64_t x) {
  if (!std::is_constant_evaluated()) return static_cast<std::uint64_t>(std::sqrt(static_cast<double>(x)));
  if (x < 2) return x;
  std::uint64_t r = std::uint64_t{1} << ((std::bit_width(x) + 1) / 2);
  for (std::uint64_t next = (r + x / r) / 2; next < r; next = (r + x / r) / 2) r = next;
  return r;
}

}  // namespace detail

// Inverse of distinct_pair_index (requires 0 <= k < n(n-1)/2).
// Count from the back: r = P - 1 - k with P = n(n-1)/2. The rows after row i hold
// T(m) pairs with m = n - 2 - i, so row i is the one with T(m) <= r < T(m + 1):
//   m = floor((sqrt(8r + 1) - 1) / 2) ~ sqrt(2r),   i = n - 2 - m,
// and counting r - T(m) back from the row's last column n - 1:
//   j = n - 1 - (r - T(m)).
constexpr pair_indices distinct_pair_at(std::ptrdiff_t n, std::ptrdiff_t k) {
  const auto r = static_cast<std::uint64_t>(distinct_pair_count(n) - 1 - k);
  std::uint64_t m = detail::approximate_isqrt(2 * r);
  // sqrt(2r) is m or m + 1 (and the FPU may be off by one more): settle T(m) <= r < T(m + 1).
  while (m > 0 && detail::triangular(m) > r) --m;
  while (detail::triangular(m + 1) <= r) ++m;
  const auto i = n - 2 - static_cast<std::ptrdiff_t>(m);
  const auto j = n - 1 - static_cast<std::ptrdiff_t>(r - detail::triangular(m));
  return {i, j};
}

}  // namespace framelab
