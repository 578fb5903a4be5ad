#pragma once
// Benchmark cases for the broadphase (no timing here: the bench engine wraps them).
// The workload is core/collision/workloads.hpp's moving boxes. Each run_* steps the
// workload `frames` times by dt and runs one broadphase per frame; it returns the total
// of the pair counts, equal for all methods on equal workloads.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/collision/broadphase.hpp"
#include "core/collision/workloads.hpp"

namespace framelab::bench {

// Steps the workload `frames` times and calls find_pairs(boxes, pairs) after each step;
// returns the total of the pair counts.
template <class T, int N, class FindPairs>
std::uint64_t run_frames(moving_boxes<T, N>& w, int frames, T dt, FindPairs find_pairs) {
  std::vector<index_pair> pairs;
  std::uint64_t total = 0;
  for (int f = 0; f < frames; ++f) {
    w.step(dt);
    find_pairs(w.boxes, pairs);
    total += pairs.size();
  }
  return total;
}

template <class T, int N>
std::uint64_t run_brute_force_frames(moving_boxes<T, N>& w, int frames, T dt = T(1) / T(60)) {
  return run_frames(w, frames, dt, [](const auto& boxes, auto& pairs) { brute_force_pairs(boxes, pairs); });
}

template <class T, int N>
std::uint64_t run_brute_force_threaded_frames(moving_boxes<T, N>& w, int frames, unsigned threads,
                                              T dt = T(1) / T(60)) {
  return run_frames(w, frames, dt,
                    [threads](const auto& boxes, auto& pairs) { brute_force_pairs_threaded(boxes, pairs, threads); });
}

// One sweep_and_prune kept across the frames: the incremental re-sort is what is measured.
template <class T, int N>
std::uint64_t run_sweep_and_prune_frames(moving_boxes<T, N>& w, int frames, T dt = T(1) / T(60)) {
  sweep_and_prune<T, N> sweep;
  return run_frames(w, frames, dt, [&sweep](const auto& boxes, auto& pairs) { sweep.update(boxes, pairs); });
}

// One uniform_grid kept across the frames (its buffers; it keeps no order).
template <class T, int N>
std::uint64_t run_uniform_grid_frames(moving_boxes<T, N>& w, int frames, T dt = T(1) / T(60)) {
  uniform_grid<T, N> grid;
  return run_frames(w, frames, dt, [&grid](const auto& boxes, auto& pairs) { grid.update(boxes, pairs); });
}

}  // namespace framelab::bench
