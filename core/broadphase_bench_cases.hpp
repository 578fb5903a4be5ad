#pragma once
// Benchmark cases for the broadphase (no timing here: the bench engine wraps them).
// A moving-boxes workload: `count` boxes with sides in [0.5, 1.5] drifting through the
// cube [0, L]^N at up to max_speed units per second, bouncing off its walls. L is set so
// the boxes fill fill_fraction of the volume, L = (count / fill_fraction)^(1/N) (a box's
// mean volume is about 1), so the overlaps per box stay about the same as count grows and
// the brute force's n(n-1)/2 against sort-and-sweep's ~n log n shows the crossover.
// Each run_* steps the workload `frames` times by dt and runs one broadphase per frame; it
// returns the total of the pair counts, equal for all methods on equal workloads.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/broadphase.hpp"

namespace framelab::bench {

// splitmix64: a fixed generator, so a seed gives the same boxes on every platform.
class workload_random {
 public:
  explicit workload_random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // uniform in [lo, hi)
  double uniform(double lo, double hi) { return lo + (hi - lo) * double(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

template <class T, int N>
struct moving_boxes {
  std::vector<aabb<T, N>> boxes;
  std::vector<glm::vec<N, T>> velocities;
  T world_size = T(0);

  // x += v dt for every box; a box leaving [0, L] on an axis is put back inside and its
  // velocity on that axis reversed.
  void step(T dt) {
    for (std::size_t b = 0; b < boxes.size(); ++b) {
      auto& box = boxes[b];
      auto& v = velocities[b];
      const auto dx = v * dt;
      box.min += dx;
      box.max += dx;
      for (int k = 0; k < N; ++k) {
        if (box.min[k] < T(0)) {
          box.max[k] -= box.min[k];
          box.min[k] = T(0);
          v[k] = std::abs(v[k]);
        } else if (box.max[k] > world_size) {
          box.min[k] -= box.max[k] - world_size;
          box.max[k] = world_size;
          v[k] = -std::abs(v[k]);
        }
      }
    }
  }
};

template <class T, int N>
moving_boxes<T, N> make_moving_boxes(std::size_t count, std::uint64_t seed = 1, double fill_fraction = 0.05,
                                     double max_speed = 2.0) {
  workload_random random(seed);
  moving_boxes<T, N> w;
  const double world = std::pow(double(count) / fill_fraction, 1.0 / N);
  w.world_size = T(world);
  w.boxes.resize(count);
  w.velocities.resize(count);
  for (std::size_t b = 0; b < count; ++b) {
    for (int k = 0; k < N; ++k) {
      const double side = random.uniform(0.5, 1.5);
      const double lo = random.uniform(0.0, world - side);
      w.boxes[b].min[k] = T(lo);
      w.boxes[b].max[k] = T(lo + side);
      w.velocities[b][k] = T(random.uniform(-max_speed, max_speed));
    }
  }
  return w;
}

template <class T, int N>
std::uint64_t run_brute_force_frames(moving_boxes<T, N>& w, int frames, T dt = T(1) / T(60)) {
  std::vector<index_pair> pairs;
  std::uint64_t total = 0;
  for (int f = 0; f < frames; ++f) {
    w.step(dt);
    brute_force_pairs(w.boxes, pairs);
    total += pairs.size();
  }
  return total;
}

template <class T, int N>
std::uint64_t run_brute_force_threaded_frames(moving_boxes<T, N>& w, int frames, unsigned threads,
                                              T dt = T(1) / T(60)) {
  std::vector<index_pair> pairs;
  std::uint64_t total = 0;
  for (int f = 0; f < frames; ++f) {
    w.step(dt);
    brute_force_pairs_threaded(w.boxes, pairs, threads);
    total += pairs.size();
  }
  return total;
}

// One sweep_and_prune kept across the frames: the incremental re-sort is what is measured.
template <class T, int N>
std::uint64_t run_sweep_and_prune_frames(moving_boxes<T, N>& w, int frames, T dt = T(1) / T(60)) {
  sweep_and_prune<T, N> sweep;
  std::vector<index_pair> pairs;
  std::uint64_t total = 0;
  for (int f = 0; f < frames; ++f) {
    w.step(dt);
    sweep.update(w.boxes, pairs);
    total += pairs.size();
  }
  return total;
}

}  // namespace framelab::bench
