#pragma once
// hierarchy<T, N>: a transform hierarchy whose nodes live in contiguous arrays,
// every parent stored before its children (depth-first preorder once sorted), so
// the world update is one linear sweep from local to global dynamics.
//
// Hot data (swept every frame) is kept by array slot: local and global dynamics,
// parent slot, depth. Nodes are named by stable ids (node_id) that survive
// re-sorting and removals, so a UI can keep a selection; cold data (names) is
// kept by id and never moves.
//
// Structural edits keep "parent before child" at all times; an edit that breaks
// the depth-first preorder (adding under a node whose subtree does not end the
// array, reparenting) re-sorts lazily in update_world() or immediately where needed.
// Bad input throws std::invalid_argument naming the problem; nothing is half applied.
//
// A 3D double hierarchy can sweep compact locals (set_sweep_locals(sweep_locals::compact),
// chosen explicitly): 260 instead of 324 bytes moved per node (sweep_bytes_per_node()),
// and the world is that of the locals with T, S, v, a, w, alpha rounded to float (q
// exact); the default, exact, sweeps the locals as stored (what scenes use). On the
// issue-17 host the compact sweep is not faster: the kernel is compute-bound
// (core/frames/hierarchy_sweep_compact.hpp).
//
// A scene that needs less than the accelerations asks for less with set_sweep_level
// (core/frames/sweep_level.hpp): the sweep then computes only the pose (and v, w), over
// records of 64 (112) instead of 160 bytes (core/frames/hierarchy_level_arrays.hpp);
// global(n) reports what it does not track as NaN. The default computes everything.
//
// A big tree (>= 2^15 nodes) can be swept on several threads (set_sweep_threads): one
// core cannot keep enough memory traffic in flight to sweep 10^6 nodes at the machine's
// bandwidth, two can (core/frames/hierarchy_segments.hpp). The world is bit for bit the
// single-threaded one; the default is one thread (the caller's).
//
// A node's local dynamics are relative to its parent: v1 and a1 are the rates of T1 in the
// parent's coordinates, and the local angular velocity w1 and angular acceleration alpha1
// are those of the node's rotation R1 relative to the parent, EXPRESSED IN THE PARENT'S
// FRAME (dR1/dt = [w1] R1, not R1 [w1]); the sweep turns them into world ones with
// w3 = w2 + R2 w1 R2^T. A scene that moves every node each step writes the locals in
// place (locals_in_place / locals_written: checked once by the writer, not per node here)
// and sweeps once. The world reads in bulk at every sweep level: globals() (acceleration)
// or for_each_global (any level).
// Source: docs/articles.md, transform-hierarchy-dynamics
#include <cmath>
#include <compare>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <vector>

#include "core/frames/compact_dynamics.hpp"
#include "core/frames/hierarchy_allocator.hpp"
#include "core/frames/hierarchy_level_arrays.hpp"
#include "core/frames/hierarchy_sweep.hpp"
#include "core/frames/hierarchy_sweep_compact.hpp"
#include "core/frames/hierarchy_sweep_runner.hpp"
#include "core/frames/hierarchy_sweep_simd.hpp"
#include "core/frames/impulse.hpp"
#include "core/frames/invalid_reason.hpp"
#include "core/frames/node_id.hpp"
#include "core/frames/preorder.hpp"

namespace framelab {

// What the world sweep reads as the local dynamics.
enum class sweep_locals {
  exact,    // the locals as stored (double): the default, what scenes use
  compact,  // 3D double only: a compact copy (core/frames/compact_dynamics.hpp), 96 instead of 160 bytes
            // per node; the world of the locals rounded to float (the quaternion kept in double)
};

enum class reparent_mode {
  keep_world,  // the node (and its subtree) keep their global dynamics; its local is recomputed
  keep_local,  // the node keeps its local dynamics and moves with its new parent
};

template <class T, int N>
class hierarchy {
 public:
  using dynamics_type = dynamic_transform<T, N>;
  using vec_type = glm::vec<N, T>;
  static constexpr std::uint32_t npos = no_parent_slot;                     // the segments read parents too
  static constexpr bool compactable = std::is_same_v<T, double> && N == 3;  // sweep_locals::compact

  // [SECTION] structure -------------------------------------------------------

  // Adds a node under `parent` (world_node for a top-level node); returns its id.
  node_id add(node_id parent, const dynamics_type& local = dynamics_type::identity(), std::string name = {}) {
    const std::uint32_t p = parent.valid() ? slot_checked(parent, "add: parent") : npos;
    const dynamics_type l = checked(local, "add");
    const std::uint32_t s = std::uint32_t(local_.size());
    const node_id id{std::uint32_t(slot_of_id_.size())};
    // Preorder survives iff the parent's subtree ends the array (the parent is the
    // last node or one of its ancestors).
    if (p != npos && s > 0) {
      std::uint32_t x = s - 1;
      while (x != npos && depth_[x] > depth_[p]) x = parent_[x];
      preorder_ = preorder_ && x == p;
    }
    const std::uint32_t d = p == npos ? 0 : depth_[p] + 1;
    if constexpr (compactable)
      if (compact_on()) compact_.push_back(to_compact(l));
    levels_.push_back(l);
    local_.push_back(l);
    global_.push_back(l);
    parent_.push_back(p);
    depth_.push_back(d);
    id_of_slot_.push_back(id);
    slot_of_id_.push_back(s);
    name_of_id_.push_back(std::move(name));
    max_depth_ = std::max(max_depth_, d);
    world_current_ = false;
    return id;
  }

  // Removes the node and its whole subtree.
  void remove(node_id node) {
    slot_checked(node, "remove");
    if (!preorder_) sort_preorder();
    const std::uint32_t s = slot_of_id_[node.value], e = subtree_end(s), k = e - s;
    for (std::uint32_t i = s; i < e; ++i) {
      slot_of_id_[id_of_slot_[i].value] = npos;
      name_of_id_[id_of_slot_[i].value].clear();
    }
    local_.erase(local_.begin() + s, local_.begin() + e);
    if (compact_on()) compact_.erase(compact_.begin() + s, compact_.begin() + e);
    levels_.erase(s, e);
    global_.erase(global_.begin() + s, global_.begin() + e);
    parent_.erase(parent_.begin() + s, parent_.begin() + e);
    depth_.erase(depth_.begin() + s, depth_.begin() + e);
    id_of_slot_.erase(id_of_slot_.begin() + s, id_of_slot_.begin() + e);
    for (std::uint32_t i = s; i < local_.size(); ++i) {
      slot_of_id_[id_of_slot_[i].value] = i;
      if (parent_[i] != npos && parent_[i] >= e) parent_[i] -= k;  // parents before s do not move
    }
  }

  // Moves `node` (with its subtree) under `new_parent` (world_node: top level).
  void reparent(node_id node, node_id new_parent, reparent_mode mode) {
    const std::uint32_t s = slot_checked(node, "reparent: node");
    const std::uint32_t p = new_parent.valid() ? slot_checked(new_parent, "reparent: new parent") : npos;
    for (std::uint32_t x = p; x != npos; x = parent_[x])
      if (x == s)
        throw std::invalid_argument("hierarchy::reparent: the new parent is the node itself or inside its subtree");
    dynamics_type l = local_[s];
    if (mode == reparent_mode::keep_world) {
      // A1 = A2^{-1} o A3 with A2 the new parent's and A3 the node's global dynamics
      l = checked(global_to_local(p == npos ? dynamics_type::identity() : compose_chain(p), compose_chain(s)),
                  "reparent (the converted local dynamics)");
    }
    local_[s] = l;
    local_changed(s);
    parent_[s] = p;
    sort_preorder();  // restores parent-before-child and the depths
    world_current_ = false;
  }

  void clear() {  // keeps the sweep_locals mode and the sweep level
    const sweep_locals mode = sweep_locals_;
    const sweep_level level = levels_.level();
    *this = hierarchy();
    sweep_locals_ = mode;
    levels_.assign(level, {});
  }
  void reserve(std::size_t n) {
    local_.reserve(n), global_.reserve(n), parent_.reserve(n), depth_.reserve(n), id_of_slot_.reserve(n);
    slot_of_id_.reserve(n), name_of_id_.reserve(n);
    if (compact_on()) compact_.reserve(n);
    levels_.reserve(n);
  }

  // [SECTION] queries ---------------------------------------------------------

  std::size_t size() const { return local_.size(); }
  bool empty() const { return local_.empty(); }
  bool contains(node_id n) const { return n.valid() && n.value < slot_of_id_.size() && slot_of_id_[n.value] != npos; }
  node_id parent(node_id n) const {
    const std::uint32_t p = parent_[slot_checked(n, "parent")];
    return p == npos ? world_node : id_of_slot_[p];
  }
  // Immediate children in storage order (world_node: the top-level nodes).
  std::vector<node_id> children(node_id n) const {
    const std::uint32_t s = n.valid() ? slot_checked(n, "children") : npos;
    std::vector<node_id> out;
    for (std::uint32_t i = s == npos ? 0 : s + 1; i < parent_.size(); ++i)
      if (parent_[i] == s) out.push_back(id_of_slot_[i]);
    return out;
  }
  std::size_t depth(node_id n) const { return depth_[slot_checked(n, "depth")]; }
  const std::string& name(node_id n) const { return name_of_id_[id_checked(n, "name")]; }
  void set_name(node_id n, std::string name) { name_of_id_[id_checked(n, "set_name")] = std::move(name); }
  node_id find(std::string_view name) const {
    for (const node_id id : id_of_slot_)
      if (name_of_id_[id.value] == name) return id;
    return world_node;
  }

  // Storage order: parent before child (depth-first preorder when is_preorder()).
  node_id id_at(std::size_t slot) const { return id_of_slot_.at(slot); }
  std::size_t slot_of(node_id n) const { return slot_checked(n, "slot_of"); }
  std::span<const dynamics_type> locals() const { return local_; }
  // As of the last update_world(); empty below sweep_level::acceleration (use global(n)).
  std::span<const dynamics_type> globals() const {
    if (levels_.level() != sweep_level::acceleration) return {};
    return global_;
  }
  // Every node's world as of the last update_world(), at any sweep level, in slot order:
  // f(slot, global) with what the level does not track NaN (as global(n)).
  template <class F>
  void for_each_global(F&& f) const {
    const bool full = levels_.level() == sweep_level::acceleration;
    for (std::size_t s = 0; s < local_.size(); ++s) f(s, full ? global_[s] : levels_.global(s));
  }
  std::span<const std::uint32_t> depths() const { return depth_; }
  bool is_preorder() const { return preorder_; }
  bool world_current() const { return world_current_; }

  // [SECTION] dynamics --------------------------------------------------------

  const dynamics_type& local(node_id n) const { return local_[slot_checked(n, "local")]; }
  void set_local(node_id n, const dynamics_type& local) {
    const std::uint32_t s = slot_checked(n, "set_local");
    local_[s] = checked(local, "set_local");
    local_changed(s);
    world_current_ = false;
  }

  // [SECTION] bulk local writes -------------------------------------------------

  // Every local, writable in place, by slot (slot_of / id_at). For a caller that re-sets
  // many locals each step and has made sure once (per load or edit) that what it writes
  // is valid node data (invalid_reason empty: finite, a unit quaternion, a positive
  // scale): nothing is checked here, unlike set_local. Call locals_written() when done
  // and before update_world(); it refreshes the copies a lower sweep level or compact
  // locals sweep (a full copy then; none at the default, exact acceleration level).
  std::span<dynamics_type> locals_in_place() {
    world_current_ = false;
    return local_;
  }
  void locals_written() {
    if (levels_.level() != sweep_level::acceleration) levels_.assign(levels_.level(), local_);
    if constexpr (compactable)
      if (compact_on())
        for (std::size_t s = 0; s < local_.size(); ++s) compact_[s] = to_compact(local_[s]);
    world_current_ = false;
  }

  // Global dynamics: from the last sweep if the world is current, else composed
  // along the chain of parents (always up to date); what the sweep level does not
  // track is NaN either way.
  dynamics_type global(node_id n) const {
    const std::uint32_t s = slot_checked(n, "global");
    const sweep_level level = levels_.level();
    if (level == sweep_level::acceleration) return world_current_ ? global_[s] : compose_chain(s);
    return world_current_ ? levels_.global(s) : with_untracked_nan(compose_chain(s), level);
  }
  // Sets the node's global dynamics, converted to local through its parent:
  //   A1 = A2^{-1} o A3
  void set_global(node_id n, const dynamics_type& global) {
    const std::uint32_t s = slot_checked(n, "set_global");
    const dynamics_type g = checked(global, "set_global");
    local_[s] = checked(global_to_local(parent_global(s), g), "set_global (the converted local dynamics)");
    local_changed(s);
    world_current_ = false;
  }

  // Changes the node's global velocity by dv (global acceleration unchanged):
  //   dv1 = J2^{-1} dv,  da1 = -2 J2^{-1} w2 dv.
  // With counteract_children, each immediate child gets dv1 = -J^{-1} dv,
  // da1 = 2 J^{-1} w dv (J, w: the node's new global dynamics), so the whole
  // subtree keeps its global dynamics (the car-crash case).
  void apply_velocity_change(node_id n, const vec_type& dv, bool counteract_children) {
    const std::uint32_t s = slot_checked(n, "apply_velocity_change");
    for (int i = 0; i < N; ++i)
      if (!std::isfinite(dv[i])) throw std::invalid_argument("hierarchy::apply_velocity_change: dv is not finite");
    const dynamics_type a2 = parent_global(s);
    apply_delta(local_[s], velocity_change_local_delta(a2, dv));
    local_changed(s);
    if (counteract_children) {
      const auto d1 = counteract_velocity_change_delta(a2 * local_[s], dv);
      for (std::uint32_t c = s + 1; c < local_.size(); ++c) {
        if (preorder_ && depth_[c] <= depth_[s]) break;  // past the subtree
        if (parent_[c] == s) {
          apply_delta(local_[c], d1);
          local_changed(c);
        }
      }
    }
    world_current_ = false;
  }
  // A linear impulse dp on a node of mass m: dv = dp / m.
  void apply_linear_impulse(node_id n, const vec_type& dp, T mass, bool counteract_children) {
    if (!(mass > T(0)) || !std::isfinite(mass))
      throw std::invalid_argument("hierarchy::apply_linear_impulse: mass must be a positive finite number");
    apply_velocity_change(n, dp / mass, counteract_children);
  }

  // The world sweep: global dynamics of every node, parents before children.
  void update_world() {
    if (!preorder_) sort_preorder();
    const sweep_options options{simd_enabled_, sweep_threads_in_use(), stream_min_bytes_};
    if (levels_.level() != sweep_level::acceleration) {
      levels_.sweep(parent_.data(), depth_.data(), max_depth_, options);
    } else if (compact_on()) {
      sweep_compact();
    } else {
      runner_.run(local_.data(), global_.data(), parent_.data(), depth_.data(), local_.size(), max_depth_, options);
    }
    world_current_ = true;
  }
  // Threads the world sweep of a big tree runs on (core/frames/hierarchy_segments.hpp):
  // 1, the default, sweeps on the caller's thread; 0 asks for one per hardware thread.
  // Trees under min_nodes nodes are swept on one thread, and compact locals always are.
  // The world is bit for bit the same on any number of threads.
  void set_sweep_threads(std::size_t threads, std::size_t min_nodes = parallel_sweep_min_nodes) {
    sweep_threads_ = threads > 0 ? threads : std::max(1u, std::thread::hardware_concurrency());
    min_parallel_nodes_ = min_nodes;
  }
  std::size_t sweep_threads() const { return sweep_threads_; }
  // Threads the next update_world() sweeps on: sweep_threads() for a tree of at least
  // min_nodes nodes with exact locals, else 1.
  std::size_t sweep_threads_in_use() const {
    return local_.size() >= min_parallel_nodes_ && !compact_on() ? sweep_threads_ : 1;
  }
  // The 3D double sweep uses the AVX2 kernel when the CPU has it (see
  // core/frames/hierarchy_sweep_simd.hpp); false forces the portable kernel.
  void set_simd_enabled(bool on) { simd_enabled_ = on; }
  // The SIMD sweeps write a range (a thread's segment, or the whole tree) of at least this
  // many bytes of global records with streaming stores, around the caches (default
  // simd_stream_min_bytes, 8 MiB: arrays that do not fit in them). The results are the same
  // either way; tests set it low to take the streaming path on small trees.
  void set_stream_min_bytes(std::size_t bytes = simd_stream_min_bytes) { stream_min_bytes_ = bytes; }
  std::size_t stream_min_bytes() const { return stream_min_bytes_; }

  // What the sweep reads as locals (3D double only; see sweep_locals). Switching to
  // compact copies every local (and throws, changing nothing, if one is beyond float
  // range); later edits keep the copy current. The locals themselves (local(), locals())
  // stay as set, in double; the world (global(), globals()) is the sweep's.
  void set_sweep_locals(sweep_locals mode) requires compactable {
    if (mode == sweep_locals_) return;
    if (levels_.level() != sweep_level::acceleration)
      throw std::invalid_argument(std::string("hierarchy::set_sweep_locals: compact locals need the acceleration "
                                              "level, the sweep level is ") +
                                  sweep_level_name(levels_.level()));
    if (mode == sweep_locals::compact) {
      std::vector<compact_dynamics3, hierarchy_allocator<compact_dynamics3>> c;
      c.reserve(local_.capacity());
      for (std::size_t s = 0; s < local_.size(); ++s) {
        const std::string why = compact_reason(local_[s]);
        if (!why.empty())
          throw std::invalid_argument("hierarchy::set_sweep_locals: node " + std::to_string(id_of_slot_[s].value) +
                                      ": " + why);
        c.push_back(to_compact(local_[s]));
      }
      compact_ = std::move(c);
    } else {
      compact_ = {};
    }
    sweep_locals_ = mode;
    world_current_ = false;
  }
  sweep_locals sweep_locals_mode() const { return sweep_locals_; }

  // How much of the dynamics update_world() computes (see core/frames/sweep_level.hpp);
  // below acceleration the sweep reads a copy of the locals cut to the level, kept
  // current by every edit. Exact locals only.
  void set_sweep_level(sweep_level level) {
    if (level == levels_.level()) return;
    if (level != sweep_level::acceleration && compact_on())
      throw std::invalid_argument("hierarchy::set_sweep_level: compact locals sweep the accelerations too");
    levels_.assign(level, local_);
    world_current_ = false;
  }
  sweep_level sweep_level_mode() const { return levels_.level(); }

  // Bytes the world sweep moves per node, from the hot arrays' element sizes: it reads
  // the local record and the depth and writes the global record (streaming stores on
  // big trees: no read for ownership).
  static constexpr std::size_t sweep_bytes_per_node(sweep_locals mode) {
    return (mode == sweep_locals::compact ? sizeof(compact_dynamics3) : sizeof(dynamics_type)) + sizeof(std::uint32_t) +
           sizeof(dynamics_type);
  }
  static constexpr std::size_t sweep_bytes_per_node(sweep_level level) {
    return sweep_level_bytes_per_node<T, N>(level);
  }
  std::size_t sweep_bytes_per_node() const {
    if (levels_.level() != sweep_level::acceleration) return sweep_bytes_per_node(levels_.level());
    return sweep_bytes_per_node(sweep_locals_);
  }

  // Re-sorts the arrays into depth-first preorder (children in their current
  // relative order): subtrees become contiguous and the sweep reads no parent index.
  void sort_preorder() {
    const std::uint32_t n = std::uint32_t(local_.size());
    const std::vector<std::uint32_t> order = preorder_of(parent_, npos);
    std::vector<std::uint32_t> new_slot(n);
    for (std::uint32_t k = 0; k < n; ++k) new_slot[order[k]] = k;
    permute(local_, order);
    if (compact_on()) permute(compact_, order);
    levels_.permute(order);
    permute(global_, order);
    permute(id_of_slot_, order);
    std::vector<std::uint32_t> parent(n), depth(n);
    max_depth_ = 0;
    for (std::uint32_t k = 0; k < n; ++k) {
      const std::uint32_t p = parent_[order[k]];
      parent[k] = p == npos ? npos : new_slot[p];
      depth[k] = p == npos ? 0 : depth[parent[k]] + 1;
      max_depth_ = std::max(max_depth_, depth[k]);
      slot_of_id_[id_of_slot_[k].value] = k;
    }
    parent_ = std::move(parent);
    depth_ = std::move(depth);
    preorder_ = true;
  }

 private:
  std::uint32_t id_checked(node_id n, const char* what) const {
    if (!contains(n))
      throw std::invalid_argument(std::string("hierarchy::") + what + ": node " +
                                  (n.valid() ? std::to_string(n.value) : std::string("<world>")) + " does not exist");
    return n.value;
  }
  std::uint32_t slot_checked(node_id n, const char* what) const { return slot_of_id_[id_checked(n, what)]; }
  const dynamics_type& checked(const dynamics_type& d, const char* what) const {
    std::string why = invalid_reason(d);
    if constexpr (compactable)
      if (why.empty() && compact_on()) why = compact_reason(d);
    if (!why.empty()) throw std::invalid_argument(std::string("hierarchy::") + what + ": " + why);
    return d;
  }
  bool compact_on() const { return sweep_locals_ == sweep_locals::compact; }
  // The compact locals' sweep, on one thread: the AVX2 kernel where allowed, else the portable one.
  void sweep_compact() {
    if constexpr (compactable) {
      const std::size_t frames = std::size_t(max_depth_) + 2;
#if FRAMELAB_HIERARCHY_SIMD
      if (simd_enabled_ && hierarchy_simd_available()) {
        if (simd_stack_.size() < frames) simd_stack_.resize(frames);
        set_world(simd_stack_[0]);
        sweep_preorder_compact_simd(compact_.data(), depth_.data(), global_.data(), 0, local_.size(),
                                    simd_stack_.data(), stream_min_bytes_);
        return;
      }
#endif
      if (stack_.size() < frames) stack_.resize(frames);
      stack_[0] = sweep_frame<T, N>{};  // the world: identity, at rest
      sweep_preorder_compact(compact_.data(), depth_.data(), global_.data(), 0, local_.size(), stack_.data());
    }
  }
  // Keeps the compact copy of slot s's local current.
  void local_changed(std::uint32_t s) {
    levels_.set(s, local_[s]);
    if constexpr (compactable)
      if (compact_on()) compact_[s] = to_compact(local_[s]);
  }
  // First slot after the subtree of slot s (preorder only).
  std::uint32_t subtree_end(std::uint32_t s) const {
    std::uint32_t e = s + 1;
    while (e < depth_.size() && depth_[e] > depth_[s]) ++e;
    return e;
  }
  // Global dynamics of slot s composed along its chain of parents: L_root o ... o L_s.
  dynamics_type compose_chain(std::uint32_t s) const {
    dynamics_type g = local_[s];
    for (std::uint32_t p = parent_[s]; p != npos; p = parent_[p]) g = local_[p] * g;
    return g;
  }
  dynamics_type parent_global(std::uint32_t s) const {
    return parent_[s] == npos ? dynamics_type::identity() : compose_chain(parent_[s]);
  }
  template <class Vector>
  static void permute(Vector& v, const std::vector<std::uint32_t>& order) {
    Vector out;
    out.reserve(v.size());
    for (const std::uint32_t i : order) out.push_back(v[i]);
    v = std::move(out);
  }

  // hot, by slot
  std::vector<dynamics_type, hierarchy_allocator<dynamics_type>> local_;
  std::vector<dynamics_type, hierarchy_allocator<dynamics_type>> global_;  // aligned for streaming stores
  // sweep_locals::compact (3D double): what the sweep reads instead of local_, by slot; else empty
  std::vector<compact_dynamics3, hierarchy_allocator<compact_dynamics3>> compact_;
  hierarchy_level_arrays<T, N> levels_;  // below sweep_level::acceleration: what the sweep reads and writes
  std::vector<std::uint32_t> parent_;    // slot of the parent, npos for the world
  std::vector<std::uint32_t> depth_;     // 0 for top-level nodes
  std::vector<node_id> id_of_slot_;
  sweep_runner<dynamics_type> runner_;    // sweeps exact locals
  std::vector<sweep_frame<T, N>> stack_;  // compact locals' sweep
#if FRAMELAB_HIERARCHY_SIMD
  std::vector<simd_frame> simd_stack_;
#endif
  std::size_t sweep_threads_ = 1, min_parallel_nodes_ = parallel_sweep_min_nodes;
  std::size_t stream_min_bytes_ = simd_stream_min_bytes;
  // by id
  std::vector<std::uint32_t> slot_of_id_;  // npos once removed
  std::vector<std::string> name_of_id_;    // cold
  std::uint32_t max_depth_ = 0;            // an upper bound
  bool preorder_ = true, world_current_ = true, simd_enabled_ = true;
  sweep_locals sweep_locals_ = sweep_locals::exact;
};

using hierarchy2f = hierarchy<float, 2>;
using hierarchy2d = hierarchy<double, 2>;
using hierarchy3f = hierarchy<float, 3>;
using hierarchy3d = hierarchy<double, 3>;

}  // namespace framelab
