#pragma once
// hierarchy_level_arrays<T, N>: what a hierarchy sweeps at a lower sweep level
// (core/frames/sweep_level.hpp): its locals cut down to the level's records, and the
// world records the sweep writes, by slot, in the hierarchy's storage order. The
// hierarchy keeps the copy current on every edit (push_back, set, erase, permute) and
// asks it for the world at that level; at sweep_level::acceleration it holds nothing.
// Source: docs/articles.md, transform-hierarchy-dynamics
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/frames/hierarchy_allocator.hpp"
#include "core/frames/hierarchy_sweep.hpp"
#include "core/frames/hierarchy_sweep_levels_simd.hpp"

namespace framelab {

template <class T, int N>
class hierarchy_level_arrays {
 public:
  using dynamics_type = dynamic_transform<T, N>;
  using pose_type = transform<T, N>;
  using moving_type = moving_transform<T, N>;

  sweep_level level() const { return level_; }

  // Rebuilds the copy at `level` from the locals (empty at sweep_level::acceleration).
  void assign(sweep_level level, std::span<const dynamics_type> locals) {
    *this = hierarchy_level_arrays();
    level_ = level;
    reserve(locals.size());
    for (const dynamics_type& l : locals) push_back(l);
  }
  void reserve(std::size_t n) {
    with_arrays([n](auto& local, auto& global) { local.reserve(n), global.reserve(n); });
  }
  void push_back(const dynamics_type& l) {
    with_arrays([&l](auto& local, auto& global) {
      local.push_back(tracked_part(l, local));
      global.push_back(local.back());
    });
  }
  void set(std::size_t slot, const dynamics_type& l) {
    with_arrays([&](auto& local, auto&) { local[slot] = tracked_part(l, local); });
  }
  // Removes slots [first, last).
  void erase(std::size_t first, std::size_t last) {
    with_arrays([=](auto& local, auto& global) {
      local.erase(local.begin() + first, local.begin() + last);
      global.erase(global.begin() + first, global.begin() + last);
    });
  }
  // Slot k takes what slot order[k] held.
  void permute(const std::vector<std::uint32_t>& order) {
    with_arrays([&](auto& local, auto& global) {
      permute_array(local, order);
      permute_array(global, order);
    });
  }

  // The world sweep at this level over the preorder depths (max_depth: an upper bound).
  void sweep(const std::uint32_t* depth, std::size_t max_depth, bool allow_simd) {
    with_arrays([&](auto& local, auto& global) { sweep_arrays(local, global, depth, max_depth + 2, allow_simd); });
  }

  // Slot s's world from the last sweep, what the level does not track NaN.
  dynamics_type global(std::size_t slot) const {
    if (level_ == sweep_level::pose) return with_untracked_nan(pose_global_[slot]);
    return with_untracked_nan(moving_global_[slot]);
  }

 private:
  template <class Record>
  using array = std::vector<Record, hierarchy_allocator<Record>>;

  template <class Record>
  static Record tracked_part(const dynamics_type& d, const array<Record>&) {
    Record r;
    take_tracked(d, r);
    return r;
  }
  template <class Record>
  static void permute_array(array<Record>& v, const std::vector<std::uint32_t>& order) {
    array<Record> out;
    out.reserve(v.size());
    for (const std::uint32_t i : order) out.push_back(v[i]);
    v = std::move(out);
  }
  // f(local, global) on the arrays of this level (none at sweep_level::acceleration)
  template <class F>
  void with_arrays(F&& f) {
    if (level_ == sweep_level::pose) f(pose_local_, pose_global_);
    if (level_ == sweep_level::velocity) f(moving_local_, moving_global_);
  }

  template <class Record>
  void sweep_arrays(const array<Record>& local, array<Record>& global, const std::uint32_t* depth, std::size_t frames,
                    bool allow_simd) {
#if FRAMELAB_HIERARCHY_SIMD
    if constexpr (std::is_same_v<T, double> && N == 3) {
      if (allow_simd && hierarchy_simd_available()) {
        if (simd_stack_.size() < frames) simd_stack_.resize(frames);
        set_world(simd_stack_[0]);
        sweep_preorder_level_simd(local.data(), depth, global.data(), 0, local.size(), simd_stack_.data());
        return;
      }
    }
#endif
    (void)allow_simd;
    std::vector<record_frame<Record>>& stack = portable_stack<Record>();
    if (stack.size() < frames) stack.resize(frames);
    stack[0] = record_frame<Record>{};  // the world: identity, at rest
    sweep_preorder(local.data(), depth, global.data(), 0, local.size(), stack.data());
  }
  template <class Record>
  std::vector<record_frame<Record>>& portable_stack() {
    if constexpr (std::is_same_v<Record, pose_type>)
      return pose_stack_;
    else
      return moving_stack_;
  }

  sweep_level level_ = sweep_level::acceleration;
  array<pose_type> pose_local_, pose_global_;        // sweep_level::pose, else empty
  array<moving_type> moving_local_, moving_global_;  // sweep_level::velocity, else empty
  std::vector<record_frame<pose_type>> pose_stack_;
  std::vector<record_frame<moving_type>> moving_stack_;
#if FRAMELAB_HIERARCHY_SIMD
  std::vector<simd_frame> simd_stack_;
#endif
};

}  // namespace framelab
