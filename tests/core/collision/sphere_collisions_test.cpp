// Tests of core/collision/sphere_collisions.hpp and core/collision/sphere_world.hpp against independent
// references: the closed-form 1D collision of two balls with restitution e (conservation of
// momentum plus Newton's law of restitution, solved by hand), the energy lost in the
// centre-of-mass frame, a ball bouncing off a moving wall, conservation laws over many
// steps, and the two broadphases giving bit-identical trajectories.
#include "core/collision/sphere_collisions.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/collision/sphere_world.hpp"

namespace {

using framelab::broadphase_method;
using framelab::sphere_set;
using framelab::sphere_world;
using framelab::turning_box;

constexpr double closed_form_tol = 1e-12;   // one impulse: a few roundings
constexpr double conservation_tol = 1e-10;  // relative, over thousands of impulses
// A ball falling from h under g, stepped by symplectic Euler (v += g dt; x += v dt): its energy
// m |v|^2 / 2 + m g y swings by m g |v| dt / 2 around the conserved H, so relative to m g h by up
// to v_max dt / (2 h) with v_max = sqrt(2 g h). Twice that is allowed.
constexpr double bounce_g = 9.81, bounce_h = 1.1, bounce_dt = 1.0 / 120.0;
const double bounce_energy_tol = 2.0 * std::sqrt(2.0 * bounce_g * bounce_h) * bounce_dt / (2.0 * bounce_h);

// Head-on, along x: u1, u2 before; momentum m1 u1 + m2 u2 = m1 v1 + m2 v2 and restitution
// v2 - v1 = -e (u2 - u1) give
//   v1 = (m1 u1 + m2 u2 + m2 e (u2 - u1)) / (m1 + m2),  v2 = (m1 u1 + m2 u2 + m1 e (u1 - u2)) / (m1 + m2).
struct head_on {
  double v1, v2;
};
head_on closed_form(double m1, double m2, double u1, double u2, double e) {
  const double p = m1 * u1 + m2 * u2;
  return {(p + m2 * e * (u2 - u1)) / (m1 + m2), (p + m1 * e * (u1 - u2)) / (m1 + m2)};
}

sphere_set two_balls(double m1, double m2, double u1, double u2, double gap) {
  sphere_set s;
  s.add({0.0, 0.0, 0.0}, {u1, 0.0, 0.0}, 0.5, m1);
  s.add({1.0 + gap, 0.0, 0.0}, {u2, 0.0, 0.0}, 0.5, m2);
  return s;
}

TEST(sphere_collisions, equal_masses_exchange_velocities_at_e_1) {
  sphere_set s = two_balls(2.0, 2.0, 3.0, -1.0, 0.0);
  const auto result = framelab::resolve_sphere_pair(s, 0, 1, 1.0);
  EXPECT_NEAR(s.velocity[0].x, -1.0, closed_form_tol);
  EXPECT_NEAR(s.velocity[1].x, 3.0, closed_form_tol);
  EXPECT_NEAR(result.impulse, 2.0 * 4.0, closed_form_tol);  // m (u1 - v1) = 2 * 4
  EXPECT_EQ(s.velocity[0].y, 0.0);
  EXPECT_EQ(s.velocity[1].z, 0.0);
}

TEST(sphere_collisions, head_on_matches_the_closed_form_for_any_e_and_masses) {
  for (const double e : {0.0, 0.3, 0.75, 1.0}) {
    for (const auto& [m1, m2] : {std::pair{1.0, 1.0}, std::pair{1.0, 3.0}, std::pair{5.0, 0.2}}) {
      sphere_set s = two_balls(m1, m2, 2.0, -0.5, -0.01);  // slightly overlapping
      framelab::resolve_sphere_pair(s, 0, 1, e);
      const head_on want = closed_form(m1, m2, 2.0, -0.5, e);
      EXPECT_NEAR(s.velocity[0].x, want.v1, closed_form_tol) << "e " << e << " m1 " << m1 << " m2 " << m2;
      EXPECT_NEAR(s.velocity[1].x, want.v2, closed_form_tol) << "e " << e << " m1 " << m1 << " m2 " << m2;
      // the overlap is removed; the centre of mass (m1 x1 + m2 x2) / (m1 + m2) stays put
      EXPECT_NEAR(s.position[1].x - s.position[0].x, 1.0, closed_form_tol);
      EXPECT_NEAR(m1 * s.position[0].x + m2 * s.position[1].x, m2 * 0.99, closed_form_tol);
    }
  }
}

TEST(sphere_collisions, head_on_through_the_world_in_free_space) {
  // Two balls 3 m apart closing at 2.5 m/s: after the collision they move as the closed form says.
  for (const double e : {1.0, 0.5}) {
    sphere_world w;
    w.gravity = glm::dvec3(0.0);
    w.restitution = e;
    w.spheres = two_balls(1.0, 3.0, 2.0, -0.5, 3.0);
    for (int k = 0; k < 300; ++k) w.step(0.01);
    const head_on want = closed_form(1.0, 3.0, 2.0, -0.5, e);
    EXPECT_NEAR(w.spheres.velocity[0].x, want.v1, closed_form_tol) << "e " << e;
    EXPECT_NEAR(w.spheres.velocity[1].x, want.v2, closed_form_tol) << "e " << e;
  }
}

TEST(sphere_collisions, oblique_keeps_tangential_velocity_and_loses_the_centre_of_mass_energy_share) {
  // Normal along (1, 1, 0)/sqrt 2. Only the normal part changes; kinetic energy drops by
  // (1 - e^2) mu v_n^2 / 2 with mu = m1 m2 / (m1 + m2) (the centre-of-mass frame's normal energy).
  const double m1 = 2.0, m2 = 0.5, e = 0.6;
  sphere_set s;
  const glm::dvec3 n = glm::normalize(glm::dvec3(1.0, 1.0, 0.0));
  s.add({0.0, 0.0, 0.0}, {1.0, 0.2, -0.3}, 0.5, m1);
  s.add(n * 1.0, {-0.4, -0.9, 0.7}, 0.5, m2);
  const glm::dvec3 t1 = s.velocity[0] - glm::dot(s.velocity[0], n) * n;
  const glm::dvec3 t2 = s.velocity[1] - glm::dot(s.velocity[1], n) * n;
  const double vn = glm::dot(s.velocity[1] - s.velocity[0], n);
  ASSERT_LT(vn, 0.0);
  const double k0 = framelab::kinetic_energy(s);
  framelab::resolve_sphere_pair(s, 0, 1, e);
  const glm::dvec3 t1_after = s.velocity[0] - glm::dot(s.velocity[0], n) * n;
  const glm::dvec3 t2_after = s.velocity[1] - glm::dot(s.velocity[1], n) * n;
  EXPECT_NEAR(glm::length(t1_after - t1), 0.0, closed_form_tol);
  EXPECT_NEAR(glm::length(t2_after - t2), 0.0, closed_form_tol);
  EXPECT_NEAR(glm::dot(s.velocity[1] - s.velocity[0], n), -e * vn, closed_form_tol);
  const double mu = m1 * m2 / (m1 + m2);
  EXPECT_NEAR(framelab::kinetic_energy(s) - k0, -(1.0 - e * e) * mu * vn * vn / 2.0, closed_form_tol);
}

TEST(sphere_collisions, separating_or_apart_pairs_get_no_impulse) {
  sphere_set apart = two_balls(1.0, 1.0, 1.0, -1.0, 0.001);
  EXPECT_EQ(framelab::resolve_sphere_pair(apart, 0, 1, 1.0).impulse, 0.0);
  EXPECT_EQ(apart.velocity[0].x, 1.0);
  sphere_set leaving = two_balls(1.0, 1.0, -1.0, 1.0, -0.1);  // overlapping but separating
  const auto r = framelab::resolve_sphere_pair(leaving, 0, 1, 1.0);
  EXPECT_EQ(r.impulse, 0.0);
  EXPECT_EQ(leaving.velocity[0].x, -1.0);  // the positional correction leaves velocities alone
  EXPECT_NEAR(r.overlap, 0.1, closed_form_tol);
}

TEST(sphere_collisions, narrowphase_keeps_touching_candidates) {
  sphere_set s;
  s.add({0.0, 0.0, 0.0}, {}, 0.5, 1.0);
  s.add({1.0, 0.0, 0.0}, {}, 0.5, 1.0);  // exactly touching
  s.add({0.9, 0.9, 0.0}, {}, 0.5, 1.0);  // boxes overlap ball 0's, spheres do not (distance 1.27)
  std::vector<framelab::index_pair> touching;
  const std::vector<framelab::index_pair> candidates{{0, 1}, {0, 2}, {1, 2}};
  framelab::touching_pairs(s, candidates, touching);
  EXPECT_EQ(touching, (std::vector<framelab::index_pair>{{0, 1}, {1, 2}}));
}

TEST(sphere_collisions, a_ball_hit_by_a_moving_wall_leaves_at_1_plus_e_times_its_speed) {
  // The box turns at rate w about z through its centre; a ball at rest touching the -x wall at
  // height y0 sees that wall move with normal speed u_n = w y0 ... Hit by a wall of infinite
  // mass at normal speed u_n, a ball at rest leaves at (1 + e) u_n.
  for (const double e : {1.0, 0.4}) {
    turning_box box;
    box.half_extent = {2.0, 2.0, 1.0};
    box.rate = 1.5;
    sphere_set s;
    const double y0 = -1.2, r = 0.25;
    s.add({-2.0 + r - 1e-3, y0, 0.0}, {0.0, 0.0, 0.0}, r, 1.0);  // 1 mm into the -x wall
    // the -x wall's inward normal is +x; its material at the ball moves with omega x (p - c) = w (-y, x, 0)
    const double un = box.velocity_at(s.position[0]).x;
    ASSERT_NEAR(un, -1.5 * y0, 1e-15);
    framelab::collide_with_box(s, 0, box, e, /*dt=*/1e-4);  // closing distance u_n dt < the 1 mm overlap
    EXPECT_NEAR(s.velocity[0].x, (1.0 + e) * un, closed_form_tol) << "e " << e;
    EXPECT_EQ(s.velocity[0].y, 0.0);
    EXPECT_NEAR(s.position[0].x, -2.0 + r, closed_form_tol);
  }
}

// [SECTION] Many balls, many steps

sphere_world random_world(std::size_t count, std::uint32_t seed, bool walls, double e, double g) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0), size(0.06, 0.12);
  sphere_world w;
  w.restitution = e;
  w.gravity = {0.0, -g, 0.0};
  if (walls) w.box = turning_box{{0.0, 1.5, 0.0}, {1.5, 1.5, 1.0}, 0.0, 0.0};
  // on a grid of 0.25 m cells in [-1.25, 1.25] x [0.25, 2.75] x [-0.75, 0.75], no overlaps at t = 0
  for (std::size_t k = 0; w.spheres.size() < count; ++k) {
    const double x = -1.25 + 0.25 * double(k % 11), y = 0.25 + 0.25 * double((k / 11) % 11),
                 z = -0.75 + 0.25 * double(k / 121);
    const double r = size(rng);
    w.spheres.add({x, y, z}, 2.0 * glm::dvec3(u(rng), u(rng), u(rng)), r, 1000.0 * r * r * r);
  }
  return w;
}

// With the two fast broadphases: brute force finds the same pairs and makes the same
// trajectory bit for bit (all_broadphases_give_bit_identical_trajectories), and its 400^2
// pair tests per step took most of this test's 10 s under ASan.
TEST(sphere_world, energy_is_conserved_with_restitution_1_and_no_gravity) {
  for (const auto method : {broadphase_method::sort_and_sweep, broadphase_method::uniform_grid}) {
    sphere_world w = random_world(400, 7, /*walls=*/true, 1.0, 0.0);
    w.method = method;
    const double k0 = w.kinetic_energy();
    std::size_t touching = 0;
    for (int k = 0; k < 2000; ++k) {
      w.step(1.0 / 120.0);
      touching += w.last_step().touching_pairs;
    }
    EXPECT_GT(touching, 1000u) << "the balls should collide";
    EXPECT_NEAR(w.kinetic_energy() / k0, 1.0, conservation_tol);
  }
}

TEST(sphere_world, momentum_is_conserved_without_walls_or_gravity) {
  for (const double e : {1.0, 0.5, 0.0}) {
    sphere_world w = random_world(300, 11, /*walls=*/false, e, 0.0);
    // pull everyone toward the middle so that they collide
    for (std::size_t k = 0; k < w.spheres.size(); ++k) w.spheres.velocity[k] -= 0.8 * w.spheres.position[k];
    const glm::dvec3 p0 = w.momentum();
    const double k0 = w.kinetic_energy();
    double scale = 0.0;
    for (std::size_t k = 0; k < w.spheres.size(); ++k)
      scale += glm::length(w.spheres.velocity[k]) / w.spheres.inverse_mass[k];
    std::size_t touching = 0;
    for (int k = 0; k < 600; ++k) {
      w.step(1.0 / 120.0);
      touching += w.last_step().touching_pairs;
    }
    EXPECT_GT(touching, 100u);
    EXPECT_NEAR(glm::length(w.momentum() - p0) / scale, 0.0, conservation_tol) << "e " << e;
    if (e < 1.0) {
      EXPECT_LT(w.kinetic_energy(), k0) << "e " << e;
    } else {
      EXPECT_NEAR(w.kinetic_energy() / k0, 1.0, conservation_tol);
    }
  }
}

TEST(sphere_world, a_ball_bouncing_on_the_floor_at_e_1_keeps_its_energy) {
  // Dropped from 1 m above the floor: it must keep bouncing back to its height. The stepping
  // keeps H = K + U + (dt / 2) m g . v exactly (see core/collision/sphere_collisions.hpp, Walls); K + U
  // itself swings by m g |v| dt / 2 around it.
  sphere_world w;
  w.restitution = 1.0;
  w.gravity = {0.0, -bounce_g, 0.0};
  w.box = turning_box{{0.0, 2.0, 0.0}, {1.0, 2.0, 1.0}, 0.0, 0.0};
  w.spheres.add({0.0, bounce_h, 0.0}, {0.0, 0.0, 0.0}, 0.1, 1.0);
  const double e0 = w.kinetic_energy() + w.potential_energy();
  const double h0 = framelab::stepping_energy(w.spheres, w.gravity, bounce_dt);
  int bounces = 0;
  double previous_vy = 0.0, max_height_late = 0.0;
  for (int k = 0; k < 120 * 20; ++k) {
    w.step(bounce_dt);
    const double vy = w.spheres.velocity[0].y;
    if (previous_vy < 0.0 && vy > 0.0) ++bounces;
    previous_vy = vy;
    if (k > 120 * 15) max_height_late = std::max(max_height_late, w.spheres.position[0].y);
    ASSERT_NEAR((w.kinetic_energy() + w.potential_energy()) / e0, 1.0, bounce_energy_tol) << "step " << k;
    ASSERT_NEAR(framelab::stepping_energy(w.spheres, w.gravity, bounce_dt) / h0, 1.0, conservation_tol) << "step " << k;
  }
  EXPECT_GE(bounces, 20);
  // the apex of a symplectic Euler arc is within g dt^2 of the exact one
  EXPECT_NEAR(max_height_late, bounce_h, bounce_g * bounce_dt * bounce_dt + bounce_g * bounce_dt * bounce_dt);
}

TEST(sphere_world, a_ball_settles_on_the_floor) {
  // e = 0.5: the bounces die out; then each step the ball sinks by its fall and is lifted back,
  // ending every step on the floor with the fixed-point speed of v' = e (g dt - v):
  // a = e g dt / (1 + e).
  const double e = 0.5, g = 9.81, dt = 1.0 / 120.0;
  sphere_world w;
  w.restitution = e;
  w.box = turning_box{{0.0, 1.0, 0.0}, {1.0, 1.0, 1.0}, 0.0, 0.0};
  w.spheres.add({0.0, 0.5, 0.0}, {0.0, 0.0, 0.0}, 0.1, 1.0);
  for (int k = 0; k < 600; ++k) w.step(dt);
  EXPECT_NEAR(w.spheres.position[0].y, 0.1, 1e-12);
  EXPECT_NEAR(w.spheres.velocity[0].y, e * g * dt / (1.0 + e), 1e-9);
}

TEST(sphere_world, no_ball_leaves_a_turning_box) {
  sphere_world w = random_world(500, 3, /*walls=*/true, 0.8, 9.81);
  w.box->rate = 4.0;
  for (std::size_t k = 0; k < w.spheres.size(); ++k) w.spheres.velocity[k] *= 5.0;  // fast
  for (int step = 0; step < 1200; ++step) {
    w.step(1.0 / 120.0);
    for (std::size_t k = 0; k < w.spheres.size(); ++k) {
      const glm::dvec3 q = w.box->to_local_point(w.spheres.position[k]);
      for (int a = 0; a < 3; ++a)
        ASSERT_LE(std::abs(q[a]), w.box->half_extent[a] - w.spheres.radius[k] + 1e-12)
            << "ball " << k << " axis " << a << " step " << step;
    }
  }
}

TEST(sphere_world, all_broadphases_give_bit_identical_trajectories) {
  sphere_world a = random_world(400, 5, /*walls=*/true, 0.9, 9.81);
  sphere_world b = a, c = a;
  a.method = broadphase_method::brute_force;
  b.method = broadphase_method::sort_and_sweep;
  c.method = broadphase_method::uniform_grid;
  for (int step = 0; step < 600; ++step) {
    a.step(1.0 / 120.0);
    b.step(1.0 / 120.0);
    c.step(1.0 / 120.0);
    auto cb = b.candidates(), cc = c.candidates();  // the brute force's are canonical, the others' not
    framelab::canonical_order(cb);
    framelab::canonical_order(cc);
    ASSERT_EQ(a.candidates(), cb) << "step " << step;
    ASSERT_EQ(a.candidates(), cc) << "step " << step;
    ASSERT_EQ(a.contacts(), b.contacts()) << "step " << step;
    ASSERT_EQ(a.contacts(), c.contacts()) << "step " << step;
    for (std::size_t k = 0; k < a.spheres.size(); ++k) {
      ASSERT_EQ(a.spheres.position[k], b.spheres.position[k]) << "ball " << k << " step " << step;
      ASSERT_EQ(a.spheres.velocity[k], b.spheres.velocity[k]) << "ball " << k << " step " << step;
      ASSERT_EQ(a.spheres.position[k], c.spheres.position[k]) << "ball " << k << " step " << step;
      ASSERT_EQ(a.spheres.velocity[k], c.spheres.velocity[k]) << "ball " << k << " step " << step;
    }
  }
}

TEST(sphere_world, bad_inputs_are_rejected_with_messages) {
  sphere_set s;
  const auto message = [](auto&& f) {
    try {
      f();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no exception");
  };
  EXPECT_NE(message([&] { s.add({std::nan(""), 0.0, 0.0}, {}, 0.1, 1.0); }).find("position"), std::string::npos);
  EXPECT_NE(message([&] { s.add({}, {0.0, INFINITY, 0.0}, 0.1, 1.0); }).find("velocity"), std::string::npos);
  EXPECT_NE(message([&] { s.add({}, {}, -0.1, 1.0); }).find("radius"), std::string::npos);
  EXPECT_NE(message([&] { s.add({}, {}, 0.1, 0.0); }).find("mass"), std::string::npos);
  EXPECT_EQ(s.size(), 0u);  // nothing half-added

  sphere_world w = random_world(10, 1, true, 1.0, 0.0);
  const auto before = w.spheres.position;
  w.restitution = 1.5;
  EXPECT_NE(message([&] { w.step(0.01); }).find("restitution"), std::string::npos);
  w.restitution = std::nan("");
  EXPECT_NE(message([&] { w.step(0.01); }).find("restitution"), std::string::npos);
  w.restitution = 1.0;
  EXPECT_NE(message([&] { w.step(-0.01); }).find("dt"), std::string::npos);
  EXPECT_EQ(w.spheres.position, before);  // nothing moved
}

}  // namespace
