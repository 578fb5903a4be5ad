// hierarchy<T, N>: the linear sweep against brute-force recursive composition,
// structural edits against a naive reference model (a map of id -> parent, local),
// stable ids, parent-before-child after every edit, set_global round trips,
// impulses with and without counteracting the children.
#include "core/frames/hierarchy.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>

#include "tests/core/frames/motion_fd.hpp"
#include "tests/core/frames/random_hierarchy.hpp"

namespace {
using namespace framelab;
using framelab::test::brute_force_global;
using framelab::test::cast;
using framelab::test::random_local;
using framelab::test::relative_error;
using framelab::test::test_stream_min_bytes;

constexpr double sweep_tol = 1e-12;       // sweep vs brute force, relative to magnitude
constexpr double round_trip_tol = 1e-12;  // set_global -> global
constexpr double keep_world_tol = 1e-11;  // reparent keeping the world pose
constexpr double float_tol = 1e-4;

// Parent before child for every node, and the depths match the parent links.
template <class T, int N>
void expect_parent_before_child(const hierarchy<T, N>& h) {
  for (std::size_t s = 0; s < h.size(); ++s) {
    const node_id id = h.id_at(s);
    EXPECT_EQ(h.slot_of(id), s);
    const node_id p = h.parent(id);
    if (p.valid()) {
      EXPECT_LT(h.slot_of(p), s) << "node " << id.value;
      EXPECT_EQ(h.depth(id), h.depth(p) + 1);
    } else {
      EXPECT_EQ(h.depth(id), 0u);
    }
  }
}

// "n<i>" (built without operator+, which trips GCC 12's -Wrestrict false positive at -O3)
std::string node_name(std::size_t i) {
  std::string s = std::to_string(i);
  s.insert(s.begin(), 'n');
  return s;
}

// Random tree as in the benchmark: node i's parent uniform in 0..i-1 (node 0 top-level).
template <class T, int N>
std::vector<node_id> build_random(hierarchy<T, N>& h, std::mt19937& rng, int n) {
  std::vector<node_id> ids;
  for (int i = 0; i < n; ++i) {
    const node_id parent = i == 0 ? world_node : ids[std::uniform_int_distribution<int>(0, i - 1)(rng)];
    ids.push_back(h.add(parent, random_local<T, N>(rng), node_name(i)));
  }
  return ids;
}

template <class T, int N>
void sweep_matches_brute_force(double tol) {
  std::mt19937 rng(51);
  hierarchy<T, N> h;
  const auto ids = build_random(h, rng, 2000);
  EXPECT_FALSE(h.is_preorder());
  h.update_world();
  EXPECT_TRUE(h.is_preorder());
  EXPECT_TRUE(h.world_current());
  expect_parent_before_child(h);
  for (const node_id id : ids) ASSERT_LE(relative_error(h.global(id), brute_force_global(h, id)), tol) << id.value;
  // ids are stable across the re-sort
  for (std::size_t i = 0; i < ids.size(); ++i) EXPECT_EQ(h.name(ids[i]), node_name(i));
}
TEST(hierarchy, sweep_matches_brute_force_2d) {
  sweep_matches_brute_force<double, 2>(sweep_tol);
}
TEST(hierarchy, sweep_matches_brute_force_3d) {
  sweep_matches_brute_force<double, 3>(sweep_tol);
}
TEST(hierarchy, sweep_matches_brute_force_float) {
  sweep_matches_brute_force<float, 2>(float_tol);
  sweep_matches_brute_force<float, 3>(float_tol);
}

// The 3D double sweep has an AVX2 kernel (used when the CPU has it) and the
// portable one; both match the brute force, also with streaming stores (big hierarchy).
TEST(hierarchy, simd_and_portable_sweeps_agree) {
  std::mt19937 rng(57);
  hierarchy3d h;
  h.set_stream_min_bytes(test_stream_min_bytes);
  const int n = int(test_stream_min_bytes / sizeof(dynamic_transform3d)) + 1000;
  const auto ids = build_random(h, rng, n);
  h.set_simd_enabled(false);
  h.update_world();
  std::vector<dynamic_transform3d> portable(h.globals().begin(), h.globals().end());
  h.set_simd_enabled(true);
  h.update_world();
  for (std::size_t s = 0; s < h.size(); ++s) ASSERT_LE(relative_error(h.globals()[s], portable[s]), sweep_tol) << s;
  for (int k = 0; k < n; k += 97) EXPECT_LE(relative_error(h.global(ids[k]), brute_force_global(h, ids[k])), sweep_tol);
  if (!hierarchy_simd_available()) GTEST_SKIP() << "no AVX2/FMA here: only the portable kernel ran";
}

// The SIMD and portable kernels against each other and the brute force on other
// shapes (a star: every node a child of one; a chain: each node the child of the
// previous) and after every kind of edit (add under an old node, remove a
// subtree, reparent in both modes, set_global, impulses with and without
// counteracting the children), at a size that takes the streaming path. Two rounds
// of edits (each kind twice, the second on a tree the first left out of preorder):
// four rounds took 42 s under ASan, the costliest unit test, for the same checks.
double max_simd_portable_brute_error(hierarchy3d& h) {
  h.set_simd_enabled(false);
  h.update_world();
  std::vector<dynamic_transform3d> portable(h.globals().begin(), h.globals().end());
  h.set_simd_enabled(true);
  h.update_world();
  double worst = 0;
  for (std::size_t s = 0; s < h.size(); ++s) worst = std::max(worst, relative_error(h.globals()[s], portable[s]));
  for (std::size_t s = 0; s < h.size(); s += 37)
    worst = std::max(worst, relative_error(h.globals()[s], brute_force_global(h, h.id_at(s))));
  return worst;
}
TEST(hierarchy, simd_sweep_on_stars_chains_and_after_edits) {
  std::mt19937 rng(58);
  {
    hierarchy3d star;
    const node_id hub = star.add(world_node, random_local<double, 3>(rng));
    for (int i = 0; i < 3000; ++i) star.add(hub, random_local<double, 3>(rng));
    EXPECT_LE(max_simd_portable_brute_error(star), sweep_tol);
  }
  {
    hierarchy3d chain;
    node_id last = world_node;
    for (int i = 0; i < 300; ++i) {
      auto l = random_local<double, 3>(rng);
      l.pose.scale = 1.0;  // keep 300 levels of scale and lever arms bounded
      l.pose.translation *= 0.1;
      l.angular_velocity *= 0.1;
      l.angular_accel *= 0.1;
      last = chain.add(last, l);
    }
    EXPECT_LE(max_simd_portable_brute_error(chain), 1e-10);
  }
  hierarchy3d h;
  h.set_stream_min_bytes(test_stream_min_bytes);
  const int n = int(test_stream_min_bytes / sizeof(dynamic_transform3d)) + 500;
  auto ids = build_random(h, rng, n);
  ASSERT_LE(max_simd_portable_brute_error(h), sweep_tol);
  const auto pick = [&] {
    node_id id;
    do id = ids[std::uniform_int_distribution<std::size_t>(0, ids.size() - 1)(rng)];
    while (!h.contains(id));
    return id;
  };
  for (int round = 0; round < 2; ++round) {
    for (int k = 0; k < 200; ++k) ids.push_back(h.add(pick(), random_local<double, 3>(rng)));  // breaks preorder
    EXPECT_LE(max_simd_portable_brute_error(h), sweep_tol) << "after adds, round " << round;
    h.remove(pick());
    EXPECT_LE(max_simd_portable_brute_error(h), sweep_tol) << "after remove, round " << round;
    for (int k = 0; k < 20; ++k) {
      const node_id a = pick(), b = pick();
      bool inside = false;
      for (node_id x = b; x.valid(); x = h.parent(x)) inside = inside || x == a;
      if (!inside) h.reparent(a, b, k % 2 ? reparent_mode::keep_world : reparent_mode::keep_local);
    }
    EXPECT_LE(max_simd_portable_brute_error(h), sweep_tol) << "after reparents, round " << round;
    for (int k = 0; k < 20; ++k) h.set_global(pick(), random_local<double, 3>(rng));
    for (int k = 0; k < 20; ++k) h.apply_linear_impulse(pick(), glm::dvec3(3.0, -1.0, 2.0), 2.5, k % 2 == 0);
    EXPECT_LE(max_simd_portable_brute_error(h), sweep_tol) << "after set_global and impulses, round " << round;
  }
  if (!hierarchy_simd_available()) GTEST_SKIP() << "no AVX2/FMA here: only the portable kernel ran";
}

// Big per-node arrays start on a 2 MiB boundary (huge-page candidates), small ones on a cache line.
TEST(hierarchy, allocator_alignment) {
  hierarchy_allocator<dynamic_transform3d> a;
  const std::size_t big = hierarchy_huge_min_bytes / sizeof(dynamic_transform3d) + 1;
  dynamic_transform3d* p = a.allocate(big);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % hierarchy_huge_page, 0u);
  p[big - 1] = dynamic_transform3d::identity();  // the whole range is usable
  a.deallocate(p, big);
  dynamic_transform3d* q = a.allocate(3);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(q) % 64, 0u);
  a.deallocate(q, 3);
}

TEST(hierarchy, deep_chain_of_50) {
  std::mt19937 rng(52);
  hierarchy3d h;
  node_id last = world_node;
  std::vector<node_id> chain;
  for (int i = 0; i < 50; ++i) chain.push_back(last = h.add(last, random_local<double, 3>(rng)));
  EXPECT_TRUE(h.is_preorder());
  h.update_world();
  for (const node_id id : chain) EXPECT_LE(relative_error(h.global(id), brute_force_global(h, id)), sweep_tol);
}

// A naive model of the same hierarchy: id -> (parent id, local).
template <class T, int N>
struct reference_model {
  struct node {
    node_id parent;
    dynamic_transform<T, N> local;
  };
  std::map<std::uint32_t, node> nodes;
  bool in_subtree(node_id x, node_id root) const {
    for (; x.valid(); x = nodes.at(x.value).parent)
      if (x == root) return true;
    return false;
  }
  dynamic_transform<T, N> global(node_id n) const {
    auto g = nodes.at(n.value).local;
    for (node_id p = nodes.at(n.value).parent; p.valid(); p = nodes.at(p.value).parent) g = nodes.at(p.value).local * g;
    return g;
  }
};

// Random adds, removes (subtrees), reparents (both modes), set_global and
// impulses, each mirrored in the model; after every edit the structure matches
// and parent-before-child holds; after update_world the globals match the model.
template <int N>
void random_edits_match_model() {
  std::mt19937 rng(53);
  hierarchy<double, N> h;
  reference_model<double, N> model;
  const auto random_existing = [&]() {
    auto it = model.nodes.begin();
    std::advance(it, std::uniform_int_distribution<std::size_t>(0, model.nodes.size() - 1)(rng));
    return node_id{it->first};
  };
  for (int step = 0; step < 600; ++step) {
    const int op = model.nodes.size() < 5 ? 0 : std::uniform_int_distribution<int>(0, 9)(rng);
    if (op <= 4) {  // add
      const node_id parent = model.nodes.empty() || op == 0 ? world_node : random_existing();
      const auto local = random_local<double, N>(rng);
      const node_id id = h.add(parent, local);
      model.nodes[id.value] = {parent, local};
    } else if (op == 5) {  // remove a subtree
      const node_id victim = random_existing();
      h.remove(victim);
      std::vector<std::uint32_t> gone;
      for (const auto& [id, n] : model.nodes)
        if (model.in_subtree(node_id{id}, victim)) gone.push_back(id);
      for (const std::uint32_t id : gone) model.nodes.erase(id);
      EXPECT_FALSE(h.contains(victim));
    } else if (op <= 7) {  // reparent
      const node_id node = random_existing();
      const node_id target = std::uniform_int_distribution<int>(0, 4)(rng) == 0 ? world_node : random_existing();
      const auto mode = op == 6 ? reparent_mode::keep_world : reparent_mode::keep_local;
      if (target.valid() && model.in_subtree(target, node)) {
        const auto before = h.local(node);
        EXPECT_THROW(h.reparent(node, target, mode), std::invalid_argument);
        EXPECT_EQ(h.parent(node), model.nodes.at(node.value).parent);  // nothing applied
        EXPECT_EQ(h.local(node).velocity, before.velocity);
        continue;
      }
      const auto world_before = model.global(node);
      h.reparent(node, target, mode);
      model.nodes[node.value].parent = target;
      if (mode == reparent_mode::keep_world) {
        EXPECT_LE(relative_error(h.global(node), world_before), keep_world_tol);
      } else {
        EXPECT_EQ(h.local(node).velocity, model.nodes[node.value].local.velocity);
      }
      model.nodes[node.value].local = h.local(node);
    } else if (op == 8) {  // set_global
      const node_id node = random_existing();
      const auto g = random_local<double, N>(rng);
      h.set_global(node, g);
      model.nodes[node.value].local = h.local(node);
      EXPECT_LE(relative_error(h.global(node), g), round_trip_tol);
    } else {  // sweep
      h.update_world();
      EXPECT_TRUE(h.is_preorder());
    }
    // structure
    ASSERT_EQ(h.size(), model.nodes.size());
    for (const auto& [id, n] : model.nodes) {
      ASSERT_TRUE(h.contains(node_id{id}));
      EXPECT_EQ(h.parent(node_id{id}), n.parent);
    }
    expect_parent_before_child(h);
  }
  h.update_world();
  for (const auto& [id, n] : model.nodes)
    EXPECT_LE(relative_error(h.global(node_id{id}), model.global(node_id{id})), keep_world_tol);
  // children() agrees with the parent links
  for (const auto& [id, n] : model.nodes)
    for (const node_id c : h.children(node_id{id})) EXPECT_EQ(model.nodes.at(c.value).parent, node_id{id});
}
TEST(hierarchy, random_edits_match_model_2d) {
  random_edits_match_model<2>();
}
TEST(hierarchy, random_edits_match_model_3d) {
  random_edits_match_model<3>();
}

TEST(hierarchy, remove_keeps_world_poses_of_the_rest) {
  std::mt19937 rng(54);
  hierarchy3d h;
  const auto ids = build_random(h, rng, 300);
  h.update_world();
  std::vector<dynamic_transform3d> before;
  for (const node_id id : ids) before.push_back(h.global(id));
  h.remove(ids[7]);
  EXPECT_TRUE(h.world_current());
  h.update_world();
  std::size_t survivors = 0;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (!h.contains(ids[i])) continue;  // in the removed subtree
    ++survivors;
    EXPECT_LE(relative_error(h.global(ids[i]), before[i]), sweep_tol);
  }
  EXPECT_EQ(survivors, h.size());
  EXPECT_FALSE(h.contains(ids[7]));
  EXPECT_THROW(h.remove(ids[7]), std::invalid_argument);
  EXPECT_EQ(h.name(ids[0]), "n0");
}

// set_global then reading global back gives the input, deep in a moving hierarchy.
template <int N>
void set_global_round_trip() {
  std::mt19937 rng(55);
  hierarchy<double, N> h;
  const auto ids = build_random(h, rng, 200);
  for (int k = 0; k < 50; ++k) {
    const node_id n = ids[std::uniform_int_distribution<int>(0, 199)(rng)];
    const auto g = random_local<double, N>(rng);
    h.set_global(n, g);
    EXPECT_LE(relative_error(h.global(n), g), round_trip_tol);  // composed along the chain
    h.update_world();
    EXPECT_LE(relative_error(h.global(n), g), round_trip_tol);  // from the sweep
  }
}
TEST(hierarchy, set_global_round_trip_2d) {
  set_global_round_trip<2>();
}
TEST(hierarchy, set_global_round_trip_3d) {
  set_global_round_trip<3>();
}

// The car crash inside a moving ship: an impulse on the car changes its global
// velocity by dp / m and nothing else; its subtree inherits the change, or keeps
// its global dynamics when the children are counteracted.
template <int N>
void impulse_on_car(bool counteract) {
  std::mt19937 rng(56);
  hierarchy<double, N> h;
  const node_id ship = h.add(world_node, random_local<double, N>(rng), "ship");
  const node_id car = h.add(ship, random_local<double, N>(rng), "car");
  const node_id crate_a = h.add(car, random_local<double, N>(rng), "crate a");
  const node_id lid = h.add(crate_a, random_local<double, N>(rng), "lid");
  const node_id crate_b = h.add(car, random_local<double, N>(rng), "crate b");
  const node_id buoy = h.add(ship, random_local<double, N>(rng), "buoy");
  h.update_world();
  const auto before = [&] {
    std::map<std::uint32_t, dynamic_transform<double, N>> m;
    for (const node_id n : {ship, car, crate_a, lid, crate_b, buoy}) m[n.value] = h.global(n);
    return m;
  }();
  glm::vec<N, double> dp(0.0);
  dp[0] = -30.0;
  dp[1] = 4.0;
  const double mass = 12.0;
  h.apply_linear_impulse(car, dp, mass, counteract);
  EXPECT_FALSE(h.world_current());
  h.update_world();
  const auto check = [&](node_id n, glm::vec<N, double> dv) {
    const auto d = delta_between(before.at(n.value), h.global(n));
    EXPECT_LE(test::max_abs(d.velocity - dv), 1e-12) << h.name(n);
    EXPECT_LE(test::max_abs(d.accel), 1e-11) << h.name(n);
    EXPECT_LE(test::max_abs(d.angular_velocity), 1e-12) << h.name(n);
    EXPECT_LE(test::max_abs(d.angular_accel), 1e-12) << h.name(n);
    EXPECT_LE(test::max_abs(h.global(n).pose.translation - before.at(n.value).pose.translation), 1e-12);
  };
  const glm::vec<N, double> dv = dp / mass, zero(0.0);
  check(ship, zero);
  check(buoy, zero);
  check(car, dv);
  for (const node_id n : {crate_a, lid, crate_b}) check(n, counteract ? zero : dv);
}
TEST(hierarchy, impulse_inherited_by_children_2d) {
  impulse_on_car<2>(false);
}
TEST(hierarchy, impulse_inherited_by_children_3d) {
  impulse_on_car<3>(false);
}
TEST(hierarchy, impulse_counteracted_in_children_2d) {
  impulse_on_car<2>(true);
}
TEST(hierarchy, impulse_counteracted_in_children_3d) {
  impulse_on_car<3>(true);
}

TEST(hierarchy, rejects_bad_input_and_applies_nothing) {
  hierarchy3d h;
  const node_id a = h.add(world_node, dynamic_transform3d::identity(), "a");
  dynamic_transform3d bad;
  bad.pose.scale = 0.0;
  EXPECT_THROW(h.add(a, bad), std::invalid_argument);
  EXPECT_EQ(h.size(), 1u);
  bad.pose.scale = 1.0;
  bad.velocity.y = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(h.set_local(a, bad), std::invalid_argument);
  EXPECT_THROW(h.set_global(a, bad), std::invalid_argument);
  EXPECT_EQ(h.local(a).velocity, glm::dvec3(0.0));
  EXPECT_THROW(h.apply_linear_impulse(a, glm::dvec3(1.0), 0.0, false), std::invalid_argument);
  EXPECT_THROW(h.add(node_id{42}), std::invalid_argument);
  EXPECT_THROW(h.reparent(a, a, reparent_mode::keep_world), std::invalid_argument);
  try {
    h.set_local(a, bad);
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("velocity"), std::string::npos) << e.what();
  }
  EXPECT_EQ(h.find("a"), a);
  EXPECT_EQ(h.find("nope"), world_node);
}

TEST(hierarchy, tank_turret_2d_float) {
  // tank drives, turret yaws on it: the turret's global angular velocity is the sum
  hierarchy2f h;
  dynamic_transform2f tank;
  tank.velocity = {2.0f, 0.0f};
  tank.angular_velocity = 0.5f;
  const node_id t = h.add(world_node, tank, "tank");
  dynamic_transform2f turret;
  turret.pose.translation = {0.0f, 1.0f};
  turret.angular_velocity = 1.0f;
  const node_id tu = h.add(t, turret, "turret");
  h.update_world();
  EXPECT_NEAR(h.global(tu).angular_velocity, 1.5f, 1e-6f);
  // the turret's mount point at (0, 1) swept by the tank's spin: v = (2, 0) + 0.5 * (-1, 0)
  EXPECT_NEAR(h.global(tu).velocity.x, 1.5f, 1e-6f);
  EXPECT_EQ(h.children(t), std::vector<node_id>{tu});
  EXPECT_EQ(h.children(world_node), std::vector<node_id>{t});
}
}  // namespace
