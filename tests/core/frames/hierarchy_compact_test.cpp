// The compact sweep (sweep_locals::compact, core/frames/hierarchy_sweep_compact.hpp):
// the world it computes against brute-force composition in double (walking the public
// parent links) of the float-rounded locals (to rounding: that is what it promises)
// and of the unrounded locals (its accuracy, next to a float hierarchy's), with the
// AVX2 and the portable kernel, in cache and streaming; the compact copy kept current
// through every kind of edit; bad input refused with nothing applied; the exact mode
// (what scenes use) untouched by switching back and forth.
#include <gtest/gtest.h>

#include <cstdio>
#include <limits>
#include <random>

#include "core/frames/hierarchy.hpp"
#include "tests/core/frames/motion_fd.hpp"
#include "tests/core/frames/random_hierarchy.hpp"

namespace {
using namespace framelab;
using framelab::test::brute_force_global;
using framelab::test::build_random;
using framelab::test::cast;
using framelab::test::relative_error;

constexpr double sweep_tol = 1e-12;  // compact sweep vs brute force on the same (rounded) locals, relative
// compact sweep vs the exact world (unrounded locals), relative to the magnitudes: each
// local component is rounded by at most 2^-24 ~ 6e-8 relative, and a node at depth d
// composes d + 1 rounded locals, a few terms each; the random trees here are at most
// ~20 deep. Measured: about 1e-6 (see the test's output).
constexpr double compact_tol = 1e-5;

// With hierarchy::set_stream_min_bytes(test_stream_min_bytes): a tree the streaming path sweeps.
std::size_t streaming_nodes() {
  return framelab::test::test_stream_min_bytes / sizeof(dynamic_transform3d) + 1000;
}

const auto rounded = [](const dynamic_transform3d& d) { return round_to_compact(d); };

// Worst relative error of the compact sweep (both kernels) against the brute force of
// the rounded locals, every `every`-th slot.
double max_error_vs_rounded(hierarchy3d& h, std::size_t every) {
  double worst = 0;
  for (const bool simd : {false, true}) {
    h.set_simd_enabled(simd);
    h.update_world();
    for (std::size_t s = 0; s < h.size(); s += every)
      worst = std::max(worst, relative_error(h.globals()[s], brute_force_global(h, h.id_at(s), rounded)));
  }
  return worst;
}

TEST(hierarchy_compact, record_is_96_bytes_and_widening_is_exact) {
  std::mt19937 rng(71);
  for (int k = 0; k < 100; ++k) {
    const dynamic_transform3d d = test::random_local<double, 3>(rng);
    const dynamic_transform3d r = round_to_compact(d);
    EXPECT_EQ(r.pose.rotation, d.pose.rotation);          // q kept in double
    EXPECT_EQ(round_to_compact(r).velocity, r.velocity);  // rounding twice changes nothing
    EXPECT_LE(test::max_abs(r.velocity - d.velocity), 0x1p-24 * test::max_abs(d.velocity));
    EXPECT_EQ(r.pose.translation.x, double(static_cast<float>(d.pose.translation.x)));
    EXPECT_NE(r.pose.translation.x, d.pose.translation.x);  // rounded (these values need more than 24 bits)
  }
  EXPECT_EQ(hierarchy3d::sweep_bytes_per_node(sweep_locals::exact), 160u + 4u + 160u);
  EXPECT_EQ(hierarchy3d::sweep_bytes_per_node(sweep_locals::compact), 96u + 4u + 160u);
}

TEST(hierarchy_compact, sweep_is_the_double_world_of_the_rounded_locals) {
  std::mt19937 rng(72);
  hierarchy3d h;
  build_random(h, rng, 3000);
  h.set_sweep_locals(sweep_locals::compact);
  EXPECT_EQ(h.sweep_locals_mode(), sweep_locals::compact);
  EXPECT_EQ(h.sweep_bytes_per_node(), 260u);
  EXPECT_LE(max_error_vs_rounded(h, 1), sweep_tol);
  if (!hierarchy_simd_available()) GTEST_SKIP() << "no AVX2/FMA here: only the portable kernel ran";
}

TEST(hierarchy_compact, streaming_sweep_is_the_double_world_of_the_rounded_locals) {
  std::mt19937 rng(73);
  hierarchy3d h;
  h.set_sweep_locals(sweep_locals::compact);  // set before the nodes: the copy grows with them
  h.set_stream_min_bytes(framelab::test::test_stream_min_bytes);
  build_random(h, rng, streaming_nodes());
  EXPECT_LE(max_error_vs_rounded(h, 29), sweep_tol);
  if (!hierarchy_simd_available()) GTEST_SKIP() << "no AVX2/FMA here: only the portable kernel ran";
}

// Its accuracy: against the exact world, within compact_tol, and well within what a
// float hierarchy (everything in float) gets on the same tree.
TEST(hierarchy_compact, accuracy_against_the_exact_double_world) {
  std::mt19937 rng(74);
  hierarchy3d h;
  const auto ids = build_random(h, rng, 3000);
  hierarchy3f f;
  std::vector<node_id> fids;
  for (const node_id id : ids) {
    const node_id p = h.parent(id);
    fids.push_back(f.add(p.valid() ? fids[p.value] : world_node, cast<float>(h.local(id))));
  }
  h.set_sweep_locals(sweep_locals::compact);
  h.update_world();
  f.update_world();
  double compact_error = 0, float_error = 0;
  std::size_t deepest = 0;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const dynamic_transform3d exact = brute_force_global(h, ids[i]);
    compact_error = std::max(compact_error, relative_error(h.global(ids[i]), exact));
    float_error = std::max(float_error, relative_error(cast<double>(f.global(fids[i])), exact));
    deepest = std::max(deepest, h.depth(ids[i]));
  }
  std::printf("compact locals: max relative error %.3g (float hierarchy: %.3g), depth up to %zu\n", compact_error,
              float_error, deepest);
  EXPECT_LE(compact_error, compact_tol);
  EXPECT_GT(compact_error, 0.0);  // the rounding is real
  EXPECT_LT(compact_error, float_error);
}

// Every edit keeps the compact copy current: after adds (breaking the preorder),
// removes, reparents in both modes, set_local, set_global and impulses with and
// without counteracting the children, the sweep still matches the rounded brute force.
TEST(hierarchy_compact, edits_keep_the_compact_copy_current) {
  std::mt19937 rng(75);
  hierarchy3d h;
  auto ids = build_random(h, rng, 1500);
  h.set_sweep_locals(sweep_locals::compact);
  const auto pick = [&] {
    node_id id;
    do id = ids[std::uniform_int_distribution<std::size_t>(0, ids.size() - 1)(rng)];
    while (!h.contains(id));
    return id;
  };
  for (int round = 0; round < 3; ++round) {
    for (int k = 0; k < 100; ++k) ids.push_back(h.add(pick(), test::random_local<double, 3>(rng)));
    EXPECT_LE(max_error_vs_rounded(h, 1), sweep_tol) << "after adds, round " << round;
    h.remove(pick());
    EXPECT_LE(max_error_vs_rounded(h, 1), sweep_tol) << "after remove, round " << round;
    for (int k = 0; k < 20; ++k) {
      const node_id a = pick(), b = pick();
      bool inside = false;
      for (node_id x = b; x.valid(); x = h.parent(x)) inside = inside || x == a;
      if (!inside) h.reparent(a, b, k % 2 ? reparent_mode::keep_world : reparent_mode::keep_local);
    }
    EXPECT_LE(max_error_vs_rounded(h, 1), sweep_tol) << "after reparents, round " << round;
    for (int k = 0; k < 20; ++k) h.set_local(pick(), test::random_local<double, 3>(rng));
    for (int k = 0; k < 20; ++k) h.set_global(pick(), test::random_local<double, 3>(rng));
    for (int k = 0; k < 20; ++k) h.apply_linear_impulse(pick(), glm::dvec3(3.0, -1.0, 2.0), 2.5, k % 2 == 0);
    EXPECT_LE(max_error_vs_rounded(h, 1), sweep_tol) << "after set_local, set_global, impulses, round " << round;
  }
  h.clear();
  EXPECT_EQ(h.sweep_locals_mode(), sweep_locals::compact);  // clear keeps the mode
  const node_id a = h.add(world_node, test::random_local<double, 3>(rng));
  h.add(a, test::random_local<double, 3>(rng));
  EXPECT_LE(max_error_vs_rounded(h, 1), sweep_tol);
}

// Switching back to exact gives the exact sweep's world bit for bit (what scenes
// and their golden hashes rely on).
TEST(hierarchy_compact, exact_mode_is_untouched) {
  std::mt19937 rng(76);
  hierarchy3d plain, switched;
  std::mt19937 rng2 = rng;
  build_random(plain, rng, 2000);
  build_random(switched, rng2, 2000);
  switched.set_sweep_locals(sweep_locals::compact);
  switched.update_world();
  switched.set_sweep_locals(sweep_locals::exact);
  plain.update_world();
  switched.update_world();
  EXPECT_EQ(switched.sweep_bytes_per_node(), 324u);
  for (std::size_t s = 0; s < plain.size(); ++s) {
    const auto &a = plain.globals()[s], &b = switched.globals()[s];
    ASSERT_EQ(a.pose.translation, b.pose.translation) << s;
    ASSERT_EQ(a.pose.rotation, b.pose.rotation) << s;
    ASSERT_EQ(a.velocity, b.velocity) << s;
    ASSERT_EQ(a.accel, b.accel) << s;
    ASSERT_EQ(a.angular_velocity, b.angular_velocity) << s;
    ASSERT_EQ(a.angular_accel, b.angular_accel) << s;
  }
}

TEST(hierarchy_compact, refuses_what_float_cannot_hold_and_applies_nothing) {
  hierarchy3d h;
  dynamic_transform3d huge;
  huge.velocity.x = 1e300;  // a finite double, infinite as a float
  const node_id a = h.add(world_node, huge);
  EXPECT_THROW(h.set_sweep_locals(sweep_locals::compact), std::invalid_argument);
  EXPECT_EQ(h.sweep_locals_mode(), sweep_locals::exact);
  h.set_local(a, dynamic_transform3d::identity());
  h.set_sweep_locals(sweep_locals::compact);
  EXPECT_THROW(h.set_local(a, huge), std::invalid_argument);
  EXPECT_THROW(h.add(a, huge), std::invalid_argument);
  EXPECT_EQ(h.size(), 1u);
  EXPECT_EQ(h.local(a).velocity, glm::dvec3(0.0));
  dynamic_transform3d tiny;
  tiny.pose.scale = 1e-300;  // positive in double, 0 in float
  try {
    h.set_local(a, tiny);
    ADD_FAILURE() << "accepted a scale that rounds to 0";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("scale"), std::string::npos) << e.what();
  }
  h.update_world();
  EXPECT_EQ(h.global(a).pose.scale, 1.0);
}

}  // namespace
