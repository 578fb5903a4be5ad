#pragma once
// aabb<T, N>: an axis-aligned box [min, max] in R^N (N = 2, 3), the broadphase's shape,
// and index_pair, the broadphase's answer: boxes i < j overlap.
//
// Boxes are closed: a and b overlap when on every axis k
//   a.min[k] <= b.max[k]  and  b.min[k] <= a.max[k],
// so touching boxes (a shared face, edge or corner) overlap, and so do degenerate boxes
// (min == max on some axis: a face, a segment or a point) lying on or inside another box.
#include <algorithm>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <ranges>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "core/glm_config.hpp"

namespace framelab {

template <class T, int N>
struct aabb {
  static_assert(N == 2 || N == 3, "framelab::aabb exists for N = 2 and 3");
  static_assert(std::is_floating_point_v<T>, "framelab::aabb needs a floating-point scalar");

  using scalar_type = T;
  using vec_type = glm::vec<N, T>;
  static constexpr int dimension = N;

  vec_type min = vec_type(T(0));  // min[k] <= max[k] on every axis k
  vec_type max = vec_type(T(0));

  // (min + max) / 2
  vec_type center() const { return (min + max) * T(0.5); }
};

using aabb2f = aabb<float, 2>;
using aabb3f = aabb<float, 3>;
using aabb2d = aabb<double, 2>;
using aabb3d = aabb<double, 3>;

// Closed intervals [a0, a1] and [b0, b1] intersect iff a0 <= b1 and b0 <= a1; boxes iff on every axis.
template <class T, int N>
constexpr bool overlaps(const aabb<T, N>& a, const aabb<T, N>& b) {
  for (int k = 0; k < N; ++k)
    if (b.max[k] < a.min[k] || a.max[k] < b.min[k]) return false;
  return true;
}

// Boxes i and j overlap, i < j (indices into the frame's box array).
struct index_pair {
  std::uint32_t i = 0;
  std::uint32_t j = 0;
  friend constexpr auto operator<=>(const index_pair&, const index_pair&) = default;
};

// The canonical order of a pair list, for comparing methods: ascending (i, then j).
// The brute force already reports in this order; sort-and-sweep does not.
inline void canonical_order(std::vector<index_pair>& pairs) {
  std::sort(pairs.begin(), pairs.end());
}

template <class B>
inline constexpr bool is_aabb = false;
template <class T, int N>
inline constexpr bool is_aabb<aabb<T, N>> = true;

// Box arrays the broadphase accepts: contiguous (std::vector, std::array, std::span) of aabb.
template <class R>
concept aabb_range = std::ranges::contiguous_range<R> && std::ranges::sized_range<R> &&
    is_aabb<std::remove_cv_t<std::ranges::range_value_t<R>>>;

template <aabb_range R>
auto as_box_span(const R& boxes) {
  using box = std::remove_cv_t<std::ranges::range_value_t<R>>;
  return std::span<const box>(std::ranges::data(boxes), std::ranges::size(boxes));
}

// Throws std::invalid_argument naming the first bad box: a coordinate that is NaN or
// min > max on some axis, or more boxes than a 32-bit index can name. `who` starts the message.
template <class T, int N>
void check_boxes(std::span<const aabb<T, N>> boxes, const char* who) {
  if (boxes.size() > std::numeric_limits<std::uint32_t>::max()) {
    throw std::invalid_argument(std::string(who) + ": " + std::to_string(boxes.size()) +
                                " boxes is more than 32-bit indices can name");
  }
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    for (int k = 0; k < N; ++k) {
      const T lo = boxes[i].min[k];
      const T hi = boxes[i].max[k];
      if (lo <= hi) continue;  // false for NaN as well
      std::ostringstream message;
      message << who << ": box " << i << " has " << (lo > hi ? "min > max" : "a NaN coordinate") << " on axis " << k
              << " (min " << lo << ", max " << hi << ")";
      throw std::invalid_argument(message.str());
    }
  }
}

}  // namespace framelab
