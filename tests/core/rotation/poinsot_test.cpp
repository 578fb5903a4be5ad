// Poinsot's construction against a direct run of the implicit midpoint integrator
// (the contact point stays on the energy ellipsoid and on the plane fixed by the
// initial L and E), the polhode loops against the two invariants they must satisfy
// and against an integrated trajectory of L_b, and bad input.
#include "core/rotation/poinsot.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

#include "core/rotation/rotation_integrator.hpp"

namespace framelab {
namespace {

constexpr double on_surface_tol = 1e-9;  // relative, the target with the midpoint rule
constexpr double on_curve_tol = 1e-9;    // relative: |L_b| and 2E of a sampled polhode point
// Relative to |L|: a trajectory point's distance to a polhode drawn with 1024 points per
// loop, refined until flat to (pi/1024)^2/2 = 4.7e-6.
constexpr double polyline_chord_tol = 2e-5;

struct run_case {
  const char* name;
  glm::dvec3 inertia;
  glm::dvec3 omega;        // world, at t = 0
  glm::dquat orientation;  // body -> world at t = 0
  glm::dquat principal_axes;
};

std::vector<run_case> run_cases() {
  return {
      // Spun about the intermediate axis with a small wobble: flips over and over.
      {"dzhanibekov", {1.0, 2.0, 3.0}, {0.01, 5.0, 0.01}, {1.0, 0.0, 0.0, 0.0}, {1.0, 0.0, 0.0, 0.0}},
      // Moments out of order, a turned body and principal axes turned inside it.
      {"generic",
       {2.5, 1.2, 3.1},
       {0.7, -1.3, 2.1},
       glm::normalize(glm::dquat(0.9, 0.2, -0.3, 0.1)),
       glm::normalize(glm::dquat(0.8, -0.1, 0.4, 0.3))},
  };
}

rigid_body_d make_body(const run_case& c) {
  rigid_body_d b;
  b.inertia = c.inertia;
  b.orientation = c.orientation;
  b.principal_axes = c.principal_axes;
  b.angular_velocity = c.omega;
  return b;
}

// x^T I~ x, the quadratic form of the energy ellipsoid (1 on its surface).
double ellipsoid_form(const glm::dvec3& inertia, const glm::dvec3& x) {
  return inertia.x * x.x * x.x + inertia.y * x.y * x.y + inertia.z * x.z * x.z;
}

TEST(poinsot, the_ellipsoid_rolls_on_the_invariable_plane_for_the_whole_midpoint_run) {
  rotation_settings midpoint;
  midpoint.integrator = integrator_kind::midpoint;
  const double dt = 1.0 / 60.0;
  const int steps = 1500;  // 25 s: several flips of the Dzhanibekov case
  for (const run_case& c : run_cases()) {
    rigid_body_d body = make_body(c);
    // The fixed plane, from the initial state alone (world frame): L0 = I omega0,
    // E0 = 1/2 omega0 . L0, normal n0 = L0/|L0|, distance d0 = sqrt(2 E0)/|L0|.
    const glm::dvec3 l0 = body.world_inertia() * body.angular_velocity;
    const double e0 = 0.5 * glm::dot(body.angular_velocity, l0);
    const glm::dvec3 n0 = glm::normalize(l0);
    const double d0 = std::sqrt(2.0 * e0) / glm::length(l0);
    double worst_form = 0.0, worst_distance = 0.0, worst_on_plane = 0.0, worst_normal = 0.0, worst_axis = 0.0;
    for (int i = 0; i <= steps; ++i) {
      if (i > 0) {
        ASSERT_TRUE(step(body, dt, midpoint).ok) << c.name << " step " << i;
      }
      const auto poinsot = poinsot_construction_of(body);
      ASSERT_TRUE(poinsot) << c.name << " step " << i;
      // p = omega/sqrt(2 E0) on the body's ellipsoid p^T I~ p = 1 (E0: the ellipsoid is fixed).
      const glm::dvec3 p0 = body.principal_angular_velocity() / std::sqrt(2.0 * e0);
      worst_form = std::max({worst_form, std::abs(ellipsoid_form(body.inertia, p0) - 1.0),
                             std::abs(ellipsoid_form(body.inertia, poinsot->contact_body) - 1.0)});
      // The plane: normal along L0, distance d0, and the contact point R p on it (p . n0 = d0).
      worst_normal = std::max(worst_normal, glm::length(poinsot->plane_normal - n0));
      worst_distance = std::max(worst_distance, std::abs(poinsot->plane_distance / d0 - 1.0));
      worst_on_plane = std::max(worst_on_plane, std::abs(glm::dot(poinsot->contact_world, n0) / d0 - 1.0));
      // On the instantaneous axis: R p parallel to the world omega, so its velocity omega x R p is zero.
      worst_axis = std::max(worst_axis, glm::length(glm::cross(poinsot->contact_world, body.angular_velocity)) /
                                            (glm::length(poinsot->contact_world) * glm::length(body.angular_velocity)));
    }
    std::printf(
        "  %s, %d midpoint steps: |p^T I p - 1| %.1e, plane distance %.1e, R p on plane %.1e, "
        "normal %.1e, p x omega %.1e\n",
        c.name, steps, worst_form, worst_distance, worst_on_plane, worst_normal, worst_axis);
    EXPECT_LE(worst_form, on_surface_tol) << c.name;
    EXPECT_LE(worst_distance, on_surface_tol) << c.name;
    EXPECT_LE(worst_on_plane, on_surface_tol) << c.name;
    EXPECT_LE(worst_normal, on_surface_tol) << c.name;
    EXPECT_LE(worst_axis, on_surface_tol) << c.name;
  }
}

TEST(poinsot, semi_axes_and_plane_distance_of_a_spin_about_a_principal_axis) {
  // Spinning about principal axis k at rate w: p = w e_k / sqrt(I_k w^2) = e_k / sqrt(I_k), the
  // end of the semi-axis k, and the plane touches there: d = |p| = 1/sqrt(I_k).
  const glm::dvec3 inertia(1.5, 2.0, 4.0);
  const auto axes = energy_ellipsoid_semi_axes(inertia);
  ASSERT_TRUE(axes);
  for (int k = 0; k < 3; ++k) {
    glm::dvec3 omega(0.0);
    omega[k] = -3.0;
    const double energy = 0.5 * inertia[k] * 9.0;
    const auto p = contact_point(omega, energy);
    ASSERT_TRUE(p);
    EXPECT_NEAR(glm::length(*p), (*axes)[k], 1e-15);
    const auto d = invariable_plane_distance(energy, inertia[k] * 3.0);
    ASSERT_TRUE(d);
    EXPECT_NEAR(*d, (*axes)[k], 1e-15);
  }
}

// Every point of every loop: |L_b| = |L| and L_b^T I~^-1 L_b = 2E (the loop's E).
void expect_on_sphere_and_energy(const glm::dvec3& inertia, double l_norm, const polhode_curve<double>& c) {
  ASSERT_GE(c.points.size(), 4u);
  EXPECT_EQ(c.points.front(), c.points.back());  // closed
  double worst_sphere = 0.0, worst_energy = 0.0;
  for (const glm::dvec3& l : c.points) {
    worst_sphere = std::max(worst_sphere, std::abs(glm::length(l) / l_norm - 1.0));
    const double two_e = l.x * l.x / inertia.x + l.y * l.y / inertia.y + l.z * l.z / inertia.z;
    worst_energy = std::max(worst_energy, std::abs(two_e / (2.0 * c.energy) - 1.0));
  }
  EXPECT_LE(worst_sphere, on_curve_tol) << "axis " << c.axis << ", E " << c.energy;
  EXPECT_LE(worst_energy, on_curve_tol) << "axis " << c.axis << ", E " << c.energy;
}

TEST(poinsot, polhode_loops_lie_on_the_momentum_sphere_and_the_energy_ellipsoid) {
  const std::vector<glm::dvec3> inertias = {{1.0, 2.0, 3.0}, {3.0, 1.0, 2.0}, {0.2, 0.21, 0.4},
                                            {1.0, 1.0, 1.7}, {2.0, 2.0, 1.1}, {0.8, 1.5, 0.8}};
  for (const glm::dvec3& inertia : inertias) {
    for (const double l_norm : {0.37, 4.0, 250.0}) {
      const auto curves = polhode_curves_on_momentum_sphere(inertia, l_norm, 6, 180);
      ASSERT_FALSE(curves.empty()) << inertia.x << " " << inertia.y << " " << inertia.z;
      const double i_min = std::min({inertia.x, inertia.y, inertia.z});
      const double i_max = std::max({inertia.x, inertia.y, inertia.z});
      int separatrix_loops = 0;
      for (const auto& c : curves) {
        expect_on_sphere_and_energy(inertia, l_norm, c);
        // Between spinning about the largest and about the smallest axis.
        EXPECT_GE(c.energy, l_norm * l_norm / (2.0 * i_max) * (1.0 - 1e-15));
        EXPECT_LE(c.energy, l_norm * l_norm / (2.0 * i_min) * (1.0 + 1e-15));
        if (c.separatrix) ++separatrix_loops;
      }
      EXPECT_EQ(separatrix_loops, 2);
    }
  }
}

TEST(poinsot, the_separatrix_passes_through_the_intermediate_axis) {
  const glm::dvec3 inertia(3.0, 1.0, 2.0);  // intermediate: axis 2
  const double l_norm = 2.0;
  const auto curves = polhode_curves_on_momentum_sphere(inertia, l_norm, 4, 400);
  bool found = false;
  for (const auto& c : curves) {
    if (!c.separatrix) continue;
    EXPECT_NEAR(c.energy, l_norm * l_norm / (2.0 * inertia.z), 1e-15);
    for (const glm::dvec3& l : c.points)
      found = found || glm::length(glm::abs(l) - glm::dvec3(0.0, 0.0, l_norm)) < 1e-12;
  }
  EXPECT_TRUE(found);
}

// Distance from x to the segment [a, b].
double distance_to_segment(const glm::dvec3& x, const glm::dvec3& a, const glm::dvec3& b) {
  const glm::dvec3 ab = b - a;
  const double t = std::clamp(glm::dot(x - a, ab) / std::max(glm::dot(ab, ab), 1e-300), 0.0, 1.0);
  return glm::length(x - (a + t * ab));
}

TEST(poinsot, an_integrated_trajectory_of_l_body_follows_the_polhode_of_its_energy) {
  rotation_settings midpoint;
  midpoint.integrator = integrator_kind::midpoint;
  for (const run_case& c : run_cases()) {
    rigid_body_d body = make_body(c);
    const glm::dvec3 l_body0 = body.inertia * body.principal_angular_velocity();
    const double e0 = 0.5 * glm::dot(body.principal_angular_velocity(), l_body0);
    const double l_norm = glm::length(l_body0);
    const auto loops = polhode_loops(body.inertia, l_norm, e0, 1024);
    ASSERT_EQ(loops.size(), 2u) << c.name;
    double worst = 0.0;
    for (int i = 0; i < 1200; ++i) {
      ASSERT_TRUE(step(body, 1.0 / 60.0, midpoint).ok);
      if (i % 16 != 0) continue;
      const glm::dvec3 l = body.inertia * body.principal_angular_velocity();
      double nearest = std::numeric_limits<double>::infinity();
      for (const auto& loop : loops)
        for (std::size_t k = 1; k < loop.points.size(); ++k)
          nearest = std::min(nearest, distance_to_segment(l, loop.points[k - 1], loop.points[k]));
      worst = std::max(worst, nearest / l_norm);
    }
    std::printf("  %s: L_b's farthest distance from its drawn polhode %.1e |L|\n", c.name, worst);
    EXPECT_LE(worst, polyline_chord_tol) << c.name;
  }
}

TEST(poinsot, bad_input_gives_nothing_rather_than_nan) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  for (const glm::dvec3 inertia :
       {glm::dvec3(0.0, 1.0, 1.0), glm::dvec3(1.0, -2.0, 2.0), glm::dvec3(1.0, nan, 1.0), glm::dvec3(1.0, 1.0, inf)}) {
    EXPECT_FALSE(energy_ellipsoid_semi_axes(inertia));
    EXPECT_TRUE(polhode_curves_on_momentum_sphere(inertia, 1.0, 4, 32).empty());
  }
  EXPECT_FALSE(contact_point(glm::dvec3(1.0), 0.0));
  EXPECT_FALSE(contact_point(glm::dvec3(1.0), -1.0));
  EXPECT_FALSE(contact_point(glm::dvec3(1.0), nan));
  EXPECT_FALSE(contact_point(glm::dvec3(1.0, nan, 0.0), 1.0));
  EXPECT_FALSE(invariable_plane_distance(0.0, 1.0));
  EXPECT_FALSE(invariable_plane_distance(1.0, 0.0));
  EXPECT_FALSE(invariable_plane_distance(inf, 1.0));
  EXPECT_FALSE(invariable_plane_distance(1.0, nan));
  const glm::dvec3 inertia(1.0, 2.0, 3.0);
  for (const double l_norm : {0.0, -1.0, nan, inf, 1e-200, 1e200})
    EXPECT_TRUE(polhode_curves_on_momentum_sphere(inertia, l_norm, 4, 32).empty()) << l_norm;
  EXPECT_TRUE(polhode_curves_on_momentum_sphere(inertia, 1.0, -1, 32).empty());
  EXPECT_TRUE(polhode_curves_on_momentum_sphere(inertia, 1.0, 4, 2).empty());
  // Energies a body with this |L| cannot have: no loop.
  EXPECT_TRUE(polhode_loops(inertia, 1.0, 1.0 / 6.0 * 0.99, 32).empty());
  EXPECT_TRUE(polhode_loops(inertia, 1.0, 0.5 * 1.01, 32).empty());
  EXPECT_TRUE(polhode_loops(inertia, 1.0, nan, 32).empty());
  // A sphere-like body: every L_b is a fixed point, there is no loop to draw.
  EXPECT_TRUE(polhode_curves_on_momentum_sphere(glm::dvec3(2.0), 1.0, 4, 32).empty());
  // A body at rest has no contact point (E = 0).
  rigid_body_d at_rest;
  at_rest.inertia = inertia;
  EXPECT_FALSE(poinsot_construction_of(at_rest));
  // Extreme but valid moments and |L|: whatever comes out is finite.
  for (const glm::dvec3 extreme :
       {glm::dvec3(1e-300, 1.0, 1.0), glm::dvec3(1e300, 1e300, 1.0), glm::dvec3(1e-8, 2e-8, 3e-8)}) {
    for (const double l_norm : {1e-100, 1.0, 1e100}) {
      for (const auto& c : polhode_curves_on_momentum_sphere(extreme, l_norm, 3, 16))
        for (const glm::dvec3& l : c.points) EXPECT_TRUE(std::isfinite(l.x + l.y + l.z)) << extreme.x << " " << l_norm;
    }
  }
}

}  // namespace
}  // namespace framelab
