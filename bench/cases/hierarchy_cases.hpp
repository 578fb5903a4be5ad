#pragma once
// Benchmark cases for `framelab bench hierarchy`: the world sweep of a random 3D
// double-precision hierarchy stored flat (hierarchy3d: contiguous preorder arrays,
// stack-based linear sweep) against the same maths on a pointer-linked tree of
// individually allocated nodes updated recursively. No timing here: build once,
// then time one call of sweep_*; checksums keep the work observable and let the
// caller check both give the same world.
//
// The tree: node i's parent is drawn uniformly from 0..i-1 (node 0 is the only
// top-level node), nodes are inserted in that order.
//
// The bandwidth bound: a std::memcpy moving as many bytes per node as the sweep
// (copy_workload), between buffers allocated like the hierarchy's arrays.
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <vector>

#include "core/frames/hierarchy.hpp"

namespace framelab::bench {

struct hierarchy_bench_tree {
  std::vector<std::uint32_t> parent;  // parent[0] unused (the world)
  std::vector<dynamic_transform3d> local;
};

// Random local dynamics of moderate size (|T| <= 1, scale 1 +- 1%, |v|, |a|, |w|, |alpha| <= sqrt(3)).
inline hierarchy_bench_tree make_hierarchy_bench_tree(std::size_t n, std::uint64_t seed = 1) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const auto v3 = [&] { return glm::dvec3(u(rng), u(rng), u(rng)); };
  hierarchy_bench_tree t;
  t.parent.resize(n, 0);
  t.local.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) t.parent[i] = std::uniform_int_distribution<std::uint32_t>(0, std::uint32_t(i - 1))(rng);
    dynamic_transform3d& d = t.local[i];
    d.pose.translation = v3() * 0.577;
    d.pose.rotation = rotation_from_vector(v3() * 1.8);
    d.pose.scale = 1.0 + 0.01 * u(rng);
    d.velocity = v3();
    d.accel = v3();
    d.angular_velocity = v3();
    d.angular_accel = v3();
  }
  return t;
}

// ---- flat: hierarchy3d -------------------------------------------------------

// The same tree with every local as the compact sweep sees it (T, S, v, a, w, alpha
// rounded to float): a pointer tree built from it computes the compact sweep's world.
inline hierarchy_bench_tree round_locals_to_compact(hierarchy_bench_tree t) {
  for (auto& l : t.local) l = round_to_compact(l);
  return t;
}

// Adds the nodes in order and sweeps once (which sorts the arrays into preorder).
inline hierarchy3d build_flat_hierarchy(const hierarchy_bench_tree& t, sweep_locals mode = sweep_locals::exact) {
  hierarchy3d h;
  h.set_sweep_locals(mode);
  h.reserve(t.local.size());
  std::vector<node_id> ids;
  ids.reserve(t.local.size());
  for (std::size_t i = 0; i < t.local.size(); ++i)
    ids.push_back(h.add(i == 0 ? world_node : ids[t.parent[i]], t.local[i]));
  h.update_world();
  return h;
}

// One world sweep.
inline void sweep_flat_hierarchy(hierarchy3d& h) {
  h.update_world();
}

// ---- baseline: pointer-linked tree ------------------------------------------

struct pointer_tree_node {
  dynamic_transform3d local, global;
  std::vector<pointer_tree_node*> children;
};

struct pointer_tree {
  std::vector<std::unique_ptr<pointer_tree_node>> owner;  // node i, allocated individually, in insertion order
  pointer_tree_node* root = nullptr;
};

inline pointer_tree build_pointer_tree(const hierarchy_bench_tree& t) {
  pointer_tree p;
  p.owner.reserve(t.local.size());
  for (std::size_t i = 0; i < t.local.size(); ++i) {
    p.owner.push_back(std::make_unique<pointer_tree_node>());
    p.owner.back()->local = t.local[i];
    if (i > 0) p.owner[t.parent[i]]->children.push_back(p.owner.back().get());
  }
  p.root = p.owner.empty() ? nullptr : p.owner.front().get();
  return p;
}

// Recursive update with the same per-node maths as the flat sweep: the same
// kernel (SIMD when hierarchy_simd_available(), else compose_into), the parent's
// frame (with R as a matrix) passed down.
inline void sweep_pointer_subtree(pointer_tree_node& n, const sweep_frame<double, 3>& parent) {
  sweep_frame<double, 3> self;
  compose_into(parent, n.local, self.global);
  self.refresh_rotation();
  n.global = self.global;
  for (pointer_tree_node* c : n.children) sweep_pointer_subtree(*c, self);
}
#if FRAMELAB_HIERARCHY_SIMD
__attribute__((target("avx2,fma"))) inline void sweep_pointer_subtree_simd(pointer_tree_node& n,
                                                                           const simd_frame& parent) {
  simd_frame self;
  compose_into_simd(parent, n.local, self, n.global);
  for (pointer_tree_node* c : n.children) sweep_pointer_subtree_simd(*c, self);
}
#endif
inline void sweep_pointer_tree(pointer_tree& p, bool allow_simd = true) {
  if (!p.root) return;
#if FRAMELAB_HIERARCHY_SIMD
  if (allow_simd && hierarchy_simd_available()) {
    simd_frame world;
    set_world(world);
    sweep_pointer_subtree_simd(*p.root, world);
    return;
  }
#endif
  (void)allow_simd;
  sweep_pointer_subtree(*p.root, sweep_frame<double, 3>{});
}

// ---- the bandwidth bound: a copy moving the sweep's bytes ----------------------

// Two buffers of bytes / 2 each (the copy reads one and writes the other), allocated
// like the hierarchy's per-node arrays (2 MiB aligned, huge pages where the kernel
// gives them) and filled, so no page is first touched while timed.
struct copy_workload {
  std::vector<unsigned char, hierarchy_allocator<unsigned char>> source, target;
  std::size_t moved_bytes() const { return source.size() + target.size(); }
};
inline copy_workload make_copy_workload(std::size_t moved_bytes) {
  copy_workload w;
  const std::size_t half = (moved_bytes + 1) / 2;
  w.source.assign(half, 0x5a);
  w.target.assign(half, 0);
  return w;
}
// One copy (glibc's memcpy streams large copies around the caches, as the sweep's
// stores do).
inline void run_copy(copy_workload& w) {
  std::memcpy(w.target.data(), w.source.data(), w.source.size());
}

// ---- checks ------------------------------------------------------------------

inline double checksum(const dynamic_transform3d& g) {
  return g.pose.translation.x + g.velocity.y + g.accel.z + g.angular_velocity.x + g.angular_accel.y + g.pose.rotation.w;
}
inline double hierarchy_checksum(const hierarchy3d& h) {
  double s = 0;
  for (const auto& g : h.globals()) s += checksum(g);
  return s;
}
inline double pointer_tree_checksum(const pointer_tree& p) {
  double s = 0;
  for (const auto& n : p.owner) s += checksum(n->global);
  return s;
}

}  // namespace framelab::bench
