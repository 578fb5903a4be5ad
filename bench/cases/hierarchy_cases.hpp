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
// Sweep levels (core/frames/sweep_level.hpp): the flat hierarchy sweeps at the level
// asked, and the pointer tree is built from the same level's records (pose, pose and
// velocity, or everything) and computes the same level, so each level has its own
// like-for-like baseline.
//
// The bandwidth bound: bench/cases/bandwidth_copy.hpp.
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <type_traits>
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
inline hierarchy3d build_flat_hierarchy(const hierarchy_bench_tree& t, sweep_locals mode = sweep_locals::exact,
                                        sweep_level level = sweep_level::acceleration) {
  hierarchy3d h;
  h.set_sweep_locals(mode);
  h.set_sweep_level(level);
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

// A node holding the records of one sweep level (Record: transform3d, moving_transform3d
// or dynamic_transform3d).
template <class Record>
struct basic_pointer_tree_node {
  Record local, global;
  std::vector<basic_pointer_tree_node*> children;
};

template <class Record>
struct basic_pointer_tree {
  using node_type = basic_pointer_tree_node<Record>;
  std::vector<std::unique_ptr<node_type>> owner;  // node i, allocated individually, in insertion order
  node_type* root = nullptr;
};
using pointer_tree_node = basic_pointer_tree_node<dynamic_transform3d>;
using pointer_tree = basic_pointer_tree<dynamic_transform3d>;

// The tree with each local cut to Record (everything for dynamic_transform3d).
template <class Record = dynamic_transform3d>
basic_pointer_tree<Record> build_pointer_tree(const hierarchy_bench_tree& t) {
  basic_pointer_tree<Record> p;
  p.owner.reserve(t.local.size());
  for (std::size_t i = 0; i < t.local.size(); ++i) {
    p.owner.push_back(std::make_unique<basic_pointer_tree_node<Record>>());
    if constexpr (std::is_same_v<Record, dynamic_transform3d>)
      p.owner.back()->local = t.local[i];
    else
      take_tracked(t.local[i], p.owner.back()->local);
    if (i > 0) p.owner[t.parent[i]]->children.push_back(p.owner.back().get());
  }
  p.root = p.owner.empty() ? nullptr : p.owner.front().get();
  return p;
}

// Recursive update with the same per-node maths as the flat sweep at Record's level:
// the same kernel (SIMD when hierarchy_simd_available(), else compose_into), the
// parent's frame (with R as a matrix) passed down; like the flat sweep's AVX2 kernel, the
// SIMD one makes no frame for a leaf.
template <class Record>
void sweep_pointer_subtree(basic_pointer_tree_node<Record>& n, const record_frame<Record>& parent) {
  record_frame<Record> self;
  compose_into(parent, n.local, self.global);
  self.refresh_rotation();
  n.global = self.global;
  for (basic_pointer_tree_node<Record>* c : n.children) sweep_pointer_subtree(*c, self);
}
#if FRAMELAB_HIERARCHY_SIMD
template <class Record>
__attribute__((target("avx2,fma"))) void sweep_pointer_subtree_simd(basic_pointer_tree_node<Record>& n,
                                                                    const simd_frame& parent) {
  simd_frame self;
  compose_into_simd(parent, n.local, self, n.global, !n.children.empty());
  for (basic_pointer_tree_node<Record>* c : n.children) sweep_pointer_subtree_simd(*c, self);
}
#endif
template <class Record>
void sweep_pointer_tree(basic_pointer_tree<Record>& p, bool allow_simd = true) {
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
  sweep_pointer_subtree(*p.root, record_frame<Record>{});
}

// ---- checks ------------------------------------------------------------------

// A few components of each world record, those the level computes.
inline double checksum(const transform3d& g) {
  return g.translation.x + g.rotation.w;
}
inline double checksum(const moving_transform3d& g) {
  return checksum(g.pose) + g.velocity.y + g.angular_velocity.x;
}
inline double checksum(const dynamic_transform3d& g) {
  return g.pose.translation.x + g.velocity.y + g.accel.z + g.angular_velocity.x + g.angular_accel.y + g.pose.rotation.w;
}
inline double hierarchy_checksum(const hierarchy3d& h) {
  double s = 0;
  switch (h.sweep_level_mode()) {
    case sweep_level::pose:
      for (std::size_t i = 0; i < h.size(); ++i) s += checksum(h.global(h.id_at(i)).pose);
      break;
    case sweep_level::velocity:
      for (std::size_t i = 0; i < h.size(); ++i) {
        moving_transform3d m;
        take_tracked(h.global(h.id_at(i)), m);
        s += checksum(m);
      }
      break;
    case sweep_level::acceleration:
      for (const auto& g : h.globals()) s += checksum(g);
      break;
  }
  return s;
}
template <class Record>
double pointer_tree_checksum(const basic_pointer_tree<Record>& p) {
  double s = 0;
  for (const auto& n : p.owner) s += checksum(n->global);
  return s;
}

}  // namespace framelab::bench
