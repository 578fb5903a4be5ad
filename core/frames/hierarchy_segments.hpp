#pragma once
// The world sweep of a big tree on several threads (hierarchy::set_sweep_threads).
// The preorder array [0, n) is cut into k contiguous segments, one per thread. A
// segment's sweep needs, on its own stack, the frames of its first node's ancestors,
// which lie in earlier segments: they are composed again, from the world down the
// parent chain (as deep as the tree: ~ln n for a random tree, a few dozen
// compositions), each into scratch, never into the world array another thread writes.
// Then every segment is swept at once by the ordinary kernel. Every node is composed
// from the same parent frame by the same operations as in one sweep, so the world is
// bit for bit the single-threaded one.
// Why: one core cannot keep enough memory traffic in flight to sweep a tree of 10^6
// nodes at the bandwidth the machine has (docs/performance.md, issue 17).
// Source: docs/articles.md, transform-hierarchy-dynamics
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/parallel_parts.hpp"

namespace framelab {

inline constexpr std::uint32_t no_parent_slot = 0xffffffffu;

// Segment boundaries of [0, n) for k threads: k + 1 slots, the inner ones rounded down to
// a multiple of 8 (so that every segment's records start as aligned as the array's).
inline std::vector<std::size_t> segment_bounds(std::size_t n, std::size_t k) {
  std::vector<std::size_t> bounds(k + 1);
  for (std::size_t s = 0; s <= k; ++s) bounds[s] = s == k ? n : (n * s / k) & ~std::size_t(7);
  return bounds;
}

// The ancestors of `slot`, the root first.
inline std::vector<std::uint32_t> ancestors_root_first(const std::uint32_t* parent, std::size_t slot) {
  std::vector<std::uint32_t> chain;
  for (std::uint32_t a = parent[slot]; a != no_parent_slot; a = parent[a]) chain.push_back(a);
  std::reverse(chain.begin(), chain.end());
  return chain;
}

// Sweeps [0, n) in k segments, k threads (segment 0 on the caller's). Stacks: k stacks of
// `frames` frames each (Frame: the kernel's stack frame).
//   world(Frame&)                      sets a stack's base frame (the world)
//   compose(parent, slot, child)       composes ancestor `slot` into child (its world to scratch)
//   sweep(first, last, Frame* stack)   the ordinary sweep of [first, last) on that stack
// A thread that cannot be started leaves its segment to the caller.
template <class Frame, class World, class Compose, class Sweep>
void sweep_in_segments(std::size_t n, std::size_t k, const std::uint32_t* parent, const std::uint32_t* depth,
                       Frame* stacks, std::size_t frames, World world, Compose compose, Sweep sweep) {
  // One segment (every tree under parallel_sweep_min_nodes): the sweep alone, without the
  // bounds' allocation and the threads' set-up, which cost a 7-node tree's sweep ~23 % of its
  // time on the desktop (`bench hierarchy --nodes 7`; docs/performance.md, issue 28).
  if (k <= 1) {
    world(stacks[0]);
    sweep(0, n, stacks);
    return;
  }
  const std::vector<std::size_t> bounds = segment_bounds(n, k);
  for (std::size_t s = 0; s < k; ++s) {
    Frame* stack = stacks + s * frames;
    world(stack[0]);
    if (bounds[s] == bounds[s + 1]) continue;
    for (const std::uint32_t a : ancestors_root_first(parent, bounds[s]))
      compose(stack[depth[a]], a, stack[depth[a] + 1]);
  }
  run_parts(k, [&](std::size_t s) {
    if (bounds[s] < bounds[s + 1]) sweep(bounds[s], bounds[s + 1], stacks + s * frames);
  });
}

}  // namespace framelab
