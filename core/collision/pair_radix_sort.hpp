#pragma once
// radix_sort_pairs(pairs, scratch, n): index pairs with i, j < n into canonical order (ascending
// i, then j) in O(passes * (pairs + 2^radix_bits)), whatever their order before; the uniform grid
// (core/collision/broadphase_uniform_grid.hpp) reports its pairs through it.
//
// LSD radix sort: the bits that indices below n use, `width` of them, in digits of at most
// max_radix_bits bits, as few digits as that allows and all of one width (ceil(width / passes)
// bits: 12-bit indices, up to 4,096 balls, take one pass per field instead of an 11-bit and a
// 1-bit one; 17-bit ones two 9-bit passes), the digits of j first, then those of i; each pass
// is a stable counting sort, so after the last pass the pairs are ordered by i and, among equal
// i, by j. Both fields take the same number of passes, so the total is even and the result ends
// back in `pairs` (scratch is only a buffer, kept by the caller).
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/collision/broadphase_aabb.hpp"

namespace framelab {

namespace pair_radix_detail {

inline constexpr int max_radix_bits = 12;

// One stable counting sort of `from` into `to` by the digit (field >> shift) & (2^bits - 1).
inline void radix_pass(const std::vector<index_pair>& from, std::vector<index_pair>& to, bool by_i, int shift,
                       int bits) {
  const std::uint32_t mask = (1u << bits) - 1;
  std::array<std::size_t, std::size_t{1} << max_radix_bits> start;
  std::fill_n(start.begin(), std::size_t{1} << bits, std::size_t{0});
  if (by_i) {
    for (const index_pair& p : from) ++start[(p.i >> shift) & mask];
  } else {
    for (const index_pair& p : from) ++start[(p.j >> shift) & mask];
  }
  std::size_t sum = 0;  // exclusive sums: start[d] = where digit d begins
  for (std::size_t d = 0; d <= mask; ++d) sum += std::exchange(start[d], sum);
  if (by_i) {
    for (const index_pair& p : from) to[start[(p.i >> shift) & mask]++] = p;
  } else {
    for (const index_pair& p : from) to[start[(p.j >> shift) & mask]++] = p;
  }
}

}  // namespace pair_radix_detail

// Sorts `pairs` (every i and j below n) into canonical order; `scratch` is resized as needed.
inline void radix_sort_pairs(std::vector<index_pair>& pairs, std::vector<index_pair>& scratch, std::size_t n) {
  if (pairs.size() < 2 || n < 2) return;
  scratch.resize(pairs.size());
  const int width = static_cast<int>(std::bit_width(n - 1));
  const int passes = (width + pair_radix_detail::max_radix_bits - 1) / pair_radix_detail::max_radix_bits;
  const int bits = (width + passes - 1) / passes;
  std::vector<index_pair>* from = &pairs;
  std::vector<index_pair>* to = &scratch;
  for (const bool by_i : {false, true}) {
    for (int shift = 0; shift < width; shift += bits) {
      pair_radix_detail::radix_pass(*from, *to, by_i, shift, bits);
      std::swap(from, to);
    }
  }
}

}  // namespace framelab
