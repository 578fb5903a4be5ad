// Contacts resolved slab by slab (core/collision/contact_slabs.hpp) on two threads: the split
// checked by brute force (every contact once, a slab's contacts with both spheres in it, the
// others across, canonical order within each), the motion the same bit for bit on 1 and 2
// threads, and against the canonical order's motion by what both must keep: the momentum and,
// at e = 1, the kinetic energy in free space, every ball inside the box, the same pile height.
#include "core/collision/contact_slabs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "core/collision/sphere_world.hpp"

namespace framelab {
namespace {

// n balls of radius 0.04-0.06 m, mass 1-2 kg, at random in the middle of a 1 x 1 x 0.5 m box, widest
// along x (overlapping at
// first: a crowd of contacts), random velocities of up to 2 m/s per axis.
sphere_world crowded_world(std::size_t n, bool walls, double restitution, double gravity) {
  sphere_world w;
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0), r(0.04, 0.06), m(1.0, 2.0);
  for (std::size_t k = 0; k < n; ++k)
    w.spheres.add({0.45 * u(rng), 0.5 + 0.3 * u(rng), 0.2 * u(rng)}, {2.0 * u(rng), 2.0 * u(rng), 2.0 * u(rng)},
                  r(rng), m(rng));
  if (walls) w.box = turning_box{{0.0, 0.5, 0.0}, {0.5, 0.5, 0.25}, 0.0, 0.0};
  w.restitution = restitution;
  w.gravity = {0.0, -gravity, 0.0};
  w.method = broadphase_method::uniform_grid;
  return w;
}

TEST(contact_slabs, every_contact_is_once_in_the_slab_of_its_spheres_or_across) {
  sphere_world w = crowded_world(500, true, 0.5, 9.81);
  w.step(1.0 / 120.0);
  const auto& contacts = w.contacts();
  ASSERT_GT(contacts.size(), 500u);
  contact_slabs slabs;
  slabs.split(contacts, w.spheres.position);
  const auto pairs = slabs.pairs();
  std::vector<index_pair> sorted(pairs.begin(), pairs.end()), expected(contacts.begin(), contacts.end());
  std::sort(sorted.begin(), sorted.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(sorted, expected);
  std::size_t at = 0;
  for (std::size_t g = 0; g <= contact_slabs::slab_count; ++g) {
    EXPECT_GT(slabs.group_size(g), 0u) << "group " << g;
    for (std::size_t n = at; n < at + slabs.group_size(g); ++n) {
      const index_pair p = pairs[n];
      if (n > at) EXPECT_LT(pairs[n - 1], p) << n;
      if (g < contact_slabs::slab_count) {
        EXPECT_EQ(slabs.slab_of(p.i), g);
        EXPECT_EQ(slabs.slab_of(p.j), g);
      } else {
        EXPECT_NE(slabs.slab_of(p.i), slabs.slab_of(p.j));
      }
    }
    at += slabs.group_size(g);
  }
  // the slabs are equally wide along x (the longest side of the box): sphere k's from its centre
  double lo = 1e9, hi = -1e9;
  for (const auto& c : w.spheres.position) lo = std::min(lo, c.x), hi = std::max(hi, c.x);
  for (std::size_t k = 0; k < w.spheres.size(); ++k) {
    const double t = (w.spheres.position[k].x - lo) / (hi - lo) * contact_slabs::slab_count;
    if (std::abs(t - std::round(t)) > 1e-9)
      EXPECT_EQ(slabs.slab_of(k), std::min<std::size_t>(contact_slabs::slab_count - 1, std::size_t(t))) << k;
  }
}

TEST(contact_slabs, one_and_two_threads_move_the_balls_bit_for_bit_alike) {
  sphere_world one = crowded_world(400, true, 0.7, 9.81);
  one.set_contact_threads(1, 1, 8);
  sphere_world two = one;
  two.set_contact_threads(2, 1, 8);
  for (int step = 0; step < 20; ++step) {
    one.step(1.0 / 120.0);
    two.step(1.0 / 120.0);
    ASSERT_EQ(one.contacts(), two.contacts()) << "step " << step;
    for (std::size_t k = 0; k < one.spheres.size(); ++k) {
      ASSERT_EQ(one.spheres.position[k], two.spheres.position[k]) << "ball " << k << " step " << step;
      ASSERT_EQ(one.spheres.velocity[k], two.spheres.velocity[k]) << "ball " << k << " step " << step;
    }
  }
}

TEST(contact_slabs, keeps_what_the_canonical_order_keeps) {
  // free space, e = 1, no gravity: momentum and kinetic energy, as the canonical order does
  for (const bool slabs_on : {false, true}) {
    SCOPED_TRACE(slabs_on ? "slabs" : "canonical");
    sphere_world w = crowded_world(300, false, 1.0, 0.0);
    w.set_contact_threads(1, slabs_on ? 1 : 1u << 30);  // (threads change nothing: the test above)
    const glm::dvec3 p0 = w.momentum();
    const double k0 = w.kinetic_energy();
    for (int step = 0; step < 30; ++step) w.step(1.0 / 120.0);
    const glm::dvec3 p1 = w.momentum();
    for (int a = 0; a < 3; ++a) EXPECT_NEAR(p1[a], p0[a], 1e-10);
    EXPECT_NEAR(w.kinetic_energy(), k0, 1e-10 * k0);
  }
  // a pile settling in the box (e = 0): inside the box, and the same height as the canonical pile
  double height[2] = {0.0, 0.0};
  for (const bool slabs_on : {false, true}) {
    sphere_world w = crowded_world(400, true, 0.0, 9.81);
    w.set_contact_threads(1, slabs_on ? 1 : 1u << 30);
    for (int step = 0; step < 240; ++step) w.step(1.0 / 120.0);
    for (std::size_t k = 0; k < w.spheres.size(); ++k) {
      const glm::dvec3 q = w.box->to_local_point(w.spheres.position[k]);
      for (int a = 0; a < 3; ++a) ASSERT_LE(std::abs(q[a]), w.box->half_extent[a] - w.spheres.radius[k] + 1e-12);
    }
    height[slabs_on ? 1 : 0] = w.potential_energy();
  }
  EXPECT_NEAR(height[1], height[0], 0.01 * height[0]) << height[0];
}

}  // namespace
}  // namespace framelab
