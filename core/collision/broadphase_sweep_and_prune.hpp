#pragma once
// sweep_and_prune<T, N>: the broadphase by sort-and-sweep along one axis, with the sorted
// order kept between frames (bodies move little per frame, so last frame's order is
// nearly sorted and an insertion sort fixes it in about O(n + swaps)).
//
// Sweep along axis k: with the boxes sorted by lo = min[k], two boxes a before b have
// overlapping k-intervals iff b.lo <= a.hi (closed intervals, a.lo <= b.lo). So for each a
// only the following boxes up to the first with lo > a.hi are candidates; those are then
// tested on all axes. Every overlapping pair is a candidate: nothing is missed.
//
// The axis is the one of largest spread, the variance of the box centres
//   var_k = (1/n) sum_i (c_ik - mean_k)^2,
// which leaves the fewest boxes sharing an interval. To spare full re-sorts, the axis only
// changes when another axis's variance exceeds the current one's by axis_switch_ratio.
//
// Box i is taken to be the same body in every frame. Correctness never depends on the
// previous frame (the kept order is re-sorted from this frame's values): a changed box
// count, a new axis or large motion only cost time (a full std::sort).
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/collision/broadphase_aabb.hpp"

namespace framelab {

template <class T, int N>
class sweep_and_prune {
 public:
  using box_type = aabb<T, N>;
  static constexpr double axis_switch_ratio = 1.25;
  static constexpr std::size_t sweep_block = 64;  // candidates tested per vectorized block

  // What the last update did (for the bench and the scene's panel).
  struct statistics {
    bool full_sort = false;             // sorted from scratch rather than by insertion
    std::size_t insertion_moves = 0;    // element moves of the insertion sort
    std::size_t candidate_pairs = 0;    // pairs whose intervals overlap on the sweep axis
    std::size_t overlapping_pairs = 0;  // of which overlap on every axis: out.size()
  };

  // out = the overlapping pairs (i < j) of this frame's boxes, in sweep order (not canonical).
  void update(std::span<const box_type> boxes, std::vector<index_pair>& out) {
    check_boxes(boxes, "sweep_and_prune::update");
    const std::size_t n = boxes.size();
    stats_ = {};

    const int best = widest_axis(boxes);
    bool full = axis_ < 0 || keys_.size() != n;
    if (!full && best != axis_ && spread_[best] > axis_switch_ratio * spread_[axis_]) full = true;
    if (full) {
      axis_ = best;
      keys_.resize(n);
      for (std::size_t i = 0; i < n; ++i) keys_[i].index = static_cast<std::uint32_t>(i);
    }
    // this frame's sort keys, in last frame's order; then sort (nearly sorted: insertion)
    for (auto& key : keys_) key.lo = boxes[key.index].min[axis_];
    if (full || !insertion_sort()) full_sort();
    gather(boxes);

    // Sweep. The candidates of box a are the run b = a + 1 .. m - 1 with lo_b <= hi_a (lo is
    // sorted). A branch per candidate on the other axes would be mispredicted about half the
    // time, so a block of candidates is tested at once into a mask (a loop the compiler
    // vectorizes), and then the rare hits are read out.
    out.clear();
    const T* const hi = hi_.data();
    std::array<const T*, N - 1> other_min, other_max;
    for (int d = 0; d < N - 1; ++d) {
      other_min[d] = other_min_[d].data();
      other_max[d] = other_max_[d].data();
    }
    std::array<std::int32_t, sweep_block> hit;
    for (std::size_t a = 0; a < n; ++a) {
      std::size_t m = a + 1;
      while (m < n && keys_[m].lo <= hi[a]) ++m;
      stats_.candidate_pairs += m - a - 1;
      std::array<T, N - 1> min_a, max_a;
      for (int d = 0; d < N - 1; ++d) {
        min_a[d] = other_min[d][a];
        max_a[d] = other_max[d][a];
      }
      for (std::size_t first = a + 1; first < m; first += sweep_block) {
        const std::size_t count = std::min(sweep_block, m - first);
        // [min_a, max_a] and [min_b, max_b] meet on axis d iff min_b <= max_a and min_a <= max_b
        for (std::size_t c = 0; c < count; ++c) {
          std::int32_t meet = 1;
          for (int d = 0; d < N - 1; ++d)
            meet &=
                std::int32_t(other_min[d][first + c] <= max_a[d]) & std::int32_t(min_a[d] <= other_max[d][first + c]);
          hit[c] = meet;
        }
        for (std::size_t c = 0; c < count; ++c) {
          if (!hit[c]) continue;
          const std::uint32_t i = keys_[a].index, j = keys_[first + c].index;
          out.push_back(i < j ? index_pair{i, j} : index_pair{j, i});
        }
      }
    }
    stats_.overlapping_pairs = out.size();
  }

  // Forget the kept order: the next update sorts from scratch.
  void reset() {
    keys_.clear();
    axis_ = -1;
  }

  int axis() const { return axis_; }  // the sweep axis of the last update, -1 before the first
  const statistics& last_update() const { return stats_; }

 private:
  // The sort key (min on the sweep axis) of box `index`. The sorted order lives here.
  struct sort_key {
    T lo;
    std::uint32_t index;
  };

  // The rest of each box in sorted order, one array per coordinate (structure of arrays),
  // so the sweep reads memory contiguously: hi on the sweep axis, min/max on the others.
  void gather(std::span<const box_type> boxes) {
    const std::size_t n = keys_.size();
    hi_.resize(n);
    for (auto& v : other_min_) v.resize(n);
    for (auto& v : other_max_) v.resize(n);
    for (std::size_t s = 0; s < n; ++s) {
      const box_type& box = boxes[keys_[s].index];
      hi_[s] = box.max[axis_];
      for (int d = 0, k = 0; k < N; ++k) {
        if (k == axis_) continue;
        other_min_[d][s] = box.min[k];
        other_max_[d][s] = box.max[k];
        ++d;
      }
    }
  }

  // The axis of largest variance of the centres (two passes: the mean, then the squares).
  int widest_axis(std::span<const box_type> boxes) {
    spread_.fill(0.0);
    if (boxes.empty()) return axis_ < 0 ? 0 : axis_;
    std::array<double, N> mean{};
    for (const auto& b : boxes)
      for (int k = 0; k < N; ++k) mean[k] += 0.5 * (double(b.min[k]) + double(b.max[k]));
    for (int k = 0; k < N; ++k) mean[k] /= double(boxes.size());
    for (const auto& b : boxes)
      for (int k = 0; k < N; ++k) {
        const double d = 0.5 * (double(b.min[k]) + double(b.max[k])) - mean[k];
        spread_[k] += d * d;
      }
    int best = 0;
    for (int k = 1; k < N; ++k)
      if (spread_[k] > spread_[best]) best = k;
    return best;
  }

  // Insertion sort by lo, stable. Gives up (returns false) after about n log2 n moves, when a
  // full sort is cheaper: the bodies moved far since the last frame.
  bool insertion_sort() {
    const std::size_t n = keys_.size();
    const std::size_t budget = n * (std::bit_width(n) + 1);
    for (std::size_t a = 1; a < n; ++a) {
      const sort_key e = keys_[a];
      std::size_t b = a;
      for (; b > 0 && e.lo < keys_[b - 1].lo; --b) keys_[b] = keys_[b - 1];
      keys_[b] = e;
      stats_.insertion_moves += a - b;
      if (stats_.insertion_moves > budget) return false;
    }
    return true;
  }

  void full_sort() {
    std::sort(keys_.begin(), keys_.end(),
              [](const sort_key& x, const sort_key& y) { return x.lo < y.lo || (x.lo == y.lo && x.index < y.index); });
    stats_.full_sort = true;
  }

  std::vector<sort_key> keys_;
  std::vector<T> hi_;
  std::array<std::vector<T>, N - 1> other_min_;
  std::array<std::vector<T>, N - 1> other_max_;
  int axis_ = -1;
  std::array<double, N> spread_{};
  statistics stats_{};
};

using sweep_and_prune2f = sweep_and_prune<float, 2>;
using sweep_and_prune3f = sweep_and_prune<float, 3>;
using sweep_and_prune2d = sweep_and_prune<double, 2>;
using sweep_and_prune3d = sweep_and_prune<double, 3>;

}  // namespace framelab
