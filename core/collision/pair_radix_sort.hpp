#pragma once
// radix_sort_pairs(pairs, scratch, n): index pairs with i, j < n into canonical order (ascending
// i, then j) in O(passes * (pairs + 2^radix_bits)), whatever their order before; the uniform grid
// (core/collision/broadphase_uniform_grid.hpp) reports its pairs through it, and sphere_world
// (core/collision/sphere_world.hpp) sorts its touching pairs with it.
//
// LSD radix sort: the bits that indices below n use, `width` of them, in digits of at most
// max_radix_bits bits, as few digits as that allows and all of one width (ceil(width / passes)
// bits: 12-bit indices, up to 4,096 balls, take one pass per field instead of an 11-bit and a
// 1-bit one; 17-bit ones two 9-bit passes), the digits of j first, then those of i; each pass
// is a stable counting sort, so after the last pass the pairs are ordered by i and, among equal
// i, by j. Both fields take the same number of passes, so the total is even and the result ends
// back in `pairs` (scratch is only a buffer, kept by the caller).
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "core/collision/broadphase_aabb.hpp"
#include "core/parallel_parts.hpp"

namespace framelab {

// One stable counting sort of `from` into `to` by key(pair) in [0, keys), the pairs cut into
// `parts` runs on threads of their own (core/parallel_parts.hpp): each run counts its keys, then
// writes its pairs of key d after those of d's earlier runs and of all smaller keys, the places a
// single pass gives them. `counts` is scratch (parts x keys); key_start, if given (keys + 1
// entries), gets where each key's pairs begin in `to`, and the end. Also core/collision/contact_slabs.hpp's.
template <class Key>
void counting_sort_pairs(std::span<const index_pair> from, std::span<index_pair> to, Key key, std::size_t keys,
                         std::size_t parts, std::vector<std::size_t>& counts, std::size_t* key_start = nullptr) {
  const std::size_t n = from.size();
  counts.assign(parts * keys, 0);
  const index_pair* in = from.data();
  index_pair* out = to.data();
  // (captured by value: the counters' stores could alias anything the loop reads through a reference)
  run_ranges(n, parts, [=, &counts](std::size_t part, std::size_t first, std::size_t last) {
    std::size_t* count = counts.data() + part * keys;
    for (std::size_t k = first; k < last; ++k) ++count[key(in[k])];
  });
  std::size_t sum = 0;  // exclusive sums, key by key and within a key run by run: where each run's d's begin
  for (std::size_t d = 0; d < keys; ++d) {
    if (key_start) key_start[d] = sum;
    for (std::size_t part = 0; part < parts; ++part) sum += std::exchange(counts[part * keys + d], sum);
  }
  if (key_start) key_start[keys] = sum;
  run_ranges(n, parts, [=, &counts](std::size_t part, std::size_t first, std::size_t last) {
    std::size_t* start = counts.data() + part * keys;
    for (std::size_t k = first; k < last; ++k) out[start[key(in[k])]++] = in[k];
  });
}

namespace pair_radix_detail {

inline constexpr int max_radix_bits = 12;

// One pass: the stable counting sort by the digit (field >> shift) & (2^bits - 1), field i or j.
inline void radix_pass(const std::vector<index_pair>& from, std::vector<index_pair>& to, bool by_i, int shift,
                       int bits, std::size_t parts, std::vector<std::size_t>& counts) {
  const std::uint32_t mask = (1u << bits) - 1;
  const auto digit = [by_i, shift, mask](const index_pair& p) { return ((by_i ? p.i : p.j) >> shift) & mask; };
  counting_sort_pairs(from, to, digit, std::size_t{1} << bits, parts, counts);
}

}  // namespace pair_radix_detail

// Sorts `pairs` (every i and j below n) into canonical order; `scratch` is resized as needed.
// With threads > 1 each pass is cut into up to that many runs of at least min_pairs_per_thread
// pairs (starting a thread costs tens of microseconds; tests lower it): the same order (a stable
// sort has one answer).
inline constexpr std::size_t radix_pairs_per_thread = 65536;
inline void radix_sort_pairs(std::vector<index_pair>& pairs, std::vector<index_pair>& scratch, std::size_t n,
                             std::size_t threads = 1, std::size_t min_pairs_per_thread = radix_pairs_per_thread) {
  if (pairs.size() < 2 || n < 2) return;
  scratch.resize(pairs.size());
  const int width = static_cast<int>(std::bit_width(n - 1));
  const int passes = (width + pair_radix_detail::max_radix_bits - 1) / pair_radix_detail::max_radix_bits;
  const int bits = (width + passes - 1) / passes;
  const std::size_t parts = runs_for(pairs.size(), min_pairs_per_thread, threads);
  std::vector<std::size_t> counts;
  std::vector<index_pair>* from = &pairs;
  std::vector<index_pair>* to = &scratch;
  for (const bool by_i : {false, true}) {
    for (int shift = 0; shift < width; shift += bits) {
      pair_radix_detail::radix_pass(*from, *to, by_i, shift, bits, parts, counts);
      std::swap(from, to);
    }
  }
}

}  // namespace framelab
