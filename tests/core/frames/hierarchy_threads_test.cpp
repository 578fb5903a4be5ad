// The world sweep on several threads (hierarchy::set_sweep_threads,
// core/frames/hierarchy_segments.hpp) against the same tree swept on one thread: every
// node's world bit for bit (NaN where the level tracks nothing), at every sweep level,
// with the AVX2 and the portable kernel, in 3D double and 2D float, on random trees,
// a chain (each segment primed through a long ancestor chain), a star (every segment
// starts under the root) and trees smaller than the thread count; a tree big enough
// that the AVX2 kernel streams; and the brute-force composition as an independent check.
// Runs under ThreadSanitizer (a threaded test).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "core/frames/hierarchy.hpp"
#include "tests/core/frames/random_hierarchy.hpp"

namespace {
using namespace framelab;
using framelab::test::build_random;
using framelab::test::random_local;

constexpr sweep_level every_level[] = {sweep_level::pose, sweep_level::velocity, sweep_level::acceleration};

// Equal bit for bit, or NaN in both.
template <class V>
bool identical(const V& a, const V& b) {
  if constexpr (std::is_floating_point_v<V>) {
    return a == b ? std::signbit(a) == std::signbit(b) : std::isnan(a) && std::isnan(b);
  } else {
    for (int i = 0; i < V::length(); ++i)
      if (!identical(a[i], b[i])) return false;
    return true;
  }
}
template <class T>
bool identical(const glm::qua<T>& a, const glm::qua<T>& b) {
  return identical(a.x, b.x) && identical(a.y, b.y) && identical(a.z, b.z) && identical(a.w, b.w);
}
template <class T, int N>
bool identical(const dynamic_transform<T, N>& a, const dynamic_transform<T, N>& b) {
  return identical(a.pose.translation, b.pose.translation) && identical(a.pose.rotation, b.pose.rotation) &&
         identical(a.pose.scale, b.pose.scale) && identical(a.velocity, b.velocity) && identical(a.accel, b.accel) &&
         identical(a.angular_velocity, b.angular_velocity) && identical(a.angular_accel, b.angular_accel);
}

template <class T, int N>
std::vector<dynamic_transform<T, N>> worlds(hierarchy<T, N>& h) {
  h.update_world();
  std::vector<dynamic_transform<T, N>> out;
  for (std::size_t s = 0; s < h.size(); ++s) out.push_back(h.global(h.id_at(s)));
  return out;
}

// Sweeps h on 1 thread and on each count in `threads` (segments from min_nodes nodes up),
// at every level, with each kernel; every world must match the single-threaded one.
template <class T, int N>
void threads_match_one_thread(hierarchy<T, N>& h, std::initializer_list<std::size_t> threads,
                              std::size_t min_nodes = 1) {
  for (const bool simd : {false, true}) {
    h.set_simd_enabled(simd);
    for (const sweep_level level : every_level) {
      h.set_sweep_level(level);
      h.set_sweep_threads(1);
      const auto one = worlds(h);
      for (const std::size_t k : threads) {
        h.set_sweep_threads(k, min_nodes);
        const auto many = worlds(h);
        ASSERT_EQ(many.size(), one.size());
        for (std::size_t s = 0; s < one.size(); ++s)
          ASSERT_TRUE(identical(many[s], one[s]))
              << "slot " << s << " of " << one.size() << ", " << k << " threads, level " << sweep_level_name(level)
              << (simd ? ", simd" : ", portable");
      }
    }
  }
}

template <class T, int N>
hierarchy<T, N> chain(std::size_t n, std::mt19937& rng) {
  hierarchy<T, N> h;
  node_id last = world_node;
  for (std::size_t i = 0; i < n; ++i) last = h.add(last, random_local<T, N>(rng));
  return h;
}

template <class T, int N>
hierarchy<T, N> star(std::size_t n, std::mt19937& rng) {
  hierarchy<T, N> h;
  const node_id root = h.add(world_node, random_local<T, N>(rng));
  for (std::size_t i = 1; i < n; ++i) h.add(root, random_local<T, N>(rng));
  return h;
}

TEST(hierarchy_threads, random_trees_are_swept_bit_for_bit_as_on_one_thread) {
  std::mt19937 rng(2024);
  hierarchy3d h3;
  build_random(h3, rng, 3000);
  threads_match_one_thread(h3, {2, 3, 4, 7});
  hierarchy<float, 2> h2;
  build_random(h2, rng, 1000);
  threads_match_one_thread(h2, {2, 5});
}

TEST(hierarchy_threads, chains_stars_and_tiny_trees_too) {
  std::mt19937 rng(7);
  auto long_chain = chain<double, 3>(400, rng);
  threads_match_one_thread(long_chain, {2, 3, 8});
  auto wide = star<double, 3>(500, rng);
  threads_match_one_thread(wide, {2, 6});
  for (std::size_t n : {1, 2, 5, 9}) {
    hierarchy3d tiny;
    build_random(tiny, rng, n);
    threads_match_one_thread(tiny, {2, 7, 16});
  }
}

// With the default threshold for going parallel, and big enough for the AVX2 kernel's
// streaming stores in every segment at the tests' streaming threshold (half the tree is
// 5 MiB of records, test_stream_min_bytes 128 KiB); the world also matches brute-force composition.
TEST(hierarchy_threads, a_streaming_sweep_on_two_threads_is_the_one_thread_sweep) {
  std::mt19937 rng(99);
  hierarchy3d h;
  h.set_stream_min_bytes(framelab::test::test_stream_min_bytes);
  const auto ids = build_random(h, rng, parallel_sweep_min_nodes);
  h.set_sweep_threads(1);
  const auto one = worlds(h);
  h.set_sweep_threads(2, parallel_sweep_min_nodes);
  const auto two = worlds(h);
  for (std::size_t s = 0; s < one.size(); ++s) ASSERT_TRUE(identical(two[s], one[s])) << "slot " << s;
  for (std::size_t i = 0; i < ids.size(); i += 997)
    EXPECT_LT(test::relative_error(h.global(ids[i]), test::brute_force_global(h, ids[i])), 1e-12) << "node " << i;
}

TEST(hierarchy_threads, zero_asks_for_the_hardware_threads_and_edits_still_sweep) {
  std::mt19937 rng(5);
  hierarchy3d h;
  const auto ids = build_random(h, rng, 2000);
  h.set_sweep_threads(0, 1);
  EXPECT_GE(h.sweep_threads(), 1u);
  h.set_sweep_threads(3);
  EXPECT_EQ(h.sweep_threads_in_use(), 1u) << "2000 nodes are under the default threshold";
  h.set_sweep_threads(3, 1);
  EXPECT_EQ(h.sweep_threads_in_use(), 3u);
  h.set_sweep_locals(sweep_locals::compact);
  EXPECT_EQ(h.sweep_threads_in_use(), 1u) << "compact locals sweep on one thread";
  h.set_sweep_locals(sweep_locals::exact);
  h.update_world();
  // An edit that breaks the preorder (a new child of an early node), then a new sweep.
  const node_id added = h.add(ids[3], random_local<double, 3>(rng));
  h.set_local(ids[10], random_local<double, 3>(rng));
  h.update_world();
  for (const node_id n : {added, ids[10], ids.back()})
    EXPECT_LT(test::relative_error(h.global(n), test::brute_force_global(h, n)), 1e-12);
}

}  // namespace
