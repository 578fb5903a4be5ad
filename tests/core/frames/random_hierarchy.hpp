#pragma once
// What the hierarchy tests share: random local dynamics, random trees shaped like the
// benchmark's (node i's parent uniform in 0..i-1), the brute-force reference (the
// composition L_root o ... o L_node along the public parent() links, independent of
// storage order and sweep) and the relative error the sweeps are held to.
#include <algorithm>
#include <cstddef>
#include <random>
#include <vector>

#include "core/frames/hierarchy.hpp"
#include "tests/core/frames/motion_fd.hpp"

namespace framelab::test {

// A streaming-store threshold 64x below the default (simd_stream_min_bytes, 8 MiB): after
// hierarchy::set_stream_min_bytes(test_stream_min_bytes) a tree of a few hundred to a few
// thousand nodes takes the SIMD sweeps' streaming path, which the default takes from
// ~26,000 nodes (dynamic_transform3d) or ~131,000 (transform3d): under ASan those trees
// made the streaming tests the costliest unit tests (~5-15 s each).
inline constexpr std::size_t test_stream_min_bytes = simd_stream_min_bytes / 64;

template <class T, int N>
dynamic_transform<T, N> random_local(std::mt19937& rng) {
  auto d = cast<T>(jet_motion<N>::random(rng, 0).d0);
  d.pose.translation *= T(0.5);
  d.pose.scale = T(1) + (d.pose.scale - T(1)) * T(0.1);
  return d;
}

template <class T, int N>
std::vector<node_id> build_random(hierarchy<T, N>& h, std::mt19937& rng, std::size_t n) {
  std::vector<node_id> ids;
  for (std::size_t i = 0; i < n; ++i) {
    const node_id parent = i == 0 ? world_node : ids[std::uniform_int_distribution<std::size_t>(0, i - 1)(rng)];
    ids.push_back(h.add(parent, random_local<T, N>(rng)));
  }
  return ids;
}

// The locals as they are (the default of brute_force_global's `round`).
struct unrounded_locals {
  template <class D>
  const D& operator()(const D& local) const {
    return local;
  }
};

// L_root o ... o L_node, each local passed through `round` first.
template <class T, int N, class Round = unrounded_locals>
dynamic_transform<T, N> brute_force_global(const hierarchy<T, N>& h, node_id n, Round round = {}) {
  dynamic_transform<T, N> g = round(h.local(n));
  for (node_id p = h.parent(n); p.valid(); p = h.parent(p)) g = round(h.local(p)) * g;
  return g;
}

// The worst component error of a against b, relative to 1 + b's largest T, v, a.
template <class T, int N>
double relative_error(const dynamic_transform<T, N>& a, const dynamic_transform<T, N>& b) {
  const auto e = compare(a, b);
  const double scale =
      1 + std::max({double(max_abs(b.velocity)), double(max_abs(b.accel)), double(max_abs(b.pose.translation))});
  return std::max({e.pose, e.velocity, e.accel, e.angular_velocity, e.angular_accel}) / scale;
}

}  // namespace framelab::test
