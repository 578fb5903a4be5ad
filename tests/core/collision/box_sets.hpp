#pragma once
// What the broadphase tests share: the reference answer, a nested loop over the distinct
// pairs with its own overlap rule (the per-axis intersection [max of mins, min of maxes] is
// not empty), and random box sets laid on a quarter-unit lattice so that touching, identical,
// degenerate and nested boxes occur exactly in float and double.
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "core/collision/broadphase.hpp"

namespace framelab::test {

template <class T, int N>
std::vector<index_pair> nested_loop_overlaps(const std::vector<aabb<T, N>>& boxes) {
  std::vector<index_pair> out;
  for (std::uint32_t i = 0; i < boxes.size(); ++i)
    for (std::uint32_t j = i + 1; j < boxes.size(); ++j) {
      bool meet = true;
      for (int k = 0; k < N; ++k)
        meet = meet && std::max(boxes[i].min[k], boxes[j].min[k]) <= std::min(boxes[i].max[k], boxes[j].max[k]);
      if (meet) out.push_back({i, j});
    }
  return out;  // ascending (i, j)
}

// Random boxes on a lattice of step 1/4 (exact in float and double) in [0, extent]^N, with sides
// of 0 to 2 units, shifted by `offset` and scaled by `scale` (powers of two keep them exact), plus
// special cases: identical, nested, touching a face, a point on a corner, a quarter away, and
// (when `huge` is set) boxes spanning the whole set on some axes.
template <class T, int N>
std::vector<aabb<T, N>> random_boxes(std::size_t count, std::mt19937& rng, int extent = 60, bool huge = false,
                                     T offset = T(0), T scale = T(1)) {
  std::uniform_int_distribution<int> corner(0, extent), side(0, 8), pick(0, huge ? 11 : 9);
  std::vector<aabb<T, N>> boxes;
  while (boxes.size() < count) {
    aabb<T, N> b;
    for (int k = 0; k < N; ++k) {
      b.min[k] = T(corner(rng)) / T(4);
      b.max[k] = b.min[k] + T(side(rng)) / T(4);  // side 0: degenerate on this axis
    }
    if (!boxes.empty()) {
      const auto& other = boxes[std::uniform_int_distribution<std::size_t>(0, boxes.size() - 1)(rng)];
      const int axis = std::uniform_int_distribution<int>(0, N - 1)(rng);
      switch (pick(rng)) {
        case 0:
          b = other;
          break;  // identical
        case 1:   // nested inside other
          b = other;
          for (int k = 0; k < N; ++k) {
            b.min[k] += (other.max[k] - other.min[k]) / T(4);
            b.max[k] -= (other.max[k] - other.min[k]) / T(4);
          }
          break;
        case 2:  // touching other's max face on one axis, overlapping it on the others
          b = other;
          b.min[axis] = other.max[axis];
          b.max[axis] = other.max[axis] + T(1);
          break;
        case 3:
          b.min = b.max = other.max;
          break;  // a point on other's corner
        case 4:   // one quarter away from other's face: not touching
          b = other;
          b.min[axis] = other.max[axis] + T(0.25);
          b.max[axis] = b.min[axis] + T(1);
          break;
        case 10:  // a slab: the whole lattice on one axis
          b.min[axis] = T(-1);
          b.max[axis] = T(extent) / T(4) + T(3);
          break;
        case 11:  // the whole lattice
          for (int k = 0; k < N; ++k) {
            b.min[k] = T(-1);
            b.max[k] = T(extent) / T(4) + T(3);
          }
          break;
        default:
          break;
      }
    }
    boxes.push_back(b);
  }
  for (auto& b : boxes) {
    b.min = offset + scale * b.min;
    b.max = offset + scale * b.max;
  }
  return boxes;
}

}  // namespace framelab::test
