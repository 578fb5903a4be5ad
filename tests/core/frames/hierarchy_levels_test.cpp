// Sweep levels (core/frames/sweep_level.hpp, hierarchy::set_sweep_level): the pose and
// velocity sweeps against the full sweep of the same tree (bit for bit: the same
// expressions in the same order, for the AVX2 and the portable kernel, in cache and
// streaming, 2D and 3D, float and double) and against brute-force composition along the
// public parent links (to rounding); what a level does not track is NaN; the level copy
// kept current through every kind of edit; the byte counts; compact locals refused
// below the acceleration level.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/frames/hierarchy.hpp"
#include "tests/core/frames/motion_fd.hpp"
#include "tests/core/frames/random_hierarchy.hpp"

namespace {
using namespace framelab;
using framelab::test::brute_force_global;
using framelab::test::build_random;
using framelab::test::cast;
using framelab::test::random_local;

constexpr double sweep_tol = 1e-12;  // level sweep vs brute force, relative to the magnitudes
constexpr sweep_level lower_levels[] = {sweep_level::pose, sweep_level::velocity};

template <class V>
bool all_nan(const V& v) {
  if constexpr (std::is_floating_point_v<V>) {
    return std::isnan(v);
  } else {
    for (int i = 0; i < V::length(); ++i)
      if (!std::isnan(v[i])) return false;
    return true;
  }
}

// The tracked parts of a level's world equal the full world's bit for bit, the rest is NaN.
template <class T, int N>
::testing::AssertionResult same_tracked_parts(const dynamic_transform<T, N>& level_world,
                                              const dynamic_transform<T, N>& full_world, sweep_level level) {
  const auto& a = level_world;
  const auto& b = full_world;
  if (a.pose.translation != b.pose.translation || a.pose.rotation != b.pose.rotation || a.pose.scale != b.pose.scale)
    return ::testing::AssertionFailure() << "the pose differs";
  if (!all_nan(a.accel) || !all_nan(a.angular_accel)) return ::testing::AssertionFailure() << "a or alpha is not NaN";
  if (level == sweep_level::velocity) {
    if (a.velocity != b.velocity || a.angular_velocity != b.angular_velocity)
      return ::testing::AssertionFailure() << "v or w differs";
  } else if (!all_nan(a.velocity) || !all_nan(a.angular_velocity)) {
    return ::testing::AssertionFailure() << "v or w is not NaN";
  }
  return ::testing::AssertionSuccess();
}

// Relative distance of the tracked parts to a reference world.
template <class T, int N>
double tracked_error(const dynamic_transform<T, N>& a, const dynamic_transform<T, N>& b, sweep_level level) {
  const auto e = test::compare(a, b);
  const double scale = 1 + std::max(double(test::max_abs(b.velocity)), double(test::max_abs(b.pose.translation)));
  return (level == sweep_level::pose ? e.pose : std::max({e.pose, e.velocity, e.angular_velocity})) / scale;
}

// Every node's world at each lower level against the full sweep, with the portable
// kernel (unless simd_only) and the AVX2 one.
template <class T, int N>
void levels_match_the_full_sweep(std::size_t nodes, std::size_t check_every, bool simd_only = false,
                                 std::size_t stream_min_bytes = simd_stream_min_bytes) {
  std::mt19937 rng(83);
  hierarchy<T, N> h;
  h.set_stream_min_bytes(stream_min_bytes);
  const auto ids = build_random(h, rng, nodes);
  for (const bool simd : {false, true}) {
    if (simd_only && !simd) continue;
    h.set_simd_enabled(simd);
    h.set_sweep_level(sweep_level::acceleration);
    h.update_world();
    std::vector<dynamic_transform<T, N>> full(h.globals().begin(), h.globals().end());
    for (const sweep_level level : lower_levels) {
      h.set_sweep_level(level);
      EXPECT_FALSE(h.world_current());
      h.update_world();
      EXPECT_TRUE(h.globals().empty());
      for (std::size_t s = 0; s < h.size(); s += check_every)
        ASSERT_TRUE(same_tracked_parts(h.global(h.id_at(s)), full[s], level))
            << "slot " << s << ", level " << sweep_level_name(level) << (simd ? ", simd" : ", portable");
    }
  }
}

TEST(hierarchy_levels, pose_and_velocity_are_the_full_sweeps_bit_for_bit) {
  levels_match_the_full_sweep<double, 3>(3000, 1);
  levels_match_the_full_sweep<double, 2>(500, 1);
  levels_match_the_full_sweep<float, 3>(500, 1);
  levels_match_the_full_sweep<float, 2>(500, 1);
}

// Big enough that the AVX2 kernels stream both the pose and the velocity records at the
// tests' streaming threshold (the portable kernel has no streaming path).
TEST(hierarchy_levels, streaming_sweeps_are_the_full_sweeps_bit_for_bit) {
  const std::size_t nodes = framelab::test::test_stream_min_bytes / sizeof(transform3d) + 1000;
  levels_match_the_full_sweep<double, 3>(nodes, 37, true, framelab::test::test_stream_min_bytes);
  if (!hierarchy_simd_available()) GTEST_SKIP() << "no AVX2/FMA here: only the portable kernel ran";
}

TEST(hierarchy_levels, match_brute_force_composition) {
  std::mt19937 rng(89);
  hierarchy3d h;
  const auto ids = build_random(h, rng, 2000);
  for (const sweep_level level : lower_levels) {
    h.set_sweep_level(level);
    for (const bool simd : {false, true}) {
      h.set_simd_enabled(simd);
      h.update_world();
      for (const node_id id : ids)
        ASSERT_LE(tracked_error(h.global(id), brute_force_global(h, id), level), sweep_tol) << id.value;
    }
  }
}

TEST(hierarchy_levels, untracked_parts_are_nan_before_and_after_the_sweep) {
  std::mt19937 rng(97);
  hierarchy3d h;
  const auto ids = build_random(h, rng, 50);
  h.set_sweep_level(sweep_level::velocity);
  EXPECT_EQ(h.sweep_level_mode(), sweep_level::velocity);
  const dynamic_transform3d composed = h.global(ids[40]);  // not swept yet: composed along the chain
  EXPECT_FALSE(h.world_current());
  h.update_world();
  EXPECT_LE(tracked_error(h.global(ids[40]), composed, sweep_level::velocity), sweep_tol);
  EXPECT_TRUE(all_nan(composed.accel) && all_nan(composed.angular_accel));
  EXPECT_FALSE(all_nan(composed.velocity));
  h.set_sweep_level(sweep_level::pose);
  EXPECT_TRUE(all_nan(h.global(ids[40]).velocity));
  h.update_world();
  EXPECT_TRUE(all_nan(h.global(ids[40]).angular_velocity));
  EXPECT_LE(tracked_error(h.global(ids[40]), brute_force_global(h, ids[40]), sweep_level::pose), sweep_tol);
  h.set_sweep_level(sweep_level::acceleration);  // back to everything
  h.update_world();
  EXPECT_EQ(h.globals().size(), h.size());
  EXPECT_FALSE(all_nan(h.global(ids[40]).angular_accel));
}

// Adds, removes, reparents, set_local / set_global and impulses at a lower level: the
// world stays the full sweep's (the level copy follows every edit), and clear keeps the level.
TEST(hierarchy_levels, the_level_copy_follows_every_edit) {
  for (const sweep_level level : lower_levels) {
    std::mt19937 rng(101);
    hierarchy3d h, full;
    h.set_sweep_level(level);
    for (int round = 0; round < 3; ++round) {
      for (int k = 0; k < 40; ++k) {  // the same edits on both
        const std::size_t n = h.size();
        const bool top = n == 0 || k % 9 == 0;
        const std::size_t pick = n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
        const dynamic_transform3d l = random_local<double, 3>(rng);
        h.add(top ? world_node : h.id_at(pick), l);
        full.add(top ? world_node : full.id_at(pick), l);
      }
      h.update_world();  // sorts both the same way (same structure, same order)
      full.update_world();
      const std::size_t victim = h.size() / 3;
      h.remove(h.id_at(victim));
      full.remove(full.id_at(victim));
      const std::size_t a = h.size() - 1, b = h.size() / 5;
      h.reparent(h.id_at(a), h.id_at(b), reparent_mode::keep_local);
      full.reparent(full.id_at(a), full.id_at(b), reparent_mode::keep_local);
      const dynamic_transform3d l = random_local<double, 3>(rng), g = random_local<double, 3>(rng);
      h.set_local(h.id_at(b), l);
      full.set_local(full.id_at(b), l);
      h.set_global(h.id_at(a), g);
      full.set_global(full.id_at(a), g);
      h.apply_velocity_change(h.id_at(b), {0.5, -1, 2}, true);
      full.apply_velocity_change(full.id_at(b), {0.5, -1, 2}, true);
      h.update_world();
      full.update_world();
      ASSERT_EQ(h.size(), full.size());
      for (std::size_t s = 0; s < h.size(); ++s)
        ASSERT_TRUE(same_tracked_parts(h.global(h.id_at(s)), full.globals()[s], level)) << "round " << round;
    }
    h.clear();
    EXPECT_EQ(h.sweep_level_mode(), level);
    EXPECT_TRUE(h.empty());
  }
}

TEST(hierarchy_levels, bytes_per_node) {
  EXPECT_EQ(hierarchy3d::sweep_bytes_per_node(sweep_level::pose), 64u + 4u + 64u);
  EXPECT_EQ(hierarchy3d::sweep_bytes_per_node(sweep_level::velocity), 112u + 4u + 112u);
  EXPECT_EQ(hierarchy3d::sweep_bytes_per_node(sweep_level::acceleration), 160u + 4u + 160u);
  hierarchy3d h;
  h.set_sweep_level(sweep_level::pose);
  EXPECT_EQ(h.sweep_bytes_per_node(), 132u);
  h.set_sweep_level(sweep_level::acceleration);
  EXPECT_EQ(h.sweep_bytes_per_node(), 324u);
}

TEST(hierarchy_levels, compact_locals_only_at_the_acceleration_level) {
  hierarchy3d h;
  h.add(world_node);
  h.set_sweep_level(sweep_level::velocity);
  EXPECT_THROW(h.set_sweep_locals(sweep_locals::compact), std::invalid_argument);
  EXPECT_EQ(h.sweep_locals_mode(), sweep_locals::exact);
  h.set_sweep_level(sweep_level::acceleration);
  h.set_sweep_locals(sweep_locals::compact);
  EXPECT_THROW(h.set_sweep_level(sweep_level::pose), std::invalid_argument);
  EXPECT_EQ(h.sweep_level_mode(), sweep_level::acceleration);
}

}  // namespace
