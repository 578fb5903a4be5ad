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
#include "core/frames/hierarchy_sweep_runner.hpp"

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

  // The world sweep at this level over the preorder parents and depths (max_depth: an
  // upper bound).
  void sweep(const std::uint32_t* parent, const std::uint32_t* depth, std::size_t max_depth,
             const sweep_options& options) {
    if (level_ == sweep_level::pose)
      pose_runner_.run(pose_local_.data(), pose_global_.data(), parent, depth, pose_local_.size(), max_depth, options);
    if (level_ == sweep_level::velocity)
      moving_runner_.run(moving_local_.data(), moving_global_.data(), parent, depth, moving_local_.size(), max_depth,
                         options);
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

  sweep_level level_ = sweep_level::acceleration;
  array<pose_type> pose_local_, pose_global_;        // sweep_level::pose, else empty
  array<moving_type> moving_local_, moving_global_;  // sweep_level::velocity, else empty
  sweep_runner<pose_type> pose_runner_;
  sweep_runner<moving_type> moving_runner_;
};

}  // namespace framelab
