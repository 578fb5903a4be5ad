#pragma once
// sweep_runner<Record>: one world sweep of preorder arrays, local -> global, with the
// kernel that fits: the AVX2 kernel for 3D double records where the CPU has it and the
// caller allows it (core/frames/hierarchy_sweep_simd.hpp, hierarchy_sweep_levels_simd.hpp),
// the portable one else (core/frames/hierarchy_sweep.hpp); on several threads for a big
// tree when asked (core/frames/hierarchy_segments.hpp). It owns the stacks the kernels
// use, so a hierarchy sweeps every frame without allocating.
// Source: docs/articles.md, transform-hierarchy-dynamics
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "core/frames/hierarchy_segments.hpp"
#include "core/frames/hierarchy_sweep.hpp"
#include "core/frames/hierarchy_sweep_levels_simd.hpp"
#include "core/frames/hierarchy_sweep_simd.hpp"

namespace framelab {

// A hierarchy sweeps trees smaller than this on one thread whatever was asked
// (hierarchy::sweep_threads_in_use): starting a thread (~20-50 us) costs more than it
// saves below ~10^4 nodes (a node takes ~15 ns).
inline constexpr std::size_t parallel_sweep_min_nodes = std::size_t(1) << 15;

// What a sweep is asked to do beyond its arrays.
struct sweep_options {
  bool allow_simd = true;
  std::size_t threads = 1;  // the segments (hierarchy::sweep_threads_in_use decides)
  std::size_t stream_min_bytes = simd_stream_min_bytes;  // per segment (hierarchy::set_stream_min_bytes)
};

template <class Record>
class sweep_runner {
 public:
  // Writes global[i] for every node of [0, n): parent[i] is its parent's slot
  // (no_parent_slot for the world), depth[i] its depth, max_depth an upper bound.
  void run(const Record* local, Record* global, const std::uint32_t* parent, const std::uint32_t* depth, std::size_t n,
           std::size_t max_depth, const sweep_options& options) {
    if (n == 0) return;
    const std::size_t frames = max_depth + 2;
    const std::size_t threads = std::max<std::size_t>(1, options.threads);
#if FRAMELAB_HIERARCHY_SIMD
    if constexpr (simd_record) {
      if (options.allow_simd && hierarchy_simd_available()) {
        run_simd(local, global, parent, depth, n, frames, threads, options.stream_min_bytes);
        return;
      }
    }
#endif
    run_portable(local, global, parent, depth, n, frames, threads);
  }

 private:
  static constexpr bool simd_record = std::is_same_v<typename Record::scalar_type, double> && Record::dimension == 3;

  void run_portable(const Record* local, Record* global, const std::uint32_t* parent, const std::uint32_t* depth,
                    std::size_t n, std::size_t frames, std::size_t threads) {
    using frame = record_frame<Record>;
    if (stack_.size() < frames * threads) stack_.resize(frames * threads);
    sweep_in_segments(
        n, threads, parent, depth, stack_.data(), frames, [](frame& world) { world = frame{}; },
        [local](const frame& p, std::uint32_t slot, frame& child) {
          compose_into(p, local[slot], child.global);
          child.refresh_rotation();
        },
        [=](std::size_t first, std::size_t last, frame* stack) {
          sweep_preorder(local, depth, global, first, last, stack);
        });
  }

#if FRAMELAB_HIERARCHY_SIMD
  void run_simd(const Record* local, Record* global, const std::uint32_t* parent, const std::uint32_t* depth,
                std::size_t n, std::size_t frames, std::size_t threads, std::size_t stream_min_bytes) {
    if (simd_stack_.size() < frames * threads) simd_stack_.resize(frames * threads);
    sweep_in_segments(
        n, threads, parent, depth, simd_stack_.data(), frames, [](simd_frame& world) { set_world(world); },
        [local](const simd_frame& p, std::uint32_t slot, simd_frame& child) {
          Record scratch;
          compose_into_simd(p, local[slot], child, scratch, true);
        },
        [=](std::size_t first, std::size_t last, simd_frame* stack) {
          if constexpr (std::is_same_v<Record, dynamic_transform3d>)
            sweep_preorder_simd(local, depth, global, first, last, stack, stream_min_bytes);
          else
            sweep_preorder_level_simd(local, depth, global, first, last, stack, stream_min_bytes);
        });
  }
  std::vector<simd_frame> simd_stack_;
#endif
  std::vector<record_frame<Record>> stack_;
};

}  // namespace framelab
