#pragma once
// Workloads shared by the broadphase's benchmarks, its tests and the collision scene's
// checks, built from a seed with splitmix64 so they are the same on every platform.
//
// Moving boxes: `count` boxes with sides in [0.5, 1.5] drifting through the cube [0, L]^N
// at up to max_speed units per second, bouncing off its walls. L is set so the boxes fill
// fill_fraction of the volume, L = (count / fill_fraction)^(1/N) (a box's mean volume is
// about 1), so the overlaps per box stay about the same as count grows and the brute
// force's n(n-1)/2 against sort-and-sweep's ~n log n shows the crossover.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numbers>
#include <utility>
#include <vector>

#include "common/splitmix64.hpp"
#include "core/collision/broadphase_aabb.hpp"
#include "core/collision/sphere_world.hpp"

namespace framelab {

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
  splitmix64 random(seed);
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

// The sphere workload: `count` spheres at random distinct cells of a cubic box filled to
// 5 % of its volume, random speeds up to 2 m/s; under gravity they first settle for 4 s.
inline sphere_world make_sphere_world(std::size_t count, bool gravity, std::uint64_t seed) {
  constexpr double r_max = 0.075, fill = 0.05;
  splitmix64 random(seed);
  sphere_world w;
  w.restitution = 0.9;
  w.gravity = {0.0, gravity ? -9.81 : 0.0, 0.0};
  const double mean_volume = 4.0 / 3.0 * std::numbers::pi * std::pow(0.8 * r_max, 3);
  const double side = std::cbrt(double(count) * mean_volume / fill);
  w.box = turning_box{{0.0, 0.5 * side, 0.0}, glm::dvec3(0.5 * side), 0.0, 0.0};
  const double cell = 2.2 * r_max;
  const auto per_axis = static_cast<std::size_t>(side / cell);
  std::vector<std::size_t> cells(per_axis * per_axis * per_axis);
  for (std::size_t c = 0; c < cells.size(); ++c) cells[c] = c;
  for (std::size_t c = cells.size(); c > 1; --c) std::swap(cells[c - 1], cells[random.next() % c]);  // shuffle
  for (std::size_t k = 0; k < count && k < cells.size(); ++k) {
    const std::size_t c = cells[k];
    const glm::dvec3 q = -0.5 * side + cell * (glm::dvec3(double(c % per_axis), double((c / per_axis) % per_axis),
                                                          double(c / (per_axis * per_axis))) +
                                               0.5);
    const double r = r_max * random.uniform(0.6, 1.0);
    const glm::dvec3 v(random.uniform(-1.2, 1.2), random.uniform(-1.2, 1.2), random.uniform(-1.2, 1.2));
    w.spheres.add(w.box->to_world_point(q), v, r, 1000.0 * 4.0 / 3.0 * std::numbers::pi * r * r * r);
  }
  if (gravity)
    for (int s = 0; s < 240; ++s) w.step(1.0 / 60.0);
  return w;
}

}  // namespace framelab
