#pragma once
// Broadphase: which of n axis-aligned boxes overlap (core/collision/broadphase_aabb.hpp for the
// box and the overlap rule; touching counts). Four methods, one answer:
//
//   brute_force_pairs(boxes, out)                   every distinct pair tested: n(n-1)/2 tests
//   brute_force_pairs_threaded(boxes, out, t)       the same, split into t equal chunks of pairs
//   sweep_and_prune<T, N>::update(boxes, out)       sort along one axis, test only pairs whose
//                                                   intervals on that axis overlap; the sorted order
//                                                   persists, so the next frame re-sorts a nearly
//                                                   sorted list (core/collision/broadphase_sweep_and_prune.hpp)
//   sort_and_sweep_pairs(boxes, out)                a one-frame sweep_and_prune
//   uniform_grid<T, N>::update(boxes, out)          enter each box in the cells of a uniform grid it
//                                                   covers, test only pairs sharing a cell, each pair
//                                                   from one cell (core/collision/broadphase_uniform_grid.hpp)
//   uniform_grid_pairs(boxes, out)                  the same with a fresh grid
//
// Pairs come as index_pair {i, j} with i < j. The brute forces and the grid report them in
// canonical order (ascending i, then j); sort-and-sweep does not: canonical_order(out) sorts a list.
// Bad boxes (NaN, min > max) throw std::invalid_argument before `out` is touched.
// Source: docs/articles.md, distinct-pairs-iteration ("collisions between geometric objects").
#include <algorithm>
#include <cstdint>
#include <exception>
#include <ranges>
#include <span>
#include <thread>
#include <vector>

#include "core/collision/broadphase_aabb.hpp"
#include "core/collision/broadphase_sweep_and_prune.hpp"
#include "core/parallel_parts.hpp"
#include "core/collision/broadphase_uniform_grid.hpp"
#include "core/pairs/pairs.hpp"

namespace framelab {

// Every distinct pair (a, b) of boxes, i < j, in nested-loop order: out = {(i, j) : overlaps}.
template <aabb_range R>
void brute_force_pairs(const R& boxes, std::vector<index_pair>& out) {
  const auto span = as_box_span(boxes);
  check_boxes(span, "brute_force_pairs");
  out.clear();
  const auto* base = span.data();
  for_each_distinct_pair(span, [&](const auto& a, const auto& b) {
    if (overlaps(a, b)) out.push_back({static_cast<std::uint32_t>(&a - base), static_cast<std::uint32_t>(&b - base)});
  });
}

// The brute force on thread_count threads (0: std::thread::hardware_concurrency()). The
// distinct pairs of the boxes are cut into thread_count chunks of equal size
// (chunk_distinct_pairs); thread c reports the overlaps of chunk c, and the lists are joined
// in chunk order, which is the brute force's canonical order.
template <aabb_range R>
void brute_force_pairs_threaded(const R& boxes, std::vector<index_pair>& out, unsigned thread_count = 0) {
  const auto span = as_box_span(boxes);
  check_boxes(span, "brute_force_pairs_threaded");
  if (thread_count == 0) thread_count = std::max(1u, std::thread::hardware_concurrency());
  const auto chunks = chunk_distinct_pairs(span, thread_count);
  const auto* base = span.data();

  std::vector<std::vector<index_pair>> found(chunks.size());
  std::vector<std::exception_ptr> errors(chunks.size());
  const auto work = [&](std::size_t c) {
    try {
      for_each_in_chunk(chunks[c], [&](const auto& a, const auto& b) {
        if (overlaps(a, b)) found[c].push_back({static_cast<std::uint32_t>(&a - base), static_cast<std::uint32_t>(&b - base)});
      });
    } catch (...) {
      errors[c] = std::current_exception();
    }
  };
  run_parts(chunks.size(), work);  // the calling thread takes the first chunk
  for (const auto& error : errors)
    if (error) std::rethrow_exception(error);

  out.clear();
  for (const auto& part : found) out.insert(out.end(), part.begin(), part.end());
}

// One frame of sort-and-sweep with no history (a full sort).
template <aabb_range R>
void sort_and_sweep_pairs(const R& boxes, std::vector<index_pair>& out) {
  using box = std::remove_cv_t<std::ranges::range_value_t<R>>;
  sweep_and_prune<typename box::scalar_type, box::dimension> sweep;
  sweep.update(as_box_span(boxes), out);
}

// One frame of the uniform grid (canonical order).
template <aabb_range R>
void uniform_grid_pairs(const R& boxes, std::vector<index_pair>& out) {
  using box = std::remove_cv_t<std::ranges::range_value_t<R>>;
  uniform_grid<typename box::scalar_type, box::dimension> grid;
  grid.update(as_box_span(boxes), out);
}

}  // namespace framelab
