#pragma once
// radix_sort_pairs(pairs, scratch, n): index pairs with i, j < n into canonical order (ascending
// i, then j) in O(passes * (pairs + 2^radix_bits)), whatever their order before; the uniform grid
// (core/collision/broadphase_uniform_grid.hpp) reports its pairs through it.
//
// LSD radix sort: radix_bits bits at a time over the bits that indices below n use, the digits of
// j first, then those of i; each pass is a stable counting sort, so after the last pass the pairs
// are ordered by i and, among equal i, by j. Both fields take the same number of passes, so the
// total is even and the result ends back in `pairs` (scratch is only a buffer, kept by the caller).
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/collision/broadphase_aabb.hpp"

namespace framelab {

namespace pair_radix_detail {

inline constexpr int radix_bits = 11;

// One stable counting sort of `from` into `to` by the digit (field >> shift) & mask.
inline void radix_pass(const std::vector<index_pair>& from, std::vector<index_pair>& to, bool by_i, int shift) {
  constexpr std::uint32_t mask = (1u << radix_bits) - 1;
  std::array<std::size_t, std::size_t{1} << radix_bits> start{};
  if (by_i) {
    for (const index_pair& p : from) ++start[(p.i >> shift) & mask];
  } else {
    for (const index_pair& p : from) ++start[(p.j >> shift) & mask];
  }
  std::size_t sum = 0;  // exclusive sums: start[d] = where digit d begins
  for (auto& s : start) sum += std::exchange(s, sum);
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
  std::vector<index_pair>* from = &pairs;
  std::vector<index_pair>* to = &scratch;
  for (const bool by_i : {false, true}) {
    for (int shift = 0; shift < width; shift += pair_radix_detail::radix_bits) {
      pair_radix_detail::radix_pass(*from, *to, by_i, shift);
      std::swap(from, to);
    }
  }
}

}  // namespace framelab
