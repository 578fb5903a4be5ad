#pragma once
// uniform_grid<T, N>: the broadphase by a uniform grid of cells (a cell list). Every box is filed
// once, under its home cell (the cell of its min corner); cells are at least as wide as the longest
// box, so boxes that overlap have home cells at most one apart on every axis, and only the pairs
// within a cell and between neighbouring cells are tested. For boxes of similar size spread through
// space (the moving-boxes workload, the balls of the collisions scene) the work is O(n): one entry
// per box and a few boxes per cell.
//
// [SECTION] Cells
// The grid covers this frame's bounding box [lo, hi] of the boxes with D_k cells on axis k, of
// width w_k = (hi_k - lo_k) / D_k; a coordinate x is in cell
//   c_k(x) = min(D_k - 1, floor((x - lo_k) / w_k)),
// a non-decreasing function of x. Box b's home cell is c(b.min); it reaches c_k(b.max_k) - c_k(b.min_k)
// cells past it on axis k, and R_k is the most any box reaches.
// The width is h = max(cell_factor * s, the longest side of an entered box), s the median of the
// boxes' mean sides (over a sample of 255 boxes spread through the array: O(1)), and D_k =
// floor(extent_k / h), so w_k >= h and a box reaches at most one cell past its home (R_k <= 1, but
// for rounding). The cells are counted into a dense array (a spatial hash whose hash is the cell's
// position in the grid, so cells never collide), at most cells_per_box n + 64 of them: h grows
// until they fit.
//
// [SECTION] Each pair once
// If a and b overlap, then on every axis b.min <= a.max, so (c non-decreasing)
//   c(b.min) <= c(a.max) <= c(a.min) + R,  and likewise  c(a.min) <= c(b.min) + R:
// their home cells differ by at most R_k on every axis. Each cell's boxes are tested among
// themselves and against the boxes of the cells "ahead" of it within that reach: the offsets
// (d_0, .., d_N-1) in [-R, R] whose last non-zero coordinate, counting from the highest axis, is
// positive (z ahead; or the same z and y ahead; or the same row and x ahead). Of two different
// home cells exactly one is ahead of the other, so every pair is tested exactly once, and no
// pair is reported twice. The cells ahead on one row (consecutive x) hold consecutive boxes:
// one range of boxes per row, at most 1 + R_1 + (2 R_1 + 1) R_2 rows per cell (5 for R = 1 in 3D).
//
// [SECTION] Oversize boxes
// A box longer than oversize_sides median sides on some axis, or with an infinite coordinate,
// is not entered: it is tested against every box (n tests each) instead of widening every cell,
// and it does not stretch the grid's bounding box.
//
// [SECTION] One update, all passes O(n + cells + pairs)
//   1. the median side (a sample), the oversize boxes, the bounding box, the longest entered box, D_k;
//   2. the grid boxes sorted by home cell (a counting sort starting from last frame's order) and
//      copied in that order: boxes near in space are then near in memory, which made the update
//      3x faster at 100,000 boxes (the input's order is random in space: every later pass missed
//      the cache on almost every box); the counts' prefix sums are where each cell's boxes start;
//   3. for each cell with a box: its pairs and those with the cells ahead, overlap test
//      (on several threads for a large grid: see [SECTION] Threads);
//   4. the oversize boxes against all;
//   5. the pairs into canonical order (ascending i, then j): core/collision/pair_radix_sort.hpp;
//      skipped after set_canonical_order(false), for a caller that keeps only some of the pairs
//      and sorts those (core/collision/sphere_world.hpp: the touching ones, about half).
// Buffers are kept between updates: no allocation once they have grown. The order of step 2 is
// kept too, but only as a starting point: correctness never depends on the previous frame.
//
// [SECTION] Threads
// Pass 3 is most of an update when boxes crowd (a settled pile of balls). Its cells are
// independent: with set_threads(k) and at least entries_per_thread boxes per thread, the cells are
// cut into k runs of about equal boxes (cell_start_ is their running count), each run's pairs go to
// a list of its own on a thread of its own (core/parallel_parts.hpp), and the lists are appended
// in run order: the cells' order, so the answer is the same, in the same order, on any number of
// threads, sorted by pass 5 or not. Pass 3 tests a box against four at once with AVX2 where the
// CPU has it (core/collision/box_columns.hpp: the boxes by coordinate). Pass 2's home cells and
// its copy into that order are cut into runs on the same threads (every box on its own).
//
// [SECTION] Before: every box in each cell it covers
// Until 2026-11-27 a box was entered in every cell it covered (cells 2 median sides wide, 3.4 cells
// per box), every pair within a cell tested and reported from one cell only (the one holding the
// lower corner of the two boxes' intersection). In a settled pile of 100,000 balls a cell held ~22
// entries: 10.6 million pairs tested for 1.05 million overlapping; home cells and the cells ahead
// test 5.7 million, and the grid's update took 0.65x the CPU time (one run, loaded host, the
// throwaway harness of docs/performance.md's 2026-11-27 entry).
//
// [SECTION] Why a grid
// Sort-and-sweep on one axis tests every pair whose intervals overlap on that axis: in a uniform
// cloud of n boxes in a cube of side L ~ n^(1/3) that is n * (n / L) ~ n^(5/3) candidates (the
// issue measured 214-231 ms at 100,000 boxes; Bullet's btDbvtBroadphase is level with it). A
// multi-axis sort (not built here) must still intersect per-axis overlap sets of that size, and a
// tree (DBVT) is what Bullet already is. The grid's candidates are the pairs in neighbouring cells, a
// few per box whatever n, every pass is linear, and the answer is exact whatever the cell width.
// Measured (moving boxes, 3D double, one core, the same run; `framelab bench broadphase`):
//                      10,000 boxes   100,000 boxes   1,000,000 boxes   (ms per update)
//   sort-and-sweep          5.6            242             11,100
//   uniform grid            1.0            11.7               136
//   ratio                   5.6x           20.7x               82x
// (2026-11-25, the 2-core EPYC host, other work running; the brute force: 174 ms at 10,000.)
// (Those numbers are the entering scheme's; see [SECTION] Before.)
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/collision/box_columns.hpp"
#include "core/collision/broadphase_aabb.hpp"
#include "core/collision/pair_radix_sort.hpp"
#include "core/parallel_parts.hpp"

namespace framelab {

template <class T, int N>
class uniform_grid {
 public:
  using box_type = aabb<T, N>;
  static constexpr double default_cell_factor = 1.0;  // least cell width / median box side
  static constexpr double oversize_sides = 8.0;        // a box longer than this many median sides is oversize
  static constexpr std::size_t median_sample = 255;
  static constexpr std::size_t cells_per_box = 4;  // at most cells_per_box n + 64 cells
  static constexpr std::uint32_t max_cells_on_an_axis = 1u << 20;
  // Below this many boxes per thread pass 3 stays on fewer threads: starting a thread
  // (tens of microseconds) would cost more than its share of the pairs saves.
  static constexpr std::size_t entries_per_thread = 32768;
  // Pass 3 tests a box against this many candidates at a time before appending the overlapping ones.
  static constexpr std::uint32_t test_block = 64;

  // What the last update did (for the bench, the tests and the scene's panel).
  struct statistics {
    double cell_width = 0.0;               // the width h the grid was built with
    std::array<std::uint32_t, N> cells{};  // D_k
    std::size_t entries = 0;               // boxes filed in the grid (one entry each: its home cell)
    std::size_t oversize_boxes = 0;        // tested against all instead
    std::size_t candidate_pairs = 0;       // pairs tested: home cells within reach, or with an oversize box
    std::size_t overlapping_pairs = 0;     // out.size()
  };

  // cell_factor: the wanted cell width over the median box side (> 0; for measurements).
  explicit uniform_grid(double cell_factor = default_cell_factor) : cell_factor_(cell_factor) {
    if (!(cell_factor > 0.0) || !std::isfinite(cell_factor))
      throw std::invalid_argument("uniform_grid: cell_factor must be finite and > 0");
  }

  // out = the overlapping pairs (i < j) of this frame's boxes, in canonical order (or, after
  // set_canonical_order(false), in the grid's order: the same on any number of threads).
  void update(std::span<const box_type> boxes, std::vector<index_pair>& out) {
    check_boxes(boxes, "uniform_grid::update");
    stats_ = {};
    out.clear();
    if (boxes.size() < 2) return;
    shape_grid(boxes);
    order_by_home_cell(boxes);
    pairs_in_cells(out);
    pairs_with_oversize(boxes, out);
    stats_.overlapping_pairs = out.size();
    if (canonical_) radix_sort_pairs(out, scratch_, boxes.size(), threads_);  // pass 5
  }

  // Whether update() sorts its pairs into canonical order (pass 5); true by default.
  void set_canonical_order(bool sorted) { canonical_ = sorted; }

  // Threads for pass 3 (0: std::thread::hardware_concurrency()), each with at least
  // min_entries boxes (tests lower it to split small grids); 1 thread by default.
  void set_threads(std::size_t threads, std::size_t min_entries = entries_per_thread) {
    threads_ = threads > 0 ? threads : std::max<std::size_t>(1, std::thread::hardware_concurrency());
    min_entries_per_thread_ = std::max<std::size_t>(1, min_entries);
  }
  std::size_t threads() const { return threads_; }

  double cell_factor() const { return cell_factor_; }
  const statistics& last_update() const { return stats_; }

 private:
  static bool finite_box(const box_type& b) {
    for (int k = 0; k < N; ++k)
      if (!std::isfinite(b.min[k]) || !std::isfinite(b.max[k])) return false;
    return true;
  }

  // (1/N) sum_k (max_k - min_k); infinite for a box with an infinite coordinate.
  static double mean_side(const box_type& b) {
    if (!finite_box(b)) return std::numeric_limits<double>::infinity();
    double sum = 0.0;
    for (int k = 0; k < N; ++k) sum += double(b.max[k]) - double(b.min[k]);
    return sum / N;
  }

  // D_k for an extent and a width: floor(extent / h) (so that w_k >= h), 1 when either is 0 or not finite.
  static std::uint32_t cells_for(double extent, double h) {
    if (!(extent > 0.0) || !std::isfinite(extent) || !(h > 0.0) || !std::isfinite(h)) return 1;
    return static_cast<std::uint32_t>(std::clamp(std::floor(extent / h), 1.0, double(max_cells_on_an_axis)));
  }

  // c_k(x) = min(D_k - 1, floor((x - lo_k) / w_k)), with 1 / w_k kept as inv_k (0 when D_k = 1).
  // x - lo_k >= 0 for a grid box; t is NaN only for an overflowed x - lo_k times inv_k = 0, and
  // then lands in the last cell, which keeps c non-decreasing.
  std::uint32_t cell_of(T x, int k) const {
    const T t = (x - lo_[k]) * inv_[k];
    return t < T(dims_[k]) ? static_cast<std::uint32_t>(t) : dims_[k] - 1;
  }

  // Pass 1: the oversize boxes, the bounding box of the others, the width, D_k.
  void shape_grid(std::span<const box_type> boxes) {
    const std::size_t n = boxes.size();
    const std::size_t m = std::min(n, median_sample);
    sample_.resize(m);
    for (std::size_t s = 0; s < m; ++s) sample_[s] = mean_side(boxes[s * n / m]);
    std::nth_element(sample_.begin(), sample_.begin() + std::ptrdiff_t(m / 2), sample_.end());
    const double median = sample_[m / 2];
    double h = cell_factor_ * median;
    // the longest box entered: oversize_sides median sides (no limit when the median is 0 or infinite)
    const double longest = median > 0.0 ? oversize_sides * median : std::numeric_limits<double>::infinity();

    in_grid_.resize(n);
    oversize_.clear();
    std::array<T, N> lo, hi;
    lo.fill(std::numeric_limits<T>::max());
    hi.fill(std::numeric_limits<T>::lowest());
    bool any = false;
    double longest_entered = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      const box_type& b = boxes[i];
      bool enter = finite_box(b);
      double side = 0.0;
      for (int k = 0; k < N; ++k) {
        const double length = double(b.max[k]) - double(b.min[k]);
        enter = enter && length <= longest;
        side = std::max(side, length);
      }
      in_grid_[i] = enter;
      if (!enter) {
        oversize_.push_back(static_cast<std::uint32_t>(i));
        continue;
      }
      any = true;
      longest_entered = std::max(longest_entered, side);
      for (int k = 0; k < N; ++k) {
        lo[k] = std::min(lo[k], b.min[k]);
        hi[k] = std::max(hi[k], b.max[k]);
      }
    }
    // every entered box at most one cell wide: it covers at most two cells per axis
    h = std::max(h, longest_entered);

    std::array<double, N> extent{};
    double widest = 0.0;
    for (int k = 0; k < N; ++k) {
      extent[k] = any ? double(hi[k]) - double(lo[k]) : 0.0;
      if (std::isfinite(extent[k])) widest = std::max(widest, extent[k]);
    }
    // points (median side 0), or mostly unbounded boxes: about n cells in the widest extent's cube
    if (!(h > 0.0) || !std::isfinite(h)) h = widest / std::pow(double(n), 1.0 / N);
    const double budget = double(cells_per_box) * double(n) + 64.0;
    for (;;) {
      double total = 1.0;
      for (int k = 0; k < N; ++k) total *= double(dims_[k] = cells_for(extent[k], h));
      if (total <= budget) break;
      h *= std::max(1.01, std::pow(total / budget, 1.0 / N));  // wider cells until they fit
    }
    cells_ = 1;
    for (int k = 0; k < N; ++k) {
      cells_ *= dims_[k];
      lo_[k] = dims_[k] > 1 ? lo[k] : T(0);
      // 1 / w_k = D_k / extent_k, at most the largest T (subnormal extents in float)
      inv_[k] = dims_[k] > 1 ? T(std::min(double(dims_[k]) / extent[k], double(std::numeric_limits<T>::max()))) : T(0);
    }
    stats_.cell_width = h;
    stats_.cells = dims_;
    stats_.oversize_boxes = oversize_.size();
  }

  // The linear index of cell (c_0, .., c_N-1): c_0 + D_0 (c_1 + D_1 c_2).
  std::size_t linear_cell(const std::array<std::uint32_t, N>& c) const {
    std::size_t index = c[N - 1];
    for (int k = N - 2; k >= 0; --k) index = index * dims_[k] + c[k];
    return index;
  }

  // Pass 2: the grid boxes in order of their home cell (the cell of their min corner), by a
  // counting sort that starts from last frame's order (nearly sorted: the counters are touched
  // almost in sequence), then copied into local_ in that order with their cell ranges. From
  // here on boxes are local indices p (global index order_[p]): boxes near in space are near in
  // memory, so the passes below read memory almost sequentially instead of at random.
  void order_by_home_cell(std::span<const box_type> boxes) {
    const std::size_t n = boxes.size();
    const std::size_t grid_boxes = n - oversize_.size();
    bool kept = order_.size() == grid_boxes;  // last frame's order still names exactly the grid boxes?
    for (std::size_t p = 0; kept && p < grid_boxes; ++p) kept = order_[p] < n && in_grid_[order_[p]];
    if (!kept) {
      order_.clear();
      for (std::size_t i = 0; i < n; ++i)
        if (in_grid_[i]) order_.push_back(static_cast<std::uint32_t>(i));
    }
    // the home cells in box order (reading the boxes in sequence; in runs on pass 3's threads),
    // then counted in last frame's order
    home_.resize(n);
    const std::size_t runs = runs_for(n, min_entries_per_thread_, threads_);
    run_ranges(n, runs, [&](std::size_t, std::size_t first, std::size_t last) {
      for (std::size_t i = first; i < last; ++i) {
        if (!in_grid_[i]) continue;
        std::array<std::uint32_t, N> lo;
        for (int k = 0; k < N; ++k) lo[k] = cell_of(boxes[i].min[k], k);
        home_[i] = static_cast<std::uint32_t>(linear_cell(lo));
      }
    });
    cell_start_.assign(cells_ + 1, 0);
    std::uint32_t* count = cell_start_.data();
    for (std::size_t p = 0; p < grid_boxes; ++p) ++count[home_[order_[p]]];
    std::uint32_t sum = 0;  // exclusive sums: count[c] = where cell c's boxes start
    for (std::size_t c = 0; c < cells_; ++c) sum += std::exchange(count[c], sum);
    next_order_.resize(grid_boxes);
    for (std::size_t p = 0; p < grid_boxes; ++p) {
      const std::uint32_t i = order_[p], q = count[home_[i]]++;
      next_order_[q] = i;
      home_[i] = q;  // from here on: box i's local index
    }
    order_.swap(next_order_);
    // count[c] is now the end of cell c: shifted by one, cell_start_[c] .. cell_start_[c + 1] are its boxes
    std::copy_backward(count, count + cells_, count + cells_ + 1);
    count[0] = 0;
    copy_in_order(boxes);
    stats_.entries = grid_boxes;
  }

  // local_[p] = boxes[order_[p]], and reach_ = how far boxes reach past their home cell; in runs of p
  // on the threads of pass 3. The copy reads the boxes at random and writes the 2N columns in
  // sequence (writing them at random instead, 2N scattered stores per box, took 1.5x as long at 10^5).
  void copy_in_order(std::span<const box_type> boxes) {
    const std::size_t n = order_.size();
    local_.resize(n);
    const std::size_t runs = runs_for(n, min_entries_per_thread_, threads_);
    std::vector<std::array<std::uint32_t, N>> run_reach(runs, std::array<std::uint32_t, N>{});
    run_ranges(n, runs, [&](std::size_t run, std::size_t first, std::size_t last) {
      std::array<std::uint32_t, N>& reach = run_reach[run];
      for (std::size_t p = first; p < last; ++p) {
        const box_type& b = boxes[order_[p]];
        local_.set(p, b);
        for (int k = 0; k < N; ++k) reach[k] = std::max(reach[k], cell_of(b.max[k], k) - cell_of(b.min[k], k));
      }
    });
    reach_.fill(0);
    for (const auto& reach : run_reach)
      for (int k = 0; k < N; ++k) reach_[k] = std::max(reach_[k], reach[k]);
  }

  // Pass 3 on threads_ threads at most (see [SECTION] Threads): cut the cells into runs of about
  // equal entries, the first run's pairs into `out`, the others' into lists of their own, appended.
  void pairs_in_cells(std::vector<index_pair>& out) {
    const std::size_t parts = runs_for(local_.size(), min_entries_per_thread_, threads_);
    std::vector<std::size_t> first_cell(parts + 1, cells_);
    first_cell[0] = 0;
    for (std::size_t k = 1; k < parts; ++k) {  // the first cell whose entries start at or past k / parts of them
      const std::size_t wanted = local_.size() * k / parts;
      first_cell[k] = std::size_t(std::lower_bound(cell_start_.begin(), cell_start_.begin() + std::ptrdiff_t(cells_),
                                                   wanted) -
                                  cell_start_.begin());
    }
    part_pairs_.resize(parts);
    std::vector<std::size_t> candidates(parts, 0);
    run_parts(parts, [&](std::size_t k) {
      std::vector<index_pair>& pairs = k == 0 ? out : part_pairs_[k];
      if (k > 0) pairs.clear();
      candidates[k] = pairs_in_cell_run(first_cell[k], first_cell[k + 1], pairs);
    });
    for (std::size_t k = 1; k < parts; ++k) out.insert(out.end(), part_pairs_[k].begin(), part_pairs_[k].end());
    for (const std::size_t c : candidates) stats_.candidate_pairs += c;
  }

  // The boxes of cells [first, last) against those of the same cell and of the cells ahead within
  // reach (see [SECTION] Each pair once); C = the cell's coordinates, advanced like an odometer.
  // The cells ahead on one row (consecutive x) hold consecutive boxes: one range per row.
  // Returns the pairs tested.
  std::size_t pairs_in_cell_run(std::size_t first, std::size_t last, std::vector<index_pair>& out) const {
#if FRAMELAB_X86_DISPATCH
    if constexpr (std::is_same_v<T, double>) {
      if (cpu_has_avx2_fma()) return pairs_in_cell_run_avx2(first, last, out);
    }
#endif
    const auto overlapping = [this](const box_type& a, std::uint32_t begin, std::uint32_t end, std::uint32_t* hits) {
      return overlapping_in_run(local_, a, begin, end, hits);
    };
    return pairs_in_cell_run_with(first, last, out, overlapping);
  }

#if FRAMELAB_X86_DISPATCH
  // Pass 3's loop compiled for AVX2 (flatten: the four-at-a-time test inlined into it).
  __attribute__((target("avx2"), flatten)) std::size_t pairs_in_cell_run_avx2(std::size_t first, std::size_t last,
                                                                              std::vector<index_pair>& out) const
    requires std::is_same_v<T, double>
  {
    const auto overlapping = [this](const box_type& a, std::uint32_t begin, std::uint32_t end, std::uint32_t* hits) {
      return overlapping_in_run_avx2<N>(local_, a, begin, end, hits);
    };
    return pairs_in_cell_run_with(first, last, out, overlapping);
  }
#endif

  // pairs_in_cell_run with `overlapping` (box_columns.hpp's overlapping_in_run, or its AVX2 form) as the test.
  template <class Overlapping>
  __attribute__((always_inline)) std::size_t pairs_in_cell_run_with(std::size_t first, std::size_t last,
                                                                    std::vector<index_pair>& out,
                                                                    Overlapping overlapping) const {
    const std::uint32_t* start = cell_start_.data();
    const std::uint32_t* global = order_.data();
    std::array<std::uint32_t, N> C{};
    for (std::size_t k = 0, rest = first; k < N; ++k) {  // first = C_0 + D_0 (C_1 + D_1 C_2)
      C[k] = static_cast<std::uint32_t>(rest % dims_[k]);
      rest /= dims_[k];
    }
    std::size_t candidates = 0;
    // every box of this cell from `from` on against the boxes [begin, end), a block of candidates
    // at a time (box_columns.hpp: without a branch per test), the block's overlapping ones
    // appended in the order tested
    std::array<std::uint32_t, test_block + box_columns<T, N>::padding> hits;
    const auto against = [&](std::uint32_t cell_begin, std::uint32_t cell_end, bool same_cell, std::uint32_t begin,
                             std::uint32_t end) {
      for (std::uint32_t p = cell_begin; p < cell_end; ++p) {
        const box_type A = local_.get(p);
        const std::uint32_t i = global[p];
        for (std::uint32_t q0 = same_cell ? p + 1 : begin; q0 < end; q0 += test_block) {
          const std::uint32_t q_end = std::min<std::uint32_t>(end, q0 + test_block);
          const std::uint32_t found = overlapping(A, q0, q_end, hits.data());
          for (std::uint32_t h = 0; h < found; ++h) {
            const std::uint32_t j = global[hits[h]];
            out.push_back(i < j ? index_pair{i, j} : index_pair{j, i});
          }
        }
        candidates += end - (same_cell ? p + 1 : begin);
      }
    };
    for (std::size_t c = first; c < last; ++c) {
      const std::uint32_t begin = start[c], end = start[c + 1];
      if (end > begin) {
        against(begin, end, true, begin, end);
        // a row of cells ahead: x from x_first to x_last (clipped to the grid) in the row starting at `row`
        const auto row_ahead = [&](std::size_t row, std::int64_t x_first, std::int64_t x_last) {
          x_first = std::max<std::int64_t>(x_first, 0);
          x_last = std::min<std::int64_t>(x_last, std::int64_t(dims_[0]) - 1);
          if (x_first <= x_last) against(begin, end, false, start[row + std::size_t(x_first)], start[row + std::size_t(x_last) + 1]);
        };
        const std::int64_t x = C[0], rx = reach_[0];
        row_ahead(c - C[0], x + 1, x + rx);  // this row, ahead of this cell
        const std::int64_t ry = reach_[1];
        if constexpr (N == 2) {
          for (std::int64_t y = C[1] + 1; y <= std::min<std::int64_t>(C[1] + ry, dims_[1] - 1); ++y)
            row_ahead(std::size_t(y) * dims_[0], x - rx, x + rx);
        } else {
          const std::int64_t rz = reach_[2];
          for (std::int64_t z = C[2]; z <= std::min<std::int64_t>(C[2] + rz, dims_[2] - 1); ++z) {
            const std::int64_t y_first = z == C[2] ? C[1] + 1 : std::max<std::int64_t>(C[1] - ry, 0);
            for (std::int64_t y = y_first; y <= std::min<std::int64_t>(C[1] + ry, dims_[1] - 1); ++y)
              row_ahead((std::size_t(z) * dims_[1] + std::size_t(y)) * dims_[0], x - rx, x + rx);
          }
        }
      }
      for (int k = 0; k < N; ++k) {
        if (++C[k] < dims_[k]) break;
        C[k] = 0;
      }
    }
    return candidates;
  }

  // Pass 4: each oversize box against every grid box, and the oversize boxes among themselves.
  void pairs_with_oversize(std::span<const box_type> boxes, std::vector<index_pair>& out) {
    for (std::size_t s = 0; s < oversize_.size(); ++s) {
      const std::uint32_t o = oversize_[s];
      const box_type O = boxes[o];
      stats_.candidate_pairs += local_.size() + (oversize_.size() - 1 - s);
      for (std::size_t p = 0; p < local_.size(); ++p) {
        if (!overlaps(O, local_.get(p))) continue;
        const std::uint32_t j = order_[p];
        out.push_back(o < j ? index_pair{o, j} : index_pair{j, o});
      }
      for (std::size_t t = s + 1; t < oversize_.size(); ++t)  // ascending: o < oversize_[t]
        if (overlaps(O, boxes[oversize_[t]])) out.push_back({o, oversize_[t]});
    }
  }

  double cell_factor_;
  std::array<T, N> lo_{};
  std::array<T, N> inv_{};
  std::array<std::uint32_t, N> dims_{};
  std::size_t cells_ = 0;
  std::vector<double> sample_;
  std::vector<std::uint8_t> in_grid_;      // per box: entered (not oversize)
  std::vector<std::uint32_t> order_;       // the grid boxes by home cell; kept for the next frame
  std::vector<std::uint32_t> next_order_;  // scratch of the counting sort
  std::vector<std::uint32_t> home_;        // per box: its home cell (the cell of its min corner), then local index
  box_columns<T, N> local_;                // boxes[order_[p]], by coordinate
  std::array<std::uint32_t, N> reach_{};   // the most cells past its home cell a box reaches, per axis
  std::vector<std::uint32_t> oversize_;
  std::vector<std::uint32_t> cell_start_;
  std::vector<index_pair> scratch_;
  std::vector<std::vector<index_pair>> part_pairs_;  // pass 3's pairs of the runs after the first
  bool canonical_ = true;
  std::size_t threads_ = 1;
  std::size_t min_entries_per_thread_ = entries_per_thread;
  statistics stats_{};
};

using uniform_grid2f = uniform_grid<float, 2>;
using uniform_grid3f = uniform_grid<float, 3>;
using uniform_grid2d = uniform_grid<double, 2>;
using uniform_grid3d = uniform_grid<double, 3>;

}  // namespace framelab
