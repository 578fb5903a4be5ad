// Tests of core/collision/broadphase_uniform_grid.hpp: the uniform grid against a nested loop
// written here with its own overlap rule (the per-axis intersection [max of mins, min of maxes]
// is not empty), against the brute force and against sort-and-sweep: random boxes on a
// quarter-unit lattice (touching, identical, nested, degenerate boxes occur exactly), huge and
// unbounded boxes, all-points and all-identical sets, far-off and tiny coordinates, every cell
// width, pass 4 on several threads, and the moving-boxes workload over many frames; 2D and 3D,
// float and double.
// The grid's answer must equal the reference as a list: the same pairs, each once, in
// canonical order.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "bench/cases/broadphase_cases.hpp"
#include "core/collision/broadphase.hpp"
#include "tests/core/collision/box_sets.hpp"

namespace {

using framelab::aabb;
using framelab::index_pair;
using framelab::test::nested_loop_overlaps;
using framelab::test::random_boxes;

// The grid (fresh and kept, at several cell widths) equals the nested loop; so does the brute force,
// and so does sort-and-sweep once sorted (unless `with_sweep` is off: unbounded boxes).
template <class T, int N>
void expect_grid_agrees(const std::vector<aabb<T, N>>& boxes, bool with_sweep = true) {
  const auto expected = nested_loop_overlaps(boxes);
  std::vector<index_pair> got;
  framelab::uniform_grid_pairs(boxes, got);
  EXPECT_EQ(got, expected) << "uniform grid";
  for (const double factor : {0.01, 0.5, 1.0, 2.0, 8.0, 1e9}) {
    framelab::uniform_grid<T, N> grid(factor);
    grid.update(boxes, got);
    EXPECT_EQ(got, expected) << "uniform grid, cell factor " << factor;
    EXPECT_EQ(grid.last_update().overlapping_pairs, got.size());
    EXPECT_GE(grid.last_update().candidate_pairs, got.size());
  }
  // pass 4 on 2 and 3 threads, cut however small the grid (the same answer, in the same order)
  for (const std::size_t threads : {2, 3}) {
    framelab::uniform_grid<T, N> grid;
    grid.set_threads(threads, 1);
    grid.update(boxes, got);
    EXPECT_EQ(got, expected) << "uniform grid, " << threads << " threads";
    grid.update(boxes, got);  // kept buffers, the second list left over from the first update
    EXPECT_EQ(got, expected) << "uniform grid, " << threads << " threads, second update";
  }
  // left in the grid's order (set_canonical_order(false)): the same pairs, in one order on any number of threads
  std::vector<index_pair> on_one_thread;
  for (const std::size_t threads : {1, 2}) {
    framelab::uniform_grid<T, N> grid;
    grid.set_canonical_order(false);
    grid.set_threads(threads, 1);
    grid.update(boxes, got);
    if (threads == 1) on_one_thread = got;
    EXPECT_EQ(got, on_one_thread) << "uniform grid unsorted, " << threads << " threads";
    framelab::canonical_order(got);
    EXPECT_EQ(got, expected) << "uniform grid unsorted, " << threads << " threads, once sorted";
  }
  framelab::brute_force_pairs(boxes, got);
  EXPECT_EQ(got, expected) << "brute force";
  if (with_sweep) {
    framelab::sort_and_sweep_pairs(boxes, got);
    framelab::canonical_order(got);
    EXPECT_EQ(got, expected) << "sort and sweep";
  }
}

template <class B>
class uniform_grid : public ::testing::Test {};
using box_types = ::testing::Types<framelab::aabb2f, framelab::aabb3f, framelab::aabb2d, framelab::aabb3d>;
TYPED_TEST_SUITE(uniform_grid, box_types);

TYPED_TEST(uniform_grid, agrees_on_random_sets_with_special_cases) {
  using T = typename TypeParam::scalar_type;
  constexpr int N = TypeParam::dimension;
  std::mt19937 rng(17);
  for (const std::size_t count : {0, 1, 2, 3, 7, 50, 300, 1500}) {
    for (int trial = 0; trial < 3; ++trial) {
      SCOPED_TRACE(std::to_string(count) + " boxes, trial " + std::to_string(trial));
      // dense (extent 15: many boxes per cell) and sparse (extent 400)
      expect_grid_agrees(random_boxes<T, N>(count, rng, trial == 1 ? 15 : trial == 2 ? 400 : 60));
    }
  }
}

TYPED_TEST(uniform_grid, agrees_with_huge_boxes) {
  using T = typename TypeParam::scalar_type;
  constexpr int N = TypeParam::dimension;
  std::mt19937 rng(23);
  for (const std::size_t count : {2, 20, 400}) {
    SCOPED_TRACE(std::to_string(count) + " boxes");
    const auto boxes = random_boxes<T, N>(count, rng, 60, /*huge=*/true);
    expect_grid_agrees(boxes);
    framelab::uniform_grid<T, N> grid;
    std::vector<index_pair> got;
    grid.update(boxes, got);
    if (count == 400) {
      EXPECT_GT(grid.last_update().oversize_boxes, 0u);  // the slabs are not entered
    }
  }
}

TYPED_TEST(uniform_grid, agrees_with_unbounded_boxes) {
  using T = typename TypeParam::scalar_type;
  constexpr int N = TypeParam::dimension;
  constexpr T inf = std::numeric_limits<T>::infinity();
  std::mt19937 rng(29);
  auto boxes = random_boxes<T, N>(300, rng);
  boxes[5].min[0] = -inf;  // a half-infinite box
  boxes[17].max[N - 1] = inf;
  for (int k = 0; k < N; ++k) {  // all of space
    boxes[40].min[k] = -inf;
    boxes[40].max[k] = inf;
  }
  boxes[41].min[1] = boxes[41].max[1] = inf;  // flat, at infinity: meets only box 40 and box 17 maybe
  expect_grid_agrees(boxes, /*with_sweep=*/false);
  framelab::uniform_grid<T, N> grid;
  std::vector<index_pair> got;
  grid.update(boxes, got);
  EXPECT_EQ(grid.last_update().oversize_boxes, 4u);
}

TYPED_TEST(uniform_grid, agrees_on_degenerate_sets) {
  using T = typename TypeParam::scalar_type;
  constexpr int N = TypeParam::dimension;
  using vec = typename TypeParam::vec_type;
  std::mt19937 rng(31);
  std::uniform_int_distribution<int> coordinate(0, 40);
  std::vector<TypeParam> points, identical(200, TypeParam{vec(T(1)), vec(T(2))}), one_point(50), flat;
  for (int p = 0; p < 500; ++p) {  // points only: the median side is 0
    vec x;
    for (int k = 0; k < N; ++k) x[k] = T(coordinate(rng)) / T(4);
    points.push_back({x, x});
  }
  for (int p = 0; p < 300; ++p) {  // flat on the last axis, all at 0: one cell thick
    TypeParam b = random_boxes<T, N>(1, rng)[0];
    b.min[N - 1] = b.max[N - 1] = T(0);
    flat.push_back(b);
  }
  for (const auto* set : {&points, &identical, &one_point, &flat}) {
    SCOPED_TRACE(set == &points      ? "points"
                 : set == &identical ? "identical"
                 : set == &one_point ? "one point"
                                     : "flat");
    expect_grid_agrees(*set);
  }
}

TYPED_TEST(uniform_grid, agrees_far_from_the_origin_and_at_small_scales) {
  using T = typename TypeParam::scalar_type;
  constexpr int N = TypeParam::dimension;
  std::mt19937 rng(37);
  // 2^20 + lattice: exact in float (22 bits); 2^-20 scale: exact in both
  expect_grid_agrees(random_boxes<T, N>(400, rng, 60, false, T(1 << 20), T(1)));
  expect_grid_agrees(random_boxes<T, N>(400, rng, 60, false, T(-(1 << 20)), T(1)));
  expect_grid_agrees(random_boxes<T, N>(400, rng, 60, false, T(0), std::ldexp(T(1), -20)));
  expect_grid_agrees(random_boxes<T, N>(400, rng, 60, true, T(0), std::ldexp(T(1), 40)));
}

TYPED_TEST(uniform_grid, matches_over_frames_of_the_moving_workload) {
  using T = typename TypeParam::scalar_type;
  constexpr int N = TypeParam::dimension;
  for (const std::size_t count : {40, 2000}) {
    auto w = framelab::make_moving_boxes<T, N>(count, 3, 0.1, 20.0);  // fast: they cross cells often
    framelab::uniform_grid<T, N> grid;
    framelab::sweep_and_prune<T, N> sweep;
    std::vector<index_pair> got, brute, swept;
    std::size_t total = 0;
    for (int frame = 0; frame < 60; ++frame) {
      SCOPED_TRACE(std::to_string(count) + " boxes, frame " + std::to_string(frame));
      w.step(T(1) / T(60));
      grid.update(w.boxes, got);
      if (frame % 6 == 0) {  // the brute force (n^2 tests) every sixth frame, sort-and-sweep at every one
        framelab::brute_force_pairs(w.boxes, brute);
        ASSERT_EQ(got, brute);
      }
      sweep.update(w.boxes, swept);
      framelab::canonical_order(swept);
      ASSERT_EQ(got, swept);
      total += got.size();
      EXPECT_EQ(grid.last_update().oversize_boxes, 0u);
      EXPECT_LT(double(grid.last_update().entries), (N == 3 ? 6.0 : 3.5) * double(count));  // a few cells each
    }
    EXPECT_GT(total, count);  // they do overlap
  }
}

TYPED_TEST(uniform_grid, bench_workload_gives_the_same_totals_as_the_brute_force) {
  using T = typename TypeParam::scalar_type;
  constexpr int N = TypeParam::dimension;
  auto w1 = framelab::make_moving_boxes<T, N>(500, 4, 0.2);
  auto w2 = w1;
  const std::uint64_t reference = framelab::bench::run_brute_force_frames(w1, 12);
  EXPECT_GT(reference, 0u);
  EXPECT_EQ(framelab::bench::run_uniform_grid_frames(w2, 12), reference);
}

TYPED_TEST(uniform_grid, one_grid_serves_changing_box_counts) {
  using T = typename TypeParam::scalar_type;
  constexpr int N = TypeParam::dimension;
  std::mt19937 rng(41);
  framelab::uniform_grid<T, N> grid;
  std::vector<index_pair> got;
  for (const std::size_t count : {300, 20, 1000, 0, 1, 2, 500}) {
    SCOPED_TRACE(std::to_string(count) + " boxes");
    const auto boxes = random_boxes<T, N>(count, rng, count > 100 ? 40 : 10);
    grid.update(boxes, got);
    EXPECT_EQ(got, nested_loop_overlaps(boxes));
  }
}

TYPED_TEST(uniform_grid, bad_boxes_are_rejected_before_anything_changes) {
  using T = typename TypeParam::scalar_type;
  constexpr int N = TypeParam::dimension;
  std::mt19937 rng(2);
  const auto boxes = random_boxes<T, N>(40, rng, 10);
  framelab::uniform_grid<T, N> grid;
  std::vector<index_pair> got;
  grid.update(boxes, got);
  const auto before = got;
  ASSERT_FALSE(before.empty());
  auto inverted = boxes;
  std::swap(inverted[3].min[N - 1], inverted[3].max[N - 1]);
  inverted[3].max[N - 1] -= T(1);  // now min > max
  auto not_a_number = boxes;
  not_a_number[7].max[0] = std::numeric_limits<T>::quiet_NaN();
  for (const auto* bad : {&inverted, &not_a_number}) {
    const std::string index = bad == &inverted ? "box 3" : "box 7";
    try {
      grid.update(*bad, got);
      ADD_FAILURE() << "uniform_grid accepted " << index;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(index), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("uniform_grid"), std::string::npos) << e.what();
    }
    EXPECT_EQ(got, before);  // untouched
  }
  grid.update(boxes, got);  // and the grid still works
  EXPECT_EQ(got, before);
  using grid_type = framelab::uniform_grid<T, N>;
  EXPECT_THROW(grid_type(0.0), std::invalid_argument);
  EXPECT_THROW(grid_type(std::nan("")), std::invalid_argument);
}

#if FRAMELAB_X86_DISPATCH
// The grid's AVX2 test of a box against a run of boxes finds what the portable one finds, for
// run lengths 0 to 11 (the vector's tail masked) at many starts (unaligned loads), on dense
// random boxes (touching, degenerate: box_sets.hpp) and with a NaN coordinate (no comparison true).
TEST(box_columns, the_avx2_run_test_finds_what_the_portable_one_finds) {
  if (!framelab::cpu_has_avx2_fma()) GTEST_SKIP() << "no AVX2 on this CPU";
  std::mt19937 rng(7);
  auto boxes = random_boxes<double, 3>(64, rng, 12);
  boxes[9].min.x = std::numeric_limits<double>::quiet_NaN();
  framelab::box_columns<double, 3> columns;
  columns.resize(boxes.size());
  for (std::size_t p = 0; p < boxes.size(); ++p) columns.set(p, boxes[p]);
  std::array<std::uint32_t, 32> portable{}, avx2{};
  std::size_t hits = 0;
  for (std::uint32_t a = 0; a < 12; ++a) {
    const auto box = a == 11 ? columns.get(9) : columns.get(a);  // the NaN box as the tested one too
    for (std::uint32_t begin = 0; begin + 11 < boxes.size(); begin += 5) {
      for (std::uint32_t length = 0; length < 12; ++length) {
        const auto n = framelab::overlapping_in_run(columns, box, begin, begin + length, portable.data());
        const auto m = framelab::overlapping_in_run_avx2<3>(columns, box, begin, begin + length, avx2.data());
        ASSERT_EQ(m, n) << "box " << a << ", run " << begin << " + " << length;
        for (std::uint32_t h = 0; h < n; ++h) ASSERT_EQ(avx2[h], portable[h]);
        hits += n;
      }
    }
  }
  EXPECT_GT(hits, 100u);  // the runs did overlap
}
#endif

// The stable counting sort by a key (contact_slabs' split: 5 groups) on 1 to 3 runs: std::stable_sort's
// order, and where each key's pairs begin.
TEST(pair_radix_sort, counting_sort_by_a_key_is_stable_sort_on_any_number_of_runs) {
  std::mt19937 rng(5);
  std::uniform_int_distribution<std::uint32_t> index(0, 999);
  std::vector<index_pair> pairs;
  for (int k = 0; k < 2000; ++k) pairs.push_back({index(rng), index(rng)});
  const auto key = [](const index_pair& p) { return std::size_t((p.i * 7 + p.j) % 5); };
  auto expected = pairs;
  const auto by_key = [&](const index_pair& a, const index_pair& b) { return key(a) < key(b); };
  std::stable_sort(expected.begin(), expected.end(), by_key);
  for (const std::size_t parts : {1, 2, 3}) {
    std::vector<index_pair> sorted(pairs.size());
    std::vector<std::size_t> counts;
    std::array<std::size_t, 6> start{};
    framelab::counting_sort_pairs(pairs, sorted, key, 5, parts, counts, start.data());
    EXPECT_EQ(sorted, expected) << parts << " runs";
    for (std::size_t d = 0; d < 5; ++d)
      for (std::size_t k = start[d]; k < start[d + 1]; ++k) ASSERT_EQ(key(sorted[k]), d) << parts << " runs";
    EXPECT_EQ(start[5], pairs.size());
  }
}

TEST(pair_radix_sort, sorts_like_std_sort_at_every_index_width) {
  std::mt19937 rng(43);
  for (const std::size_t n : {2u, 3u, 2048u, 2049u, 4096u, 4097u, 100000u, 5000000u, 16777217u}) {
    std::uniform_int_distribution<std::uint32_t> index(0, static_cast<std::uint32_t>(n - 1));
    std::vector<index_pair> pairs, scratch;
    for (int k = 0; k < 3000; ++k) {
      std::uint32_t i = index(rng), j = index(rng);
      if (i == j) continue;
      if (i > j) std::swap(i, j);
      pairs.push_back({i, j});
      if (k % 7 == 0) pairs.push_back({i, j});  // duplicates keep their place among equals
    }
    auto expected = pairs;
    std::sort(expected.begin(), expected.end());
    for (const std::size_t threads : {2, 3}) {  // runs of a few pairs each on threads of their own
      auto on_threads = pairs;
      framelab::radix_sort_pairs(on_threads, scratch, n, threads, 1);
      EXPECT_EQ(on_threads, expected) << n << ", " << threads << " threads";
    }
    framelab::radix_sort_pairs(pairs, scratch, n);
    EXPECT_EQ(pairs, expected) << n;
  }
}

}  // namespace
