// Tests of core/collision/broadphase.hpp: every method (brute force, threaded brute force, one-shot
// sort-and-sweep, incremental sweep_and_prune over several frames) against a nested loop
// written here with its own overlap rule (the per-axis intersection [max of mins, min of
// maxes] is not empty), on random boxes laid on a quarter-unit grid so that touching,
// identical, degenerate and nested boxes occur exactly, in 2D and 3D, float and double.
#include "core/collision/broadphase.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "bench/cases/broadphase_cases.hpp"
#include "tests/core/collision/box_sets.hpp"

namespace {

using framelab::aabb;
using framelab::index_pair;
using framelab::test::nested_loop_overlaps;
using framelab::test::random_boxes;

template <class T, int N>
void expect_all_methods_agree(const std::vector<aabb<T, N>>& boxes) {
  const auto expected = nested_loop_overlaps(boxes);
  std::vector<index_pair> got;
  framelab::brute_force_pairs(boxes, got);
  EXPECT_EQ(got, expected) << "brute force";
  for (unsigned threads : {1u, 2u, 3u, 4u}) {
    framelab::brute_force_pairs_threaded(boxes, got, threads);
    EXPECT_EQ(got, expected) << "threaded brute force, " << threads << " threads";
  }
  framelab::sort_and_sweep_pairs(boxes, got);
  framelab::canonical_order(got);
  EXPECT_EQ(got, expected) << "sort and sweep";
}

template <class B>
class broadphase : public ::testing::Test {};
using box_types = ::testing::Types<framelab::aabb2f, framelab::aabb3f, framelab::aabb2d, framelab::aabb3d>;
TYPED_TEST_SUITE(broadphase, box_types);

TYPED_TEST(broadphase, methods_agree_on_random_sets_with_special_cases) {
  using T = typename TypeParam::scalar_type;
  constexpr int N = TypeParam::dimension;
  std::mt19937 rng(11);
  for (std::size_t count : {0, 1, 2, 7, 50, 300}) {
    for (int trial = 0; trial < 3; ++trial) {
      SCOPED_TRACE(std::to_string(count) + " boxes, trial " + std::to_string(trial));
      const auto boxes = random_boxes<T, N>(count, rng);
      expect_all_methods_agree(boxes);
    }
  }
}

TYPED_TEST(broadphase, incremental_sweep_matches_over_frames_of_small_motion) {
  using T = typename TypeParam::scalar_type;
  constexpr int N = TypeParam::dimension;
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> nudge(-1, 1), moves(0, 3);
  auto boxes = random_boxes<T, N>(400, rng);
  framelab::sweep_and_prune<T, N> sweep;
  std::vector<index_pair> got;
  int incremental_frames = 0;
  for (int frame = 0; frame < 25; ++frame) {
    SCOPED_TRACE(frame);
    sweep.update(boxes, got);
    if (!sweep.last_update().full_sort) ++incremental_frames;
    EXPECT_EQ(sweep.last_update().overlapping_pairs, got.size());
    EXPECT_GE(sweep.last_update().candidate_pairs, got.size());
    framelab::canonical_order(got);
    ASSERT_EQ(got, nested_loop_overlaps(boxes));
    for (auto& b : boxes)  // a quarter step on some axes for a quarter of the boxes
      if (moves(rng) == 0)
        for (int k = 0; k < N; ++k) {
          const T d = T(nudge(rng)) / T(4);
          b.min[k] += d;
          b.max[k] += d;
        }
  }
  EXPECT_GT(incremental_frames, 20);  // the kept order was reused, not re-sorted from scratch
}

TYPED_TEST(broadphase, incremental_sweep_survives_teleports_count_changes_and_axis_changes) {
  using T = typename TypeParam::scalar_type;
  constexpr int N = TypeParam::dimension;
  std::mt19937 rng(9);
  framelab::sweep_and_prune<T, N> sweep;
  std::vector<index_pair> got;
  auto boxes = random_boxes<T, N>(200, rng);
  sweep.update(boxes, got);
  std::shuffle(boxes.begin(), boxes.end(), rng);  // every body jumps somewhere else
  sweep.update(boxes, got);
  EXPECT_TRUE(sweep.last_update().full_sort);  // insertion sort gave up
  framelab::canonical_order(got);
  EXPECT_EQ(got, nested_loop_overlaps(boxes));

  boxes.resize(150);  // fewer bodies
  sweep.update(boxes, got);
  framelab::canonical_order(got);
  EXPECT_EQ(got, nested_loop_overlaps(boxes));

  // stretch the set along the last axis: the sweep switches to it
  for (auto& b : boxes) {
    b.min[N - 1] *= T(20);
    b.max[N - 1] *= T(20);
  }
  sweep.update(boxes, got);
  EXPECT_EQ(sweep.axis(), N - 1);
  framelab::canonical_order(got);
  EXPECT_EQ(got, nested_loop_overlaps(boxes));

  boxes.clear();
  sweep.update(boxes, got);
  EXPECT_TRUE(got.empty());
}

TYPED_TEST(broadphase, touching_counts_and_a_gap_does_not) {
  using T = typename TypeParam::scalar_type;
  constexpr int N = TypeParam::dimension;
  using vec = typename TypeParam::vec_type;
  const T one = T(1);
  const T just_above_one = std::nextafter(one, T(2));
  std::vector<TypeParam> boxes(6);
  boxes[0] = {vec(T(0)), vec(one)};             // unit box
  boxes[1] = {vec(one), vec(T(2))};             // touches box 0 at the corner (1, 1, ...)
  boxes[2] = {vec(just_above_one), vec(T(3))};  // the smallest gap from box 0; overlaps box 1
  boxes[3] = {vec(T(0.5)), vec(T(0.5))};        // a point inside box 0
  boxes[4] = {vec(T(5)), vec(T(5))};            // a lone point
  boxes[5] = {vec(T(5)), vec(T(5))};            // the same point again
  const std::vector<index_pair> expected{{0, 1}, {0, 3}, {1, 2}, {4, 5}};
  EXPECT_EQ(nested_loop_overlaps(boxes), expected);
  expect_all_methods_agree(boxes);
  EXPECT_TRUE(framelab::overlaps(boxes[0], boxes[1]));
  EXPECT_FALSE(framelab::overlaps(boxes[0], boxes[2]));
  static_assert(N == 2 || N == 3);
}

TYPED_TEST(broadphase, bad_boxes_are_rejected_before_anything_changes) {
  using T = typename TypeParam::scalar_type;
  constexpr int N = TypeParam::dimension;
  std::mt19937 rng(2);
  auto boxes = random_boxes<T, N>(20, rng);
  framelab::sweep_and_prune<T, N> sweep;
  std::vector<index_pair> got;
  sweep.update(boxes, got);
  const auto before = got;

  auto inverted = boxes;
  std::swap(inverted[3].min[N - 1], inverted[3].max[N - 1]);
  inverted[3].max[N - 1] -= T(1);  // now min > max
  auto not_a_number = boxes;
  not_a_number[7].min[0] = std::numeric_limits<T>::quiet_NaN();
  for (const auto* bad : {&inverted, &not_a_number}) {
    const std::string index = bad == &inverted ? "box 3" : "box 7";
    try {
      sweep.update(*bad, got);
      ADD_FAILURE() << "sweep_and_prune accepted " << index;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(index), std::string::npos) << e.what();
    }
    EXPECT_THROW(framelab::brute_force_pairs(*bad, got), std::invalid_argument);
    EXPECT_THROW(framelab::brute_force_pairs_threaded(*bad, got, 2), std::invalid_argument);
    EXPECT_EQ(got, before);  // untouched
  }
  sweep.update(boxes, got);  // and the sweep still works
  EXPECT_EQ(got, before);
}

TYPED_TEST(broadphase, bench_workload_gives_the_same_totals_for_every_method) {
  using T = typename TypeParam::scalar_type;
  constexpr int N = TypeParam::dimension;
  auto w1 = framelab::make_moving_boxes<T, N>(300, 4, 0.2);
  auto w2 = w1, w3 = w1, w4 = w1;
  std::uint64_t reference = 0;
  for (int f = 0; f < 12; ++f) {
    w4.step(T(1) / T(60));
    reference += nested_loop_overlaps(w4.boxes).size();
  }
  EXPECT_GT(reference, 0u);
  EXPECT_EQ(framelab::bench::run_brute_force_frames(w1, 12), reference);
  EXPECT_EQ(framelab::bench::run_sweep_and_prune_frames(w2, 12), reference);
  EXPECT_EQ(framelab::bench::run_brute_force_threaded_frames(w3, 12, 2), reference);
  for (const auto& b : w1.boxes)
    for (int k = 0; k < N; ++k) {  // the walls hold
      EXPECT_GE(b.min[k], T(0));
      EXPECT_LE(b.max[k], w1.world_size);
    }
}

}  // namespace
